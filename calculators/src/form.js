// @ts-check
// A calculator's form: its values, a step of - / +, and the address that keeps them for a link.
import { stepped } from "./taps.js";

// A list field (a route's legs) holds its items as JSON; every other field one string.
const MOST_ITEMS = 40; // rulescore.answers.fields.MOST_ITEMS
const isList = (/** @type {HTMLInputElement | HTMLSelectElement} */ element) => element.dataset.list === "yes";

/** A form's fields: its text boxes, hidden lists and choices (its buttons have no name). @param {HTMLElement} calc */
function fields(calc) {
  const form = /** @type {HTMLFormElement} */ (calc.querySelector("form"));
  return [...form.elements].filter(
    /** @returns {element is HTMLInputElement | HTMLSelectElement} */
    (element) => (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && Boolean(element.name),
  );
}

/** @param {HTMLElement} calc @returns {FormValues} */
export function formValues(calc) {
  /** @type {FormValues} */
  const values = {};
  for (const element of fields(calc)) values[element.name] = isList(element) ? JSON.parse(element.value) : element.value;
  return values;
}

/** @param {FormValues} a @param {FormValues} b */
export const sameValues = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Inputs live in the query string as <calculator id>.<field>=value, so a link restores them; a list
// as its field's name once per item (once and empty for no items).
/** @param {HTMLElement} calc @param {FormValues} values */
export function saveToUrl(calc, values) {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(values)) {
    const key = `${calc.id}.${name}`;
    if (!Array.isArray(value)) {
      params.set(key, value);
      continue;
    }
    params.delete(key);
    for (const item of value.length ? value : [""]) params.append(key, item);
  }
  history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
}

/** @param {HTMLElement} calc */
export function loadFromUrl(calc) {
  const params = new URLSearchParams(location.search);
  let found = false;
  for (const element of fields(calc)) {
    const key = `${calc.id}.${element.name}`;
    if (!params.has(key)) continue;
    // A link made before lists were kept item by item joined a route's legs with "|". One item more than
    // Python takes, so it says "at most 40" (200,000 legs from an address overflowed the page's stack).
    element.value = isList(element)
      ? JSON.stringify(params.getAll(key).slice(0, MOST_ITEMS + 1).flatMap((item) => item.split("|", MOST_ITEMS + 1))
        .filter((item) => item.trim()).slice(0, MOST_ITEMS + 1))
      : String(params.get(key));
    found = true;
  }
  return found;
}

// A form built up item by item (a route's legs) reopens as the player left it, not at its default (#47,
// item 10): its last values Python answered are kept on the phone, per calculator and ruleset.
const LAST = "skirmish-last-values";
const LAST_LONGEST = 20000; // characters: forty legs and a few fields are under a tenth of this
const keyOf = (/** @type {HTMLElement} */ calc) => `${calc.dataset.ruleset} ${calc.dataset.calculator}`;
const builtUp = (/** @type {HTMLElement} */ calc) => fields(calc).some(isList);

/** What the phone kept of the forms built up item by item; anything not of that shape is not used. */
function lastKept() {
  try {
    const raw = localStorage.getItem(LAST);
    const kept = raw && raw.length <= LAST_LONGEST ? JSON.parse(raw) : null;
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {}; // refused, or not JSON
  }
}

/** Keeps a built-up form's values once Python has answered them. @param {HTMLElement} calc @param {FormValues} values */
export function keepLast(calc, values) {
  if (!builtUp(calc)) return;
  const kept = { ...lastKept(), [keyOf(calc)]: values };
  const text = JSON.stringify(kept);
  try {
    if (text.length <= LAST_LONGEST) localStorage.setItem(LAST, text);
  } catch {
    // storage refused: the form opens at its default next time, as before
  }
}

/** A built-up form's kept values, put back: strings only, a list no longer than Python takes, every field
 * read by Python again. True if any was. @param {HTMLElement} calc */
export function loadLast(calc) {
  if (!builtUp(calc)) return false;
  const kept = lastKept()[keyOf(calc)];
  if (!kept || typeof kept !== "object") return false;
  let found = false;
  for (const element of fields(calc)) {
    const value = kept[element.name];
    const fits = isList(element)
      ? Array.isArray(value) && value.length <= MOST_ITEMS && value.every((item) => typeof item === "string" && item.length <= 200)
      : typeof value === "string" && value.length <= 200;
    if (!fits) continue;
    element.value = isList(element) ? JSON.stringify(value) : value;
    found = true;
  }
  return found;
}

/** @param {HTMLElement} button */
export function step(button) {
  const input = /** @type {HTMLInputElement} */ (/** @type {HTMLElement} */ (button.parentElement).querySelector("input"));
  const { min, max, signed } = input.dataset;
  // From a value that is not a number, a step starts again from the last good one (or the default).
  const from = [/** @type {CalculatorElement} */ (input.closest(".calc")).shownFor[input.name], input.defaultValue];
  input.value = stepped(input.value, Number(button.dataset.step), { min, max, signed: Boolean(signed) }, from);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
