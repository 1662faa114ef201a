"""The rules: one module per kind of rule, each declaring its `Mechanic` and the kinds of route leg it owns
(rulescore/framework/ says what those are). The list of them is rulescore/rulebooks.py.
- charging.py, with charge_moves.py (how far a charge moves), interception.py (an enemy near its route),
  charge_responses.py (what the charged unit may do) and charge_after.py (what a charge leaves to do);
- jumping_down.py, diving.py, gaps.py, climbing.py, edges.py, running.py, barriers.py, hiding.py,
  half_move.py; falling.py with fall_kinds.py; initiative.py (the Initiative test); ground.py (ground
  costs, the move leg)."""
