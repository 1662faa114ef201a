// Runs tests/browsers/journeys.py's journeys in Firefox ESR through puppeteer-core (WebDriver BiDi; no browser
// is downloaded). `node firefox.mjs JOURNEYS_JSON BASE_URL`; prints {journey: {ok, error, consoleErrors}}.
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [journeysFile, base] = process.argv.slice(2);
const { journeys, armTap: ARM_TAP, still: STILL, showing: SHOWING, armLanded: ARM_LANDED, landed: LANDED } = JSON.parse(readFileSync(journeysFile, "utf8"));

// A real tap, once the element holds still (journeys.py: STILL). The driver aims, then taps where it aimed,
// whatever is there by then: a tap that lands on something else fails here, naming it, as a page that moved
// under a thumb (#64), never a wait of minutes for what the tap should have brought.
async function tap(page, selector) {
  await page.waitForFunction(`${STILL}(${JSON.stringify(selector)})`, { timeout: 120_000 });
  await page.evaluate(`${ARM_LANDED}(${JSON.stringify(selector)})`);
  await page.click(selector);
  // A tap that took the page elsewhere (an ordinary load) landed: the new page knows nothing of it.
  const landed = await page.evaluate(LANDED).catch(() => "");
  if (landed) throw new Error(`the tap on ${selector} landed on ${landed}: the page moved under it`);
}

// Returns the page the next step acts on: a new one after "reopen", this one otherwise.
// While a journey itself takes the page elsewhere, a load the page had under way is cut: Firefox says so in
// the page being left ("A ServiceWorker intercepted the request and encountered an unexpected error", for the
// theme's script held back until after the first answer; #64, item 11). The journey's own doing, not the
// site's error: not counted. Any other error then still is.
let away = false;
const CUT_BY_LEAVING = /A ServiceWorker intercepted the request and encountered an unexpected error/;
const leaving = async (go) => {
  away = true;
  try {
    return await go();
  } finally {
    away = false;
  }
};

async function step(page, [verb, arg], open) {
  if (verb === "reopen") { // a shared link opened in a fresh page of the same browser
    const fresh = await open();
    await fresh.goto(page.url(), { waitUntil: "load", timeout: 60_000 });
    return fresh;
  }
  if (verb === "back") await leaving(() => page.goBack({ timeout: 60_000 }));
  else if (verb === "reload") await leaving(() => page.reload({ waitUntil: "load", timeout: 60_000 }));
  else if (verb === "timed") {
    const [label, selector, condition, elapsed] = arg;
    if (selector) { // none: a moment the page noted by itself (its first live answer)
      await page.evaluate(ARM_TAP);
      await tap(page, selector);
    }
    const deadline = Date.now() + 120_000;
    // Polled from here, not waited for in the page: a page loading in its place would end the wait.
    while (!(await page.evaluate(condition).catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`not so within 120 s: ${label}`);
      await new Promise((done) => setTimeout(done, 10));
    }
    timings[label] = Math.round((await page.evaluate(elapsed)) * 10) / 10;
  }
  else if (verb === "goto") await leaving(() => page.goto(base + arg, { waitUntil: "load", timeout: 60_000 }));
  else if (verb === "wait_for") await page.waitForSelector(arg, { timeout: 120_000 });
  else if (verb === "set" || verb === "commit") {
    // "commit": typed, then left (the change event), as a house rule's box is played
    await page.evaluate(([selector, value, left]) => {
      const input = document.querySelector(selector);
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      if (left) input.dispatchEvent(new Event("change", { bubbles: true }));
    }, [...arg, verb === "commit"]);
  } else if (verb === "wait_text") {
    try {
      await page.waitForFunction(([selector, text]) => {
        const element = document.querySelector(selector);
        return element && element.textContent.replace(/\s+/g, " ").trim() === text;
      }, { timeout: 120_000 }, arg);
    } catch {
      const shown = await page.evaluate(`${SHOWING}(${JSON.stringify(arg[0])})`);
      throw new Error(`${arg[0]} shows "${shown}"`);
    }
  } else if (verb === "wait_offline_ready") {
    await page.waitForFunction(() => document.documentElement.dataset.offline === "ready", { timeout: 180_000 });
  } else if (verb === "stop_server") {
    await fetch(base + "__stop__").catch(() => {});
  } else if (verb === "portal") {
    await fetch(base + "__portal__/" + arg);
  } else if (verb === "hold") {
    await fetch(base + "__hold__/" + arg);
  } else if (verb === "switch_build") {
    const answer = await fetch(base + "__build__/" + arg);
    if (answer.status !== 204) throw new Error(`the server has no build ${arg}`);
  } else if (verb === "click") {
    await page.waitForSelector(arg, { timeout: 120_000 });
    await page.evaluate((selector) => document.querySelector(selector).click(), arg);
  } else if (verb === "check") {
    const [expression, what] = arg;
    const deadline = Date.now() + 10_000;
    while (!(await page.evaluate(expression))) {
      if (Date.now() > deadline) throw new Error(`not so: ${what}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  } else if (verb === "tap") {
    await tap(page, arg);
  } else if (verb === "type") {
    await page.keyboard.type(arg, { delay: 20 });
  } else throw new Error(`unknown step ${verb}`);
  return page;
}

const results = {};
let timings = {}; // a journey's timed taps, by label
const JOURNEY_LIMIT = 300_000;
let limit = 0;
for (const [name, steps] of Object.entries(journeys)) {
  process.stderr.write(`${new Date().toISOString()} ${name}\n`); // where a run that overruns was
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true,
    // Firefox fetches a page's <link rel="next"> when idle, and its icon for the tab after the page has
    // loaded; a journey that leaves the page at once cancels that fetch, which Firefox reports in the page
    // as an error ("A ServiceWorker intercepted the request and encountered an unexpected error" for the
    // icon, once in a CI run): the browser's own fetches, not the site's, so the journeys turn them off.
    extraPrefsFirefox: {
      "network.proxy.type": 0, "app.update.enabled": false, "toolkit.telemetry.enabled": false, "network.prefetch-next": false,
      "browser.chrome.site_icons": false,
    },
  });
  const consoleErrors = [];
  timings = {};
  let page = null;
  let at = "opening";
  try {
    const open = async () => {
      const page = await browser.newPage();
      await page.setViewport({ width: 360, height: 740 });
      const said = (text) => { if (!(away && CUT_BY_LEAVING.test(text))) consoleErrors.push(text); };
      page.on("console", (message) => { if (message.type() === "error") said(message.text()); });
      page.on("pageerror", (error) => said(String(error)));
      return page;
    };
    page = await open();
    // Every wait below has its own limit, but a driver call that never returns has none: the journey has one.
    const overrun = new Promise((_, fail) => {
      limit = setTimeout(() => fail(new Error(`the journey overran ${JOURNEY_LIMIT / 1000} s at ${at}`)), JOURNEY_LIMIT);
    });
    const walk = (async () => {
      for (const [index, each] of steps.entries()) {
        at = `step ${index + 1} (${each[0]})`;
        page = await step(page, each, open);
      }
    })();
    walk.catch(() => {}); // an overrun has said so already
    await Promise.race([walk, overrun]);
    results[name] = { ok: true, consoleErrors, timings };
  } catch (error) {
    // What the page showed when it failed, so a failure seen once under load says where it stood (#64).
    const seen = page && await Promise.race([
      page.evaluate(() => ({
        url: document.location.href, state: { ...document.documentElement.dataset },
        calculators: document.querySelectorAll(".calc").length, ready: document.querySelectorAll(".calc[data-ready]").length,
      })).catch((why) => String(why).slice(0, 200)),
      new Promise((done) => setTimeout(() => done("the page did not answer"), 5_000)),
    ]);
    results[name] = { ok: false, error: `${String(error).slice(0, 600)} at ${at}; the page: ${JSON.stringify(seen)}`, consoleErrors };
  } finally {
    clearTimeout(limit);
    // Firefox may not answer a close: ended after a while, so one browser cannot stall the run.
    let kill = 0;
    const killed = new Promise((done) => { kill = setTimeout(() => { browser.process()?.kill("SIGKILL"); done(); }, 20_000); });
    await Promise.race([browser.close().catch(() => {}), killed]);
    clearTimeout(kill);
  }
}
console.log(JSON.stringify(results));
