// @ts-check
// What every part of Your table's page shares: Python's answers (through calculators.js, window.playersTable)
// and keeping a checked table, said where the player made the change.
const { askPython, boot, engineWords, keepTable, keptNow, keptText } = /** @type {PlayersTableApi} */ (window.playersTable);
const LOCK = "skirmish-table"; // one change to the table at a time, across every tab of the site

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
  /** @type {HTMLElement} */ (root.querySelector(".table-message")).textContent = words;
}

/**
 * A change to the table made as one step against what is kept now (#64, item 6: two tabs each read the table
 * before Python's check and wrote after it, and one change was lost while both said it was made). Under a
 * lock every tab of the site shares, the table is read again, changed by `edit`, checked by Python (not
 * where `less`: less than a checked table has nothing to read again) and kept. A browser without the lock
 * compares what is kept before it writes: another tab's table is changed again, from what it wrote.
 * @param {(now: PlayersTable) => PlayersTable} edit @param {boolean} [less]
 * @returns {Promise<{ reply: TableReply, kept: boolean }>}
 */
export async function change(edit, less = false) {
  const step = async () => {
    for (let tries = 1; ; tries += 1) {
      const before = keptText();
      const table = edit(keptNow());
      const reply = less ? { ok: true, errors: {}, table, words: {} } : await check(table);
      if (!reply.ok || !reply.table) return { reply, kept: false };
      if (keptText() !== before && tries < 3) continue;
      return { reply, kept: keepTable(reply.table) };
    }
  };
  return navigator.locks ? await navigator.locks.request(LOCK, step) : step();
}

/** Says a table was kept where the player made the change (`where`: the line under it), and where the phone
 * will not keep it (the page's message line where there is no line under it).
 * @param {HTMLElement} root @param {boolean} kept @param {string} words @param {Element | null} [where] */
export function told(root, kept, words, where = null) {
  const line = /** @type {Element} */ (where || root.querySelector(".table-message"));
  line.textContent = kept ? words : `${words} This browser does not let the site keep it: it lasts for this visit only.`;
  root.dispatchEvent(new CustomEvent("table:kept"));
}

/** Keeps a checked table that takes the whole table's place (a file, a link, cleared), and says so.
 * @param {HTMLElement} root @param {PlayersTable} table @param {string} words @param {Element | null} [where] */
export const keep = (root, table, words, where) => told(root, keepTable(table), words, where);
