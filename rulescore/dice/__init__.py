"""Dice as exact distributions (Fractions, no simulation: distribution.py), the rolls players write
("2D6", "4+", a test on a characteristic: rolls.py) and the injury rolls a fall's hits lead to (wounds.py).
Imports nothing else of rulescore."""
