"""Compile every kernel once, all together: the questions that between them need each
compiled kernel of the engine and the evaluators. numba caches the machine code (config.py),
so after warm_up() no question of any game compiles again until numba or studodds changes
(tests/test_warm.py asks a question of every game in a fresh process and counts compiles).

The list is by kernel, not by game: every kernel takes the game's hand kinds as arguments,
so one question compiles what every game of that kind of pot needs."""

from __future__ import annotations

import time
from collections.abc import Callable


def _questions() -> tuple[tuple[str, Callable[[], object]], ...]:
    """(what it compiles, in the words `studodds warm` prints; the question that does it).
    Imported here: the module is light until it warms."""
    import numpy as np

    from .declare import declare_table
    from .equity import equity
    from .eval import evaluate_batch
    from .whatif import next_card_table

    hand = np.array([[0, 4, 8, 12, 17, 21, 25]], dtype=np.int8)
    return (
        ("sampled odds, high-only or low-only games", lambda: equity("stud7", ["(As Ks) Ah", "(x x) Qd"],
                                                trials=2000, seed=1)),
        ("sampled odds, hi/lo games", lambda: equity("stud7hl8", ["(As 2s) 3h", "(x x) Qd"],
                                                   trials=2000, seed=1)),
        ("exact heads-up odds", lambda: equity("stud5", ["(As) Ah", "(x) Qd"], exact=True)),
        ("exact odds, high-only or low-only games", lambda: equity(
            "razz", ["(As 2s) 3h 4h 5c 9d", "(Qs Js) Qd Kd 2c 3c", "(7h 8h) 7c 8c Jh Th"],
            exact=True)),
        ("exact odds, hi/lo games", lambda: equity(
            "stud7hl8", ["(As 2s) 3h 4h 5c 9d", "(Qs Js) Qd Kd 2c 3c", "(7h 8h) 7c 8c Jh Th"],
            exact=True)),
        ("hole-card ranges", lambda: equity("stud7", ["(As Ks) Ah", "(top15%) Kd"],
                                            trials=2000, seed=1)),
        ("declare table, sampled", lambda: declare_table(
            "stud5hl", ["(As) 2h 3h", "(x) Kd Qd"], trials=2000, seed=1)),
        ("declare table, exact", lambda: declare_table(
            "stud5hl", ["(As) 2h 3h 4h", "(x) Kd Qd Jd"], exact=True)),
        ("next-card table", lambda: next_card_table("stud7", ["(As Ks) Ah Kh", "(x x) Qd Qc"],
                                                  trials=500, seed=1)),
        ("hand evaluator", lambda: [evaluate_batch(hand, kind) for kind in
                                 ("high", "low_a5", "low_8", "low_a6", "low_27")]),
    )


def warm_up(step: Callable[[int, int, str], None] | None = None) -> list[tuple[str, float]]:
    """Ask every question of the list; (what, seconds) for each. step(i, n, what) is told
    before each one (i from 1): the command line's progress."""
    questions = _questions()
    done = []
    for i, (what, ask) in enumerate(questions, start=1):
        if step is not None:
            step(i, len(questions), what)
        start = time.perf_counter()
        ask()
        done.append((what, time.perf_counter() - start))
    return done
