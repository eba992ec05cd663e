"""Run by tests/test_warm.py in a fresh process after `studodds warm`: questions of every
game by every method (exact, Monte Carlo, distribution, next card, ranges, declarations);
prints how many kernels numba compiled for them (0: all came from the cache)."""
from numba.core import event as ev

count = [0]
class L(ev.Listener):
    def on_start(self, event): count[0] += 1
    def on_end(self, event): pass
ev.register("numba:compile", L())
import studodds
from studodds import equity, next_card_table
from studodds.declare import declare_table

H7 = {2: ["(As Ks) Ah Kh", "(x x) Qd Qc"], 3: ["(As Ks) Ah Kh", "(x x) Qd Qc", "(x x) 2c 3c"]}
H5 = {2: ["(As) Ah Kh", "(x) Qd Qc"], 3: ["(As) Ah Kh", "(x) Qd Qc", "(x) 2c 3c"]}
for g in studodds.GAMES:
    H = H5 if g.startswith("stud5") else H7
    equity(g, H[2], exact=True); equity(g, H[2], trials=3000, seed=2)
    equity(g, H[3], trials=3000, seed=2); equity(g, H[3], trials=3000, seed=2, distribution=True)
    next_card_table(g, H[2], trials=300, seed=2)
equity("razz", ["(As 2s) 3h 4h 5c 9d", "(Ks Qs) Qd Kd 2c 3c", "(x x) 7c 8c Jh Th"], exact=True)
equity("stud7hl8", ["(As 2s) 3h 4h 5c 9d", "(Ks Qs) Qd Kd 2c 3c", "(x x) 7c 8c Jh Th"], exact=True)
equity("stud7", ["(As Ks) Ah", "(top15%) Kd"], trials=2000, seed=1)
equity("stud7", ["(As Ks) Ah Kh Qh Jh", "(top15%) Kd 2c 3c 4c"], exact=True)
declare_table("stud7hl", ["(As 2s) 3h", "(x x) Kd"], trials=2000, seed=1)
declare_table("stud5hl", ["(As) 2h 3h 4h", "(x) Kd Qd Jd"], exact=True)
print(count[0])
