"""What the hard bot believes about the cards it has not seen: deals of the unseen cards weighted by how well they
explain the public moves of the hand (`view["moves"]`).

Every deal is drawn uniformly from the seat's unseen cards (as the normal bot's samples are), then weighted: for
each opponent the bot rebuilds, backwards from the dealt hand, the hand it held at each of its moves (a swap gives
public cards and takes public cards), and asks whether a player of the normal bot's kind would have made that move
with that hand and the monte it saw:
- a pass or a swap (play phase): the hand it made is among the `shortlist` best on offer (`shortlist_for`: fewer
  against more than three opponents, as the normal bot re-checks), and it would not rather
  have knocked (its hand, or the monte for a swap-all, not safe enough to knock);
- a knock: the hand was safe enough to knock;
- a final turn: the hand it made is among the `shortlist` best on offer;
- the dealer keeping the widow: the widow is safe enough to keep.
A move that does not fit costs a factor `MISFIT` (not 0: people and bots do not always play to type). "Safe
enough" uses the chance that `k` opponents all reach at least the hand's strength, each with the best three of six
random cards (`Tables.risk`). A seat that has played its hand (passed, swapped, knocked or kept the widow) is
also weighed towards stronger hands, by e^(`TILT` × its hand's rank among the strengths ÷ their number): the hands
really held are stronger than deals that merely fit the moves (measured: docs/bots.md, "Kept since 2026-12-07
(night)"). The deals are then drawn in proportion to their weight. Uses only the view.
"""
from __future__ import annotations

import math
import random
from bisect import bisect_left
from itertools import combinations

from ...bots.sampling import samples as draw_samples
from ...engine.streams import below_of
from .scoring import strength_table
from .view import PetrangolaView

MISFIT = 0.02
RANKED = 0.3       # a made hand that is good but not the best on offer (the normal bot's shortlist re-check)
TILT = 3.0         # how far a seat that has played its hand is weighed towards stronger hands (the module docstring)
_PAIRS = ((0, 1), (0, 2), (1, 2))
WITH_TWO = 2048     # triples whose `StrengthLookup.with_two` is kept (about 150 bytes each with a 40-card deck)


def shortlist_for(shortlist: int, opponents: int) -> int:
    """How many of the safest choices the normal bot re-checks with the others improving from the monte it
    leaves: `shortlist` against up to three opponents, at most `SHORTLIST_MANY` against more (each re-check runs
    through every opponent of every deal, and the monte a seat leaves is taken from by the next seat before the
    later ones see it; measured as strong at 6 seats: docs/bots.md). The hard bot's model of a normal player and
    the hints use the same count."""
    return shortlist if opponents <= 3 else min(shortlist, SHORTLIST_MANY)


SHORTLIST_MANY = 3      # `shortlist_for` against more than three opponents


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
        # the strengths in order (a few dozen kinds): a hand's rank among them orders hands as its strength does
        self.levels = sorted(set(full))
        self.level_of = {v: i for i, v in enumerate(self.levels)}
        # Petrangolone (three aces): its strength and rank; -1 when the deck has fewer than three aces
        aces = sorted(self.aces)
        self.petrangolone = full[(aces[0] * n + aces[1]) * n + aces[2]] if len(aces) >= 3 else -1
        self.petrangolone_level = self.level_of.get(self.petrangolone, -1)
        self._rows: list | None = None
        self._with_two: dict = {}

    @property
    def rows(self) -> list:
        """Every hand's rank among the strengths (`level_of`: the same order, ties alike) as nested rows,
        `rows[a][b][c]`, each innermost row a `bytes` when there are at most 256 kinds (small objects, small ints:
        made on first use; a look-up there is cheaper than the index arithmetic of `t`)."""
        if self._rows is None:
            t, n, level_of = self.t, self.n, self.level_of
            row = bytes if len(self.levels) <= 256 else list
            self._rows = [[row(level_of[v] for v in t[(a * n + b) * n:(a * n + b) * n + n]) for b in range(n)]
                          for a in range(n)]
        return self._rows

    def with_two(self, d: int, e: int, f: int):
        """Per card x, the best rank of x with two of the cards d, e, f (`rows`' ranks; a sequence indexed by
        deck index): kept for the last `WITH_TWO` such triples (a monte stays on the table for several turns)."""
        key = (d, e, f) if d < e < f else tuple(sorted((d, e, f)))
        got = self._with_two.get(key)
        if got is None:
            rows = self.rows
            a, b, c = key
            got = bytes(map(max, rows[a][b], rows[a][c], rows[b][c])) if len(self.levels) <= 256 else \
                list(map(max, rows[a][b], rows[a][c], rows[b][c]))
            if len(self._with_two) >= WITH_TWO:
                self._with_two.clear()
            self._with_two[key] = got
        return got

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

    def better(self, hand, monte, with_swapall: bool, made: int) -> int:
        """How many of `results(hand, monte, with_swapall)` are stronger than `made` (a strength), counted on
        ranks (`rows`: the same order): the pass, the 9 single swaps, the 18 double swaps (each hand of three
        twice, as `results` lists it: taken in either order) and the swap all."""
        a, b, c = hand
        d, e, f = monte
        rows = self.rows
        lv = self.level_of[made]
        r_bc, r_ac, r_ab = rows[b][c], rows[a][c], rows[a][b]
        ra, rb, rc = rows[a], rows[b], rows[c]
        gt = lv.__lt__
        n = (r_bc[a] > lv) + sum(map(gt, (r_bc[d], r_ac[d], r_ab[d], r_bc[e], r_ac[e], r_ab[e], r_bc[f], r_ac[f],
                                          r_ab[f])))
        n += 2 * sum(map(gt, (rc[d][e], rc[d][f], rc[e][f], rb[d][e], rb[d][f], rb[e][f], ra[d][e], ra[d][f],
                              ra[e][f])))
        if with_swapall:
            n += rows[d][e][f] > lv
        return n


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
        levels = len(self.tab.levels)
        self._tilt = [math.exp(TILT * i / levels) for i in range(levels)]    # per rank of a hand's strength
        self.knock_risk = knock_risk
        self.keep_risk = keep_risk
        self.shortlist = shortlist
        self._safe_memo: dict = {}
        self._compiled_for: tuple = (None, None, 0, {})     # (view, its moves, how many, per seat)

    # --- one move's fit -----------------------------------------------------------------------------------
    def _safe(self, power: int, k: int, percent: int) -> float:
        """1 when a hand of this strength is safe enough to knock (keep), a misfit when clearly not; between
        them a half (remembered per strength, opponents and percentage)."""
        key = (power, k, percent)
        got = self._safe_memo.get(key)
        if got is None:
            risk = self.tab.risk(power, k)
            limit = percent / 100 / (k + 1)
            got = self._safe_memo[key] = 1.0 if risk < limit * 0.7 else 0.5 if risk < limit * 1.4 else MISFIT
        return got

    def _fit(self, move, hand, k: int) -> float:
        """How well a move (as `_compiled` lists it) fits the hand its seat held then (deck indices)."""
        verb, phase, monte, give, take = move
        tab = self.tab
        if verb == "keep":
            return self._safe(tab.p3(*hand), k, self.keep_risk)
        if verb in ("reject", "swapall") or monte is None:
            return 1.0          # nothing hidden is involved (or no full monte to judge by)
        mine = tab.p3(*hand)
        if verb == "knock":
            return self._safe(mine, k, self.knock_risk)
        w = 1.0
        if phase == "play":
            # it did not knock: neither its hand nor the monte (swap all) was clearly safe enough
            best_knock = max(mine, tab.p3(*monte))
            if self._safe(best_knock, k, self.knock_risk) == 1.0:
                w *= MISFIT
        if verb == "pass":
            made = mine
        else:
            after = list(hand)
            for g, t in zip(give, take):
                after[after.index(g)] = t
            made = tab.p3(*after)
        better = tab.better(hand, monte, phase == "final", made)
        if better >= shortlist_for(self.shortlist, k):
            w *= MISFIT
        elif better:
            w *= RANKED
        return w

    def _compiled(self, view: PetrangolaView) -> dict:
        """The view's moves of the hand per seat, last first, as (verb, phase, the monte's deck indices (None
        unless three cards), given, taken): made once per view."""
        moves = view.get("moves") or []
        held, held_moves, size, per_seat = self._compiled_for
        if held is not view or held_moves is not moves or size != len(moves):
            idx = self.idx
            per_seat = {}
            for move in reversed(moves):
                monte = tuple(idx[c] for c in move["monte"])
                per_seat.setdefault(move["seat"], []).append(
                    (move["verb"], move["phase"], monte if len(monte) == 3 else None,
                     tuple(idx[c] for c in move["give"]), tuple(idx[c] for c in move["take"])))
            self._compiled_for = (view, moves, len(moves), per_seat)
        return per_seat

    def _weigh(self, moves, hand, k: int) -> float:
        """`seat_weight` on the seat's compiled moves (`_compiled`): how well they fit, times the tilt towards
        stronger hands for a seat that has played its hand (a dealer who only rejected the widow has not)."""
        if all(move[0] == "reject" for move in moves):
            return 1.0
        tab = self.tab
        w = self._tilt[tab.level_of[tab.p3(*hand)]]
        current = list(hand)
        for move in moves:
            verb = move[0]
            before = list(current)
            if verb == "swap":
                for g, t in zip(move[3], move[4]):
                    before[before.index(t)] = g
            elif verb == "swapall":
                before = list(move[3])
            # "keep": the dealer's hand since keeping is the widow it kept
            w *= self._fit(move, before, k)
            current = before
        return w

    def seat_weight(self, view: PetrangolaView, seat: int, hand, k: int) -> float:
        """How well one opponent's dealt hand (deck indices, in slot order) explains its own moves of the hand,
        `k` the number of its opponents: the moves of different seats are explained by their own hands only."""
        return self._weigh(self._compiled(view).get(seat, ()), hand, k)

    def weight(self, view: PetrangolaView, hands: dict) -> float:
        """How well the opponents' dealt hands (seat -> deck indices, in slot order) explain their moves."""
        if not view.get("moves"):
            return 1.0
        k = sum(1 for x in view["in_hand"] if x) - 1
        w = 1.0
        for s, h in hands.items():
            w *= self.seat_weight(view, s, h, k)
        return w

    # --- the deals ------------------------------------------------------------------------------------------
    def deals(self, view: PetrangolaView, opponents, rng: random.Random, count: int, draws: int, extra: int = 0) -> list:
        """`count` deals (per opponent its hand in slot order, plus `extra` further unseen cards). Without public
        moves: uniform deals. With them: drawn in proportion to their weight by a Metropolis chain over the
        places of the unseen cards (a step swaps the card of a hidden slot with another unseen card, accepted
        with the ratio of the weights; the weight of a seat depends on its own cards only, so a step weighs at
        most two seats). The chain starts from a uniform deal, walks `draws` steps before its first deal (at
        least ten per hidden card) and keeps a deal every few steps."""
        idx = self.idx
        unseen = [idx[c] for c in self.game.unseen_cards(view)]
        slots = {}
        for s in opponents:
            pub = view["public_cards"][s]
            slots[s] = [idx[c] if c is not None else None for c in pub]
        hidden = sum(sum(1 for x in slots[s] if x is None) for s in opponents)
        moves = view.get("moves") or []
        if not moves or hidden == 0:
            return [self._deal(opponents, slots, drawn, hidden, extra)
                    for drawn in draw_samples(rng, unseen, hidden + extra, count)]
        k = sum(1 for x in view["in_hand"] if x) - 1
        cards = rng.sample(unseen, len(unseen))
        # the place of each position of `cards`: an opponent's hidden slot, one of the extra cards (-1), the rest
        owners: list = [s for s in opponents for x in slots[s] if x is None]
        owners += [-1] * extra + [None] * (len(cards) - hidden - extra)
        places = {s: [p for p, o in enumerate(owners) if o == s] for s in opponents}
        moved = {m["seat"] for m in moves} & set(opponents)

        def hand(s):
            it = iter(cards[p] for p in places[s])
            return [x if x is not None else next(it) for x in slots[s]]

        memo: dict = {}     # the chain comes back to the same hands often
        compiled = self._compiled(view)

        def seat_weight(s):
            h = hand(s)
            key = (s, tuple(h))
            w = memo.get(key)
            if w is None:
                w = memo[key] = self._weigh(compiled.get(s, ()), h, k)
            return w

        weight = {s: seat_weight(s) for s in moved}
        burn = max(draws, 10 * hidden)
        thin = max(4, hidden // 2)
        out = []
        size = len(cards)
        below = below_of(rng)       # rng.randrange's draws
        for step in range(burn + count * thin):
            i, j = below(hidden), below(size)
            a, b = owners[i], owners[j]
            if a != b:
                cards[i], cards[j] = cards[j], cards[i]
                new, ratio = {}, 1.0
                for s in (a, b):
                    if s in moved:
                        new[s] = seat_weight(s)
                        ratio *= new[s] / weight[s]
                if ratio >= 1.0 or rng.random() < ratio:
                    weight.update(new)
                else:
                    cards[i], cards[j] = cards[j], cards[i]
            if step >= burn and (step - burn) % thin == thin - 1:
                out.append(self._deal(opponents, slots, cards, hidden, extra))
        return out

    @staticmethod
    def _deal(opponents, slots, drawn, hidden, extra):
        """(per opponent its hand in slot order, the extra cards) from the drawn cards: the hidden slots first."""
        it = iter(drawn[:hidden])
        hands = [[x if x is not None else next(it) for x in slots[s]] for s in opponents]
        return hands, list(drawn[hidden:hidden + extra])
