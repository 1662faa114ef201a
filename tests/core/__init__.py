"""The rules core: rulescore's dice, rules and calculators against hand-worked answers, an independent
oracle, icepool, and the same suite again inside Pyodide."""
