"""#63: every value a ruleset's numbers quote (`says`) is marked where a house rule changes it: on its rules
page after its section (the build's data for the page's script) and at its sentence in the search index;
none is left unmarked, and no value is marked that Your table does not offer."""

from __future__ import annotations

import json

from rulescore import RULESETS
from rulescore.reading.folder import read_folder
from rulescore.table.house_rules import offered
from sitegen.pages.content import load_content
from sitegen.pages.house_marks import house_marks
from sitegen.pages.search_index import search_index
from tests.helpers import ROOT


def test_every_quoted_value_is_marked_on_its_page_and_at_its_sentence():
    index = json.loads(search_index(load_content(read_folder(ROOT / "rules")), lambda texts: {}))
    at_sentences = {
        (entry["ruleset"], rule): entry["sentences"][at]
        for entry in index["entries"]
        for at, rule, _ in entry.get("house", [])
    }
    quoted = 0
    for ruleset_id, rules in RULESETS.items():
        playable = {rule["rule"] for rule in offered(ruleset_id)}
        for citation in rules.citations:
            if not citation.says:
                continue
            quoted += 1
            assert citation.rule in playable, citation.rule  # quoted only where a table may change it
            marks = house_marks(ruleset_id)[citation.section]
            assert citation.rule in [mark["rule"] for mark in marks], (ruleset_id, citation.rule)
            sentence = " ".join(at_sentences[(ruleset_id, citation.rule)].split())
            assert " ".join(citation.says.split()) in sentence, (ruleset_id, citation.rule, sentence)
    assert quoted >= 20, quoted
