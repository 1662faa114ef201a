// @ts-check
// Answers a tap or two from the defaults, worked out when the site was built (sitegen/bundle/nearby.py): a first
// visit's first taps are answered from them while Python is on its way. One file per calculator, asked
// for once: when it is first touched or scrolled to, or with the page when the page is opened at it
// (start.js); anything but a file of answers is not used.
// A phone that holds the site offline ("Ready offline", noted by offline.js) starts Python from its own
// copy in a moment: the stored answers are for one that does not, and are not asked for there.
import { formKey } from "./taps.js";

const answerFiles = new Map();
function pythonKept() {
  try {
    return Boolean(localStorage.getItem("offline-build"));
  } catch {
    return false; // storage refused: nothing is kept either
  }
}

/** @param {HTMLElement} calc */
export function nearby(calc) {
  const name = `${calc.dataset.compare ? "compare" : calc.dataset.ruleset}-${calc.dataset.calculator}.json`;
  if (!window.calculatorsAnswers || pythonKept()) return Promise.resolve(null);
  const url = new URL(name, window.calculatorsAnswers).href;
  if (!answerFiles.has(url)) {
    const early = window.calculatorsEarly && window.calculatorsEarly[url]; // asked for with the page (start.js)
    const file = (early || fetch(url))
      .then((response) => (response && response.ok && /json/.test(response.headers.get("content-type") || "") ? response.json() : null))
      .then((data) => (data && typeof data.root === "string" && data.answers && typeof data.answers === "object" ? data : null))
      .catch(() => null);
    answerFiles.set(url, file);
  }
  return answerFiles.get(url);
}

// The stored reply for these values, as Python would give it on this page (its links lead from this
// page's root), or null: a value typed, or three taps away, waits for Python.
/** @param {HTMLElement} calc @param {FormValues} values @returns {Promise<Reply | null>} */
export async function storedReply(calc, values) {
  const file = await nearby(calc);
  const key = formKey(values); // the build's key for it too (taps.js)
  const [html, said] = file && Object.hasOwn(file.answers, key) && Array.isArray(file.answers[key]) ? file.answers[key] : [];
  if (typeof html !== "string" || typeof said !== "string") return null;
  return { ok: true, errors: {}, html: html.split(file.root).join(calc.dataset.root), for: said };
}
