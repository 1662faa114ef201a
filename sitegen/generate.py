"""The docs tree an engine renders: every page as plain Markdown with its front matter, the staged
runtime and wheel, the theme overrides and a complete engine config, written under build/ once per
build. No page content is made inside an engine: MkDocs or Zensical only turn this tree into HTML.

`python build.py` calls it in-process; `serve` runs `python -m sitegen.generate --serving` in a fresh
process after each edit, so a long session always runs the current sitegen/ and rulescore/.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulescore import RULESETS
from rulescore.reading.folder import RulesFileError, read_folder
from rulescore.rulebooks import read_from
from sitegen.bundle.assets import Assets, esbuild, minified, stage
from sitegen.finishing import offline
from sitegen.finishing.icons import icons
from sitegen.pages import players_words
from sitegen.pages.chapters import render_assumptions, render_home_list
from sitegen.pages.content import Content, load_content
from sitegen.pages.page import Page
from sitegen.pages.search_index import search_index
from sitegen.pages.table import render_table

ROOT = Path(__file__).resolve().parent.parent
# What a hand-written page may hold in place of generated content: <!-- calculators -->, ...
PLACEHOLDER = re.compile(r"<!--\s*([a-z-]+)(?::([a-z0-9-]+))?\s*-->")


@dataclass(frozen=True)
class Tree:
    """Where the generated tree is: the engine config to build with, and its docs folder."""

    config: Path
    docs: Path
    assets: Assets


def expand(name: str, argument: str | None, page: Page, content: Content) -> str:
    """The HTML or Markdown a hand-written page's placeholder stands for; an unknown one stops the build."""
    if name == "calculators" and argument is None:
        return page.every_calculator()
    if name == "rulesets" and argument is None:
        return render_home_list([(item.ruleset, item.document) for item in content.rulesets])
    if name == "assumptions" and argument is None:
        return render_assumptions()
    if name == "your-table" and argument is None:
        return render_table(page.links)
    raise RulesFileError(
        page.source,
        None,
        f"unknown placeholder <!-- {name}{':' + argument if argument else ''} --> on {page.path} "
        "(a hand-written page may hold: calculators, rulesets, assumptions, your-table)",
    )


def hand_written(root: Path, content: Content, engine: str) -> dict[str, str]:
    """docs/*.md with their placeholders filled; a page that shows calculators says so in its own front
    matter (`calculators: true`, for the theme), or the build stops naming it."""
    found = {}
    for source in sorted((root / "docs").rglob("*.md")):
        path, markdown = source.relative_to(root / "docs").as_posix(), source.read_text(encoding="utf-8")
        kinds = [match.group(1) for match in PLACEHOLDER.finditer(markdown)]
        page = Page(path, source, engine, tuple(RULESETS) if "calculators" in kinds else ())
        if page.calculators and not re.match(r"\A---\n(?:.*\n)*?calculators: true\n", markdown):
            raise RulesFileError(source, 1, "shows calculators: its front matter needs `calculators: true`")
        markdown = PLACEHOLDER.sub(_expanding(page, content), markdown)
        found[path] = page.told(markdown)
    return found


def _expanding(page: Page, content: Content) -> Callable[[re.Match[str]], str]:
    """A placeholder of a hand-written page, put in place for that page."""
    return lambda match: expand(match.group(1), match.group(2), page, content)


def pages(root: Path, content: Content, engine: str) -> dict[str, str]:
    """Every page of the site by its path in the tree: the hand-written ones, then the generated."""
    found = hand_written(root, content, engine)
    for item in content.rulesets:
        found |= item.pages
    return found | content.compare_pages


def navigation(content: Content) -> list[dict[str, Any]]:
    """Rulesets in the order players know them, then comparing, then the hand-written pages."""
    nav: list[dict[str, Any]] = [{"Home": "index.md"}]
    for item in content.rulesets:
        nav.append({item.ruleset.title: list(item.pages)})
    titles = {f"compare/{t.id}.md": t.title for t in content.topics}
    titles["compare/index.md"] = "All topics"
    if content.editions:
        titles[content.editions.path] = f"{RULESETS[content.editions.old].title} → {content.editions.new_label}"
    nav.append({"Compare": [{titles[path]: path} for path in content.compare_pages]})
    return nav + [
        {"Calculators": "calculators.md"},
        {"Your table": "table.md"},
        {"Assumptions": "assumptions.md"},
        {"About": "about.md"},
    ]


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml's own YAML: `!ENV [NAME, default]` reads the environment, as MkDocs does."""


def _env_tag(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    names = (
        loader.construct_sequence(node)
        if isinstance(node, yaml.SequenceNode)
        else [loader.construct_scalar(node)]
        if isinstance(node, yaml.ScalarNode)
        else []
    )
    *variables, default = names if len(names) > 1 else (*names, None)
    return next((os.environ[name] for name in variables if name in os.environ), default)


_ConfigLoader.add_constructor("!ENV", _env_tag)


def base_config(root: Path) -> dict[str, Any]:
    """mkdocs.yml, what a maintainer edits."""
    config: dict[str, Any] = yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)
    return config


def engine_config(config: dict[str, Any], content: Content, assets: Assets, serving: bool) -> dict[str, Any]:
    """mkdocs.yml plus what the build knows: nav, scripts, where things are."""
    config["docs_dir"] = "docs"
    config["site_dir"] = "site"
    config["theme"]["custom_dir"] = "overrides"
    config.setdefault("nav", navigation(content))
    config["extra_css"] = [*config.get("extra_css", []), assets.glue + "calculators.css"]
    scripts = ["assets/navigation.js", "assets/terms.js", "assets/search.js", "assets/share.js"] + (
        [] if serving else ["assets/offline.js"]
    )  # no service worker while editing
    # async: at the end of <body> they still find the whole page, and they no longer hold back
    # DOMContentLoaded, which the calculators wait for before their first live answer.
    config["extra_javascript"] = [
        *config.get("extra_javascript", []),
        *({"path": path, "async": True} for path in scripts),
    ]
    extra = config.setdefault("extra", {})
    extra["calculators"] = {
        "runtime": assets.runtime,
        "stdlib": assets.stdlib,
        "wheel": assets.wheel,
        "snapshot": list(assets.snapshot),
        "answers": assets.answers,
        "snapshot_bytes": assets.snapshot_bytes(),
        "worker": assets.glue + "worker.js",
        "script": assets.glue + "calculators.js",
        "bytes": assets.download_bytes(),
        "sizes": ",".join(str(size) for size in assets.kept_sizes()),
    }
    extra["theme_colour"] = offline.THEME_COLOUR
    extra["rulesets"] = [
        {"id": item.ruleset.id, "title": item.ruleset.title, "document": item.ruleset.document}
        for item in content.rulesets
    ]
    return config


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Make `target` hold exactly `files`, writing only what changed (a serving engine watches it)."""
    for path in sorted(p for p in target.rglob("*") if p.is_file()):
        if path.relative_to(target).as_posix() not in files:
            path.unlink()
    for relative, data in files.items():
        path = target / relative
        if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for folder in sorted((p for p in target.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()


def generate(root: Path = ROOT, serving: bool = False, engine: str = "mkdocs") -> Tree:
    """Read and check rules/ once, stage the runtime and wheel, and write build/ for an engine."""
    rules = read_folder(root / "rules")  # the one read of rules/: rulescore, the pages and the wheel share it
    read_from(rules)
    content = load_content(rules, engine)
    # Before the runtime is staged: a text past what search holds is said at its line at once.
    searched = search_index(content, lambda texts: players_words.lexicon(root, rules, texts))
    assets = stage(root, rules, dict(os.environ))
    out = root / "build"
    files: dict[str, bytes] = {path: text.encode("utf-8") for path, text in pages(root, content, engine).items()}
    for source in sorted((root / "docs").rglob("*")):
        if source.is_file() and source.suffix == ".js":  # our page scripts, minified: their comments are for us
            files[source.relative_to(root / "docs").as_posix()] = minified(root, source)
        elif source.is_file() and source.suffix != ".md":
            files[source.relative_to(root / "docs").as_posix()] = source.read_bytes()
    for path in assets.files():
        files[path.relative_to(assets.folder).as_posix()] = path.read_bytes()
    config = base_config(root)
    games = list(dict.fromkeys(item.ruleset.game for item in content.rulesets))  # in the rulesets' order, once each
    files["manifest.webmanifest"] = offline.manifest(config["site_name"], games).encode("utf-8")
    files["assets/search.json"] = searched
    # The search box's script, from its modules and the search library (one immediately run function).
    files["assets/search.js"] = esbuild(
        root, Path("search") / "page.js", "--bundle", "--format=iife", "--minify"
    ).encode()
    for name, data in icons().items():
        files[f"assets/icons/{name}"] = data
    write_tree(out / "docs", files)

    overrides = {
        p.relative_to(root / "overrides").as_posix(): p.read_bytes()
        for p in (root / "overrides").rglob("*")
        if p.is_file() and p.suffix != ".js"  # scripts are inlined, below, never copied to the site
    }
    # Scripts the theme inlines: the one that starts Python (every calculator page's head) and the colour
    # scheme's (every header). Minified: their comments and types are for us (1.8 KB a page); raw, so no
    # engine reads their braces as a template.
    for partial, script in (
        ("calculators-start", Path("calculators") / "start.js"),
        ("palette-script", Path("overrides") / "palette.js"),
    ):
        inline = esbuild(root, script, "--minify").strip()
        overrides[f"partials/{partial}.html"] = ("{% raw %}" + inline + "{% endraw %}").encode("utf-8")
    write_tree(out / "overrides", overrides)

    written = yaml.safe_dump(engine_config(config, content, assets, serving), sort_keys=False, allow_unicode=True)
    write_tree_file(
        out / "mkdocs.yml", "# Written by sitegen/generate.py from ../mkdocs.yml: edit that one.\n" + written
    )
    return Tree(out / "mkdocs.yml", out / "docs", assets)


def write_tree_file(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write(serving: bool = False, engine: str = "mkdocs") -> bool:
    """generate(), with a broken source said on one line (file:line: reason) instead of raised."""
    try:
        tree = generate(ROOT, serving=serving, engine=engine)
    except RulesFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return False
    print(
        f"staged Pyodide {tree.assets.pyodide_version} and {tree.assets.wheel}; wrote {tree.config.relative_to(ROOT)}"
    )
    return True


def main(argv: list[str] | None = None) -> int:
    """`serve` runs this in a fresh process after each edit, so it always runs the current code."""
    parser = argparse.ArgumentParser(description="Write build/ for an engine to render.")
    parser.add_argument("--serving", action="store_true", help="for `serve`: no service worker")
    parser.add_argument(
        "--engine", choices=("mkdocs", "zensical"), default="mkdocs", help="the engine that will render the tree"
    )
    args = parser.parse_args(argv)
    return 0 if write(args.serving, args.engine) else 1


if __name__ == "__main__":
    sys.exit(main())
