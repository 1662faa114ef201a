// @ts-check
// The runtime kept for offline use once a page asks (after its calculators are up), and what is kept said.
import { BUILD, FILES_CACHE, MANIFEST, runtimeUrls, snapshotUrls } from "./build.js";
import { NOT_THIS_SITE, fetchChecked, readMeta, runtimeComplete, tellPages, writeMeta } from "./kept.js";

/** @param {boolean} withSnapshot */
export async function cacheRuntime(withSnapshot) {
  try {
    const files = await caches.open(FILES_CACHE);
    for (const url of runtimeUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
    const meta = await readMeta(`build-${BUILD}`);
    if (meta) await writeMeta(`build-${BUILD}`, { ...meta, offline: true });
    await tellPages({ type: "offline-ready", build: BUILD });
  } catch (error) {
    // Storage refused or full, or the network gone mid-way: the page says offline use is not assured.
    const reason = String(error).includes(NOT_THIS_SITE) ? "NotThisSite" : String(error && /** @type {{ name?: unknown }} */ (error).name);
    await tellPages({ type: "offline-failed", reason, during: "runtime" });
    return;
  }
  // A speed-up only (calculators start without it): the page leaves it out when saving data.
  if (withSnapshot) await cacheSnapshot(await caches.open(FILES_CACHE));
}

// Not kept, only a returning visit's faster start is lost: the calculators are kept, and nothing is said
// to the player (the pages mark it for tests). The parts kept stay; the next visit asks for the rest.
/** @param {Cache} files */
async function cacheSnapshot(files) {
  try {
    for (const url of snapshotUrls) {
      if (!(await files.match(url))) await files.put(url, await fetchChecked(url));
    }
    await tellPages({ type: "snapshot-saved" });
  } catch {
    await tellPages({ type: "snapshot-not-saved" });
  }
}

export async function status() {
  const meta = await readMeta(`build-${BUILD}`);
  const cached = await runtimeComplete(runtimeUrls);
  const installed = meta ? meta.installed : null;
  return { type: "status", build: BUILD, installed, cached, bytes: MANIFEST.runtimeBytes };
}
