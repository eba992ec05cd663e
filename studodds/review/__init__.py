"""Reviewing a player's hands: the price of each decision (decisions.py) and the luck at
showdown, street by street (luck.py)."""
