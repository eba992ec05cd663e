"""Run by tests/test_warm.py in a fresh process after `studodds warm`: questions of every
game by every method (exact, Monte Carlo, distribution, next card, ranges, declarations).
Prints, as JSON: how many kernels numba compiled for them (0: all came from the cache), how
often numba refreshed its CPU target (0: the loads skipped it, studodds/numba_cache.py), and
a digest of every answer. With --refresh-first the target is refreshed before the first
question, as numba's own loads do: the answers must not change."""
import hashlib
import json
import re
import sys

import numpy as np
from numba.core import event as ev
from numba.core.base import BaseContext

count = [0]
class L(ev.Listener):
    def on_start(self, event): count[0] += 1
    def on_end(self, event): pass
ev.register("numba:compile", L())
refreshes, depth = [0], [0]
numbas_refresh = BaseContext.refresh
def refresh(self):
    refreshes[0] += not depth[0]  # a refresh, not the calls it makes of itself
    depth[0] += 1
    try:
        return numbas_refresh(self)
    finally:
        depth[0] -= 1
BaseContext.refresh = refresh
if "--refresh-first" in sys.argv:
    from numba.core.registry import cpu_target
    cpu_target.target_context.refresh()
import studodds
from studodds import equity, next_card_table
from studodds.declare import declare_table

answers = []
# every number of the answer; not the time it took, nor an estimate of it
ask = lambda f, *a, **k: answers.append(re.sub(r"(elapsed|seconds)=[^,)]*", "", repr(f(*a, **k))))
H7 = {2: ["(As Ks) Ah Kh", "(x x) Qd Qc"], 3: ["(As Ks) Ah Kh", "(x x) Qd Qc", "(x x) 2c 3c"]}
H5 = {2: ["(As) Ah Kh", "(x) Qd Qc"], 3: ["(As) Ah Kh", "(x) Qd Qc", "(x) 2c 3c"]}
for g in studodds.GAMES:
    H = H5 if g.startswith("stud5") else H7
    ask(equity, g, H[2], exact=True); ask(equity, g, H[2], trials=3000, seed=2)
    ask(equity, g, H[3], trials=3000, seed=2)
    ask(equity, g, H[3], trials=3000, seed=2, distribution=True)
    ask(next_card_table, g, H[2], trials=300, seed=2)
ask(equity, "razz", ["(As 2s) 3h 4h 5c 9d", "(Ks Qs) Qd Kd 2c 3c", "(x x) 7c 8c Jh Th"], exact=True)
ask(equity, "stud7hl8", ["(As 2s) 3h 4h 5c 9d", "(Ks Qs) Qd Kd 2c 3c", "(x x) 7c 8c Jh Th"],
    exact=True)
ask(equity, "stud7", ["(As Ks) Ah", "(top15%) Kd"], trials=2000, seed=1)
ask(equity, "stud7", ["(As Ks) Ah Kh Qh Jh", "(top15%) Kd 2c 3c 4c"], exact=True)
ask(declare_table, "stud7hl", ["(As 2s) 3h", "(x x) Kd"], trials=2000, seed=1)
ask(declare_table, "stud5hl", ["(As) 2h 3h 4h", "(x) Kd Qd Jd"], exact=True)
hands = np.argsort(np.random.default_rng(3).random((1000, 52)), axis=1)[:, :7].astype(np.uint8)
for kind in ("high", "low_a5", "low_8", "low_a6", "low_27"):
    ask(lambda h, k: studodds.evaluate_batch(h, k).tolist(), hands, kind)
print(json.dumps({"compiled": count[0], "refreshes": refreshes[0] - ("--refresh-first" in sys.argv),
                  "answers": len(answers),
                  "digest": hashlib.sha256("\n".join(answers).encode()).hexdigest()}))
