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

/**
 * The section's text as its nodes hold it, a space between its parts (a paragraph ends where the next
 * begins), and where each text node stands in it: one pass over the nodes, the text joined once (#64,
 * item 3: a string grown a character at a time cost the square of the section's length).
 * @param {Element[]} parts
 */
function textOf(parts) {
  /** @type {string[]} */
  const pieces = [];
  /** @type {{ node: Text, from: number, to: number }[]} */
  const nodes = [];
  let length = 0;
  for (const part of parts) {
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest(NOT_TEXT) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
      nodes.push({ node, from: length, to: length + node.data.length });
      pieces.push(node.data);
      length += node.data.length;
    }
    pieces.push(" ");
    length += 1;
  }
  return { text: pieces.join(""), nodes };
}

/**
 * The sentence as its words in order, any run of white space between two of them as the page may break
 * it (a line break, two spaces, a space in each of two nodes). @param {string} sentence
 */
function patternOf(sentence) {
  const words = sentence.trim().split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(words.join("\\s+"));
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
  const { text, nodes } = textOf(sectionOf(heading));
  const found = patternOf(sentence).exec(text);
  if (!found) return false;
  const start = found.index;
  const end = start + found[0].length;
  // Each text node the sentence runs through gets its own mark (none for one of white space only), last
  // first so the offsets hold.
  const pieces = nodes
    .filter(({ node, from, to }) => from < end && to > start
      && /\S/.test(node.data.slice(Math.max(start, from) - from, Math.min(end, to) - from)))
    .map(({ node, from, to }) => /** @type {[Text, number, number]} */ ([
      node, Math.max(start, from) - from, Math.min(end, to) - from,
    ]));
  /** @type {HTMLElement[]} */
  const marks = [];
  for (const [node, from, to] of pieces.reverse()) {
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
