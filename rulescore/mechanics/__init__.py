"""One module per kind of rule, each declaring its `Mechanic` (mechanic.py: its numbers, calculators, route
legs, compare topic, quick-reference lines) and any kinds of route leg it owns (legs.py). The list of them is
rulescore/rulebooks.py."""
