"""MkDocs hooks: add the generated rules pages and expand the placeholders in Markdown."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

# MkDocs loads this file by path: make the project's packages importable however it was started.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitegen.content import RulesetPages, load_content
from sitegen.errors import SourceError
from sitegen.pages import render_assumptions, render_home_list

PLACEHOLDER = re.compile(r"<!--\s*([a-z-]+)(?::([a-z0-9-]+))?\s*-->")
_content: list[RulesetPages] = []


def rules_dir(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).parent / "rules"


def on_config(config: MkDocsConfig, **kwargs) -> MkDocsConfig:
    global _content
    try:
        _content = load_content(rules_dir(config))
    except SourceError as error:
        raise PluginError(str(error)) from None
    if not config.nav:
        # Rulesets in the order players know them, then the hand-written pages.
        nav: list = [{"Home": "index.md"}]
        for item in _content:
            nav.append({item.ruleset.title: list(item.pages)})
        config.nav = nav + [{"Assumptions": "assumptions.md"}, {"About": "about.md"}]
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs) -> Files:
    for item in _content:
        for path, markdown in item.pages.items():
            files.append(File.generated(config, path, content=markdown))
    return files


def expand(name: str, argument: str | None) -> str:
    """The HTML or Markdown a placeholder stands for; an unknown one stops the build."""
    if name == "rulesets":
        return render_home_list([(item.ruleset, item.document) for item in _content])
    if name == "assumptions":
        return render_assumptions()
    raise PluginError(f"Unknown placeholder: <!-- {name}{':' + argument if argument else ''} -->")


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **kwargs) -> str:
    return PLACEHOLDER.sub(lambda m: expand(m.group(1), m.group(2)), markdown)
