"""Reading what comes from outside. Knows no mechanic.
- folder.py: the one reader of rules/ (sitegen uses it too; in the wheel, rules.json);
- values.py: a value as numbers.toml writes it; rule_value.py: a value and the section it is written in;
- assumptions.py: what a number takes from outside the text; anchors.py: a section's anchor from its title;
- json_text.py: JSON from outside read only when it nests no deeper than ours (40,000 brackets overflowed
  the parser, and Pyodide with it)."""
