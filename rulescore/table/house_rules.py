"""A table's house rules: a number of a ruleset's numbers.toml played otherwise (jump down from 8", not 6"),
or one of our readings switched (a climb allowed during a charge).

A number is read by the same reader as numbers.toml: the ruleset is loaded again with the table's value in
place of the text's, so a value the rules cannot take is refused with the reader's own reason. A reading is
one the code declares a table may play otherwise (rulescore.rulebooks.PLAYED_OTHERWISE, each declared by its
mechanic). Nothing here is applied unless an answer is asked with it (entry.answer(..., house=...)), and
every answer it changes names it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, NamedTuple

from rulescore.framework.mechanic import Costs, Numbers, Single
from rulescore.reading import values
from rulescore.reading.folder import NUMBERS, RulesFileError, TomlFile, rules_files
from rulescore.rulebooks import MECHANICS, PLAYED_OTHERWISE, RULESETS
from rulescore.ruleset import Ruleset
from rulescore.rulesets import load

# A reading switched is written with this value; a number, as the player would write it in numbers.toml.
OTHERWISE = "otherwise"
# Bounds on what a table may hold: enough for any group, too little to slow an answer.
MOST_PER_RULESET = 20
VALUE_LONGEST = 60
WHERE = re.compile(r"^\[[a-z_-]+\] [a-z_-]+: ", re.ASCII)  # "[jump_down] test_every: ", as the loader says where
NUMBER = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,3})?", re.ASCII)  # its size is the rule's reader's to bound


class HouseRule(NamedTuple):
    """One rule a table plays otherwise, read and checked; `words` say it in an answer it changes."""

    ruleset: str
    rule: str  # "jump_down.max_height", "test" (a number), or a reading's assumption id
    value: str  # as the player wrote it ("8", "yes"); a reading: "otherwise"
    words: str  # "House rule: jump down, max height 8 (the rules: 6)"

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "rule": self.rule, "value": self.value}


def _plain(raw: Any) -> Any:
    """A numbers.toml value without where it comes from."""
    return raw["value"] if isinstance(raw, dict) and "value" in raw else raw


def _said(raw: Any) -> str:
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    return str(raw)


class Playable(NamedTuple):
    """A number of numbers.toml a table may play otherwise, as Your table offers it."""

    rule: str  # "jump_down.max_height", or "test" at the top of the file
    words: str  # "highest jump down", as a player says it
    reader: Any  # the numbers.toml reader of its value
    kind: str  # the kind of rule it belongs to, in a player's words ("Jumping down")


@cache
def playable() -> dict[str, Playable]:
    """Every key the mechanics let a table play otherwise (the keys they give words): a key without words
    is words the answers quote from the text (what a fall stops), which no answer works out with."""
    found: dict[str, Playable] = {}
    for mechanic in MECHANICS:
        for part, shape in mechanic.parts.items():
            if isinstance(shape, Numbers):
                readers = shape.readers
                for key, words in shape.words.items():
                    found[f"{part}.{key}"] = Playable(f"{part}.{key}", words, readers[key], mechanic.title)
            elif shape.words and isinstance(shape, Single):
                found[part] = Playable(part, shape.words, shape.reader, mechanic.title or shape.words.capitalize())
    return found


def _playable(rule: str) -> Playable | None:
    """A key of a table of costs (terrain.difficult) is played as its table's words say, with its key in them."""
    if rule in playable():
        return playable()[rule]
    part, _, key = rule.partition(".")
    for mechanic in MECHANICS:
        shape = mechanic.parts.get(part)
        if isinstance(shape, Costs) and shape.words and key:
            return Playable(rule, shape.words.format(key=key.replace("-", " ")), shape.reader, mechanic.title)
    return None


@cache
def numbers(ruleset_id: str) -> dict[str, Any]:
    """Every number of a ruleset a table may play otherwise, "table.key" (or "key") -> the text's value,
    inherited values included; values that are lists or tables (the dice of a flee) are not offered."""
    files = rules_files()
    found: dict[str, Any] = {}
    chain = []
    current: str | None = ruleset_id
    while current and f"{current}/{NUMBERS}" in files and current not in chain:
        chain.append(current)
        current = files[f"{current}/{NUMBERS}"].data.get("inherit")
    for name in reversed(chain):
        for key, body in files[f"{name}/{NUMBERS}"].data.items():
            if key == "inherit":
                continue
            if isinstance(body, dict) and "value" not in body:
                for inner, raw in body.items():
                    if inner != "section" and isinstance(_plain(raw), bool | int | float | str):
                        found[f"{key}.{inner}"] = _plain(raw)
            elif isinstance(_plain(body), bool | int | float | str):
                found[key] = _plain(body)
    return {rule: value for rule, value in found.items() if _playable(rule)}


def rule_words(rule: str) -> str:
    """A rule's name as a player says it: "jump_down.max_height" -> "highest jump down"; a name no mechanic
    gives words (from a file of outside) is said as written, its separators as spaces."""
    if rule in PLAYED_OTHERWISE:
        return PLAYED_OTHERWISE[rule].otherwise
    found = _playable(rule)
    if found:
        return found.words
    return ", ".join(part.replace("_", " ").replace("-", " ") for part in rule.split("."))


def _inches(reader: Any) -> bool:
    return reader in (values.inches, values.step)


def said_value(rule: str, value: Any) -> str:
    """A value as a player reads it: 8" for inches, yes or no, "not allowed" for not-allowed."""
    found = _playable(rule)
    if found and _inches(found.reader) and not isinstance(value, bool):
        return f'{_said(value)}"'
    if found and getattr(found.reader, "allowed", None):
        return _said(value).replace("-", " ")
    return _said(value)


def offered(ruleset_id: str) -> list[dict[str, Any]]:
    """What a table may switch for a ruleset, as its page lists them: our readings, then each kind of rule's
    numbers under the kind's name; a choice (yes or no, one of a few) offers its choices."""
    rules = RULESETS[ruleset_id]
    readings = [
        {"rule": reading.id, "kind": "reading", "label": reading.otherwise, "value": OTHERWISE, "group": "Our readings"}
        for reading in PLAYED_OTHERWISE.values()
        if reading.applies(rules)
    ]
    found = []
    for rule, value in numbers(ruleset_id).items():
        played = _playable(rule)
        assert played is not None  # numbers() keeps only these
        allowed = ("yes", "no") if isinstance(value, bool) else getattr(played.reader, "allowed", ())
        found.append(
            {
                "rule": rule,
                "kind": "choice" if len(allowed) > 1 else "number",
                "label": played.words[0].upper() + played.words[1:] + (", in inches" if _inches(played.reader) else ""),
                "value": _said(value),
                "said": said_value(rule, value),
                "choices": [{"value": choice, "said": choice.replace("-", " ")} for choice in allowed],
                "group": played.kind,
            }
        )
    return readings + found


def _typed(text: str, like: Any) -> Any:
    """The player's text as the type the text's value has, for the numbers.toml reader."""
    if isinstance(like, bool):
        if text.lower() in ("yes", "true"):
            return True
        if text.lower() in ("no", "false"):
            return False
        raise ValueError("must be yes or no")
    if isinstance(like, int | float):
        # Digits as a player types them ("8", "3.5"): not "٣", "８", "1_000" or "1e99999999", which Python
        # reads too. A half where the text has a whole number goes to the rule's reader, which says if it may.
        if not NUMBER.fullmatch(text):
            raise ValueError("must be a number such as 6 or 3.5")
        number = float(text)
        return int(number) if number.is_integer() and "." not in text else number
    return text


def read_rule(ruleset_id: object, rule: object, value: object) -> HouseRule:
    """One house rule as a table gave it, checked; ValueError says what is wrong in the player's words."""
    if not isinstance(ruleset_id, str) or ruleset_id not in RULESETS:
        raise ValueError(f"no ruleset '{str(ruleset_id)[:30]}'")
    rules = RULESETS[ruleset_id]
    if not isinstance(rule, str) or not isinstance(value, str | int | float | bool):
        raise ValueError("a house rule is a rule's name and a value")
    value = _said(value).strip()
    if len(value) > VALUE_LONGEST:
        raise ValueError(f"a value is at most {VALUE_LONGEST} characters")
    if rule in PLAYED_OTHERWISE and PLAYED_OTHERWISE[rule].applies(rules):
        if value != OTHERWISE:
            raise ValueError(f"'{rule}' is switched with the value '{OTHERWISE}'")
        return HouseRule(ruleset_id, rule, value, f"House rule: {PLAYED_OTHERWISE[rule].otherwise}.")
    text_value = numbers(ruleset_id).get(rule)
    if text_value is None:
        raise ValueError(f"{rules.title}'s rules have no '{rule[:40]}' a table can play otherwise")
    typed = _typed(value, text_value)
    if typed == text_value:
        raise ValueError(f"{rule_words(rule)} is {said_value(rule, text_value)} in the rules already")
    house = HouseRule(
        ruleset_id,
        rule,
        value,
        f"House rule: {rule_words(rule)}: {said_value(rule, typed)} (the rules: {said_value(rule, text_value)}).",
    )
    try:
        ruled(ruleset_id, (house,))  # the numbers.toml reader's own check of the value
    except RulesFileError as error:
        # The file's words for where, dropped: the player named the rule. Another key's (a higher jump makes
        # more tests, said at [jump_down] test_every) is dropped too: the reason names what it counts.
        table, _, key = rule.rpartition(".")
        where = f"[{table}] {key}" if table else key
        reason = error.reason.removeprefix(where) if error.reason.startswith(where) else WHERE.sub("", error.reason)
        raise ValueError(reason.lstrip(": ")) from None
    return house


# A table asks the same few sets again and again; each is a load of rules/ (about 2 ms), kept a while.
@lru_cache(maxsize=64)
def ruled(ruleset_id: str, house: tuple[HouseRule, ...]) -> Ruleset:
    """The ruleset as this table plays it: its numbers with the table's in place, its readings switched."""
    base = RULESETS[ruleset_id]
    changed = [rule for rule in house if rule.ruleset == ruleset_id and rule.rule not in PLAYED_OTHERWISE]
    if changed:
        files = dict(rules_files())
        own = files[f"{ruleset_id}/{NUMBERS}"]
        data = {key: dict(value) if isinstance(value, dict) else value for key, value in own.data.items()}
        for rule in changed:
            table, _, key = rule.rule.rpartition(".")
            typed = _typed(rule.value, numbers(ruleset_id)[rule.rule])
            holder = data.setdefault(table, {}) if table else data
            holder[key] = _where(base, table, key) | {"value": typed}
        files[f"{ruleset_id}/{NUMBERS}"] = TomlFile(own.path, own.raw, data)
        base = load(files, MECHANICS)[0][ruleset_id]
        base.house_numbers = frozenset(rule.rule for rule in changed)  # a fresh load: only this table's
    readings = frozenset(rule.rule for rule in house if rule.ruleset == ruleset_id and rule.rule in PLAYED_OTHERWISE)
    if not readings:
        return base
    played = Ruleset.__new__(Ruleset)
    played.__dict__.update(base.__dict__)
    played.otherwise = readings
    return played


def _where(rules: Ruleset, table: str, key: str) -> dict[str, Any]:
    """Where the text's value is written, so the table's value is cited where the rule stands (an inherited
    value included, which the ruleset's own file does not hold)."""
    part: Any = rules.part(table or key)  # a table, a value or costs: the key says which
    text = part if not table else part[key] if isinstance(part, dict) else getattr(part, key)
    return {"section": text.section or ""} | ({"assumption": text.assumption} if text.assumption else {})


def read_house_rules(raw: object) -> tuple[HouseRule, ...]:
    """A table's house rules (a list of {ruleset, rule, value}), every one checked; ValueError names the
    first that is wrong and why, so nothing of a bad list is kept."""
    if not isinstance(raw, list):
        raise ValueError("house rules must be a list")
    found: list[HouseRule] = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict) or set(entry) != {"ruleset", "rule", "value"}:
            raise ValueError(f"house rule {number}: give its ruleset, rule and value")
        try:
            rule = read_rule(entry["ruleset"], entry["rule"], entry["value"])
        except ValueError as error:
            # Named as the player knows it ("house rule 2, gap, max gap: ..."), not by its place alone.
            named = (
                f", {rule_words(entry['rule'])}" if isinstance(entry["rule"], str) and len(entry["rule"]) <= 40 else ""
            )
            raise ValueError(f"house rule {number}{named}: {error}") from None
        if any(other.ruleset == rule.ruleset and other.rule == rule.rule for other in found):
            raise ValueError(f"house rule {number}: {rule.rule} is given twice")
        found.append(rule)
        if sum(other.ruleset == rule.ruleset for other in found) > MOST_PER_RULESET:
            raise ValueError(f"at most {MOST_PER_RULESET} house rules a ruleset")
    ruleset_ids = {rule.ruleset for rule in found}
    for ruleset_id in ruleset_ids:  # rules that each read well may still not load together
        try:
            ruled(ruleset_id, tuple(rule for rule in found if rule.ruleset == ruleset_id))
        except RulesFileError as error:
            raise ValueError(f"house rules of {ruleset_id}: {error.reason}") from None
    return tuple(found)
