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
  const here = location.href.startsWith(root) ? location.href.slice(root.length).split(/[/?#]/)[0] : "";
  const own = [...held.querySelectorAll("li")].find((item) => item.dataset.ruleset === here);
  let scoped = Boolean(own);

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

  function apply() {
    const items = [...list.querySelectorAll(".md-search-result__item")];
    let shown = 0;
    for (const item of items) {
      const link = item.querySelector("a");
      const mine = !scoped || (link && link.href.startsWith(`${root}${here}/`));
      item.hidden = !mine;
      if (mine) shown += 1;
    }
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
  new MutationObserver(apply).observe(list, { childList: true });
  new MutationObserver(apply).observe(meta, { childList: true, characterData: true, subtree: true });
  apply();
})();
