"""What the pages a player opens at the table weigh: each key page's HTML and the search index, raw
and gzip, this checkout beside another ref's build (`python build.py bench --pages [--before REF]`);
and what the rules page loads before any calculator starts."""

from __future__ import annotations

import gzip
from html.parser import HTMLParser
from pathlib import Path

from benchmarks.common import kib

# The pages #23 touched, and the rules page every figure starts from.
PAGES = (
    "mordheim-1999/movement/index.html",
    "coreheim-v10/movement/index.html",
    "mordheim-1999/quick/index.html",
    "compare/index.html",
    "compare/falling/index.html",
    "compare/charge/index.html",
    "calculators/index.html",
    "search/search_index.json",  # Material's index, before #46
    "assets/search.json",  # the site's own, since
    "assets/terms.js",
    "assets/search.js",
    # #39: the route planner, the offline notes and the page for an address not kept, the calculators' glue.
    "mordheim-1999/route/index.html",
    "assets/offline.js",
    "sw.js",
    "assets/calculators/*/calculators.js",
    "assets/calculators/*/calculators.css",
)


def weight(path: Path) -> tuple[int, int] | None:
    if "*" in str(path):  # a content-named folder: whichever this build wrote
        path = next(Path("/").glob(str(path).lstrip("/")), path)
    if not path.is_file():
        return None
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, 9))


def shown(size: tuple[int, int] | None) -> str:
    return "absent" if size is None else f"{size[0] / 1024:6.1f} KiB ({size[1] / 1024:5.1f} gzip)"


def main(site: Path, before: Path | None = None) -> None:
    print("page weights" + (" (before | now)" if before else ""))
    for page in PAGES:
        now = shown(weight(site / page))
        print(f"  {page:38} " + (f"{shown(weight(before / page))} | {now}" if before else now))
    count = {
        name: sum(1 for _ in folder.rglob("index.html"))
        for name, folder in (("before", before), ("now", site))
        if folder
    }
    print("  pages: " + ", ".join(f"{name} {n}" for name, n in count.items()))


RULES_PAGE = "mordheim-1999/movement/"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "script" and attributes.get("src"):
            self.assets.append(attributes["src"])
        if tag == "link" and attributes.get("rel") == "stylesheet":
            self.assets.append(attributes["href"])


def page_weight(site: Path) -> None:
    page = site / RULES_PAGE / "index.html"
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    parts = {"html": [page]}
    for href in links.assets:
        path = (page.parent / href.split("?")[0]).resolve()
        parts.setdefault(path.suffix.lstrip("."), []).append(path)
    print(f"rules page /{RULES_PAGE} (what loads before any calculator starts):")
    for kind, paths in parts.items():
        raw = sum(p.stat().st_size for p in paths)
        packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in paths)
        print(f"  {kind:5} {len(paths)} file(s): {kib(raw)} raw, {kib(packed)} gzip")
