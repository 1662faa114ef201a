// Runs Python off the main thread: boots Pyodide once, unpacks our wheel, answers each calculation.
/* global importScripts, loadPyodide */
"use strict";

let respond = null;
let respondCompare = null;

// Counts the bytes of the runtime's big files as they arrive, for "Loading (2.1 of 4.4 MB)". It reads a
// clone, so Pyodide still gets the original response (and the browser its compiled-wasm cache).
function countDownloads(watched, total) {
  const seen = new Map();
  let reported = 0;
  const report = (force) => {
    const loaded = [...seen.values()].reduce((sum, bytes) => sum + bytes, 0);
    const now = performance.now();
    if (force || now - reported > 150) {
      reported = now;
      self.postMessage({ type: "progress", loaded: Math.min(loaded, total), total });
    }
  };
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      // Pyodide only logs a failed runtime download and then waits for ever: say so ourselves.
      if (watched.has(url)) self.postMessage({ type: "failed", error: `could not download ${url.split("/").pop()} (${error})` });
      throw error;
    }
    if (watched.has(url) && !response.ok) {
      self.postMessage({ type: "failed", error: `could not download ${url.split("/").pop()} (HTTP ${response.status})` });
    }
    if (watched.has(url) && response.ok && response.body) {
      seen.set(url, 0);
      const reader = response.clone().body.getReader();
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          seen.set(url, seen.get(url) + value.byteLength);
          report(false);
        }
        report(true);
      })().catch(() => {});
    }
    return response;
  };
}

async function boot({ runtime, stdlib, wheel: wheelUrl, bytes }) {
  const started = performance.now();
  countDownloads(new Set([runtime + "pyodide.asm.wasm", stdlib, wheelUrl]), bytes);
  // Fetch our wheel while the runtime starts.
  const wheel = fetch(wheelUrl).then((response) => {
    if (!response.ok) throw new Error(`could not load ${wheelUrl}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // reported below, once the runtime is up or has failed
  importScripts(runtime + "pyodide.js");
  // indexURL is our own copy of the runtime: nothing is fetched from any other origin. The standard
  // library is our precompiled one: no module is compiled from source in the browser.
  const pyodide = await loadPyodide({ indexURL: runtime, stdLibURL: stdlib });
  const booted = performance.now();
  // A pure-Python wheel is a zip Python imports from directly: put it on sys.path, unpacked by nobody
  // (unpacking would import zipfile, shutil and more, and ship them in the standard library).
  const wheelPath = "/lib/" + wheelUrl.split("/").pop();
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheel));
  pyodide.pyimport("sys").path.insert(0, wheelPath);
  const present = pyodide.pyimport("rulescore.present");
  respond = present.respond;
  respondCompare = present.respond_compare;
  // Reported for the benchmark: how long the runtime took, and how long our wheel added.
  return { runtime: booted - started, wheel: performance.now() - booted };
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "boot") {
    try {
      const timings = await boot(message);
      self.postMessage({ type: "ready", timings });
    } catch (error) {
      self.postMessage({ type: "failed", error: String(error) });
    }
  } else if (message.type === "calculate") {
    const json = respond(message.calculator, message.ruleset, message.values, message.root);
    self.postMessage({ type: "result", id: message.id, json });
  } else if (message.type === "compare") {
    const json = respondCompare(message.calculator, message.values, message.root);
    self.postMessage({ type: "result", id: message.id, json });
  }
};
