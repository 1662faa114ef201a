"""Offline and install: the web app manifest, the service worker's file lists, and each page's
Content Security Policy (the theme override adds the manifest link and theme colour)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from sitegen.bundle import nearby
from sitegen.bundle.assets import Assets, esbuild

THEME_COLOUR = "#795548"
ROOT = Path(__file__).resolve().parents[2]
# The service worker's modules, bundled into one script as the page script is (esbuild, minified).
SERVICE_WORKER = Path("sitegen/finishing/service_worker/main.js")
# Where the service worker's template holds its manifest, written over at build time.
MANIFEST = '"@manifest@"'  # in service_worker/build.js: the manifest is written over it, as a JSON string
# Left out of the offline copy: source maps, compressed copies, the worker itself, the host's _headers,
# and the theme's own search (copied in with the theme; the site's search is its own, nothing asks for it).
SKIP = re.compile(r"(\.map$|\.gz$|^sw\.js$|^_headers$|^assets/javascripts/lunr/|^assets/javascripts/workers/search\.)")
# What a host should send beside the files, as Netlify's and Cloudflare Pages' `_headers` file says it
# (CONTRIBUTING.md's Publishing gives the same for any host). A page's own policy is its <meta> tag, which cannot say
# frame-ancestors and does not reach the calculators' worker: the worker's script gets a policy of its
# own (no eval, nothing from another address), and every page may be framed only by the site itself.
WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'"
HOST_HEADERS = (
    ("/*", ("Content-Security-Policy: frame-ancestors 'self'", "X-Content-Type-Options: nosniff")),
    ("/assets/calculators/*", (f"Content-Security-Policy: {WORKER_POLICY}",)),
)


def headers_file() -> str:
    """The `_headers` file: each path pattern, then its headers indented."""
    return "".join(f"{path}\n" + "".join(f"  {header}\n" for header in headers) for path, headers in HOST_HEADERS)


# An inline script (no src), with or without attributes (calculators/start.js carries data-*).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL)


def manifest(site_name: str, games: list[str]) -> str:
    """The web app manifest: relative URLs, so the site installs from any host and subpath."""
    named = ", ".join(games[:-1]) + (" and " if len(games) > 1 else "") + games[-1]
    return json.dumps(
        {
            "name": site_name,
            "short_name": "Rules Ref",
            "description": f"Movement rules and calculators for {named}.",
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOUR,
            "icons": [
                {
                    "src": "assets/icons/icon-192.png",
                    "sizes": "192x192",
                    "type": "image/png",
                    "purpose": "any maskable",
                },
                {
                    "src": "assets/icons/icon-512.png",
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "any maskable",
                },
            ],
        },
        indent=2,
    )


def _url(path: str) -> str:
    """Site-relative URL of a built file: folders' index.html by the folder, as links name them."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def kept_as(relative: str, assets: Assets) -> str | None:
    """How the offline copy keeps a built file (by its path in the site): "page", "runtime" (the worker's
    own, kept once a page is idle), "snapshot" (the saved start, kept after them); None: never kept."""
    if SKIP.search(relative) or relative.startswith(assets.answers):
        return None
    if relative in assets.snapshot:
        return "snapshot"
    return "runtime" if relative.startswith(assets.runtime_files()) else "page"


def service_worker(site: Path, assets: Assets) -> str:
    """The service worker for what is in `site`: the build named by a hash of every file, each page
    with its own revision (the first 16 hex digits of its SHA-256, which the worker checks). The bundle
    says which files are the worker's (cached once the page is idle), which is the saved start (cached
    after them, never needed offline) and which are the answers for a first visit (never kept: a phone
    with the site offline has Python)."""
    pages, runtime, snapshot, sizes, digest, runtime_bytes = {}, {}, {}, {}, hashlib.sha256(), 0
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        kind = kept_as(relative, assets)
        if kind is None:
            continue
        data = path.read_bytes()
        content = hashlib.sha256(data)
        digest.update(relative.encode() + b"\0" + content.digest())
        # Every kept file is checked against these before it is kept (a login page is never kept as the
        # site) and against its size before it is used.
        revision, url = content.hexdigest()[:16], _url(relative)
        sizes[url] = len(data)
        if kind == "snapshot":
            snapshot[url] = revision
        elif kind == "runtime":
            runtime[url] = revision
            runtime_bytes += len(data)
        else:
            pages[url] = revision
    manifest = {
        "build": digest.hexdigest()[:16],
        "pages": pages,
        "runtime": runtime,
        "runtimeBytes": runtime_bytes,
        "snapshot": snapshot,
        "sizes": sizes,
        "answers": nearby.FOLDER,  # any build's: never kept, and offline the worker says there are none
    }
    bundled = esbuild(ROOT, SERVICE_WORKER, "--bundle", "--format=iife", "--minify")
    if bundled.count(MANIFEST) != 1:
        raise ValueError(f"{SERVICE_WORKER}: the bundle holds {bundled.count(MANIFEST)} {MANIFEST}, not one")
    return bundled.replace(MANIFEST, json.dumps(json.dumps(manifest)))


def written_manifest(worker_script: str) -> dict[str, Any]:
    """The manifest a built sw.js was written with, read back (the tests read what a build keeps)."""
    start = worker_script.index('"{\\"build\\"')
    written, _ = json.JSONDecoder().raw_decode(worker_script, start)
    manifest: dict[str, Any] = json.loads(written)
    return manifest


def content_security_policy(html: str) -> str:
    """Only this origin, plus the hashes of the page's own inline scripts and what WebAssembly needs."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in INLINE_SCRIPT.findall(html)
    )
    return (
        "default-src 'self'; "
        f"script-src 'self' 'wasm-unsafe-eval' {hashes}; "
        f"style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
        "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
    )


def finish(site: Path, assets: Assets, engine: str = "mkdocs") -> int:
    """What only the rendered site can give, whichever engine made it: each page's Content Security
    Policy (hashes of its own inline scripts) and the service worker over every file, told by the bundle
    (`assets`) which files are its own. Returns the number of pages."""
    count = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        policy = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
        path.write_text(into_head(html, policy), encoding="utf-8")
        count += 1
    (site / "_headers").write_text(headers_file(), encoding="utf-8")
    # Written last, from the finished site, so its lists and cache name match this build exactly.
    (site / "sw.js").write_text(service_worker(site, assets), encoding="utf-8")
    return count


def into_head(html: str, tags: str) -> str:
    """`tags` first in <head>, but after the charset declaration (which must be in the first 1024 bytes)."""
    charset = re.search(r"<meta charset=[^>]*>", html[:1024])
    if charset:
        return html[: charset.end()] + tags + html[charset.end() :]
    return html.replace("<head>", "<head>" + tags, 1)
