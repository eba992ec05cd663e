"""Dealing and counting: the numba kernels that turn a checked table into integer tallies.

sim (Monte Carlo), exact (enumeration), headsup and headsup_split (exact heads-up counting),
showdown (who gets the pot, tallies), inputs (the arrays a run takes) and runs (each run,
from inputs to tallies). Nothing here knows text or options.
"""
