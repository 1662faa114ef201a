// @ts-check
// The player's table as the phone keeps it (localStorage): their models, their house rules, the model
// picked per ruleset. Storage is outside our code: what is read back is checked for shape and bounds here,
// and every value is read by Python again before it counts. Storage refused: kept for this visit only.

const KEY = "skirmish-table";
const PICKED = "skirmish-picked";
const FORMAT = "skirmish-rules-table"; // rulescore.table.file.FORMAT
const MOST = 60; // models (rulescore.table.file.MOST_MODELS); house rules are fewer than this per ruleset
export const LONGEST = 100000; // characters, as rulescore.table.file.LONGEST

// A kept table this page cannot read (another version of the site, damaged storage) is set aside here,
// word for word, before anything is written over it: never lost without a word (#47, item 13).
const SET_ASIDE = "skirmish-table-set-aside";

/** @type {{ table: PlayersTable | null, picked: Record<string, Picked> | null, refused: boolean, unreadable: string | null }} */
const visit = { table: null, picked: null, refused: false, unreadable: null };

/** @typedef {{ model: string, target: string }} Picked */

const emptyTable = () => /** @type {PlayersTable} */ ({ format: FORMAT, version: 1, models: [], house_rules: [] });

// Lengths are counted as Python counts them, in characters, not UTF-16 units: an emoji is one (#47:
// a house rule of 31 emoji passed Python's 60 and failed here as 62, and the kept table was judged damaged).
/** @param {string} value @param {number} most */
const characters = (value, most) => value.length <= 2 * most && [...value].length <= most;
/** @param {unknown} value @param {number} longest @returns {value is string} */
const text = (value, longest) => typeof value === "string" && characters(value, longest);

/** Which bound a table in the right shape is past (#64, item 10: 61 models were "not a table this site
 * saved"), in a player's words, or "" if none. @param {unknown} raw */
export function pastBounds(raw) {
  const table = /** @type {Partial<PlayersTable> | null} */ (raw && typeof raw === "object" ? raw : null);
  if (!table || table.format !== FORMAT || !Array.isArray(table.models) || !Array.isArray(table.house_rules)) return "";
  if (table.models.length > MOST) return `holds ${table.models.length} models: a table holds at most ${MOST}`;
  if (table.house_rules.length > 5 * MOST) return `holds ${table.house_rules.length} house rules: a table holds at most ${5 * MOST}`;
  return "";
}

/** The table in `raw` if it has the shape Python gives it (strings, bounded), else null. @param {unknown} raw */
export function tableShape(raw) {
  if (!raw || typeof raw !== "object") return null;
  const table = /** @type {PlayersTable} */ (raw);
  if (table.format !== FORMAT || table.version !== 1 || !Array.isArray(table.models) || !Array.isArray(table.house_rules)) return null;
  if (table.models.length > MOST || table.house_rules.length > 5 * MOST) return null;
  const modelOk = (/** @type {Model} */ m) => m && text(m.name, 40) && text(m.ruleset, 40) && (m.side === "mine" || m.side === "enemy")
    && m.profile && typeof m.profile === "object" && Object.entries(m.profile).every(([k, v]) => text(k, 20) && text(v, 40));
  const ruleOk = (/** @type {HouseRule} */ r) => r && text(r.ruleset, 40) && text(r.rule, 80) && text(r.value, 60);
  return table.models.every(modelOk) && table.house_rules.every(ruleOk) ? table : null;
}

/** What is kept under `key`, parsed, or null. @param {string} key @returns {unknown} */
function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw && characters(raw, LONGEST) ? JSON.parse(raw) : null;
  } catch {
    return null; // refused, or not JSON: nothing kept is used
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    visit.refused = true;
    return false;
  }
}

/** The phone's table (this visit's, where storage is refused); an empty one if none, or if what is kept is damaged. */
export function keptTable() {
  if (!visit.table) {
    const table = tableShape(read(KEY));
    visit.unreadable = table ? null : stored(KEY);
    visit.table = table || emptyTable();
  }
  return visit.table;
}

/** The table as kept this moment: read from storage again, where another tab may have written a moment ago
 * (before its "storage" event comes); this visit's own where the phone keeps nothing. */
export function keptNow() {
  if (!visit.refused && stored(KEY) !== null) visit.table = null;
  return keptTable();
}

/** The kept table's text, word for word (null if none): what a change compares before it writes. */
export const keptText = () => stored(KEY);

/** What storage holds under `key`, as text, or null. @param {string} key */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The kept table this page could not read, if one is there still (not yet set aside). */
export const unreadableTable = () => (keptTable(), visit.unreadable);

/** A table set aside because this page could not read it, word for word, or null. */
export const setAsideTable = () => stored(SET_ASIDE);

/** Keeps a table Python has checked; false where the phone refuses storage (it lasts the visit). A kept table
 * this page cannot read is set aside first; if it cannot be, nothing is written over it. @param {PlayersTable} table */
export function keepTable(table) {
  if (!setAside()) {
    visit.table = table; // this visit plays it; the unreadable table stays as it was
    return false;
  }
  visit.table = table;
  return write(KEY, table);
}

/** The kept table this page cannot read, set aside word for word (if there is one); false if it cannot be. */
function setAside() {
  keptTable();
  if (visit.unreadable === null) return true;
  try {
    localStorage.setItem(SET_ASIDE, visit.unreadable);
    visit.unreadable = null;
    return true;
  } catch {
    visit.refused = true;
    return false;
  }
}

export function clearTable() {
  setAside(); // cleared by the player, but an unreadable table is never lost unsaid
  visit.unreadable = null;
  visit.table = emptyTable();
  visit.picked = {};
  try {
    localStorage.removeItem(KEY);
    localStorage.removeItem(PICKED);
  } catch {
    visit.refused = true;
  }
}

/** Another tab of the site changed the table (a model added there): this one reads it again before it
 * shows or writes it, so a model added in each tab keeps both (#47, item 14); "table:changed" says so. */
export function watchOtherTabs() {
  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== KEY && event.key !== PICKED) return;
    visit.table = null;
    visit.picked = null;
    document.dispatchEvent(new CustomEvent("table:changed"));
  });
}

/** Did the phone refuse to keep anything this visit (private browsing, storage off)? */
export const storageRefused = () => {
  if (!visit.refused) {
    try {
      localStorage.setItem("skirmish-probe", "1");
      localStorage.removeItem("skirmish-probe");
    } catch {
      visit.refused = true;
    }
  }
  return visit.refused;
};

/** The model and target picked for a ruleset, kept from page to page. @param {string} ruleset @returns {Picked} */
export function picked(ruleset) {
  visit.picked ??= pickedKept();
  const found = visit.picked[ruleset];
  return found && text(found.model, 40) && text(found.target, 40) ? found : { model: "", target: "" };
}

/** What the phone keeps of the picks, as kept: each is checked where it is read (picked). @returns {Record<string, Picked>} */
function pickedKept() {
  const raw = read(PICKED);
  return raw && typeof raw === "object" && !Array.isArray(raw) ? /** @type {Record<string, Picked>} */ (raw) : {};
}

/** @param {string} ruleset @param {Picked} choice */
export function pick(ruleset, choice) {
  visit.picked ??= pickedKept();
  visit.picked[ruleset] = choice;
  write(PICKED, visit.picked);
}

/** A model of the phone's table by ruleset and name. @param {string} ruleset @param {string} name */
export const modelNamed = (ruleset, name) => keptTable().models.find((m) => m.ruleset === ruleset && m.name === name) || null;

/** A model renamed on Your table stays the one picked wherever it was, under its new name. @param {string} ruleset @param {string} from @param {string} to */
export function renamePicked(ruleset, from, to) {
  const choice = picked(ruleset);
  if (from === to || (choice.model !== from && choice.target !== from)) return;
  pick(ruleset, { model: choice.model === from ? to : choice.model, target: choice.target === from ? to : choice.target });
}
