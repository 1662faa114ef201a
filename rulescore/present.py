"""A result as the page shows it: the same HTML at build time (CPython) and live (Pyodide).

Links are written relative to the site root, which the page passes as `root` ("../../").
"""

from __future__ import annotations

import json

from rulescore.entry import calculate

# html.escape's table, without importing html (whose html.entities costs 30-40 ms of a browser start).
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """Text made safe inside HTML and attribute values, as html.escape does."""
    return str(text).translate(_HTML)


def _table(rows: list[dict], caption: str | None = None) -> str:
    head = f"<caption>{escape(caption)}</caption>" if caption else ""
    body = "".join(
        f'<tr data-outcome="{escape(r["outcome"])}"><th scope="row">{escape(r["label"])}</th>'
        f'<td class="calc-percent">{escape(r["percent"])}</td><td class="calc-exact">{escape(r["probability"])}</td></tr>'
        for r in rows
    )
    return (f'<table class="calc-outcomes">{head}<thead><tr><th scope="col">Outcome</th><th scope="col">Chance</th>'
            f'<th scope="col">Exact</th></tr></thead><tbody>{body}</tbody></table>')


def result_html(result: dict, root: str = "") -> str:
    """The headline, outcome tables, worked steps and assumptions of an `ok` result."""
    first, *more = result["headlines"]
    headline = f'<p class="calc-headline"><strong>{escape(first)}</strong>'
    headline += "".join(f' <span class="calc-also">· {escape(h)}</span>' for h in more) + "</p>"
    tables = _table(result["outcomes"], result.get("caption")) + "".join(_table(t["outcomes"], t["title"]) for t in result["extra"])
    steps = []
    for step in result["steps"]:
        cite = ""
        if step["href"]:
            cite = f' <a class="calc-cite" href="{escape(root + step["href"])}">§ {escape(step["section"].replace("-", " "))}</a>'
        elif step["assumption"]:
            cite = f' <a class="calc-cite" href="{escape(root)}assumptions/#{escape(step["assumption"])}">assumption</a>'
        steps.append(f"<li>{escape(step['text'])}{cite}</li>")
    assumes = ", ".join(
        f'<a href="{escape(root)}assumptions/#{escape(a["id"])}">{escape(a["title"])}</a>' for a in result["assumptions"]
    )
    return (
        headline + tables
        + f'<details class="calc-steps"><summary>How this is worked out</summary><ol>{"".join(steps)}</ol></details>'
        + (f'<p class="calc-assumes">Assumes: {assumes}.</p>' if assumes else '<p class="calc-assumes">Assumes nothing beyond the text.</p>')
    )


FORM_REFUSED = json.dumps({"ok": False, "errors": {"form": "The form sent something that is not a set of fields."}})


def _form(values_json: str) -> dict[str, str] | None:
    """The form's values as strings, or None if what came is not a JSON object."""
    try:
        values = json.loads(values_json)
    except ValueError:
        return None
    return {str(k): str(v) for k, v in values.items()} if isinstance(values, dict) else None


def respond(calculator: str, ruleset: str, values_json: str, root: str = "") -> str:
    """What the page's script asks for: JSON with `ok`, `errors` by field and the result's HTML."""
    values = _form(values_json)
    if values is None:
        return FORM_REFUSED
    result = calculate(calculator, ruleset, values)
    if not result["ok"]:
        return json.dumps({"ok": False, "errors": result["errors"]})
    return json.dumps({"ok": True, "errors": {}, "html": result_html(result, root), "inputs": result["inputs"]})


def compare_html(compared: dict, root: str = "") -> str:
    """A row per ruleset: its headline, or why its text refuses these inputs."""
    rows = []
    for row in compared["rows"]:
        result = row["result"]
        cite = ""
        if result["ok"]:
            first = next((s for s in result["steps"] if s["href"]), None)
            answer = escape(" · ".join(result["headlines"]))
            if first:
                cite = f' <a class="calc-cite" href="{escape(root + first["href"])}">§ {escape(first["section"].replace("-", " "))}</a>'
        else:
            answer = "Not allowed: " + escape(" ".join(result["errors"].values()))
        rows.append(f'<tr data-ruleset="{escape(row["ruleset"])}"><th scope="row">{escape(row["title"])}</th>'
                    f"<td>{answer}{cite}</td></tr>")
    return (f'<table class="calc-outcomes calc-compare"><thead><tr><th scope="col">Ruleset</th><th scope="col">Result</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def respond_compare(calculator: str, values_json: str, root: str = "") -> str:
    """Like `respond`, for the same inputs in every ruleset that has this calculator."""
    from rulescore.compare import compare

    values = _form(values_json)
    if values is None:
        return FORM_REFUSED
    compared = compare(calculator, values)
    if not compared["ok"]:
        return json.dumps({"ok": False, "errors": compared["errors"]})
    return json.dumps({"ok": True, "errors": {}, "html": compare_html(compared, root), "inputs": values})
