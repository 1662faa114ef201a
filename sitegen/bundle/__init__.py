"""The Pyodide bundle. `assets.stage` makes it and says what it made (build/assets/manifest.json, read
back as `Assets`): the runtime, our wheel compiled for it, the scripts.
- nearby.py: the answers a tap or two from each calculator's defaults, for a first visit (the forms found by
  the page's own taps through taps.mjs);
- stdlib.py, stdlib.mjs, pyodide_answers.py and pyodide_compile.py (both run inside Pyodide): the browser's
  precompiled standard library and wheel;
- snapshot.mjs and saved_start.py: the memory snapshot a returning visitor starts from."""
