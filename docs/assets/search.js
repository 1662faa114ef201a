// @ts-check
// Search at the table. On a ruleset's pages the results keep to that ruleset, with one tap to see
// every ruleset; when nothing matches, a note says which part of each rulebook this site holds.
// Works on Material's search dialog; with another engine's search it does nothing.
(() => {
  "use strict";
  const result = document.querySelector(".md-search-result");
  const list = result && result.querySelector(".md-search-result__list");
  const meta = result && result.querySelector(".md-search-result__meta");
  const held = document.getElementById("rulesets-held"); // written by the theme override
  if (!list || !meta || !held) return;
  const root = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src).href; // this file sits in <root>/assets/
  let here, own, scoped;
  // The ruleset of the page shown: again for each page navigation.js puts in place.
  function place() {
    here = location.href.startsWith(root) ? location.href.slice(root.length).split(/[/?#]/)[0] : "";
    own = [...held.querySelectorAll("li")].find((item) => item.dataset.ruleset === here);
    scoped = Boolean(own);
  }
  place();

  const bar = document.createElement("p");
  bar.className = "search-scope";
  const widen = document.createElement("button");
  widen.type = "button";
  bar.append(widen);
  const note = document.createElement("div");
  note.className = "search-held";
  const heading = document.createElement("p");
  const holdings = /** @type {HTMLElement} */ (held.cloneNode(true));
  holdings.removeAttribute("id");
  holdings.hidden = false;
  note.append(heading, holdings);
  list.before(bar, note);

  // A player asks in words ("can I run if an enemy is 6 inches away"): the question's small words find
  // nothing a rule is about, so they neither mark a rule, count against it nor go to the page's highlight.
  const FILLER = new Set(("a an and any are am at be by can could do does for from have how i if in is it its me "
    + "my of on or so than that the then there this to was what when where which who why will with would you your "
    + "away get got").split(" "));
  const box = /** @type {HTMLInputElement | null} */ (document.querySelector(".md-search__input"));
  function searched() {
    const words = (box ? box.value : "").toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
    return [...new Set(words.filter((word) => !FILLER.has(word) && (word.length > 1 || /\d/.test(word))))];
  }
  // The searched word a marked word stands for ("running" for "run", "enemies" for "enemy"), or none.
  function wordOf(text, words) {
    const marked = text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    return words.find((word) => marked.startsWith(word.slice(0, Math.max(3, Math.min(word.length, 4))))) || null;
  }

  // Marks of no searched word go back to plain text; each mark left is tagged with its word.
  function keepMarks(article, words) {
    for (const mark of article.querySelectorAll("mark")) {
      const word = wordOf(mark.textContent, words);
      if (word) mark.dataset.word = word;
      else mark.replaceWith(document.createTextNode(mark.textContent));
    }
    article.normalize();
  }
  const wordsIn = (element) => new Set([...element.querySelectorAll("mark[data-word]")].map((mark) => mark.dataset.word));

  // In a paragraph, the sentence that holds the most searched words leads: the text before it goes,
  // for an ellipsis, so the three lines shown are the answer ("A model can only run if ... 8\"").
  function leadWithBestSentence(block) {
    const pieces = [...block.childNodes];
    const text = pieces.map((node) => node.textContent).join("");
    const starts = [0, ...[...text.matchAll(/[.!?]["\u201d)]?\s+(?=[A-Z"\u201c])/g)].map((found) => found.index + found[0].length)];
    let best = 0;
    let most = 0;
    starts.forEach((start, index) => {
      const end = starts[index + 1] ?? text.length;
      let at = 0;
      let marks = 0;
      const found = new Set();
      for (const node of pieces) {
        const next = at + node.textContent.length;
        if (node.nodeName === "MARK" && at >= start && at < end) {
          found.add(node.dataset.word);
          marks += 1;
        }
        at = next;
      }
      if (found.size * 1000 + marks > most) [best, most] = [start, found.size * 1000 + marks];
    });
    if (best === 0) return;
    let at = 0;
    for (const node of pieces) {
      const next = at + node.textContent.length;
      if (next <= best) node.remove();
      else if (at < best) node.textContent = node.textContent.slice(best - at); // a text node: marks fit in sentences
      at = next;
    }
    block.prepend("\u2026 ");
  }

  // A snippet is one block of the rule: the one that holds the most searched words (the first of them
  // on a tie, or the first block). A list keeps the line that leads into it ("automatically spotted if:").
  function snippet(article, words) {
    keepMarks(article, words);
    // "Missing:" names searched words only; with none missing, it goes.
    const missing = article.querySelector(".md-search-result__terms");
    if (missing) {
      missing.querySelectorAll("del").forEach((word) => { if (!words.includes(word.textContent.toLowerCase())) word.remove(); });
      missing.hidden = !missing.querySelector("del");
    }
    const blocks = [...article.children].filter((e) => /^(P|UL|OL)$/.test(e.tagName) && !e.matches(".md-search-result__terms"));
    if (blocks.length === 0) return;
    // Most searched words, then most marks: the block that answers, not the one that names the topic.
    const weight = (block) => wordsIn(block).size * 1000 + block.querySelectorAll("mark").length;
    let at = 0;
    blocks.forEach((block, index) => {
      if (weight(block) > weight(blocks[at])) at = index;
    });
    const keep = new Set([blocks[at]]);
    if (blocks[at].tagName !== "P" && at > 0 && blocks[at - 1].tagName === "P") keep.add(blocks[at - 1]);
    for (const block of blocks) block.classList.toggle("search-cut", !keep.has(block));
    if (blocks[at].tagName === "P" && !blocks[at].dataset.led) {
      blocks[at].dataset.led = "yes";
      leadWithBestSentence(blocks[at]);
    }
  }

  // The page a result opens highlights the searched words only (not every "i" of "can I").
  function highlightOnly(link, words) {
    const url = new URL(link.href);
    if (!url.searchParams.has("h")) return;
    url.searchParams.set("h", url.searchParams.get("h").split(" ").filter((word) => words.includes(word.toLowerCase())).join(" "));
    link.href = url.href;
  }

  // A result that holds none of the words searched (only "Missing: ...") is noise at the table.
  function empty(item) {
    return !item.querySelector("mark") && Boolean(item.querySelector(".md-search-result__terms"));
  }

  // A result's weight: how many searched words name its page or one of its sections (a question about
  // running is answered by "Running" before a section that says "run" in passing). A number is a
  // distance asked about, not a topic, so "6" does not make "6th edition" a heading match.
  function weigh(item) {
    // Our readings are not the rule: the assumptions page keeps Material's place, below every rule named.
    const link = item.querySelector("a");
    if (!link || link.href.startsWith(`${root}assumptions/`)) return 0;
    const page = item.querySelector("h1");
    const named = (heading) => [...wordsIn(heading)].filter((word) => !/^\d+$/.test(word));
    const pageWords = page ? named(page) : [];
    let best = pageWords.length;
    for (const heading of item.querySelectorAll("h2")) best = Math.max(best, new Set([...pageWords, ...named(heading)]).size);
    return best;
  }

  // Heaviest first, Material's order kept among equals; nothing moves when the order holds already, so
  // the list's own observer does not loop. The top result's fold opens when it holds one or two sections
  // ("climb ladder": the two sentences that say ladders are open ground), cheaper to show than to tap.
  function rank(items) {
    const weights = new Map(items.map((item) => [item, weigh(item)]));
    const ranked = [...items].sort((a, b) => weights.get(b) - weights.get(a));
    if (ranked.some((item, index) => item !== items[index])) list.append(...ranked);
    const top = ranked.find((item) => !item.hidden);
    const more = top && top.querySelector("details.md-search-result__more");
    if (more && more.querySelectorAll("a").length <= 2) more.open = true;
  }

  function apply() {
    const words = searched();
    const items = [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(".md-search-result__item"))];
    let shown = 0;
    for (const item of items) {
      item.querySelectorAll("a[href]").forEach((link) => highlightOnly(link, words));
      item.querySelectorAll(".md-search-result__article").forEach((article) => snippet(article, words));
      const link = item.querySelector("a");
      const mine = (!scoped || (link && link.href.startsWith(`${root}${here}/`))) && !empty(item);
      item.hidden = !mine;
      if (mine) shown += 1;
    }
    rank(items);
    // Material's count is of every ruleset's results: beside "Nothing in X" it would contradict.
    meta.classList.toggle("search-cut", Boolean(own) && scoped && items.length > 0);
    bar.hidden = !own;
    if (own) {
      widen.textContent = scoped ? `Only ${own.dataset.title}: show every ruleset` : `Every ruleset: show only ${own.dataset.title}`;
    }
    const nothing = /no matching/i.test(meta.textContent) || (items.length > 0 && shown === 0);
    heading.textContent = items.length > 0 && shown === 0
      ? `Nothing in ${own.dataset.title}; tap above to see every ruleset. This site holds:`
      : "Not found. This site holds the movement rules only:";
    note.hidden = !nothing;
  }

  widen.addEventListener("click", () => {
    scoped = !scoped;
    apply();
  });
  // Material redraws the list and the count as the player types (and adds more on scroll).
  document.addEventListener("site:page", () => {
    place();
    apply();
  });
  new MutationObserver(apply).observe(list, { childList: true });
  new MutationObserver(apply).observe(meta, { childList: true, characterData: true, subtree: true });
  apply();
})();
