"""Movement rules and exact dice odds for Mordheim, Warhammer Fantasy Battle 6th, Trench Crusade
and Coreheim. Standard library only: the same code runs in CPython and in the browser (Pyodide).
"""

from rulescore.dice import Distribution
from rulescore.entry import calculate, catalogue
from rulescore.rulesets import RULESETS

__all__ = ["Distribution", "RULESETS", "calculate", "catalogue"]
__version__ = "0.1.0"
