"""A player's table as one file: their models and their house rules, as the site exports them, a link
carries them and the command line reads them (--model, --house-rules). Read whole or refused whole.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rulescore.answers.explain import sentence
from rulescore.answers.fields import FieldError
from rulescore.reading import json_text
from rulescore.rulebooks import RULESETS
from rulescore.table.house_rules import HouseRule, read_house_rules
from rulescore.table.models import Model, read_model, same_name

FORMAT = "skirmish-rules-table"
VERSION = 1
MOST_MODELS = 60
LONGEST = 100_000  # characters: a table of sixty models and its house rules is under a tenth of this


class TableError(ValueError):
    """A table file the site will not keep: what is wrong, where, in the player's words."""


class PlayersTable(NamedTuple):
    models: tuple[Model, ...] = ()
    house_rules: tuple[HouseRule, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "models": [model.to_json() for model in self.models],
            "house_rules": [rule.to_json() for rule in self.house_rules],
        }

    def model(self, ruleset: str, name: str | None, side: str = "mine") -> Model:
        """The model of that name (or the one model of that side) for a ruleset; TableError if not one."""
        mine = [
            m for m in self.models if m.ruleset == ruleset and (same_name(m.name, name) if name else m.side == side)
        ]
        if len(mine) != 1:
            names = ", ".join(m.name for m in self.models if m.ruleset == ruleset) or "none"
            which = f"no model '{name}'" if name else f"{len(mine)} models ({side})"
            raise TableError(f"{which} for {ruleset} in this table: give one by name (models: {names}).")
        return mine[0]


def read_table(text: object) -> PlayersTable:
    """A table file's text (JSON), checked whole: TableError names the first thing wrong."""
    if not isinstance(text, str) or len(text) > LONGEST:
        raise TableError(f"Not a table file: a table is JSON text of at most {LONGEST} characters.")
    try:
        data = json_text.loads(text)
    except json_text.TooDeep:
        raise TableError("Not a table file: its brackets nest deeper than any table's.") from None
    except ValueError:
        raise TableError("Not a table file: it is not JSON.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TableError(f'Not a table file: it does not say format "{FORMAT}".')
    if data.get("version") != VERSION:
        raise TableError(f"A table file of version {str(data.get('version'))[:10]}: this site reads version {VERSION}.")
    extra = set(data) - {"format", "version", "models", "house_rules"}
    if extra:
        raise TableError(f"A table file holds models and house_rules, not '{sorted(extra)[0][:20]}'.")
    models_given = data.get("models", [])
    if not isinstance(models_given, list) or len(models_given) > MOST_MODELS:
        raise TableError(f"models must be a list of at most {MOST_MODELS}.")
    models: list[Model] = []
    for number, raw in enumerate(models_given, start=1):
        try:
            model = read_model(raw)
        except FieldError as error:
            raise TableError(f"Model {number}: {error.message}") from None
        if any(other.ruleset == model.ruleset and same_name(other.name, model.name) for other in models):
            title = RULESETS[model.ruleset].title
            raise TableError(f"Model {number}: a {title} model is already called '{model.name}'.")
        models.append(model)
    try:
        house = read_house_rules(data.get("house_rules", []))
    except ValueError as error:
        raise TableError(sentence(str(error))) from None
    return PlayersTable(tuple(models), house)
