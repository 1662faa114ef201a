// @ts-check
// Your table kept and shared: saved as a file, opened from one, as a link; cleared. What is opened is read
// whole by Python first, and takes the phone's table's place only when the player says so.
import { check, keep, say } from "./table-page.js";

const { clearTable, keptTable, pastBounds, tableShape } = /** @type {PlayersTableApi} */ (window.playersTable);
const LONGEST = 100000; // characters in a table file (rulescore.table.file.LONGEST)

// A table as a link: its JSON in the fragment (never sent to a server), base64 of its UTF-8.
const toLink = (/** @type {PlayersTable} */ table) => btoa(String.fromCodePoint(...new TextEncoder().encode(JSON.stringify(table))));
function fromLink(/** @type {string} */ text) {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(text)), (c) => c.charCodeAt(0)));
  } catch {
    return "";
  }
}

/** Opens a table (a file, a link): checked whole by Python, kept only if the player says so. @param {HTMLElement} root @param {string} text @param {string} where */
async function open(root, text, where) {
  /** @type {unknown} */
  let raw = null;
  try {
    raw = text.length <= 2 * LONGEST && [...text].length <= LONGEST ? JSON.parse(text) : null; // characters, as Python counts
  } catch {
    // not JSON: no table, said below
  }
  const table = tableShape(raw);
  if (!table) {
    // A table past a bound says which (its count and the most); anything else is no table of ours.
    const past = text.length > 2 * LONGEST || [...text].length > LONGEST
      ? `is longer than any table (${LONGEST.toLocaleString("en")} characters at the most)`
      : pastBounds(raw);
    say(root, `That ${where} ${past || "is not a table this site saved"}: nothing was changed.`);
    return;
  }
  say(root, `Checking the ${where}…`);
  const reply = await check(table);
  if (!reply.ok || !reply.table) {
    say(root, `That ${where} was not opened, and nothing was changed: ${Object.values(reply.errors).join(" ")}`);
    return;
  }
  const opened = reply.table;
  const counted = `${opened.models.length} models and ${opened.house_rules.length} house rules`;
  if (!window.confirm(`Open this ${where}: ${counted}? It takes the place of the table on this phone.`)) {
    say(root, "Not opened: your table is as it was.");
    return;
  }
  keep(root, opened, `Opened the ${where}: ${counted}.`);
}

/** @param {HTMLElement} root */
export function setUpSharing(root) {
  /** @type {HTMLElement} */ (root.querySelector('[data-table="export"]')).addEventListener("click", () => {
    const file = new Blob([JSON.stringify(keptTable(), null, 2)], { type: "application/json" });
    const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(file), download: "skirmish-table.json" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    say(root, "Saved as skirmish-table.json.");
  });
  const linkButton = /** @type {HTMLElement} */ (root.querySelector('[data-table="link"]'));
  linkButton.addEventListener("click", () => {
    window.shareLink(`${location.origin}${location.pathname}#table=${encodeURIComponent(toLink(keptTable()))}`, linkButton, "Copy a link to this table");
  });
  const picker = /** @type {HTMLInputElement} */ (root.querySelector(".table-import"));
  picker.addEventListener("change", async () => {
    const file = picker.files?.[0];
    picker.value = "";
    if (!file) return;
    if (file.size > LONGEST * 4) {
      say(root, "That file is far larger than any table: nothing was changed.");
      return;
    }
    await open(root, await file.text(), "file");
  });
  /** @type {HTMLElement} */ (root.querySelector('[data-table="clear"]')).addEventListener("click", () => {
    if (!window.confirm("Clear every model and house rule from this phone?")) return;
    clearTable();
    say(root, "Cleared: no models, the rules as written.");
    root.dispatchEvent(new CustomEvent("table:kept"));
  });
}

/** A link to a table (#table=...): opened as a file is, and taken out of the address. @param {HTMLElement} root */
export function openLink(root) {
  if (!location.hash.startsWith("#table=")) return;
  const carried = fromLink(location.hash.slice(7));
  history.replaceState(history.state, "", location.pathname + location.search);
  open(root, carried || "{}", "link");
}
