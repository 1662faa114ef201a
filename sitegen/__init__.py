"""Turns the rules texts in rules/ into MkDocs pages (build time only, never shipped)."""
