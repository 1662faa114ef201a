// @ts-check
// Your table's add form, checked as a player types (#63): a characteristic that is no number, not whole, or
// beyond the bounds is said at once, in Python's own words written on the field at build time
// (rulescore.answers.fields.Field.checks), without waiting for the runtime. Only what is surely at fault
// is said here: Python's check still decides what is kept.
import { numberIn } from "./taps.js";

/** @typedef {{said: Record<string, string>, whole: boolean, above_zero: boolean, target: boolean, longest: number, min?: string, max?: string}} Checks */

// A number as Python reads one (rulescore.answers.fields.NUMBER): a sign, digits, a decimal point or comma.
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** What is surely wrong with a typed value, in Python's words, or "". @param {string} typed @param {Checks} checks */
export function typedFault(typed, checks) {
  let text = typed.trim();
  if (!text || text.length > checks.longest) return ""; // left out (not given), or Python's to say
  text = text.replace(/["\u201d]+$/, "").trim().replace("\u2212", "-"); // an inch mark, a typographic minus
  if (checks.target && text.endsWith("+")) text = text.slice(0, -1).trim(); // "7+" as a profile prints a roll
  if (!NUMBER.test(text)) return checks.said.number.replace("{}", text.slice(0, 20));
  const value = numberIn(text);
  if (checks.whole && !Number.isInteger(value)) return checks.said.whole || "";
  if ((checks.above_zero && value <= 0) || (checks.min !== undefined && value < Number(checks.min))) return checks.said.low;
  if (checks.max !== undefined && value > Number(checks.max)) return checks.said.high;
  return "";
}

/** Each shown characteristic's fault, marked on its box; the faults together, or "" for none.
 * @param {HTMLElement} profile */
export function typedFaults(profile) {
  const faults = [];
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (profile.querySelectorAll("input[data-checks]"))) {
    let checks = null;
    try {
      checks = JSON.parse(input.dataset.checks || "");
    } catch {
      // written by our build: a box whose checks cannot be read is left to Python
    }
    const fault = checks ? typedFault(input.value, checks) : "";
    input.setAttribute("aria-invalid", fault ? "true" : "false");
    if (fault) faults.push(fault);
  }
  return faults.join(" ");
}
