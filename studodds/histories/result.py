"""Who won what at the end of a hand: each pot (the main pot, then the side pots after an
all-in) with its size and its winners, which half each took in a split game, the hand
each winner showed in words, the rake the file gives, and each player's net.

The pots are built from the chips each player put in, uncalled bets returned taken off,
as the table rules split them (table.BettingRound.pots). Who collected is the record's
word (HandHistory.collected); the hands shown are evaluated to tell which pot each
collector won and, in a split game, which half; a file that writes no collected lines
(PHH) has the pots every contender showed down for go by the cards. Where the cards
shown make other winners than the file's collectors, the file's word is kept and a note
says what the cards make. Where the record cannot tell (a hand cut short, a winner who
did not show or showed part of a hand, no collected lines and a hand not shown) the
result says what is known and no more: a winner's hand is never guessed.

Each pot is also said in a sentence (PotResult.text), the words the table and the page
print, e.g. for tests/data/handhistories/studhl_split.txt:

    The pot of 10.25 is split: Hero takes the low half (4.90 after the rake) with a
    7-6-4-2-A low; HighRoller takes the high half (4.90 after the rake) with two pair,
    kings and eights (K-K-8-8-T)

Money is written as the file writes it: in a hand whose amounts have cents, every amount
with two decimals (4.90, 22.00); tournament chips whole (3150).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .. import table
from ..cards import cards_str
from ..eval import NO_LOW, Evaluation, evaluate
from ..games import Game, get_game
from ..messages import amount_text
from .chips import (
    all_in_at_the_end,
    in_cents,
    put_in_at_the_end,
    record_amount,
    shortfall,
    shortfall_text,
)
from .record import HandHistory
from .streets import down_positions

# A cent: what a share worked out from a pot is rounded to.
_CENT = Decimal("0.01")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


@dataclass(frozen=True)
class PotWinner:
    name: str
    half: str | None  # split games: "high", "low" or "both" (a scoop); else None
    amount: float | None  # what they took from this pot, when the record tells it
    cards: str | None  # the cards they showed, None when not shown
    hand: str | None  # the winning hand in words ("a full house, kings full of sevens")

    def to_dict(self) -> dict:
        return {"name": self.name, "half": self.half, "amount": self.amount,
                "cards": self.cards, "hand": self.hand}


@dataclass(frozen=True)
class PotResult:
    label: str  # "pot" (the only one), "main pot", "side pot", "side pot 2", ...
    amount: float  # every chip in it, before any rake
    eligible: tuple[str, ...]  # who could win it, in seat order
    winners: tuple[PotWinner, ...]  # empty when the record does not say
    text: str  # the pot in one sentence, as a dealer would say it
    no_low: bool = False  # split game: no hand qualified for low, the high hand took it all

    def to_dict(self) -> dict:
        return {"pot": self.label, "amount": self.amount, "eligible": list(self.eligible),
                "winners": [w.to_dict() for w in self.winners], "no_low": self.no_low,
                "text": self.text}


@dataclass(frozen=True)
class PlayerNet:
    name: str
    put_in: float  # antes and bets, less the uncalled bets returned
    returned: float  # uncalled bets returned
    collected: float
    net: float  # collected less put in

    def to_dict(self) -> dict:
        return {"name": self.name, "put_in": self.put_in, "returned": self.returned,
                "collected": self.collected, "net": self.net}


@dataclass(frozen=True)
class HandResult:
    pots: tuple[PotResult, ...]
    players: tuple[PlayerNet, ...]  # in seat order; empty when nobody's net can be told
    total_pot: float  # every chip put in, less the uncalled bets returned
    collected: float | None  # what the winners collected, None when the file does not say
    rake: float | None  # as the file gives it
    notes: tuple[str, ...] = ()  # what the record cannot tell, or where it does not add up
    # The hand's amounts have cents (money, not chips): every amount is written with two
    # decimals, in the sentences here and wherever the amounts above are shown.
    cents: bool = False

    def to_dict(self) -> dict:
        return {"pots": [p.to_dict() for p in self.pots], "total_pot": self.total_pot,
                "collected": self.collected, "rake": self.rake,
                "players": [p.to_dict() for p in self.players], "notes": list(self.notes),
                "cents": self.cents}


def hand_result(hh: HandHistory) -> HandResult:
    """The end of one hand as the record tells it: the pots and who won them, the rake,
    each player's net."""
    game = get_game(hh.game)
    returned = {name: record_amount(hh.uncalled.get(name, 0.0)) for name in hh.players}
    put_in = put_in_at_the_end(hh)
    total = sum(put_in.values(), Decimal(0))
    collected = {name: record_amount(amount) for name, amount in hh.collected.items() if amount}
    live = hh.live_players(len(hh.streets))
    cents = in_cents(hh)
    money = lambda amount: amount_text(amount, cents=cents)
    notes = []
    if any(amount < 0 for amount in put_in.values()) or not live:
        notes.append("the chips put in and returned do not add up: the pots cannot be told")
        return HandResult((), (), float(total), _total(collected), hh.rake, tuple(notes),
                          cents)
    try:
        pots = _pots(hh.game, hh.players, put_in, live)
    except table.RulesError as exc:  # amounts the table cannot count (a file's garble)
        notes.append(f"the pots cannot be told: {exc}")
        return HandResult((), (), float(total), _total(collected), hh.rake, tuple(notes),
                          cents)
    short = shortfall(hh, put_in, live, lambda: all_in_at_the_end(hh, put_in))
    if len(pots) > 1 and short:
        notes.append(shortfall_text(short, money) + ", so no side pot is made")
        pots = [(total, live)]
    if hh.cut is not None:
        # The reader stopped at a card it could not read; the file itself goes on.
        read = _and([street.name for street in hh.streets])
        pots_are = "the pots are those" if len(pots) > 1 else "the pot is that"
        notes.append(f"the hand is read only up to line {hh.cut.line} (a garbled card): who "
                     f"won it is not known, and {pots_are} of {read} street")
        return HandResult(tuple(_cut_pots(pots, money, hh.streets[-1].name)), (),
                          float(total), _total(collected), hh.rake, tuple(notes), cents)
    shown = _shown_hands(hh, game)
    winners = _winners(game, pots, shown, collected)
    if not collected:
        by_cards = any(by and len(eligible) > 1
                       for (_, eligible), (by, _) in zip(pots, winners, strict=True))
        notes.append("the file does not say who collected the pots: "
                     + ("the winners named are those the cards shown make, and " if by_cards
                        else "") + "nobody's net can be told")
    amounts = _amounts(pots, winners, collected, total)
    raked = hh.rake is not None and record_amount(hh.rake) > 0
    unseen = {name: words for name in hh.shown if name not in shown
              and (words := _unseen_cards(hh, game, name))}
    results = []
    for k, ((amount, eligible), (by_name, no_low)) in enumerate(zip(pots, winners,
                                                                   strict=True)):
        label = _label(k, len(pots))
        won = tuple(
            PotWinner(name, half, _float(amounts.get((k, name))),
                      cards_str(hh.shown[name]) if name in shown or name in unseen
                      else None,
                      _hand_words(game, shown[name], half, no_low) if name in shown
                      and len(eligible) > 1 else None)
            for name, half in by_name.items()
        ) if by_name is not None else ()
        text = _pot_text(label, amount, eligible, won, no_low, money, raked, unseen,
                         uncontested=len(live) == 1)
        results.append(PotResult(label, float(amount), eligible, won, text, no_low))
    if collected:
        nets = tuple(PlayerNet(name, float(put_in[name]), float(returned[name]),
                               float(collected.get(name, 0)),
                               float(collected.get(name, 0) - put_in[name]))
                     for name in hh.players)
    else:
        nets = ()
    notes += _against_the_cards(game, pots, winners, shown)
    notes += _balance_notes(hh, total, collected, money)
    # A player in a pot who collected too little to have won it (under a hundredth of it)
    # is no winner either, but was in a pot.
    in_pots = {name for _, eligible in pots for name in eligible}
    notes += [f"{name} collected {money(amount)}, but "
              + (f"the file shows no pot {name} won" if name in in_pots
                 else f"{name} was in no pot the file shows")
              for name, amount in collected.items()
              if name in hh.players and not any(by and name in by for by, _ in winners)]
    return HandResult(tuple(results), nets, float(total), _total(collected), hh.rake,
                      tuple(notes), cents)


def _float(amount: Decimal | None) -> float | None:
    return None if amount is None else float(amount)


def _total(collected: dict[str, Decimal]) -> float | None:
    return float(sum(collected.values(), Decimal(0))) if collected else None


def _label(k: int, n: int) -> str:
    """The pots as the replay's tables name them."""
    if n == 1:
        return "pot"
    return "main pot" if k == 0 else "side pot" if n == 2 else f"side pot {k}"


def _pots(game: str, players: tuple[str, ...], put_in: dict[str, Decimal],
          live: tuple[str, ...]) -> list[tuple[Decimal, tuple[str, ...]]]:
    """(amount, who can win it) of the main pot, then of each side pot."""
    if len(live) == 1:  # everyone else folded: every chip in is the last player's
        return [(sum(put_in.values(), Decimal(0)), live)]
    # Stakes and stacks (chips behind) do not change how the chips already in are split.
    stakes = table.Stakes(ante=0, bring_in=1, small_bet=1, big_bet=1)
    betting = table.BettingRound(game, 0, stakes, live, [1] * len(live),
                                 posted=[put_in[name] for name in live],
                                 dead=[put_in[name] for name in players if name not in live])
    return [(Decimal(pot.amount), tuple(pot.eligible)) for pot in betting.pots()]


def _shown_hands(hh: HandHistory, game: Game) -> dict[str, dict[str, Evaluation]]:
    """Each whole hand shown, evaluated in each kind the game plays: after a card shortage
    the community card is every player's last. A hand shown in part (a player showing
    two cards as he folds) is not a hand to win with."""
    out = {}
    for name, cards in hh.shown.items():
        cards = tuple(cards)
        if (hh.community is not None and len(cards) == game.hand_size - 1
                and hh.community not in cards):
            cards += (hh.community,)
        if len(cards) != game.hand_size:
            continue
        try:
            out[name] = {kind: evaluate(cards, kind) for kind in game.kinds}
        except ValueError:  # the same card twice: no hand to name
            continue
    return out


def _unseen_cards(hh: HandHistory, game: Game, name: str) -> str | None:
    """A hand shown in part: which of the player's cards the file does not have, in words
    ('the seventh card', 'two of the seven cards'); None when nothing is missing.

    A hand shown down before the last cards were dealt (an all-in) is the first cards
    dealt; the up cards dealt after it are known. Then the missing cards can be named;
    otherwise only counted."""
    size = game.hand_size
    shown = tuple(hh.shown[name])
    if name == hh.hero and set(shown) <= set(hh.hero_cards):
        shown = max(shown, tuple(hh.hero_cards), key=len)  # the hero's own, as dealt
    ups = tuple(hh.up_cards.get(name, ()))
    community = {hh.community} if hh.community is not None else set()
    missing = size - len(set(shown) | set(ups) | community)
    if missing <= 0:
        return None
    up_slots = [i for i in range(size) if i not in down_positions(hh.game)]
    ups_shown = sum(i < len(shown) for i in up_slots)  # up cards among the first shown
    if set(ups[:ups_shown]) <= set(shown) and not set(ups[ups_shown:]) & set(shown):
        known = set(range(len(shown))) | set(up_slots[ups_shown:len(ups)])
        known |= {size - 1} if community else set()
        slots = [k for k in range(size) if k not in known]
        if len(slots) == missing:
            return (f"the {_and([_ORDINALS[k] for k in slots])} card"
                    + ("s are" if missing > 1 else " is") + " not in the file")
    return (f"{_NUMBERS[missing]} of the {_NUMBERS[size]} cards "
            + ("are" if missing > 1 else "is") + " not in the file")


def _showdown(game: Game, hands: dict[str, dict[str, Evaluation]]
              ) -> tuple[dict[str, str | None], bool]:
    """Who wins a pot among these hands: name -> the half won ("high", "low", "both"; None
    in a game of one kind), in seat order, and whether no hand qualified for low."""
    best = lambda kind: max(h[kind].value for h in hands.values())
    if not game.split:
        kind = game.kinds[0]
        return {name: None for name, h in hands.items() if h[kind].value == best(kind)}, False
    high, low = game.kinds
    top_high, top_low = best(high), best(low)
    if top_low == NO_LOW:  # eight or better: nobody has a low, the high hand takes all
        return {name: "high" for name, h in hands.items() if h[high].value == top_high}, True
    out: dict[str, str | None] = {}
    for name, h in hands.items():
        halves = (h[high].value == top_high, h[low].value == top_low)
        if any(halves):
            out[name] = "both" if all(halves) else "high" if halves[0] else "low"
    return out, False


def _winners(game: Game, pots, shown: dict,
             collected: dict[str, Decimal]) -> list[tuple[dict[str, str | None] | None, bool]]:
    """Per pot: who won it (name -> half, as _showdown) or None when the record does not
    say, and whether no hand qualified for low.

    A pot only one player can win is theirs. The others: the hands shown, when every
    player who could win each pot showed and the winners they make are the players who
    collected; else the collectors, pot by pot from the last side pot down (what a
    player collected pays for the side pots they won first), and the halves from the
    hands shown when those hands make the same winners (a player who did not show, or
    mucked, won nothing)."""
    contested = [k for k, (_, eligible) in enumerate(pots) if len(eligible) > 1]
    out: list[tuple[dict | None, bool]] = [
        ({pots[k][1][0]: None}, False) if len(pots[k][1]) == 1 else (None, False)
        for k in range(len(pots))
    ]
    if not contested:
        return out
    # Declare games: the halves go by the declarations, which the record does not keep.
    by_cards = {} if game.declare else {
        k: _showdown(game, {n: shown[n] for n in pots[k][1] if n in shown})
        for k in contested if any(n in shown for n in pots[k][1])
    }
    everyone_showed = all(k in by_cards and all(n in shown for n in pots[k][1])
                          for k in contested)
    if everyone_showed and collected:
        by_rules = {n for k in contested for n in by_cards[k][0]}
        by_rules |= {pots[k][1][0] for k in range(len(pots)) if k not in contested}
    if everyone_showed and collected and by_rules == set(collected):
        for k in contested:
            out[k] = by_cards[k]
        return out
    if not collected:  # (PHH writes no winnings): a pot every contender showed down
        # for goes by the cards; the others are not known
        for k in contested:
            if k in by_cards and all(n in shown for n in pots[k][1]):
                out[k] = by_cards[k]
        return out
    left = dict(collected)
    for k in reversed(range(len(pots))):
        amount, eligible = pots[k]
        if len(eligible) == 1:
            names = eligible
        else:
            # More than a hundredth of the pot left: a real share, not the odd chip or
            # rake left over from the side pots paid before.
            names = tuple(n for n in eligible if left.get(n, 0) * 100 > amount)
            if names:
                cards, no_low = by_cards.get(k, ({}, False))
                same = set(cards) == set(names)
                out[k] = ((cards if same else dict.fromkeys(names)), no_low and same)
        for name in names:
            left[name] = max(left.get(name, Decimal(0)) - amount / len(names), Decimal(0))
    return out


def _against_the_cards(game: Game, pots, winners, shown: dict) -> list[str]:
    """Where the file's collectors are kept although the hands every contender of the pot
    showed make other winners (_winners keeps the file's word): said, pot by pot."""
    notes = []
    for k, ((_, eligible), (by_name, _)) in enumerate(zip(pots, winners, strict=True)):
        if (game.declare or not by_name or len(eligible) == 1
                or not all(name in shown for name in eligible)):
            continue  # a declared pot goes by the declarations, which the file does not keep
        by_cards = list(_showdown(game, {n: shown[n] for n in eligible})[0])
        if set(by_cards) != set(by_name):
            label = _the(_label(k, len(pots)))
            notes.append(f"the cards shown make {_and(by_cards)} the winner"
                         f"{'s' * (len(by_cards) > 1)} of {label}; the file has "
                         f"{_and(list(by_name))} collect" + (" it" if len(pots) > 1 else ""))
    return notes


def _amounts(pots, winners, collected: dict[str, Decimal], total: Decimal
             ) -> dict[tuple[int, str], Decimal]:
    """(pot index, winner) -> what they took from that pot, where the record tells it: a
    winner of one pot took what they collected; a winner of several, when nothing was
    raked, their share of each side pot and the rest from the lowest pot they won. With
    a rake and several pots won, where it was taken from is not in the record."""
    pots_won: dict[str, list[int]] = {}
    for k, (by_name, _) in enumerate(winners):
        for name in by_name or ():
            pots_won.setdefault(name, []).append(k)
    raked = total != sum(collected.values(), Decimal(0))
    out = {}
    for name, ks in pots_won.items():
        if name not in collected:
            continue
        if len(ks) == 1:
            out[(ks[0], name)] = collected[name]
            continue
        shares = [_share(pots[k][0], winners[k], name) for k in ks[1:]]
        known = [share for share in shares if share is not None]
        if raked or len(known) < len(shares):
            continue
        out |= {(k, name): share for k, share in zip(ks[1:], known, strict=True)}
        out[(ks[0], name)] = collected[name] - sum(known, Decimal(0))
    return out


def _share(amount: Decimal, winner: tuple[dict, bool], name: str) -> Decimal | None:
    """A winner's share of a pot by the rules (halves split among the tied), to the cent;
    None when the halves are not known."""
    by_name, no_low = winner
    halves = set(by_name.values())
    if halves == {None}:
        fraction = Decimal(1) / len(by_name)
    elif None in halves:
        return None
    elif no_low:
        fraction = Decimal(1) / len(by_name)
    else:
        fraction = Decimal(0)
        for half in ("high", "low"):
            sharing = [n for n, h in by_name.items() if h in (half, "both")]
            if name in sharing:
                fraction += Decimal(1) / 2 / len(sharing)
    return (amount * fraction).quantize(_CENT)


def _words(evaluation: Evaluation) -> str:
    """A hand as a player says it, from the evaluator's words: 'a full house, kings full of
    sevens', 'two pair, queens and fours (Q-Q-4-4-J)', 'a 7-6-4-2-A low'."""
    text = evaluation.description
    first = text.split(" ", 1)[0].rstrip(",")
    if first.isalpha() and first not in ("no",):
        text = text[0].lower() + text[1:]  # "Full house, ..." -> "full house, ..."
    if text.startswith(("two ", "three ", "four of", "no ")) or " high (" in text.split(",")[0]:
        return text  # "two pair, ...", "three of a kind, ...", "ace high (A-Q-J-7-6)"
    return ("an " if text[0] in "8A" else "a ") + text


def _hand_words(game: Game, hand: dict[str, Evaluation], half: str | None,
                no_low: bool) -> str:
    """The hand a winner took their part with: the high hand, the low hand, or both."""
    if not game.split:
        return _words(hand[game.kinds[0]])
    high, low = (_words(hand[kind]) for kind in game.kinds)
    if half == "high" or no_low:
        return high
    if half == "low":
        return low
    if hand[game.kinds[1]].value == NO_LOW:  # half not known, and this hand has no low
        return f"{high} (no low)"
    return f"{high} for high and {low}"


def _cut_pots(pots, money, last_read: str) -> list[PotResult]:
    """The pots of a hand the reader stopped in, as they stood after the last street read:
    nobody is named to have won them."""
    out = []
    for k, (amount, eligible) in enumerate(pots):
        label = _label(k, len(pots))
        text = _capital(f"{_the(label)} held {money(amount)} after {last_read} street, the "
                        "last street read")
        out.append(PotResult(label, float(amount), eligible, (), text))
    return out


def _the(label: str) -> str:
    """'the main pot', 'the side pot', but 'side pot 2' (a name, as 'table 5')."""
    return label if label[-1].isdigit() else f"the {label}"


def _and(words: list[str]) -> str:
    """'3rd', '3rd and 4th', '3rd, 4th and 5th'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _pot_text(label: str, amount: Decimal, eligible: tuple[str, ...],
              winners: tuple[PotWinner, ...], no_low: bool, money, raked: bool,
              unseen: dict[str, str], uncontested: bool) -> str:
    """One pot in a sentence: who won it, what with, and in a split game which half.
    ``money`` writes an amount as the hand's amounts are written; ``raked``: the hand
    paid a rake, so a share said is what was left of it; ``unseen``: a winner's hand
    shown in part, the cards the file does not have."""
    pot = f"{_the(label)} of {money(amount)}"
    if not winners:
        return f"The file does not say who won {pot}"
    if uncontested:
        return f"{winners[0].name} wins {pot} uncontested"
    if len(eligible) == 1:
        return f"{winners[0].name} takes {pot}, the only player left in it"
    with_hand = lambda w: (f" with {w.hand}" if w.hand else f" ({unseen[w.name]})"
                           if w.name in unseen else " (hand not shown)")
    whole = pot.replace("the ", "the whole ", 1) if pot.startswith("the ") else f"all of {pot}"
    if len(winners) == 1:
        w = winners[0]
        if no_low:
            return f"{w.name} wins {whole}{with_hand(w)}: no hand qualifies for low"
        if w.half == "both":
            return f"{w.name} scoops {pot}{with_hand(w)}"
        if w.half is None:
            return f"{w.name} wins {pot}{with_hand(w)}"
        return f"{w.name} takes the {w.half} half of {pot}{with_hand(w)}"
    # What each took, for every winner or for none: one amount alone reads as if the
    # others took nothing.
    after = " after the rake" if raked else ""
    took = {w.name: f"{money(w.amount)}{after}" for w in winners} \
        if all(w.amount is not None for w in winners) else {}
    ending = ": no hand qualifies for low" if no_low else ""
    one_way = no_low or all(w.half is None for w in winners)  # a tie, not halves
    hands = {w.hand for w in winners}
    if one_way and len(hands) == 1 and None not in hands:  # the same hand: one tie
        names = _and([f"{w.name} ({took[w.name]})" if took else w.name for w in winners])
        return f"{names} split {whole if no_low else pot}, each with {hands.pop()}{ending}"
    sharing = {half: sum(w.half in (half, "both") for w in winners) for half in ("high", "low")}
    parts = []
    for w in winners:
        if one_way:
            verb = "takes a share"
        else:
            verb = " and ".join(
                f"{'shares' if sharing[half] > 1 else 'takes'} the {half} half"
                for half in ("high", "low") if w.half in (half, "both"))
        amount_said = f" ({took[w.name]})" if took else ""
        parts.append(f"{w.name} {verb}{amount_said}{with_hand(w)}")
    return f"{_capital(pot)} is split: " + "; ".join(parts) + ending


def _balance_notes(hh: HandHistory, total: Decimal, collected: dict[str, Decimal],
                   money) -> list[str]:
    """Where what was collected and raked does not make up the pots."""
    notes = []
    if hh.total_pot is not None and abs(record_amount(hh.total_pot) - total) > _CENT / 2:
        notes.append(f"the file gives a total pot of {money(hh.total_pot)}; the chips "
                     f"put in make {money(total)}")
    if not collected:
        return notes
    paid = sum(collected.values(), Decimal(0))
    if hh.rake is None:
        if total - paid > _CENT / 2:
            notes.append(f"the winners collected {money(paid)} of the "
                         f"{money(total)} in the pots: the file gives no rake for the "
                         f"{money(total - paid)} left")
    elif abs(total - paid - record_amount(hh.rake)) > _CENT / 2:
        notes.append(f"the pots held {money(total)}, but the winners collected "
                     f"{money(paid)} and the rake was {money(hh.rake)}: the file "
                     "does not add up")
    return notes
