// @ts-check
// The bounds the page's search keeps on its index, declared once: the build reads this very object
// (sitegen/pages/search_limits.py) and refuses a rules text past one at its file and line, so a
// contributed text can never make a site whose search cannot start (#64, item 2). Inside the braces
// is JSON, for the build to read.
export const LIMITS = Object.freeze({
  "entries": 5000,
  "sentences": 400,
  "sentence": 4000,
  "title": 500,
  "place": 2000,
  "url": 1000,
  "id": 100,
  "ruleset_title": 200,
  "document": 1000,
  "words": 20000,
  "said": 12,
  "word": 100
});
