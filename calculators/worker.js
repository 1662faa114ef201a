// Runs Python off the main thread: boots Pyodide once, unpacks our wheel, answers each calculation.
/* global importScripts, loadPyodide */
"use strict";

let respond = null;
let respondCompare = null;

async function boot(runtime, wheelUrl) {
  const started = performance.now();
  // Fetch our wheel while the runtime starts.
  const wheel = fetch(wheelUrl).then((response) => {
    if (!response.ok) throw new Error(`could not load ${wheelUrl}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  importScripts(runtime + "pyodide.js");
  // indexURL is our own copy of the runtime: nothing is fetched from any other origin.
  const pyodide = await loadPyodide({ indexURL: runtime });
  const booted = performance.now();
  // Unpacking the wheel's bytes is several times faster than loadPackage(url).
  pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
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
      const timings = await boot(message.runtime, message.wheel);
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
