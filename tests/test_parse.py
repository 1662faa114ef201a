"""The section tree of each rules text, as a golden outline: title, anchor, source line."""

from textwrap import dedent

import pytest

from sitegen.parse import outline, parse, slugify
from sitegen.sources import load_ruleset
from tests.helpers import ROOT

EXPECTED = {
    "mordheim-1999": """\
        Movement #movement @2
          1. Charge! #1-charge @6
          2. Compulsory Moves #2-compulsory-moves @12
          3. Remaining Moves #3-remaining-moves @18
          moving #moving @22
          running #running @28
          charge! #charge @36
          charging more than one opponent #charging-more-than-one-opponent @48
          hiding #hiding @52
          terrain #terrain @66
            OPEN GROUND #open-ground @70
            DIFFICULT GROUND #difficult-ground @74
            VERY DIFFICULT GROUND #very-difficult-ground @78
            WALLS AND BARRIERS #walls-and-barriers @82
          climbing #climbing @86
          jumping down #jumping-down @94
          diving charge #diving-charge @98
          jumping over gaps #jumping-over-gaps @102
          warriors knocked down or stunned #warriors-knocked-down-or-stunned @106
          falling #falling @110
        """,
    "mordheim-lrb": """\
        Movement #movement (added)
          Movement Order #movement-order @1
            1. Charge! #1-charge @5
            2. Compulsory Moves #2-compulsory-moves @9
            3. Remaining Moves #3-remaining-moves @13
          Moving #moving (added)
          Running #running (added)
          Charge! #charge (added)
          charging more than one opponent #charging-more-than-one-opponent @38
          Hiding #hiding (added)
          Terrain #terrain (added)
            open ground #open-ground @58
            difficult ground #difficult-ground @62
            very difficult ground #very-difficult-ground @66
            walls And barriers #walls-and-barriers @70
          Climbing #climbing (added)
          jumping down #jumping-down @81
          diving charge #diving-charge @87
          jumping over gaps #jumping-over-gaps @91
          warriors knocked down or stunned #warriors-knocked-down-or-stunned @95
          Falling #falling (added)
        """,
    "whfb-6": """\
        MOVEMENT PHASE #movement-phase @2
          Charge Responses #charge-responses @16
            Stand & Shoot #stand-shoot @20
            Hold #hold @26
            Flee #flee @30
          Rallying #rallying @36
          Compulsory Moves #compulsory-moves @42
          Move Chargers #move-chargers @52
            Flank & Rear Charges #flank-rear-charges @58
          Remaining Moves #remaining-moves @64
        """,
    "trench-crusade": """\
        Movement #movement @1
          Move and move #move-and-move @3
          Moves #moves @5
          Charging #charging @11
            Taking a Charge #taking-a-charge @12
          Retreating #retreating @21
            Taking a Retreat #taking-a-retreat @22
        """,
    "coreheim-v10": """\
        Movement #movement (added)
          Moving #moving @4
          Half-moving #half-moving @7
          Climbing #climbing @9
          Jumping Down #jumping-down @14
          Jumping Horizontally/Diagonally #jumping-horizontally-diagonally @22
          Hiding #hiding @26
          Falling #falling @34
            Falling off Buildings #falling-off-buildings @40
        """,
}


@pytest.mark.parametrize("ruleset_id", sorted(EXPECTED))
def test_section_tree(ruleset_id):
    document = parse(load_ruleset(ROOT / "rules" / ruleset_id))
    assert outline(document) == dedent(EXPECTED[ruleset_id])


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
    [("Jumping Down", "jumping-down"), ("1. Charge!", "1-charge"), ("Stand & Shoot", "stand-shoot"),
     ("models’ moves", "models-moves"), ("Jumping Horizontally/Diagonally", "jumping-horizontally-diagonally")],
)
def test_slugify(title, anchor):
    assert slugify(title) == anchor
