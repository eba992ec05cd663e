"""Dealing and counting: the numba kernels that turn a checked table into integer tallies.

    sim            Monte Carlo: a partial shuffle per trial, in chunks on every thread
    exact          enumeration: every way the unseen cards can be dealt
    headsup        exact heads-up counting, fast enough for third street
    headsup_split  the same for split pots, high and low jointly
    headsup_kernels  the compiled kernels of both
    final_hands    every way one hand can end, tallied by value (`studodds odds`)
    showdown       who gets the pot at one showdown, counted into tallies
    joint          the ranged players' joint hole-card choices: can they all hold at once
    inputs         the arrays a run takes, built from a checked Scenario
    kernel_args    the Monte Carlo and enumeration kernels' arrays, bundled and described
    counting_args  the same for the heads-up counting kernels
    runs           each run, from inputs to tallies, and when a sampled run stops
    chunked        a serial kernel run over parts of its work on several threads
    pipeline       numba's compiler pipeline plus copy propagation, for the serial kernels
    timing         how long a run will take, from the sizes its kernel works through

Nothing here reads options or renders results. One error is worded here: joint's
JointSearchTooHard, which carries the players it names (scenario.py passes it on).
"""
