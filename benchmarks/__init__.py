"""The benchmark: `python build.py bench` (bench.py, the command line) prints figures, never asserts.
One module per figure: baselines.py (what the start is timed against: a bare Pyodide, the runtime's files
alone), startup.py (the calculators' start and latency in Chromium), engines.py (Firefox ESR and WebKitGTK),
pages.py (page weights), updates.py (the offline copy, what an update downloads), lighthouse.py, builds.py
(build and serve times), next_page.py and first_taps.py (journeys timed in three engines), search.py
(downloads, keystrokes at CPU 4x, the index's growth), marking.py (a sentence marked), table.py and
table_setup.py (Your table), house_rules.py (what house rules cost an answer), main_thread.py (long tasks);
common.py: what they share (a build of this checkout or of another git ref)."""
