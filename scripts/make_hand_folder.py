"""Write a folder of generated PokerStars seven-card stud hands: random cards, simple
betting (a bring-in, completions, one bet a street, calls and folds), every amount
consistent, so that each reads without a problem. For the review database's benchmark
(scripts/bench_review.py) and its kill and concurrency tests (tests/test_review_import.py).

    python scripts/make_hand_folder.py FOLDER --hands 10000 --per-file 500 --seed 1
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # the bring-in's order: clubs lowest
DECK = [r + s for r in RANKS for s in SUITS]
NAMES = ("Hero", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
STAKES = ((2, 4, 0.25, 0.5), (0.04, 0.08, 0.01, 0.02), (5, 10, 0.5, 2))


def _money(x: float) -> str:
    return f"${x:.0f}" if abs(x - round(x)) < 1e-9 else f"${x:.2f}"


def _door_order(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


def hand_text(number: int, rng: random.Random) -> str:
    """One hand, #number, in PokerStars' layout."""
    small, big, ante, bring = rng.choice(STAKES)
    players = list(NAMES[:rng.randint(2, len(NAMES))])
    deck = DECK[:]
    rng.shuffle(deck)
    cards = {p: [deck.pop() for _ in range(7)] for p in players}
    header = (f"PokerStars Hand #{number}:  7 Card Stud Limit ({_money(small)}/{_money(big)} "
              "USD) - 2024/01/01 12:00:00 ET")
    lines = [header, "Table 'Generated' 8-max"]
    lines += [f"Seat {i + 1}: {p} ($1000 in chips)" for i, p in enumerate(players)]
    lines += [f"{p}: posts the ante {_money(ante)}" for p in players]
    put = dict.fromkeys(players, ante)
    live = list(players)
    returned: tuple[str, float] | None = None
    for street, name in enumerate(("3rd", "4th", "5th", "6th", "RIVER")):
        lines.append(f"*** {name if name == 'RIVER' else name + ' STREET'} ***")
        held = 3 + street
        for p in live:
            if p == "Hero":
                old, new = cards[p][:held - 1], cards[p][held - 1:held]
                if street == 0:
                    lines.append(f"Dealt to Hero [{' '.join(cards[p][:3])}]")
                else:
                    lines.append(f"Dealt to Hero [{' '.join(old)}] [{' '.join(new)}]")
            elif street == 0:
                lines.append(f"Dealt to {p} [{cards[p][2]}]")
            elif street < 4:
                lines.append(f"Dealt to {p} [{' '.join(cards[p][2:held - 1])}] "
                             f"[{cards[p][held - 1]}]")
        if street == 0:
            first = min(live, key=lambda p: _door_order(cards[p][2]))
            at = live.index(first)
            order = live[at:] + live[:at]
            lines.append(f"{first}: brings in for {_money(bring)}")
            bet, paid = bring, {p: 0.0 for p in live}
            paid[first] = bring
            for p in order[1:] + [first]:
                if p == first and bet == bring:
                    break  # nobody completed: the bring-in's round is over
                if p != first and rng.random() < 0.45 and len(live) > 1:
                    lines.append(f"{p}: folds")
                    live.remove(p)
                elif bet == bring and rng.random() < 0.5:
                    lines.append(f"{p}: completes it to {_money(small)}")
                    paid[p], bet = small, small
                elif p == first and rng.random() < 0.5:
                    lines.append(f"{p}: folds")
                    live.remove(p)
                else:
                    lines.append(f"{p}: calls {_money(bet - paid[p])}")
                    paid[p] = bet
            # Those who called the bring-in before the completion fold to it.
            for p in order[1:]:
                if p in live and paid[p] < bet:
                    lines.append(f"{p}: folds")
                    live.remove(p)
            for p, chips in paid.items():
                put[p] += chips
        else:
            size = small if street < 3 else big
            opener = live[0]
            if rng.random() < 0.5:
                lines.append(f"{opener}: bets {_money(size)}")
                put[opener] += size
                stayed = [opener]
                for p in live[1:]:
                    if rng.random() < 0.3:
                        lines.append(f"{p}: folds")
                    else:
                        lines.append(f"{p}: calls {_money(size)}")
                        put[p] += size
                        stayed.append(p)
                live = stayed
                if len(live) == 1:
                    returned = (opener, size)
            else:
                lines += [f"{p}: checks" for p in live]
        if len(live) == 1:
            if returned is None and street == 0 and put[live[0]] > max(
                    v for p, v in put.items() if p != live[0]):
                top = sorted(put.values())[-2]
                returned = (live[0], put[live[0]] - top)
            break
    if returned is not None:
        lines.append(f"Uncalled bet ({_money(returned[1])}) returned to {returned[0]}")
        put[returned[0]] -= returned[1]
    pot = round(sum(put.values()), 2)
    winner = live[0] if len(live) == 1 else rng.choice(live)
    if len(live) > 1:
        lines.append("*** SHOW DOWN ***")
        lines += [f"{p}: shows [{' '.join(cards[p])}]" for p in live]
    lines.append(f"{winner} collected {_money(pot)} from pot")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {_money(pot)} | Rake $0")
    return "\n".join(lines) + "\n"


def write_folder(folder: Path, hands: int, per_file: int = 500, seed: int = 1,
                 first: int = 1) -> list[Path]:
    """Write ``hands`` hands numbered from ``first``, ``per_file`` to a file."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    paths = []
    for start in range(0, hands, per_file):
        path = folder / f"hands_{start // per_file:04d}.txt"
        count = min(per_file, hands - start)
        path.write_text("\n\n".join(hand_text(first + start + i, rng) for i in range(count)))
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    paths = write_folder(args.folder, args.hands, args.per_file, args.seed)
    print(f"wrote {args.hands:,} hands in {len(paths)} files to {args.folder}")


if __name__ == "__main__":
    main()
