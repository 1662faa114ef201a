// @ts-check
// The site's service worker, one module per job, bundled into sw.js by the build
// (sitegen/finishing/offline.py, which writes the build's manifest in): keeps the site usable offline
// across builds. Two kinds of file, kept two ways:
// - pages, the search index and the site's own scripts and styles: one cache per build, filled whole
//   before the build may take over (never a mix of two builds' pages); a file whose revision is
//   unchanged is copied from the previous build's cache, not downloaded again (update.js);
// - the runtime, the wheel, the standard library and the snapshot: named by version or digest, so
//   kept in one cache that outlives builds, each file dropped only when no build in use names it
//   (runtime.js, update.js).
// A request is answered from them (answer.js); what is kept and how it is checked is kept.js.
import { inBrowser, worker } from "./build.js";
import { answer } from "./answer.js";
import { cacheRuntime, status } from "./runtime.js";
import { activate, install, installFailed } from "./update.js";

/** @type {(type: string, listener: (event: any) => void) => void} */
const on = (type, listener) => {
  if (inBrowser) worker.addEventListener(type, listener);
};

on("install", (event) => event.waitUntil(install().catch(installFailed)));
on("activate", (event) => event.waitUntil(activate()));
on("fetch", answer);
on("message", (event) => {
  const type = event.data && event.data.type;
  const reply = (/** @type {unknown} */ message) => (event.ports[0] || event.source).postMessage(message);
  if (type === "cache-runtime") event.waitUntil(cacheRuntime(event.data.snapshot));
  if (type === "status") event.waitUntil(status().then(reply));
  // The player tapped "update": this waiting build takes over, and the pages reload into it.
  if (type === "take-update") worker.skipWaiting();
});
