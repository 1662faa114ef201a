"""The section tree of each rules text, as a golden outline (title, anchor, source line) in rules/<id>/outline.txt."""

import pytest

from sitegen.pages.parse import outline, parse, slugify
from sitegen.pages.sources import load_ruleset
from tests.helpers import ROOT

RULESETS = sorted(p.parent.name for p in (ROOT / "rules").glob("*/ruleset.toml"))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_section_tree(ruleset_id):
    """Each text's headings as we expect them, kept beside the text in rules/<id>/outline.txt."""
    document = parse(load_ruleset(ROOT / "rules" / ruleset_id))
    expected = ROOT / "rules" / ruleset_id / "outline.txt"
    if not expected.is_file():
        pytest.fail(
            f"add {expected.relative_to(ROOT)}: the section tree you expect (title #anchor @line), "
            f"checked against the text. The parser reads it as:\n{outline(document)}"
        )
    assert outline(document) == expected.read_text(encoding="utf-8")


def test_artefacts_are_kept_apart_from_the_rules():
    mordheim = parse(load_ruleset(ROOT / "rules" / "mordheim-1999"))
    assert mordheim.provenance == ["RED ELF"]
    assert all("RED ELF" not in block.text for s in mordheim.sections() for block in s.blocks)
    coreheim = parse(load_ruleset(ROOT / "rules" / "coreheim-v10"))
    assert coreheim.front_matter == [("sidebar_position", "3")]
    lrb = parse(load_ruleset(ROOT / "rules" / "mordheim-lrb"))
    figures = [b for b in lrb.anchors()["jumping-down"].blocks if b.kind == "figure"]
    assert len(figures) == 1 and figures[0].text.startswith("[ image ] The Skaven")


def test_trench_crusade_bullets_are_lists():
    document = parse(load_ruleset(ROOT / "rules" / "trench-crusade"))
    lists = [b for b in document.anchors()["moves"].blocks if b.kind == "list"]
    assert len(lists) == 1 and len(lists[0].lines) == 4


@pytest.mark.parametrize(
    "title, anchor",
    [
        ("Jumping Down", "jumping-down"),
        ("1. Charge!", "1-charge"),
        ("Stand & Shoot", "stand-shoot"),
        ("models’ moves", "models-moves"),
        ("Jumping Horizontally/Diagonally", "jumping-horizontally-diagonally"),
    ],
)
def test_slugify(title, anchor):
    assert slugify(title) == anchor
