"""A result as the page shows it: the same HTML at build time (CPython) and live (Pyodide).

Links are written relative to the site root, which the page passes as `root` ("../../"). Every text an
answer shows goes through one `say` (a terms.Marker), in the order the page shows it, so a game term's
first use in the answer is explained on tap as on the rules pages; link, summary and fraction texts are
only escaped.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rulescore.answers.explain import fraction_text, inches, number_text, percent_text, sentence
from rulescore.answers.result import Cited, EndingKind, Reach, Result, Row
from rulescore.compare import Compared, compare_answers, compare_fields
from rulescore.entry import answer, describe
from rulescore.reading import json_text
from rulescore.rulebooks import ASSUMPTIONS, PLAYED_OTHERWISE, RULESETS
from rulescore.ruleset import Ruleset
from rulescore.table.house_rules import HouseRule, read_house_rules
from rulescore.web.address import assumption_href, section_href
from rulescore.web.protocol import HouseRuleJson, Reading, Reply, answered, sent
from rulescore.web.route_view import route_view
from rulescore.web.terms import Marker, escape, glossary
from rulescore.web.values import answer_said, values_said


def _outcomes(say: Marker, rows: tuple[Row, ...], caption: str | None = None, kind: str = "") -> str:
    """Each outcome as a bar as long as its chance (SVG, so no inline style is needed), the exact
    fractions one tap away; a certain outcome as a sentence (the headline's, or one line)."""
    if len(rows) == 1 and rows[0].chance == 1:  # the headline says it; a caption's table says it here
        return (
            f'<p class="calc-certain" data-outcome="{escape(rows[0].outcome)}">{say(f"{caption}: {rows[0].label.lower()}, certain.")}</p>'
            if caption
            else ""
        )
    named = f'<p class="calc-caption">{say(caption)}</p>' if caption else ""
    bars = "".join(
        f'<li data-outcome="{escape(r.outcome)}"><span class="calc-bar-label">{say(r.label)}</span>'
        f'<span class="calc-percent">{escape(percent_text(r.chance))}</span>'
        f'<svg class="calc-bar" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">'
        f'<rect width="{float(r.chance * 100):.2f}" height="1"/></svg></li>'
        for r in rows
    )
    exact = " · ".join(
        f'{say(r.label)} <span class="calc-fraction">{escape(fraction_text(r.chance))}</span>' for r in rows
    )
    return (
        f'<div class="calc-outcomes{kind}">{named}<ul class="calc-bars">{bars}</ul>'
        f'<details class="calc-exact"><summary>Exact odds</summary><p>{exact}</p></details></div>'
    )


def _reach(say: Marker, reach: Reach) -> str:
    """How far a charge or a flight goes, as a small chart of "at least X inches"."""
    rows = tuple(
        Row(f"at-least-{number_text(distance)}", f"At least {inches(distance)}", p) for distance, p in reach.rows
    )
    return _outcomes(say, rows, reach.title, kind=" calc-reach")


def _cite(step: Cited, rules: Ruleset, root: str) -> str:
    """A step's rule section as a link, or the assumption it rests on."""
    if step.section:
        href = section_href(rules, step.section, root)
        return f' <a class="calc-cite" href="{escape(href)}">§ {escape(step.section.replace("-", " "))}</a>'
    if step.assumption:
        return f' <a class="calc-cite" href="{escape(assumption_href(step.assumption, root))}">assumption</a>'
    return ""


def _sentence(items: Iterable[str]) -> str:
    return sentence("; ".join(items))


# What an item a route's legs share is called where a leg stands in for it, and where it is said once.
ONCE_WORDS = {"injuries": ("injuries below", "Injuries, for every fall above")}


def _route_plan(say: Marker, result: Result) -> str:
    """A route's procedure, one short line per leg; an item several legs share is said once, under them."""
    shared = {item: what for item, what in result.once if sum(item in items for _, items in result.parts) > 1}
    opening = f'<p class="calc-procedure">{say(_sentence(result.opening))}</p>' if result.opening else ""
    lines = []
    for name, items in result.parts:
        said = [item for item in items if item not in shared]
        said += sorted({ONCE_WORDS[shared[item]][0] for item in items if item in shared})
        lines.append(f"<li><strong>{say(name + ':')}</strong> {say(_sentence(said))}</li>")
    once = "".join(
        f'<p class="calc-route-once">{say(f"{ONCE_WORDS[what][1]}: {item}.")}</p>' for item, what in shared.items()
    )
    return opening + f'<ol class="calc-route-plan">{"".join(lines)}</ol>' + once


# The kinds of a route's ending (rulescore.route.walk.Ending), as the totals say them, in that order.
ENDINGS: dict[EndingKind, str] = {
    "out-of-action": "out of action on the way",
    "fell": "falls and stays in the fight",
    "stopped": "stopped on the way",
    "not-seen": "no charge, the target not seen",
}


def _route_ends(say: Marker, result: Result) -> str:
    """Where the route ends, leg by leg in total, then the totals a player weighs."""
    by_leg: dict[str, list[Row]] = {}
    for row in result.outcomes:
        if row.leg:  # a leg's way of ending, not the route's end nor a choice made before it
            by_leg.setdefault(row.leg, []).append(row)
    lines = []
    for leg, rows in by_leg.items():
        ways = list(dict.fromkeys(row.way for row in rows))
        chance = sum((row.chance for row in rows), Fraction(0))
        ended = f"{leg}: the route ends here {percent_text(chance)} ({', '.join(ways)})"
        lines.append(f"<li>{say(ended)}</li>")
    if not lines:
        return ""
    kinds = {kind: Fraction(0) for kind in ENDINGS}
    for row in result.outcomes:
        if row.ending:  # not the route's completion
            kinds[row.ending] += row.chance
    totals = " · ".join(f"{ENDINGS[kind]} {percent_text(chance)}" for kind, chance in kinds.items() if chance)
    return (
        f'<ul class="calc-route-ends">{"".join(lines)}</ul><p class="calc-route-totals">{say(f"In all: {totals}.")}</p>'
    )


def result_html(result: Result, root: str = "") -> str:
    """The headline, outcome tables, worked steps and assumptions of a result, in the order shown."""
    rules = RULESETS[result.ruleset]
    say = Marker(glossary(result.ruleset))
    first, *more = result.headlines
    # What to do at the table comes first (a route: leg by leg); the odds follow it.
    if result.parts:
        html = _route_plan(say, result)
    else:
        html = f'<p class="calc-procedure">{say(result.procedure)}</p>' if result.procedure else ""
    html += f'<p class="calc-headline"><strong>{say(first)}</strong>'
    html += "".join(f' <span class="calc-also">{say("· " + h)}</span>' for h in more) + "</p>"
    # A house rule that changes this answer is named with it, never applied unsaid.
    html += "".join(
        f'<p class="calc-house"><a href="{escape(root)}table/#house-rules">{escape(words)}</a></p>'
        for words in result.house
    )
    if result.parts:  # a route: drawn from the side, then where it ends
        html += route_view(result) + _route_ends(say, result)
    html += _outcomes(say, result.outcomes, result.caption)
    html += "".join(_outcomes(say, t.rows, t.title) for t in result.extra)
    if result.reach:
        html += _reach(say, result.reach)
    if result.after:  # what the model may still do this turn, beside the odds it follows from
        lines = "".join(f"<li>{say(line.text)}{_cite(line, rules, root)}</li>" for line in result.after)
        html += f'<div class="calc-after"><p>{say("Then, this turn:")}</p><ul>{lines}</ul></div>'
    steps = "".join(f"<li>{say(step.text)}{_cite(step, rules, root)}</li>" for step in result.steps)
    html += f'<details class="calc-steps"><summary>How this is worked out</summary><ol>{steps}</ol></details>'
    assumes = ", ".join(
        f'<a href="{escape(assumption_href(a.id, root))}">{escape(a.title)}</a>' for a in result.assumptions
    )
    if assumes:
        return html + f'<p class="calc-assumes">Assumes: {assumes}.</p>'
    return html + '<p class="calc-assumes">Assumes nothing beyond the text.</p>'


FORM_REFUSED = sent({"ok": False, "errors": {"form": "The form sent something that is not a set of fields."}})


def _form(values_json: str) -> dict[str, str | list[str]] | None:
    """The form's values as strings (a list field's as a list of strings); None for what is no JSON object."""
    try:
        values = json_text.loads(values_json)
    except ValueError:
        return None
    if not isinstance(values, dict):
        return None
    return {str(k): [str(item) for item in v] if isinstance(v, list) else str(v) for k, v in values.items()}


def _house(house_json: str) -> tuple[HouseRule, ...]:
    """The house rules the page plays (from the phone's storage or a link), read as any table is."""
    try:
        return read_house_rules(json_text.loads(house_json)) if house_json else ()
    except ValueError as error:
        raise ValueError(f"Your house rules could not be used ({error}): change them on Your table.") from None


@answered
def respond(calculator: str, ruleset: str, values_json: str, root: str = "", house_json: str = "") -> str:
    """What the page's script asks for: JSON with `ok`, `errors` by field and the result's HTML; with
    `house_json` (a table's house rules), the answer as that table plays, and the house rules it used."""
    values = _form(values_json)
    if values is None:
        return FORM_REFUSED
    try:
        house = _house(house_json)
    except ValueError as error:
        return sent({"ok": False, "errors": {"house_rules": str(error)}})
    result = answer(calculator, ruleset, values, house=house)
    used: list[HouseRuleJson] = [
        {"ruleset": rule.ruleset, "rule": rule.rule, "value": rule.value}
        for rule in house
        if rule.words in result.house
    ]
    if not result.ok:
        errors = _one_legs_field(result.errors)
        if result.house:  # refused as this table plays: said so, with the rules that make it so
            errors["house_rules"] = "As your table plays: " + " ".join(result.house)
        refused: Reply = {"ok": False, "errors": errors}
        if result.unfinished:
            refused["unfinished"] = True
        if used:
            refused["house_rules"] = used
        if result.readings:  # a refusal that rests on our reading links to it
            refused["readings"] = [_reading(field, reading, root) for field, reading in result.readings]
        if result.forbidden:  # the rules' answer, said where answers are: no field is at fault
            fields = describe(calculator, RULESETS[ruleset])["fields"]
            refused |= {"forbidden": True, "for": values_said(fields, values)}
            refused["html"] = verdict_html(ruleset, errors, refused.get("readings", []))
        return sent(refused)
    said = answer_said(describe(calculator, RULESETS[ruleset])["fields"], result.inputs)
    reply: Reply = {"ok": True, "errors": {}, "html": result_html(result, root), "inputs": result.inputs, "for": said}
    if used:
        reply["house_rules"] = used
    return sent(reply)


def verdict_html(ruleset: str, errors: dict[str, str], readings: list[Reading]) -> str:
    """What the rules forbid, said as the answer: a headline, each reason with its section and what the model
    may do instead (the rule modules word those), and the readings it rests on."""
    say = Marker(glossary(ruleset))
    reasons = "".join(f"<li>{say(message)}</li>" for message in errors.values())
    for reading in readings:
        reasons += f'<li><a href="{escape(reading["href"])}">{escape("Our reading: " + reading["title"])}</a>'
        if "switch" in reading:
            reasons += f' · <a href="{escape(reading["switch"])}">Your table plays it otherwise: switch it</a>'
        reasons += "</li>"
    return (
        f'<p class="calc-headline calc-verdict"><strong>{say("Not allowed by the rules")}</strong></p>'
        f'<ul class="calc-verdict-why">{reasons}</ul>'
    )


def _reading(field: str, reading: str, root: str) -> Reading:
    """Where a refusal's reading is explained; a reading a table may play otherwise: one tap to the switch."""
    found: Reading = {
        "field": "legs" if field.startswith("leg") else field,
        "title": ASSUMPTIONS[reading].title,
        "href": assumption_href(reading, root),
    }
    if reading in PLAYED_OTHERWISE:
        found["switch"] = f"{root}table/#house-rules"
    return found


def _one_legs_field(errors: dict[str, str]) -> dict[str, str]:
    """A route's leg messages ("leg-2", ...) under the form's one field for its legs."""
    legs = " ".join(message for name, message in errors.items() if name.startswith("leg"))
    return {name: m for name, m in errors.items() if not name.startswith("leg")} | ({"legs": legs} if legs else {})


def compare_html(compared: Compared, root: str = "") -> str:
    """A row per ruleset: its headline, or why its text refuses these inputs."""
    rows = []
    for ruleset_id, title, result in compared.rows:
        say = Marker(glossary(ruleset_id))  # each row's terms as its own text means them
        heading = say(title)
        cite = ""
        if result.ok:
            rules = RULESETS[ruleset_id]
            first = next((s for s in result.steps if s.section), None)
            said = say(" · ".join(result.headlines))
            if first:
                cite = _cite(first, rules, root)
            # What the model may still do after the outcome, where its text says so (#39).
            cite += "".join(
                f'<span class="calc-compare-then">{say("Then: " + line.text)}{_cite(line, rules, root)}</span>'
                for line in result.after
                if line.section
            )
        else:
            said = say("Not allowed: " + " ".join(result.errors.values()))
        rows.append(f'<tr data-ruleset="{escape(ruleset_id)}"><th scope="row">{heading}</th><td>{said}{cite}</td></tr>')
    return (
        f'<table class="calc-outcomes calc-compare"><thead><tr><th scope="col">Ruleset</th><th scope="col">Result</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


@answered
def respond_compare(calculator: str, values_json: str, root: str = "") -> str:
    """Like `respond`, for the same inputs in every ruleset that has this calculator."""
    values = _form(values_json)
    if values is None:
        return FORM_REFUSED
    compared = compare_answers(calculator, values)
    if not compared.ok:
        return sent({"ok": False, "errors": compared.errors})
    said = values_said(compare_fields(calculator), values)
    return sent({"ok": True, "errors": {}, "html": compare_html(compared, root), "inputs": values, "for": said})
