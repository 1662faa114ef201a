// @ts-check
// The house rules an answer is asked with: the phone's own, or those a shared link carries (played for this
// visit, and said so, until the player keeps them or plays without them). Python reads every one again.
import { askPython, boot, engineWords } from "./engine.js";
import { keepTable, keptTable } from "./kept.js";

const MOST = 20; // house rules a link may carry (rulescore.table.house_rules.MOST_PER_RULESET)
const PARAM = "house";

/** @type {HouseRule[] | null} */
let fromLink = null;

const LONGEST = 200; // characters of one: far above any rule's name and value

/** A link's house rules, "ruleset~rule~value" each, and what it carries that is not taken, each said with
 * why (#64, item 7: the 21st, or one too long, was dropped without a word); nothing else is used. */
function linkRules() {
  const carried = new URLSearchParams(location.search).getAll(PARAM);
  /** @type {HouseRule[]} */
  const found = [];
  const left = [];
  for (const [at, item] of carried.entries()) {
    const [ruleset, rule, ...value] = item.split("~");
    const shown = item.length > 40 ? `${item.slice(0, 40)}…` : item;
    if (at >= MOST) left.push(`"${shown}" (a link carries at most ${MOST})`);
    else if (item.length > LONGEST) left.push(`"${shown}" (longer than ${LONGEST} characters)`);
    else if (!ruleset || !rule || !value.length) left.push(`"${shown}" (not a ruleset, a rule and a value)`);
    else found.push({ ruleset, rule, value: value.join("~") });
  }
  return { found, left };
}

const same = (/** @type {HouseRule} */ a, /** @type {HouseRule} */ b) => a.ruleset === b.ruleset && a.rule === b.rule && a.value === b.value;

/** The house rules of a ruleset an answer plays. @param {string} ruleset @returns {HouseRule[]} */
export const houseFor = (ruleset) => (fromLink ?? keptTable().house_rules).filter((rule) => rule.ruleset === ruleset);

/** A link's house rules not decided on belong to the page it opened: another page put in place plays the
 * phone's own (#47, item 15: they followed the player and were written into other pages' addresses). */
export function forgetLink() {
  fromLink = null;
}

/** The link's house rules, if they are not the phone's own already (played until the player decides), and
 * what it carries that is not taken, said; null if it carries none. */
export function readLink() {
  const { found: carried, left } = linkRules();
  const mine = keptTable().house_rules;
  if (!left.length && carried.every((rule) => mine.some((other) => same(rule, other)))) return null;
  if (carried.length) {
    const rulesets = new Set(carried.map((rule) => rule.ruleset));
    fromLink = [...mine.filter((rule) => !rulesets.has(rule.ruleset)), ...carried];
  }
  return { carried, left };
}

/** Keep the link's house rules on this phone (in place of its own for those rulesets) once Python has read
 * them as any table is read, or play without them; what is wrong with them, if they were not kept.
 * @param {boolean} keep @returns {Promise<string>} */
export async function decide(keep) {
  let refused = "";
  if (keep && fromLink) {
    const asked = askPython({ type: "table", text: JSON.stringify({ ...keptTable(), house_rules: fromLink }) });
    try {
      await boot();
      const reply = /** @type {TableReply} */ (JSON.parse(await asked));
      if (reply.ok && reply.table) keepTable(reply.table);
      else refused = Object.values(reply.errors).join(" ");
    } catch {
      refused = engineWords();
    }
  }
  fromLink = null;
  for (const calc of /** @type {NodeListOf<CalculatorElement>} */ (document.querySelectorAll(".calc"))) calc.houseUsed = [];
  const params = new URLSearchParams(location.search);
  params.delete(PARAM);
  history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
  return refused;
}

/** The address carries the house rules the page's answers used, so a shared link answers the same. */
export function houseToUrl() {
  const used = new Map();
  for (const calc of /** @type {NodeListOf<CalculatorElement>} */ (document.querySelectorAll(".calc[data-ready]"))) {
    for (const rule of calc.houseUsed || []) used.set(`${rule.ruleset}~${rule.rule}`, `${rule.ruleset}~${rule.rule}~${rule.value}`);
  }
  const params = new URLSearchParams(location.search);
  params.delete(PARAM);
  for (const item of used.values()) params.append(PARAM, item);
  history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
}
