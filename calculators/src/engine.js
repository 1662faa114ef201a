// @ts-check
// Python's worker as the page sees it: started once per page, its state (idle, loading, starting, ready,
// failed) and the words for it, and questions asked of it, each answered once (a stuck worker replaced).

/** @typedef {"idle" | "loading" | "starting" | "ready" | "failed"} EngineState */

/** @type {CalculatorsWorker | null} */
let worker = null;
/** @type {Promise<void> | null} */
let ready = null; // one Python per page
/** @type {EngineState} */
let engine = "idle";
/** @type {{ loaded: number, total: number } | null} */
let progress = null; // bytes of the runtime so far
let failure = "";
let lastId = 0;
const waiting = new Map();


export function engineWords() {
  if (engine === "loading") return `Loading the calculator${progressWords()}…`;
  if (engine === "starting") return "Starting the calculator…";
  if (engine === "failed") return `The live calculator could not start (${failure}).`;
  return "";
}

// What a tap that must wait for Python says, at the foot and in the status line (#62, item 5: "Working out
// the new answer…" for 28 s said nothing of how far the runtime had come, nor what came after it).
export function waitingWords() {
  if (engine === "loading") return `Loading the calculator${progressWords()}, then the new answer…`;
  if (engine === "starting") return "Starting the calculator, then the new answer…";
  return engine === "failed" ? engineWords() : "Working out the new answer…";
}

// " (37%)" while the runtime downloads, else nothing: a share of its files, which holds whatever the host
// compresses them to (#47, item 10: "of 11.3 MB" was said where about 4 MB came down a gzip link).
export const progressWords = () => (engine === "loading" && progress ? ` (${Math.floor((100 * progress.loaded) / Math.max(progress.total, 1))}%)` : "");

// Whoever shows the state (each calculator's status line) hears of every change.
/** @type {(() => void)[]} */
const listeners = [];
export const onEngine = (/** @type {() => void} */ listener) => listeners.push(listener);
const notify = () => listeners.forEach((listener) => listener());
export const engineState = () => engine;

// The page's engine state is on <html> too, so offline.js can let this page's start go first.
/** @param {EngineState} state */
function setEngine(state) {
  engine = state;
  document.documentElement.dataset.calculators = state;
  notify();
}

// A start that stops moving (no word from the worker for a minute: a network that holds a download
// open, a runtime that hangs) is ended and said; the next tap starts it again.
const STALLED = 60000;

export function boot() {
  if (ready) return ready;
  const started = window.calculatorsStart(); // start.js, inlined in <head>: may have started it already
  worker = started;
  setEngine("loading");
  /** @type {Promise<void>} */
  const starting = new Promise((resolve, reject) => {
    let stall = 0;
    const watchStart = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        if (engine !== "loading" && engine !== "starting") return;
        window.calculatorsStop(); // start.js
        worker = null;
        ready = null;
        failure = "it took too long to start; change a value to try again";
        setEngine("failed");
        reject(new Error("the start stalled"));
        document.dispatchEvent(new CustomEvent("calculators:failed"));
      }, STALLED);
    };
    watchStart();
    const receive = (/** @type {FromWorker} */ message) => {
      if (message.type === "ready" || message.type === "failed") clearTimeout(stall);
      else if (engine === "loading" || engine === "starting") watchStart();
      if (message.type === "progress") {
        progress = message;
        if (engine === "loading") {
          if (message.loaded >= message.total) setEngine("starting");
          else notify();
        }
      } else if (message.type === "ready") {
        document.documentElement.dataset.calculatorsStart = message.timings.start; // "fresh" or "snapshot", for tests
        setEngine("ready");
        resolve();
        performance.mark("calculators:ready", { detail: message.timings }); // runtime and wheel times, for the benchmark
        document.dispatchEvent(new CustomEvent("calculators:ready", { detail: message.timings }));
        settled();
      } else if (message.type === "failed") {
        if (engine === "failed") return;
        // The host answered that a runtime file is not there: this page is of a build since replaced
        // (a deploy that deletes old files); offline.js moves the page to the current build.
        const gone = /HTTP (404|410)\b/.test(message.error);
        failure = gone
          ? "this page is from an older version of the site, whose calculators are gone from it: reload to open the current version"
          : message.error.includes("login page")
          ? "the network answered with a login page, not the site: log in, then reload"
          : message.error.includes("damaged")
          ? "its copy on this phone was damaged and has been dropped: it is saved again when you have signal"
          : message.error.includes("download") ? "no connection to the site, and it is not saved for offline use yet"
            : "this browser could not run it";
        console.warn("calculators:", message.error);
        setEngine("failed");
        reject(new Error(message.error));
        if (gone) document.documentElement.dataset.calculatorsGone = "yes"; // read by offline.js, now or when it starts
        document.dispatchEvent(new CustomEvent("calculators:failed"));
      } else if (message.type === "result") {
        const answer = waiting.get(message.id);
        waiting.delete(message.id);
        if (answer) answer(message.json);
        watch(true);
        settled();
      }
    };
    started.onmessage = (event) => receive(event.data);
    started.early.splice(0).forEach(receive);
    started.onerror = (event) => {
      event.preventDefault();
      failure = "this browser could not run it";
      setEngine("failed");
      reject(new Error(event.message || "worker failed"));
      // Questions out when it broke get no answer from it: each is answered so, and none waits for ever.
      for (const answer of waiting.values()) answer(stopped);
      waiting.clear();
      document.dispatchEvent(new CustomEvent("calculators:failed"));
    };
  });
  ready = starting;
  starting.catch(() => {}); // each calculator shows a failed start itself
  document.dispatchEvent(new CustomEvent("calculators:booting"));
  notify();
  return starting;
}

// Python up and no question waiting: the page's first answers are in, and the theme's script may come
// (start.js loads it then, after the next frame is drawn).
function settled() {
  if (engine === "ready" && !waiting.size) document.dispatchEvent(new CustomEvent("calculators:settled"));
}

// Every real question is answered in milliseconds once Python is up; one that is not has the worker
// stuck (Python cannot be interrupted from here), so the worker is replaced and the question answered so.
const TOO_LONG = 15000;
const tooLong = JSON.stringify({ ok: false, errors: { form: "That took too long to work out, so it was stopped: check the values." } });
const stopped = JSON.stringify({ ok: false, errors: { form: "The live calculator stopped: reload the page to start it again." } });

// Stuck means no answer for TOO_LONG while questions wait, counted from when Python was up or from the
// last answer: a queue of quick questions on a busy phone is progress, not a stuck worker.
let watchdog = 0;
/** @param {boolean} answered */
function watch(answered) {
  if (answered || !waiting.size) {
    clearTimeout(watchdog);
    watchdog = 0;
  }
  if (waiting.size && !watchdog) {
    watchdog = setTimeout(() => {
      watchdog = 0;
      if (waiting.size) replaceWorker();
    }, TOO_LONG);
  }
}

function replaceWorker() {
  clearTimeout(watchdog);
  watchdog = 0;
  window.calculatorsStop(); // start.js
  worker = null;
  ready = null;
  for (const answer of waiting.values()) answer(tooLong);
  waiting.clear();
  setEngine("idle");
}

/** @param {CalculatorElement} calc @param {FormValues} values @param {HouseRule[]} house @returns {Promise<string>} */
export function ask(calc, values, house = []) {
  const common = { calculator: calc.dataset.calculator, ruleset: calc.dataset.ruleset, values: JSON.stringify(values), root: calc.dataset.root };
  return askPython(calc.dataset.compare ? { type: "compare", ...common } : { type: "calculate", ...common, house: house.length ? JSON.stringify(house) : "" });
}

/** Any question of Python's: an answer, a table to check, a card. Starts Python if it is not.
 * @param {Question} asking @returns {Promise<string>} */
export function askPython(asking) {
  const id = ++lastId;
  const asked = boot();
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const question = /** @type {ToWorker} */ ({ ...asking, id });
    worker?.postMessage(question);
    // Watched from when Python is up: a slow start is the status line's to say, not a stuck question.
    asked.then(() => { if (ready === asked) watch(false); }, () => {});
  });
}
