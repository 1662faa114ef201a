// @ts-check
// A change on a form, answered: at once from the page where the build stored the answer, then by Python.
import { ask, boot, engineState } from "./engine.js";
import { formValues, keepLast, saveToUrl } from "./form.js";
import { houseFor, houseToUrl } from "./house.js";
import { storedReply } from "./nearby.js";
import { showErrors, showState } from "./status.js";

// While a question is out the calculator says so (data-asking): its answer may move the form (a message
// appears or goes next to a field), and the tests tap only a form that holds still, as a player's eye does.
/** @param {CalculatorElement} calc */
export async function update(calc) {
  calc.asking = (calc.asking || 0) + 1;
  calc.dataset.asking = "yes";
  try {
    await askAndShow(calc);
  } finally {
    calc.asking -= 1;
    if (!calc.asking) delete calc.dataset.asking;
  }
}

/** @param {CalculatorElement} calc */
async function askAndShow(calc) {
  const mine = (calc.sequence = (calc.sequence || 0) + 1);
  const values = formValues(calc);
  showState(calc); // marks the shown result as not current at once, before Python answers
  const house = houseFor(calc.dataset.ruleset || "");
  // Before Python is up, a stored answer for these values is shown at once; Python's own replaces it.
  // Stored answers are the rules as written: with house rules in play, only Python's answer is shown.
  if (engineState() !== "ready" && !house.length) {
    storedReply(calc, values).then((stored) => {
      if (!stored || mine !== calc.sequence || calc.liveFor === mine) return;
      show(calc, values, stored, "page");
      delete calc.dataset.asking; // Python's answer to come is this one: nothing on the form will move
    });
  }
  const starting = boot();
  const asked = ask(calc, values, house); // the worker answers it as soon as Python is up
  try {
    await starting;
  } catch {
    showState(calc);
    return;
  }
  const reply = JSON.parse(await asked);
  if (mine !== calc.sequence) return; // a newer change is already on its way
  calc.liveFor = mine;
  show(calc, values, reply, "live");
}

/**
 * @param {CalculatorElement} calc
 * @param {FormValues} values
 * @param {Reply} reply
 * @param {"page" | "live"} kind
 */
function show(calc, values, reply, kind) {
  calc.unfinished = Boolean(reply.unfinished); // what comes next, said in the status line, no field at fault
  // What the rules forbid is the rules' answer, said where answers are (cited, with what may be done
  // instead): no field is at fault, and no answer for other values stays beside it.
  const answered = reply.ok || Boolean(reply.forbidden);
  showErrors(calc, reply.unfinished || reply.forbidden ? {} : reply.errors, reply.forbidden ? [] : reply.readings);
  if (answered) {
    // Timed by the benchmark in every engine (and visible in any browser's performance panel).
    const mark = `calculators:first-${kind}`;
    if (!performance.getEntriesByName(mark).length) performance.mark(mark);
    /** @type {HTMLElement} */ (calc.querySelector(".calc-result")).innerHTML = reply.html ?? "";
    calc.shownFor = values;
    calc.shownWords = reply.for ?? "";
    calc.shownKind = kind;
    calc.shownHouse = reply.house_rules || [];
    calc.invalid = "";
    saveToUrl(calc, values);
    if (kind === "live") keepLast(calc, values);
  } else {
    const general = Object.entries(reply.errors).filter(([name]) => reply.unfinished || !calc.querySelector(`[data-field="${name}"]`));
    calc.invalid = general.length ? general.map(([, message]) => message).join(" ") : "Fix the marked field.";
  }
  const used = reply.house_rules || [];
  if (kind === "live" && JSON.stringify(used) !== JSON.stringify(calc.houseUsed || [])) {
    // A refusal uses house rules as an answer does: either way, the address says which the page plays.
    calc.houseUsed = used;
    houseToUrl();
  }
  showState(calc);
  calc.dispatchEvent(new CustomEvent(kind === "live" ? "calculators:result" : "calculators:stored", { bubbles: true }));
}
