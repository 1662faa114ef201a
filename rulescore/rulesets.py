"""Each ruleset's movement numbers, read from `rules/<id>/numbers.toml` beside its text.

Every value carries the section of the text it comes from, or the assumption (an id on the
assumptions page) that stands in where the text is silent. A table's `section` holds for its
values unless one names its own: `max_height = { value = 7, section = "climbing" }`. A ruleset
that is another with changes says `inherit = "<id>"` and gives only what differs.

The loader knows no mechanic: it is handed them (rulescore.rulebooks), and their keys are the whole
vocabulary: a key, value or assumption they do not know stops the load with `file:line: reason`. A mechanic
a ruleset does not give is None (the calculators refuse it). The wheel carries a copy of rules/.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, cast

from rulescore.framework.mechanic import Costs, Mechanic, Numbers, Reader, Single
from rulescore.reading.anchors import slugify
from rulescore.reading.assumptions import GENERAL, Assumption, read_assumptions
from rulescore.reading.folder import ASSUMPTIONS_FILE, METADATA, NUMBERS, RulesFileError, TomlFile
from rulescore.reading.rule_value import Rule
from rulescore.ruleset import Citation, Ruleset

Known = Mapping[str, Assumption]  # the assumptions a value may stand on, by id

Loaded = tuple[dict[str, "Ruleset"], dict[str, Assumption]]  # every ruleset and every assumption, by id


def _rule(
    file: TomlFile, table: str | None, key: str, raw: Any, reader: Reader, default_section: str | None, known: Known
) -> tuple[Rule[Any], tuple[str | None, str]]:
    """One value with where it comes from, and where its section is written (table, key), for the citation."""
    where = f"[{table}] {key}" if table else key
    section, assumption, raw_given = default_section, None, raw
    if isinstance(raw, dict):
        extra = set(raw) - {"value", "section", "assumption", "says"}
        if "value" not in raw or extra:
            raise file.fail(
                table,
                key,
                f"{where}: a table here holds value, and section or assumption, and what the text says "
                f"({'unknown ' + ', '.join(sorted(extra)) if extra else 'no value'})",
            )
        says = raw.get("says")
        if says is not None and (not isinstance(says, str) or not says.strip()):
            raise file.fail(table, key, f"{where}: says must be the text's own words, in quotes")
        section, assumption, raw = raw.get("section", section), raw.get("assumption"), raw["value"]
    if section is not None and not isinstance(section, str):
        raise file.fail(table, key, f"{where}: section must be a section anchor in quotes")
    if assumption is not None and assumption not in known:
        raise file.fail(
            table,
            key,
            f"{where}: unknown assumption '{assumption}' (give it in this folder's "
            f"{ASSUMPTIONS_FILE}, or use one of: {', '.join(known)})",
        )
    if not section and assumption is None:  # `section = ""` (not in this text) needs an assumption
        raise file.fail(
            table,
            key,
            f"{where}: say where this comes from: a section of the text (the table's "
            "`section`, or its own) or an assumption",
        )
    try:
        value = reader(raw)
    except ValueError as error:
        raise file.fail(
            table, key, f"{where} {error}" if str(error).startswith("must") else f"{where}: {error}"
        ) from None
    own_section = isinstance(raw_given, dict) and "section" in raw_given
    # The line a wrong section is reported at: where that section is written.
    return (
        Rule(value, section or None, assumption, says if isinstance(raw_given, dict) else None),
        (table, key if own_section or table is None else "section"),
    )


class _Vocabulary(NamedTuple):
    """The keys of numbers.toml, as the mechanics read them."""

    single: dict[str, Single]
    tables: dict[str, Numbers]
    costs: dict[str, Costs]
    mechanics: tuple[Mechanic, ...]

    @classmethod
    def of(cls, mechanics: Iterable[Mechanic]) -> _Vocabulary:
        mechanics = tuple(mechanics)
        parts = [(key, part) for mechanic in mechanics for key, part in mechanic.parts.items()]
        return cls(
            {k: p for k, p in parts if isinstance(p, Single)},
            {k: p for k, p in parts if isinstance(p, Numbers)},
            {k: p for k, p in parts if isinstance(p, Costs)},
            mechanics,
        )

    def names(self) -> str:
        return ", ".join(["inherit", *self.single, *self.tables, *self.costs])


def _read_numbers(file: TomlFile, known: Known, words: _Vocabulary) -> tuple[str | None, dict[str, Any]]:
    """What one numbers.toml says: its `inherit`, and table -> key -> (Rule, file, where its section is)."""
    found: dict[str, dict[str, tuple[Rule[Any], TomlFile, tuple[Any, ...]]]] = {}
    inherit = file.data.get("inherit")
    if inherit is not None and not isinstance(inherit, str):
        raise file.fail(None, "inherit", "inherit must be a ruleset id in quotes")
    for name, body in file.data.items():
        if name == "inherit":
            continue
        if name in words.single:
            rule, line = _rule(file, None, name, body, words.single[name].reader, None, known)
            found[name] = {"": (rule, file, line)}
            continue
        if name not in words.tables and name not in words.costs:
            names = words.names()
            raise (
                file.fail(None, name, f"unknown key '{name}' (known: {names})")
                if not isinstance(body, dict)
                else RulesFileError(file.path, file.line(name), f"unknown table [{name}] (known: {names})")
            )
        if not isinstance(body, dict):
            raise file.fail(None, name, f"'{name}' must be a table: [{name}]")
        section = body.get("section")
        readers = words.tables[name].readers if name in words.tables else None
        found[name] = {}
        for key, raw in body.items():
            if key == "section":
                continue
            if readers is not None and key not in readers:
                raise file.fail(name, key, f"[{name}] has no key '{key}' (known: section, {', '.join(readers)})")
            rule, line = _rule(
                file, name, key, raw, readers[key] if readers else words.costs[name].reader, section, known
            )
            found[name][key] = (rule, file, line)
        if name in words.tables and section is not None:
            found[name][""] = (Rule(section, section), file, (name, "section"))  # the table's own section
    return inherit, found


def _resolve(
    files: Mapping[str, TomlFile],
    ruleset_id: str,
    ids: set[str],
    known: Known,
    words: _Vocabulary,
    seen: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A ruleset's numbers with what it inherits filled in (its own values win, key by key)."""
    file = files.get(f"{ruleset_id}/{NUMBERS}")
    if file is None:
        return {}
    inherit, own = _read_numbers(file, known, words)
    if inherit is None:
        return own
    if inherit not in ids or inherit in seen + (ruleset_id,):
        why = "inherits from itself" if inherit in seen + (ruleset_id,) else "is not a ruleset folder in rules/"
        raise file.fail(None, "inherit", f"inherit '{inherit}' {why}")
    merged = {
        table: dict(values)
        for table, values in _resolve(files, inherit, ids, known, words, seen + (ruleset_id,)).items()
    }
    for table, values in own.items():
        merged.setdefault(table, {}).update(values)
    return merged


def _build(file: TomlFile | None, meta: dict[str, Any], numbers: dict[str, Any], words: _Vocabulary) -> Ruleset:
    """One ruleset from its metadata and resolved numbers; `file` (its numbers.toml) is named in errors."""
    parts: dict[str, Any] = {}
    citations = []
    for table, values in numbers.items():
        for key, (rule, source, line) in values.items():
            if rule.section:
                named = f"{table}.{key}" if key else table  # as a house rule names it: "jump_down.max_height"
                citations.append(Citation(rule.section, source, line[0], line[1], rule=named, says=rule.says))
        rules = {key: rule for key, (rule, _, _) in values.items()}
        if table in words.single:
            parts[table] = rules[""]
        elif table in words.costs:
            parts[table] = rules
        else:
            parts[table] = _table(cast(TomlFile, file), table, words.tables[table], rules)  # numbers: a file
    keys = frozenset(key for mechanic in words.mechanics for key in mechanic.parts)
    ruleset = Ruleset(
        id=meta["id"],
        title=meta["title"],
        game=meta["game"],
        chapter=slugify(meta["chapter"]),
        order=meta.get("order", 100),
        parts=parts,
        keys=keys,
        citations=tuple(citations),
    )
    tested = [key for key in (mechanic.tested(ruleset) for mechanic in words.mechanics) if key]
    if tested and "test" not in parts and file is not None:  # tested keys come from its numbers.toml
        raise RulesFileError(
            file.path,
            file.line(tested[0]) or file.line(None, tested[0]),
            f"{tested[0]} takes Initiative tests: give the ruleset's test, e.g. "
            'test = { value = "D6 under, a 6 fails", section = "..." }',
        )
    for mechanic in words.mechanics:  # each kind of rule says what its answers can take
        bound = mechanic.bounded(ruleset)
        if bound and file is not None:
            table, key, why = bound
            raise file.fail(table, key, f"[{table}] {key}: {why}")
    return ruleset


def _table(file: TomlFile, table: str, shape: Numbers, rules: dict[str, Rule[Any]]) -> Any:
    """One `[table]`'s values, read into the mechanic's type (or the type its kind key picks)."""
    section = rules.pop("", Rule(None, None)).value
    if not section:
        raise file.fail(table, None, f"[{table}] needs a section: where the calculator sits")
    kind: Any = shape.kind  # a NamedTuple type: the mechanic's, or the one its kind key picks
    if shape.kinds:
        chosen = [name for name in shape.kinds if name in rules]
        if len(chosen) != 1:
            kinds = " or ".join(shape.kinds)
            raise file.fail(table, None, f"[{table}] needs exactly one of {kinds} (which kind of {table} this is)")
        kind = shape.kinds[chosen[0]]
    unknown = set(rules) - set(kind._fields)
    missing = [f for f in kind._fields if f != "section" and f not in rules and f not in kind._field_defaults]
    if unknown or missing:
        what = f"needs {', '.join(missing)}" if missing else f"does not take {', '.join(sorted(unknown))} here"
        raise file.fail(table, None, f"[{table}] {what}")
    for key, needed in shape.together:
        if key in rules and needed not in rules:
            raise file.fail(table, key, f"[{table}] {key} needs {needed} too (the answers say it with both)")
    return kind(section=section, **rules)


def _order(file: TomlFile) -> int:
    order = file.data.get("order", 100)
    if isinstance(order, bool) or not isinstance(order, int):
        raise file.fail(None, "order", "order must be a whole number (where it stands in the lists)")
    return order


def load(files: Mapping[str, TomlFile], mechanics: Iterable[Mechanic]) -> Loaded:
    """Every ruleset in `files` (see read_folder), read with these mechanics, in the order players see
    them; and every assumption: the code's own, then each ruleset's."""
    words = _Vocabulary.of(mechanics)
    ids = sorted(name.split("/")[0] for name in files if name.endswith(f"/{METADATA}"))
    metas = {ruleset_id: files[f"{ruleset_id}/{METADATA}"].data for ruleset_id in ids}
    known = dict(GENERAL)
    for ruleset_id in sorted(ids, key=lambda i: (_order(files[f"{i}/{METADATA}"]), i)):
        if f"{ruleset_id}/{ASSUMPTIONS_FILE}" in files:
            read_assumptions(files[f"{ruleset_id}/{ASSUMPTIONS_FILE}"], known)
    found = []
    for ruleset_id in ids:
        meta = metas[ruleset_id]
        missing = [key for key in ("id", "title", "game", "chapter") if not isinstance(meta.get(key), str)]
        if missing:  # at the top of the file, where the top-level fields go
            raise RulesFileError(files[f"{ruleset_id}/{METADATA}"].path, 1, f"missing required field '{missing[0]}'")
        numbers = _resolve(files, ruleset_id, set(ids), known, words)
        found.append(_build(files.get(f"{ruleset_id}/{NUMBERS}"), meta, numbers, words))
    return {r.id: r for r in sorted(found, key=lambda r: (r.order, r.id))}, known
