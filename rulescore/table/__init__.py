"""A player's table, read whole or refused whole:
- models.py: a model's characteristics; `fill` puts them into a calculator's fields, as each field's
  `characteristic` says whose it is;
- house_rules.py: a number or one of our readings played otherwise: the ruleset loaded again with the
  table's value by the same reader (`entry.answer(..., house=...)` names each house rule an answer would be
  other without);
- file.py: the file a player saves, opens and shares, and `--model`/`--house-rules` read;
- roster.py: a warband typed a line a model."""
