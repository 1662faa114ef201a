"""The inputs a calculator takes, how a form's string becomes a value, and what is wrong if not."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

# Plain decimals only (no exponents), with a sign; a decimal comma is read as a point; ".5" and "4." are numbers.
NUMBER = re.compile(r"^[+-]?(?:([0-9]+)(?:[.,]([0-9]*))?|[.,]([0-9]+))$")
# A field's text longer than this is refused before it is read at all.
LONGEST = 40
# More whole digits than this is beyond every field's range: say so without building the number.
WHOLE_DIGITS = 6
# A list field (a route's legs) holds at most this many items, each at most ITEM_LONGEST characters.
MOST_ITEMS = 40
ITEM_LONGEST = 80


class FieldError(Exception):
    """An input the rules cannot use; the message is shown next to that field, and next to each of `also`
    where two values refuse each other (a gap too wide for the movement left): whichever the player changed,
    the message is where their eye is."""

    def __init__(self, field: str, message: str, also: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.also = also

    def errors(self) -> dict[str, str]:
        return {name: self.message for name in (self.field, *self.also)}


class Forbids(FieldError):
    """What the rules forbid, not a value at fault: the values are fine, the text says no (an animal's climb,
    a jump down beyond its limit). The page says it where answers are said, cited, with what the model may
    do instead, never as a field to fix."""


class Field(NamedTuple):
    """One input: a whole number, a number of inches (decimals allowed), a signed modifier, a choice, or a
    list of items in the players' words (a route's legs, each read by the mechanic that owns them)."""

    name: str
    label: str
    kind: str  # "whole", "inches", "modifier" (as a profile writes it: +0, -1), "choice" or "list"
    default: str | tuple[str, ...]  # a list field's default is its items
    low: Fraction | None = None
    high: Fraction | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label); a list field's: (item pattern, words)
    # A list field's: each item pattern's (step, lowest[, its second number's lowest]): what its - / + moves
    # by, and the least it goes to.
    steps: tuple[tuple[Fraction, ...], ...] = ()
    help: str = ""
    above_zero: bool = False  # 0 means nothing in the rule (a fall of 0" is no fall): refuse it
    target: bool = False  # a roll needed, as a profile prints it ("7+" is read as 7)
    # Whose characteristic this is, "model.initiative" or "target.leadership": a model picked fills it.
    characteristic: str = ""
    # Asked only while each named field holds one of these values (a route's legs: has a leg of one of these
    # kinds). The page hides the field otherwise, and the answer leaves it out: one declaration for both.
    asked_when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def read(self, raw: str | list[str] | tuple[str, ...]) -> int | Fraction | str | tuple[str, ...]:
        """The value in `raw`, or a FieldError that says what is wrong in the player's words."""
        if self.kind == "list":
            return self._items(raw)
        if not isinstance(raw, str | int | Fraction):
            raise FieldError(self.name, f"{self.label} takes one value, not a list.")
        text = str(raw).strip()
        if self.kind == "choice":
            allowed = [value for value, _ in self.choices]
            if text not in allowed:
                raise FieldError(self.name, f"Choose one of: {', '.join(allowed)}.")
            return text
        if not text:
            raise FieldError(self.name, f"Enter {self.label.lower()}.")
        if len(text) > LONGEST:
            raise FieldError(self.name, f"{self.label} must be a number, not '{text[:20]}…'.")
        text = text.rstrip('"”').strip().replace("\u2212", "-")  # a pasted inch mark or a typographic minus is fine
        if self.target and text.endswith("+"):
            text = text[:-1].strip()
        number = NUMBER.match(text)
        if not number:
            raise FieldError(self.name, self._not_number(text[:20]))
        if len((number.group(1) or "").lstrip("0")) > WHOLE_DIGITS:  # far beyond any range: the range says why
            raise FieldError(self.name, self._range_message(text.startswith("-")))
        sign = "-" if text.startswith("-") else ""
        value = Fraction(f"{sign}{number.group(1) or 0}.{number.group(2) or number.group(3) or 0}")
        if self.kind in ("whole", "modifier") and value.denominator != 1:
            raise FieldError(self.name, self._not_whole())
        if (value * 10).denominator != 1:
            raise FieldError(self.name, f"{self.label} takes at most one decimal place.")
        if self.above_zero and value <= 0:
            raise FieldError(self.name, f"{self.label} must be more than 0.")
        if self.low is not None and value < self.low:
            raise FieldError(self.name, self._range_message(True))
        if self.high is not None and value > self.high:
            raise FieldError(self.name, self._range_message(False))
        return int(value) if self.kind in ("whole", "modifier") else value

    def _items(self, raw: object) -> tuple[str, ...]:
        """A list field's items, bounded; what each item means is its mechanic's to read."""
        if not isinstance(raw, list | tuple) or not all(isinstance(item, str) for item in raw):
            raise FieldError(self.name, f"{self.label}: give a list, one item each.")
        if len(raw) > MOST_ITEMS:
            raise FieldError(self.name, f"{self.label}: at most {MOST_ITEMS}.")
        if any(len(item) > ITEM_LONGEST for item in raw):  # refused, not cut: a cut item may read as another
            raise FieldError(self.name, f"{self.label}: each at most {ITEM_LONGEST} characters.")
        return tuple(item for item in raw if item.strip())

    def _not_number(self, text: str) -> str:
        return f"{self.label} must be a number, not '{text}'."

    def _not_whole(self) -> str:
        return f"{self.label} must be a whole number."

    def checks(self) -> dict[str, Any]:
        """What a page may check as a number is typed, before Python is up, in `read`'s own words for each
        fault (Your table's profile, #63); `read` still decides what is kept. "{}" in `said.number` stands
        for the text typed."""
        said = {"number": self._not_number("{}"), "low": self._range_message(True), "high": self._range_message(False)}
        found: dict[str, Any] = {
            "said": said,
            "whole": self.kind in ("whole", "modifier"),
            "above_zero": self.above_zero,
            "target": self.target,  # "7+" read as 7
            "longest": LONGEST,  # beyond it, Python's words
        }
        if self.kind in ("whole", "modifier"):
            said["whole"] = self._not_whole()
        if self.low is not None:
            found["min"] = _show(self.low)
        if self.high is not None:
            found["max"] = _show(self.high)
        return found

    def _range_message(self, too_low: bool) -> str:
        if too_low and self.above_zero:
            return f"{self.label} must be more than 0."
        if too_low and self.low is not None:
            return f"{self.label} must be at least {self._show(self.low)}."
        if not too_low and self.high is not None:
            return f"{self.label} must be at most {self._show(self.high)}."
        return f"{self.label} is out of range."

    def _show(self, value: Fraction) -> str:
        return f"{int(value):+d}" if self.kind == "modifier" else _show(value)

    def describe(self) -> dict[str, Any]:
        """The field as the page and `--list` show it."""
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        data: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind, "default": default}
        if self.above_zero:
            data["above_zero"] = True
        if self.low is not None:
            data["min"] = _show(self.low)
        if self.high is not None:
            data["max"] = _show(self.high)
        if self.choices:
            data["choices"] = [{"value": v, "label": text} for v, text in self.choices]
        for choice, (step, lowest, *second) in zip(data.get("choices", ()), self.steps, strict=False):
            choice |= {"step": _show(step), "lowest": _show(lowest)} | (
                {"second_lowest": _show(second[0])} if second else {}
            )
        if self.help:
            data["help"] = self.help
        if self.characteristic:
            data["characteristic"] = self.characteristic
        if self.asked_when:
            data["asked_when"] = {name: list(values) for name, values in self.asked_when}
        return data

    def asked(self, read: Mapping[str, Any], leg_kinds: Iterable[str] = ()) -> bool:
        """Does this field count for these values (`leg_kinds`: the kinds of a route's legs)?"""
        kinds = set(leg_kinds)
        return all(
            bool(kinds & set(values)) if name == "legs" else str(read.get(name, "")) in values
            for name, values in self.asked_when
        )

    def when(self, **asked: tuple[str, ...]) -> Field:
        """This field as asked only while each named field holds one of its values: `when(activation=("run",))`."""
        return self._replace(asked_when=tuple(asked.items()))

    def of(self, characteristic: str) -> Field:
        """This field as holding a model's characteristic ("model.move") or its target's ("target.move")."""
        return self._replace(characteristic=characteristic)


def read_form(
    fields: list[Field], values: Mapping[str, str | list[str]], form: str
) -> tuple[dict[str, int | Fraction | str | tuple[str, ...]], dict[str, str]]:
    """Every field's value (a field not given, its default), and what is wrong by field: a field the form
    (`form`: "A route", "Mordheim 1999's fall calculator") has not, or a value it cannot take."""
    known = {field.name for field in fields}
    errors = {key: f"{form} has no field '{str(key)[:30]}'." for key in values if key not in known}
    read = {}
    for field in fields:
        try:
            read[field.name] = field.read(values.get(field.name, field.default))
        except FieldError as error:
            errors[error.field] = error.message
    return read, errors


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def whole(name: str, label: str, default: int, low: int, high: int, help: str = "", target: bool = False) -> Field:
    return Field(name, label, "whole", str(default), Fraction(low), Fraction(high), help=help, target=target)


def length(name: str, label: str, default: str, low: str, high: str, help: str = "", above_zero: bool = False) -> Field:
    """A number of inches; `above_zero` when 0" means nothing in the rule (no fall, no jump, no climb)."""
    return Field(name, label, "inches", default, Fraction(low), Fraction(high), help=help, above_zero=above_zero)


def modifier(name: str, label: str, default: int, low: int, high: int, help: str = "") -> Field:
    """A signed whole number as a profile prints it: "+0", "-1" (a plain "0" or "1" is read too)."""
    return Field(name, label, "modifier", f"{default:+d}", Fraction(low), Fraction(high), help=help)


def choice(name: str, label: str, default: str, options: tuple[tuple[str, str], ...], help: str = "") -> Field:
    return Field(name, label, "choice", default, choices=options, help=help)


def listed(
    name: str,
    label: str,
    default: tuple[str, ...],
    kinds: tuple[tuple[str, str], ...],
    steps: tuple[tuple[Fraction, ...], ...] = (),
) -> Field:
    """A list in the players' words (a route's legs), `kinds` the forms an item takes as the form offers them,
    `steps` how a - / + moves each one's number."""
    return Field(name, label, "list", default, choices=kinds, steps=steps)


YES_NO = (("no", "No"), ("yes", "Yes"))


# The model's characteristics and the heights the rules measure, as every mechanic asks for them.
def movement(default: int = 4) -> Field:
    return length("move", "Movement", str(default), "1", "20").of("model.move")


def drop(name: str, label: str, default: str) -> Field:
    """A height the rule measures: 0" is no fall, jump or climb, so the field refuses it."""
    return length(name, label, default, "0", "24", above_zero=True)


def wounds() -> Field:
    return whole("wounds", "Wounds", 1, 1, 10).of("model.wounds")
