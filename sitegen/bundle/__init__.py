"""The Pyodide bundle: the runtime, our wheel compiled for it, the trimmed standard library, the saved
start, the calculators' scripts and the answers stored for a first visit. `assets.stage` makes it and
says what it made (build/assets/manifest.json)."""
