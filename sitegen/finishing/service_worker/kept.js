// @ts-check
// What the phone keeps, and how a file is checked before it is kept or used.
import { FILES_CACHE, META_CACHE, here, revisions, sizes, worker } from "./build.js";

const metaUrl = (/** @type {string} */ name) => here(`__offline__/${name}.json`);

/** What the phone keeps of a build (`build-<digest>`) or which is current (`current`), or null. @param {string} name @returns {Promise<any>} */
export async function readMeta(name) {
  const hit = await (await caches.open(META_CACHE)).match(metaUrl(name));
  return hit ? hit.json() : null;
}

/** @param {string} name @param {unknown} value */
export async function writeMeta(name, value) {
  await (await caches.open(META_CACHE)).put(metaUrl(name), new Response(JSON.stringify(value)));
}

/** @param {Response} response */
export async function digest(response) {
  const bytes = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// A network that answers with another page (a login page) gets nothing kept: the pages are told why.
export const NOT_THIS_SITE = "the network did not answer with this build's file";

// A file of this build, checked against the revision the build wrote before anything keeps it: a
// network that answers with its own page (a hotel's login) never has that page kept as the site. Asked
// again past any copy the browser's HTTP cache still calls fresh; a second wrong answer keeps nothing.
/** @param {string} url */
export async function fetchChecked(url) {
  const revision = revisions.get(url);
  for (const cache of /** @type {RequestCache[]} */ (["no-cache", "reload"])) {
    const response = await fetch(new Request(url, { cache }));
    if (response.ok && (await digest(response)) === revision) return response;
  }
  throw new Error(`${url}: ${NOT_THIS_SITE}`);
}

// A kept copy is used only if it is the size the build wrote (cheap: no reading of its bytes).
/** @param {Response} hit @param {string} url */
export async function intact(hit, url) {
  const size = sizes.get(url);
  return size === undefined || (await hit.clone().blob()).size === size;
}

/** @param {Iterable<string>} urls */
export async function runtimeComplete(urls) {
  const files = await caches.open(FILES_CACHE);
  for (const url of urls) {
    if (!(await files.match(url))) return false;
  }
  return true;
}

/** @param {{ type: string, [detail: string]: unknown }} message */
export async function tellPages(message) {
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}
