"""What the hard bot believes about the cards it has not seen: deals of the unseen cards weighted by how well they
explain the public moves of the hand (`view["moves"]`).

Every deal is drawn uniformly from the seat's unseen cards (as the normal bot's samples are), then weighted: for
each opponent the bot rebuilds, backwards from the dealt hand, the hand it held at each of its moves (a swap gives
public cards and takes public cards), and asks whether a player of the normal bot's kind would have made that move
with that hand and the monte it saw:
- a pass or a swap (play phase): the hand it made is among the `shortlist` best on offer, and it would not rather
  have knocked (its hand, or the monte for a swap-all, not safe enough to knock);
- a knock: the hand was safe enough to knock;
- a final turn: the hand it made is among the `shortlist` best on offer;
- the dealer keeping the widow: the widow is safe enough to keep.
A move that does not fit costs a factor `MISFIT` (not 0: people and bots do not always play to type). "Safe
enough" uses the chance that `k` opponents all reach at least the hand's strength, each with the best three of six
random cards (`Tables.risk`). The deals are then resampled by weight. Uses only the view.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations

from .scoring import strength_table

MISFIT = 0.02
RANKED = 0.3       # a made hand that is good but not the best on offer (the normal bot's shortlist re-check)
_PAIRS = ((0, 1), (0, 2), (1, 2))


class StrengthLookup:
    """Hand strengths by deck index (`p3`, and `best6`: the best three of six cards), every ordering of a triple
    filled in so that a look-up needs no sorting."""

    def __init__(self, deck, run_low_wins: bool):
        self.table = table = strength_table(deck, run_low_wins)
        self.n = n = table.n
        full = list(table.table)
        for a, b, c in combinations(range(n), 3):
            v = table.table[(a * n + b) * n + c]
            for x, y, z in ((a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                full[(x * n + y) * n + z] = v
        self.t = full
        self.aces = frozenset(i for i, c in enumerate(deck.cards) if deck.rank_of[c] == 0)

    def p3(self, a, b, c) -> int:
        n = self.n
        return self.t[(a * n + b) * n + c]

    def best6(self, a, b, c, d, e, f) -> int:
        t, n = self.t, self.n
        an, bn, cn, dn = a * n, b * n, c * n, d * n
        return max(t[(an + b) * n + c], t[(an + b) * n + d], t[(an + b) * n + e], t[(an + b) * n + f],
                   t[(an + c) * n + d], t[(an + c) * n + e], t[(an + c) * n + f], t[(an + d) * n + e],
                   t[(an + d) * n + f], t[(an + e) * n + f], t[(bn + c) * n + d], t[(bn + c) * n + e],
                   t[(bn + c) * n + f], t[(bn + d) * n + e], t[(bn + d) * n + f], t[(bn + e) * n + f],
                   t[(cn + d) * n + e], t[(cn + d) * n + f], t[(cn + e) * n + f], t[(dn + e) * n + f])


class Tables(StrengthLookup):
    """Strength look-ups, and the risk of a hand against opponents who improve."""

    def __init__(self, deck, run_low_wins: bool):
        super().__init__(deck, run_low_wins)
        # the best hand of six random cards, many times (fixed seed: the same tables on every machine)
        rng = random.Random(20260101)
        cards = list(range(self.n))
        best = []
        for _ in range(6000):
            six = rng.sample(cards, 6)
            best.append(self.best6(*six))
        self._best6 = sorted(best)

    def risk(self, power: int, k: int) -> float:
        """Chance that `k` opponents, each making the best of six random cards, all reach at least `power`."""
        share = (len(self._best6) - bisect_left(self._best6, power)) / len(self._best6)
        return share ** k

    def results(self, hand, monte, with_swapall: bool) -> list[int]:
        """Strengths of every hand a turn can make: pass, the 9 single swaps, the 18 double swaps (and swap
        all)."""
        a, b, c = hand
        d, e, f = monte
        p = self.p3
        out = [p(a, b, c)]
        for x in (d, e, f):
            out += [p(x, b, c), p(a, x, c), p(a, b, x)]
        for i1, i2 in _PAIRS:
            for j1, j2 in ((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)):
                r = [a, b, c]
                r[i1], r[i2] = monte[j1], monte[j2]
                out.append(p(*r))
        if with_swapall:
            out.append(p(d, e, f))
        return out


_TABLES: dict = {}


def tables(game) -> Tables:
    key = (game.deck.suits, game.deck.ranks, game.options.run_low_wins)
    if key not in _TABLES:
        _TABLES[key] = Tables(game.deck, game.options.run_low_wins)
    return _TABLES[key]


class Belief:
    """Deals of the unseen cards for one decision, weighted by the public moves (see the module docstring)."""

    def __init__(self, game, seat: int, knock_risk: int, keep_risk: int, shortlist: int):
        self.game = game
        self.seat = seat
        self.idx = game.deck.index
        self.tab = tables(game)
        self.knock_risk = knock_risk
        self.keep_risk = keep_risk
        self.shortlist = shortlist

    # --- one move's fit -----------------------------------------------------------------------------------
    def _safe(self, power: int, k: int, percent: int) -> float:
        """1 when a hand of this strength is safe enough to knock (keep), a misfit when clearly not; between
        them a half."""
        risk = self.tab.risk(power, k)
        limit = percent / 100 / (k + 1)
        if risk < limit * 0.7:
            return 1.0
        if risk < limit * 1.4:
            return 0.5
        return MISFIT

    def _fit(self, move, hand, k: int) -> float:
        verb, phase = move["verb"], move["phase"]
        tab = self.tab
        if verb == "keep":
            return self._safe(tab.p3(*hand), k, self.keep_risk)
        if verb in ("reject", "swapall"):
            return 1.0          # nothing hidden is involved
        monte = [self.idx[c] for c in move["monte"]]
        if len(monte) != 3:
            return 1.0
        mine = tab.p3(*hand)
        if verb == "knock":
            return self._safe(mine, k, self.knock_risk)
        w = 1.0
        if phase == "play":
            # it did not knock: neither its hand nor the monte (swap all) was clearly safe enough
            best_knock = max(mine, tab.p3(*monte))
            if self._safe(best_knock, k, self.knock_risk) == 1.0:
                w *= MISFIT
        results = tab.results(hand, monte, phase == "final")
        if verb == "pass":
            made = mine
        else:
            after = list(hand)
            for g, t in zip(move["give"], move["take"]):
                after[after.index(self.idx[g])] = self.idx[t]
            made = tab.p3(*after)
        better = sum(1 for r in results if r > made)
        if better >= self.shortlist:
            w *= MISFIT
        elif better:
            w *= RANKED
        return w

    def weight(self, view, hands: dict) -> float:
        """How well the opponents' dealt hands (seat -> deck indices, in slot order) explain their moves."""
        moves = view.get("moves") or []
        if not moves:
            return 1.0
        players_in = sum(1 for x in view["in_hand"] if x)
        k = players_in - 1
        idx = self.idx
        w = 1.0
        current = {s: list(h) for s, h in hands.items()}
        for move in reversed(moves):
            s = move["seat"]
            if s not in current:
                continue
            after = current[s]
            before = list(after)
            if move["verb"] == "swap":
                for g, t in zip(move["give"], move["take"]):
                    before[before.index(idx[t])] = idx[g]
            elif move["verb"] == "swapall":
                before = [idx[c] for c in move["give"]]
            elif move["verb"] == "keep":
                # the dealer's hand since keeping is the widow it kept
                pass
            w *= self._fit(move, before, k)
            current[s] = before
        return w

    # --- the deals ------------------------------------------------------------------------------------------
    def deals(self, view, opponents, rng: random.Random, count: int, draws: int, extra: int = 0) -> list:
        """`count` deals (per opponent its hand in slot order, plus `extra` further unseen cards), drawn from
        `draws` uniform deals resampled by weight."""
        idx = self.idx
        unseen = [idx[c] for c in self.game.unseen_cards(view)]
        slots = {}
        for s in opponents:
            pub = view["public_cards"][s]
            slots[s] = [idx[c] if c is not None else None for c in pub]
        need = sum(sum(1 for x in slots[s] if x is None) for s in opponents) + extra
        moves = view.get("moves") or []
        weigh = bool(moves)
        pool, weights = [], []
        for _ in range(draws if weigh else count):
            drawn = rng.sample(unseen, need)
            pos = 0
            hands = {}
            for s in opponents:
                h = []
                for x in slots[s]:
                    if x is None:
                        h.append(drawn[pos])
                        pos += 1
                    else:
                        h.append(x)
                hands[s] = h
            pool.append(([hands[s] for s in opponents], drawn[pos:pos + extra]))
            if weigh:
                weights.append(self.weight(view, hands))
        if not weigh:
            return pool
        return _resample(pool, weights, count, rng)


def _resample(pool, weights, count, rng):
    """Systematic resampling: `count` items of `pool` in proportion to `weights`."""
    total = sum(weights)
    if total <= 0:
        return pool[:count]
    step = total / count
    u = rng.random() * step
    out, acc, i = [], weights[0], 0
    for _ in range(count):
        while u > acc and i < len(pool) - 1:
            i += 1
            acc += weights[i]
        out.append(pool[i])
        u += step
    return out
