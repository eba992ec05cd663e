"""How long the server spends on one question: constants only, so that `studodds serve`'s
options can name them without importing the server (asyncio and threads) at every start
of the command line."""

# The longest question the server answers, by its estimate (questions.Limits refuses a
# longer one, with the command that asks it in a terminal); a question still running at
# OVERRUN times this (its estimate was wrong, or it had none) is stopped. A few seconds of
# numba compiling on a kernel's first use fit well inside.
MAX_SECONDS = 60.0
OVERRUN = 3
