// @ts-check
// "The model" and "the target" in a calculator: picked once, they fill every field that holds one of their
// characteristics, on this page and the next, and each field says where its value came from.
import { keptTable, modelNamed, pick, picked } from "./kept.js";

const WHOSE = { model: "Model", target: "Target" };

/** A field's name as its label says it, without the bracketed hint. @param {HTMLElement} calc @param {HTMLElement} element */
const labelOf = (calc, element) => (calc.querySelector(`label[for="${element.id}"]`)?.textContent || element.getAttribute("name") || "").split(" (")[0];

/** A field that holds a model's characteristic: "model.move", "target.initiative".
 * @typedef {(HTMLInputElement | HTMLSelectElement) & { dataset: { characteristic: string } }} CharacteristicField */

/** @param {HTMLElement} calc @returns {CharacteristicField[]} */
const characteristicFields = (calc) => [...calc.querySelectorAll("[data-characteristic]")].filter(
  /** @returns {e is CharacteristicField} */ (e) => e instanceof HTMLInputElement || e instanceof HTMLSelectElement,
);

/** The picker for a calculator, if the phone holds models of its ruleset; none on a compare table.
 * @param {CalculatorElement} calc @param {(calc: CalculatorElement) => void} answer @param {boolean} fromLink */
export function setUpPicker(calc, answer, fromLink = false) {
  calc.querySelector(".calc-pick")?.remove();
  const ruleset = calc.dataset.ruleset;
  const models = keptTable().models.filter((m) => m.ruleset === ruleset);
  if (!models.length || calc.dataset.compare) return false;
  const box = document.createElement("div");
  box.className = "calc-pick";
  const choice = picked(ruleset);
  for (const whose of /** @type {("model" | "target")[]} */ (["model", "target"])) {
    if (!characteristicFields(calc).some((e) => e.dataset.characteristic.startsWith(`${whose}.`))) continue;
    const id = `${calc.id}-pick-${whose}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = whose === "target" ? calc.dataset.targetWords || WHOSE.target : WHOSE[whose]; // the spotter, in hiding
    const select = document.createElement("select");
    select.id = id;
    select.dataset.pick = whose;
    const first = whose === "model" ? "mine" : "enemy"; // your own models first for the model, enemies for the target
    const none = new Option("None (type the values)", "");
    select.append(none, ...[...models].sort((a, b) => Number(b.side === first) - Number(a.side === first)).map((m) => new Option(`${m.name}${m.side === "enemy" ? " (enemy)" : ""}`, m.name)));
    // A link's values are not the model's: the picker shows none until the player picks.
    select.value = !fromLink && models.some((m) => m.name === choice[whose]) ? choice[whose] : "";
    select.dataset.chosen = select.value;
    const choose = () => {
      if (select.dataset.chosen === select.value) return; // "input" and "change" both come for one choice
      select.dataset.chosen = select.value;
      const now = picked(ruleset);
      pick(ruleset, { ...now, [whose]: select.value });
      // Picked once, for every calculator of this ruleset on the page (and the next page's).
      for (const other of /** @type {NodeListOf<CalculatorElement>} */ (document.querySelectorAll(`.calc[data-ruleset="${ruleset}"]`))) {
        const theirs = /** @type {HTMLSelectElement | null} */ (other.querySelector(`[data-pick="${whose}"]`));
        if (theirs) theirs.value = select.value;
        if (fill(other)) answer(other);
      }
    };
    select.addEventListener("input", choose);
    select.addEventListener("change", choose);
    box.append(label, select);
  }
  const note = document.createElement("p");
  note.className = "calc-pick-note";
  note.setAttribute("aria-live", "polite");
  box.append(note);
  /** @type {HTMLFormElement} */ (calc.querySelector("form")).before(box);
  return true;
}

/** A field's value as the page wrote it: the ruleset's default. @param {HTMLInputElement | HTMLSelectElement} element */
const defaultOf = (element) => (element instanceof HTMLSelectElement
  ? ([...element.options].find((option) => option.defaultSelected) || element.options[0])?.value ?? ""
  : element.defaultValue);

/**
 * Each field that holds a picked model's characteristic, filled from it; a field the model does not give
 * goes back to the ruleset's default (a model stands for all it is: one picked after a warhound is no
 * animal unless its own profile says so). True if any value changed.
 * @param {CalculatorElement} calc
 */
export function fill(calc) {
  const choice = picked(calc.dataset.ruleset);
  let changed = false;
  for (const element of characteristicFields(calc)) {
    const [whose, key] = element.dataset.characteristic.split(".");
    const model = modelNamed(calc.dataset.ruleset, whose === "model" ? choice.model : choice.target);
    if (model && Object.hasOwn(model.profile, key)) {
      changed ||= element.value !== model.profile[key];
      element.value = model.profile[key];
      element.dataset.from = model.name;
      element.dataset.fromValue = model.profile[key];
    } else {
      if (model && element.value !== defaultOf(element)) {
        element.value = defaultOf(element);
        changed = true;
      }
      delete element.dataset.from;
    }
  }
  describeFilled(calc);
  return changed;
}

/** Says which fields came from which model, and which no longer match it (changed by hand). @param {HTMLElement} calc */
export function describeFilled(calc) {
  const note = calc.querySelector(".calc-pick-note");
  if (!note) return;
  const from = new Map();
  const changed = [];
  for (const element of characteristicFields(calc)) {
    if (!element.dataset.from) continue;
    const name = labelOf(calc, element);
    if (element.value.trim() !== element.dataset.fromValue) changed.push(`${name} no longer matches ${element.dataset.from}.`);
    else from.set(element.dataset.from, [...(from.get(element.dataset.from) || []), name]);
  }
  const said = [...from].map(([model, names]) => `From ${model}: ${names.join(", ")}.`);
  note.textContent = [...said, ...changed].join(" ");
  calc.querySelectorAll("[data-characteristic]").forEach((element) => {
    const field = /** @type {HTMLInputElement} */ (element);
    field.classList.toggle("calc-from-model", Boolean(field.dataset.from) && field.value.trim() === field.dataset.fromValue);
  });
}
