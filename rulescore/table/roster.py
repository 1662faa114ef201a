"""A warband typed as a player reads it off a roster sheet (#63): one line a model, its name and then its
profile in the order Your table's form shows it for the ruleset ("Youngblood 4 3 3 1": Movement 4,
Initiative 3, Toughness 3, Wounds 1). A name that ends in a number takes a colon ("Thug 2: 4 3 3 1"); "-"
leaves a characteristic out. Every model is then read as any model is (`read_model`): nothing a line holds is
kept unchecked, and each line that cannot be read is said by its number, the others still shown.
"""

from __future__ import annotations

import re

from rulescore.answers.fields import FieldError
from rulescore.rulebooks import RULESETS
from rulescore.table.file import MOST_MODELS
from rulescore.table.models import Model, profile, read_model, same_name

LINE_LONGEST = 200  # characters: a name of 40 and a profile of a few numbers, with room to spare
LONGEST = (MOST_MODELS + 20) * LINE_LONGEST  # a roster of the most a table holds, blank lines and notes too
# A characteristic as a profile prints it (4, +1, 7+), "-" for one left out, or yes / no (an animal).
VALUE = re.compile(r"[+-]?[0-9]{1,3}\+?|-|yes|no", re.ASCII | re.IGNORECASE)


def _split(line: str) -> tuple[str, list[str]]:
    """The name and the values of one line: before a colon, or the words before the first value."""
    if ":" in line:
        name, _, rest = line.partition(":")
        return name.strip(), rest.split()
    words = line.split()
    first = next((at for at, word in enumerate(words) if VALUE.fullmatch(word)), len(words))
    return " ".join(words[:first]), words[first:]


def read_roster(
    ruleset_id: str, side: str, text: object, kept: tuple[Model, ...] = ()
) -> tuple[list[Model], dict[str, str]]:
    """The models of a roster for one ruleset and side, each line read; and what is wrong with each line
    that cannot be, by "line-N". `kept`: the table's models already, whose names a new one may not take."""
    if ruleset_id not in RULESETS:
        return [], {"roster": f"No ruleset '{str(ruleset_id)[:30]}'."}
    rules = RULESETS[ruleset_id]
    if not isinstance(text, str) or len(text) > LONGEST:
        return [], {"roster": f"A roster is text of at most {LONGEST} characters: a line a model."}
    fields = profile(rules)
    order = ", ".join(field.label for field in fields)
    found: list[Model] = []
    errors: dict[str, str] = {}
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    for number, line in [(n, line) for n, line in lines if line and not line.startswith("#")]:
        where = f"line-{number}"
        if len(line) > LINE_LONGEST:
            errors[where] = f"Line {number}: longer than {LINE_LONGEST} characters; a line holds one model."
            continue
        name, values = _split(line)
        wrong = next((value for value in values if not VALUE.fullmatch(value)), None)
        if not name or wrong is not None or len(values) > len(fields):
            why = (
                "give its name first"
                if not name
                else f"'{wrong[:20]}' is not a value of a profile"
                if wrong is not None
                else f"{len(values)} values, and a {rules.title} profile here has {len(fields)} ({order})"
            )
            errors[where] = (
                f"Line {number}: {why}. A line is a name, then {order} (a name ending in a number: Thug 2: 4 3 3 1)."
            )
            continue
        given = {field.name: value for field, value in zip(fields, values, strict=False) if value != "-"}
        try:
            model = read_model({"name": name, "ruleset": ruleset_id, "side": side, "profile": given})
        except FieldError as error:
            # Which value of the line, where the message does not say it ("Choose one of: no, yes" for an animal).
            field = next((f for f in fields if f.name == error.field and f.label not in error.message), None)
            said = f"{field.label} '{given[field.name][:20]}': " if field and field.name in given else ""
            errors[where] = f"Line {number} ({name[:40]}): {said}{error.message}"
            continue
        if any(other.ruleset == ruleset_id and same_name(other.name, model.name) for other in (*kept, *found)):
            errors[where] = f"Line {number}: a {rules.title} model is already called '{model.name}' (Thug 2: …)."
            continue
        found.append(model)
    if len(found) + len(kept) > MOST_MODELS:
        errors["roster"] = f"{len(found)} models and {len(kept)} kept: a table holds at most {MOST_MODELS}."
    return found, errors
