// @ts-check
// The answer in one line where the eye is (#47, item 9: at 360 px a tap's odds were below the fold): fixed at
// the foot of the screen while its calculator is on screen and the answer's headline is still below it. Out
// of the page's flow, so nothing moves when it comes or goes; the answer below says it whole.

/** @typedef {{ line: HTMLElement, inView: boolean, below: boolean }} Glance */
/** @type {WeakMap<Element, Glance>} a calculator, or its answer's headline -> the calculator's line */
const glances = new WeakMap();
const shown = (/** @type {Glance} */ glance) => {
  glance.line.hidden = !(glance.inView && glance.below && glance.line.textContent);
};
const onScreen = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const glance = glances.get(entry.target);
      if (!entry.target.isConnected) onScreen?.unobserve(entry.target); // an answer replaced: its old headline
      if (!glance || !entry.target.isConnected) continue;
      if (entry.target.classList.contains("calc")) glance.inView = entry.isIntersecting;
      else glance.below = !entry.isIntersecting && entry.boundingClientRect.top >= (entry.rootBounds?.bottom ?? 0);
      shown(glance);
    }
  }, { rootMargin: "0px 0px -48px 0px" }) // a headline in the screen's last 48 px is not yet read: the line says it
  : null;

/** The line before the answer (in the page, aria-hidden: said once to a screen reader, in the answer itself),
 * hidden until the calculator is on screen and its headline below it.
 * @param {HTMLElement} calc */
export function setUpGlance(calc) {
  if (!onScreen) return; // a browser that cannot tell what is on screen shows the answer where it is
  const line = /** @type {HTMLElement} */ (calc.querySelector(".calc-glance"));
  glances.set(calc, { line, inView: false, below: false });
  onScreen.observe(calc);
}

/** The line says the shown answer's headline, or that a new answer is coming: never an answer for other values.
 * @param {HTMLElement} calc @param {boolean} current @param {string} waiting */
export function sayGlance(calc, current, waiting) {
  const glance = glances.get(calc);
  if (!glance || !onScreen) return;
  const headline = calc.querySelector(".calc-headline");
  glance.line.textContent = current ? (headline?.textContent || "").trim() : waiting;
  glance.line.classList.toggle("calc-stale", !current);
  if (headline && !glances.has(headline)) {
    glances.set(headline, glance); // a new answer is a new headline: watched from now on
    onScreen.observe(headline);
  }
  shown(glance);
}
