"""Build the rules site: `python build.py` into site/, `python build.py serve` to work on it,
`python build.py bench` to print the benchmark's figures.

Reads the rules texts in rules/ once and checks them, builds the rulescore wheel, and writes the
whole docs tree into build/ (sitegen/generate.py); an engine renders that tree (MkDocs with Material
by default, `--engine zensical` for its successor); this script then finishes the site (each page's
Content Security Policy, the service worker). A broken source stops the build with its file and line
and leaves the last good site/ as it was.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
GENERATED = ROOT / "build"
# A fixed build date, so the same input gives the same bytes (the sitemap carries a date).
BUILD_EPOCH = "315532800"
ENGINES = ("mkdocs", "zensical")
# What `serve` watches: an edit to any of these regenerates the tree (and the wheel, for rulescore/).
WATCHED = ("rules", "sitegen", "rulescore", "calculators", "search", "docs", "overrides", "mkdocs.yml")


def build_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SOURCE_DATE_EPOCH", BUILD_EPOCH)
    env["NO_MKDOCS_2_WARNING"] = "1"  # Material's end-of-support banner is not a build warning
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def generate(serving: bool = False, engine: str = "mkdocs", fresh: bool = False) -> bool:
    """Write build/ (pages, runtime, wheel, engine config); `fresh` does it in a new process, so a
    long-running `serve` always runs the current sitegen/ and rulescore/. Errors read as one line
    naming the file."""
    if not fresh:
        os.environ.setdefault("SOURCE_DATE_EPOCH", BUILD_EPOCH)  # the wheel's file dates
        sys.path.insert(0, str(ROOT))
        from sitegen import generate as generator

        return generator.write(serving, engine)
    done = subprocess.run(
        [sys.executable, "-m", "sitegen.generate", "--engine", engine, *(["--serving"] if serving else [])],
        cwd=ROOT,
        env=build_env(),
        capture_output=True,
        text=True,
    )
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode == 0


def zensical() -> str:
    """Zensical's command: its own virtual environment (./dev makes it), else whatever PATH has."""
    local = ROOT / ".venv-zensical" / "bin" / "zensical"
    found = str(local) if local.exists() else shutil.which("zensical")
    if not found:
        sys.exit("error: Zensical is not installed: `./dev build --engine zensical` sets it up")
    return found


def render(engine: str, staging: Path) -> subprocess.CompletedProcess[str]:
    """The engine turns build/ into a site in `staging`."""
    config = str(GENERATED / "mkdocs.yml")
    if engine == "mkdocs":
        return subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", config, "--site-dir", str(staging)],
            cwd=ROOT,
            env=build_env(),
            capture_output=True,
            text=True,
        )
    # Zensical writes only inside its project (build/site), so the site is moved from there.
    shutil.rmtree(GENERATED / "site", ignore_errors=True)
    done = subprocess.run(
        [zensical(), "build", "--clean", "-f", config], cwd=GENERATED, env=build_env(), capture_output=True, text=True
    )
    if done.returncode == 0:
        staging.rmdir()
        shutil.move(GENERATED / "site", staging)
    return done


def build(site: Path = SITE, engine: str = "mkdocs") -> int:
    """Build into a fresh folder beside `site`, then swap it in only if everything worked."""
    started = time.perf_counter()
    if not generate(engine=engine):
        print(f"build stopped; {site} is unchanged", file=sys.stderr)
        return 1
    staging = Path(tempfile.mkdtemp(prefix=".site-", dir=site.parent))
    done = render(engine, staging)
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        sys.stderr.write(done.stdout + done.stderr)
        print(f"build stopped; {site} is unchanged", file=sys.stderr)
        return 1
    sys.path.insert(0, str(ROOT))
    from sitegen.bundle.assets import Assets
    from sitegen.finishing.offline import finish
    from sitegen.finishing.page_safety import UnsafePage, check_site

    pages = finish(staging, Assets.read(GENERATED / "assets"), engine)
    try:
        check_site(staging)  # whatever a template or an extension let through, no page carries
    except UnsafePage as unsafe:
        shutil.rmtree(staging, ignore_errors=True)
        print(f"error: a page would carry what no page may: {unsafe}", file=sys.stderr)
        print(f"build stopped; {site} is unchanged", file=sys.stderr)
        return 1
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    staging.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    print(f"built {site} with {engine} ({pages} pages) in {time.perf_counter() - started:.2f} s")
    return 0


def _stamp() -> dict[str, tuple[int, int]]:
    """Every watched file's modification time and size."""
    found = {}
    for name in WATCHED:
        top = ROOT / name
        for path in [top] if top.is_file() else top.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                found[str(path)] = (stat.st_mtime_ns, stat.st_size)
    return found


def _die_with_parent() -> None:
    """In the engine's process: stop when `serve` stops, however it was stopped (Linux)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def serve(address: str, engine: str = "mkdocs") -> int:
    """The engine's live-reloading server over build/; an edit to the sources regenerates build/,
    so the page shows the current rules, code and calculators."""
    if not generate(serving=True, engine=engine, fresh=True):
        return 1
    config = str(GENERATED / "mkdocs.yml")
    command = (
        [sys.executable, "-m", "mkdocs", "serve", "-f", config, "--dev-addr", address]
        if engine == "mkdocs"
        else [zensical(), "serve", "-f", config, "--dev-addr", address]
    )
    server = subprocess.Popen(command, cwd=ROOT, env=build_env(), preexec_fn=_die_with_parent)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # so the server below is stopped too
    seen = _stamp()
    try:
        while server.poll() is None:
            time.sleep(0.5)
            now = _stamp()
            if now != seen:
                seen = now
                started = time.perf_counter()
                if generate(
                    serving=True, engine=engine, fresh=True
                ):  # a broken source keeps the last good tree (and page)
                    print(f"regenerated in {time.perf_counter() - started:.2f} s", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        server.terminate()
        server.wait(timeout=10)
    return server.returncode or 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "bench"])
    parser.add_argument("--site-dir", type=Path, default=SITE, help="where to build (default: site/)")
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address for serve")
    parser.add_argument("--engine", choices=ENGINES, default="mkdocs", help="what renders the pages (default: mkdocs)")
    args, rest = parser.parse_known_args(argv)
    if args.command == "bench":  # the benchmark's own options pass through (--before REF, --reps N)
        return subprocess.call([sys.executable, str(ROOT / "benchmarks" / "bench.py"), *rest], cwd=ROOT)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        return serve(args.dev_addr, args.engine)
    return build(args.site_dir.resolve(), args.engine)


if __name__ == "__main__":
    sys.exit(main())
