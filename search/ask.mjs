// The site's search from the command line, for tests and for tuning: `node search/ask.mjs
// site/assets/search.json "how far can I charge" [ruleset]` prints the answers, best first, as JSON.
import { readFileSync } from "node:fs";
import { Search, indexShape } from "./engine.js";

const [file, question, ruleset] = process.argv.slice(2);
const index = indexShape(JSON.parse(readFileSync(file, "utf-8")));
if (!index) {
  console.error(`${file}: not a search index this code reads`);
  process.exit(2);
}
const answers = new Search(index).ask(question, { ruleset: ruleset || null, explain: true });
console.log(JSON.stringify(answers.map((a) => ({
  url: a.entry.url, kind: a.entry.kind, title: a.entry.title, sentence: a.entry.sentences[a.sentence], found: a.found, score: a.score, why: a.why,
})), null, 1));
