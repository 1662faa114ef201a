"""One module per kind of rule, each declaring its `Mechanic` (mechanic.py says what one is: its
numbers, calculators, outcomes, quick-reference lines and compare topic, route legs, what follows a route;
rules.py: the ruleset as a mechanic reads it) and the kinds of route leg it owns (legs.py's `LegKind`:
words, table, cost, check, walk, the side view's shape). The list of them is rulescore/rulebooks.py.
- charging.py, with charge_moves.py (how far a charge moves), interception.py (an enemy near its route),
  charge_responses.py (what the charged unit may do) and charge_after.py (what a charge leaves to do);
- jumping_down.py, diving.py, gaps.py, climbing.py, edges.py, running.py, barriers.py, hiding.py,
  half_move.py; falling.py with fall_kinds.py; initiative.py (the Initiative test); ground.py (ground
  costs, the move leg)."""
