// @ts-check
// A request answered: from this build's kept pages and files when they are whole, else from the network
// (keeping the runtime once it proves to be this build's), else said plainly; never a failed request.
import { FILES_CACHE, MANIFEST, PAGES_CACHE, SCOPE, here, pageUrls, revisions, runtimeUrls } from "./build.js";
import { digest, intact } from "./kept.js";
import { notSavedPage } from "./not_saved.js";

// A page is kept under its address without "index.html" and, when asked for as a page, without its
// query (a shared link's values): one copy serves every link to it.
/** @param {Request} request @param {Map<string, string>} [pages] */
export function pageKey(request, pages = pageUrls) {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
  if (request.mode === "navigate" || pages.has(url.origin + url.pathname)) url.search = "";
  return url.href;
}

/** @param {FetchEvent} event */
export function answer(event) {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answered(event, request));
}

/** @param {FetchEvent} event @param {Request} request @returns {Promise<Response>} */
async function answered(event, request) {
  const key = pageKey(request);
  const bare = request.url.split("?")[0];
  let damaged = false;
  try {
    const pages = await caches.open(PAGES_CACHE);
    const files = await caches.open(FILES_CACHE);
    for (const [cache, url] of /** @type {[Cache, string][]} */ ([[pages, key], [files, bare]])) {
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
    event.waitUntil(
      (async () => {
        try {
          if ((await digest(copy)) === revisions.get(bare)) await (await caches.open(FILES_CACHE)).put(bare, copy);
        } catch {
          // Storage full: the page still gets its answer, only not kept.
        }
      })(),
    );
  }
  return response;
}
