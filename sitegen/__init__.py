"""Turns the rules texts in rules/ into the site (build time only, never shipped), by job: generate.py
reads rules/ once and writes the whole docs tree into build/ for an engine; pages/ makes the pages, bundle/
the Pyodide bundle, finishing/ what only the rendered site can give."""
