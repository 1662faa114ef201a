"""A whole activation (the route planner):
- read.py: a route's legs read with every kind the mechanics declare;
- check.py: what the text forbids, refused before any dice;
- charge.py: what a charge settles before it moves, and its move;
- walk.py: the legs walked, each as its kind walks it (height.py: where the model stands);
- after.py: what the model may still do, each mechanic's own lines (`Mechanic.after`) in their order;
- plan.py: the allowance, and all of it put together."""
