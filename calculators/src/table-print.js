// @ts-check
// Your table on paper: a model's card, and the whole table on one A4 sheet (#63: every model's card and
// the house rules it plays, no controls, readable in ink). Python words both (rulescore.web.table); this
// puts them where the page prints them.
import { ask } from "./table-page.js";

const { keptTable } = /** @type {PlayersTableApi} */ (window.playersTable);

/** A model's card is put away when the model is removed or changed: it would show odds it no longer has. @param {HTMLElement} root @param {Model} model */
export function hideCard(root, model) {
  const card = /** @type {HTMLElement} */ (root.querySelector(".table-card"));
  const shown = /** @type {HTMLElement | null} */ (card.querySelector(".card"));
  if (!card.hidden && (!shown || (shown.dataset.model === model.name && card.dataset.ruleset === model.ruleset))) {
    card.hidden = true;
    card.replaceChildren();
  }
}

/** @param {HTMLElement} root @param {Model} model */
export async function showCard(root, model) {
  const card = /** @type {HTMLElement} */ (root.querySelector(".table-card"));
  card.hidden = false;
  card.dataset.ruleset = model.ruleset;
  card.textContent = `Working out ${model.name}'s card…`;
  const reply = await ask({ type: "card", text: JSON.stringify(keptTable()), ruleset: model.ruleset, name: model.name });
  if (!reply.ok) {
    card.textContent = Object.values(reply.errors).join(" ");
    return;
  }
  card.innerHTML = reply.html ?? ""; // Python's HTML, every value escaped there (rulescore.web.table)
  const print = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Print this card" });
  print.addEventListener("click", () => window.print());
  card.append(print);
  card.scrollIntoView({ block: "nearest" });
}

/** The sheet is worked out when asked, shown while it prints, and put away after: a table changed later
 * would leave it showing odds it no longer has. @param {HTMLElement} root */
export function setUpSheet(root) {
  const button = /** @type {HTMLButtonElement} */ (root.querySelector(".table-sheet-print"));
  const sheet = /** @type {HTMLElement} */ (root.querySelector(".table-sheet"));
  const said = /** @type {HTMLElement} */ (root.querySelector(".table-sheet-said"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    said.textContent = "Working out every card…";
    try {
      const reply = await ask({ type: "sheet", text: JSON.stringify(keptTable()) });
      if (!reply.ok) {
        said.textContent = Object.values(reply.errors).join(" ");
        return;
      }
      /** @type {HTMLElement} */ (root.querySelector(".table-card")).hidden = true; // the sheet holds every card
      sheet.innerHTML = reply.html ?? ""; // Python's HTML, every value escaped there (rulescore.web.table)
      sheet.hidden = false;
      said.textContent = "The sheet is below; printing it.";
      window.print();
    } finally {
      button.disabled = false;
    }
  });
  window.addEventListener("afterprint", () => {
    if (sheet.hidden) return;
    sheet.hidden = true;
    sheet.replaceChildren();
    said.textContent = "";
  });
}
