"""A whole activation (the route planner): read the legs with every kind the mechanics declare (read.py),
refuse what the text forbids before any dice (check.py), settle a charge (charge.py), walk the legs (walk.py),
say what the model may still do (after.py); plan.py puts them together."""
