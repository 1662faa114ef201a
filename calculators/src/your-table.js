// @ts-check
// Your table's page: add and remove models, switch house rules, save, share and open a table, see a
// model's card. Whatever is kept is checked by Python first (rulescore.web.table); this only moves values.
// A script of its own, loaded by calculators.js on this page alone: Python's worker and the phone's table
// are calculators.js's, reached through window.playersTable (one worker, one copy of what is kept).
const { askPython, boot, engineWords, clearTable, keepTable, keptTable, storageRefused, tableShape, unreadableTable, setAsideTable } = window.playersTable;

const LONGEST = 100000; // characters in a table file (rulescore.table.LONGEST)
const SIDES = { mine: "my warband", enemy: "an enemy" };

/** Python's answer to a question of this page; a start that fails is said, not waited on for ever.
 * @param {Question} question @returns {Promise<TableReply>} */
async function ask(question) {
  const asked = askPython(question);
  try {
    await boot();
  } catch {
    return { ok: false, errors: { python: `${engineWords()} Nothing was changed.` } };
  }
  return JSON.parse(await asked);
}

/** @param {PlayersTable} table */
const check = (table) => ask({ type: "table", text: JSON.stringify(table) });

/** @param {HTMLElement} root @param {string} words */
function say(root, words) {
  root.querySelector(".table-message").textContent = words;
}

/** Keeps a checked table, and says where the phone will not keep it. @param {HTMLElement} root @param {PlayersTable} table @param {string} words */
function keep(root, table, words) {
  const kept = keepTable(table);
  say(root, kept ? words : `${words} This browser does not let the site keep it: it lasts for this visit only.`);
  show(root);
}

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
  const list = root.querySelector(".table-models");
  list.replaceChildren(...table.models.map((model, index) => {
    const item = document.createElement("li");
    // Each characteristic named as the add form labels it for that ruleset.
    const named = (/** @type {string} */ key) => (root.querySelector(`label[for="${CSS.escape(`table-${model.ruleset}-${key}`)}"]`)?.textContent || key).split(" (")[0];
    const profile = Object.entries(model.profile).map(([key, value]) => `${named(key)} ${value}`).join(" · ");
    const words = document.createElement("span");
    words.textContent = `${model.name} (${titleOf(root, model.ruleset)}, ${SIDES[model.side]})${profile ? `: ${profile}` : ""}`;
    const card = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Card" });
    card.setAttribute("aria-label", `Card of ${model.name}`);
    card.addEventListener("click", () => showCard(root, model));
    const remove = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Remove" });
    remove.setAttribute("aria-label", `Remove ${model.name}`);
    remove.addEventListener("click", () => {
      const now = keptTable();
      keep(root, { ...now, models: now.models.filter((_, i) => i !== index) }, `Removed ${model.name}.`);
    });
    item.append(words, " ", card, " ", remove);
    return item;
  }));
  if (!table.models.length) list.replaceChildren(Object.assign(document.createElement("li"), { textContent: "No models yet: add one below." }));
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".table-house"))) {
    const mine = table.house_rules.filter((rule) => rule.ruleset === box.dataset.ruleset);
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-rule]"))) {
      const rule = mine.find((r) => r.rule === input.dataset.rule);
      if (input.type === "checkbox") input.checked = Boolean(rule);
      else input.value = rule ? rule.value : "";
    }
    box.querySelector(".table-in-play").textContent = mine.length ? `(${mine.length} in play)` : "";
  }
}

/** @param {HTMLElement} root @param {Model} model */
async function showCard(root, model) {
  const card = /** @type {HTMLElement} */ (root.querySelector(".table-card"));
  card.hidden = false;
  card.textContent = `Working out ${model.name}'s card…`;
  const reply = await ask({ type: "card", text: JSON.stringify(keptTable()), ruleset: model.ruleset, name: model.name });
  if (!reply.ok) {
    card.textContent = Object.values(reply.errors).join(" ");
    return;
  }
  card.innerHTML = reply.html; // Python's HTML, every value escaped there (rulescore.web.table)
  const print = Object.assign(document.createElement("button"), { type: "button", className: "table-button", textContent: "Print this card" });
  print.addEventListener("click", () => window.print());
  card.append(print);
  card.scrollIntoView({ block: "nearest" });
}

/** @param {HTMLElement} root */
function setUpAdding(root) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector(".table-add"));
  const ruleset = /** @type {HTMLSelectElement} */ (form.querySelector("#table-ruleset"));
  const profiles = /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".table-profile"));
  ruleset.addEventListener("change", () => profiles.forEach((p) => { p.hidden = p.dataset.ruleset !== ruleset.value; }));
  const error = form.querySelector(".calc-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ (form.querySelector("#table-name")).value.trim();
    /** @type {Record<string, string>} */
    const profile = {};
    const shown = [...profiles].find((p) => !p.hidden);
    for (const input of shown.querySelectorAll("input")) if (input.value.trim()) profile[input.name] = input.value.trim();
    const side = /** @type {"mine" | "enemy"} */ (/** @type {HTMLSelectElement} */ (form.querySelector("#table-side")).value);
    const now = keptTable();
    error.textContent = "Checking the model…";
    const reply = await check({ ...now, models: [...now.models, { name, ruleset: ruleset.value, side, profile }] });
    if (!reply.ok) {
      error.textContent = Object.values(reply.errors).join(" ");
      return;
    }
    error.textContent = "";
    form.reset();
    profiles.forEach((p, i) => { p.hidden = i !== 0; });
    keep(root, reply.table, `Added ${name}: every ${titleOf(root, ruleset.value)} calculator offers it now.`);
  });
}

/** @param {HTMLElement} root */
function setUpHouseRules(root) {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".table-house"))) {
    const form = box.querySelector("form");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const ruleset = box.dataset.ruleset;
      const error = form.querySelector(".calc-error");
      /** @type {HouseRule[]} */
      const chosen = [];
      for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("[data-rule]"))) {
        if (input.type === "checkbox" ? input.checked : input.value.trim()) {
          chosen.push({ ruleset, rule: input.dataset.rule, value: input.type === "checkbox" ? "otherwise" : input.value.trim() });
        }
      }
      const now = keptTable();
      error.textContent = "Checking the house rules…";
      const reply = await check({ ...now, house_rules: [...now.house_rules.filter((rule) => rule.ruleset !== ruleset), ...chosen] });
      if (!reply.ok) {
        error.textContent = Object.values(reply.errors).join(" ");
        return;
      }
      error.textContent = "";
      const words = Object.entries(reply.words).filter(([key]) => key.startsWith(`${ruleset} `)).map(([, said]) => said);
      keep(root, reply.table, words.length ? `In play: ${words.join(" ")}` : "No house rules: the rules as written.");
    });
  }
}

// A table as a link: its JSON in the fragment (never sent to a server), base64 of its UTF-8.
const toLink = (/** @type {PlayersTable} */ table) => btoa(String.fromCodePoint(...new TextEncoder().encode(JSON.stringify(table))));
function fromLink(/** @type {string} */ text) {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(text)), (c) => c.codePointAt(0)));
  } catch {
    return "";
  }
}

/** Opens a table (a file, a link): checked whole by Python, kept only if the player says so. @param {HTMLElement} root @param {string} text @param {string} where */
async function open(root, text, where) {
  /** @type {unknown} */
  let raw = null;
  try {
    raw = text.length <= 2 * LONGEST && [...text].length <= LONGEST ? JSON.parse(text) : null; // characters, as Python counts
  } catch {
    raw = null;
  }
  const table = tableShape(raw);
  if (!table) {
    say(root, `That ${where} is not a table this site saved: nothing was changed.`);
    return;
  }
  say(root, `Checking the ${where}…`);
  const reply = await check(table);
  if (!reply.ok) {
    say(root, `That ${where} was not opened, and nothing was changed: ${Object.values(reply.errors).join(" ")}`);
    return;
  }
  const counted = `${reply.table.models.length} models and ${reply.table.house_rules.length} house rules`;
  if (!window.confirm(`Open this ${where}: ${counted}? It takes the place of the table on this phone.`)) {
    say(root, "Not opened: your table is as it was.");
    return;
  }
  keep(root, reply.table, `Opened the ${where}: ${counted}.`);
}

/** @param {HTMLElement} root */
function setUpSharing(root) {
  root.querySelector('[data-table="export"]').addEventListener("click", () => {
    const file = new Blob([JSON.stringify(keptTable(), null, 2)], { type: "application/json" });
    const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(file), download: "skirmish-table.json" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    say(root, "Saved as skirmish-table.json.");
  });
  const linkButton = /** @type {HTMLElement} */ (root.querySelector('[data-table="link"]'));
  linkButton.addEventListener("click", () => {
    window.shareLink(`${location.origin}${location.pathname}#table=${encodeURIComponent(toLink(keptTable()))}`, linkButton, "Copy a link to this table");
  });
  const picker = /** @type {HTMLInputElement} */ (root.querySelector(".table-import"));
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    picker.value = "";
    if (!file) return;
    if (file.size > LONGEST * 4) {
      say(root, "That file is far larger than any table: nothing was changed.");
      return;
    }
    await open(root, await file.text(), "file");
  });
  root.querySelector('[data-table="clear"]').addEventListener("click", () => {
    if (!window.confirm("Clear every model and house rule from this phone?")) return;
    clearTable();
    say(root, "Cleared: no models, the rules as written.");
    show(root);
  });
}

function setUpTable() {
  const root = /** @type {HTMLElement | null} */ (document.getElementById("players-table"));
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "yes";
  if (storageRefused()) {
    root.querySelector(".table-status").textContent = "This browser does not let the site keep anything: your models and house rules work for this visit only, and are gone when you close it. Save them as a file to keep them.";
  }
  setUpAdding(root);
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

/** A link to a table (#table=...): opened as a file is, and taken out of the address. @param {HTMLElement} root */
function openLink(root) {
  if (!location.hash.startsWith("#table=")) return;
  const carried = fromLink(location.hash.slice(7));
  history.replaceState(history.state, "", location.pathname + location.search);
  open(root, carried || "{}", "link");
}

// Set up now, and again when the page is put in place by a tap (navigation.js), through calculators.js.
window.playersTable.setUp = setUpTable;
setUpTable();
