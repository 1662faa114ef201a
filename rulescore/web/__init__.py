"""The answer as the site shows it, the same at build time and in the page's worker. Shipped in the
wheel, but apart from the rules core: nothing outside rulescore/web imports it (tests/test_style.py checks).
- answer.py: the HTML, and `respond`, what the worker asks; protocol.py: the worker's replies as types,
  the fields of types/protocol.d.ts (tests/core/test_protocol.py ties them);
- address.py: where a section and an assumption are on the site; route_view.py: a route drawn from the side;
- terms.py: the glossaries and the one function that marks a game term; values.py: the "For: ..." line;
- table.py: Your table (a table file checked for the page, a model's card, the printed sheet)."""
