// @ts-check
// The search box every page carries (its markup: overrides/main.html, after the engine's header), and
// the sentence a result opens, marked on its page. Results come as the player types, the player's own
// game first: the ruleset of the page shown, else the one last read, else the one their table's models
// are of, with one tap to search every ruleset. Built by the build into assets/search.js.
import { keptTable } from "../calculators/src/kept.js";
import { Search, indexShape } from "./engine.js";
import { answerAt, markSentence } from "./mark.js";

const LAST_READ = "skirmish-last-ruleset";
const SHOWN = 20; // results listed: more than a phone shows in two screens

/** @typedef {import("./engine.js").Ruleset} Ruleset @typedef {import("./engine.js").Entry} Entry @typedef {import("./engine.js").Answer} Answer */

(() => {
  "use strict";
  const box = /** @type {HTMLElement | null} */ (document.querySelector(".site-search"));
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!box || !script || !("HTMLDialogElement" in window)) return;
  const root = new URL("../", script.src).href; // this file sits in <root>/assets/
  const indexUrl = new URL(/** @type {string} */ (box.dataset.index), location.href).href;
  const open = /** @type {HTMLButtonElement} */ (box.querySelector(".site-search__open"));
  const dialog = /** @type {HTMLDialogElement} */ (box.querySelector("dialog"));
  const input = /** @type {HTMLInputElement} */ (dialog.querySelector("input"));
  const close = /** @type {HTMLButtonElement} */ (dialog.querySelector(".site-search__close"));
  const scopeBar = /** @type {HTMLElement} */ (dialog.querySelector(".site-search__scope"));
  const widen = /** @type {HTMLButtonElement} */ (scopeBar.querySelector("button"));
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".site-search__status"));
  const list = /** @type {HTMLOListElement} */ (dialog.querySelector(".site-search__results"));
  const held = document.createElement("div");
  held.className = "site-search__held";
  held.hidden = true;
  list.after(held);

  /** @type {Promise<Search | null> | null} */
  let loading = null;
  let failed = false; // the index could not be fetched or read
  /** @type {Search | null} */
  let search = null;
  let everyRuleset = false; // the player tapped "show every ruleset" (until they tap back)
  let onlyOwn = false; // the player tapped "show only" over other rulesets' answers shown for want of its own
  let shownEvery = false; // what the scope button offers to undo

  // The index, fetched and read once a visit (from the offline copy once kept); null if it cannot be read.
  function load() {
    if (!loading) performance.mark("search-load"); // for the benchmark, as "search-ready" below
    loading ||= fetch(indexUrl, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((raw) => {
        const index = indexShape(raw);
        search = index && new Search(index);
        failed = !search;
        performance.mark("search-ready");
        return search;
      })
      .catch(() => {
        failed = true;
        return null;
      });
    return loading;
  }

  // The first folder of the page's address under the site's root: a ruleset's id on its pages.
  const firstFolder = () => (location.href.startsWith(root) ? location.href.slice(root.length).split(/[/?#]/)[0] : "");
  /** @typedef {(rulesets: Ruleset[]) => string | null} RulesetOf */
  /** @type {RulesetOf} */
  const pageRuleset = (rulesets) => {
    const first = firstFolder();
    return rulesets.some((r) => r.id === first) ? first : null;
  };
  /** @type {RulesetOf} */
  const lastRead = (rulesets) => {
    try {
      const kept = localStorage.getItem(LAST_READ);
      return rulesets.some((r) => r.id === kept) ? kept : null; // storage is outside our code
    } catch {
      return null;
    }
  };
  // The ruleset most of the player's own models are of (their table, as the calculators keep it).
  /** @type {RulesetOf} */
  const tableRuleset = (rulesets) => {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const model of keptTable().models) {
      if (model.side === "mine" && rulesets.some((r) => r.id === model.ruleset)) counts.set(model.ruleset, (counts.get(model.ruleset) || 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] || null;
  };
  // The player's own game where it is known: the page's ruleset, else the one last read, else the table's.
  /** @type {RulesetOf} */
  const ownRuleset = (rulesets) => pageRuleset(rulesets) || lastRead(rulesets) || tableRuleset(rulesets);

  // A ruleset's page read: remembered, for a search from the home page later (the theme lists the ids).
  const rulesetIds = (box.dataset.rulesets || "").split(" ");
  function remember() {
    const first = firstFolder();
    if (!first || !rulesetIds.includes(first)) return;
    try {
      localStorage.setItem(LAST_READ, first);
    } catch {
      // storage refused: the page's own ruleset still comes first on its pages
    }
  }

  /** The sentence with its asked words marked, as text and <mark> nodes (never markup from the index).
   * @param {string} sentence @param {[number, number][]} marks */
  function sentenceNodes(sentence, marks) {
    /** @type {Node[]} */
    const nodes = [];
    let at = 0;
    for (const [start, end] of marks) {
      if (start > at) nodes.push(document.createTextNode(sentence.slice(at, start)));
      const mark = document.createElement("mark");
      mark.textContent = sentence.slice(start, end);
      nodes.push(mark);
      at = end;
    }
    nodes.push(document.createTextNode(sentence.slice(at)));
    return nodes;
  }

  const KIND_PLACE = { term: "Glossary", compare: "Compare", reading: "Our reading", tool: "Route planner" };
  /** @param {Entry} entry @param {Map<string, string>} titles */
  function where(entry, titles) {
    const ruleset = titles.get(entry.ruleset);
    const place = entry.kind === "rule" ? entry.place : KIND_PLACE[/** @type {Exclude<Entry["kind"], "rule">} */ (entry.kind)];
    return [ruleset, place].filter(Boolean).join(" · ");
  }

  /** A result's address: the entry's page at its section, with the sentence to mark. @param {Answer} answer */
  function addressOf(answer) {
    const url = new URL(answer.entry.url, root);
    if (url.hash && answer.entry.sentences.length > 0) url.searchParams.set("sentence", String(answer.sentence));
    return url.href;
  }

  /** @param {Ruleset[]} rulesets @param {string} heading */
  function showHeld(rulesets, heading) {
    const title = document.createElement("p");
    title.textContent = heading;
    const items = document.createElement("ul");
    for (const ruleset of rulesets) {
      const item = document.createElement("li");
      item.textContent = `${ruleset.title}: ${ruleset.document}`;
      items.append(item);
    }
    held.replaceChildren(title, items);
    held.hidden = false;
  }

  function show() {
    const question = input.value;
    held.hidden = true;
    if (!search) {
      list.replaceChildren();
      status.textContent = !question.trim() ? "" : failed ? "Search cannot start: reload the page to try again." : "Opening search…";
      return;
    }
    const titles = new Map(search.rulesets.map((r) => [r.id, r.title]));
    // A ruleset's pages keep to it (every ruleset one tap away); the home page asks every ruleset, the
    // player's own game first where it is known, never hiding another game's answer.
    const own = pageRuleset(search.rulesets);
    const preferred = own || ownRuleset(search.rulesets);
    let scoped = own && !everyRuleset ? own : null;
    const named = search.read(question).named; // a ruleset named in the question is searched, whatever the scope
    if (!question.trim()) {
      list.replaceChildren();
      status.textContent = "";
      scopeBar.hidden = true;
      return;
    }
    let answers = search.ask(question, { ruleset: scoped, prefer: preferred, typing: true, most: SHOWN });
    // Nothing in the page's ruleset holds the question, and another's does: those are shown, and said.
    let elsewhere = false;
    if (scoped && !named && !onlyOwn && (answers.length === 0 || answers[0].lacks.length > 0)) {
      const every = search.ask(question, { prefer: scoped, typing: true, most: SHOWN });
      if (every.length > 0 && every[0].lacks.length === 0) [answers, scoped, elsewhere] = [every, null, true];
    }
    scopeBar.hidden = !own || Boolean(named);
    shownEvery = !scoped;
    if (own) {
      widen.textContent = scoped ? `Only ${titles.get(own)}: show every ruleset` : `Every ruleset: show only ${titles.get(own)}`;
    }
    const houseRules = keptTable().house_rules; // read once a keystroke, not once a result
    const items = answers.map((answer) => {
      const link = document.createElement("a");
      link.href = addressOf(answer);
      link.className = "site-search__result";
      const place = document.createElement("span");
      place.className = "site-search__where";
      place.textContent = where(answer.entry, titles);
      const title = document.createElement("span");
      title.className = "site-search__title";
      title.textContent = answer.entry.title;
      const sentence = document.createElement("span");
      sentence.className = "site-search__sentence";
      const text = answer.entry.sentences[answer.sentence] || "";
      // A list item is read after the sentence that leads into its list ("spotted if:"), as on the page.
      if (answer.lead !== null) {
        const lead = document.createElement("span");
        lead.className = "site-search__lead";
        lead.append(...sentenceNodes(answer.entry.sentences[answer.lead] || "", answer.leadMarks));
        sentence.append(lead, " ");
      }
      sentence.append(...sentenceNodes(text, answer.marks));
      link.append(place, title, sentence);
      // A sentence the table plays otherwise says so, as the rules page marks it (#63).
      const playing = houseRules.filter((rule) => rule.ruleset === answer.entry.ruleset);
      const changed = (answer.entry.house || []).filter(([at, rule]) => at === answer.sentence && playing.some((p) => p.rule === rule));
      if (changed.length > 0) {
        const house = document.createElement("span");
        house.className = "site-search__house";
        house.textContent = `Your table plays this otherwise: ${changed.map(([, , name]) => name.charAt(0).toLowerCase() + name.slice(1)).join("; ")}.`;
        link.append(house);
      }
      if (answer.lacks.length > 0) {
        const lacks = document.createElement("span");
        lacks.className = "site-search__lacks";
        lacks.textContent = `Does not say: ${answer.lacks.join(", ")}`;
        link.append(lacks);
      }
      link.dataset.kind = answer.entry.kind;
      const item = document.createElement("li");
      item.append(link);
      return item;
    });
    list.replaceChildren(...items);
    const searched = named ? [...named] : scoped ? [scoped] : [];
    const inScope = searched.length > 0 ? ` in ${searched.map((id) => titles.get(id)).join(" and ")}` : "";
    const count = `${answers.length}${answers.length === SHOWN ? "+" : ""}`;
    if (answers.length === 0) status.textContent = `Nothing found${inScope}.`;
    else if (elsewhere) status.textContent = `Nothing in ${titles.get(own || "")} says that; ${count} found in other rulesets.`;
    else if (answers[0].lacks.length > 0) status.textContent = `No section says all of it${inScope}; ${count} found that say part of it.`;
    else status.textContent = `${count} found${inScope}.`;
    if (answers.length === 0) {
      showHeld(search.rulesets, scoped && !named ? `Nothing in ${titles.get(scoped)}; tap above to see every ruleset. This site holds:`
        : "Not found. This site holds the movement rules only:");
    }
  }

  async function openSearch() {
    if (!dialog.open) dialog.showModal();
    input.focus();
    input.select();
    await load();
    show();
  }

  open.hidden = false;
  open.addEventListener("click", () => void openSearch());
  open.addEventListener("pointerdown", () => void load(), { passive: true }); // the index on its way as the finger lifts
  close.addEventListener("click", () => dialog.close());
  // A tap on the backdrop (outside the dialog's box) closes it, as the Close button does.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelector("form")?.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter opens the first result
    const first = /** @type {HTMLAnchorElement | null} */ (list.querySelector("a"));
    if (first) first.click();
  });
  input.addEventListener("input", show);
  // Escape closes search at once (a search field would first empty itself): the question waits for next time.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    dialog.close();
  });
  // Focus goes back to the search button, however it was opened (a tap, or "/" from the page).
  dialog.addEventListener("close", () => open.focus({ preventScroll: true }));
  widen.addEventListener("click", () => {
    [everyRuleset, onlyOwn] = [!shownEvery, shownEvery];
    show();
    input.focus();
  });
  document.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || dialog.open) return;
    if (target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    void openSearch();
  });
  // A result on the page shown: mark its sentence here (no reload); another page: navigation takes it.
  list.addEventListener("click", (event) => {
    const link = /** @type {HTMLElement} */ (event.target).closest("a");
    if (!link) return;
    dialog.close();
    const url = new URL(link.href);
    const here = new URL(location.href);
    if (url.pathname === here.pathname && url.origin === here.origin && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      history.pushState(history.state, "", url.href);
      void markHere();
    }
  });

  // The sentence a result opened, marked and brought into view.
  async function markHere() {
    const wanted = answerAt(location.href);
    if (!wanted) return;
    const found = await load();
    if (found) markSentence(found, root, location.href, wanted);
  }
  window.addEventListener("popstate", () => void markHere());
  document.addEventListener("site:page", () => {
    remember();
    void markHere();
    everyRuleset = false;
    onlyOwn = false;
  });
  remember();
  void markHere();
})();
