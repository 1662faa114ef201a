// @ts-check
// A route's form on a phone (#62, item 3): the fields a choice does not use are not shown, and what is
// settled before the first inch folds into one line that says the current choice. Which field a choice
// uses is declared once, in Python (Field.asked_when), and written on the field for this script to read.
import { formValues } from "./form.js";

/** Does each field this one waits on hold one of the values that ask it? A route's legs ask by their kinds.
 * @param {Record<string, string[]>} when @param {FormValues} values */
function asked(when, values) {
  return Object.entries(when).every(([name, wanted]) => {
    const value = values[name];
    if (!Array.isArray(value)) return wanted.includes(String(value ?? ""));
    return value.some((leg) => wanted.some((kind) => `${leg.toLowerCase().trim()} `.startsWith(`${kind} `)));
  });
}

/** A field's value as its fold's line says it: a choice by its words ("A charge"; a yes or no after its
 * label), a number after its label. @param {HTMLElement} field */
function said(field) {
  const label = (field.querySelector("label")?.textContent || "").replace(/ \(inches\)$/, "");
  const select = field.querySelector("select");
  if (select) {
    const words = select.selectedOptions[0]?.textContent || select.value;
    const yesOrNo = [...select.options].some((option) => option.value === "yes");
    return yesOrNo ? `${label}: ${words.charAt(0).toLowerCase()}${words.slice(1)}` : words;
  }
  const input = /** @type {HTMLInputElement | null} */ (field.querySelector("input"));
  const inches = input?.inputMode === "decimal" ? "\"" : "";
  return `${label} ${input?.value.trim() || "?"}${inches}`;
}

/** Each field shown or not as the form's values ask it (one with a message always shown), and each
 * fold's line said again. @param {HTMLElement} calc */
export function showFolds(calc) {
  const values = formValues(calc);
  for (const field of /** @type {NodeListOf<HTMLElement>} */ (calc.querySelectorAll(".calc-field[data-asked-when]"))) {
    /** @type {Record<string, string[]>} */
    let when = {};
    try {
      when = JSON.parse(field.dataset.askedWhen || "{}");
    } catch {
      // written by our build: a field whose condition cannot be read is shown
    }
    field.hidden = !asked(when, values) && !field.querySelector(".calc-error")?.textContent;
  }
  for (const fold of /** @type {NodeListOf<HTMLDetailsElement>} */ (calc.querySelectorAll(".calc-fold"))) {
    const line = fold.querySelector(".calc-fold-said");
    const shown = [.../** @type {NodeListOf<HTMLElement>} */ (fold.querySelectorAll(".calc-field"))].filter((field) => !field.hidden);
    if (line) line.textContent = shown.length ? `: ${shown.map(said).join(" · ")}` : "";
  }
}

/** A field with a message is never folded away: its fold opens, so the field the message marks is seen.
 * @param {HTMLElement} field */
export function unfold(field) {
  const fold = field.closest("details");
  if (fold) fold.open = true;
  field.hidden = false;
}
