"""A contributed text past what the page's search holds is refused at its file and line, with the limit named
(#64, item 2): before, the build passed and every page's search said "Search cannot start"."""

from __future__ import annotations

import re
import shutil

import pytest

from rulescore.reading.folder import RulesFileError, read_folder
from sitegen.pages import search_limits
from sitegen.pages.content import load_content
from sitegen.pages.search_index import search_index
from tests.helpers import ROOT

SOURCE = "mordheim-1999/000_9327bfef36001d18.txt"
# A line of the text that stays where it is (the outline holds every heading's line): words go on it.
LINE = "Make all of your models' compulsory moves before finishing any remaining movement."


@pytest.fixture
def rules(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    return tmp_path / "rules"


def indexed(rules) -> bytes:
    return search_index(load_content(read_folder(rules)), lambda texts: {})


def lengthened(rules, added: str) -> int:
    """`added` put at the end of LINE, in the same paragraph; the line it is on."""
    path = rules / SOURCE
    text = path.read_text(encoding="utf-8")
    assert LINE in text
    path.write_text(text.replace(LINE, f"{LINE} {added}", 1), encoding="utf-8")
    return text.splitlines().index(LINE) + 1


def test_the_limits_are_the_ones_the_page_keeps():
    """The build reads the page's own declaration: every limit the page's search names is there."""
    engine = (ROOT / "search" / "engine.js").read_text(encoding="utf-8")
    named = set(re.findall(r"LIMITS\.(\w+)", engine))
    assert named and named <= set(search_limits.limits()), named - set(search_limits.limits())
    assert search_limits.limits()["sentence"] == 4000 and search_limits.limits()["sentences"] == 400


@pytest.mark.parametrize("length", [4100, 2_000_000])
def test_a_sentence_longer_than_search_holds_is_refused_at_its_line(rules, length):
    line = lengthened(rules, "Then " + "a" * length + ".")
    with pytest.raises(RulesFileError) as caught:
        indexed(rules)
    said = str(caught.value)
    assert said.startswith(f"{rules / SOURCE}:{line}: a sentence of "), said
    assert "search holds at most 4000" in said


def test_a_section_of_more_sentences_than_search_holds_is_refused_at_its_heading(rules):
    lengthened(rules, " ".join(["Then run."] * 401))
    with pytest.raises(RulesFileError) as caught:
        indexed(rules)
    heading = (rules / SOURCE).read_text(encoding="utf-8").splitlines().index("2. Compulsory Moves") + 1
    assert str(caught.value).startswith(f"{rules / SOURCE}:{heading}: the section '2. Compulsory Moves' has ")
    assert "search holds at most 400 a section" in str(caught.value)


def test_a_text_at_the_limits_is_held(rules):
    """399 more sentences in a section, each well under the limit: the index is made and the page reads it."""
    lengthened(rules, " ".join(["Then run."] * 380))
    assert b"Then run." in indexed(rules)


def test_more_entries_than_search_holds_are_refused_for_the_folder(rules, monkeypatch):
    """The count of entries, said at rules/ (a text of 10,000 headings passes each section's check)."""
    fewer = {**search_limits.limits(), "entries": 50}
    monkeypatch.setattr(search_limits, "limits", lambda: fewer)
    with pytest.raises(RulesFileError, match=r"sections and entries to search: search holds at most 50"):
        indexed(rules)
