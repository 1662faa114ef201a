"""How a result explains itself: steps that cite rule sections, and the assumptions used."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the explanation holds a reach's distribution, never builds one
    from rulescore.dice.distribution import Distribution

from rulescore.reading.rule_value import Rule


class Step(NamedTuple):
    text: str
    section: str | None = None
    assumption: str | None = None


class Explanation:
    """The steps a calculation took, each tied to the rule section or assumption behind it."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.assumptions: list[str] = []
        self.caption: str | None = None  # names the main table when it is one branch of a choice
        self.rolls: list[str] = []  # what the dice must show, as players say it: "needs 3+ on the D6"
        self.reach: tuple[str, Distribution] | None = None  # (title, Distribution of inches) a player chooses by
        self.procedure: list[str] = []  # what the player does at the table, in order, before any odds
        self.parts: list[tuple[str, int]] = []  # (a part's name, where its items start in `procedure`): a route's legs
        self.once: dict[str, str] = {}  # an item a page may say once for every part that has it -> what it is
        self.after: list[Step] = []  # what the model may still do this turn, after the outcome it follows

    def step(self, text: str, rule: Rule[object] | str | None = None, assumption: str | None = None) -> None:
        section = rule.section if isinstance(rule, Rule) else rule
        self.steps.append(Step(text, section, assumption))
        if assumption:
            self.assume(assumption)

    def needs(self, words: str) -> None:
        """A roll the answer turns on, in players' words; the headline says it when it is the only one."""
        self.rolls.append(words)

    def to_do(self, words: str, once: str | None = None) -> None:
        """One thing the player does or rolls at the table ("2 Initiative tests, each needs 3 or less on
        the D6"); the answer opens with them, in order. `once` names an item that several parts may share
        (the injury roll after any fall), for a page to say once."""
        self.procedure.append(words)
        if once:
            self.once[words] = once

    def then(self, text: str, rule: Rule[object] | str | None = None, assumption: str | None = None) -> None:
        """What the model may still do this turn after an outcome, from the text (or our reading of it)."""
        self.after.append(Step(text, rule.section if isinstance(rule, Rule) else rule, assumption))
        if assumption:
            self.assume(assumption)

    def part(self, name: str) -> None:
        """What is done from here on belongs to `name` ("Leg 2, gap 1""), until the next part."""
        self.parts.append((name, len(self.procedure)))

    def grouped(self) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]:
        """The procedure as (what comes before any part, each part's name and items)."""
        starts = [start for _, start in self.parts] + [len(self.procedure)]
        opening = tuple(self.procedure[: starts[0]])
        return opening, tuple(
            (name, tuple(self.procedure[start:end])) for (name, start), end in zip(self.parts, starts[1:], strict=True)
        )

    def assume(self, assumption: str) -> None:
        if assumption not in self.assumptions:
            self.assumptions.append(assumption)


def sentence(text: str) -> str:
    """Words as a sentence: capitalised, ended with a full stop ("" stays "")."""
    return text[:1].upper() + text[1:] + "." if text else ""


def number_text(value: Fraction | int) -> str:
    """7 -> '7', 15/2 -> '7.5' (inputs are whole or decimal inches)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def inches(value: Fraction | int) -> str:
    """7 -> '7"', 15/2 -> '7.5"'."""
    return number_text(value) + '"'


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def percent_text(p: Fraction, places: int = 1) -> str:
    """Rounded half up, computed exactly: 13/81 -> '16.0%'."""
    scaled = p * 100 * 10**places
    rounded = int(scaled + Fraction(1, 2))
    whole, part = divmod(rounded, 10**places)
    return f"{whole}.{part:0{places}d}%" if places else f"{whole}%"


def _as_odds(p: Fraction) -> str | None:
    """'3 in 4' where a player would say it so (a small denominator), else None."""
    return f"{p.numerator} in {p.denominator}" if p.denominator <= 12 and p not in (0, 1) else None


def chance_words(p: Fraction) -> str:
    """A probability as a player says it: '3 in 4', '38%', 'certain', 'no chance'."""
    return _as_odds(p) or percent_words(p)


def percent_words(p: Fraction) -> str:
    """A probability as a percentage, for answers set side by side: '25%', 'under 1%', 'certain'."""
    if p == 1:
        return "certain"
    if p == 0:
        return "no chance"
    whole = percent_text(p, 0)
    if whole == "0%":
        return "under 1%"
    if whole == "100%":
        return "over 99%"
    return whole


# A chance as the headline is first written, before it is said in words: where it stands tells its line.
_TOLD = re.compile("\x00(\\d+)\x00")


def said(
    headline: Callable[[Callable[[Fraction], str]], list[str]], say: Callable[[Fraction], str]
) -> tuple[list[str], tuple[Fraction | None, ...]]:
    """The answer's lines with each chance said by `say`, and each line's own chance (the first it says;
    None for a line that says none), kept as data for a layer that shows it otherwise."""
    heard: list[Fraction] = []

    def marked(p: Fraction) -> str:
        heard.append(p)
        return f"\x00{len(heard) - 1}\x00"

    lines = headline(marked)
    first = [_TOLD.search(line) for line in lines]
    words = [_TOLD.sub(lambda found: say(heard[int(found[1])]), line) for line in lines]
    return words, tuple(heard[int(found[1])] if found else None for found in first)


def said_alike(
    headline: Callable[[Callable[[Fraction], str]], list[str]],
) -> tuple[list[str], tuple[Fraction | None, ...]]:
    """The answer's lines, every chance said one way: "1 in 4" beside "29%" reads as two scales. Each
    chance is told apart as it is said (not found again in the words). With each line's own chance."""
    scales: set[str] = set()

    def say(p: Fraction) -> str:
        odds = _as_odds(p)
        words = odds or percent_words(p)
        if odds or "%" in words:  # "certain" and "no chance" are on neither scale
            scales.add("in" if odds else "%")
        return words

    lines, chances = said(headline, say)
    return said(headline, percent_words) if scales == {"in", "%"} else (lines, chances)
