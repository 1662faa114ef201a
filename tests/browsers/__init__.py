"""Browsers: the built site served on 127.0.0.1 and driven as a player would, in Chromium, Firefox ESR
and WebKitGTK (journeys.py holds the key journeys as data; engines/ the runners)."""
