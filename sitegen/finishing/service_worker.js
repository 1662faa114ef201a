// @ts-check
// The site's service worker (sitegen/finishing/offline.py writes its manifest in as it writes sw.js): keeps the
// site usable offline across builds. Two kinds of file, kept two ways:
// - pages, the search index and the site's own scripts and styles: one cache per build, filled whole
//   before the build may take over (never a mix of two builds' pages); a file whose revision is
//   unchanged is copied from the previous build's cache, not downloaded again;
// - the runtime, the wheel, the standard library and the snapshot: named by version or digest, so
//   kept in one cache that outlives builds, each file dropped only when no build in use names it.
"use strict";

// The build's manifest, written over this empty one: valid JavaScript before the build (tests/js/).
/** @type {OfflineManifest} */
const MANIFEST = /* manifest */ { build: "", pages: {}, runtime: {}, runtimeBytes: 0, snapshot: {}, sizes: {}, answers: "assets/answers/" } /* manifest end */;
// What each holds: types/service-worker.d.ts.
const { build: BUILD, pages: PAGES, runtime: RUNTIME, runtimeBytes: RUNTIME_BYTES, snapshot: SNAPSHOT, sizes: SIZES } = MANIFEST;

// In a browser, the service worker's scope; in Node (the tests), a worker that is never registered.
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (globalThis));
const inBrowser = typeof ServiceWorkerGlobalScope === "function" && globalThis instanceof ServiceWorkerGlobalScope;
const SCOPE = inBrowser ? worker.registration.scope : "https://rules.invalid/";
/** @type {(type: string, listener: (event: any) => void) => void} */
const on = (type, listener) => inBrowser && worker.addEventListener(type, listener);

const PAGES_CACHE = `rules-pages-${BUILD}`;
const FILES_CACHE = "rules-files"; // content-named files, shared by every build
const META_CACHE = "rules-meta"; // what each build holds, and which build is current
const OURS = /^rules-(pages-|files$|meta$)/;

const here = (path) => new URL(path, SCOPE).href;
const pageUrls = new Map(Object.entries(PAGES).map(([path, revision]) => [here(path), revision]));
const runtimeUrls = new Set(Object.keys(RUNTIME).map(here));
const snapshotUrls = Object.keys(SNAPSHOT).map(here);
const revisions = new Map(Object.entries({ ...PAGES, ...RUNTIME, ...SNAPSHOT }).map(([path, revision]) => [here(path), revision]));
const sizes = new Map(Object.entries(SIZES).map(([path, bytes]) => [here(path), bytes]));
const metaUrl = (name) => here(`__offline__/${name}.json`);

async function readMeta(name) {
  const hit = await (await caches.open(META_CACHE)).match(metaUrl(name));
  return hit ? hit.json() : null;
}

async function writeMeta(name, value) {
  await (await caches.open(META_CACHE)).put(metaUrl(name), new Response(JSON.stringify(value)));
}

async function digest(response) {
  const bytes = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// A file of this build, checked against the revision the build wrote before anything keeps it: a
// network that answers with its own page (a hotel's login) never has that page kept as the site. Asked
// again past any copy the browser's HTTP cache still calls fresh; a second wrong answer keeps nothing.
async function fetchChecked(url) {
  const revision = revisions.get(url);
  for (const cache of /** @type {RequestCache[]} */ (["no-cache", "reload"])) {
    const response = await fetch(new Request(url, { cache }));
    if (response.ok && (await digest(response)) === revision) return response;
  }
  throw new Error(`${url}: ${NOT_THIS_SITE}`);
}

// A kept copy is used only if it is the size the build wrote (cheap: no reading of its bytes).
async function intact(hit, url) {
  const size = sizes.get(url);
  return size === undefined || (await hit.clone().blob()).size === size;
}

async function runtimeComplete(urls) {
  const files = await caches.open(FILES_CACHE);
  for (const url of urls) {
    if (!(await files.match(url))) return false;
  }
  return true;
}

// A network that answers with another page (a login page) gets nothing kept: the pages are told why.
const NOT_THIS_SITE = "the network did not answer with this build's file";

on("install", (event) => {
  event.waitUntil(install().catch(async (error) => {
    // Said with what the phone still holds: an update that fails leaves the build in use whole.
    const current = await readMeta("current").catch(() => null);
    const during = current && current.build !== BUILD ? "update" : "install";
    if (String(error).includes(NOT_THIS_SITE)) await tellPages({ type: "offline-failed", reason: "NotThisSite", during });
    throw error;
  }));
});

async function install() {
  const current = await readMeta("current");
  const previous = current && current.build !== BUILD ? await readMeta(`build-${current.build}`) : null;
  const oldPages = previous ? await caches.open(`rules-pages-${previous.build}`) : null;
  const pages = await caches.open(PAGES_CACHE);
  for (const [url, revision] of pageUrls) {
    if (await pages.match(url)) continue; // an install that was cut short and is tried again
    let kept = previous && previous.pages[url] === revision ? await oldPages.match(url) : null;
    if (kept && (await digest(kept)) !== revision) kept = null; // a copy that changed since it was kept
    await pages.put(url, kept || (await fetchChecked(url)));
  }
  const files = await caches.open(FILES_CACHE);
  if (!current) {
    // A phone coming from the one-cache-per-build worker keeps the runtime and snapshot it holds.
    for (const url of [...runtimeUrls, ...snapshotUrls]) {
      const held = (await files.match(url)) ? null : await caches.match(url);
      if (held && (await digest(held)) === revisions.get(url)) await files.put(url, held);
    }
  }
  // Never worse offline: a phone that keeps the calculators gets this build's runtime before it takes over.
  const offline = Boolean(previous ? previous.offline && (await runtimeComplete(previous.runtime))
    : await runtimeComplete(runtimeUrls));
  if (offline) {
    for (const url of runtimeUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
  }
  await writeMeta(`build-${BUILD}`, {
    build: BUILD, pages: Object.fromEntries(pageUrls), runtime: [...runtimeUrls], snapshot: snapshotUrls, offline,
    installed: Date.now(),
  });
}

on("activate", (event) => {
  event.waitUntil((async () => {
    const current = await readMeta("current");
    const previous = current && current.build !== BUILD ? current.build : current && current.previous;
    await writeMeta("current", { build: BUILD, previous: previous || null });
    // Kept: this build's files and the previous build's, for a page of it still open in another tab.
    const keep = new Set([BUILD, previous].filter(Boolean));
    const named = new Set([...runtimeUrls, ...snapshotUrls]);
    const before = previous ? await readMeta(`build-${previous}`) : null;
    if (before) [...before.runtime, ...before.snapshot].forEach((url) => named.add(url));
    for (const name of cachesToDrop(await caches.keys(), keep)) await caches.delete(name);
    const files = await caches.open(FILES_CACHE);
    for (const request of await files.keys()) {
      if (!named.has(request.url)) await files.delete(request);
    }
    const meta = await caches.open(META_CACHE);
    for (const request of await meta.keys()) {
      const build = request.url.match(/__offline__\/build-(\w+)\.json$/);
      if (build && !keep.has(build[1])) await meta.delete(request);
    }
    await worker.clients.claim();
  })());
});

async function tellPages(message) {
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

async function cacheRuntime(withSnapshot) {
  try {
    const files = await caches.open(FILES_CACHE);
    for (const url of runtimeUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
    const meta = await readMeta(`build-${BUILD}`);
    if (meta) await writeMeta(`build-${BUILD}`, { ...meta, offline: true });
    await tellPages({ type: "offline-ready", build: BUILD });
    // A speed-up only (calculators start without it): the page leaves it out when saving data.
    if (!withSnapshot) return;
    for (const url of snapshotUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
    await tellPages({ type: "snapshot-saved" });
  } catch (error) {
    // Storage refused or full, or the network gone mid-way: the page says offline use is not assured.
    const reason = String(error).includes(NOT_THIS_SITE) ? "NotThisSite" : String(error && error.name);
    await tellPages({ type: "offline-failed", reason, during: "runtime" });
  }
}

async function status() {
  const meta = await readMeta(`build-${BUILD}`);
  const cached = await runtimeComplete(runtimeUrls);
  return { type: "status", build: BUILD, installed: meta ? meta.installed : null, cached, bytes: RUNTIME_BYTES };
}

on("message", (event) => {
  const type = event.data && event.data.type;
  const reply = (answer) => (event.ports[0] || event.source).postMessage(answer);
  if (type === "cache-runtime") event.waitUntil(cacheRuntime(event.data.snapshot));
  if (type === "status") event.waitUntil(status().then(reply));
  // The player tapped "update": this waiting build takes over, and the pages reload into it.
  if (type === "take-update") worker.skipWaiting();
});
// A page asked for with no signal that this phone does not hold: said in the site's own style (its
// stylesheets and colours, read from the saved home page), with a way home and to the start pages that
// are saved, and why this one is not: not a page of this site, not saved yet, or its copy was damaged.
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
async function notSavedPage(url, damaged) {
  const pages = await caches.open(PAGES_CACHE);
  const homeUrl = here("./");
  const home = await pages.match(homeUrl);
  const homeHtml = home ? await home.text() : "";
  const styles = [...homeHtml.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)]
    .map((found) => `<link rel="stylesheet" href="${escapeHtml(new URL(found[1], homeUrl).href)}">`);
  const body = (homeHtml.match(/<body( [^>]*)>/) || ["", ""])[1];
  let held = 0;
  const starts = [];
  for (const page of pageUrls.keys()) {
    const hit = await pages.match(page);
    if (!hit) continue;
    held += 1;
    // The start pages (home, each ruleset, compare, about) by their own titles, already escaped in the page.
    if (page.slice(homeUrl.length).split("/").filter(Boolean).length > 1) continue;
    const title = ((await hit.text()).match(/<title>([^<]*)<\/title>/) || ["", escapeHtml(page)])[1];
    starts.push(`<li><a href="${escapeHtml(page)}">${title}</a></li>`);
  }
  const address = escapeHtml(new URL(url).pathname);
  const [heading, why] = damaged
    ? ["This page's saved copy was damaged", `The copy of ${address} saved on this phone was not the site's own, so it has been dropped. It is saved again the next time you open it with signal.`]
    : held === pageUrls.size
      ? ["Not a page of this site", `There is no signal, and ${address} is not one of this site's pages (a mistyped or an old link?), so nothing is saved for it. Every page of the site is saved on this phone and opens with no signal.`]
      : ["Not saved on this phone yet", `There is no signal, and ${address} is not saved on this phone yet. The site saves every page after a visit with signal, and says "Ready offline" when it has.`];
  const list = starts.length ? `<p>Saved on this phone, and open with no signal:</p><ul>${starts.join("")}</ul>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${heading}</title>${styles.join("")}</head><body${body}><div class="md-container"><main class="md-main"><div class="md-main__inner md-grid">
<div class="md-content"><article class="md-content__inner md-typeset"><h1>${heading}</h1><p>${why}</p>
<p><a href="${escapeHtml(homeUrl)}">Go to the home page</a></p>${list}</article></div></div></main></div></body></html>`;
}

// The caches an activation drops: the pages of a build no longer in use, and caches of the
// one-cache-per-build layout before this one; never another site's.
function cachesToDrop(names, keep) {
  return names.filter((name) => {
    const build = name.startsWith("rules-pages-") ? name.slice("rules-pages-".length) : null;
    return (build && !keep.has(build)) || (name.startsWith("rules-") && !OURS.test(name));
  });
}

// A page is kept under its address without "index.html" and, when asked for as a page, without its
// query (a shared link's values): one copy serves every link to it.
function pageKey(request, pages = pageUrls) {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
  if (request.mode === "navigate" || pages.has(url.origin + url.pathname)) url.search = "";
  return url.href;
}

on("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const key = pageKey(request);
    const bare = request.url.split("?")[0];
    let damaged = false;
    try {
      const pages = await caches.open(PAGES_CACHE);
      const files = await caches.open(FILES_CACHE);
      for (const [cache, url] of [[pages, key], [files, bare]]) {
        const hit = await cache.match(url);
        if (hit && (await intact(hit, url))) return hit;
        // A kept copy that is not what the build wrote (changed on the phone, or kept by an older worker
        // from a login page): dropped, and asked of the network if there is signal.
        if (hit) damaged = await cache.delete(url);
      }
      // A page of the previous build still open in another tab asks for what only that build had.
      const older = damaged ? null : await caches.match(key);
      if (older) return older;
    } catch {
      // The offline copy failed under this request (a cache dropped by an update taking over as the page
      // asks, storage gone): the network answers, or the answer says there is none. The worker never
      // fails a request (Firefox logs that as the worker's error, and the page loses the file).
    }
    let response;
    try {
      response = await fetch(request);
    } catch {
      // No answer: no signal and not saved yet, or a load the page gave up as it moved on (Firefox logs
      // a rejected answer as the worker's error). Said plainly, as a page for a page. A first visit's stored
      // answers are never kept: with no signal there are none, which is no fault (Python is here): 204.
      const page = request.mode === "navigate" ? await notSavedPage(request.url, damaged) : null;
      if (page) return new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
      return new Response(null, { status: bare.startsWith(here(MANIFEST.answers)) ? 204 : 503 });
    }
    if (response.ok && runtimeUrls.has(bare)) {
      // Kept once it proves to be this build's file, while the page already has its answer.
      const copy = response.clone();
      event.waitUntil((async () => {
        try {
          if ((await digest(copy)) === revisions.get(bare)) await (await caches.open(FILES_CACHE)).put(bare, copy);
        } catch {
          // Storage full: the page still gets its answer, only not kept.
        }
      })());
    }
    return response;
  })());
});

// Node (the tests) requires this file; a browser runs it as the service worker.
if (typeof module === "object") module.exports = { MANIFEST, cachesToDrop, pageKey, escapeHtml };
