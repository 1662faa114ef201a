// @ts-check
// A warband typed as a roster sheet reads, a line a model (#63): read by Python (rulescore.table.roster) for
// the ruleset and side Your table's add form has chosen, shown, then kept as any change is.
import { ask, change, told } from "./table-page.js";

const { keptTable } = /** @type {PlayersTableApi} */ (window.playersTable);

/** A warband typed a line a model (#63): read by Python (rulescore.table.roster) for the ruleset and side the
 * add form has chosen, shown, then kept as any change is. @param {HTMLElement} root */
export function setUpRoster(root) {
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector(".table-roster-form"));
  if (!form) return;
  const ruleset = /** @type {HTMLSelectElement} */ (root.querySelector("#table-ruleset"));
  const side = /** @type {HTMLSelectElement} */ (root.querySelector("#table-side"));
  const lines = /** @type {HTMLTextAreaElement} */ (form.querySelector("#table-roster-lines"));
  const error = /** @type {HTMLElement} */ (form.querySelector(".calc-error"));
  const read = /** @type {HTMLElement} */ (form.querySelector(".table-roster-read"));
  const keep = /** @type {HTMLButtonElement} */ (read.querySelector("[data-roster=keep]"));
  const label = (/** @type {string} */ rulesetId, /** @type {string} */ key) => (root.querySelector(`label[for="${CSS.escape(`table-${rulesetId}-${key}`)}"]`)?.textContent || key).split(" (")[0];
  const sayOrder = () => {
    const shown = root.querySelector(`.table-profile[data-ruleset="${CSS.escape(ruleset.value)}"]`);
    /** @type {HTMLElement} */ (form.querySelector(".table-roster-order")).textContent = [...(shown?.querySelectorAll("label") || [])].map((l) => (l.textContent || "").split(" (")[0]).join(", ");
  };
  sayOrder();
  ruleset.addEventListener("change", () => { sayOrder(); read.hidden = true; });
  /** @type {Model[]} */
  let pending = [];
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    read.hidden = true;
    error.textContent = "Reading the lines…";
    const now = keptTable();
    const reply = await ask({ type: "roster", text: JSON.stringify(now), ruleset: ruleset.value, side: side.value, lines: lines.value });
    if (!reply.ok || !reply.table) {
      error.textContent = Object.values(reply.errors).join(" ");
      lines.setAttribute("aria-invalid", "true");
      return;
    }
    lines.setAttribute("aria-invalid", "false");
    error.textContent = "";
    pending = reply.table.models.slice(now.models.length);
    /** @type {HTMLElement} */ (read.querySelector("ul")).replaceChildren(...pending.map((model) => Object.assign(document.createElement("li"), {
      textContent: `${model.name}: ${Object.entries(model.profile).map(([key, value]) => `${label(model.ruleset, key)} ${value}`).join(" · ") || "no characteristics given"}`,
    })));
    keep.textContent = pending.length === 1 ? "Keep this model" : `Keep these ${pending.length} models`;
    read.hidden = false;
  });
  keep.addEventListener("click", async () => {
    const adding = pending;
    const { reply, kept } = await change((now) => ({ ...now, models: [...now.models, ...adding] }));
    if (!reply.ok) {
      error.textContent = `Not kept: ${Object.values(reply.errors).join(" ")}`;
      return;
    }
    read.hidden = true;
    lines.value = "";
    pending = [];
    told(root, kept, `Added ${adding.map((model) => model.name).join(", ")}.`, root.querySelector(".table-models-said"));
  });
}
