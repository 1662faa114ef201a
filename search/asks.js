// @ts-check
// What kind of answer a question asks for, read from how it is put, and whether a sentence gives that
// kind: "how far" wants the sentence with the distance, dice or count; "what happens if I fail", the
// failing sentence; "when", the one that says when; "where", the way; "can I", the sentence that allows
// or forbids; "what if", what follows.

/** @typedef {"measure" | "failing" | "timing" | "direction" | "procedure" | "permission" | "consequence"} Kind */

/** @type {[Kind, RegExp, RegExp][]} the kind, how a question asks for it, how a sentence gives it */
const KINDS = [
  ["measure",
    /\bhow (far|many|much|high|tall|long|fast|close|near|wide|deep|big)\b|\b(max|maximum|min|minimum|distance|range|length|most|least|\w{3,}est)\b/,
    /\d+\s*(?:["”″]|inch)|\bD\d|\b(?:double|twice|half|quarter|full|maximum|up to|one|two|three|single|each|every)\b/gi],
  ["failing", /\b(fail|fails|failed|failing|miss|misses|missed)\b/, /\bfail/gi],
  ["timing", /^when\b|\bwhen (do|does|can|is|are|must|should)\b/,
    /\b(?:after|before|start|end|during|until|once|immediately|first|then|now)\b/gi],
  ["direction", /^where\b|\bwhich way\b|\bwhat direction\b/, /\b(?:towards?|away|edge|direction|facing|into|onto)\b/gi],
  ["procedure", /^how (do|does|should|would|to)\b|\bhow do (i|you|we)\b/,
    /\b(?:roll|rolls|place|declare|measure|mark|take|takes|test|must|counter|nominate|choose)\b/gi],
  ["consequence", /\bwhat (happens|if)\b/, /\b(?:takes?|suffers?|damage|hits|may not|cannot|loses?|no longer)\b/gi],
  ["permission",
    /^(can|could|may|do|does|is|are|must|should)\b|\b(can i|can my|can someone|allowed|have to|need to|must|able to)\b/,
    /\b(?:can|cannot|can't|may|must|only|unable|not|allowed|optional|never|always)\b/gi],
];

/**
 * The kind of answer `question` asks for, the first of KINDS it asks ("how far can I charge" asks how
 * far, not whether): none, or one.
 * @param {string} question @returns {Kind[]}
 */
export function kindsAsked(question) {
  const lower = question.toLowerCase().trim();
  return KINDS.filter(([, asks]) => asks.test(lower)).map(([kind]) => kind).slice(0, 1);
}

/**
 * How fully `sentence` gives an answer of the kinds asked, 0 to 1: a sentence with a dice roll, a
 * maximum and a distance says how far more fully than one with a distance in passing.
 * @param {string} sentence @param {Kind[]} kinds
 */
export function gives(sentence, kinds) {
  const found = KINDS.filter(([kind]) => kinds.includes(kind))
    .map(([, , given]) => new Set((sentence.match(given) || []).map((said) => said.toLowerCase())).size);
  return Math.min(FULLY, Math.max(0, ...found)) / FULLY;
}
const FULLY = 3;
