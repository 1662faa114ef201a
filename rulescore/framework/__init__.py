"""What a kind of rule is, apart from any rule: mechanic.py (a `Mechanic`: its numbers, calculators,
outcomes, quick-reference lines, compare topic, card rows, activations and what it asks before the first
inch), legs.py (a `LegKind`: a route leg's words, numbers, cost, check, walk, first route and side view)
and rules.py (the ruleset as a mechanic may read it). rulescore/mechanics/ holds the rules themselves."""
