// @ts-check
// What a calculator says about the answer it shows: for which values, how it was worked out, and what is
// wrong next to each field.
import { engineState, engineWords, progressWords } from "./engine.js";
import { formValues, sameValues } from "./form.js";

// "Height of the fall 4, Toughness 3": the values a shown result is for, as the form labels them.
function describeValues(calc, values) {
  const parts = [];
  for (const field of calc.querySelectorAll(".calc-field")) {
    const control = field.querySelector("input, select");
    const labelText = field.querySelector("label, .calc-legs-label").textContent;
    const label = labelText.replace(/\s*\(.*\)$/, "").trim(); // "Toughness", not its hint
    const value = values[control.name];
    const shown = control.tagName === "SELECT"
      ? ([...control.options].find((option) => option.value === value) || { text: value }).text
      : `${value}${labelText.includes("(inches)") ? '"' : ""}`;
    parts.push(`${label} ${shown}`);
  }
  return parts.join(", ");
}

// The one place that decides what the status line and the result's mark say.
export function showState(calc) {
  const status = calc.querySelector(".calc-status");
  const result = calc.querySelector(".calc-result");
  const note = calc.querySelector(".calc-for");
  const current = sameValues(formValues(calc), calc.shownFor);
  result.classList.toggle("calc-stale", !current);
  calc.dataset.state = current ? calc.shownKind : calc.unfinished ? "unfinished" : "stale";
  note.hidden = current;
  note.textContent = current ? "" : `Not for the values above. Shown: the answer for ${describeValues(calc, calc.shownFor)}.`;
  const printed = calc.querySelector(".calc-print-for");
  if (printed) printed.textContent = `For: ${describeValues(calc, calc.shownFor)}.`;
  let words;
  if (calc.invalid) words = calc.invalid;
  else if (current && calc.shownKind === "page") {
    // Said with the runtime's progress: the next value further away waits for it.
    // With the runtime's progress, or why the live calculator could not start (a login page, no signal).
    words = engineState() === "failed"
      ? `Answered from the page, worked out for these values when the site was built. ${engineWords()}`
      : `Answered from the page, worked out for these values when the site was built; the live calculator is on its way${progressWords()}.`;
  } else if (current) words = calc.shownKind === "live" ? "Live result." : "Worked out for these values when the page was built.";
  else words = engineWords() || "Working out the new answer…";
  if (current && engineState() === "failed" && calc.shownKind === "built") words += " The live calculator could not start.";
  status.textContent = words;
}

export function showErrors(calc, errors, readings = []) {
  for (const field of calc.querySelectorAll(".calc-field")) {
    const message = errors[field.dataset.field] || "";
    const shown = field.querySelector(".calc-error");
    shown.textContent = message;
    // A refusal that rests on our reading of the text links to that reading.
    for (const reading of readings.filter((r) => r.field === field.dataset.field)) {
      const link = document.createElement("a");
      link.href = reading.href;
      link.textContent = `Our reading: ${reading.title}`;
      shown.append(" ", link);
    }
    field.querySelector("input, select").setAttribute("aria-invalid", message ? "true" : "false");
  }
}
