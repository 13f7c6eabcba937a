import { test } from "node:test";
import assert from "node:assert/strict";
import { KNIGHT_STEPS } from "../../../web/core/squares.js";
import { NAMED_LEAPERS, isJump, leaperName, leaperOf, leaperRule, parseRule, ruleParam, ruleSteps } from "../../../web/core/leapers.js";
import { decodeTour, encodeTour } from "../../../web/core/tour-codec.js";
import { random } from "../helpers.mjs";

const KEY = /^(knight|xiangqi|leaper:(\d+),(\d+))$/;

test("the named leapers and the knight read as the package keeps them", () => {
  assert.equal(parseRule("knight"), "knight");
  assert.equal(parseRule("xiangqi"), "xiangqi");
  assert.equal(parseRule("camel"), "leaper:1,3");
  assert.equal(parseRule("zebra"), "leaper:2,3");
  assert.equal(parseRule("giraffe"), "leaper:1,4");
  assert.equal(parseRule("antelope"), "leaper:3,4");
  assert.equal(parseRule("leaper:2,1"), "knight");
  assert.equal(parseRule("leaper:5,0"), "leaper:0,5");
  for (const bad of ["Camel", "bishop", "leaper:0,0", "leaper:1001,1", "leaper:1,2,3", "leaper:-1,2", "", null, 13]) {
    assert.equal(parseRule(bad), null, String(bad));
  }
});

test("any text reads as a rule the board keeps, or as nothing, and a rule's link reads back as itself", () => {
  const rand = random(52);
  const pieces = ["leaper:", "camel", "zebra", "knight", "xiangqi", ",", " ", "(", ")", "0", "1", "2", "3", "9", "1000", "-", "x", "é", "\u202e"];
  for (let i = 0; i < 3000; i += 1) {
    const n = Math.floor(rand() * 6);
    let text = "";
    for (let k = 0; k < n; k += 1) text += pieces[Math.floor(rand() * pieces.length)];
    const rule = parseRule(text);
    if (rule === null) continue;
    const match = KEY.exec(rule);
    assert.ok(match, `${JSON.stringify(text)} -> ${rule}`);
    if (match[2] !== undefined) {
      const [a, b] = [Number(match[2]), Number(match[3])];
      assert.ok(a <= b && b <= 1000 && b > 0 && !(a === 1 && b === 2), rule);
    }
    assert.equal(parseRule(ruleParam(rule)), rule);
  }
});

test("a link names a named leaper by its name and any other by its numbers", () => {
  assert.equal(ruleParam("leaper:1,3"), "camel");
  assert.equal(ruleParam("leaper:2,5"), "leaper:2,5");
  assert.equal(ruleParam("knight"), "knight");
  assert.equal(ruleParam("xiangqi"), "xiangqi");
  assert.equal(leaperName("leaper:1,4"), "giraffe");
  assert.deepEqual(leaperOf("xiangqi"), [1, 2]);
  for (const name of Object.keys(NAMED_LEAPERS)) assert.equal(ruleParam(parseRule(name)), name);
});

test("a leaper's steps are its jumps, without repeats, the knight's in the knight's order", () => {
  assert.equal(ruleSteps("knight"), KNIGHT_STEPS);
  for (let a = 0; a <= 6; a += 1) {
    for (let b = Math.max(a, 1); b <= 7; b += 1) {
      const rule = leaperRule(a, b);
      const steps = ruleSteps(rule);
      const want = new Set();
      for (const [x, y] of [[a, b], [b, a]]) for (const sx of [1, -1]) for (const sy of [1, -1]) want.add(`${sx * x + 0},${sy * y + 0}`);
      assert.deepEqual(new Set(steps.map(([r, c]) => `${r},${c}`)), want, rule);
      assert.equal(steps.length, want.size, rule);
      for (const [r, c] of steps) assert.ok(isJump(rule, r, c));
      assert.ok(!isJump(rule, a + 1, b));
    }
  }
});

test("a leaper's walk goes through a tour link and back", () => {
  const rand = random(7);
  for (const rule of ["leaper:1,3", "leaper:0,1", "leaper:2,2", "leaper:3,4"]) {
    const steps = ruleSteps(rule);
    const rows = 9;
    const cols = 11;
    const walk = [Math.floor(rand() * rows * cols)];
    for (let tries = 0; walk.length < 30 && tries < 3000; tries += 1) {
      const [dr, dc] = steps[Math.floor(rand() * steps.length)];
      const r = Math.floor(walk[walk.length - 1] / cols) + dr;
      const c = (walk[walk.length - 1] % cols) + dc;
      if (r >= 0 && r < rows && c >= 0 && c < cols) walk.push(r * cols + c);
    }
    assert.deepEqual([...decodeTour(encodeTour(walk, cols, steps), rows, cols, steps)], walk, rule);
  }
});

test("a four-jump leaper's link refuses a code it has no jump for", () => {
  const seven = encodeTour([13, 0], 6); // code 7: two up, one left
  assert.throws(() => decodeTour(seven, 6, 6, ruleSteps("leaper:0,1")), /move 1 is not one of this piece's jumps/);
});
