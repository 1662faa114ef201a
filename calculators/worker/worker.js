// @ts-check
// Runs Python off the main thread: boots Pyodide once, unpacks our wheel, answers each calculation. A module
// worker (the build bundles it with saved_start.js), as the Pyodide after 0.29 needs: its runtime is a module.
import { unpackSavedStart } from "./saved_start.js";

/** Every message to the page goes through here, so each is one of types/protocol.d.ts's. */
const tell = (/** @type {FromWorker} */ message) => self.postMessage(message);

// Python's functions, as Pyodide hands them over (its proxies are untyped).
/** @type {any} */
let respond = null;
/** @type {any} */
let respondCompare = null;
// Your table's module, imported on its first question.
/** @type {(() => any) | null} */
let pythonTable = null;
/** @type {any} */
let table = null;
// When each step of the start ended, in the page's clock's terms (ms since 1970), for the benchmark.
/** @type {Record<string, number>} */
const steps = { worker: performance.timeOrigin };
const step = (/** @type {string} */ name) => { steps[name] = performance.timeOrigin + performance.now(); };

// Counts the bytes of the runtime's big files as they arrive, for "Loading the calculator (37%)". It reads a
// clone, so Pyodide still gets the original response (and the browser its compiled-wasm cache).
/** @param {Set<string>} watched @param {number} total */
function countDownloads(watched, total) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  let reported = 0;
  const report = (/** @type {boolean} */ force) => {
    const loaded = [...seen.values()].reduce((sum, bytes) => sum + bytes, 0);
    const now = performance.now();
    if (force || now - reported > 150) {
      reported = now;
      tell({ type: "progress", loaded: Math.min(loaded, total), total });
    }
  };
  report(true); // a figure from the start ("0%"), not a bare "Loading" until the first byte
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      // Pyodide only logs a failed runtime download and then waits for ever: say so ourselves.
      // Said apart when this phone's copy was dropped as damaged: the player has not lost signal for nothing.
      const why = dropped ? "its copy on this phone was damaged and has been dropped; " : "";
      if (watched.has(url)) tell({ type: "failed", error: `${why}could not download ${url.split("/").pop()} (${error})` });
      throw error;
    }
    // A network that answers with its own web page (a login page, with a 200) is not the runtime: say so,
    // rather than let the runtime fail on it as if this browser could not run it.
    const page = (response.headers.get("content-type") || "").includes("text/html");
    if (watched.has(url) && response.ok && page) {
      tell({ type: "failed", error: `${url.split("/").pop()}: the network answered with a login page` });
    }
    if (watched.has(url) && !response.ok) {
      const why = dropped ? "its copy on this phone was damaged and has been dropped; " : "";
      tell({ type: "failed", error: `${why}could not download ${url.split("/").pop()} (HTTP ${response.status})` });
    }
    if (watched.has(url) && response.ok && response.body) {
      seen.set(url, 0);
      const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          seen.set(url, (seen.get(url) || 0) + value.byteLength);
          report(false);
        }
        report(true);
      })().catch(() => {});
    }
    return response;
  };
}

// The offline cache's copy of a file, or null. A returning visitor's runtime is read from there
// directly: asked for with fetch(), the service worker would look it up in the same cache and pass
// each of its 11 MB on (the first live answer came 30-110 ms later in the three engines).
/** @param {string} url @returns {Promise<Response | null>} */
async function offlineCopy(url) {
  try {
    return (self.caches && (await caches.match(url))) || null;
  } catch {
    return null; // no storage here (a private window): everything is downloaded
  }
}

// Pyodide asks for its files only once its 1 MB of JavaScript has loaded and set itself up, after the
// saved start is read; asked for sooner, they arrive meanwhile. Pyodide's own request for each of
// them gets the answer already on its way, so nothing is fetched twice.
/** @param {Map<string, Promise<Response>>} early @param {string} lockFile */
function answerEarly(early, lockFile) {
  for (const answer of early.values()) answer.catch(() => {}); // a failure is Pyodide's to meet when it asks
  const realFetch = self.fetch;
  self.fetch = (input, init) => {
    const asked = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    const answer = early.get(asked) || realFetch(input, init);
    early.delete(asked);
    return asked === lockFile ? answer.then(notALoginPage) : answer;
  };
}

// A network that answers the lock file with its own page (a login page, with a 200) is said as such;
// Pyodide, which would fail on it as on a broken file, is left waiting (the page shows the failure).
/** @param {Response} answer @returns {Response | Promise<Response>} */
function notALoginPage(answer) {
  if (!(answer.headers.get("content-type") || "").includes("text/html")) return answer;
  tell({ type: "failed", error: "pyodide-lock.json: the network answered with a login page" });
  return new Promise(() => {});
}

// Pyodide compiles its WebAssembly only once its scripts have loaded; compiled from the first byte
// instead, the two overlap (Firefox, which keeps no compiled copy, compiles it every visit). The
// compiler reads the download itself (Chromium keeps its compiled copy by it); Pyodide gets a copy.
/** @param {Promise<Response>} response */
function compileEarly(response) {
  if (!WebAssembly.compileStreaming) return response;
  const copy = response.then((answer) => answer.clone());
  const compiled = response.then((answer) => (answer.ok ? WebAssembly.compileStreaming(answer) : null)).catch(() => null);
  compiled.then(() => step("compiled"));
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = instantiate;
    const module = await compiled;
    if (!module) return instantiate.call(WebAssembly, source, imports); // Pyodide's own way, as before
    // Given a compiled module, instantiate answers with its instance alone: both are what was asked.
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return copy;
}

// A kept copy is used only if it is the size the build wrote; one that is not (changed on the phone,
// or kept from a login page by an older version of the site) is dropped from the phone.
let dropped = false;
/** @param {string} url @param {number | undefined} size */
async function checkedCopy(url, size) {
  const copy = await offlineCopy(url);
  if (!copy || !size || (await copy.clone().blob()).size === size) return copy;
  dropped = true;
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  } catch {
    // storage refused: the copy is not used all the same
  }
  return null;
}

// The saved start, kept in parts (sitegen/bundle/saved_start.py says why): every part, joined, or none.
/** @param {string[]} parts */
async function savedStart(parts) {
  const copies = await Promise.all(parts.map(offlineCopy));
  if (!parts.length || !copies.every(Boolean)) return null;
  return new Blob(await Promise.all(copies.map((copy) => /** @type {Response} */ (copy).blob())));
}

/** @param {Extract<ToWorker, { type: "boot" }>} asked @returns {Promise<StartTimings>} */
async function boot({ runtime, stdlib, wheel: wheelUrl, snapshot, snapshotBytes, bytes, sizes = [] }) {
  const started = performance.now();
  const wasm = runtime + "pyodide.asm.wasm";
  const lockFile = runtime + "pyodide-lock.json";
  // A returning visitor's saved start (Pyodide's memory just after it booted and imported rulescore,
  // packed: sitegen/bundle/snapshot.mjs) is only ever in the offline cache: a first visit never downloads it.
  const runtimeFiles = [wasm, stdlib, lockFile, wheelUrl];
  const [saved, ...copies] = await Promise.all([
    savedStart(snapshot), ...runtimeFiles.map((url, index) => checkedCopy(url, sizes[index])),
  ]);
  const onPhone = copies.every(Boolean); // the service worker keeps them together; else all are downloaded
  const get = (/** @type {string} */ url) => (onPhone ? Promise.resolve(/** @type {Response} */ (copies[runtimeFiles.indexOf(url)])) : fetch(url));
  if (onPhone) tell({ type: "progress", loaded: bytes, total: bytes }); // nothing to download
  else countDownloads(new Set([wasm, stdlib, wheelUrl]), bytes);
  const early = new Map([[wasm, compileEarly(get(wasm))]]);
  // Our wheel comes while the runtime starts.
  const wheel = get(wheelUrl).then((response) => {
    if (!response.ok) throw new Error(`could not load ${wheelUrl}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // reported below, once the runtime is up or has failed
  // On this phone (a saved start is kept only after the runtime), asking for them all at once costs
  // nothing. Downloading, they would share the link with the WebAssembly and the scripts needed
  // first (cold at 10 Mbit/s: 120 ms later).
  if (onPhone || saved) [stdlib, lockFile].forEach((url) => early.set(url, get(url)));
  answerEarly(early, lockFile);
  const memory = saved && saved.arrayBuffer().then((packed) => {
    // Pyodide never gives up on memory of the wrong size (it waits for ever), so anything but this
    // build's saved start is refused here; wrong contents of the right size it refuses itself.
    const whole = unpackSavedStart(packed, snapshotBytes);
    if (!whole) throw new Error(`${packed.byteLength} bytes that are not this build's saved start`);
    return whole;
  });
  if (memory) await memory.catch(() => {});
  step("snapshot read");
  /** @type {(options: Record<string, unknown>) => Promise<any>} Pyodide's loader (its types are not installed) */
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(runtime + "pyodide.mjs"));
  } catch (error) {
    // Not a script at all: a login page in its place is said as such, not as a browser that cannot run it.
    const answer = await fetch(runtime + "pyodide.mjs").catch(() => null);
    if (answer && (answer.headers.get("content-type") || "").includes("text/html")) {
      throw new Error("pyodide.mjs: the network answered with a login page", { cause: error });
    }
    throw error;
  }
  step("scripts");
  // indexURL is our own copy of the runtime: nothing is fetched from any other origin. The standard
  // library is our precompiled one: no module is compiled from source in the browser.
  const options = { indexURL: runtime, stdLibURL: stdlib };
  /** @type {any} */
  let pyodide = null;
  /** @type {StartTimings["start"]} */
  let start = "fresh";
  if (memory) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: memory });
      start = "snapshot";
    } catch (error) {
      console.warn("calculators: the saved start could not be restored; starting afresh.", error);
      start = "fresh, the snapshot failed";
    }
  }
  pyodide ??= await loadPyodide(options);
  const booted = performance.now();
  step("booted");
  // A pure-Python wheel is a zip Python imports from directly: put it on sys.path, unpacked by nobody
  // (unpacking would import zipfile, shutil and more, and ship them in the standard library). A
  // restored start has it on sys.path already and needs the file back where it was.
  const wheelPath = "/lib/" + wheelUrl.split("/").pop();
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheel));
  if (start === "snapshot") pyodide.runPython("import random; random.seed()"); // not the state every restore shares
  else pyodide.pyimport("sys").path.insert(0, wheelPath);
  const present = pyodide.pyimport("rulescore.web.answer");
  respond = present.respond;
  respondCompare = present.respond_compare;
  pythonTable = () => pyodide.pyimport("rulescore.web.table");
  step("imported");
  // Reported for the benchmark and the tests: how it started, how long the runtime took, how long our wheel added.
  return { start, runtime: booted - started, wheel: performance.now() - booted, steps };
}

// Python up, and the page told so; a failed start is told instead and answers nothing more.
/** @type {Promise<void> | null} */
let started = null;

self.onmessage = async (event) => {
  const message = /** @type {ToWorker} */ (event.data);
  if (message.type === "boot") {
    const booting = boot(message).then(
      (timings) => tell({ type: "ready", timings }),
      (error) => {
        tell({ type: "failed", error: String(error) });
        throw error;
      },
    );
    started = booting;
    booting.catch(() => {});
    return;
  }
  // A calculation asked for while Python starts is answered the moment it is up, with no round trip
  // to the page between "ready" and the question.
  try {
    await started;
  } catch {
    return;
  }
  if (message.type === "calculate") {
    const json = respond(message.calculator, message.ruleset, message.values, message.root, message.house);
    tell({ type: "result", id: message.id, json });
  } else if (message.type === "table" || message.type === "card" || message.type === "sheet" || message.type === "roster") {
    // Your table's own questions: imported only when a player uses it, never with the first answer.
    table ??= pythonTable?.();
    const json = message.type === "table"
      ? table.respond_table(message.text)
      : message.type === "card"
        ? table.card_html(message.text, message.ruleset, message.name)
        : message.type === "sheet"
          ? table.sheet_html(message.text)
          : table.respond_roster(message.text, message.ruleset, message.side, message.lines);
    tell({ type: "result", id: message.id, json });
  } else if (message.type === "compare") {
    const json = respondCompare(message.calculator, message.values, message.root);
    tell({ type: "result", id: message.id, json });
  }
};
