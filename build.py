"""Build the rules site: `python build.py` into site/, `python build.py serve` to work on it,
`python build.py bench` to print the benchmark's figures.

Reads the rules texts in rules/ and checks them, builds the rulescore wheel, stages it with the
Pyodide runtime, and runs MkDocs (whose hook in sitegen/ turns the texts into pages and puts the
calculators in them). A broken source stops the build with its file and line and leaves the last
good site/ as it was.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
RULES = ROOT / "rules"
SITE = ROOT / "site"
# A fixed build date, so the same input gives the same bytes (the sitemap carries a date).
BUILD_EPOCH = "315532800"


def mkdocs_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SOURCE_DATE_EPOCH", BUILD_EPOCH)
    env["NO_MKDOCS_2_WARNING"] = "1"  # Material's end-of-support banner is not a build warning
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def prepare() -> bool:
    """Parse every ruleset, then stage the wheel and the Pyodide runtime for MkDocs to copy.

    Errors read as one line naming the file, before MkDocs runs.
    """
    sys.path.insert(0, str(ROOT))
    from sitegen.assets import stage
    from sitegen.content import load_content
    from sitegen.errors import SourceError

    try:
        load_content(RULES)
        assets = stage(ROOT, mkdocs_env())
    except SourceError as error:
        print(f"error: {error}", file=sys.stderr)
        return False
    print(f"staged Pyodide {assets.pyodide_version} and {assets.wheel}")
    return True


def build(site: Path = SITE) -> int:
    """Build into a fresh folder beside `site`, then swap it in only if everything worked."""
    started = time.perf_counter()
    if not prepare():
        print(f"build stopped; {site} is unchanged", file=sys.stderr)
        return 1
    staging = Path(tempfile.mkdtemp(prefix=".site-", dir=site.parent))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "--site-dir", str(staging)],
        cwd=ROOT, env=mkdocs_env(), capture_output=True, text=True,
    )
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        sys.stderr.write(done.stdout + done.stderr)
        print(f"build stopped; {site} is unchanged", file=sys.stderr)
        return 1
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    staging.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    print(f"built {site} in {time.perf_counter() - started:.2f} s")
    return 0


def serve(address: str) -> int:
    """MkDocs' live-reloading server: editing a rules text rebuilds the pages."""
    if not prepare():
        return 1
    # Become the server (no child left behind when this process is stopped).
    os.chdir(ROOT)
    os.execve(sys.executable, [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", address], mkdocs_env())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "bench"])
    parser.add_argument("--site-dir", type=Path, default=SITE, help="where to build (default: site/)")
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address for serve")
    args, rest = parser.parse_known_args(argv)
    if args.command == "bench":  # the benchmark's own options pass through (--before REF, --reps N)
        return subprocess.call([sys.executable, str(ROOT / "benchmarks" / "bench.py"), *rest], cwd=ROOT)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        return serve(args.dev_addr)
    return build(args.site_dir.resolve())


if __name__ == "__main__":
    sys.exit(main())
