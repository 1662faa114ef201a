"""What a mechanic is: one kind of rule (a charge, a climb, a fall) as the module that holds it declares it.

A mechanic owns the numbers.toml keys it reads (its numbers, a single value or costs by ground), says when
a ruleset's values for it need the ruleset's Initiative test, and brings its calculators, the words of
its outcomes and its quick-reference lines. `rulescore.rulebooks` lists every mechanic; the loader
(`rulesets.py`) is handed that list and knows none of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, NamedTuple, get_origin, get_type_hints

from rulescore.answers.explain import Explanation
from rulescore.answers.fields import Field
from rulescore.dice.distribution import Distribution
from rulescore.framework.legs import Followed, LegKind, RouteEnd
from rulescore.framework.rules import Rules
from rulescore.reading.rule_value import Rule

Reader = Callable[[Any], Any]  # a raw TOML value -> the value, or ValueError("must be ...")


@functools.cache
def readers_of(kind: type) -> dict[str, Reader]:
    """The numbers.toml keys a rule's numbers type reads, each declared once, with its reader, as a field
    `key: Annotated[Rule[int], reader]`: the name, its type, the reader and its place are one line."""
    hints = get_type_hints(kind, include_extras=True)
    return {name: hint.__metadata__[0] for name, hint in hints.items() if get_origin(hint) is Annotated}


@functools.cache
def words_of(kind: type) -> dict[str, str]:
    """The keys a table may play otherwise, each in a player's words (`key: Annotated[Rule[int], reader, "words"]`):
    a key without words is the text's own words, quoted by the answers, not a rule a table plays otherwise."""
    hints = get_type_hints(kind, include_extras=True)
    return {
        name: hint.__metadata__[1]
        for name, hint in hints.items()
        if get_origin(hint) is Annotated and len(hint.__metadata__) > 1
    }


class Numbers(NamedTuple):
    """A rule's own numbers, a `[section]` of numbers.toml read into `kind` (its keys and readers: `readers_of`;
    "table" is the player's, Your table). Where the kind depends on the numbers (a fall is hits or a roll),
    `kinds` maps the key that says which to its type."""

    kind: type | None
    kinds: dict[str, type] | None = None
    # (key, the key it needs): a value the answers cannot word without another (an interception's range)
    together: tuple[tuple[str, str], ...] = ()

    @property
    def readers(self) -> dict[str, Reader]:
        """Every key the numbers may hold, whichever kind they are."""
        return {key: reader for kind in self._kinds() for key, reader in readers_of(kind).items()}

    @property
    def words(self) -> dict[str, str]:
        """Every key a table may play otherwise, in a player's words, whichever kind it is."""
        return {key: words for kind in self._kinds() for key, words in words_of(kind).items()}

    def _kinds(self) -> list[type]:
        return list(self.kinds.values()) if self.kinds else [self.kind] if self.kind else []


class Single(NamedTuple):
    """One value at the top of numbers.toml; it names its own section."""

    reader: Reader
    words: str = ""  # in a player's words, as a house rule names it ("" : not played otherwise)


class Costs(NamedTuple):
    """A table of any keys, each one value of the same kind (ground type -> inches spent per inch)."""

    reader: Reader
    words: str = ""  # a key's value in a player's words, "{key}" standing for the key


class Card(NamedTuple):
    """What a calculator adds to a model's card on Your table: a row for each value of one field."""

    row: str  # the row's name, "{}" standing for the value ('Jump down {}"'); none: one row, named alone
    field: str  # the field the rows vary; every other field is the model's own or the calculator's default
    values: tuple[str, ...]
    place: int  # where its rows stand on the card, lowest first: the moves a player looks up most, first


class Calculator(NamedTuple):
    """One calculator: what it asks, where it applies and how it answers."""

    name: str
    title: str
    # The numbers.toml keys a ruleset must give for it (its own first: its section is where it sits).
    needs: tuple[str, ...]
    fields: Callable[[Rules], list[Field]]
    compute: Callable[[Explanation, Rules, dict[str, Any]], tuple[Distribution, list[tuple[str, Distribution]]]]
    # (main table, extra tables, how a chance is said) -> the answer's first lines
    headline: Callable[[Distribution, list[tuple[str, Distribution]], Callable[[Fraction], str]], list[str]]
    # Whose are the "target.*" characteristics it asks, as the page's picker names them (the hiding model's
    # spotter is no target: #47, item 7).
    target: str = "Target"
    card: Card | None = None  # its rows on a model's card (None: it has none)

    def supports(self, rules: Rules) -> bool:
        """Has this ruleset's text the rules for it."""
        return all(rules.part(key) is not None for key in self.needs)

    def section(self, rules: Rules) -> str:
        """The rule section the calculator sits in (its own table's, or its own value's)."""
        section = getattr(rules.part(self.needs[0]), "section", None)  # numbers or a value: each names its section
        if not isinstance(section, str):
            raise LookupError(f"{rules.title} gives no {self.needs[0]}: no {self.name} calculator there")
        return section


def by_name(
    rule: Callable[..., Distribution], **renamed: str
) -> Callable[[Explanation, Rules, dict[str, Any]], tuple[Any, ...]]:
    """A calculator's answer from its rule's own function, the form's values given by field name (`renamed`:
    a field whose argument is named otherwise); a field the ruleset does not ask takes the default."""
    return lambda explain, rules, values: (
        rule(explain, rules, **{renamed.get(k, k): v for k, v in values.items()}),
        [],
    )


# The topic of a quick-reference line no compare page holds: how a ruleset takes a characteristic test.
CHARACTERISTIC_TEST = "tests"


class Line(NamedTuple):
    """One number or rule of a ruleset, in a few words, with the rule it comes from."""

    topic: str  # the shared topic id (rules/topics.toml, checked as it is read), or CHARACTERISTIC_TEST
    label: str
    text: str
    rule: Rule[object] | None  # None: from outside the text (see the assumptions page)


def _none(rules: Rules) -> None:
    return None


def when_given(key: str) -> Callable[[Rules], str | None]:
    """A mechanic's `tested`: its key takes the ruleset's Initiative test wherever the ruleset gives it."""
    return lambda rules: key if rules.part(key) is not None else None


# Where a value is that reads well alone but takes an answer past what it can work out, and why:
# (table, key, what is wrong), as the loader names it at its file and line.
Bound = tuple[str, str, str]


def _unbounded(rules: Rules) -> Bound | None:
    return None


def _no_lines(rules: Rules) -> list[Line]:
    return []


def _nothing_after(rules: Rules, end: RouteEnd) -> list[Followed]:
    return []


class Activation(NamedTuple):
    """A kind of activation a rule allows beside a normal move (a half-move, a run): the route planner offers
    it where a ruleset has the rule, and walks the legs with the inches it allows."""

    key: str  # as the form and an answer's inputs spell it ("run")
    words: str  # as the form offers it ("A run")
    place: int  # among the kinds offered, by tens: a normal move first, a charge last
    offered: Callable[[Rules], bool]
    # (explanation, ruleset, the form's values) -> the inches the route may use, each step said; Forbidden
    # (rulescore.framework.legs) where the rules forbid it (a run with an enemy too near)
    allowance: Callable[[Explanation, Rules, dict[str, Any]], Fraction]


# A question the route planner asks for a rule before the first inch (a run's nearest enemy), with its place
# among the others' by tens.
Asked = tuple[int, Field]


def _asks_nothing(rules: Rules) -> list[Asked]:
    return []


class Reading(NamedTuple):
    """One of our readings of a rule (an id of the assumptions page) that a table may play otherwise."""

    id: str
    otherwise: str  # the rule as a table that switches the reading plays it: "a model may climb during a charge"
    applies: Callable[[Rules], bool]  # Ruleset -> does its text have the rule the reading is of


class Mechanic(NamedTuple):
    """One kind of rule: the keys of numbers.toml it reads and everything the site does with them."""

    parts: dict[str, Numbers | Single | Costs]  # its numbers.toml keys; the first names the mechanic
    # where its quick-reference lines stand as a turn is played, by tens: the Initiative test first, hiding last
    turn: int = 1000
    title: str = ""  # the kind of rule in a player's words, as Your table heads its house rules
    # Ruleset -> the key whose values take Initiative tests in that ruleset, or None
    tested: Callable[[Rules], str | None] = _none
    calculators: tuple[Calculator, ...] = ()
    outcomes: dict[str, str] = {}  # outcome key -> the words a player reads, in the order shown
    lines: Callable[[Rules], list[Line]] = _no_lines  # Ruleset -> its quick-reference lines
    legs: tuple[LegKind, ...] = ()  # the kinds of route leg its rules govern
    # (Ruleset, how a route went) -> what its rules say the model may still do this turn, each line ranked
    after: Callable[[Rules, RouteEnd], list[Followed]] = _nothing_after
    # Ruleset -> a value past what its answers can work out over the whole range of their fields (a jump
    # down of 6,000 tests: #64, item 4), worked out from the values, never tried at one field's default
    bounded: Callable[[Rules], Bound | None] = _unbounded
    activations: tuple[Activation, ...] = ()  # the kinds of activation its rules allow
    # Ruleset -> what the route planner asks for its rules before the first inch
    asks: Callable[[Rules], list[Asked]] = _asks_nothing
    readings: tuple[Reading, ...] = ()  # our readings of its rules that a table may play otherwise

    @property
    def name(self) -> str:
        return next(iter(self.parts))
