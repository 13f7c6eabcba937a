// Firefox for the cross-engine tests (tests/e2e/engines.py): puppeteer-core drives Debian's
// firefox-esr over WebDriver BiDi (no geckodriver can be installed here), and this bridge
// lets Python drive it: one JSON command per line on stdin, one JSON answer per line on
// stdout ({id, ok} or {id, error}). The page's and its workers' errors are collected.
import puppeteer from "puppeteer-core";

const [executablePath = "/usr/bin/firefox-esr", hooks = ""] = process.argv.slice(2);
const errors = [];
const browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
let page = null;

let context = null;

/** A page in a fresh browser context: no service worker, cache or storage of the last. */
async function newPage() {
  await context?.close().catch(() => {});
  context = await browser.createBrowserContext();
  page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  if (hooks) await page.evaluateOnNewDocument(hooks); // before the page's own scripts
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message || error}`));
}

const COMMANDS = {
  newPage,
  goto: ({ url }) => page.goto(url, { waitUntil: "load", timeout: 60_000 }).then(() => null),
  evaluate: ({ expression }) => page.evaluate(`(async () => (${expression}))()`),
  click: ({ x, y }) => page.mouse.click(x, y),
  point: ({ x, y }) => page.mouse.move(x, y),
  viewport: ({ width, height }) => page.setViewport({ width, height }),
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  errors: () => errors.splice(0),
  close: async () => {
    await browser.close();
    setTimeout(() => process.exit(0), 10);
    return null;
  },
};

await newPage();
process.stdout.write(JSON.stringify({ id: 0, ok: "ready" }) + "\n");
let buffered = "";
let queue = Promise.resolve();
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const { id, cmd, ...args } = JSON.parse(line);
    // One at a time, in order, as the Python side waits for each answer.
    queue = queue.then(async () => {
      try {
        const ok = await COMMANDS[cmd](args);
        process.stdout.write(JSON.stringify({ id, ok: ok === undefined ? null : ok }) + "\n");
      } catch (err) {
        process.stdout.write(JSON.stringify({ id, error: String(err?.message || err) }) + "\n");
      }
    });
  }
});
process.stdin.on("end", () => browser.close().finally(() => process.exit(0)));
