// The benchmark's Firefox ESR runs (puppeteer-core): first live result of the site and of a bare
// loadPyodide(), warm (one profile, visited twice first) and cold (a new profile each visit),
// alternating. `node firefox.mjs SITE_URL BARE_URL REPS [RUNTIME_URL]` (or site:URL for BARE_URL: a second build); prints {warm: {site: [ms], bare: [ms]},
// cold: ..., starts: {warm: [how the site's calculators started each warm run]}}. RUNTIME_URL (the runtime
// alone, startup.py's floor of a first visit) is timed cold only, beside the other two.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";

const [siteUrl, secondUrl, reps, runtimeUrl] = process.argv.slice(2);
// "site:URL" in place of the bare page: another build of the site (the next Pyodide's), timed as the site is.
const twoSites = secondUrl.startsWith("site:");
const bareUrl = twoSites ? secondUrl.slice("site:".length) : secondUrl;
const urls = { site: siteUrl, bare: bareUrl, runtime: runtimeUrl };
const LIVE = "performance.getEntriesByName('calculators:first-live')[0]?.startTime";
const FLAG = { site: LIVE, bare: twoSites ? LIVE : "window.bareReady", runtime: "window.bareReady" };
const saving = twoSites ? ["site", "bare"] : ["site"];
const coldOnes = runtimeUrl ? ["site", "bare", "runtime"] : ["site", "bare"];

const launch = (profile) => puppeteer.launch({ browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true, userDataDir: profile });

async function visit(browser, name) {
  const page = (await browser.pages())[0] || (await browser.newPage());
  await page.goto(urls[name], { waitUntil: "load" });
  await page.waitForFunction(`Boolean(${FLAG[name]})`, { timeout: 300_000, polling: 50 });
  return page.evaluate(FLAG[name]);
}

const out = { warm: { site: [], bare: [] }, cold: Object.fromEntries(coldOnes.map((name) => [name, []])), starts: { warm: [], bare: [] } };
const profiles = { site: mkdtempSync(join(tmpdir(), "ff-")), bare: mkdtempSync(join(tmpdir(), "ff-")) };
const warm = { site: await launch(profiles.site), bare: await launch(profiles.bare) };
for (const name of ["site", "bare"]) for (let i = 0; i < 2; i++) await visit(warm[name], name);
// A returning visitor: the service worker has saved the snapshot.
for (const name of saving) await (await warm[name].pages())[0].waitForSelector("html[data-snapshot='saved']", { timeout: 300_000 });
const started = async (name) => (await warm[name].pages())[0].evaluate("document.documentElement.dataset.calculatorsStart");
for (let rep = 0; rep < Number(reps); rep++) {
  for (const name of rep % 2 ? ["bare", "site"] : ["site", "bare"]) {
    out.warm[name].push(await visit(warm[name], name));
    if (saving.includes(name)) out.starts[name === "site" ? "warm" : "bare"].push(await started(name));
  }
}
for (const browser of Object.values(warm)) await browser.close();
for (const profile of Object.values(profiles)) rmSync(profile, { recursive: true, force: true });
for (let rep = 0; rep < Number(reps); rep++) {
  const turn = rep % coldOnes.length; // each starts a repetition in turn
  for (const name of [...coldOnes.slice(turn), ...coldOnes.slice(0, turn)]) {
    const profile = mkdtempSync(join(tmpdir(), "ff-"));
    const browser = await launch(profile);
    out.cold[name].push(await visit(browser, name));
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(out));
