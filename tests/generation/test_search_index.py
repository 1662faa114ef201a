"""What the search index says of a section's lists (#61): a list item led in by the sentence before its list
("A hidden warrior is automatically spotted if:") is written with that sentence, so search reads the item
with the words it refers back to."""

from __future__ import annotations

import json

from rulescore.reading.folder import read_folder
from sitegen.pages.content import load_content
from sitegen.pages.search_index import _entry, _pieces, search_index
from tests.helpers import ROOT


def leads(*blocks: str) -> list[list[int]]:
    return _entry("rule", "r", "t", "", "u", _pieces(blocks)).get("leads", [])


def test_a_list_after_a_lead_in_is_led_by_its_last_sentence_item_by_item_sentence_by_sentence():
    block = "Two lines. A warrior is spotted if:\n\n- He shoots.\n- An enemy comes near. He sees him.\n"
    # sentences: 0 Two lines. 1 ...if: 2 He shoots. 3 An enemy comes near. 4 He sees him.
    assert leads(block) == [[2, 1], [3, 1], [4, 1]]
    # The lead-in and its list in blocks of their own, as a text's paragraphs come.
    assert leads("A warrior is spotted if:", "1. He shoots.\n2. He casts.\n") == [[1, 0], [2, 0]]


def test_a_list_with_no_lead_in_and_what_follows_a_list_are_led_by_nothing():
    assert leads("A warrior may hide.\n\n- Behind a wall.\n") == []
    assert leads("- He shoots.\n") == []
    assert leads("Spotted if:\n\n- He shoots.\n\nAfter the list.\n") == [[1, 0]]
    # A list inside an item is led by that item, not by the lead-in of the list around it.
    assert leads("Spotted if:\n\n- He shoots:\n    - a bow.\n- He casts.\n") == [[1, 0], [3, 0]]


def test_the_bundled_texts_lead_in_their_lists_and_only_entries_with_one_say_so():
    index = json.loads(search_index(load_content(read_folder(ROOT / "rules")), lambda texts: {}))
    hiding = next(e for e in index["entries"] if e["url"] == "coreheim-v10/movement/#hiding")
    said = hiding["sentences"]
    led = {said[item]: said[lead] for item, lead in hiding["leads"]}
    assert led["He charges, shoots, or (attempts to) cast spells."] == "A hidden warrior is automatically spotted if:"
    assert all(entry.get("leads") != [] for entry in index["entries"])
