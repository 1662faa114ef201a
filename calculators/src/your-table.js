// @ts-check
// Your table's page: add and remove models, switch house rules, save, share and open a table, see a
// model's card. Whatever is kept is checked by Python first (rulescore.web.table); this only moves values.
// A script of its own, loaded by calculators.js on this page alone: Python's worker and the phone's table
// are calculators.js's, reached through window.playersTable (one worker, one copy of what is kept).
import { change, say, told } from "./table-page.js";
import { setUpHouseRules } from "./table-house.js";
import { openLink, setUpSharing } from "./table-files.js";
import { setUpRoster } from "./table-roster.js";
import { typedFaults } from "./table-typed.js";
import { hideCard, setUpSheet, showCard } from "./table-print.js";

const { keptTable, storageRefused, unreadableTable, setAsideTable, renamePicked } = /** @type {PlayersTableApi} */ (window.playersTable);

const SIDES = { mine: "my warband", enemy: "an enemy" };

// A kept table's ruleset and keys are text from storage: escaped before they stand in a selector.
const titleOf = (/** @type {HTMLElement} */ root, /** @type {string} */ ruleset) => root.querySelector(`#table-ruleset option[value="${CSS.escape(ruleset)}"]`)?.textContent || ruleset;

/** A kept table this page cannot read: said, and once set aside, offered as a file (#47, item 13). @param {HTMLElement} root */
function showUnreadable(root) {
  let note = root.querySelector(".table-unreadable");
  const unreadable = unreadableTable();
  const aside = unreadable === null ? setAsideTable() : null;
  if (unreadable === null && aside === null) {
    note?.remove();
    return;
  }
  if (!note) {
    note = Object.assign(document.createElement("div"), { className: "table-unreadable" });
    root.querySelector(".table-status")?.after(note);
  }
  const said = document.createElement("p");
  said.textContent = unreadable !== null
    ? "The table this phone kept cannot be read here (kept by another version of the site, or damaged), so none of it is used. Adding a model or a house rule sets it aside first, word for word: it is not lost."
    : "A table this phone kept could not be read here and was set aside, word for word.";
  note.replaceChildren(said);
  if (aside !== null) {
    const save = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Save the set-aside table as a file" });
    save.addEventListener("click", () => {
      const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(new Blob([aside], { type: "application/json" })), download: "set-aside-table.json" });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
    note.append(save);
  }
}

/** The models and house rules on the page as the table holds them. @param {HTMLElement} root */
function show(root) {
  showUnreadable(root);
  const table = keptTable();
  const list = /** @type {HTMLElement} */ (root.querySelector(".table-models"));
  list.replaceChildren(...table.models.map((model) => {
    const item = document.createElement("li");
    // Each characteristic named as the add form labels it for that ruleset.
    const named = (/** @type {string} */ key) => (root.querySelector(`label[for="${CSS.escape(`table-${model.ruleset}-${key}`)}"]`)?.textContent || key).split(" (")[0];
    const profile = Object.entries(model.profile).map(([key, value]) => `${named(key)} ${value}`).join(" · ");
    const words = document.createElement("span");
    words.textContent = `${model.name} (${titleOf(root, model.ruleset)}, ${SIDES[model.side]})${profile ? `: ${profile}` : ""}`;
    const card = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Card" });
    card.setAttribute("aria-label", `Card of ${model.name}`);
    card.addEventListener("click", () => showCard(root, model));
    const edit = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Change" });
    edit.setAttribute("aria-label", `Change ${model.name}`);
    edit.addEventListener("click", () => startChanging(root, model));
    const remove = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Remove" });
    remove.setAttribute("aria-label", `Remove ${model.name}`);
    remove.addEventListener("click", async () => {
      hideCard(root, model);
      const { kept } = await change((now) => ({ ...now, models: now.models.filter((m) => !sameModel(m, model)) }), true);
      told(root, kept, `Removed ${model.name}.`, root.querySelector(".table-models-said"));
    });
    // A warband repeats a profile (two Youngbloods, three Thugs): copied in one tap, then renamed if wished.
    const copy = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Copy" });
    copy.setAttribute("aria-label", `Copy ${model.name}`);
    copy.addEventListener("click", async () => {
      let named = "";
      const { reply, kept } = await change((now) => {
        const at = now.models.findIndex((m) => sameModel(m, model));
        named = copyName(model, now.models);
        const copied = { ...model, name: named };
        return { ...now, models: at < 0 ? [...now.models, copied] : [...now.models.slice(0, at + 1), copied, ...now.models.slice(at + 1)] };
      });
      const where = /** @type {HTMLElement} */ (root.querySelector(".table-models-said"));
      if (!reply.ok) where.textContent = `Not copied: ${Object.values(reply.errors).join(" ")}`;
      else told(root, kept, `Copied ${model.name} as ${named} (Change renames it).`, where);
    });
    item.append(words, " ", card, " ", copy, " ", edit, " ", remove);
    return item;
  }));
  if (!table.models.length) list.replaceChildren(Object.assign(document.createElement("li"), { textContent: "No models yet: add one above." }));
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".table-house"))) {
    const mine = table.house_rules.filter((rule) => rule.ruleset === box.dataset.ruleset);
    for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (box.querySelectorAll("[data-rule]"))) {
      if (input.getAttribute("aria-invalid") === "true") continue; // refused: left as typed, with why next to it
      const rule = mine.find((r) => r.rule === input.dataset.rule);
      if (input instanceof HTMLInputElement && input.type === "checkbox") input.checked = Boolean(rule);
      else input.value = rule ? rule.value : "";
    }
    const played = showUnplayable(root, box, mine);
    /** @type {HTMLElement} */ (box.querySelector(".table-in-play")).textContent = played ? `(${played} in play)` : "";
    for (const group of box.querySelectorAll(".table-house-group")) { // each kind of rule says its own, folded
      const rules = new Set([...group.querySelectorAll("[data-rule]")].map((input) => /** @type {HTMLElement} */ (input).dataset.rule));
      const inPlay = mine.filter((rule) => rules.has(rule.rule)).length;
      /** @type {HTMLElement} */ (group.querySelector(".table-group-in-play")).textContent = inPlay ? `(${inPlay} in play)` : "";
    }
  }
}

/** House rules kept that this page offers no switch for (a number a table no longer plays otherwise, kept by
 * an older version of the site): said, never played (Python refuses them), and each can be taken out here.
 * How many are played. @param {HTMLElement} root @param {HTMLElement} box @param {HouseRule[]} mine */
function showUnplayable(root, box, mine) {
  const offered = new Set([...box.querySelectorAll("[data-rule]")].map((input) => /** @type {HTMLElement} */ (input).dataset.rule));
  const stray = mine.filter((rule) => !offered.has(rule.rule));
  box.querySelector(".table-unplayable")?.remove();
  if (!stray.length) return mine.length;
  const list = Object.assign(document.createElement("div"), { className: "table-unplayable" });
  list.append(Object.assign(document.createElement("p"), { textContent: "Kept, but not a house rule this site plays (the answers say so until it is taken out):" }));
  for (const rule of stray) {
    const named = rule.rule.split(".").map((part) => part.replace(/[_-]/g, " ")).join(", "); // "fall, stops", not a key
    const item = Object.assign(document.createElement("p"), { textContent: `${named}: ${rule.value} ` });
    const out = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Take it out" });
    out.addEventListener("click", async () => {
      const left = (/** @type {PlayersTable} */ now) => now.house_rules.filter((r) => !(r.ruleset === rule.ruleset && r.rule === rule.rule));
      const { kept } = await change((now) => ({ ...now, house_rules: left(now) }), true);
      told(root, kept, `Took out ${named}.`);
    });
    item.append(out);
    list.append(item);
  }
  /** @type {HTMLElement} */ (box.querySelector("form")).before(list);
  /** @type {HTMLDetailsElement} */ (box).open = true; // something to take out: shown, not folded away
  return mine.length - stray.length;
}

const sameModel = (/** @type {Model} */ a, /** @type {Model} */ b) => a.ruleset === b.ruleset && a.name === b.name;

/** The add form, put back to adding a new model. @param {HTMLFormElement} form */
function formForAdding(form) {
  const ruleset = /** @type {HTMLSelectElement} */ (form.querySelector("#table-ruleset"));
  const chosen = ruleset.value; // the ruleset chosen stays chosen: a warband is entered model after model (#63)
  form.reset();
  ruleset.value = chosen;
  delete form.dataset.changing;
  delete form.dataset.changingRuleset;
  /** @type {HTMLElement} */ (form.querySelector("legend")).textContent = "Add a model";
  /** @type {HTMLElement} */ (form.querySelector("button[type=submit]")).textContent = "Add the model";
  /** @type {HTMLElement} */ (form.querySelector(".table-cancel")).hidden = true;
  form.querySelectorAll(".table-profile").forEach((p) => { /** @type {HTMLElement} */ (p).hidden = /** @type {HTMLElement} */ (p).dataset.ruleset !== chosen; });
}

/** The name a copy is offered: "Youngblood" -> "Youngblood 2", "Thug 2" -> "Thug 3", the first free one of its
 * ruleset. @param {Model} model @param {Model[]} models */
function copyName(model, models) {
  const [, base, number] = /^(.*?)(?: (\d{1,3}))?$/.exec(model.name) || [];
  const taken = new Set(models.filter((m) => m.ruleset === model.ruleset).map((m) => m.name.toLowerCase()));
  for (let next = Number(number || 1) + 1; ; next += 1) {
    const name = `${base.slice(0, 40 - String(next).length - 1)} ${next}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** A model's values put in the add form to change them (#47, item 3: it had to be removed and added again).
 * @param {HTMLElement} root @param {Model} model */
function startChanging(root, model) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".table-add"));
  formForAdding(form);
  form.dataset.changing = model.name;
  form.dataset.changingRuleset = model.ruleset;
  /** @type {HTMLInputElement} */ (form.querySelector("#table-name")).value = model.name;
  const ruleset = /** @type {HTMLSelectElement} */ (form.querySelector("#table-ruleset"));
  ruleset.value = model.ruleset;
  /** @type {HTMLSelectElement} */ (form.querySelector("#table-side")).value = model.side;
  for (const profile of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".table-profile"))) {
    profile.hidden = profile.dataset.ruleset !== model.ruleset;
    for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (profile.querySelectorAll("input, select"))) input.value = profile.hidden ? "" : model.profile[input.name] || "";
  }
  /** @type {HTMLElement} */ (form.querySelector("legend")).textContent = `Change ${model.name}`;
  /** @type {HTMLElement} */ (form.querySelector("button[type=submit]")).textContent = "Keep the changes";
  /** @type {HTMLElement} */ (form.querySelector(".table-cancel")).hidden = false;
  /** @type {HTMLElement} */ (form.querySelector(".table-said")).textContent = "";
  form.scrollIntoView({ block: "start" });
  /** @type {HTMLInputElement} */ (form.querySelector("#table-name")).focus({ preventScroll: true });
}

/** @param {HTMLElement} root */
function setUpAdding(root) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".table-add"));
  const ruleset = /** @type {HTMLSelectElement} */ (form.querySelector("#table-ruleset"));
  const profiles = /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".table-profile"));
  ruleset.addEventListener("change", () => profiles.forEach((p) => { p.hidden = p.dataset.ruleset !== ruleset.value; }));
  const error = /** @type {HTMLElement} */ (form.querySelector(".calc-error"));
  // A box left with a value surely at fault says so at once, before the runtime (#63).
  form.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.dataset.checks) error.textContent = typedFaults(/** @type {HTMLElement} */ (event.target.closest(".table-profile")));
  });
  const said = /** @type {HTMLElement} */ (form.querySelector(".table-said"));
  /** @type {HTMLElement} */ (form.querySelector(".table-cancel")).addEventListener("click", () => {
    said.textContent = `${form.dataset.changing} is as it was.`;
    error.textContent = "";
    formForAdding(form);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ (form.querySelector("#table-name")).value.trim();
    /** @type {Record<string, string>} */
    const profile = {};
    const shown = /** @type {HTMLElement} */ ([...profiles].find((p) => !p.hidden));
    for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (shown.querySelectorAll("input, select"))) if (input.value.trim()) profile[input.name] = input.value.trim();
    const side = /** @type {"mine" | "enemy"} */ (/** @type {HTMLSelectElement} */ (form.querySelector("#table-side")).value);
    const changing = form.dataset.changing === undefined ? null : { name: form.dataset.changing, ruleset: form.dataset.changingRuleset };
    const model = { name, ruleset: ruleset.value, side, profile };
    // A model changed keeps its place in the list; one no longer there (removed in another tab) is added.
    const edit = (/** @type {PlayersTable} */ now) => {
      const at = changing ? now.models.findIndex((m) => m.ruleset === changing.ruleset && m.name === changing.name) : -1;
      return { ...now, models: at < 0 ? [...now.models, model] : now.models.map((m, i) => (i === at ? model : m)) };
    };
    said.textContent = "";
    const fault = typedFaults(shown);
    error.textContent = fault || "Checking the model…";
    if (fault) return; // Python would refuse it the same: said now, not after the runtime
    const { reply, kept } = await change(edit);
    if (!reply.ok) {
      error.textContent = Object.values(reply.errors).join(" ");
      return;
    }
    error.textContent = "";
    if (changing) {
      hideCard(root, /** @type {Model} */ ({ ...changing, side, profile }));
      if (changing.ruleset === ruleset.value) renamePicked(changing.ruleset, changing.name, name);
    }
    formForAdding(form);
    // Named by the model's own ruleset, as it was kept (it said the form's first after the form was reset).
    const words = changing ? `Changed ${name}.` : `Added ${name}: every ${titleOf(root, model.ruleset)} calculator offers it now.`;
    told(root, kept, words, said);
  });
}

function setUpTable() {
  const root = /** @type {HTMLElement | null} */ (document.getElementById("players-table"));
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "yes";
  root.addEventListener("table:kept", () => show(root)); // a change kept by any part of the page, shown
  if (storageRefused()) {
    /** @type {HTMLElement} */ (root.querySelector(".table-status")).textContent = "This browser does not let the site keep anything: your models and house rules work for this visit only, and are gone when you close it. Save them as a file to keep them.";
  }
  setUpAdding(root);
  setUpRoster(root);
  setUpSheet(root);
  setUpHouseRules(root);
  setUpSharing(root);
  show(root);
  openLink(root);
}

// Another tab changed the table: shown as it is now (listened to once, for every visit).
document.addEventListener("table:changed", () => {
  const root = document.getElementById("players-table");
  if (!root) return;
  show(root);
  say(root, "Your table was changed in another tab: shown here as it is now.");
});

// A table link tapped while this page is open changes only the fragment (listened to once, for every visit).
window.addEventListener("hashchange", () => {
  const root = document.getElementById("players-table");
  if (root) openLink(root);
});

// Set up now, and again when the page is put in place by a tap (navigation.js), through calculators.js.
/** @type {PlayersTableApi} */ (window.playersTable).setUp = setUpTable;
setUpTable();
