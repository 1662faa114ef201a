"""A whole activation (the route planner):
- read.py: a route's legs read with every kind the mechanics declare;
- check.py: what the text forbids, refused before any dice;
- charge.py: a charge's move and its walk, a kind of activation walked its own way (own.py says what one
  declares; activations.py lists them); charge_form.py: what it asks and settles before it moves, and what it
  says of a route's legs;
- walk.py: the legs walked, each as its kind walks it (height.py: where the model stands);
- after.py: what the model may still do, each mechanic's own lines (`Mechanic.after`) in their order;
- plan.py: all of it put together, with each kind of activation and question its rule declares
  (`Mechanic.activations`, `Mechanic.asks`)."""
