// @ts-check
// Search over the site's index (assets/search.json, made by sitegen/pages/search_index.py): MiniSearch
// finds the entries that hold a question's words (word forms, a typo, a word half typed), and this
// module ranks them for a rule question and picks the sentence that answers. No page here: answers are
// data (entry, sentence, the spans to mark) that the search box words; Node runs the same code in tests.
import MiniSearch from "minisearch";
import { gives, kindsAsked } from "./asks.js";
import { LIMITS } from "./limits.js";
import { askedOf, placedWordsOf, termOf, termsOf, wordsOf } from "./words.js";

export const SHAPE = 2; // sitegen.pages.search_index.SHAPE: a file of another shape is not read
// A rule answers a rule question before what is written about rules: a glossary's definition, a
// compare page, our readings of the texts.
const KIND_WEIGHT = { rule: 5, tool: 1, term: 1, compare: 1, reading: 0 };
const ANOTHER_WORD = 0.6; // a word found through the players' lexicon, in a title, against its own form
const PHRASE = 20; // a sentence where the words asked stand together, as asked
/** @type {Set<string>} */
const NONE = new Set(); // the words of no lead-in
const TITLED = 0.5; // an asked word the section's title names, in choosing its sentence
const PREFERRED = 6; // the player's own game, first where it answers (a better match elsewhere stays below it)

/** @typedef {{ kind: keyof typeof KIND_WEIGHT, ruleset: string, title: string, place: string, url: string, sentences: string[], house?: [number, string, string][], leads?: [number, number][] }} Entry */
/** @typedef {{ id: string, title: string, document: string }} Ruleset */
/** @typedef {{ rulesets: Ruleset[], entries: Entry[], words: Record<string, string[]> }} Index */
/**
 * An answer: the entry, its answering sentence and the spans to mark there, how many of the question's
 * words it holds, and the words it lacks (as typed), said when no answer holds them all; for a list
 * item, the sentence that leads into its list and the spans to mark there (else null and none).
 * @typedef {{ entry: Entry, sentence: number, marks: [number, number][], found: number, asked: number, lacks: string[],
 *   lead: number | null, leadMarks: [number, number][] }} Answer
 */

/** @type {(value: unknown, longest: number) => boolean} */
const isText = (value, longest) => typeof value === "string" && value.length <= longest;

/**
 * The index file read back, or null if it is not one this code wrote (another shape, a wrong type, too
 * big): search then says it cannot search rather than misreading it.
 * @param {unknown} raw
 * @returns {Index | null}
 */
export function indexShape(raw) {
  if (!raw || typeof raw !== "object") return null;
  const index = /** @type {{ shape: unknown, rulesets: unknown, entries: unknown, words: unknown }} */ (raw);
  if (index.shape !== SHAPE || !Array.isArray(index.rulesets) || !Array.isArray(index.entries)) return null;
  // Bounds on a file from outside, far above what 50 rulesets hold; the build keeps its texts inside them.
  if (index.entries.length > LIMITS.entries || index.rulesets.length > LIMITS.entries) return null;
  const rulesetOk = (/** @type {any} */ r) => r && isText(r.id, LIMITS.id) && isText(r.title, LIMITS.ruleset_title)
    && isText(r.document, LIMITS.document);
  const entryOk = (/** @type {any} */ e) => e && Object.hasOwn(KIND_WEIGHT, e.kind) && isText(e.ruleset, LIMITS.id)
    && isText(e.title, LIMITS.title) && isText(e.place, LIMITS.place) && isText(e.url, LIMITS.url)
    && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(e.url)
    && Array.isArray(e.sentences) && e.sentences.length <= LIMITS.sentences
    && e.sentences.every((/** @type {unknown} */ s) => isText(s, LIMITS.sentence))
    && (e.house === undefined || (Array.isArray(e.house) && e.house.length <= LIMITS.sentences && e.house.every(houseOk)))
    && (e.leads === undefined || (Array.isArray(e.leads) && e.leads.length <= LIMITS.sentences
      && e.leads.every((/** @type {unknown} */ l) => leadOk(l, e.sentences.length))));
  // A value a table may play otherwise, at the sentence that states it: [sentence, rule, its name] (#63).
  const houseOk = (/** @type {unknown} */ h) => Array.isArray(h) && h.length === 3 && Number.isInteger(h[0]) && h[0] >= 0
    && isText(h[1], LIMITS.id) && isText(h[2], LIMITS.title);
  // A list item and its lead-in, both sentences of the entry, the lead-in before the item.
  const leadOk = (/** @type {unknown} */ l, /** @type {number} */ n) => Array.isArray(l) && l.length === 2
    && Number.isInteger(l[0]) && Number.isInteger(l[1]) && l[1] >= 0 && l[1] < l[0] && l[0] < n;
  if (!index.rulesets.every(rulesetOk) || !index.entries.every(entryOk)) return null;
  const words = index.words;
  if (!words || typeof words !== "object" || Array.isArray(words)) return null;
  const said = Object.entries(words);
  const saidOk = (/** @type {[string, unknown]} */ [word, terms]) => isText(word, LIMITS.word) && Array.isArray(terms)
    && terms.length <= LIMITS.said && terms.every((term) => isText(term, LIMITS.word));
  if (said.length > LIMITS.words || !said.every(saidOk)) return null; // the players' words: a few thousand
  return /** @type {Index} */ (raw);
}

/** The spans of `sentence` that hold one of `terms`, in order. @param {string} sentence @param {Set<string>} terms */
export function marksIn(sentence, terms) {
  /** @type {[number, number][]} */
  const marks = [];
  for (const { word, at } of placedWordsOf(sentence)) {
    const term = termOf(word);
    if (term && terms.has(term)) marks.push([at, at + word.length]);
  }
  return marks;
}

/**
 * How many words of `sentence` the shortest stretch holding one of each asked word found there spans.
 * @param {string} sentence @param {Set<string>[]} words what the entry holds of each asked word
 */
function spanOf(sentence, words) {
  const at = wordsOf(sentence).map((word) => termOf(word));
  const wanted = words.filter((terms) => at.some((term) => term && terms.has(term)));
  let shortest = at.length;
  for (let start = 0; start < at.length; start += 1) {
    const seen = new Set();
    for (let end = start; end < at.length && end - start + 1 < shortest; end += 1) {
      const term = at[end];
      if (term) wanted.forEach((terms) => { if (terms.has(term)) seen.add(terms); });
      if (seen.size === wanted.length) shortest = end - start + 1;
    }
  }
  return Math.max(1, shortest);
}

/**
 * Whether the asked words found in `sentence` stand there one after another, in the order asked.
 * @param {string} sentence @param {Set<string>[]} words what the entry holds of each asked word, in order
 */
function asAsked(sentence, words) {
  const at = wordsOf(sentence).map((word) => termOf(word));
  return at.some((_, start) => words.every((terms, k) => {
    const term = at[start + k];
    return Boolean(term) && terms.has(/** @type {string} */ (term));
  }));
}

/**
 * What words asked standing together add to a sentence: PHRASE where nothing stands between them, else
 * less than one, which tells only sentences otherwise equal apart ("cannot shoot ... failed a charge"
 * before "fails the roll, ... may not charge this turn, but may ... shoot", for "shooting after a failed charge").
 * @param {number} held @param {number} span
 */
const closeness = (held, span) => (span === held ? PHRASE : held / span);
/** @param {string} sentence @param {Set<string>[]} words the asked words the sentence holds, in order */
const together = (sentence, words) => (asAsked(sentence, words) ? PHRASE : Math.min(0.99, closeness(words.length, spanOf(sentence, words))));

export class Search {
  /** @param {Index} index */
  constructor(index) {
    this.lexicon = new Map(Object.entries(index.words));
    this.rulesets = index.rulesets;
    this.entries = index.entries;
    this.order = new Map(index.rulesets.map((ruleset, at) => [ruleset.id, at]));
    // Each sentence's terms once, for the sentence that answers; the title's, for a rule named by the question.
    this.sentenceTerms = this.entries.map((entry) => entry.sentences.map((sentence) => new Set(termsOf(sentence))));
    this.titleTerms = this.entries.map((entry) => new Set(termsOf(entry.title)));
    // A list item refers back to its lead-in ("A hidden warrior is spotted if:" for "He charges, shoots..."):
    // it holds that sentence's words too, in choosing the sentence that answers.
    // (Only entries with lists hold any: none is made for the rest at start.)
    this.leadTerms = this.entries.map((entry, id) => (entry.leads
      ? new Map(entry.leads.map(([item, lead]) => [item, this.sentenceTerms[id][lead]])) : null));
    // A subsection's heading with its parent's ("hold response": Hold, under Charge Responses); not a
    // chapter's, whose words ("movement") are in most questions.
    this.pathTerms = this.entries.map((entry, id) => (entry.place.includes("›")
      ? new Set([...this.titleTerms[id], ...termsOf(entry.place.split("›").pop() || "")]) : null));
    // A text's run-in headings name a rule as its title does ("Charge Bonus: After you have selected ..."):
    // each sentence's, read once (null for none), and an entry's short ones as names.
    this.sentenceLabels = this.entries.map((entry) => entry.sentences.map((sentence) => {
      const label = /^([^:.!?]{1,40}):\s/.exec(sentence);
      return label ? { terms: new Set(termsOf(label[1])), short: label[1].split(/\s+/).length <= 4 } : null;
    }));
    this.labelTerms = this.sentenceLabels.map((labels) => labels.flatMap((label) => (label?.short ? [label.terms] : [])));
    // The words that name a ruleset ("coreheim climb"): they choose the ruleset rather than search its text.
    // Players name a ruleset by its title's words or its short name, as its id spells it ("whfb", "lrb").
    this.rulesetTerms = this.rulesets.map((ruleset) => new Set(termsOf(`${ruleset.title} ${ruleset.id.replace(/-\d*/g, " ")}`)));
    /** @type {Map<string, number>} how many entries hold each term */
    const holders = new Map();
    this.sentenceTerms.forEach((sentences, id) => {
      new Set([...this.titleTerms[id], ...sentences.flatMap((terms) => [...terms])]).forEach((term) => holders.set(term, (holders.get(term) || 0) + 1));
    });
    /** How rare a term is in the texts (inverse document frequency). @param {string} term */
    this.rarity = (term) => Math.log((1 + this.entries.length) / (1 + (holders.get(term) || 0)));
    this.mini = new MiniSearch({
      fields: ["title", "place", "text"],
      extractField: (document, field) => {
        const entry = this.entries[document.id];
        return field === "id" ? document.id : field === "text" ? entry.sentences.join(" ") : entry[/** @type {"title" | "place"} */ (field)];
      },
      tokenize: wordsOf,
      processTerm: (word) => termOf(word),
      searchOptions: { tokenize: (text) => text.split(" "), processTerm: (term) => term },
    });
    this.mini.addAll(this.entries.map((_, id) => ({ id })));
  }

  /**
   * The entries that hold one word of a question (its stem or a rules word for it; a last word half typed
   * by its beginning; a typo, when nothing holds the word as typed), with what each holds of it.
   * @param {string[]} terms @param {boolean} typing
   * @returns {Map<number, { terms: Set<string>, score: number }>}
   */
  holding(terms, typing) {
    const ask = (/** @type {import("minisearch").SearchOptions} */ options) => this.mini.search(terms.join(" "), { boost: { title: 3, place: 1.5 }, ...options });
    let found = ask({});
    const own = (/** @type {string} */ term, /** @type {number} */ at) => at === 0 && term.length >= 3;
    if (typing) found = found.concat(ask({ prefix: own }));
    if (!found.some((result) => result.terms.includes(terms[0]) || typing)) {
      found = found.concat(ask({ fuzzy: (/** @type {string} */ term, /** @type {number} */ at) => at === 0 && term.length >= 4 && (term.length >= 7 ? 2 : 1) }));
    }
    // A long word mistyped near its end ("climbnig"): the words it begins like.
    if (found.length === 0 && terms[0].length >= 6) {
      found = this.mini.search(terms[0].slice(0, 5), { boost: { title: 3, place: 1.5 }, prefix: true });
    }
    /** @type {Map<number, { terms: Set<string>, score: number }>} */
    const holding = new Map();
    for (const result of found) {
      const held = holding.get(result.id) || { terms: new Set(), score: 0 };
      result.terms.forEach((term) => held.terms.add(term));
      held.score = Math.max(held.score, result.score);
      holding.set(result.id, held);
    }
    return holding;
  }

  /**
   * Which sentence of entry `id` answers: the one with most asked words (the first of equals: a rule
   * states, then qualifies); of two with as many, the one whose words are rarer in the texts ("double"
   * says how far a charge goes, where "4"" is one of many distances). With it, the sentences that hold
   * as much of the question: what tells them apart is all that chooses among them (the corpus counts how
   * often the answer is one of them).
   * @param {number} id @param {Set<string>[]} words what the entry holds of each asked word
   * @param {import("./asks.js").Kind[]} kinds what the question asks for
   * @returns {{ sentence: number, fullest: number[] }}
   */
  answering(id, words, kinds) {
    const sentences = this.entries[id].sentences;
    // A word the section's title already names says where the answer is, not what it says ("diving
    // charge tests": the tests): in choosing the sentence it counts half. A question that is only the
    // title is answered by the section's first sentence that holds its words, where a rule states
    // itself, or by a run-in heading that names them all.
    const titleTerms = this.titleTerms[id];
    /** @type {(found: Set<string>, terms: Set<string>) => boolean} */
    const has = (found, terms) => [...found].some((term) => terms.has(term));
    const share = words.map((found) => (has(found, titleTerms) ? TITLED : 1));
    // What the question asks about, past the title's words: the rarest of them in the texts ("can a hidden
    // model move": move, where a model is in nearly every section); -1 where the title names them all.
    const rareness = words.map((found, at) => (share[at] === 1 ? Math.max(0, ...[...found].map(this.rarity)) : -1));
    const about = share.includes(1) ? rareness.indexOf(Math.max(...rareness)) : -1;
    let best = 0;
    let bestCount = -1;
    let bestWeight = -1;
    /** @type {number[]} */
    let fullest = [];
    /** @param {number} at @param {number} count */
    const full = (at, count) => {
      if (count > bestCount) fullest = [];
      if (count >= bestCount) fullest.push(at);
    };
    this.sentenceTerms[id].forEach((terms, at) => {
      if (about < 0) {
        const label = this.sentenceLabels[id][at];
        const rank = label && words.every((found) => has(found, label.terms)) ? 2 : words.some((found) => has(found, terms)) ? 1 : 0;
        full(at, rank);
        if (rank > bestWeight) [best, bestCount, bestWeight] = [at, rank, rank];
        return;
      }
      // The words the sentence says itself, and with its lead-in's (a list item's), the words it holds.
      const led = this.leadTerms[id]?.get(at) || NONE;
      const said = words.map((found) => has(found, terms));
      const hit = words.map((found, word) => said[word] || has(found, led));
      const count = share.reduce((sum, part, word) => sum + (hit[word] ? part : 0), 0);
      if (count < bestCount) return;
      full(at, count);
      const weight = words.reduce((sum, found, word) => sum + share[word] * Math.max(0, ...[...found].filter((t) => terms.has(t) || led.has(t)).map(this.rarity)), 0);
      // A sentence that holds what is asked about ("how far ... run": the distance) goes before one as full
      // that does not. Of sentences as full, the one that gives what the question asks for (a distance for
      // "how far", the failing for "if I fail", the allowing or forbidding for "can I"), and the one where
      // the words asked stand together ("This is called a failed charge", for "failed charge") or nearest.
      const held = said.filter(Boolean).length;
      const weighed = weight + (hit[about] ? 100 : 0)
        + (kinds.length ? 50 * gives(sentences[at], kinds) : 0)
        + (held > 1 ? together(sentences[at], words.filter((_, word) => said[word])) : 0);
      if (count > bestCount || weighed > bestWeight) [best, bestCount, bestWeight] = [at, count, weighed];
    });
    return { sentence: best, fullest };
  }

  /**
   * What a question asks, and the rulesets it names ("coreheim climb", "mordheim 1999 falling": searched
   * whichever page it is asked on; null when it names none).
   * @param {string} question
   */
  read(question) {
    const every = askedOf(question, this.lexicon);
    /** @type {(terms: Set<string>, word: { word: string, terms: string[] }) => boolean} */
    const names = (terms, word) => terms.has(word.word) || terms.has(word.terms[0]);
    const naming = every.filter((word) => this.rulesetTerms.some((terms) => names(terms, word)));
    const named = naming.length === 0 ? null : new Set(this.rulesets
      .filter((_, at) => naming.every((word) => names(this.rulesetTerms[at], word)))
      .map((r) => r.id));
    return { asked: every.filter((word) => !naming.includes(word)), named };
  }

  /**
   * Answers to `question`, best first: every ruleset's, or with `ruleset` only that one's (and what is
   * written for every ruleset: compare pages, our readings); `prefer`, a ruleset whose answers go first
   * where they answer as well, none hidden. `typing`: the last word may be unfinished. With no answer
   * holding the words asked, the answers that hold most of them, each saying what it lacks.
   * @param {string} question
   * @param {{ ruleset?: string | null, prefer?: string | null, typing?: boolean, most?: number, explain?: boolean }} [options]
   * @returns {Answer[]}
   */
  ask(question, { ruleset = null, prefer = null, typing = false, most = 30, explain = false } = {}) {
    const { asked, named } = this.read(question);
    if (asked.length === 0) return [];
    const kinds = kindsAsked(question);
    const allowed = (/** @type {string} */ id) => (named ? named.has(id) : !ruleset || id === ruleset) || id === "";
    /** @type {Map<number, Set<string>[]>} what each entry holds of each asked word */
    const held = new Map();
    const scores = new Map();
    asked.forEach((word, at) => {
      for (const [id, found] of this.holding(word.terms, typing && at === asked.length - 1)) {
        if (!allowed(this.entries[id].ruleset)) continue;
        let holds = held.get(id);
        if (!holds) {
          holds = asked.map(() => new Set());
          held.set(id, holds);
        }
        found.terms.forEach((term) => holds[at].add(term));
        scores.set(id, (scores.get(id) || 0) + found.score);
      }
    });
    const mostScore = Math.max(1e-9, ...scores.values());
    const n = asked.length;
    // An answer holds every word asked (in a form, a rules word for it, or a typo's nearest): one word
    // may be missing from a question of three or more, where a player's own phrasing strays.
    const foundIn = (/** @type {Set<string>[]} */ words) => words.filter((terms) => terms.size > 0).length;
    const mostFound = Math.max(0, ...[...held.values()].map(foundIn));
    const enough = Math.min(n - (n >= 3 ? 1 : 0), mostFound); // else the answers nearest to it
    const ranked = [...held].filter(([, words]) => foundIn(words) >= Math.max(1, enough)).map(([id, words]) => {
      const entry = this.entries[id];
      const holds = (/** @type {Set<string>} */ terms) => words.filter((found) => [...found].some((term) => terms.has(term))).length;
      const { sentence: best, fullest } = this.answering(id, words, kinds);
      // How full an answer the entry holds: its fullest sentence, whichever is shown.
      const bestCount = Math.max(...this.sentenceTerms[id].map(holds), 0);
      const bestClose = bestCount > 1 ? bestCount / spanOf(entry.sentences[best], words) : 0;
      const found = foundIn(words);
      // A title (or run-in heading) that names what was asked: the more of the question it holds and the
      // less else, the more it counts ("Falling" before "Falling off Buildings" for "fall damage"); one that
      // is just the question is the rule, or the definition, asked for.
      // A subsection is named by its heading with its parent's where the question names its own heading too.
      const [title, path] = [this.titleTerms[id], this.pathTerms[id]];
      const ownNamed = [...title].some((t) => words.some((found) => found.has(t)));
      const named = Math.max(...[title, ...(path && ownNamed ? [path] : []), ...this.labelTerms[id]].map((terms) => {
        // A word named in its own form counts in full; through another word for it (tower: building), less.
        const titled = asked.reduce((sum, word, at) => sum + ([...words[at]].some((t) => terms.has(t))
          ? (terms.has(word.terms[0]) ? 1 : ANOTHER_WORD) : 0), 0);
        // The words of it not asked, but the parent's: those say where it stands, not what it is.
        const other = [...terms].filter((t) => !words.some((found) => found.has(t)) && (terms !== path || title.has(t))).length;
        const exact = titled === n && other === 0 && (entry.kind === "rule" || entry.kind === "term");
        return (3 * titled) / n + (2 * titled) / Math.max(1, Math.ceil(titled) + other) + (exact ? 4 : 0);
      }));
      const preferred = prefer && entry.ruleset === prefer ? PREFERRED : 0;
      const score = (10 * found) / n + (6 * Math.max(0, bestCount)) / n + named + KIND_WEIGHT[entry.kind] + bestClose
        + (0.3 * scores.get(id)) / mostScore + preferred;
      const marked = new Set(words.flatMap((terms) => [...terms]));
      const sentence = entry.sentences[best] || "";
      const lead = (entry.leads || []).find(([item]) => item === best)?.[1] ?? null;
      const why = { found, bestCount, named, close: bestClose, bm25: scores.get(id) / mostScore, fullest };
      const lacks = asked.filter((_, at) => words[at].size === 0).map((word) => word.word);
      const titled = [...this.titleTerms[id]].every((term) => asked.some((word) => word.terms[0] === term)); // named by the question
      return { id, score, why, titled, answer: {
        entry, sentence: best, marks: marksIn(sentence, marked), found, asked: n, lacks,
        lead, leadMarks: lead === null ? [] : marksIn(entry.sentences[lead], marked),
      } };
    });
    // A rule whose title a glossary entry defines in words that answer (the Diving charge entry: "a charge that
    // jumps down onto an enemy", for "jump from a roof to charge") is the rule the question is about.
    const defined = new Map();
    for (const item of ranked) {
      const { entry, found } = item.answer;
      if (entry.kind === "term" && found > 1) defined.set(`${entry.ruleset}\n${[...this.titleTerms[item.id]]}`, found);
    }
    for (const item of ranked) {
      const { entry } = item.answer;
      // (Only where the rule lacks some of the question: one that holds it all is found on its own words.)
      const found = entry.kind === "rule" && item.answer.found < n && defined.get(`${entry.ruleset}\n${[...this.titleTerms[item.id]]}`);
      if (found) item.score += (3 * found) / n;
    }
    // A rules section that answers comes before what is written about the rules (a definition, a compare
    // page, our reading, the route planner), unless the question names that entry.
    const ruleScores = ranked.filter((item) => item.answer.entry.kind === "rule");
    for (const item of ranked) {
      if (item.answer.entry.kind === "rule" || item.titled) continue;
      const over = ruleScores.filter((rule) => rule.answer.found >= item.answer.found).map((rule) => rule.score);
      if (over.length) item.score = Math.min(item.score, Math.max(...over) - 0.01);
    }
    ranked.sort((a, b) => b.score - a.score
      || (this.order.get(a.answer.entry.ruleset) ?? -1) - (this.order.get(b.answer.entry.ruleset) ?? -1) || a.id - b.id);
    return ranked.slice(0, most).map((item) => (explain ? { ...item.answer, score: item.score, why: item.why } : item.answer));
  }
}
