// The search engine (search/engine.js, search/words.js) in Node, over a small index written here: word
// forms, a question's small words, distances, the rule before what is written about it, the sentence
// that answers, a ruleset named in the question, and an index from outside refused when it is not ours.
import assert from "node:assert/strict";
import test from "node:test";
import { Search, indexShape, marksIn } from "../../search/engine.js";
import { gives, kindsAsked } from "../../search/asks.js";
import { askedOf, termOf } from "../../search/words.js";

const rule = (ruleset, title, sentences, url = `${ruleset}/movement/#${title.toLowerCase().replace(/\W+/g, "-")}`) => (
  { kind: "rule", ruleset, title, place: "Movement", url, sentences });
const INDEX = {
  shape: 2,
  rulesets: [
    { id: "alpha", title: "Alpha Rules", document: "Alpha rulebook" },
    { id: "beta", title: "Beta Skirmish", document: "Beta rulebook" },
  ],
  entries: [
    rule("alpha", "Running", ["A model may run at double its Movement.", "A model that is hidden cannot run."]),
    rule("alpha", "Hiding", ["A model can hide behind a wall.", "A model that runs cannot hide that turn."]),
    rule("alpha", "Falling", ["A model that falls takes D3 hits.", "Falling damage ignores armour."]),
    rule("beta", "Falling off buildings", ["A warrior knocked down near an edge falls, taking falling damage as above."]),
    rule("beta", "Climbing", ["Warriors climb up to 4\" a turn.", "If he fails while climbing down he falls."]),
    { kind: "term", ruleset: "alpha", title: "Running", place: "Glossary", url: "alpha/glossary/#running",
      sentences: ["Moving at double Movement."] },
    { kind: "reading", ruleset: "", title: "Falling", place: "Assumptions", url: "assumptions/#falling",
      sentences: ["Our reading: a fall of under 1 inch is no fall."] },
    rule("beta", "Interception", ["An enemy within 2\" of the charge route may intercept the charger.", "Only one may try."]),
    { kind: "reading", ruleset: "", title: "The opponent chooses", place: "Assumptions", url: "assumptions/#who",
      sentences: ["Our reading: the opponent chooses which enemy intercepts a charge."] },
  ],
  // The players' words (the build makes them from WordNet and rules/players-words.toml), as terms.
  words: { dog: ["anim"], block: ["intercept"], tower: ["build", "height"] },
};
const search = new Search(/** @type {any} */ (indexShape(structuredClone(INDEX))));
const first = (question, options) => search.ask(question, options)[0];
const sentenceOf = (answer) => answer.entry.sentences[answer.sentence];

test("word forms meet: runs, running and ran; falls, falling and fell; climbs and climbing", () => {
  for (const [a, b] of [["runs", "running"], ["ran", "run"], ["fell", "falling"], ["falls", "fall"], ["climbs", "climbing"], ["jumps", "jumping"], ["hidden", "hide"]]) {
    assert.equal(termOf(a), termOf(b), `${a} / ${b}`);
  }
});

test("a question's small words ask nothing, and a number is a distance as 8\" is", () => {
  assert.deepEqual(askedOf("can I run if an enemy is 6 inches away").map((word) => word.terms[0]), ["run", "enemi", "inch"]);
  assert.equal(termOf("8\""), "inch");
  assert.equal(termOf("6"), "6"); // in a rule, a bare number is a number (a roll of 6)
  assert.deepEqual(search.ask("the of and"), []);
});

test("the rule before the glossary entry that names it, and the sentence that holds most of the question", () => {
  const answer = first("hide after running");
  assert.equal(answer.entry.title, "Hiding"); // its sentence holds both, words close together
  assert.equal(sentenceOf(answer), "A model that runs cannot hide that turn.");
  assert.deepEqual(answer.marks.map(([from, to]) => sentenceOf(answer).slice(from, to)), ["runs", "hide"]);
  const running = search.ask("running");
  assert.equal(running[0].entry.kind, "rule");
  assert.ok(running.findIndex((a) => a.entry.kind === "term") > 0);
});

test("a title that is just the question comes before one that says more", () => {
  assert.equal(first("fall damage").entry.title, "Falling");
  assert.equal(first("fall damage").entry.ruleset, "alpha");
});

test("every word asked is held by an answer (one may stray in a question of three or more)", () => {
  assert.ok(search.ask("climbing wall").every((a) => a.lacks.length === 1)); // none holds both: the nearest
  assert.equal(first("warriors climbing tower").entry.title, "Climbing"); // "tower" strays
  assert.deepEqual(first("warriors climbing tower").lacks, ["tower"]);
});

test("a ruleset named in the question chooses it, wherever it is asked", () => {
  const answers = search.ask("beta falling", { ruleset: "alpha" });
  assert.ok(answers.length > 0 && answers.every((a) => a.entry.ruleset === "beta" || a.entry.ruleset === ""));
});

test("scoped to a ruleset: its own entries and what is written for every ruleset", () => {
  const answers = search.ask("falling", { ruleset: "beta" });
  assert.deepEqual(new Set(answers.map((a) => a.entry.ruleset)), new Set(["beta", ""]));
});

test("a typo finds the word meant; a word half typed finds it by its beginning", () => {
  assert.equal(first("climbnig").entry.title, "Climbing");
  assert.equal(first("hidi", { typing: true }).entry.title, "Hiding");
});

test("marks fall on whole words", () => {
  const sentence = "A running model runs 8\" (runs).";
  assert.deepEqual(marksIn(sentence, new Set(["run", "inch"])).map(([a, b]) => sentence.slice(a, b)), ["running", "runs", "8\"", "runs"]);
});

test("an index from outside is read only when it is what the build writes", () => {
  const broken = (change) => {
    const copy = structuredClone(INDEX);
    change(copy);
    return indexShape(copy);
  };
  assert.ok(indexShape(structuredClone(INDEX)));
  assert.equal(indexShape(null), null);
  assert.equal(broken((i) => { i.shape = 1; }), null);
  assert.equal(broken((i) => { delete i.words; }), null);
  assert.equal(broken((i) => { i.words = { dog: "anim" }; }), null);
  assert.equal(broken((i) => { i.words = { dog: Array(13).fill("anim") }; }), null);
  assert.equal(broken((i) => { i.entries[0].url = "javascript:alert(1)"; }), null);
  assert.equal(broken((i) => { i.entries[0].url = "//evil.example/x"; }), null);
  assert.equal(broken((i) => { i.entries[0].kind = "script"; }), null);
  assert.equal(broken((i) => { i.entries[0].sentences = [{}]; }), null);
  assert.equal(broken((i) => { i.entries[0].sentences = Array(401).fill("x"); }), null);
  assert.equal(broken((i) => { i.entries[0].sentences = ["x".repeat(4001)]; }), null);
  assert.equal(broken((i) => { i.rulesets[0].title = 7; }), null);
});

test("a player's word finds the rule in the text's word, through the index's players' words", () => {
  assert.deepEqual(askedOf("can my dog climb", new Map(Object.entries(INDEX.words))).map((w) => w.terms),
    [["dog", "anim"], ["climb"]]);
  const answer = first("can someone block my charge");
  assert.equal(answer.entry.title, "Interception"); // "block" is the text's "intercept"
  assert.deepEqual(answer.marks.map(([a, b]) => sentenceOf(answer).slice(a, b)), ["charge", "intercept"]);
});

test("a rules section that answers comes before our reading, unless the question names the reading", () => {
  const answers = search.ask("block charge");
  assert.equal(answers[0].entry.kind, "rule");
  assert.ok(answers.some((a) => a.entry.kind === "reading"));
  assert.equal(first("opponent chooses").entry.kind, "reading"); // its title is the question
});

test("the sentence that gives what is asked: a distance for how far, the failing one for a failure", () => {
  assert.deepEqual(kindsAsked("how far can I run"), ["measure"]); // how far, not whether
  assert.deepEqual(kindsAsked("what happens if I fail a climb"), ["failing"]);
  assert.deepEqual(kindsAsked("can I hide"), ["permission"]);
  assert.deepEqual(kindsAsked("hiding"), []);
  assert.ok(gives("roll 2D6\" up to a maximum of 12\"", ["measure"]) > gives("within 1\"", ["measure"]));
  assert.equal(gives("A model can hide.", ["measure"]), 0);
  assert.equal(sentenceOf(first("climbing fail", { ruleset: "beta" })), "If he fails while climbing down he falls.");
  assert.equal(sentenceOf(first("how far climbing", { ruleset: "beta" })), "Warriors climb up to 4\" a turn.");
});

test("with no entry holding every word, the nearest answers, each saying what it lacks", () => {
  const nearest = search.ask("climbing wall");
  assert.ok(nearest.length >= 2 && nearest.every((a) => a.lacks.length === 1 && a.found === 1), JSON.stringify(nearest));
  assert.deepEqual(first("falling").lacks, []);
});

test("a preferred ruleset goes first among answers as good, and hides none", () => {
  const plain = search.ask("falling").map((a) => a.entry.ruleset);
  const preferred = search.ask("falling", { prefer: "beta" }).map((a) => a.entry.ruleset);
  assert.equal(preferred[0], "beta");
  assert.deepEqual([...preferred].sort(), [...plain].sort());
});

test("a ruleset is named by its short name as its id spells it, a bare number naming none", () => {
  const index = structuredClone(INDEX);
  index.rulesets[1] = { id: "bsk-6", title: "Beta Skirmish", document: "Beta rulebook" };
  index.entries.forEach((entry) => { if (entry.ruleset === "beta") entry.ruleset = "bsk-6"; });
  const named = new Search(/** @type {any} */ (indexShape(index)));
  assert.deepEqual([...(named.read("bsk falling").named || [])], ["bsk-6"]);
  assert.equal(named.read("falling 6 inches").named, null);
});

test("in choosing the sentence, a word the title names counts half: the rest is what is asked", () => {
  const index = structuredClone(INDEX);
  index.entries.push(rule("alpha", "Diving charge", ["A model may make a diving charge from above.", "Take a test for each 2\" jumped."]));
  const diving = new Search(/** @type {any} */ (indexShape(index)));
  assert.equal(sentenceOf(diving.ask("diving charge tests")[0]), "Take a test for each 2\" jumped.");
  // Only the title asked: the section's first sentence, where the rule states itself.
  assert.equal(sentenceOf(first("hiding", { ruleset: "alpha" })), "A model can hide behind a wall.");
});

test("an adjective's degree finds its base and the players' words of it: tallest, as tall", () => {
  const lexicon = new Map([["tall", ["height"]]]);
  assert.deepEqual(askedOf("tallest wall", lexicon)[0].terms, ["tallest", "tall", "height"]);
  // The base as the texts write it, with its e: widest finds wide; a word of no degree finds only itself.
  assert.deepEqual(askedOf("widest gap")[0].terms, ["widest", "wid", "wide"]);
  assert.deepEqual(askedOf("gap")[0].terms, ["gap"]);
});

test("a verb's irregular forms find it: shot, as shoot; stood, as stand", () => {
  assert.deepEqual(askedOf("shot at").map((word) => word.terms[0]), ["shoot"]);
  assert.deepEqual(askedOf("stood firm").map((word) => word.terms[0]), ["stand", "firm"]);
  assert.deepEqual(kindsAsked("tallest wall I can climb"), ["measure"]);
});

test("when asks for the sentence that says when; where, the one that says which way", () => {
  assert.deepEqual(kindsAsked("when do I declare charges"), ["timing"]);
  assert.deepEqual(kindsAsked("where do fleeing troops go"), ["direction"]);
  assert.ok(gives("Check this after any charges have been declared.", ["timing"]) > 0);
  assert.equal(gives("A model can hide.", ["timing"]), 0);
  assert.ok(gives("Fleeing troops move towards the nearest table edge.", ["direction"]) > 0);
  assert.ok(gives("Only one enemy may try.", ["measure"]) > 0); // "how many": a count said in words
});

test("words asked standing together count as asked only in the order asked", () => {
  const index = structuredClone(INDEX);
  index.words.near = ["close", "within"];
  index.entries.push(rule("alpha", "Sentries", [
    "Sentries spot all hidden enemies within their Initiative.",
    "A model may not hide if he is too close to an enemy.",
  ]));
  // "within" is a word of many rules, "close" of one: the rarer says more.
  index.entries.push(rule("beta", "Shooting", ["Shoot at a target within range."]), rule("beta", "Moving", ["Move within 4\"."]));
  const sentries = new Search(/** @type {any} */ (indexShape(index)));
  // "hidden enemies within" holds the words side by side, but not as asked: the rarer words answer.
  const answer = sentries.ask("hide near enemy", { ruleset: "alpha" }).find((a) => a.entry.title === "Sentries");
  assert.equal(sentenceOf(answer), "A model may not hide if he is too close to an enemy.");
});

test("how do I asks for what to do: the sentence that says to roll, place or declare", () => {
  assert.deepEqual(kindsAsked("how do i show a model is hidden"), ["procedure"]);
  assert.deepEqual(kindsAsked("how far do I run"), ["measure"]); // how far asks a distance first
  assert.ok(gives("Place a Hidden counter beside the model.", ["procedure"]) > 0);
  assert.equal(gives("A hidden model is hard to see.", ["procedure"]), 0);
});

test("a list item holds its lead-in's words: what spots a hidden warrior is the item that says it", () => {
  const index = structuredClone(INDEX);
  index.entries.push({ ...rule("beta", "Hiding", [
    "Hidden warriors cannot be targeted.", "A hidden warrior is spotted if:", "He charges or shoots.", "An enemy comes near.",
  ]), leads: [[2, 1], [3, 1]] });
  const hiding = new Search(/** @type {any} */ (indexShape(index)));
  // "He shoots" says nothing of hiding on its own: its lead-in does.
  const item = hiding.ask("hidden warrior shoots", { ruleset: "beta" })[0];
  assert.equal(sentenceOf(item), "He charges or shoots.");
  // The answer carries the lead-in, its asked words marked, for the result to read the item after it.
  assert.equal(item.entry.sentences[item.lead], "A hidden warrior is spotted if:");
  assert.deepEqual(item.leadMarks.map(([a, b]) => "A hidden warrior is spotted if:".slice(a, b)), ["hidden", "warrior"]);
  assert.equal(hiding.ask("targeted", { ruleset: "beta" })[0].lead, null);
  // Without its lead-in, the item holds only "shoots", and the first sentence holds more.
  delete index.entries.at(-1).leads;
  const unled = new Search(/** @type {any} */ (indexShape(index)));
  assert.equal(sentenceOf(unled.ask("hidden warrior shoots", { ruleset: "beta" })[0]), "Hidden warriors cannot be targeted.");
  // A lead-in must come before its item, both sentences of the entry.
  for (const leads of [[[1, 2]], [[2, 2]], [[9, 1]], [[2]], [["2", 1]]]) {
    index.entries.at(-1).leads = leads;
    assert.equal(indexShape(structuredClone(index)), null, JSON.stringify(leads));
  }
});

test("a section is named by its heading and its parent's: hold response, the Hold under Charge Responses", () => {
  const index = structuredClone(INDEX);
  index.entries.push(
    rule("beta", "Charge Responses", ["A charged unit may respond: hold, or flee.", "Declare each response."]),
    { ...rule("beta", "Hold", ["A unit can stand fast and receive the charge."]), place: "Movement › Charge Responses" },
  );
  const responses = new Search(/** @type {any} */ (indexShape(index)));
  assert.equal(responses.ask("hold response", { ruleset: "beta" })[0].entry.title, "Hold");
  // The parent's words alone name the parent.
  assert.equal(responses.ask("charge responses", { ruleset: "beta" })[0].entry.title, "Charge Responses");
});
