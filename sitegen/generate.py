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
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulescore import RULESETS
from rulescore.compare import rulesets_for
from rulescore.mechanics import CALCULATORS, read_from
from rulescore.rule import RulesFileError
from rulescore.rules_folder import read_folder
from sitegen import offline
from sitegen.assets import Assets, stage
from sitegen.calculators import render_all, render_calculator, render_compare, terms_data
from sitegen.compare import summary_table
from sitegen.content import Content, load_content
from sitegen.icons import icons
from sitegen.pages import render_assumptions, render_home_list

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"<!--\s*([a-z-]+)(?::([a-z0-9-]+))?\s*-->")
FRONT_MATTER = re.compile(r"\A---\n")
# Kinds of placeholder that put a calculator on the page (its head then loads the calculators' script).
CALCULATOR_PLACEHOLDERS = {"calc", "calculators", "compare"}


@dataclass(frozen=True)
class Tree:
    """Where the generated tree is: the engine config to build with, and its docs folder."""

    config: Path
    docs: Path
    assets: Assets


def root_of(path: str) -> str:
    """The way back to the site root from a page's URL: "mordheim-1999/movement.md" -> "../../"."""
    if path == "index.md":
        return ""
    depth = path.count("/") + (0 if path.endswith("/index.md") else 1)
    return "../" * depth


def links_root(path: str, engine: str) -> str:
    """The root as the engine reads links in raw HTML. MkDocs leaves them as written (so from the
    page's URL); Zensical reads them from the Markdown file, as it does Markdown links."""
    return root_of(path) if engine == "mkdocs" else "../" * path.count("/")


def expand(name: str, argument: str | None, path: str, content: Content, source: Path, engine: str) -> str:
    """The HTML or Markdown a placeholder stands for; an unknown one stops the build, naming the page."""
    root, links = root_of(path), links_root(path, engine)
    if name == "calc" and argument in CALCULATORS:
        ruleset_id = path.split("/")[0]
        if ruleset_id not in RULESETS:
            raise RulesFileError(source, None, f"<!-- calc:{argument} --> is on {path}, which belongs to no ruleset")
        return render_calculator(argument, ruleset_id, root, f"calc-{argument}", links)
    if name == "calculators":
        return render_all(root, links)
    if name == "compare" and argument in CALCULATORS:
        return render_compare(argument, root, f"compare-{argument}", links)
    if name == "compare-table":
        topic = next((topic for topic in content.topics if topic.id == argument), None)
        if topic is not None:
            return summary_table(topic, content.glossaries, links)
    if name == "rulesets":
        return render_home_list([(item.ruleset, item.document) for item in content.rulesets])
    if name == "assumptions":
        return render_assumptions()
    raise RulesFileError(
        source, None, f"unknown placeholder <!-- {name}{':' + argument if argument else ''} --> on {path}"
    )


def answer_rulesets(path: str, placeholders: list[tuple[str, str | None]]) -> list[str]:
    """The rulesets whose words a page's calculators answer in."""
    found: list[str] = []
    for name, argument in placeholders:
        if name == "calc":
            found.append(path.split("/")[0])
        elif name == "calculators":
            found += list(RULESETS)
        elif name == "compare" and argument in CALCULATORS:
            found += rulesets_for(argument)
    return [r for r in RULESETS if r in found]


def finish_page(path: str, markdown: str, content: Content, source: Path, engine: str) -> str:
    """Placeholders expanded; a page with a calculator says so in its front matter (the theme reads
    it) and carries the game terms its answers use (assets/terms.js explains them on tap)."""
    placeholders = [(match.group(1), match.group(2)) for match in PLACEHOLDER.finditer(markdown)]
    kinds = {name for name, _ in placeholders}
    markdown = PLACEHOLDER.sub(lambda m: expand(m.group(1), m.group(2), path, content, source, engine), markdown)
    glossaries = content.glossaries
    for ruleset_id in answer_rulesets(path, placeholders):
        if glossaries.get(ruleset_id):
            markdown += "\n" + terms_data(ruleset_id, glossaries[ruleset_id]) + "\n"
    if kinds & CALCULATOR_PLACEHOLDERS:
        if FRONT_MATTER.match(markdown):
            markdown = FRONT_MATTER.sub("---\ncalculators: true\n", markdown, count=1)
        else:
            markdown = "---\ncalculators: true\n---\n\n" + markdown
    return markdown


def pages(root: Path, content: Content, engine: str) -> dict[str, str]:
    """Every page of the site by its path in the tree: the hand-written ones, then the generated."""
    found: dict[str, tuple[str, Path]] = {}
    for source in sorted((root / "docs").rglob("*.md")):
        found[source.relative_to(root / "docs").as_posix()] = (source.read_text(encoding="utf-8"), source)
    rules = root / "rules"
    for item in content.rulesets:
        for path, markdown in item.pages.items():
            found[path] = (markdown, rules / item.ruleset.id)
    for path, markdown in content.compare_pages.items():
        found[path] = (markdown, rules / "topics.toml")
    return {path: finish_page(path, markdown, content, source, engine) for path, (markdown, source) in found.items()}


def navigation(content: Content) -> list:
    """Rulesets in the order players know them, then comparing, then the hand-written pages."""
    nav: list = [{"Home": "index.md"}]
    for item in content.rulesets:
        nav.append({item.ruleset.title: list(item.pages)})
    titles = {f"compare/{t.id}.md": t.title for t in content.topics}
    titles["compare/index.md"] = "All topics"
    if content.editions:
        titles[content.editions.path] = f"{RULESETS[content.editions.old].title} → {content.editions.new_label}"
    nav.append({"Compare": [{titles[path]: path} for path in content.compare_pages]})
    return nav + [{"Calculators": "calculators.md"}, {"Assumptions": "assumptions.md"}, {"About": "about.md"}]


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml's own YAML: `!ENV [NAME, default]` reads the environment, as MkDocs does."""


def _env_tag(loader: yaml.SafeLoader, node: yaml.Node):
    names = loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else [loader.construct_scalar(node)]
    *variables, default = names if len(names) > 1 else (*names, None)
    return next((os.environ[name] for name in variables if name in os.environ), default)


_ConfigLoader.add_constructor("!ENV", _env_tag)


def base_config(root: Path) -> dict:
    """mkdocs.yml, what a maintainer edits."""
    return yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)


def engine_config(config: dict, content: Content, assets: Assets, serving: bool) -> dict:
    """mkdocs.yml plus what the build knows: nav, scripts, where things are."""
    config["docs_dir"] = "docs"
    config["site_dir"] = "site"
    config["theme"]["custom_dir"] = "overrides"
    config.setdefault("nav", navigation(content))
    config["extra_css"] = [*config.get("extra_css", []), assets.glue + "calculators.css"]
    scripts = ["assets/terms.js", "assets/search.js", "assets/share.js"] + (
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
        "snapshot": assets.snapshot,
        "snapshot_bytes": assets.snapshot_bytes(),
        "worker": assets.glue + "worker.js",
        "script": assets.glue + "calculators.js",
        "bytes": assets.download_bytes(),
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
    content = load_content(rules)
    assets = stage(root, rules, dict(os.environ))
    out = root / "build"
    files: dict[str, bytes] = {path: text.encode("utf-8") for path, text in pages(root, content, engine).items()}
    for source in sorted((root / "docs").rglob("*")):
        if source.is_file() and source.suffix != ".md":
            files[source.relative_to(root / "docs").as_posix()] = source.read_bytes()
    for path in assets.files():
        files[path.relative_to(assets.folder).as_posix()] = path.read_bytes()
    config = base_config(root)
    games = list(dict.fromkeys(item.ruleset.game for item in content.rulesets))  # in the rulesets' order, once each
    files["manifest.webmanifest"] = offline.manifest(config["site_name"], games).encode("utf-8")
    for name, data in icons().items():
        files[f"assets/icons/{name}"] = data
    write_tree(out / "docs", files)

    overrides = {
        p.relative_to(root / "overrides").as_posix(): p.read_bytes()
        for p in (root / "overrides").rglob("*")
        if p.is_file()
    }
    # The script that starts Python, inlined by the theme; raw, so no engine reads its braces as a template.
    start = (root / "calculators" / "start.js").read_text(encoding="utf-8").strip()
    overrides["partials/calculators-start.html"] = ("{% raw %}" + start + "{% endraw %}").encode("utf-8")
    write_tree(out / "overrides", overrides)

    written = yaml.safe_dump(engine_config(config, content, assets, serving), sort_keys=False, allow_unicode=True)
    write_tree_file(
        out / "mkdocs.yml", "# Written by sitegen/generate.py from ../mkdocs.yml: edit that one.\n" + written
    )
    return Tree(out / "mkdocs.yml", out / "docs", assets)


def write_tree_file(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write build/ for an engine to render.")
    parser.add_argument("--serving", action="store_true", help="for `serve`: no service worker")
    parser.add_argument(
        "--engine", choices=("mkdocs", "zensical"), default="mkdocs", help="the engine that will render the tree"
    )
    args = parser.parse_args(argv)
    try:
        tree = generate(ROOT, serving=args.serving, engine=args.engine)
    except RulesFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(
        f"staged Pyodide {tree.assets.pyodide_version} and {tree.assets.wheel}; wrote {tree.config.relative_to(ROOT)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
