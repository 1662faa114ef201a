// @ts-check
// What a calculator says about the answer it shows: for which values, how it was worked out, and what is
// wrong next to each field.
import { engineState, engineWords, progressWords, waitingWords } from "./engine.js";
import { formValues, sameValues } from "./form.js";
import { houseFor } from "./house.js";
import { sayGlance } from "./glance.js";
import { showFolds, unfold } from "./folds.js";

// The one place that decides what the status line and the result's mark say.
/** @param {CalculatorElement} calc */
export function showState(calc) {
  const status = /** @type {HTMLElement} */ (calc.querySelector(".calc-status"));
  const result = /** @type {HTMLElement} */ (calc.querySelector(".calc-result"));
  const note = /** @type {HTMLElement} */ (calc.querySelector(".calc-for"));
  const sameRules = houseStill(calc);
  const current = sameRules && sameValues(formValues(calc), calc.shownFor);
  result.classList.toggle("calc-stale", !current);
  calc.dataset.state = current ? calc.shownKind : calc.unfinished ? "unfinished" : "stale";
  note.hidden = current;
  // The values in words come from Python (rulescore.web.values), with the answer they are for.
  note.textContent = current
    ? ""
    : sameRules
      ? `Not for the values above. Shown: the answer for ${calc.shownWords}.`
      : `Not as your table plays now: it played house rules no longer in play. Shown: the answer for ${calc.shownWords}.`;
  sayGlance(calc, current, calc.invalid || waitingWords());
  showFolds(calc);
  const printed = calc.querySelector(".calc-print-for");
  if (printed) printed.textContent = `For: ${calc.shownWords}.`;
  let words;
  if (calc.invalid) words = calc.invalid;
  else if (current && calc.shownKind === "page") {
    // With the runtime's progress (the next value further away waits for it), or why the live calculator
    // could not start (a login page, no signal).
    words = engineState() === "failed"
      ? `Answered from the page, worked out for these values when the site was built. ${engineWords()}`
      : `Answered from the page, worked out for these values when the site was built; the live calculator is on its way${progressWords()}.`;
  } else if (current && calc.shownKind !== "live" && houseFor(calc.dataset.ruleset).length) {
    // The page's own answer is the rules as written: said so until Python answers as the table plays.
    words = engineState() === "failed"
      ? `The rules as written, worked out when the page was built: your house rules need the live calculator. ${engineWords()}`
      : `The rules as written, worked out when the page was built; your house rules are on their way${progressWords()}.`;
  } else if (current) words = calc.shownKind === "live" ? "Live result." : "Worked out for these values when the page was built.";
  else words = waitingWords();
  if (current && engineState() === "failed" && calc.shownKind === "built" && !houseFor(calc.dataset.ruleset).length) words += " The live calculator could not start.";
  status.textContent = words;
}

/** Is every house rule the shown answer played still in play? (#47, item 2: after "Play the rules as written"
 * a house-ruled answer stood undimmed under the refusal of the same values.) @param {CalculatorElement} calc */
function houseStill(calc) {
  const playing = houseFor(calc.dataset.ruleset);
  return (calc.shownHouse || []).every((rule) => playing.some((p) => p.rule === rule.rule && p.value === rule.value));
}

/** @param {HTMLElement} calc @param {Record<string, string>} errors @param {Reading[]} readings */
export function showErrors(calc, errors, readings = []) {
  for (const field of /** @type {NodeListOf<HTMLElement>} */ (calc.querySelectorAll(".calc-field"))) {
    const message = errors[field.dataset.field || ""] || "";
    const shown = /** @type {HTMLElement} */ (field.querySelector(".calc-error"));
    shown.textContent = message;
    // A refusal that rests on our reading of the text links to that reading.
    for (const reading of readings.filter((r) => r.field === field.dataset.field)) {
      const link = document.createElement("a");
      link.href = reading.href;
      link.textContent = `Our reading: ${reading.title}`;
      shown.append(" ", link);
      if (reading.switch) {
        const otherwise = document.createElement("a");
        otherwise.href = reading.switch;
        otherwise.textContent = "Your table plays it otherwise: switch it";
        shown.append(" · ", otherwise);
      }
    }
    // A route's legs are no one box: their message beside them says it (a hidden list may carry no aria-*).
    if (!field.classList.contains("calc-legs")) /** @type {HTMLElement} */ (field.querySelector("input, select")).setAttribute("aria-invalid", message ? "true" : "false");
    if (message) unfold(field);
  }
}
