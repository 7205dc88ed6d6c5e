// Firefox for tools/engines/firefox.py: puppeteer-core (pinned in package.json) drives
// Firefox over WebDriver BiDi, the protocol Firefox speaks itself (no geckodriver), and this
// script relays requests from Python to it.
//
//   node tools/engines/firefox_bridge.mjs FIREFOX
//
// Requests come one JSON object a line on stdin ({"id": 1, "op": "goto", ...}); each gets one
// line on stdout: {"id": 1, "value": ...} or {"id": 1, "error": "..."}. The first line out,
// {"id": 0, "value": "<browser version>"}, says that Firefox has started.
import puppeteer from "puppeteer-core";
import readline from "node:readline";

const [executablePath] = process.argv.slice(2);
const TIMEOUT_MS = 120_000;

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let browser;
try {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
    protocolTimeout: TIMEOUT_MS,
  });
} catch (error) {
  send({ id: 0, error: String(error && error.message || error) });
  process.exit(1);
}
send({ id: 0, value: await browser.version() });

const pages = new Map(); // id -> { context, page, tab }: a tab shares another page's context
let nextPage = 1;

function pageOf(request) {
  const found = pages.get(request.page);
  if (!found) throw new Error(`no page ${request.page}`);
  return found.page;
}

const OPS = {
  async newPage({ width, height, userAgent }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    page.setDefaultNavigationTimeout(TIMEOUT_MS);
    await page.setViewport({ width, height });
    if (userAgent) await page.setUserAgent(userAgent);
    const id = nextPage++;
    pages.set(id, { context, page });
    return id;
  },
  async newTab(request) {
    const { context } = pages.get(request.page) ?? {};
    if (!context) throw new Error(`no page ${request.page}`);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    page.setDefaultNavigationTimeout(TIMEOUT_MS);
    await page.setViewport(pageOf(request).viewport());
    const id = nextPage++;
    pages.set(id, { context, page, tab: true });
    return id;
  },
  async bringToFront(request) {
    await pageOf(request).bringToFront();
    return null;
  },
  async goto(request) {
    await pageOf(request).goto(request.url, { waitUntil: "load" });
    return null;
  },
  async reload(request) {
    await pageOf(request).reload({ waitUntil: "load" });
    return null;
  },
  // The script is an expression (tools/engines' call_script) over the JSON array __args.
  async evaluate(request) {
    const body = `(() => { const __args = ${request.args}; return ${request.script}; })()`;
    return pageOf(request).evaluate(body);
  },
  async click(request) {
    await pageOf(request).mouse.click(request.x, request.y);
    return null;
  },
  async screenshot(request) {
    await pageOf(request).screenshot({ path: request.path, fullPage: true });
    return null;
  },
  async closePage(request) {
    const found = pages.get(request.page);
    pages.delete(request.page);
    if (found && found.tab) await found.page.close();
    else if (found) await found.context.close();
    return null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  try {
    const op = OPS[request.op];
    if (!op) throw new Error(`unknown op ${request.op}`);
    send({ id: request.id, value: (await op(request)) ?? null });
  } catch (error) {
    send({ id: request.id, error: String(error && error.message || error) });
  }
}
await browser.close();
