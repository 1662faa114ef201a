// @ts-check
// Your table inside the rules (#63): beside the words of the text that a kept house rule changes, what the
// table plays instead, the text as written still there ("Your table: Highest jump down, in inches: 8. The
// rules: 6""). The build writes, after each section, the values a table may change in it and the text's own
// words that state each (sitegen/pages/house_marks.py); one tap reads the page as written for this visit.
import { houseFor } from "./house.js";
import { keptTable } from "./kept.js";

const AS_WRITTEN = "rules-as-written"; // this visit reads the text as written (sessionStorage)

/** @returns {boolean} */
function asWritten() {
  try {
    return sessionStorage.getItem(AS_WRITTEN) === "yes";
  } catch {
    return false; // storage refused: the marks are shown, and the tap hides them for this page
  }
}

/** @param {boolean} yes */
function keepAsWritten(yes) {
  try {
    if (yes) sessionStorage.setItem(AS_WRITTEN, "yes");
    else sessionStorage.removeItem(AS_WRITTEN);
  } catch {
    // refused: the choice holds on this page only
  }
}

/** Text as a reader sees it, on one line. @param {string} text */
const plain = (text) => text.replace(/\s+/g, " ").trim();

// Where a section starts: its heading on a rules page, its link on a compare page.
const opens = (/** @type {Element} */ block) => /^H[1-6]$/.test(block.tagName) || Boolean(block.querySelector(".compare-section"));

/** The block of the section before `holder` whose text holds `says`: the section's paragraphs and list items
 * since it opens. @param {Element} holder @param {string} says */
function blockSaying(holder, says) {
  for (let block = holder.previousElementSibling; block && !opens(block); block = block.previousElementSibling) {
    if (!plain(block.textContent || "").includes(says)) continue;
    const item = [...block.querySelectorAll("li")].find((li) => plain(li.textContent || "").includes(says));
    return item || block;
  }
  return null;
}

/** A value as Your table says it (rulescore.table.house_rules.said_value): 8" for inches, "not allowed"
 * for not-allowed. @param {string} value @param {string} way */
const sayValue = (value, way) => (way === "inches" ? `${value}"` : way === "choice" ? value.replace(/-/g, " ") : value);

/** Every section's marks on this page put in place for the house rules in play, or taken away. */
export function markHouseRules() {
  document.querySelectorAll(".house-mark").forEach((mark) => mark.remove());
  const reading = asWritten();
  const mine = keptTable().house_rules; // the phone's own, apart from a link's not yet kept
  let shown = 0;
  for (const holder of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".house-marks[data-marks]"))) {
    let marks = [];
    try {
      marks = JSON.parse(holder.dataset.marks || "[]");
    } catch {
      // written by our build: marks that cannot be read are left out
    }
    const playing = houseFor(holder.dataset.ruleset || "");
    for (const mark of marks) {
      const played = playing.find((rule) => rule.rule === mark.rule);
      const block = played && blockSaying(holder, mark.says);
      if (!played || !block) continue;
      const note = document.createElement("p");
      note.className = "house-mark";
      note.dataset.rule = mark.rule;
      const label = String(mark.label);
      if (reading) note.append(`Read as written on this visit: your table plays ${label.charAt(0).toLowerCase()}${label.slice(1)} otherwise. `);
      else {
        // A shared link's house rules, not yet kept, are the link's, not the player's table's.
        const kept = mine.some((rule) => rule.ruleset === played.ruleset && rule.rule === played.rule && rule.value === played.value);
        const strong = Object.assign(document.createElement("strong"), { textContent: kept ? "Your table: " : "This link plays: " });
        note.append(strong, `${label}: ${sayValue(played.value, mark.way)}. The rules: ${mark.said}. `);
      }
      // Where it is switched: Your table, by the header's own link to it (both engines' headers carry it).
      const table = /** @type {HTMLAnchorElement | null} */ (document.querySelector("a.site-table-link"));
      const link = Object.assign(document.createElement("a"), { href: `${table?.href || ""}#house-rules`, textContent: "Change it on Your table" });
      const button = Object.assign(document.createElement("button"), {
        type: "button",
        className: "house-mark-switch",
        textContent: reading ? "Show what your table plays" : "Read as written",
      });
      button.addEventListener("click", () => {
        keepAsWritten(!reading);
        markHouseRules();
        /** @type {HTMLElement | null} */ (document.querySelector(`.house-mark[data-rule="${CSS.escape(mark.rule)}"] button`))?.focus();
      });
      note.append(button, ...(table ? [" ", link] : []));
      block.after(note);
      shown += 1;
    }
  }
  return shown;
}
