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
  const root = new URL("../", document.currentScript.src).href; // this file sits in <root>/assets/
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
  const holdings = held.cloneNode(true);
  holdings.removeAttribute("id");
  holdings.hidden = false;
  note.append(heading, holdings);
  list.before(bar, note);

  // A snippet is one block of the rule: the first that holds a searched word, or the first. A list
  // keeps the line that leads into it ("automatically spotted if:"), which says what it lists.
  function snippet(article) {
    const blocks = [...article.children].filter((e) => /^(P|UL|OL)$/.test(e.tagName) && !e.matches(".md-search-result__terms"));
    if (blocks.length === 0) return;
    const at = Math.max(0, blocks.findIndex((e) => e.querySelector("mark")));
    const keep = new Set([blocks[at]]);
    if (blocks[at].tagName !== "P" && at > 0 && blocks[at - 1].tagName === "P") keep.add(blocks[at - 1]);
    for (const block of blocks) block.classList.toggle("search-cut", !keep.has(block));
  }

  // A result that holds none of the words searched (only "Missing: ...") is noise at the table.
  function empty(item) {
    return !item.querySelector("mark") && Boolean(item.querySelector(".md-search-result__terms"));
  }

  function apply() {
    const items = [...list.querySelectorAll(".md-search-result__item")];
    let shown = 0;
    for (const item of items) {
      const link = item.querySelector("a");
      const mine = (!scoped || (link && link.href.startsWith(`${root}${here}/`))) && !empty(item);
      item.hidden = !mine;
      if (mine) shown += 1;
      item.querySelectorAll(".md-search-result__article").forEach(snippet);
    }
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
