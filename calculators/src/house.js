// @ts-check
// The house rules an answer is asked with: the phone's own, or those a shared link carries (played for this
// visit, and said so, until the player keeps them or plays without them). Python reads every one again.
import { askPython, boot, engineWords } from "./engine.js";
import { keepTable, keptTable } from "./kept.js";

const MOST = 20; // house rules a link may carry (rulescore.table.house_rules.MOST_PER_RULESET)
const PARAM = "house";

/** @type {HouseRule[] | null} */
let fromLink = null;

/** A link's house rules, "ruleset~rule~value" each; anything else in the address is not used. */
function linkRules() {
  const found = [];
  for (const item of new URLSearchParams(location.search).getAll(PARAM).slice(0, MOST)) {
    const [ruleset, rule, ...value] = item.split("~");
    if (item.length <= 200 && ruleset && rule && value.length) found.push({ ruleset, rule, value: value.join("~") });
  }
  return found;
}

const same = (/** @type {HouseRule} */ a, /** @type {HouseRule} */ b) => a.ruleset === b.ruleset && a.rule === b.rule && a.value === b.value;

/** The house rules of a ruleset an answer plays. @param {string} ruleset @returns {HouseRule[]} */
export const houseFor = (ruleset) => (fromLink ?? keptTable().house_rules).filter((rule) => rule.ruleset === ruleset);

/** A link's house rules not decided on belong to the page it opened: another page put in place plays the
 * phone's own (#47, item 15: they followed the player and were written into other pages' addresses). */
export function forgetLink() {
  fromLink = null;
}

/** The link's house rules, if they are not the phone's own already: played until the player decides. */
export function readLink() {
  const carried = linkRules();
  if (!carried.length) return null;
  const mine = keptTable().house_rules;
  if (carried.every((rule) => mine.some((other) => same(rule, other)))) return null;
  const rulesets = new Set(carried.map((rule) => rule.ruleset));
  fromLink = [...mine.filter((rule) => !rulesets.has(rule.ruleset)), ...carried];
  return carried;
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
      if (reply.ok) keepTable(reply.table);
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
