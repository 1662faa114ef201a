"""The calculators' HTML, prerendered at build time with rulescore's default result."""

from __future__ import annotations

from typing import Any

from rulescore import RULESETS
from rulescore.compare import compare_answers, compare_fields
from rulescore.entry import answer, describe
from rulescore.rulebooks import CALCULATORS
from rulescore.web.address import section_href
from rulescore.web.answer import compare_html, result_html
from rulescore.web.values import answer_said, values_said
from sitegen.pages import markup


def placements(ruleset_id: str) -> dict[str, list[str]]:
    """Section anchor -> the calculators that sit in it, for one ruleset."""
    rules = RULESETS.get(ruleset_id)
    found: dict[str, list[str]] = {}
    if rules is None:
        return found
    for name, calc in CALCULATORS.items():
        if calc.supports(rules):
            found.setdefault(calc.section(rules), []).append(name)
    return found


def render_calculator(name: str, ruleset_id: str, root: str, element_id: str, links: str | None = None) -> str:
    """One calculator (or the route planner) as a single raw-HTML block (no blank lines, so Markdown leaves
    it whole), with its default answer worked out now.

    `root` leads from the page's URL to the site root (the browser's live results use it); `links`
    is what the engine wants in the block's own links, if it reads them otherwise (Zensical)."""
    links = root if links is None else links
    rules = RULESETS[ruleset_id]
    form = describe(name, rules)
    result = answer(name, ruleset_id, {})
    if not result.ok:
        raise ValueError(f"default inputs of {name} for {ruleset_id} are refused: {result.errors}")
    section = form["section"]
    html = markup.render_form(
        "form.html",
        id=element_id,
        name=name,
        ruleset=ruleset_id,
        ruleset_title=rules.title,
        title=form["title"],
        root=root,
        compare=False,
        # The rule it works out, one tap away outside the steps (on a rules page, the section just above).
        rule_href=section_href(rules, section, links) if section else None,
        rule_title=section.replace("-", " ") if section else None,
        fields=form["fields"],
        folds=folds(form["fields"]),
        target=form.get("target", "Target"),
        inputs=result.inputs,
        values_said=answer_said(form["fields"], result.inputs),
        result_html=markup.safe(result_html(result, links)),
    )
    return "\n".join(line for line in html.splitlines() if line.strip())


def folds(fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A form built leg by leg (the route planner) opens on its legs: the model's characteristics and what
    is settled before the first inch each fold into one line that says them (#62, item 3)."""
    if not any(field["kind"] == "list" for field in fields):
        return []
    rest = [field for field in fields if field["kind"] != "list"]
    model = [field for field in rest if field.get("characteristic", "").startswith("model.")]
    before = [field for field in rest if field not in model]
    return [
        {"name": name, "title": title, "fields": group}
        for name, title, group in (("model", "The model", model), ("before", "Before the first inch", before))
        if group
    ]


def render_compare(name: str, root: str, element_id: str, links: str | None = None) -> str:
    """The same inputs for every ruleset that has this calculator, a result row each."""
    links = root if links is None else links
    fields = compare_fields(name)
    compared = compare_answers(name, {})
    html = markup.render_form(
        "form.html",
        id=element_id,
        name=name,
        ruleset="",
        ruleset_title=compared_rulesets(name),
        title=f"Compare: {CALCULATORS[name].title.lower()}",
        root=root,
        fields=fields,
        values_said=values_said(fields, {}),
        folds=[],
        compare=True,
        result_html=markup.safe(compare_html(compared, links)),
        rule_href=None,
    )
    return "\n".join(line for line in html.splitlines() if line.strip())


def said_together(titles: list[str], last: str) -> str:
    return ", ".join(titles[:-1]) + f" {last} " + titles[-1] if len(titles) > 1 else "".join(titles)


def compared_rulesets(name: str) -> str:
    """Which texts a comparison holds, and which it leaves out for having no such rule (#39): "every
    ruleset" over three rows would have the player look for the other two."""
    calc = CALCULATORS[name]
    having = [rules.title for rules in RULESETS.values() if calc.supports(rules)]
    lacking = [rules.title for rules in RULESETS.values() if not calc.supports(rules)]
    if not lacking:
        return "every ruleset held: " + said_together(having, "and")
    return said_together(having, "and") + f"; no such rule in the text held of {said_together(lacking, 'or')}"


def every_placed() -> list[tuple[str, str, str]]:
    """(ruleset, calculator, element id) for every calculator of every ruleset, as the calculators page holds them."""
    return [
        (ruleset_id, name, f"calc-{ruleset_id}-{name}")
        for ruleset_id, rules in RULESETS.items()
        for name, calc in CALCULATORS.items()
        if calc.supports(rules)
    ]


def render_all(root: str, links: str | None = None) -> str:
    """Every calculator, grouped in one tab per ruleset (Material content tabs work without JavaScript)."""
    tabs = []
    for ruleset_id, rules in RULESETS.items():
        placed = [(name, element_id) for at, name, element_id in every_placed() if at == ruleset_id]
        blocks = [
            markup.safe(render_calculator(name, ruleset_id, root, element_id, links)) for name, element_id in placed
        ]
        jumps = [(element_id, CALCULATORS[name].title) for name, element_id in placed]
        tabs.append({"id": ruleset_id, "title": rules.title, "blocks": blocks, "jumps": jumps})
    html = markup.render_form("tabs.html", tabs=tabs)
    return "\n".join(line for line in html.splitlines() if line.strip())
