// @ts-check
// Inlined at the top of <head> on pages with a calculator: the one place that starts Python. A shared
// link starts it at once, before any other file has loaded; calculators.js takes the worker over.
(() => {
  "use strict";
  const where = /** @type {HTMLScriptElement} */ (document.currentScript).dataset; // runtime, stdlib, wheel, snapshot(Bytes), answers, worker, bytes
  // Resolved now, against this page's address: Python may start after navigation.js has moved on.
  const absolute = (/** @type {string | undefined} */ url) => new URL(String(url), document.baseURI).href;
  const [runtime, stdlib, wheel, script] = [where.runtime, where.stdlib, where.wheel, where.worker].map(absolute);
  const snapshot = String(where.snapshot || "").split(" ").filter(Boolean).map(absolute); // its parts, in order
  window.calculatorsAnswers = absolute(where.answers); // answers a tap or two away, made with this build
  // Opened at a calculator or its rule: its stored answers are asked for now, with the page, so they are
  // here before a first tap (on a slow link the page's scripts come later).
  window.calculatorsEarly = {};
  let kept = false; // a phone that holds the site offline starts Python from its own copy: none needed
  try {
    kept = Boolean(localStorage.getItem("offline-build"));
  } catch {
    // storage refused: nothing is kept either
  }
  for (const [anchor, file] of String(where.near || "").split(" ").map((pair) => pair.split(":"))) {
    // An empty anchor: the page opens with this calculator, so opened at its top is opened at it.
    if (file && !kept && location.hash === (anchor ? `#${anchor}` : "")) {
      const url = new URL(`${file}.json`, window.calculatorsAnswers).href;
      window.calculatorsEarly[url] = fetch(url).catch(() => null);
    }
  }
  /** @type {CalculatorsWorker | null} */
  let worker = null;
  window.calculatorsStart = () => {
    if (worker) return worker;
    const started = /** @type {CalculatorsWorker} */ (new Worker(script, { type: "module" }));
    worker = started;
    started.early = []; // messages that arrive before calculators.js listens
    started.onmessage = (event) => started.early.push(event.data);
    /** @type {ToWorker} */
    const start = {
      type: "boot", runtime, stdlib, wheel, snapshot, snapshotBytes: Number(where.snapshotBytes), bytes: Number(where.bytes),
      sizes: String(where.sizes || "").split(",").map(Number),
    };
    started.postMessage(start);
    return started;
  };
  // A worker that stopped answering is ended; the next question starts a new one.
  window.calculatorsStop = () => {
    if (worker) worker.terminate();
    worker = null;
  };
  // The theme's script, held in the page (overrides/main.html), comes once the page's first answer is drawn (a
  // shared link's; on any other visit, Python up with no question waiting), or Python has failed, or a tap
  // outside the calculators asks for the theme's parts, and at the latest 3 s after the page has loaded.
  let themed = false;
  const theme = () => {
    const held = /** @type {HTMLScriptElement | null} */ (document.querySelector("script[data-theme-src]"));
    if (themed || !held?.dataset.themeSrc) return;
    themed = true;
    const script = Object.assign(document.createElement("script"), { src: held.dataset.themeSrc });
    // It mounts on DOMContentLoaded, long past by now: it is handed the page as navigation.js hands it a new one.
    script.onload = () => document.readyState !== "loading" && window.document$?.next(document);
    document.body.append(script);
  };
  const afterDrawn = () => requestAnimationFrame(() => setTimeout(theme));
  // A link's answer is asked only once the page is read, maybe after Python is up with nothing waiting.
  const first = /[?&]calc-/.test(location.search) ? "calculators:result" : "calculators:settled";
  for (const event of [first, "calculators:failed"]) document.addEventListener(event, afterDrawn, { once: true });
  document.addEventListener("pointerdown", (event) => {
    if (!(event.target instanceof Element && event.target.closest(".calc"))) theme();
  }, { capture: true });
  addEventListener("load", () => setTimeout(theme, 3000));
  if (/[?&]calc-/.test(location.search)) {
    document.documentElement.classList.add("calc-shared"); // dims build-time results until calculators.js has read the link
    window.calculatorsStart();
  }
})();
