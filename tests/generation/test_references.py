"""References in the texts: by bare title or another name they resolve; the rest are listed."""

import pytest

from rulescore.reading.folder import read_folder
from sitegen.pages.content import load_content
from tests.helpers import ROOT

CONTENT = load_content(read_folder(ROOT / "rules"))


@pytest.mark.parametrize("item", CONTENT.rulesets, ids=lambda item: item.ruleset.id)
def test_every_reference_the_site_does_not_hold_is_listed(item):
    """A new reference that finds no section is a visible change: ruleset.toml's not_held lists them."""
    found = sorted({reference.text for _, reference in item.chapter.references if reference.anchor is None})
    listed = sorted(item.ruleset.not_held)
    assert found == listed, (
        f"rules/{item.ruleset.id}/ruleset.toml: not_held should list the references that find no "
        f"section: {found} (give a section another name under [cited_as] if it is held)"
    )


def test_a_numbered_section_is_found_by_its_bare_title():
    document = next(item.document for item in CONTENT.rulesets if item.ruleset.id == "mordheim-1999")
    names = document.cited_names()
    assert names["remaining moves"] == "3-remaining-moves"  # "3. Remaining Moves" cited without its number
    assert names["charge"] == "charge"  # a whole title wins over a bare one ("1. Charge!")
    assert names["1 charge"] == "1-charge"
