"""Every mechanic the site knows, in the order players meet their calculators, and the rules read with them.

Adding a kind of rule: a module that declares its `Mechanic` in rulescore/mechanics/ (see framework/mechanic.py), and a line here. The
list is explicit, not filled in by importing: what is known never depends on what was imported first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from rulescore.framework.legs import DROPPED, FELL
from rulescore.framework.mechanic import Calculator, Mechanic, Reading
from rulescore.mechanics.barriers import BARRIER
from rulescore.mechanics.charging import CHARGE
from rulescore.mechanics.climbing import CLIMB
from rulescore.mechanics.diving import DIVING_CHARGE
from rulescore.mechanics.edges import EDGE_FALL
from rulescore.mechanics.falling import FALL
from rulescore.mechanics.gaps import GAP
from rulescore.mechanics.ground import TERRAIN
from rulescore.mechanics.half_move import HALF_MOVE
from rulescore.mechanics.hiding import HIDING
from rulescore.mechanics.initiative import TEST
from rulescore.mechanics.jumping_down import JUMP_DOWN
from rulescore.mechanics.running import RUN
from rulescore.reading.assumptions import Assumption
from rulescore.reading.folder import TomlFile, read_folder, rules_files
from rulescore.ruleset import Ruleset
from rulescore.rulesets import Loaded, load

MECHANICS: tuple[Mechanic, ...] = (
    CHARGE,
    JUMP_DOWN,
    DIVING_CHARGE,
    GAP,
    CLIMB,
    FALL,
    EDGE_FALL,
    RUN,
    BARRIER,
    HIDING,
    TEST,
    TERRAIN,
    HALF_MOVE,
)

CALCULATORS: dict[str, Calculator] = {c.name: c for mechanic in MECHANICS for c in mechanic.calculators}
# Our readings of the rules that a table may play otherwise (a house rule), each declared by its mechanic.
PLAYED_OTHERWISE: dict[str, Reading] = {reading.id: reading for mechanic in MECHANICS for reading in mechanic.readings}


def _outcomes() -> dict[str, str]:
    """Every outcome key -> its words; two mechanics that share a key must say it alike."""
    found: dict[str, str] = {}
    for mechanic in MECHANICS:
        for key, words in mechanic.outcomes.items():
            if found.setdefault(key, words) != words:
                raise ValueError(f"outcome '{key}' is worded two ways: {found[key]!r} and {words!r}")
    return found


OUTCOMES = _outcomes()


def label(key: str) -> str:
    """The words for an outcome; FELL outcomes are the fall's, after a failed test."""
    if key.startswith(FELL):
        return f"Falls: {OUTCOMES[key.removeprefix(FELL)].lower()}"
    return OUTCOMES[key]


def outcome_order(key: str) -> int:
    """Where an outcome sits in a table: the mechanics' order, every fall after what did not fall."""
    keys = list(OUTCOMES)
    if key == DROPPED:  # a drop that is no fall sits where a fall would, after what did not fall
        return len(keys)
    if key.startswith(FELL):
        return len(keys) + keys.index(key.removeprefix(FELL))
    return keys.index(key)


def load_folder(rules_dir: Path) -> tuple[dict[str, Ruleset], dict[str, Assumption]]:
    """Every ruleset and assumption of a rules/ folder (a copy under test, or a new ruleset's)."""
    return load(read_folder(rules_dir), MECHANICS)


class OnFirstUse(Mapping[str, Any]):
    """A mapping read from rules/ the first time it is used, so a broken file is an error of the
    build that reads it (file:line), not of importing rulescore."""

    def __init__(self, read: Callable[[], Mapping[str, Any]]) -> None:
        self._read = read

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


_read: Loaded | None = None


def read_rules() -> tuple[dict[str, Ruleset], dict[str, Assumption]]:
    """Every ruleset and assumption rulescore carries, read once with these mechanics."""
    global _read
    if _read is None:
        _read = load(rules_files(), MECHANICS)
    return _read


def read_from(files: Mapping[str, TomlFile]) -> None:
    """Read the rulesets from files already read (the build's one read of rules/), not from disk again."""
    global _read
    _read = load(files, MECHANICS)


RULESETS: Mapping[str, Ruleset] = OnFirstUse(lambda: read_rules()[0])
# The general assumptions, then each ruleset's (read with the rulesets, which check their ids).
ASSUMPTIONS: Mapping[str, Assumption] = OnFirstUse(lambda: read_rules()[1])
