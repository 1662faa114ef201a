"""Reading what comes from outside: the rules/ folder (or the wheel's rules.json), a value as numbers.toml
writes it, a value with the section it is written in, what a number takes from outside the text, a section's
anchor, JSON nested no deeper than ours. Knows no mechanic."""
