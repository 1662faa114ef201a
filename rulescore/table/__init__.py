"""A player's table: their models' characteristics (models.py), their house rules (house_rules.py) and the
file that carries both (file.py), read whole or refused whole."""
