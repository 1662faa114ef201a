// @ts-check
// A route's legs: the hidden field holds them as a JSON list (for Python and the address). Each leg is a
// row a thumb edits where it stands: its kind, its inches with - / +, up, down, a leg inserted after it,
// and out; under the list, a leg added at the end and the route cleared in one tap.
import { edited, kindOf as patternOf, steppedInches, write } from "./taps.js";

/** @type {(field: HTMLElement) => HTMLInputElement} */
const listOf = (field) => /** @type {HTMLInputElement} */ (field.querySelector("input[name=legs]"));
/** @type {(field: HTMLElement) => string[]} */
const legsOf = (field) => JSON.parse(listOf(field).value);
/** @type {(field: HTMLElement) => import("./taps.js").LegKind[]} */
const kindsOf = (field) => JSON.parse(field.dataset.kinds || "[]");
// A row's kind and inches, or null for a leg no kind writes (a gap with its drop, given by a link): that row
// keeps its words, and its buttons.
/** @type {(field: HTMLElement, leg: string) => string[] | null} */
const kindOf = (field, leg) => patternOf(kindsOf(field), leg);
/** @type {(text: string) => boolean} */
const plainNumber = (text) => /^(\d+(\.\d*)?|\.\d+)$/.test(text.trim());

/** @param {string} action @param {string} symbol @param {string} label */
function legButton(action, symbol, label, disabled = false) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "calc-leg-button";
  button.dataset.leg = action;
  button.textContent = symbol;
  button.setAttribute("aria-label", label);
  button.disabled = disabled;
  return button;
}

// Two lines a thumb reaches at 360 px: the leg's number, its kind and "Insert after"; then its inches
// with - / +, up, down and remove.
/** @param {HTMLElement} field @param {string} leg @param {number} index @param {number} count */
function legRow(field, leg, index, count) {
  const item = document.createElement("li");
  item.className = "calc-leg";
  item.dataset.index = String(index);
  const name = `leg ${index + 1}`;
  const top = document.createElement("div");
  top.className = "calc-leg-line";
  const number = document.createElement("span");
  number.className = "calc-leg-number";
  number.textContent = `${index + 1}.`;
  number.setAttribute("aria-hidden", "true"); // each control's own name says which leg
  top.append(number);
  const tools = document.createElement("div");
  tools.className = "calc-leg-line calc-leg-tools";
  const kind = kindOf(field, leg);
  let extra = null;
  if (kind) {
    const select = document.createElement("select");
    select.className = "calc-leg-kind";
    select.setAttribute("aria-label", `Kind of ${name}`);
    for (const { value: pattern, label: words } of kindsOf(field)) {
      select.append(new Option(words[0].toUpperCase() + words.slice(1), pattern, false, pattern === kind[0]));
    }
    top.append(select);
    tools.append(stepper("", kind[1], `Inches of ${name}`, `inches of ${name}`));
    if (kind[2] !== undefined) extra = secondLine(kind[0], kind[2], name);
  } else {
    const words = document.createElement("span");
    words.className = "calc-leg-words";
    words.textContent = leg;
    top.append(words);
  }
  top.append(legButton("insert", "Insert after", `Insert after ${name}: a new leg`));
  tools.append(
    legButton("up", "\u2191", `Move up: ${name}, ${leg}`, index === 0),
    legButton("down", "\u2193", `Move down: ${name}, ${leg}`, index === count - 1),
    legButton("remove", "\u00d7", `Remove: ${name}, ${leg}`),
  );
  item.append(top, tools, ...(extra ? [extra] : []));
  return item;
}

// A leg's second number (a gap's drop) on a line of its own, named by the word the leg writes it with
// (#62, item 4: a gap's drop could not be given on the leg).
/** @param {string} pattern @param {string} value @param {string} name */
function secondLine(pattern, value, name) {
  const word = pattern.split("{}")[1].trim(); // "drop"
  const line = document.createElement("div");
  line.className = "calc-leg-line calc-leg-second";
  const label = document.createElement("span");
  label.className = "calc-leg-second-word";
  label.textContent = word[0].toUpperCase() + word.slice(1);
  label.setAttribute("aria-hidden", "true"); // the box's own name says it
  line.append(label, stepper("-second", value, `${label.textContent} of ${name}, inches`, `${word} of ${name}`));
  return line;
}

// A number of a leg with its - / +: its inches ("") or its second number ("-second"), each box and button
// named for what it changes.
/** @param {string} which @param {string} value @param {string} boxName @param {string} changes */
function stepper(which, value, boxName, changes) {
  const found = document.createElement("div");
  found.className = "calc-stepper";
  const box = document.createElement("input");
  box.type = "text";
  box.inputMode = "decimal";
  box.className = `calc-leg${which}-inches`;
  box.value = value;
  box.setAttribute("aria-label", boxName);
  found.append(legButton(`less${which}`, "\u2212", `Less: ${changes}`), box, legButton(`more${which}`, "+", `More: ${changes}`));
  return found;
}

/** @param {HTMLElement} field */
function showLegs(field) {
  const legs = legsOf(field);
  /** @type {HTMLElement} */ (field.querySelector(".calc-leg-list")).replaceChildren(...legs.map((leg, index) => legRow(field, leg, index, legs.length)));
  /** @type {HTMLButtonElement} */ (field.querySelector("[data-leg=clear]")).disabled = legs.length === 0;
}

/** @param {HTMLElement} field @param {string[]} legs */
function saveLegs(field, legs) {
  const input = listOf(field);
  input.value = JSON.stringify(legs);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// A row's kind or inches, written back into its leg. Inches half typed ("", "1.") wait until the
// player leaves the box: nothing is said to be wrong before a leg is finished.
/** @param {HTMLElement} field @param {HTMLElement} row @param {boolean} finished */
function rowChanged(field, row, finished) {
  const inches = /** @type {HTMLInputElement} */ (row.querySelector(".calc-leg-inches")).value;
  const second = /** @type {HTMLInputElement | null} */ (row.querySelector(".calc-leg-second-inches"))?.value;
  if (!finished && (!plainNumber(inches) || (second !== undefined && !plainNumber(second)))) return;
  const legs = legsOf(field);
  const pattern = /** @type {HTMLSelectElement} */ (row.querySelector(".calc-leg-kind")).value;
  const kept = (/** @type {string | undefined} */ text) => (text === undefined ? undefined : text.replace(/"/g, "").trim());
  legs[Number(row.dataset.index)] = write(pattern, kept(inches) ?? "", kept(second));
  saveLegs(field, legs);
  // A kind that gains or loses its second number (a gap given its drop) is drawn again with it or without.
  if ((pattern.split("{}").length > 2) === (second !== undefined)) return;
  showLegs(field);
  /** @type {HTMLElement | null | undefined} */ (field.querySelectorAll(".calc-leg")[Number(row.dataset.index)]?.querySelector(".calc-leg-kind"))?.focus();
}

/** @param {HTMLElement} field @param {HTMLElement} row @param {number} delta */
function stepInches(field, row, delta, second = false) {
  const box = /** @type {HTMLInputElement} */ (row.querySelector(second ? ".calc-leg-second-inches" : ".calc-leg-inches"));
  // Each kind's step and least inches, as its rules module declares them (a low wall in half inches).
  box.value = steppedInches(kindsOf(field), /** @type {HTMLSelectElement} */ (row.querySelector(".calc-leg-kind")).value, box.value, delta, second);
  rowChanged(field, row, true);
}

/** @param {HTMLElement} field @param {HTMLElement} button */
export function editLegs(field, button) {
  const legs = legsOf(field);
  const row = /** @type {HTMLElement | null} */ (button.closest(".calc-leg"));
  const index = row ? Number(row.dataset.index) : legs.length;
  const action = button.dataset.leg || "";
  if (row && (action === "less" || action === "more")) return stepInches(field, row, action === "less" ? -1 : 1);
  if (row && (action === "less-second" || action === "more-second")) return stepInches(field, row, action === "less-second" ? -1 : 1, true);
  // The row the thumb is on after the change, and the button it was on.
  const focus = action === "up" ? index - 1 : action === "down" || action === "insert" ? index + 1 : index;
  saveLegs(field, edited(legs, action, index, kindsOf(field)));
  showLegs(field);
  // Focus stays with the leg moved, goes to the new leg's kind, or stays on the list's own buttons.
  const rows = field.querySelectorAll(".calc-leg");
  const target = action === "insert" || action === "add"
    ? rows[action === "add" ? rows.length - 1 : focus]?.querySelector(".calc-leg-kind, button")
    : action === "up" || action === "down"
      ? rows[focus]?.querySelector(`[data-leg=${action}]:not(:disabled)`) || rows[focus]?.querySelector("button:not(:disabled)")
      : action === "remove"
        ? rows[Math.min(index, rows.length - 1)]?.querySelector("[data-leg=remove]")
        : null;
  /** @type {HTMLElement} */ (target || field.querySelector("[data-leg=add]")).focus();
}

/** @param {HTMLElement} field */
export function setUpLegs(field) {
  showLegs(field); // the legs as the page or its link gave them
  // The rows' own controls write their leg; the form hears only the legs' field change.
  // A leg's row the event came from, or null (the legs' own field).
  const rowOf = (/** @type {Event} */ event) => (event.target instanceof Element && !event.target.matches("input[name=legs]")
    ? /** @type {HTMLElement | null} */ (event.target.closest(".calc-leg")) : null);
  field.addEventListener("input", (event) => {
    const row = rowOf(event);
    if (!row) return;
    event.stopPropagation();
    rowChanged(field, row, /** @type {Element} */ (event.target).matches("select"));
  });
  field.addEventListener("change", (event) => {
    const row = rowOf(event);
    if (!row) return;
    event.stopPropagation();
    if (!/** @type {Element} */ (event.target).matches("select")) rowChanged(field, row, true); // a kind: said on input
  });
}
