"""#61: questions as players type them find the answering section and sentence first, on both engines'
builds, measured on a corpus whose held-out half was written before the search was tuned
(tests/questions/), and the players' words the index carries reach the texts' words."""

from __future__ import annotations

import json

import pytest

from rulescore.reading.folder import RulesFileError, read_folder
from sitegen.pages.players_words import players
from tests.helpers import copy_project
from tests.questions.corpus import figures, questions, score

# What each half scored when #61 was resolved (first result right, answering sentence shown): held, never
# lower. Raise them when the search answers more; the held-out half is never tuned against.
HELD = {"tuned": (119, 104), "held_out": (63, 52)}
# The issue's own questions: tuned against, so never in the held-out half.
ISSUES_QUESTIONS = (
    "can someone block my charge",
    "what if I fall off a 7 inch tower",
    "does a wall slow me down",
    "can my dog climb a ladder",
    "how far does a fleeing unit run",
    "trench crusade charge distance",
)


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
@pytest.mark.parametrize("half", ["tuned", "held_out"])
def test_each_half_answers_at_least_as_often_as_when_measured(half, engine, built_site, zensical_site):
    site = built_site if engine == "mkdocs" else zensical_site
    scored = score(site / "assets" / "search.json", half)
    right, shown, total = figures(scored)
    wrong = [(s.question.asked, s.first) for s in scored if not s.right]
    assert (right, shown) >= HELD[half] and right >= HELD[half][0] and shown >= HELD[half][1], (right, shown, wrong)
    assert total == len(questions(half))


def test_the_corpus_is_large_its_halves_apart_and_the_issues_questions_tuned_against():
    tuned, held_out = ({q.asked.lower() for q in questions(half)} for half in ("tuned", "held_out"))
    assert len(tuned) + len(held_out) >= 120 and len(held_out) >= 60 and len(tuned) >= 95
    assert not tuned & held_out
    assert {q.lower() for q in ISSUES_QUESTIONS} <= tuned


def test_the_issues_questions_lead_with_the_rule_that_answers(built_site):
    scored = {s.question.asked: s for s in score(built_site / "assets" / "search.json", "tuned")}
    for asked in ISSUES_QUESTIONS:
        assert scored[asked].right, (asked, scored[asked].first, scored[asked].sentence)


def test_the_index_carries_the_players_words_for_the_texts_words(built_site):
    words = json.loads((built_site / "assets" / "search.json").read_text(encoding="utf-8"))["words"]
    # From WordNet (hop is a kind of jump; plummet, of drop) and from rules/players-words.toml (the games' words).
    assert {"jump", "leap"} <= set(words["hop"]) and "drop" in words["plummet"]
    # A game's sense, where the players' words give one, stands alone: not WordNet's others (block: hide).
    assert words["block"] == ["intercept", "interpos"] and "anim" in words["dog"]
    # A word the texts use only in passing still stands for the rules' word (an alleyway, in one sentence: street).
    assert "street" in words["alleywai"] and all(words.values())
    assert "build" in words["tower"] and "barrier" in words["wall"]
    # Only the texts' own words are offered: every term a word stands for is one the index's sentences hold.
    assert all(len(terms) <= 12 for terms in words.values()) and 500 < len(words) < 20000


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('[words]\nblock = "intercept"\n', "'block' must be a word given 1 to 12 words"),
        ("[words]\nblock = []\n", "'block' must be a word given 1 to 12 words"),
        ('[words]\nblock = ["' + "x" * 41 + '"]\n', "of at most 40 letters"),
        ('[lexicon]\nblock = ["intercept"]\n', "unknown key 'lexicon'"),
    ],
)
def test_a_broken_players_words_file_is_refused_at_its_line(tmp_path, text, reason):
    rules = copy_project(tmp_path) / "rules"
    (rules / "players-words.toml").write_text("# a contributor's words\n" + text, encoding="utf-8")
    with pytest.raises(RulesFileError) as caught:
        players(read_folder(rules))
    assert reason in str(caught.value) and "players-words.toml:" in str(caught.value), str(caught.value)
