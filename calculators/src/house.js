// @ts-check
// The house rules an answer is asked with: the phone's own, or those a shared link carries (played for this
// visit, and said so, until the player keeps them or plays without them). Python reads every one again.
import { keepTable, keptTable } from "./kept.js";

const MOST = 20; // house rules a link may carry (rulescore.house_rules.MOST_PER_RULESET)
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

/** Keep the link's house rules on this phone (in place of its own for those rulesets), or play without them. @param {boolean} keep */
export function decide(keep) {
  if (keep && fromLink) keepTable({ ...keptTable(), house_rules: fromLink });
  fromLink = null;
  for (const calc of /** @type {NodeListOf<CalculatorElement>} */ (document.querySelectorAll(".calc"))) calc.houseUsed = [];
  const params = new URLSearchParams(location.search);
  params.delete(PARAM);
  history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
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
