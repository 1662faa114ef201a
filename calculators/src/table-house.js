// @ts-check
// Your table's house rules: each switch plays when it is switched (a tick, a choice, a box left), checked by
// Python with the table's other house rules first, and said next to it (#47, item 1).
import { change, told } from "./table-page.js";

const { keptTable } = /** @type {PlayersTableApi} */ (window.playersTable);

/** A house rule's value as its field holds it: a tick is "otherwise", an empty box or "As written" none.
 * @param {HTMLInputElement | HTMLSelectElement} input */
const fieldValue = (input) => (input instanceof HTMLInputElement && input.type === "checkbox" ? (input.checked ? "otherwise" : "") : input.value.trim());

// One switch is checked at a time, in the order switched: each is read against the table the last one kept.
let switching = Promise.resolve();

/** A house rule switched plays at once: checked by Python with the table's other house rules, kept, and
 * said next to the switch (#47, item 1); refused, the table is as it was and the field says why.
 * @param {HTMLElement} root @param {HTMLElement} box @param {HTMLInputElement | HTMLSelectElement} input */
async function switchRule(root, box, input) {
  const ruleset = box.dataset.ruleset || "";
  const rule = input.dataset.rule || "";
  const row = /** @type {HTMLElement} */ (input.closest(".table-rule"));
  const error = /** @type {HTMLElement} */ (row.querySelector(".calc-error"));
  const said = /** @type {HTMLElement} */ (row.querySelector(".table-said"));
  const value = fieldValue(input);
  const was = keptTable().house_rules.find((other) => other.ruleset === ruleset && other.rule === rule);
  if ((was?.value || "") === value) return; // switched back before it was read: nothing to change
  said.textContent = "Checking…";
  error.textContent = "";
  const edit = (/** @type {PlayersTable} */ now) => {
    const others = now.house_rules.filter((other) => !(other.ruleset === ruleset && other.rule === rule));
    return { ...now, house_rules: value ? [...others, { ruleset, rule, value }] : others };
  };
  const { reply, kept } = await change(edit); // against what every tab has kept (#64, item 6)
  if (!reply.ok) {
    said.textContent = "";
    error.textContent = `Not played, and your table is as it was: ${Object.values(reply.errors).join(" ")}`;
    input.setAttribute("aria-invalid", "true");
    return;
  }
  input.setAttribute("aria-invalid", "false");
  const label = row.querySelector("label")?.firstChild?.textContent?.trim() || "";
  const words = value ? reply.words?.[`${ruleset} ${rule}`] : `${label.replace(/^House rule: /, "")}: the rules as written.`;
  told(root, kept, `${value ? "In play" : "Switched back"}: ${words}`, said);
}

/** @param {HTMLElement} root */
export function setUpHouseRules(root) {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".table-house"))) {
    const form = /** @type {HTMLFormElement} */ (box.querySelector("form"));
    const changed = (/** @type {EventTarget | null} */ target) => {
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || !target.dataset.rule) return;
      switching = switching.then(() => switchRule(root, box, target));
    };
    form.addEventListener("change", (event) => changed(event.target));
    // Enter in a box plays it as leaving the box does (the form has no button to submit).
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      changed(document.activeElement);
    });
  }
}
