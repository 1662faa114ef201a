// The site's search from the command line, for tests and for tuning: `node search/ask.mjs
// site/assets/search.json "how far can I charge" [ruleset]` prints the answers, best first, as JSON;
// `node search/ask.mjs site/assets/search.json -` reads [{asked, on}] from standard input and prints each
// question's first answers as the search box shows them (a corpus asked in one run).
import { readFileSync } from "node:fs";
import { Search, indexShape } from "./engine.js";

const [file, question, ruleset] = process.argv.slice(2);
const index = indexShape(JSON.parse(readFileSync(file, "utf-8")));
if (!index) {
  console.error(`${file}: not a search index this code reads`);
  process.exit(2);
}
const search = new Search(index);
const shown = (a) => ({
  url: a.entry.url, kind: a.entry.kind, title: a.entry.title, sentence: a.entry.sentences[a.sentence], found: a.found,
  asked: a.asked, score: a.score, why: a.why, fullest: (a.why?.fullest || []).map((at) => a.entry.sentences[at]),
});
if (question === "-") {
  const questions = JSON.parse(readFileSync(0, "utf-8"));
  console.log(JSON.stringify(questions.map(({ asked, on }) => (
    search.ask(asked, { ruleset: on || null, explain: true, most: 5 }).map(shown)))));
} else {
  console.log(JSON.stringify(search.ask(question, { ruleset: ruleset || null, explain: true }).map(shown), null, 1));
}
