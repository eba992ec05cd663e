"""How a question is answered: exactly or by sampling, how far, with which seed, on how many
threads, and whom to tell on the way. One value (Method), checked once when it is made and
passed whole through the library, so that a new way of running touches one place.

The public functions (equity, next_card_table, declare_table, replay_hand, ...) take either
``method=Method(...)`` or the same fields as keywords (MethodOptions), never both:

>>> Method(trials=10_000, seed=1)
Method(exact=None, trials=10000, precision=None, seed=1, threads=None)
>>> Method(exact=True, trials=10)
Traceback (most recent call last):
...
studodds.messages.OptionError: choose one method: exact, or trials / precision for sampling
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

import numpy as np

from .config import most_threads
from .messages import OptionError, option, real_number, shown, whole_number

# The engine (numba) is loaded by the checks and estimates that need it, not by importing
# this module: the command line builds a Method before it knows whether it will compute.

# An equity's variance is at most 1/4, so this precision needs at most 6.25e8 trials: a
# target down here is always reached within MAX_TRIALS.
MIN_PRECISION = 2e-5


@dataclass(frozen=True)
class RunEstimate:
    """How long the work about to start will take (engine/timing.py), told before it starts
    so that a caller can say so when it is long.

    method: "counting" (heads-up, every deal counted exactly), "enumeration" (every deal
    visited) or "sampling" (Monte Carlo); deals: the deals counted, visited or sampled (for
    sampling to a precision, the most it can take); at_most: the time is an upper bound
    (sampling to a precision usually stops sooner); runs: equity questions answered (the
    next-card table asks one for now and one per card).
    """

    seconds: float
    method: str
    deals: float
    at_most: bool = False
    runs: int = 1
    player: int | None = None  # whose next card, for the next-card table

    def on_this_machine(self) -> RunEstimate:
        """The estimate scaled by this machine's speed (timing.on_this_machine): what is
        told; the constants' own figure adds up over a table's questions first."""
        from .engine import timing

        return dataclasses.replace(self, seconds=timing.on_this_machine(self.seconds))


class MethodOptions(TypedDict, total=False):
    """Method's fields as keywords of the public functions (``equity(..., seed=1)``)."""

    exact: bool | None
    trials: int | None
    precision: float | None
    seed: int | None
    threads: int | None
    progress: Callable[[float], None] | None
    on_estimate: Callable[[RunEstimate], None] | None


@dataclass(frozen=True)
class Method:
    """exact=True enumerates (or counts) every deal; trials=N or precision=SE sample (stop
    after N trials, or once every equity's standard error is below SE); with none of the
    three, small problems are answered exactly and the rest sampled to a standard error of
    0.0005. seed makes sampling reproducible on any number of threads (None: a new one,
    reported with the result). threads: how many to run on (None: every core).
    progress(fraction) is called as the work advances; on_estimate(RunEstimate) once,
    before the work starts, with how long it will take."""

    exact: bool | None = None
    trials: int | None = None
    precision: float | None = None
    seed: int | None = None
    threads: int | None = None
    progress: Callable[[float], None] | None = field(default=None, repr=False)
    on_estimate: Callable[[RunEstimate], None] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        check_method(self.exact, self.trials, self.precision, self.seed)
        check_callbacks(self.threads, self.progress, self.on_estimate)

    @property
    def automatic(self) -> bool:
        """No method chosen: the library picks exact or sampling by the size of the work."""
        return self.exact is None and self.trials is None and self.precision is None

    def replace(self, **changes: Unpack[MethodOptions]) -> Method:
        return dataclasses.replace(self, **changes)

    @classmethod
    def of(cls, method: Method | None, options: MethodOptions) -> Method:
        """The method a public function was given: ``method=`` or its fields as keywords.
        A keyword that is no field is a TypeError, as for any function, naming the nearest
        field (Python's named Method.__init__, which the caller never called)."""
        fields = [f.name for f in dataclasses.fields(cls)]
        for name in options:
            if name not in fields:
                import difflib  # only on this error

                near = difflib.get_close_matches(name, fields, n=1)
                raise TypeError(f"unexpected keyword argument {name!r}" + (
                    f": did you mean {near[0]!r}?" if near
                    else f"; the method's are {', '.join(fields)}"))
        if method is None:
            return cls(**options)
        if not isinstance(method, Method):
            raise OptionError(f"method is a studodds.Method, got {shown(method)}")
        if options:
            raise OptionError(
                f"give method=Method(...) or its fields ({', '.join(sorted(options))}) as "
                "keywords, not both")
        return method


def check_method(exact, trials, precision, seed) -> None:
    """The method's choice, checked before any work (chart checks its spots' options with
    this too, before it writes them)."""
    if exact is not None and not isinstance(exact, bool | np.bool_):
        raise OptionError(f"exact is True, False or None, got {shown(exact)}")
    if exact and (trials is not None or precision is not None):
        raise OptionError("choose one method: exact, or trials / precision for sampling")
    if trials is not None and precision is not None:
        raise OptionError("give trials or precision, not both")
    if trials is not None and not whole_number(trials):
        raise OptionError(f"trials must be a whole number, got {shown(trials)}")
    if seed is not None and (not whole_number(seed) or seed < 0):
        raise OptionError(f"{option('seed')} is a whole number 0 or more, got {shown(seed)}",
                          fields=("seed",))
    if trials is not None:
        from .engine.runs import MAX_TRIALS

        if not 1 <= trials <= MAX_TRIALS:
            raise OptionError(
                f"trials must be between 1 and {MAX_TRIALS:,}, got {shown(trials)}")
    if precision is not None and not real_number(precision):
        raise OptionError(
            f"precision is a number, a standard error such as 0.001, got {shown(precision)}"
        )
    if precision is not None and not MIN_PRECISION <= precision < 0.5:
        raise OptionError(
            f"precision is a standard error from {MIN_PRECISION} to 0.5, got {shown(precision)}"
        )


def check_callbacks(threads, progress, on_estimate) -> None:
    """The rest of a method: the threads, and the callbacks."""
    if threads is not None:
        most = most_threads()
        if not whole_number(threads) or not 1 <= threads <= most:
            raise OptionError(
                f"threads must be between 1 and {most} (a whole number), got {shown(threads)}")
    if progress is not None and not callable(progress):
        raise OptionError(
            f"progress is a function taking the fraction done, or None, got {shown(progress)}"
        )
    if on_estimate is not None and not callable(on_estimate):
        raise OptionError(
            f"on_estimate is a function taking a RunEstimate, or None, got {shown(on_estimate)}"
        )


def threads_of(method: Method) -> int:
    """The threads a run uses: the method's, or every core numba is set to."""
    import numba

    return numba.get_num_threads() if method.threads is None else method.threads


# The method of a caller that chose none: the library picks exact or sampling by size.
AUTOMATIC = Method()


__all__ = ["AUTOMATIC", "MIN_PRECISION", "Method", "MethodOptions", "RunEstimate", "check_method"]
