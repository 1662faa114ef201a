"""rulescore and the rules texts agree: every cited section exists, ids and pages match."""

import re

import pytest

from rulescore import RULESETS, calculate, catalogue
from rulescore.entry import answer
from rulescore.reading.folder import read_folder
from rulescore.web.answer import result_html
from sitegen.pages.parse import parse
from sitegen.pages.sources import load_rulesets
from tests.helpers import ROOT

DOCUMENTS = {r.id: parse(r) for r in load_rulesets(read_folder(ROOT / "rules"))}


def test_same_rulesets_in_both():
    assert set(RULESETS) == set(DOCUMENTS)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_cited_section_is_in_the_text(ruleset_id):
    rules = RULESETS[ruleset_id]
    document = DOCUMENTS[ruleset_id]
    assert rules.sections() <= set(document.anchors()), rules.sections() - set(document.anchors())


@pytest.mark.parametrize("name, ruleset_id", [(n, r) for n, e in catalogue().items() for r in e["rulesets"]])
def test_every_step_of_a_default_result_links_to_a_section(name, ruleset_id):
    result = calculate(name, ruleset_id, {})
    assert result["ok"], result
    anchors = set(DOCUMENTS[ruleset_id].anchors())
    for step in result["steps"]:
        assert (
            step["section"]
            or step["assumption"]
            or step["text"].startswith(("Chance", "No Initiative", "All ", "The target needs"))
        ), step
        if step["section"]:
            assert step["section"] in anchors
    # The page links each cited step to its section of the text.
    links = re.findall(
        r'class="calc-cite" href="([^"]+)"', result_html(answer(name, ruleset_id, {})).split('class="calc-steps"')[1]
    )
    chapter = f"{ruleset_id}/{RULESETS[ruleset_id].chapter}/"
    assert links == [chapter + "#" + step["section"] if step["section"] else "assumptions/#" + step["assumption"]
                     for step in result["steps"] if step["section"] or step["assumption"]]  # fmt: skip
