"""Dice as exact distributions (Fractions, no simulation), the rolls players write ("2D6", "4+", a test on a
characteristic) and the injury rolls a fall's hits lead to. Imports nothing else of rulescore."""
