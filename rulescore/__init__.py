"""Movement rules and exact dice odds for the rulesets in rules/ (each one's numbers.toml).
Standard library only: the same code runs in CPython and in the browser (Pyodide).

Packages by floor: each imports only those listed before it (tests/test_style.py checks): dice, reading,
answers, mechanics, route, table; web stands apart (nothing else imports it). At the top:
- rulesets.py: numbers.toml checked with the mechanics it is handed;
- ruleset.py: one loaded ruleset, its numbers read typed (`table(Climb)`, `given(Climb)`, `single`, `costs`);
- rulebooks.py: every mechanic in the order players meet them, each ruleset read with them (MECHANICS,
  RULESETS, CALCULATORS);
- doors.py: every calculator and the route planner in one table, each asked the same way;
- entry.py: the one way in (`answer` typed, `calculate` its JSON); compare.py: one calculator across
  rulesets; reference.py: the quick-reference lines; __main__.py: the command line.
"""

from rulescore.dice.distribution import Distribution
from rulescore.entry import calculate, catalogue
from rulescore.rulebooks import RULESETS

__all__ = ["Distribution", "RULESETS", "calculate", "catalogue"]
__version__ = "0.1.0"
