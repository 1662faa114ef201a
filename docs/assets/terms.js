// @ts-check
// Shows a game term's meaning (or why a reference leads nowhere on this site) on tap, hover or
// keyboard focus. The terms are marked by Python: the build in the rules texts, rulescore.web in every
// calculator's answer. Our own few lines instead of Material's tooltips, which cost the phone far more
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

  // Another page put in place (navigation.js): the old page's tip goes with it.
  document.addEventListener("site:page", hide);
})();
