// @ts-check
// Moves values between each calculator's form and rulescore in a Web Worker. No rules live here:
// validation, odds and the result's HTML all come from Python. What these modules guarantee is honesty:
// a result on screen that is not for the values in the form is marked so, with the values it is for.
// One module per job (engine, form, status, answers, nearby, legs), bundled into one script by the
// build (sitegen/bundle/assets.py).
import { askPython, boot, engineWords, onEngine } from "./engine.js";
import { formValues, loadFromUrl, loadLast, step } from "./form.js";
import { editLegs, setUpLegs } from "./legs.js";
import { nearby } from "./nearby.js";
import { update } from "./answers.js";
import { showState } from "./status.js";
import { setUpGlance } from "./glance.js";
import { describeFilled, fill, setUpPicker } from "./picker.js";
import { decide, forgetLink, houseFor, readLink } from "./house.js";
import { markHouseRules } from "./house-marks.js";
import { clearTable, keepTable, keptNow, keptTable, keptText, pastBounds, renamePicked, setAsideTable, storageRefused, tableShape, unreadableTable, watchOtherTabs } from "./kept.js";

// One tap shares the situation: the address holds the inputs, the fragment the calculator.
/** @param {CalculatorElement} calc @param {HTMLElement} button */
function share(calc, button) {
  const url = `${location.origin}${location.pathname}${location.search}#${calc.id}`;
  window.shareLink(url, button, "Copy link to this result"); // docs/assets/share.js
}

const watcher = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        watcher?.unobserve(entry.target);
        nearby(/** @type {HTMLElement} */ (entry.target));
        boot();
      }
    }
  })
  : null;

/** @param {CalculatorElement} calc */
function setUp(calc) {
  if (calc.dataset.ready) return;
  const form = /** @type {HTMLFormElement} */ (calc.querySelector("form"));
  // The prerendered result is for the form's values as the page was built.
  calc.shownFor = formValues(calc);
  calc.shownWords = /** @type {HTMLElement | null} */ (calc.querySelector(".calc-print-for"))?.dataset.values || "";
  calc.shownKind = "built";
  calc.invalid = "";
  setUpGlance(calc);
  const shareButton = /** @type {HTMLButtonElement | null} */ (calc.querySelector(".calc-share"));
  if (shareButton) {
    shareButton.hidden = false;
    shareButton.addEventListener("click", () => share(calc, shareButton));
  }
  calc.dataset.ready = "yes";
  form.addEventListener("input", () => update(calc));
  form.addEventListener("change", () => update(calc));
  form.addEventListener("submit", (event) => event.preventDefault());
  // A thumb that taps a field means to replace its value: select it, so typing 6 gives 6, not 46.
  const textBox = (/** @type {Event} */ event) => (event.target instanceof HTMLInputElement && event.target.type === "text" ? event.target : null);
  form.addEventListener("focusin", (event) => textBox(event)?.select());
  form.addEventListener("click", (event) => {
    // A second tap on a field already focused means the same: replace (focusin only comes once).
    textBox(event)?.select();
    if (!(event.target instanceof Element)) return;
    const button = /** @type {HTMLButtonElement | null} */ (event.target.closest(".calc-step"));
    if (button) step(button);
    const legTap = /** @type {HTMLButtonElement | null} */ (event.target.closest(".calc-leg-button"));
    if (legTap) editLegs(/** @type {HTMLElement} */ (legTap.closest(".calc-legs")), legTap);
  });
  // Start Python when the calculator comes into view or is touched, never before.
  const touched = () => {
    nearby(calc); // asked before the runtime, so it is not queued behind it
    boot();
  };
  calc.addEventListener("pointerdown", touched, { once: true });
  calc.addEventListener("focusin", touched, { once: true });
  const legs = /** @type {HTMLElement | null} */ (calc.querySelector(".calc-legs"));
  form.addEventListener("input", () => describeFilled(calc));
  const fromLink = loadFromUrl(calc);
  const reopened = !fromLink && loadLast(calc); // a route as the player left it
  const pickable = setUpPicker(calc, update, fromLink);
  // A link's values win; else the model picked on an earlier page fills the form, and house rules in
  // play ask Python at once (the page's own answer is the rules as written).
  if (fromLink) update(calc);
  else if (reopened) {
    if (pickable) fill(calc);
    update(calc);
  }
  else if ((pickable && fill(calc)) || houseFor(calc.dataset.ruleset).length) update(calc);
  else {
    showState(calc);
    if (watcher) watcher.observe(calc);
  }
  if (legs) setUpLegs(legs);
}

// Each calculator's status line says every change of Python's state.
/** @type {(selector: string) => NodeListOf<CalculatorElement>} */
const calculatorsOn = (selector) => document.querySelectorAll(selector);
onEngine(() => calculatorsOn(".calc[data-ready]").forEach(showState));

/** The calculator a link opens at: the one its fragment names or stands in, else the first after that
 * place, else the page's first. */
function openedAt() {
  const calcs = [...document.querySelectorAll(".calc")];
  let target = null;
  try {
    target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    target = null; // a broken escape in an address from outside names no place
  }
  const after = target && calcs.find((calc) => target.compareDocumentPosition(calc) & Node.DOCUMENT_POSITION_FOLLOWING);
  return (target && target.closest(".calc")) || after || calcs[0] || null;
}

/** A link that carries house rules says so above the calculator it opens at (not the page's first, screens
 * away: #47, item 5), and asks to keep them or not. */
function offerLinkHouse() {
  const link = readLink();
  const first = openedAt();
  if (!link || !first) return;
  const { carried, left } = link;
  const offer = document.createElement("div");
  offer.className = "calc-house-offer";
  offer.setAttribute("role", "region");
  offer.setAttribute("aria-label", "House rules from this link");
  const said = document.createElement("p");
  const count = carried.length === 1 ? "a house rule" : `${carried.length} house rules`;
  said.textContent = carried.length
    ? `This link's answers play ${count} of whoever shared it. Each answer below names those it uses.`
    : "This link carries no house rule this page can play: its answers follow the rules as written.";
  // What the link carries and the page does not take, said, never dropped unsaid (#64, item 7).
  const leftOut = Object.assign(document.createElement("p"), {
    className: "calc-house-left",
    textContent: `${carried.length + left.length} house rule${carried.length + left.length === 1 ? "" : "s"} in this link: ${carried.length} can be played, `
      + `${left.length} left out: ${left.join("; ")}.`,
  });
  const keep = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Keep them on this phone" });
  const drop = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Play the rules as written" });
  keep.hidden = drop.hidden = !carried.length;
  if (carried.length) setTimeout(() => sayLinkRules(said, carried, count, keep)); // after the page's answers, which come first
  const choose = async (/** @type {boolean} */ keep) => {
    offer.replaceChildren(Object.assign(document.createElement("p"), { textContent: keep ? "Checking these house rules…" : "Playing the rules as written." }));
    const refused = await decide(keep);
    const said = !keep ? "Playing the rules as written." : refused ? `Not kept, and the rules as written are played: ${refused}` : "Kept: these house rules are yours now (Your table lists them).";
    offer.replaceChildren(Object.assign(document.createElement("p"), { textContent: said }), ...(left.length ? [leftOut] : []));
    if (!keep || refused) calculatorsOn(".calc[data-ready]").forEach((calc) => update(calc));
    markHouseRules();
  };
  keep.addEventListener("click", () => choose(true));
  drop.addEventListener("click", () => choose(false));
  offer.append(said, ...(left.length ? [leftOut] : []), keep, drop);
  first.before(offer);
}

/** The link's house rules in a player's words, as Python says them once it is up (#47, item 4: the offer
 * showed our configuration's keys); rules Python refuses are said so, with why.
 * @param {HTMLElement} said @param {HouseRule[]} carried @param {string} count @param {HTMLElement} keep */
async function sayLinkRules(said, carried, count, keep) {
  const asked = askPython({ type: "table", text: JSON.stringify({ ...keptTable(), models: [], house_rules: carried }) });
  try {
    await boot();
    const reply = /** @type {TableReply} */ (JSON.parse(await asked));
    if (!said.isConnected) return;
    said.textContent = reply.ok
      ? `This link's answers play ${count} of whoever shared it: ${Object.values(reply.words || {}).join(" ")} Each answer below names those it uses.`
      : `This link carries ${count} this site cannot play, so its answers refuse: ${Object.values(reply.errors).join(" ")}`;
    keep.hidden = !reply.ok; // what cannot be played is not offered to keep
  } catch {
    // The runtime did not start: the offer keeps its count, and the answers say why they wait.
  }
}

let linkRead = false;
function setUpAll() {
  if (!linkRead) {
    linkRead = true;
    offerLinkHouse();
  }
  calculatorsOn(".calc").forEach(setUp);
  markHouseRules(); // the text, marked where the table plays it otherwise
  if (document.getElementById("players-table")) openTablePage();
}

// Your table's own script, asked for on its page alone; it reaches Python and the phone's table through here.
const tableScript = new URL("your-table.js", /** @type {HTMLScriptElement | null} */ (document.currentScript)?.src || location.href).href;
function openTablePage() {
  if (window.playersTable) {
    window.playersTable.setUp?.();
    return;
  }
  window.playersTable = { askPython, boot, engineWords, clearTable, keepTable, keptTable, keptNow, keptText, storageRefused, tableShape, pastBounds, unreadableTable, setAsideTable, renamePicked };
  document.head.append(Object.assign(document.createElement("script"), { src: tableScript, async: true }));
}

// This script loads early (async, in <head>): a link that carries calculator inputs has started
// Python already (start.js); the forms are set up when the page has been read.
if (/[?&]calc-/.test(location.search)) boot();
watchOtherTabs();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
else setUpAll();
// Another page put in place (navigation.js): its calculators answer with the Python already running, with
// the phone's own house rules, or those its own address carries (offered there).
document.addEventListener("site:page", () => {
  forgetLink();
  linkRead = false;
  setUpAll();
});
