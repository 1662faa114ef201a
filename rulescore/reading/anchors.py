"""A section's anchor, made from its title: the one name the rules core, the texts and the site share."""

from __future__ import annotations

import re


def slugify(title: str) -> str:
    """Readable anchor: `Jumping Down` -> `jumping-down`, `1. Charge!` -> `1-charge`."""
    plain = re.sub(r"[’'`]", "", title.lower())
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"
