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

from rulescore import RULESETS
from rulescore.calculators import CALCULATORS
from sitegen.assets import Assets, load_manifest
from sitegen.calculators import head_tags, render_all, render_calculator, render_compare
from sitegen import offline
from sitegen.content import Content, load_content
from sitegen.errors import SourceError
from sitegen.icons import icons
from sitegen.pages import render_assumptions, render_home_list

PLACEHOLDER = re.compile(r"<!--\s*([a-z-]+)(?::([a-z0-9-]+))?\s*-->")
_content: Content | None = None
_assets: Assets | None = None
_serving = False  # `mkdocs serve`: live reload, so no service worker and no CSP


def on_startup(command: str, **kwargs) -> None:
    global _serving
    _serving = command == "serve"


def rules_dir(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).parent / "rules"


def on_config(config: MkDocsConfig, **kwargs) -> MkDocsConfig:
    global _content, _assets
    try:
        _content = load_content(rules_dir(config))
        _assets = load_manifest(rules_dir(config).parent)
    except SourceError as error:
        raise PluginError(str(error)) from None
    # The calculators' glue sits at a path named by its hash, so caches never mix two builds.
    # (Its script is added by on_post_page, to the pages that have a calculator.)
    config.extra_css.append(_assets.glue + "calculators.css")
    config.extra_javascript.append("assets/terms.js")
    if not _serving:  # a cache-first service worker would hide every live edit
        config.extra_javascript.append("assets/offline.js")
    if not config.nav:
        # Rulesets in the order players know them, then the hand-written pages.
        nav: list = [{"Home": "index.md"}]
        for item in _content.rulesets:
            nav.append({item.ruleset.title: list(item.pages)})
        titles = {f"compare/{t.id}.md": t.title for t in _content.topics}
        titles |= {"compare/index.md": "All topics", "compare/mordheim-editions.md": "Mordheim 1999 → Living Rulebook"}
        nav.append({"Compare": [{titles[path]: path} for path in _content.compare_pages]})
        config.nav = nav + [{"Calculators": "calculators.md"}, {"Assumptions": "assumptions.md"}, {"About": "about.md"}]
    return config


def on_files(files: Files, config: MkDocsConfig, **kwargs) -> Files:
    for path in _assets.files():
        files.append(File(str(path.relative_to(_assets.folder)), str(_assets.folder), config.site_dir, config.use_directory_urls))
    for item in _content.rulesets:
        for path, markdown in item.pages.items():
            files.append(File.generated(config, path, content=markdown))
    for path, markdown in _content.compare_pages.items():
        files.append(File.generated(config, path, content=markdown))
    files.append(File.generated(config, "manifest.webmanifest", content=offline.manifest(config.site_name)))
    for name, data in icons().items():
        files.append(File.generated(config, f"assets/icons/{name}", content=data))
    return files


def root_of(page: Page) -> str:
    """The way back from a page to the site root: "mordheim-1999/movement/" -> "../../"."""
    return "../" * page.url.count("/")


def expand(name: str, argument: str | None, page: Page) -> str:
    """The HTML or Markdown a placeholder stands for; an unknown one stops the build."""
    if name == "calc" and argument in CALCULATORS:
        ruleset_id = page.file.src_uri.split("/")[0]
        if ruleset_id not in RULESETS:
            raise PluginError(f"<!-- calc:{argument} --> is on {page.file.src_uri}, which belongs to no ruleset")
        return render_calculator(argument, ruleset_id, root_of(page), f"calc-{argument}")
    if name == "calculators":
        return render_all(root_of(page))
    if name == "compare" and argument in CALCULATORS:
        return render_compare(argument, root_of(page), f"compare-{argument}")
    if name == "rulesets":
        return render_home_list([(item.ruleset, item.document) for item in _content.rulesets])
    if name == "assumptions":
        return render_assumptions()
    raise PluginError(f"Unknown placeholder: <!-- {name}{':' + argument if argument else ''} -->")


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **kwargs) -> str:
    return PLACEHOLDER.sub(lambda m: expand(m.group(1), m.group(2), page), markdown)


def on_post_page(output: str, page: Page, config: MkDocsConfig, **kwargs) -> str:
    if '<div class="calc"' in output:  # only pages with a calculator load its script
        output = offline.into_head(output, head_tags(_assets, root_of(page)))
    if _serving:  # MkDocs' live-reload script is inline and unhashed
        return output
    return offline.add_head(output, root_of(page))


def on_post_build(config: MkDocsConfig, **kwargs) -> None:
    # Written last, from the finished site, so its lists and cache name match this build exactly.
    if _serving:
        return
    site = Path(config.site_dir)
    (site / "sw.js").write_text(offline.service_worker(site), encoding="utf-8")
