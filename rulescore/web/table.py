"""A player's table on the page: a table file checked before the phone keeps it, and a model's card (what it
rolls at a glance), worked out by the same calculators as every answer."""

from __future__ import annotations

import json
import time

from rulescore.answers.result import Refusal, Result
from rulescore.doors import DOORS
from rulescore.entry import answer, fields_of
from rulescore.framework.mechanic import Card
from rulescore.rulebooks import CALCULATORS, RULESETS
from rulescore.table.file import PlayersTable, TableError, read_table
from rulescore.table.house_rules import HouseRule
from rulescore.table.models import CHARACTERISTICS, Model, fill
from rulescore.table.roster import read_roster
from rulescore.web.protocol import answered, sent
from rulescore.web.terms import escape

# What a card shows: the calculators that declare rows for it (Calculator.card), in their places.
CARD: tuple[tuple[str, Card], ...] = tuple(
    sorted(((name, calc.card) for name, calc in CALCULATORS.items() if calc.card), key=lambda found: found[1].place)
)


# The longest a table's house rules may take to answer every calculator once before they are kept (in the
# page, the worker's own watchdog stops sooner than any player waits: the reply is then "took too long").
TRIAL_SECONDS = 10.0


def tried(table: PlayersTable) -> None:
    """Every calculator of each ruleset the table's house rules change, answered once under them with its
    own defaults: a house rule is kept only once answers under it have been worked out, in bounded time.
    TableError names the first that cannot answer."""
    started = time.monotonic()
    for ruleset in sorted({rule.ruleset for rule in table.house_rules}):
        house = tuple(rule for rule in table.house_rules if rule.ruleset == ruleset)
        for name in [name for name, door in DOORS.items() if door.supports(RULESETS[ruleset])]:
            result = answer(name, ruleset, {}, house=house)
            broken = not result.ok and "calculator" in result.errors  # an error of ours, not a value refused
            if broken or time.monotonic() - started > TRIAL_SECONDS:
                why = "cannot answer" if broken else f"took over {TRIAL_SECONDS:.0f} s to answer"
                raise TableError(f"under these house rules of {RULESETS[ruleset].title}, {name} {why}: not kept")


@answered
def respond_table(text: str) -> str:
    """A table file (the phone's own, an import, a link's) checked whole, and its house rules tried: the
    table as the site keeps it, with each house rule said in words; or what is wrong, and nothing kept."""
    try:
        table = read_table(text)
        tried(table)
    except TableError as error:
        return sent({"ok": False, "errors": {"table": str(error)}})
    words = {f"{rule.ruleset} {rule.rule}": rule.words for rule in table.house_rules}
    return sent({"ok": True, "errors": {}, "table": table.to_json(), "words": words})


@answered
def respond_roster(text: str, ruleset: str, side: str, lines: str) -> str:
    """A roster's lines (rulescore.table.roster) added to the phone's table (its text) and the whole checked as
    any table is: the table as it would be kept, or what is wrong line by line. Nothing is kept here: the page
    shows the models first, and keeps them as any change once the player says so."""
    try:
        table = read_table(text)
    except TableError as error:
        return sent({"ok": False, "errors": {"table": str(error)}})
    models, errors = read_roster(ruleset, side, lines, table.models)
    if not models and not errors:
        errors = {"roster": "No model in it: a line a model, its name and then its profile."}
    if errors:
        return sent({"ok": False, "errors": errors})
    return respond_table(json.dumps(table._replace(models=(*table.models, *models)).to_json()))


def _cell(
    calculator: str, model: Model, house: tuple[HouseRule, ...], name: str, value: str
) -> tuple[str, Result | Refusal]:
    values = fill(fields_of(calculator, model.ruleset), model) | {name: value}
    result = answer(calculator, model.ruleset, values, house=house)
    if not result.ok:
        return f'<td class="card-refused">{escape(" ".join(result.errors.values()))}</td>', result
    said = " · ".join(result.headlines[:2])
    return f"<td>{escape(said)}</td>", result


def _defaults(model: Model) -> dict[str, str]:
    """The model's own characteristics a card's rows ask and its profile does not give: label -> the value
    each calculator takes instead (#47, item 3: a card's odds came from values it did not name)."""
    found: dict[str, str] = {}
    for calculator, _ in CARD:
        for field in fields_of(calculator, model.ruleset):
            whose, _, key = field.characteristic.partition(".")
            if whose == "model" and key not in model.profile:
                found.setdefault(CHARACTERISTICS[key], str(field.default))
    return found


@answered
def card_html(text: str, ruleset: str, name: str) -> str:
    """A model's card from the phone's table (its text): each move it makes, at a glance, as its table
    plays (its house rules named under it); JSON with the HTML, or what is wrong."""
    try:
        table: PlayersTable = read_table(text)
        model = table.model(ruleset, name)
    except TableError as error:
        return sent({"ok": False, "errors": {"card": str(error)}})
    return sent({"ok": True, "errors": {}, "html": _card(table, model)})


@answered
def sheet_html(text: str) -> str:
    """The whole table on one sheet to print (#63): every model's card, then the house rules it plays, each
    in its ruleset's words; JSON with the HTML, or what is wrong."""
    try:
        table: PlayersTable = read_table(text)
    except TableError as error:
        return sent({"ok": False, "errors": {"sheet": str(error)}})
    if not table.models and not table.house_rules:
        return sent({"ok": False, "errors": {"sheet": "Your table holds no model and no house rule yet."}})
    cards = "".join(_card(table, model) for model in table.models)
    rules = "".join(
        f"<li>{escape(RULESETS[rule.ruleset].title)}: {escape(rule.words)}</li>" for rule in table.house_rules
    )
    said = f'<h2 class="sheet-rules">House rules</h2><ul class="sheet-house">{rules}</ul>' if rules else ""
    html = f'<section class="sheet" aria-label="Your table to print"><div class="sheet-cards">{cards}</div>{said}</section>'
    return sent({"ok": True, "errors": {}, "html": html})


def _card(table: PlayersTable, model: Model) -> str:
    """One model's card: its profile, each move it makes and what it rolls, the house rules that change a row."""
    rules = RULESETS[model.ruleset]
    house = tuple(rule for rule in table.house_rules if rule.ruleset == model.ruleset)
    profile = " · ".join(f"{CHARACTERISTICS[key]} {value}" for key, value in model.profile.items())
    rows = []
    used: set[str] = set()
    for calculator, card in CARD:
        if not fields_of(calculator, model.ruleset):
            continue
        for value in card.values:
            what = card.row.format(value)
            cell, result = _cell(calculator, model, house, card.field, value)
            used.update(result.house)
            rows.append(f'<tr><th scope="row">{escape(what)}</th>{cell}</tr>')
    # Only the house rules a row's answer would be other without (#47, item 10), in the table's order.
    said_house = "".join(f'<p class="calc-house">{escape(rule.words)}</p>' for rule in house if rule.words in used)
    defaults = _defaults(model)
    said_defaults = (
        '<p class="card-defaults">Not in its profile, so taken as each calculator does: '
        + escape(", ".join(f"{label} {value}" for label, value in defaults.items()))
        + ".</p>"
        if defaults
        else ""
    )
    html = (
        f'<article class="card" data-model="{escape(model.name)}"><h2>{escape(model.name)}</h2>'
        f'<p class="card-profile">{escape(rules.title)} · {escape(profile or "no characteristics given")}</p>'
        f"{said_defaults}"
        f'<table class="card-rolls"><tbody>{"".join(rows)}</tbody></table>{said_house}</article>'
    )
    return html
