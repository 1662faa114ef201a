"""Offline and install: the web app manifest, the service worker's file lists, and each page's
head additions (manifest link, theme colour, Content Security Policy)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

THEME_COLOUR = "#795548"
TEMPLATE = Path(__file__).resolve().parent / "service_worker.js"
# Fetched by the calculators' worker only: cached once the page is idle.
RUNTIME_PREFIXES = ("assets/pyodide/", "assets/py/")
# Never needed by an English site or a browser: left out of the offline copy.
SKIP = re.compile(r"(\.map$|\.gz$|^sw\.js$|^assets/javascripts/lunr/|^__bench__/)")
# An inline script (no src), with or without attributes (calculators/start.js carries data-*).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL)


def manifest(site_name: str) -> str:
    """The web app manifest: relative URLs, so the site installs from any host and subpath."""
    return json.dumps({
        "name": site_name,
        "short_name": "Rules Ref",
        "description": "Movement rules and calculators for Mordheim, Warhammer Fantasy Battle, Trench Crusade and Coreheim.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": "assets/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": "assets/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
        ],
    }, indent=2)


def _url(path: str) -> str:
    """Site-relative URL of a built file: folders' index.html by the folder, as links name them."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def service_worker(site: Path) -> str:
    """The service worker for what is in `site`, its cache named by a hash of every file."""
    pages, runtime, digest, runtime_bytes = [], [], hashlib.sha256(), 0
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        if SKIP.search(relative):
            continue
        digest.update(relative.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
        if relative.startswith(RUNTIME_PREFIXES):
            runtime.append(_url(relative))
            runtime_bytes += path.stat().st_size
        else:
            pages.append(_url(relative))
    return (
        TEMPLATE.read_text(encoding="utf-8")
        .replace("__BUILD__", digest.hexdigest()[:16])
        .replace("__PAGES__", json.dumps(pages))
        .replace("__RUNTIME_BYTES__", str(runtime_bytes))
        .replace("__RUNTIME__", json.dumps(runtime))
    )


def content_security_policy(html: str) -> str:
    """Only this origin, plus the hashes of the page's own inline scripts and what WebAssembly needs."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in INLINE_SCRIPT.findall(html)
    )
    return (
        "default-src 'self'; "
        f"script-src 'self' 'wasm-unsafe-eval' {hashes}; "
        "style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
        "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
    )


def add_head(html: str, root: str) -> str:
    """Manifest link, theme colour and the CSP, put first in <head>; a name for the search dialog."""
    tags = (
        f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
        f'<link rel="manifest" href="{root}manifest.webmanifest">'
        f'<meta name="theme-color" content="{THEME_COLOUR}">'
        f'<link rel="apple-touch-icon" href="{root}assets/icons/icon-192.png">'
    )
    # Material's search dialog has no accessible name of its own.
    html = html.replace('data-md-component="search" role="dialog"', 'data-md-component="search" role="dialog" aria-label="Search"', 1)
    return into_head(html, tags)


def into_head(html: str, tags: str) -> str:
    """`tags` first in <head>, but after the charset declaration (which must be in the first 1024 bytes)."""
    charset = re.search(r"<meta charset=[^>]*>", html[:1024])
    if charset:
        return html[: charset.end()] + tags + html[charset.end():]
    return html.replace("<head>", "<head>" + tags, 1)
