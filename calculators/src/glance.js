// @ts-check
// The answer in one line where the eye is (#47, item 9: at 360 px a tap's odds were below the fold): kept at
// the foot of the screen while the calculator is on it and its headline is still below; the answer says it whole.

/** @type {WeakMap<Element, HTMLElement>} a headline on the page -> its calculator's line */
const lines = new WeakMap();
const watcher = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const line = lines.get(entry.target);
      if (line) line.hidden = entry.isIntersecting || entry.boundingClientRect.top < (entry.rootBounds?.bottom ?? 0);
    }
  })
  : null;

/** The line, put before the answer, hidden until the headline is out of sight below. @param {HTMLElement} calc */
export function setUpGlance(calc) {
  if (!watcher) return; // a browser that cannot tell what is on screen shows the answer where it is
  const line = Object.assign(document.createElement("p"), { className: "calc-glance", hidden: true });
  line.setAttribute("aria-hidden", "true"); // said once to a screen reader: in the answer itself
  calc.querySelector(".calc-result").before(line);
}

/** The line says the shown answer's headline, or that a new answer is coming: never an answer for other values.
 * @param {HTMLElement} calc @param {boolean} current @param {string} waiting */
export function sayGlance(calc, current, waiting) {
  const line = /** @type {HTMLElement | null} */ (calc.querySelector(".calc-glance"));
  if (!line || !watcher) return;
  const headline = calc.querySelector(".calc-headline");
  line.textContent = current ? (headline?.textContent || "").trim() : waiting;
  line.classList.toggle("calc-stale", !current);
  if (headline && !lines.has(headline)) {
    lines.set(headline, line); // a new answer is a new headline: watched from now on
    watcher.observe(headline);
  }
}
