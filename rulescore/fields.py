"""The inputs a calculator takes, how a form's string becomes a value, and what is wrong if not."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple


# Plain decimals only: no exponents, so no input can make a huge number.
NUMBER = re.compile(r"^-?[0-9]{1,4}(\.[0-9]{1,3})?$")


class FieldError(Exception):
    """An input the rules cannot use; the message is shown next to that field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class Field(NamedTuple):
    """One input: a whole number, a number of inches (decimals allowed) or a choice."""

    name: str
    label: str
    kind: str  # "whole", "inches" or "choice"
    default: str
    low: Fraction | None = None
    high: Fraction | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, label)
    help: str = ""

    def read(self, raw: str) -> int | Fraction | str:
        """The value in `raw`, or a FieldError that says what is wrong in the player's words."""
        text = str(raw).strip()
        if self.kind == "choice":
            allowed = [value for value, _ in self.choices]
            if text not in allowed:
                raise FieldError(self.name, f"Choose one of: {', '.join(allowed)}.")
            return text
        if not text:
            raise FieldError(self.name, f"Enter {self.label.lower()}.")
        text = text.rstrip('"”').strip()  # a pasted inch mark is fine
        if not NUMBER.match(text):
            raise FieldError(self.name, f"{self.label} must be a number, not '{text[:20]}'.")
        value = Fraction(text)
        if self.kind == "whole" and value.denominator != 1:
            raise FieldError(self.name, f"{self.label} must be a whole number.")
        if (value * 10).denominator != 1:
            raise FieldError(self.name, f"{self.label} takes at most one decimal place.")
        if self.low is not None and value < self.low:
            raise FieldError(self.name, f"{self.label} must be at least {_show(self.low)}.")
        if self.high is not None and value > self.high:
            raise FieldError(self.name, f"{self.label} must be at most {_show(self.high)}.")
        return int(value) if self.kind == "whole" else value

    def describe(self) -> dict:
        """The field as the page and `--list` show it."""
        data = {"name": self.name, "label": self.label, "kind": self.kind, "default": self.default}
        if self.low is not None:
            data["min"] = _show(self.low)
        if self.high is not None:
            data["max"] = _show(self.high)
        if self.choices:
            data["choices"] = [{"value": v, "label": text} for v, text in self.choices]
        if self.help:
            data["help"] = self.help
        return data


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def whole(name: str, label: str, default: int, low: int, high: int, help: str = "") -> Field:
    return Field(name, label, "whole", str(default), Fraction(low), Fraction(high), help=help)


def length(name: str, label: str, default: str, low: str, high: str, help: str = "") -> Field:
    return Field(name, label, "inches", default, Fraction(low), Fraction(high), help=help)


def choice(name: str, label: str, default: str, options: tuple[tuple[str, str], ...], help: str = "") -> Field:
    return Field(name, label, "choice", default, choices=options, help=help)


YES_NO = (("no", "No"), ("yes", "Yes"))
