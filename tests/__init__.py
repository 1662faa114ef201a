"""pytest, by layer; the built site is a fixture (conftest.py).
- core/: rulescore against hand-worked answers; oracle.py, a second, independent reading of every calculator
  that enumerates every roll (test_oracle.py over grid.py's seeded edge cases, in CPython and in Pyodide);
  test_icepool.py, a third opinion no one here wrote; test_new_mechanic.py, CONTRIBUTING.md's recipe in a copy.
- generation/: reading rules/, parsing, cross-references, compare pages, the build (test_new_ruleset.py adds
  an invented sixth ruleset).
- site/: the built files (every page, link, anchor, search entry; the Nu HTML Checker; both engines);
  questions/ the players' questions search is measured on.
- browsers/: the built site driven in Chromium, Firefox ESR and WebKitGTK (journeys.py: the key journeys as
  data; engines/: the three runners), axe-core over every page, screenshots at 360 and 1280 px.
- server.py: the static server the tests and the benchmark share (another build, a login page, no signal, a
  held runtime); host.py: what a host and a slow link do; helpers.py: page readers, the project copier;
  test_style.py: ruff, mypy, tsc, ESLint, floors, no long file without a reason; test_docs_true.py: every
  path the docs name exists."""
