"""A table's house rules: a number of a ruleset's numbers.toml played otherwise (jump down from 8", not 6"),
or one of our readings switched (a climb allowed during a charge).

A number is read by the same reader as numbers.toml: the ruleset is loaded again with the table's value in
place of the text's, so a value the rules cannot take is refused with the reader's own reason. A reading is
one the code declares a table may play otherwise (route_walk.PLAYED_OTHERWISE). Nothing here is applied
unless an answer is asked with it (entry.answer(..., house=...)), and every answer it changes names it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, NamedTuple

from rulescore.mechanics import MECHANICS, RULESETS
from rulescore.route_walk import PLAYED_OTHERWISE
from rulescore.rules_folder import NUMBERS, RulesFileError, TomlFile, rules_files
from rulescore.rulesets import Ruleset, load

# A reading switched is written with this value; a number, as the player would write it in numbers.toml.
OTHERWISE = "otherwise"
# Bounds on what a table may hold: enough for any group, too little to slow an answer.
MOST_PER_RULESET = 20
VALUE_LONGEST = 60
NUMBER = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,3})?", re.ASCII)  # its size is the rule's reader's to bound


class HouseRule(NamedTuple):
    """One rule a table plays otherwise, read and checked; `words` say it in an answer it changes."""

    ruleset: str
    rule: str  # "jump_down.max_height", "test" (a number), or a reading's assumption id
    value: str  # as the player wrote it ("8", "yes"); a reading: "otherwise"
    words: str  # "House rule: jump down, max height 8 (the rules: 6)"

    def to_json(self) -> dict:
        return {"ruleset": self.ruleset, "rule": self.rule, "value": self.value}


def _plain(raw: Any) -> Any:
    """A numbers.toml value without where it comes from."""
    return raw["value"] if isinstance(raw, dict) and "value" in raw else raw


def _said(raw: Any) -> str:
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    return str(raw)


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
    return found


def rule_words(rule: str) -> str:
    """A number's name as a player says it: "jump_down.max_height" -> "jump down, max height"."""
    return ", ".join(part.replace("_", " ").replace("-", " ") for part in rule.split("."))


def offered(ruleset_id: str) -> list[dict]:
    """What a table may switch for a ruleset, as its page lists them: each reading, then each number."""
    rules = RULESETS[ruleset_id]
    readings = [
        {"rule": reading, "kind": "reading", "label": words, "value": OTHERWISE}
        for reading, words in PLAYED_OTHERWISE.items()
        if _reading_applies(rules, reading)
    ]
    return readings + [
        {"rule": rule, "kind": "number", "label": rule_words(rule), "value": _said(value)}
        for rule, value in numbers(ruleset_id).items()
    ]


def _reading_applies(rules: Ruleset, reading: str) -> bool:
    # Both readings of ours that a table may switch are Mordheim's climbing in a route.
    return bool(
        rules.climb and rules.climb.touching if reading == "climb-opens-route" else rules.climb and rules.climb.no_run
    )


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
    if rule in PLAYED_OTHERWISE and _reading_applies(rules, rule):
        if value != OTHERWISE:
            raise ValueError(f"'{rule}' is switched with the value '{OTHERWISE}'")
        return HouseRule(ruleset_id, rule, value, f"House rule: {PLAYED_OTHERWISE[rule]}.")
    text_value = numbers(ruleset_id).get(rule)
    if text_value is None:
        raise ValueError(f"{rules.title}'s rules have no '{rule[:40]}' a table can change")
    typed = _typed(value, text_value)
    if typed == text_value:
        raise ValueError(f"{rule_words(rule)} is {_said(text_value)} in the rules already")
    house = HouseRule(
        ruleset_id, rule, value, f"House rule: {rule_words(rule)} {_said(typed)} (the rules: {_said(text_value)})."
    )
    try:
        ruled(ruleset_id, (house,))  # the numbers.toml reader's own check of the value
    except RulesFileError as error:
        raise ValueError(error.reason) from None
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
    readings = frozenset(rule.rule for rule in house if rule.ruleset == ruleset_id and rule.rule in PLAYED_OTHERWISE)
    if not readings:
        return base
    played = Ruleset.__new__(Ruleset)
    played.__dict__.update(base.__dict__)
    played.otherwise = readings
    return played


def _where(rules: Ruleset, table: str, key: str) -> dict:
    """Where the text's value is written, so the table's value is cited where the rule stands (an inherited
    value included, which the ruleset's own file does not hold)."""
    part = getattr(rules, table or key)
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
