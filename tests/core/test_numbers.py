"""rules/<id>/numbers.toml: the dice vocabulary read exactly, and every mistake named by file and line.

Longer than 300 lines: one subject, every way a numbers file can be wrong, a short test each.
"""

import shutil
from fractions import Fraction as F
from itertools import product

import pytest

from rulescore.dice.rolls import read_dice, read_injury, read_test
from rulescore.mechanics.climbing import Climb
from rulescore.mechanics.fall_kinds import StrengthHits, WoundRoll
from rulescore.reading.folder import RulesFileError, read_folder
from rulescore.rulebooks import load_folder
from tests.helpers import ROOT


def enumerate_dice(count: int, sides: int, keep=None, add=0, cap=None) -> dict[int, F]:
    """Every combination of faces, counted: the second way to the same odds."""
    found: dict[int, F] = {}
    combos = list(product(range(1, sides + 1), repeat=count))
    for combo in combos:
        total = max(combo) if keep == "highest" else min(combo) if keep == "lowest" else sum(combo)
        total += add
        total = total if cap is None else min(total, cap)
        found[total] = found.get(total, F(0)) + F(1, len(combos))
    return found


@pytest.mark.parametrize(
    "text, parts",
    [
        ("D3", (1, 3)),
        ("D6", (1, 6)),
        ("D12", (1, 12)),
        ("2D6", (2, 6)),
        ("3D6", (3, 6)),
        ("highest of 2D6", (2, 6, "highest")),
        ("lowest of 2D6", (2, 6, "lowest")),
        ("highest of 3D6", (3, 6, "highest")),
        ("D6+1", (1, 6, None, 1)),
        ("D6-1", (1, 6, None, -1)),
        ("2D6+2", (2, 6, None, 2)),
        ("D6+2, at most 6", (1, 6, None, 2, 6)),
        ("highest of 2D6+1, at most 6", (2, 6, "highest", 1, 6)),
    ],
)
def test_dice_are_read_exactly(text, parts):
    dice = read_dice(text)
    assert dict(dice.odds) == enumerate_dice(*parts)
    assert dice.name == text


def test_a_hand_worked_roll():
    # The highest of 2D6 is 1 only on double 1 (1/36), 6 on any roll with a six (11/36).
    odds = read_dice("highest of 2D6").odds
    assert odds[1] == F(1, 36) and odds[6] == F(11, 36)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "6",
        "D",
        "D1",
        "D6+",
        "2D",
        "highest of D6",
        "D6 + x",
        "__import__('os')",
        "1+1",
        "D6*2",
        "D6, at least 2",
        "highest 2D6",
    ],
)
def test_anything_else_is_refused_with_what_is_allowed(text):
    with pytest.raises(ValueError) as error:
        read_dice(text)
    assert "D6" in str(error.value)


@pytest.mark.parametrize("initiative", range(0, 15))
def test_tests_against_the_rules_as_written(initiative):
    under = read_test("D6 under, a 6 fails")
    over = read_test("D12 over, a 12 passes, a 1 fails")
    assert under.chance(initiative) == F(sum(1 for r in range(1, 7) if r != 6 and r <= initiative), 6)
    assert over.chance(initiative) == F(sum(1 for r in range(1, 13) if r == 12 or (r != 1 and r >= initiative)), 12)
    two = read_test("2D6 under")  # a Leadership-style test: the total of two dice
    assert two.chance(initiative) == F(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b <= initiative), 36)


def test_test_words():
    assert read_test("D6 under, a 6 fails").needs(3) == "needs 3 or less on the D6"
    assert read_test("D12 over, a 12 passes, a 1 fails").needs(13) == "needs 12+ on the D12"
    assert read_test("D6 under, a 6 fails").needs(0) is None  # nothing passes: no roll to name
    assert read_test("D6 under, a 6 fails").words == "D6, equal to or under I; a 6 always fails"


@pytest.mark.parametrize(
    "text", ["D6", "D6 sideways", "D6 under, a 7 fails", "D6 under, 6 fails", "D6 under, a 6 wins"]
)
def test_bad_tests(text):
    with pytest.raises(ValueError):
        read_test(text)


def test_injury_rolls():
    roll = read_injury("D6: 1-2 knocked down, 3-4 stunned, 5-6 out of action")
    assert (roll.sides, roll.knocked_down, roll.stunned) == (6, 2, 4)
    assert (
        read_injury("D6: 1-3 knocked down, 4-5 stunned, 6 out of action").words
        == "1-3 knocked down, 4-5 stunned, 6 out of action"
    )
    for bad in (
        "D6: 1-2 knocked down, 3-4 stunned",
        "D6: 1-2 knocked down, 4-5 stunned, 6 out of action",
        "D6: 1-2 stunned, 3-4 knocked down, 5-6 out of action",
        "D6: 1-2 knocked down, 3-4 stunned, 5-7 out of action",
    ):
        with pytest.raises(ValueError):
            read_injury(bad)


@pytest.fixture
def rules(tmp_path):
    """A copy of rules/ to break."""
    copy = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", copy)
    return copy


def broken(rules, ruleset_id: str, old: str, new: str, name: str = "numbers.toml") -> str:
    path = rules / ruleset_id / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesFileError) as error:
        load_folder(rules)
    return str(error.value)


def line_of(rules, ruleset_id: str, needle: str) -> int:
    lines = (rules / ruleset_id / "numbers.toml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if needle in line)


def test_the_five_rulesets_load():
    found = load_folder(ROOT / "rules")[0]
    assert list(found)[:5] == ["mordheim-1999", "mordheim-lrb", "coreheim-v10", "whfb-6", "trench-crusade"]
    assert found["mordheim-lrb"].jump_down == found["mordheim-1999"].jump_down  # inherited
    assert found["mordheim-lrb"].charge.interception.value == "enemy-chooses"  # its own


def test_a_mechanic_reads_its_numbers_as_their_type():
    """The typed reads the rules core uses (mypy checks every read against its table's fields)."""
    found = load_folder(ROOT / "rules")[0]
    mordheim, coreheim, warhammer = found["mordheim-1999"], found["coreheim-v10"], found["whfb-6"]
    assert isinstance(mordheim.given(Climb), Climb) and mordheim.numbers(Climb) is mordheim.climb
    assert warhammer.numbers(Climb) is None  # Warhammer's text has no climbing rule
    with pytest.raises(LookupError, match="Warhammer.* gives no Climb table"):
        warhammer.given(Climb)
    # A table of two kinds is read as the kind its text gives, and as no other.
    assert isinstance(mordheim.numbers(StrengthHits), StrengthHits) and mordheim.numbers(WoundRoll) is None
    assert isinstance(coreheim.numbers(WoundRoll), WoundRoll) and coreheim.numbers(StrengthHits) is None
    assert warhammer.single("test") == warhammer.given_single("test") and warhammer.single("barrier") is None
    assert mordheim.costs("terrain") is mordheim.terrain and coreheim.costs("terrain") is None
    with pytest.raises(KeyError, match="no mechanic reads that key"):
        mordheim.part("teleport")


@pytest.mark.parametrize(
    "ruleset_id, old, new, line_needle, reason",
    [
        (
            "mordheim-1999",
            "\nmeasure_first = false",
            "\nmax_jump = 3\nmeasure_first = false",
            "max_jump",
            "[gap] has no key 'max_jump'",
        ),
        (
            "mordheim-1999",
            "max_height = 6\ntest_every",
            'max_height = "six"\ntest_every',
            'max_height = "six"',
            "must be a number of inches",
        ),
        (
            "coreheim-v10",
            'assumption = "fall-coreheim"',
            'assumption = "fall-corehiem"',
            "fall-corehiem",
            "unknown assumption 'fall-corehiem'",
        ),
        (
            "trench-crusade",
            'move = "Movement + D6"',
            'move = "Movement + D6 + D3"',
            "move =",
            "is not dice this site reads",
        ),
        (
            "whfb-6",
            'test = { value = "D6 under, a 6 fails", assumption = "test-d6-under" }',
            'test = "D6 under, a 6 fails"',
            "test =",
            "say where this comes from",
        ),
        (
            "mordheim-lrb",
            'inherit = "mordheim-1999"',
            'inherit = "mordheim-1998"',
            "inherit =",
            "is not a ruleset folder",
        ),
        ("mordheim-1999", "[hiding]", "[hidding]", "[hidding]", "unknown table [hidding]"),
        # An interception the answers could not word: "within  of the route".
        (
            "mordheim-1999",
            "interception_range = { value = 2, says = 'within 2\" of the charge route' }\n",
            "",
            "interception =",
            "interception needs interception_range too",
        ),
        ("coreheim-v10", "least = 2", 'least = 2\nhits = "D3"', "[fall]", "needs exactly one of hits or roll"),
        (
            "coreheim-v10",
            "edge_fall",
            "edge_fall = { value = 1 }\nedge_fall_old",
            "edge_fall = { value = 1 }",
            "say where this comes from",
        ),
    ],
)
def test_a_mistake_is_named_by_file_and_line(rules, ruleset_id, old, new, line_needle, reason):
    message = broken(rules, ruleset_id, old, new)
    if "edge_fall_old" in new:  # a duplicate key is a TOML error, named at its line by tomllib
        assert f"{ruleset_id}/numbers.toml:" in message
        return
    assert f"{ruleset_id}/numbers.toml:{line_of(rules, ruleset_id, line_needle)}: " in message
    assert reason in message


def test_a_syntax_error_names_its_line(rules):
    message = broken(rules, "whfb-6", "[charge]", "[charge")
    assert f"whfb-6/numbers.toml:{line_of(rules, 'whfb-6', '[charge')}: not valid TOML" in message


def test_a_test_is_needed_where_a_rule_takes_one(rules):
    message = broken(
        rules, "mordheim-1999", 'test = { value = "D6 under, a 6 fails", assumption = "test-d6-under" }', ""
    )
    assert "mordheim-1999/numbers.toml:" in message and "takes Initiative tests" in message


def test_an_assumption_given_twice_is_named(rules):
    message = broken(rules, "trench-crusade", 'id = "tc-distance"', 'id = "test-d6-under"', "assumptions.toml")
    assert "trench-crusade/assumptions.toml:" in message and "already given" in message


def test_a_ruleset_may_give_its_own_assumption(rules):
    path = rules / "whfb-6" / "assumptions.toml"
    path.write_text(
        '[[assumption]]\nid = "whfb-sight"\ntitle = "Sight"\ntext = "A charger must see its target."\n'
        'source = "our reading"\n',
        encoding="utf-8",
    )
    numbers = rules / "whfb-6" / "numbers.toml"
    numbers.write_text(
        numbers.read_text(encoding="utf-8").replace(
            'needs_sight = { value = true, section = "movement-phase" }',
            'needs_sight = { value = true, section = "movement-phase", assumption = "whfb-sight" }',
        ),
        encoding="utf-8",
    )
    assert load_folder(rules)[0]["whfb-6"].charge.needs_sight.assumption == "whfb-sight"


def test_a_topic_without_a_title_is_named_by_line(rules):
    from rulescore.reading.folder import RulesFileError
    from sitegen.pages.content import load_content

    path = rules / "topics.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title = "Running"\n', "", 1), encoding="utf-8")
    with pytest.raises(RulesFileError) as error:
        load_content(read_folder(rules))
    header = text[: text.index('id = "running"')].count("\n")  # [[topic]] is the line before the id
    assert f"topics.toml:{header}: topic 3 needs title" in str(error.value)


def test_the_edition_pair_is_data(rules):
    from rulescore.reading.folder import RulesFileError
    from sitegen.pages.content import load_content

    path = rules / "edition-notes.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('new = "mordheim-lrb"', 'new = "mordheim-2005"'), encoding="utf-8")
    with pytest.raises(RulesFileError) as error:
        load_content(read_folder(rules))
    line = text[: text.index('new = "mordheim-lrb"')].count("\n") + 1
    assert f"edition-notes.toml:{line}: new: 'mordheim-2005' is not a ruleset" in str(error.value)


def test_a_cited_section_missing_from_the_text_stops_the_build(rules, monkeypatch):
    from rulescore import rulebooks
    from rulescore.reading.folder import RulesFileError
    from sitegen.pages.content import check_citations
    from sitegen.pages.parse import parse
    from sitegen.pages.sources import load_rulesets

    path = rules / "coreheim-v10" / "numbers.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('section = "climbing"', 'section = "climbing-up"'), encoding="utf-8"
    )
    monkeypatch.setattr(rulebooks, "_read", rulebooks.load_folder(rules))  # rulescore reads the broken copy
    documents = {r.id: parse(r) for r in load_rulesets(read_folder(rules))}
    with pytest.raises(RulesFileError) as error:
        check_citations(documents)
    assert (
        f"coreheim-v10/numbers.toml:{line_of(rules, 'coreheim-v10', 'climbing-up')}: no section 'climbing-up'"
        in str(error.value)
    )


def test_a_value_not_in_the_text_names_its_assumption(rules):
    message = broken(
        rules,
        "trench-crusade",
        'needs_sight = { value = true, section = "", assumption = "tc-line-of-sight" }',
        'needs_sight = { value = true, section = "" }',
    )
    assert "say where this comes from" in message
