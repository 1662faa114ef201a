"""The site's JavaScript held to the Python's standards (#37): the service worker's own decisions tested in
Node before the build writes its manifest in (tests/js/), and the build's sw.js still runs there."""

from __future__ import annotations

import subprocess

from tests.helpers import ROOT


def test_the_service_workers_decisions_pass_in_node():
    done = subprocess.run(["node", "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout


def test_a_built_service_worker_is_valid_javascript_with_its_manifest(tmp_path):
    from sitegen.bundle.assets import Assets
    from sitegen.finishing.offline import service_worker, written_manifest

    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    (tmp_path / "assets" / "elsewhere").mkdir(parents=True)
    (tmp_path / "assets" / "elsewhere" / "rulescore.whl").write_bytes(b"wheel")
    (tmp_path / "assets" / "answers" / "1").mkdir(parents=True)
    (tmp_path / "assets" / "answers" / "1" / "fall.json").write_text("{}", encoding="utf-8")
    # Told by the bundle which files are the worker's, wherever it put them.
    paths = ("assets/pyodide/0/", "assets/pyodide/0/stdlib.zip", "assets/elsewhere/rulescore.whl", "assets/c/1/")
    assets = Assets(tmp_path, "0", *paths, "assets/snapshot/1.bin", "assets/answers/1/")
    (tmp_path / "sw.js").write_text(service_worker(tmp_path, assets), encoding="utf-8")
    # Run whole in Node, where it is no service worker: the manifest it was written with is read and its
    # addresses made, and nothing else happens (it registers no listener outside a browser).
    run = "require('node:vm').runInNewContext(require('node:fs').readFileSync(process.argv[1], 'utf8'), { URL })"
    done = subprocess.run(["node", "-e", run, str(tmp_path / "sw.js")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    m = written_manifest((tmp_path / "sw.js").read_text(encoding="utf-8"))
    # The page is kept whole before the build takes over, the wheel once idle; a first visit's stored answers never.
    assert [len(m["build"]), list(m["pages"]), list(m["runtime"]), m["runtimeBytes"]] == [
        16,
        ["./"],
        ["assets/elsewhere/rulescore.whl"],
        5,
    ]
