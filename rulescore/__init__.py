"""Movement rules and exact dice odds for the rulesets in rules/ (each one's numbers.toml).
Standard library only: the same code runs in CPython and in the browser (Pyodide).
"""

from rulescore.dice.distribution import Distribution
from rulescore.entry import calculate, catalogue
from rulescore.rulebooks import RULESETS

__all__ = ["Distribution", "RULESETS", "calculate", "catalogue"]
__version__ = "0.1.0"
