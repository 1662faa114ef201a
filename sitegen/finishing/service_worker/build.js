// @ts-check
// This build's manifest, and what follows from it: the addresses the worker keeps and its caches' names.

// The build's manifest: sitegen/finishing/offline.py writes it as JSON over this placeholder in the bundled
// sw.js. Before the build (Node's tests), an empty manifest: a worker that keeps nothing.
const WRITTEN = "@manifest@";
/** @type {OfflineManifest} */
export const MANIFEST = WRITTEN.startsWith("@")
  ? { build: "", pages: {}, runtime: {}, runtimeBytes: 0, snapshot: {}, sizes: {}, answers: "assets/answers/" }
  : JSON.parse(WRITTEN);
// What each holds: types/service-worker.d.ts.
const { build: BUILD, pages: PAGES, runtime: RUNTIME, snapshot: SNAPSHOT, sizes: SIZES } = MANIFEST;
export { BUILD };

// In a browser, the service worker's scope; in Node (the tests), a worker that is never registered.
export const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (globalThis));
export const inBrowser =
  typeof ServiceWorkerGlobalScope === "function" && globalThis instanceof ServiceWorkerGlobalScope;
const SCOPE = inBrowser ? worker.registration.scope : "https://rules.invalid/";
export { SCOPE };

export const PAGES_CACHE = `rules-pages-${BUILD}`;
export const FILES_CACHE = "rules-files"; // content-named files, shared by every build
export const META_CACHE = "rules-meta"; // what each build holds, and which build is current
export const OURS = /^rules-(pages-|files$|meta$)/;

/** @type {(path: string) => string} */
export const here = (path) => new URL(path, SCOPE).href;
/** @type {<T>(entries: [string, T][]) => [string, T][]} */
const addressed = (entries) => entries.map(([path, value]) => [here(path), value]);
export const pageUrls = new Map(addressed(Object.entries(PAGES)));
export const runtimeUrls = new Set(Object.keys(RUNTIME).map(here));
export const snapshotUrls = Object.keys(SNAPSHOT).map(here);
export const revisions = new Map(addressed(Object.entries({ ...PAGES, ...RUNTIME, ...SNAPSHOT })));
export const sizes = new Map(addressed(Object.entries(SIZES)));
