// @ts-check
// Shows a game term's meaning (or why a reference leads nowhere on this site) on tap, hover or
// keyboard focus. Our own few lines instead of Material's tooltips, which cost the phone far more
// start-up work on a long rules page.
(() => {
  "use strict";
  let tip = null;
  let owner = null;

  function hide() {
    if (tip) tip.remove();
    if (owner) owner.removeAttribute("aria-describedby");
    tip = owner = null;
  }

  function show(element) {
    if (owner === element) return;
    hide();
    // The title is there for readers without JavaScript; taken over here so it does not show twice.
    if (element.title) {
      element.dataset.tip = element.title;
      element.removeAttribute("title");
    }
    tip = document.createElement("div");
    tip.className = "term-tip";
    tip.id = "term-tip";
    tip.setAttribute("role", "tooltip");
    tip.textContent = element.dataset.tip;
    document.body.append(tip);
    const box = element.getBoundingClientRect();
    const left = Math.min(Math.max(8, box.left), document.documentElement.clientWidth - tip.offsetWidth - 8);
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${box.bottom + window.scrollY + 6}px`;
    owner = element;
    element.setAttribute("aria-describedby", "term-tip");
  }

  const target = (event) => event.target instanceof Element && event.target.closest("abbr.term, .xref-elsewhere");
  document.addEventListener("focusin", (event) => (target(event) ? show(target(event)) : hide()));
  document.addEventListener("mouseover", (event) => target(event) && show(target(event)));
  document.addEventListener("mouseout", (event) => target(event) && document.activeElement !== owner && hide());
  document.addEventListener("click", (event) => (target(event) ? show(target(event)) : hide()));
  document.addEventListener("keydown", (event) => event.key === "Escape" && hide());
  // Scrolled away from its term (under the header or off the screen), the meaning goes with it.
  const header = () => (document.querySelector(".md-header") || document.body).getBoundingClientRect().bottom;
  window.addEventListener("scroll", () => {
    if (!owner) return;
    const box = owner.getBoundingClientRect();
    if (document.activeElement !== owner || box.top < header() || box.bottom > window.innerHeight) hide();
  }, { passive: true });

  // A calculator's answer comes from Python at the table: its game terms are explained here, as the
  // build does in the rules text (first use in each answer), from the terms the page carries.
  const glossaries = {};
  function glossary(ruleset) {
    if (!(ruleset in glossaries)) {
      const data = document.querySelector(`script.game-terms[data-ruleset="${ruleset}"]`);
      const literal = (form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      glossaries[ruleset] = (data ? JSON.parse(data.textContent) : []).map((term) => {
        const forms = term.forms.slice().sort((a, b) => b.length - a.length).map(literal);
        return { definition: term.definition, pattern: new RegExp(`\\b(?:${forms.join("|")})\\b`, "i") };
      });
    }
    return glossaries[ruleset];
  }

  function explain(element, ruleset) {
    const marked = [...element.querySelectorAll("abbr.term")].map((abbr) => abbr.textContent);
    for (const term of glossary(ruleset)) {
      if (marked.some((text) => term.pattern.test(text))) continue; // an answer told again is not marked twice
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement.closest("a, abbr, button, summary, .calc-fraction")
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
        const found = term.pattern.exec(node.data);
        if (!found) continue;
        const word = node.splitText(found.index);
        word.splitText(found[0].length);
        const abbr = document.createElement("abbr");
        abbr.className = "term";
        abbr.tabIndex = 0;
        abbr.title = term.definition;
        word.replaceWith(abbr);
        abbr.append(word);
        break; // the first use only, as on the rules pages
      }
    }
  }

  function explainAnswer(calc) {
    const result = calc.querySelector(".calc-result");
    if (!result) return;
    if (calc.dataset.ruleset) explain(result, calc.dataset.ruleset);
    else result.querySelectorAll("tr[data-ruleset]").forEach((row) => explain(row, row.dataset.ruleset));
  }
  document.querySelectorAll(".calc").forEach(explainAnswer);
  // Python's answers, and those a first visit shows from the page while Python is on its way.
  for (const answered of ["calculators:result", "calculators:stored"]) document.addEventListener(answered, (event) => explainAnswer(event.target));
  // Another page put in place (navigation.js): its answers get their terms, the old tip goes.
  document.addEventListener("site:page", () => {
    hide();
    document.querySelectorAll(".calc").forEach(explainAnswer);
  });
})();
