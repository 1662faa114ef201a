"""The answer as the site shows it: HTML with the site's classes and addresses, game terms explained on
tap, the line that says which values an answer is for. Shipped in the wheel (the page's worker asks it),
but apart from the rules core: nothing outside rulescore/web imports it (tests/test_style.py checks)."""
