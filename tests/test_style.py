"""The house style, checked: ruff's lint rules and formatter as pyproject.toml sets them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT, TYPE_CHECKS

CODE = ["rulescore", "sitegen", "tests", "benchmarks", "build.py"]


def ruff(*arguments: str) -> subprocess.CompletedProcess:
    present = [path for path in CODE if (ROOT / path).exists()]  # a copy of the project may leave some out
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments, *present], cwd=ROOT, capture_output=True, text=True
    )


def test_the_code_passes_the_linter():
    done = ruff("check", "--output-format", "concise")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_core_type_checks():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted():
    done = ruff("format", "--check")
    assert done.returncode == 0, done.stdout + done.stderr


def modules() -> dict[str, Path]:
    """Every module of ours by its dotted name: rulescore.mechanics.charging, sitegen.generate, tests.helpers, build."""
    found = {}
    for path in ROOT.glob("*.py"):
        found[path.stem] = path
    for package in ("rulescore", "sitegen", "tests", "benchmarks"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ours `name` imports, wherever the import is (a function, a TYPE_CHECKING block)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.add(f"{base}.{alias.name}")
                elif base in known:
                    found.add(base)
    return found - {name}


def test_no_module_imports_itself_round_a_circle():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    circles = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                circles.append(" -> ".join(path[path.index(other) :] + [name, other]))
            elif other not in state:
                walk(other, path + [name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name, [])
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_the_rules_core_knows_nothing_of_the_website():
    """rulescore.web (HTML, the site's classes and addresses, term marking) sits on the core, never under it:
    the core answers the command line and the tests without it."""
    known = modules()
    core = {name: path for name, path in known.items() if name.startswith("rulescore") and ".web" not in name}
    assert len(core) > 20 and "rulescore.web.answer" in known
    reaching = {
        name: sorted(i for i in imports(name, path, known) if i.startswith("rulescore.web"))
        for name, path in core.items()
    }
    assert {name: web for name, web in reaching.items() if web} == {}


# rulescore's floors, lowest first (ARCHITECTURE.md's table): a module imports only from its own floor or below.
FLOORS = [
    ["rulescore.dice"],
    ["rulescore.reading"],
    ["rulescore.answers"],
    ["rulescore.framework"],
    ["rulescore.mechanics"],
    ["rulescore.ruleset", "rulescore.rulesets", "rulescore.rulebooks"],
    ["rulescore.route"],
    ["rulescore.table"],
    ["rulescore.doors", "rulescore.entry", "rulescore.compare", "rulescore.reference", "rulescore.__main__"],
    ["rulescore.web"],
]


def floor_of(name: str) -> int:
    if name == "rulescore":  # the package's own __init__: its few names for a caller, from the top
        return len(FLOORS) - 2
    return next(i for i, floor in enumerate(FLOORS) for top in floor if name == top or name.startswith(top + "."))


def test_the_rules_core_imports_only_downward():
    """Every module of rulescore sits on a floor (a new one must be placed, or this fails naming it), and no
    import runs up: the dice know no rule, reading knows no mechanic, a mechanic no route, the route no table."""
    known = modules()
    core = {name: path for name, path in known.items() if name.startswith("rulescore")}
    unplaced = []
    for name in core:
        try:
            floor_of(name)
        except StopIteration:
            unplaced.append(name)
    assert not unplaced, f"place these in FLOORS: {unplaced}"
    upward = [
        f"{name} -> {other}"
        for name, path in sorted(core.items())
        for other in sorted(imports(name, path, known))
        if other.startswith("rulescore") and floor_of(other) > floor_of(name)
    ]
    assert upward == [] and len(core) > 40


def test_the_framework_is_apart_from_the_rules():
    """rulescore/framework/ says what a kind of rule is and declares none (its floor, below the rules', keeps it
    from importing one); every module in rulescore/mechanics/ is a rule that the list of them reaches."""
    known = modules()
    framework = {name: path for name, path in known.items() if name.startswith("rulescore.framework")}
    declared = [
        f"{name}: {node.func.id}"
        for name, path in framework.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"Mechanic", "Calculator"}
    ]
    assert declared == [] and len(framework) >= 3
    rules = {name for name in known if name.startswith("rulescore.mechanics.")}
    reached, waiting = set(), ["rulescore.rulebooks"]
    while waiting:
        name = waiting.pop()
        for other in imports(name, known[name], known) & rules - reached:
            reached.add(other)
            waiting.append(other)
    assert rules - reached == set() and len(rules) > 15


LONG = 300  # lines: past this, a file says at its top why it is one file


# The site's own JavaScript: what the browser runs (the page scripts, the worker, the service worker).
SCRIPTS = ["calculators/*.js", "calculators/src/*.js", "docs/assets/*.js", "sitegen/finishing/service_worker/*.js"]


def scripts() -> list[Path]:
    return sorted(path for pattern in SCRIPTS for path in ROOT.glob(pattern))


def node_tool(name: str, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(ROOT / "node_modules" / ".bin" / name), *arguments], cwd=ROOT, capture_output=True, text=True
    )


def test_every_script_is_type_checked():
    """Each script says // @ts-check and is in a type check (the page's, the worker's or the service
    worker's globals), strict as TypeScript 6 and 7 check by default (#65); the TypeScript compiler finds
    nothing in any of them."""
    import json

    checked = set()
    for config in TYPE_CHECKS:
        settings = json.loads((ROOT / config).read_text(encoding="utf-8"))
        checked |= {ROOT / name for name in settings["files"]}
        strict = settings.get("compilerOptions", {}).get("strict")
        assert strict is True or (strict is None and settings.get("extends") == "./tsconfig.json"), config
        done = node_tool("tsc", "-p", config)
        assert done.returncode == 0, done.stdout + done.stderr
    for path in scripts():
        assert path.read_text(encoding="utf-8").startswith("// @ts-check"), path
        assert path in checked, f"{path.relative_to(ROOT)} is in no tsconfig"


def test_the_scripts_pass_eslint():
    done = node_tool("eslint", "--max-warnings", "0", *SCRIPTS, "tests/js", "tests/browsers/engines", "sitegen")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_long_file_says_why_it_is_long():
    unexplained = []
    for path in [*modules().values(), *scripts()]:
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONG and f"Longer than {LONG} lines" not in "\n".join(text.splitlines()[:15]):
            unexplained.append(f"{path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    assert not unexplained, f"over {LONG} lines with no 'Longer than {LONG} lines: why' at the top: {unexplained}"


# The modules that put the rules together (the route planner, a model's card, the answers' doors, the
# loader): each kind of rule is declared in its own module (Mechanic) and read from there, never named here.
PUT_TOGETHER = [
    "route/plan.py",
    "route/walk.py",
    "route/check.py",
    "route/height.py",
    "route/after.py",
    "route/read.py",
]
PUT_TOGETHER += ["web/table.py", "doors.py", "entry.py", "ruleset.py", "reference.py", "compare.py"]
# What the planner asks of every model is its own: a normal move, and the Initiative, Toughness and Wounds
# a route's tests and falls take (the Initiative test's key and the fall's modules give them).
THE_MODELS_OWN = {"route/plan.py": ({"move", "test"}, {"initiative", "falling", "fall_kinds"})}
# The framework says what every rule is made of, and names none, but for the ground every leg crosses (its key,
# declared once as legs.GROUND) and the side view's shapes (one of which is a climb).
PUT_TOGETHER += ["framework/mechanic.py", "framework/legs.py", "framework/rules.py"]
THE_MODELS_OWN["framework/legs.py"] = ({"terrain", "climb"}, set())


def test_no_rule_is_named_where_the_rules_are_put_together():
    """A rule's name (its calculator, numbers.toml key, route leg or kind of activation) as a string, or an
    import of its module, in a module that puts the rules together: the rule belongs in its Mechanic (or, for an
    activation walked its own way, its OwnRoute: rulescore/route/activations.py lists them)."""
    from rulescore.route.activations import OWN_ROUTES
    from rulescore.rulebooks import MECHANICS

    names = set()
    for mechanic in MECHANICS:
        names |= {c.name for c in mechanic.calculators} | set(mechanic.parts) | {k.words for k in mechanic.legs}
        names |= {a.key for a in mechanic.activations}
    # A kind of activation walked its own way (a charge) is a rule too, and so is its route's module.
    names |= set(OWN_ROUTES)
    own_modules = {own.route.__module__ for own in OWN_ROUTES.values()}
    assert {"run", "charge", "climb", "gap", "half-move"} <= names
    named = {}
    for module in PUT_TOGETHER:
        tree = ast.parse((ROOT / "rulescore" / module).read_text(encoding="utf-8"))
        words, modules = THE_MODELS_OWN.get(module, (set(), set()))
        said = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in names} - words
        imported = {
            node.module.split(".")[-1]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and ((node.module or "").startswith("rulescore.mechanics.") or node.module in own_modules)
        } - modules
        if said or imported:
            named[module] = sorted(said | imported)
    assert named == {}, named
