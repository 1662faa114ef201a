"""What the site's start is timed against, written into the built site under __bench__/: a bare
loadPyodide() of the same runtime with Pyodide's own standard library (the baseline), and the runtime
alone (the floor a first visit cannot go under)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from benchmarks.common import ROOT

# Bare loadPyodide() of the same runtime, in a module worker as the site's, with Pyodide's own standard library: the baseline.
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><script>
const runtime = new URL("../{runtime}", location.href).href;
const stdlib = new URL("python_stdlib.zip", location.href).href;
const source = `import {{ loadPyodide }} from "${{runtime}}pyodide.mjs";
loadPyodide({{indexURL: "${{runtime}}", stdLibURL: "${{stdlib}}"}}).then(() => postMessage("ready"));`;
const worker = new Worker(URL.createObjectURL(new Blob([source], {{type: "text/javascript"}})), {{type: "module"}});
worker.onmessage = () => {{ window.bareReady = performance.now(); }};
</script>"""


# The floor of a first visit: the same runtime's WebAssembly downloaded and compiled and its JavaScript
# loaded, no Python started (no standard library, no page, no wheel). Nothing the site does can start
# sooner than this, cold; timed beside bare it says how far a first visit's start can come down.
RUNTIME_PAGE = """<!doctype html><meta charset="utf-8"><title>runtime alone</title><script>
const runtime = new URL("../{runtime}", location.href).href;
const source = `const compiled = WebAssembly.compileStreaming(fetch("${{runtime}}pyodide.asm.wasm"));
await import("${{runtime}}pyodide.mjs");
await import("${{runtime}}pyodide.asm.js");
compiled.then(() => postMessage("ready"));`;
const worker = new Worker(URL.createObjectURL(new Blob([source], {{type: "text/javascript"}})), {{type: "module"}});
worker.onmessage = () => {{ window.bareReady = performance.now(); }};
</script>"""

# The pages add_bare writes, by the name each is reported under.
BENCH_PAGES = {"bare": "/__bench__/bare.html", "runtime": "/__bench__/runtime.html"}


def add_bare(site: Path) -> None:
    manifest = json.loads((ROOT / "build" / "assets" / "manifest.json").read_text())
    bench = site / "__bench__"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_PAGE.format(runtime=manifest["runtime"]))
    (bench / "runtime.html").write_text(RUNTIME_PAGE.format(runtime=manifest["runtime"]))
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", bench / "python_stdlib.zip")
