// @ts-check
// The words of a rule and of a player's question, as search compares them: lower case, each word down to
// its stem (runs, running, ran: "run"), a question's small words dropped, a distance written either way
// (8" in a rule, "6 inches" in a question) read as a distance.
import { stemmer } from "stemmer";

// A question's small words find nothing a rule is about ("can I run if an enemy is 6 inches away"; the
// "off" of "fall off a tower", which the rest of the question says):
// they neither find, count against nor mark a rule. Rules' own small words are dropped with them.
const SMALL = new Set(("a an and any are am as at be been but by can could did do does for from had has have "
  + "how i if in into is it its me my of on or so such than that the their them then there these they this "
  + "those to was we were what when where which while who whom why will with would you your away get got "
  + "also just may might must shall should during after before happen happens happened much many ever "
  + "still someone somebody anyone anybody something anything off right").split(" "));

// Forms the stemmer cannot bring home: the rules' own irregular verbs.
const IRREGULAR = new Map(Object.entries({
  ran: "run", fell: "fall", fallen: "fall", fled: "flee", hid: "hide", hidden: "hide", dove: "dive",
  rode: "ride", ridden: "ride", went: "go", gone: "go", threw: "throw", thrown: "throw", took: "take",
  taken: "take", struck: "strike", lain: "lie", lay: "lie", saw: "see", seen: "see", shot: "shoot",
  stood: "stand", held: "hold", fought: "fight", caught: "catch", chose: "choose", chosen: "choose",
  lost: "lose", met: "meet", drew: "draw", drawn: "draw", spent: "spend", knelt: "kneel", leapt: "leap",
}));

// A word: letters and digits, with an apostrophe inside ("model's"), or a number with its inch mark.
const WORD = /\d+(?:\.\d+)?["”″]|[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const INCHES = /^\d+(?:\.\d+)?["”″]$/;

/** The words of `text` as written, in order. @param {string} text @returns {string[]} */
export const wordsOf = (text) => text.match(WORD) || [];

/** The words of `text` with where each starts, for marking them. @param {string} text */
export const placedWordsOf = (text) => [...text.matchAll(WORD)].map((found) => ({ word: found[0], at: found.index }));

/**
 * A word as search compares it, or null for a word that finds nothing: a small word, a lone letter.
 * A distance ("8\"", and in a question a bare number) is "inch", as "inches" is.
 * @param {string} word @param {boolean} asked a question's word (a bare number is a distance asked about)
 * @returns {string | null}
 */
export function termOf(word, asked = false) {
  const lower = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
  if (INCHES.test(lower) || (asked && /^\d+(?:\.\d+)?$/.test(lower))) return "inch";
  if (SMALL.has(lower) || (lower.length < 2 && !/\d/.test(lower))) return null;
  let term = STEMS.get(lower);
  if (term === undefined) {
    term = IRREGULAR.get(lower) || stemmer(lower);
    if (STEMS.size < 50000) STEMS.set(lower, term); // the texts' few thousand words, each stemmed once
  }
  return term;
}
/** @type {Map<string, string>} */
const STEMS = new Map();

// An adjective's degree back to its base, as WordNet lists it (the stemmer keeps "tallest" whole).
const DEGREE = /^(\p{L}{3,}?)(?:est|er)$/u;
/** `word` without -er / -est: tallest -> tall, wider -> wid(e). @param {string} word */
const baseOf = (word) => word.replace(DEGREE, "$1");

/** Every term `text` holds, once each, in order. @param {string} text @returns {string[]} */
export function termsOf(text) {
  const found = new Set();
  for (const word of wordsOf(text)) {
    const term = termOf(word);
    if (term) found.add(term);
  }
  return [...found];
}

/**
 * What a question asks about: one entry per word that counts, each with the terms that answer it (its
 * own, and the texts' words for it from the index's lexicon of players' words), in the order typed, each once.
 * @param {string} question @param {Map<string, string[]>} [lexicon]
 * @returns {{ word: string, terms: string[] }[]}
 */
export function askedOf(question, lexicon = new Map()) {
  /** @type {Map<string, { word: string, terms: string[] }>} */
  const asked = new Map();
  for (const word of wordsOf(question)) {
    const term = termOf(word, true);
    if (!term || asked.has(term)) continue;
    const lower = word.toLowerCase();
    const base = baseOf(lower);
    // "widest" finds "wide", "charger" "charge": the base as the texts write it, with or without its e.
    const bases = base === lower ? [] : [termOf(base), termOf(`${base}e`)].filter((t) => t !== null);
    const also = lexicon.get(term) || lexicon.get(termOf(base) || "") || [];
    asked.set(term, { word: lower, terms: [...new Set([term, ...bases, ...also])] });
  }
  return [...asked.values()];
}
