// @ts-check
// A build installed whole before it may take over (its pages from the previous build's cache where
// unchanged), and on taking over, what no build in use names dropped.
import {
  BUILD,
  FILES_CACHE,
  META_CACHE,
  OURS,
  PAGES_CACHE,
  pageUrls,
  revisions,
  runtimeUrls,
  snapshotUrls,
  worker,
} from "./build.js";
import { NOT_THIS_SITE, digest, fetchChecked, readMeta, runtimeComplete, tellPages, writeMeta } from "./kept.js";

export async function install() {
  const current = await readMeta("current");
  const previous = current && current.build !== BUILD ? await readMeta(`build-${current.build}`) : null;
  const oldPages = previous ? await caches.open(`rules-pages-${previous.build}`) : null;
  const pages = await caches.open(PAGES_CACHE);
  for (const [url, revision] of pageUrls) {
    if (await pages.match(url)) continue; // an install that was cut short and is tried again
    let kept = previous && previous.pages[url] === revision ? await /** @type {Cache} */ (oldPages).match(url) : null;
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
  const offline = Boolean(
    previous
      ? previous.offline && (await runtimeComplete(previous.runtime))
      : await runtimeComplete(runtimeUrls),
  );
  if (offline) {
    for (const url of runtimeUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
  }
  await writeMeta(`build-${BUILD}`, {
    build: BUILD,
    pages: Object.fromEntries(pageUrls),
    runtime: [...runtimeUrls],
    snapshot: snapshotUrls,
    offline,
    installed: Date.now(),
  });
}

// An install that fails is said with what the phone still holds: an update that fails leaves the build in
// use whole.
/** @param {unknown} error */
export async function installFailed(error) {
  const current = await readMeta("current").catch(() => null);
  const during = current && current.build !== BUILD ? "update" : "install";
  if (String(error).includes(NOT_THIS_SITE)) await tellPages({ type: "offline-failed", reason: "NotThisSite", during });
  throw error;
}

export async function activate() {
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
}

// The caches an activation drops: the pages of a build no longer in use, and caches of the
// one-cache-per-build layout before this one; never another site's.
/** @param {string[]} names @param {Set<string>} keep */
export function cachesToDrop(names, keep) {
  return names.filter((name) => {
    const build = name.startsWith("rules-pages-") ? name.slice("rules-pages-".length) : null;
    return (build && !keep.has(build)) || (name.startsWith("rules-") && !OURS.test(name));
  });
}
