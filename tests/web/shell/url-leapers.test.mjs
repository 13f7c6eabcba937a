import { test } from "node:test";
import assert from "node:assert/strict";
import { parseQuery, toQuery } from "../../../web/shell/url.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { encodeTour } from "../../../web/core/tour-codec.js";
import { ruleSteps } from "../../../web/core/leapers.js";
import { inChinese, random } from "../helpers.mjs";

test("a link carries a named leaper by name and any other as leaper:a,b", () => {
  assert.equal(parseQuery("?rule=camel").settings.rule, "leaper:1,3");
  assert.equal(parseQuery("?rule=leaper:4,1").settings.rule, "leaper:1,4");
  assert.equal(parseQuery("?rule=leaper%3A2%2C5").settings.rule, "leaper:2,5");
  assert.equal(toQuery({ ...defaultSettings(), rule: "leaper:1,4" }), "?rows=8&cols=8&rule=giraffe");
  assert.equal(toQuery({ ...defaultSettings(), rule: "leaper:2,5" }), "?rows=8&cols=8&rule=leaper:2,5");
  assert.deepEqual(parseQuery("?rule=leaper:1,2").settings, defaultSettings());
});

test("random rule values: a leaper the settings keep, or one message naming rule, cut short, and the knight", () => {
  const rand = random(520);
  const chars = "leaper:camelzbrgif,()0123456789 -%\u202e";
  for (let i = 0; i < 1500; i += 1) {
    let value = "";
    const n = Math.floor(rand() * (i % 50 === 0 ? 300 : 14));
    for (let k = 0; k < n; k += 1) value += chars[Math.floor(rand() * chars.length)];
    const { settings, errors } = parseQuery(`?rows=6&cols=6&rule=${encodeURIComponent(value)}`);
    if (errors.length) {
      assert.equal(errors.length, 1, value);
      assert.equal(errors[0].param, "rule");
      assert.ok(errors[0].message.startsWith("rule: "), errors[0].message);
      assert.match(errors[0].message, /camel, zebra, giraffe, antelope/);
      assert.match(errors[0].message, /leaper:a,b/);
      assert.ok(errors[0].message.length < 400, errors[0].message.length);
      assert.equal(settings.rule, "knight");
    } else {
      assert.match(settings.rule, /^(knight|xiangqi|leaper:\d+,\d+)$/);
      assert.deepEqual(parseQuery(toQuery(settings)).settings, settings);
    }
  }
});

test("a bad rule is said in Chinese too", () => {
  const [error] = inChinese(() => parseQuery("?rule=bishop").errors);
  assert.match(error.message, /^rule：不能是 “bishop”；可用 knight, xiangqi, camel/);
});

test("a leaper's link asking for the constructions gets auto, with one message", () => {
  const { settings, errors } = parseQuery("?rule=zebra&method=construct");
  assert.equal(settings.method, "auto");
  assert.deepEqual(errors.map((e) => e.param), ["method"]);
  assert.match(errors[0].message, /knight's tours only/);
  assert.deepEqual(parseQuery("?rule=xiangqi&method=construct").errors, []);
});

test("a leaper's tour in a link is read with the leaper's jumps, and its closing jump checked", () => {
  const camel = [0, 19, 2, 21]; // a6 b3 c6 d3 on 6 x 6: camel jumps (1, 3) ... all the same colour
  const code = encodeTour(camel, 6, ruleSteps("leaper:1,3"));
  const read = parseQuery(`?rows=6&cols=6&rule=camel&tour=${code}`);
  assert.deepEqual(read.errors.map((e) => e.param), ["tour"]); // 4 squares, not 36
  assert.match(read.errors[0].message, /visits 4 squares/);
  assert.deepEqual(read.settings.start, [0, 0]);
  const asKnight = parseQuery(`?rows=6&cols=6&tour=${code}`);
  assert.match(asKnight.errors[0].message, /^tour: /);
});
