"""Pages: the rules texts read and rendered into Markdown, each generated page once.
- sources.py checks each ruleset.toml; parse.py makes the section tree; inline.py links references and marks
  terms; escape.py makes plain text safe in a page;
- content.py renders every page once; page.py: a page knows its path, its links' root for the engine and the
  calculators it shows (templates call it; it writes where each calculator opens into the front matter,
  `near`, which the theme's start script carries: nothing reads the engine's HTML for it);
- chapters.py, compare.py and editions.py gather what each kind of page shows; calculators.py renders a
  calculator's block (one renderer for every calculator and the route planner); table.py the Your table page;
- house_marks.py: where a house rule changes the text; search_index.py: what search reads, held to
  search_limits.py; players_words.py: players' words for the texts' words (WordNet and rules/players-words.toml);
- templates/ holds the markup (Jinja, autoescaped, one template per kind of block), rendered by markup.py."""
