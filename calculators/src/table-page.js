// @ts-check
// What every part of Your table's page shares: Python's answers (through calculators.js, window.playersTable)
// and keeping a checked table, said where the player made the change.
const { askPython, boot, engineWords, keepTable } = window.playersTable;

/** Python's answer to a question of this page; a start that fails is said, not waited on for ever.
 * @param {Question} question @returns {Promise<TableReply>} */
export async function ask(question) {
  const asked = askPython(question);
  try {
    await boot();
  } catch {
    return { ok: false, errors: { python: `${engineWords()} Nothing was changed.` } };
  }
  return JSON.parse(await asked);
}

/** @param {PlayersTable} table */
export const check = (table) => ask({ type: "table", text: JSON.stringify(table) });

/** @param {HTMLElement} root @param {string} words */
export function say(root, words) {
  root.querySelector(".table-message").textContent = words;
}

/** Keeps a checked table, and says so where the player made the change (`where`: the line under it), and
 * where the phone will not keep it. @param {HTMLElement} root @param {PlayersTable} table @param {string} words @param {Element} [where] */
export function keep(root, table, words, where = root.querySelector(".table-message")) {
  const kept = keepTable(table);
  where.textContent = kept ? words : `${words} This browser does not let the site keep it: it lasts for this visit only.`;
  root.dispatchEvent(new CustomEvent("table:kept"));
}
