// @ts-check
// Shows a game term's meaning (or why a reference leads nowhere on this site) on tap, hover or
// keyboard focus. The terms are marked by Python: the build in the rules texts, rulescore.web in every
// calculator's answer. Our own few lines instead of Material's tooltips, which cost the phone far more
// start-up work on a long rules page.
(() => {
  "use strict";
  /** @type {HTMLElement | null} */
  let tip = null;
  /** @type {HTMLElement | null} */
  let owner = null;

  function hide() {
    if (tip) tip.remove();
    if (owner) owner.removeAttribute("aria-describedby");
    tip = owner = null;
  }

  /** @param {HTMLElement} element */
  function show(element) {
    if (owner === element) return;
    hide();
    // The title is there for readers without JavaScript; taken over here so it does not show twice.
    if (element.title) {
      element.dataset.tip = element.title;
      element.removeAttribute("title");
    }
    const made = document.createElement("div");
    tip = made;
    made.className = "term-tip";
    made.id = "term-tip";
    made.setAttribute("role", "tooltip");
    made.textContent = element.dataset.tip || "";
    document.body.append(made);
    const box = element.getBoundingClientRect();
    const left = Math.min(Math.max(8, box.left), document.documentElement.clientWidth - made.offsetWidth - 8);
    made.style.left = `${left + window.scrollX}px`;
    made.style.top = `${box.bottom + window.scrollY + 6}px`;
    owner = element;
    element.setAttribute("aria-describedby", "term-tip");
  }

  /** @type {(event: Event) => HTMLElement | null} */
  const target = (event) => (event.target instanceof Element ? event.target.closest("abbr.term, .xref-elsewhere") : null);
  /** @param {Event} event */
  const showOrHide = (event) => {
    const element = target(event);
    if (element) show(element);
    else hide();
  };
  document.addEventListener("focusin", showOrHide);
  document.addEventListener("mouseover", (event) => { const element = target(event); if (element) show(element); });
  document.addEventListener("mouseout", (event) => target(event) && document.activeElement !== owner && hide());
  document.addEventListener("click", showOrHide);
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
