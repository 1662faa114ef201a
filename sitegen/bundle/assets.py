"""The files the calculators need in the site: the Pyodide runtime, our wheel and the glue scripts.

`stage` (run by build.py) puts them under build/assets/ at versioned paths, so a cache can never
mix files of two builds; sitegen/generate.py copies that folder into the docs tree each engine builds.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, fields
from pathlib import Path

from rulescore.reading.folder import PARSED, RulesFileError, RulesFolder, parsed_files
from sitegen.bundle import nearby, saved_start
from sitegen.bundle.stdlib import precompile

GLUE_FILES = ("calculators.css",)
# The calculators' worker: a module worker, bundled with the modules it imports and minified like the page script.
WORKER_SCRIPT = Path("calculators") / "worker" / "worker.js"
# The page script: ES modules, one per job (calculators/src/), bundled into one script by esbuild (a
# first visit gets one request, as before the split; each module is linted and type-checked alone).
PAGE_SCRIPT = Path("calculators") / "src" / "calculators.js"
# Your table's page script, apart: only that page loads it (calculators.js does, through window.playersTable),
# so no rules page carries it.
TABLE_SCRIPT = Path("calculators") / "src" / "your-table.js"


def runtime_files(source: Path) -> tuple[str, ...]:
    """Only what the browser loads: micropip and other packages are never asked for, and the standard library
    is our precompiled, trimmed one (sitegen/bundle/stdlib.py), not python_stdlib.zip. The runtime's own script
    is pyodide.asm.js to 0.29 and an ES module from 314 on (ARCHITECTURE: the next Pyodide)."""
    script = "pyodide.asm.mjs" if (source / "pyodide.asm.mjs").is_file() else "pyodide.asm.js"
    return ("pyodide.mjs", script, "pyodide.asm.wasm")


MANIFEST = "manifest.json"  # what stage made, by site path (Assets.read)


@dataclass(frozen=True)
class Assets:
    """Where the staged files are and the site paths the pages must use."""

    folder: Path
    pyodide_version: str
    runtime: str  # site path of the runtime folder, ending in "/"
    stdlib: str  # site path of the precompiled standard library
    wheel: str  # site path of the wheel
    glue: str  # site path of the calculators' scripts folder, ending in "/"
    snapshot: tuple[str, ...]  # site paths of the parts of the memory snapshot a returning visitor's worker restores
    answers: str  # site path of the answers a tap or two from each calculator's defaults, ending in "/"

    def download_bytes(self) -> int:
        """What the calculators' worker downloads before its first answer (its progress counts these)."""
        return sum(
            (self.folder / path).stat().st_size for path in (self.runtime + "pyodide.asm.wasm", self.stdlib, self.wheel)
        )

    def kept_sizes(self) -> list[int]:
        """The sizes of the files the worker reads from the phone itself (the WebAssembly, the standard
        library, the lock file, our wheel): a kept copy of another size is dropped and downloaded again."""
        paths = (self.runtime + "pyodide.asm.wasm", self.stdlib, self.runtime + "pyodide-lock.json", self.wheel)
        return [(self.folder / path).stat().st_size for path in paths]

    def snapshot_bytes(self) -> int:
        """The size of the memory the snapshot holds: the worker refuses a cached copy of any other size
        (Pyodide would hang on it)."""
        return saved_start.whole_size((self.folder / self.snapshot[0]).read_bytes()[:8])

    def files(self) -> list[Path]:
        return sorted(p for p in self.folder.rglob("*") if p.is_file() and p.name != MANIFEST)

    def runtime_files(self) -> tuple[str, ...]:
        """Where the worker's own files are (the runtime's folder, the standard library, our wheel): fetched
        by the worker alone, so kept for offline once a page is idle."""
        return (self.runtime, self.stdlib, self.wheel)

    def manifest(self) -> dict[str, str]:
        """What the bundle holds, by site path: what the finishing step is told."""
        return {field.name: getattr(self, field.name) for field in fields(self) if field.name != "folder"}

    @classmethod
    def read(cls, folder: Path) -> Assets:
        """The bundle `stage` made in `folder`, from its manifest (the build renders and finishes in another
        process than the one that staged it)."""
        made = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return cls(folder, **{**made, "snapshot": tuple(made["snapshot"])})


def _digest(paths: list[Path]) -> str:
    hasher = hashlib.sha256()
    for path in paths:
        hasher.update(path.name.encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()[:10]


def package_source(root: Path, rules: RulesFolder, out: Path) -> Path:
    """rulescore as it ships: its modules, and what it reads of rules/ (each ruleset's ruleset.toml,
    numbers.toml and assumptions.toml, read with tomllib now) as rulescore/rules.json."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(root / "rulescore", out / "rulescore", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(root / "pyproject.toml", out / "pyproject.toml")
    files = parsed_files(rules)
    # In the files' own order, not sorted: a table's order is the order a form shows its choices.
    (out / "rulescore" / PARSED).write_text(json.dumps(files), encoding="utf-8")
    return out


def build_wheel(root: Path, rules: RulesFolder, out: Path, env: dict[str, str]) -> Path:
    """A pure-Python wheel of rulescore by standard packaging (pip wheel), reproducible via SOURCE_DATE_EPOCH."""
    shutil.rmtree(out, ignore_errors=True)
    source = package_source(root, rules, root / "build" / "package")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(source),
        ],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
    )
    wheels = list(out.glob("rulescore-*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        raise RulesFileError(
            root / "pyproject.toml", None, f"building the rulescore wheel failed: {done.stderr.strip()[-400:]}"
        )
    return wheels[0]


def esbuild(root: Path, source: Path, *options: str) -> str:
    """`source` (relative to `root`) through esbuild, comments left out: its output; a script that does
    not parse is named with its line."""
    tool = root / "node_modules" / ".bin" / "esbuild"
    if not tool.exists():
        raise RulesFileError(root / "package.json", None, "esbuild is not installed: run `npm ci` (./dev does)")
    done = subprocess.run(
        [str(tool), str(source), "--target=es2022", "--legal-comments=none", "--log-level=error", *options],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RulesFileError(root / source, None, f"esbuild could not read it: {done.stderr.strip()[-600:]}")
    return done.stdout


def minified(root: Path, source: Path) -> bytes:
    """A script as the site sends it: minified (half the bytes with gzip); its source keeps its comments."""
    return esbuild(root, source.relative_to(root), "--minify").encode("utf-8")


def bundle(root: Path, out: Path) -> list[Path]:
    """The calculators' scripts as the site sends them, in `out`: calculators.js, the page script, from its
    modules (one immediately run function), and the worker's, each minified; the same bytes for the same
    sources."""
    out.mkdir(parents=True, exist_ok=True)
    for source in (PAGE_SCRIPT, TABLE_SCRIPT):
        (out / source.name).write_text(esbuild(root, source, "--bundle", "--format=iife", "--minify"), encoding="utf-8")
    (out / WORKER_SCRIPT.name).write_text(
        esbuild(root, WORKER_SCRIPT, "--bundle", "--format=esm", "--minify"), encoding="utf-8"
    )
    return [out / PAGE_SCRIPT.name, out / TABLE_SCRIPT.name, out / WORKER_SCRIPT.name]


def stage(root: Path, rules: RulesFolder, env: dict[str, str]) -> Assets:
    """Build the wheel and copy runtime, wheel and glue into build/assets/; write its manifest."""
    runtime_source = root / "node_modules" / "pyodide"
    if not (runtime_source / "package.json").is_file():
        raise RulesFileError(
            root / "package.json", None, "the Pyodide runtime is not installed: run `npm ci` (./dev does)"
        )
    version = json.loads((runtime_source / "package.json").read_text())["version"]
    folder = root / "build" / "assets"
    shutil.rmtree(folder, ignore_errors=True)

    runtime = f"assets/pyodide/{version}/"
    target = folder / runtime
    target.mkdir(parents=True)
    for name in runtime_files(runtime_source):
        shutil.copyfile(runtime_source / name, target / name)
    # A lock file with no packages: Pyodide boots from it without fetching the 120 KB original.
    lock = json.loads((runtime_source / "pyodide-lock.json").read_text())
    (target / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True))

    plain = build_wheel(root, rules, root / "build" / "wheel", env)
    compiled = precompile(runtime_source, plain, root / "build" / "compiled")
    stdlib = runtime + f"stdlib-{_digest([compiled.stdlib])}.zip"  # named by its content
    shutil.copyfile(compiled.stdlib, folder / stdlib)
    wheel = compiled.wheel  # the browser gets the wheel compiled for its runtime
    wheel_path = f"assets/py/{_digest([wheel])}/{wheel.name}"
    (folder / wheel_path).parent.mkdir(parents=True)
    shutil.copyfile(wheel, folder / wheel_path)

    # Named by what it is made from (the runtime, our wheel, the makers, and how it is packed), not by
    # its bytes: Pyodide's memory is not byte for byte the same from one making to the next (about a
    # hundred bytes of its own random state differ), and a phone holding a copy under this name holds
    # one made from the same inputs, so an unchanged input never costs it the download again.
    packed = saved_start.pack(compiled.snapshot.read_bytes())
    made_from = compiled.snapshot.parent.name.encode() + Path(saved_start.__file__).read_bytes()
    name = f"assets/snapshot/pyodide-{hashlib.sha256(made_from).hexdigest()[:10]}"
    (folder / name).parent.mkdir(parents=True)
    cut = saved_start.parts(packed)
    snapshot = tuple(f"{name}-{number}.bin" for number in range(1, len(cut) + 1))
    for path, part in zip(snapshot, cut, strict=True):
        (folder / path).write_bytes(part)

    sources = [root / "calculators" / name for name in GLUE_FILES] + bundle(root, root / "build" / "bundle")
    glue = f"assets/calculators/{_digest(sources)}/"
    (folder / glue).mkdir(parents=True)
    for source in sources:
        shutil.copyfile(source, folder / glue / source.name)

    # Made by this wheel from these rules, so named by the wheel: a page only ever asks for its own build's.
    # Apart from assets/py/, which a phone keeps for offline use: these are for a first visit only.
    answers = f"{nearby.FOLDER}{_digest([wheel])}/"
    nearby.write(folder / answers)

    assets = Assets(folder, version, runtime, stdlib, wheel_path, glue, snapshot, answers)
    (folder / MANIFEST).write_text(json.dumps(assets.manifest(), indent=2, sort_keys=True))
    return assets
