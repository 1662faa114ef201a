// @ts-check
// The sentence a search result opens, marked on its page: the result's address names the section (its
// anchor) and the sentence (its number in the index), and the index gives its text, which is found in
// the section as the page shows it. Nothing is marked when the page no longer holds that text.

const MARK = "search-answer";
// What a section shows that is not its text: calculators, links to compare pages, buttons.
const NOT_TEXT = "[data-search-exclude], .calc, .section-links, button, .headerlink, script, style";

/** The section and sentence an address asks to mark, or null. @param {string} href */
export function answerAt(href) {
  const url = new URL(href);
  const sentence = url.searchParams.get("sentence");
  if (!url.hash || sentence === null || !/^\d{1,4}$/.test(sentence)) return null;
  let id;
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch {
    return null; // an address from outside: a broken escape marks nothing
  }
  return { id, sentence: Number(sentence) };
}

/** The elements of the section under `heading`: up to the next heading of its level or higher. @param {Element} heading */
function sectionOf(heading) {
  const level = /^H[1-6]$/.test(heading.tagName) ? Number(heading.tagName[1]) : 6;
  const parts = [];
  for (let element = heading.nextElementSibling; element; element = element.nextElementSibling) {
    if (/^H[1-6]$/.test(element.tagName) && Number(element.tagName[1]) <= level) break;
    if (!element.matches(NOT_TEXT)) parts.push(element);
  }
  return parts;
}

/** The section's text with runs of white space as one space, and where each character of it stands. */
function textOf(parts) {
  let text = "";
  /** @type {[Text, number][]} */
  const at = [];
  for (const part of parts) {
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest(NOT_TEXT) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
      const value = node.data;
      for (let offset = 0; offset < value.length; offset += 1) {
        const space = /\s/.test(value[offset]);
        if (space && (text === "" || text.endsWith(" "))) continue;
        text += space ? " " : value[offset];
        at.push([node, offset]);
      }
    }
    if (!text.endsWith(" ")) {
      text += " "; // a paragraph ends where the next begins
      at.push([/** @type {any} */ (null), 0]);
    }
  }
  return { text, at };
}

/** Takes away the marks of an earlier result. */
function unmark() {
  for (const mark of document.querySelectorAll(`mark.${MARK}`)) {
    const parent = mark.parentNode;
    mark.replaceWith(...mark.childNodes);
    parent?.normalize();
  }
}

/**
 * Marks the sentence `wanted` names on this page and brings it into view; false if the page does not
 * hold it. @param {{ entries: { url: string, sentences: string[] }[] }} search @param {string} root
 * @param {string} href @param {{ id: string, sentence: number }} wanted
 */
export function markSentence(search, root, href, wanted) {
  unmark();
  const url = new URL(href);
  url.search = "";
  const relative = url.href.startsWith(root) ? url.href.slice(root.length) : null;
  const entry = search.entries.find((candidate) => candidate.url === relative);
  const sentence = entry && entry.sentences[wanted.sentence];
  const heading = document.getElementById(wanted.id);
  if (!sentence || !heading) return false;
  const { text, at } = textOf(sectionOf(heading));
  const start = text.indexOf(sentence);
  if (start < 0) return false;
  // Each text node the sentence runs through gets its own mark, last first so the offsets hold.
  /** @type {Map<Text, [number, number]>} */
  const pieces = new Map();
  for (let index = start; index < start + sentence.length; index += 1) {
    const [node, offset] = at[index];
    if (!node) continue;
    const piece = pieces.get(node);
    pieces.set(node, piece ? [piece[0], offset + 1] : [offset, offset + 1]);
  }
  const marks = [];
  for (const [node, [from, to]] of [...pieces].reverse()) {
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    const mark = document.createElement("mark");
    mark.className = MARK;
    range.surroundContents(mark);
    marks.unshift(mark);
  }
  if (marks.length === 0) return false;
  requestAnimationFrame(() => marks[0].scrollIntoView({ block: "center" }));
  return true;
}
