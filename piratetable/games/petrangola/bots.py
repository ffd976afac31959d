"""Petrangola bots. Both see only their seat's view (and the legal actions and their own random stream).

- `easy`: thresholds on its own hand (config `bots.easy`).
- `normal`: estimates its chance of holding the lowest hand by dealing the cards it has not seen at random
  (consistently with its view: cards it saw taken from the monte stay where they went) a fixed number of
  times (`deal_count`: fewer deals with more opponents; the deals of a decision are a fixed design relabelled
  by one random order, `bots/sampling.relabelled`), and lets the players who still get a turn improve with the
  monte they will see.
"""
from __future__ import annotations

import random
import time
from bisect import bisect_left
from dataclasses import replace
from itertools import chain, combinations, compress, islice, repeat
from math import ceil
from operator import getitem, itemgetter, neg
from typing import cast

from ...bots.base import Bot
from ...bots.sampling import random_order, relabelled_columns
from ...bots.sampling import samples as draw_samples
from ...bots.search import SearchBot
from ...engine.actions import Action
from ...engine.chance import Chance
from ...engine.runner import play_out, step
from ...engine.streams import shuffle
from .belief import Belief, StrengthLookup, shortlist_for
from .scoring import POINTS, classify, strength_table
from .view import PetrangolaLightView, PetrangolaView, face_up

CLEAR = 1.0     # the hard bot's search overrules the normal bot's choice only by more than this many standard errors


class _PetrangolaBot(Bot[PetrangolaView]):
    """Shared helpers: deck indices, the strength table, the resulting hand of each action."""

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.deck = game.deck
        self.idx = game.deck.index
        self.table = strength_table(game.deck, game.options.run_low_wins)
        self.n = self.table.n
        self.t = self.table.table
        self.lookup = _lookup(game)     # every order of a triple filled in: no sorting
        self._ace_ids = frozenset(c for c in game.deck.cards if game.deck.rank_of[c] == 0)

    def power(self, cards) -> int:
        """Strength of three card ids."""
        idx, n = self.idx, self.n
        a, b, c = cards
        return self.lookup.t[(idx[a] * n + idx[b]) * n + idx[c]]

    def best_of_six(self, six) -> int:
        """The best hand a player can make from their hand and the monte (pass, swap 1–2 or swap all)."""
        return self.lookup.best6(*six)

    @staticmethod
    def result(action: Action, hand: list, monte: list) -> tuple[list, list]:
        """(hand, monte) after a pass, swap, swapall or knock."""
        if action.verb == "swapall":
            return list(monte), list(hand)
        hand, monte = list(hand), list(monte)
        if action.verb == "swap":
            for g, t in zip(action.args[0::2], action.args[1::2]):
                i, j = hand.index(g), monte.index(t)
                hand[i], monte[j] = t, g
        return hand, monte

    def choose_rebuy(self, legal):
        # coming back costs only chips and keeps the chance of taking the pot
        return Action("rebuy") if Action("rebuy") in legal else legal[0]


class EasyBot(_PetrangolaBot):
    """Simple thresholds: keep a good widow, take the single swap that helps most, knock on a good hand."""

    level = "easy"

    def choose(self, view: PetrangolaView, legal: list[Action], rng: random.Random) -> Action:
        p = self.game.config.content.easy
        phase = view["phase"]
        if phase == "rebuy":
            return self.choose_rebuy(legal)
        if phase == "widow":
            good = self._good(view["widow"], p.keep_widow_points)
            return Action("keep") if good else Action("reject")
        hand, monte = view["hands"][self.seat], view["monte"]
        base = self.power(hand)
        if phase == "final":
            # the last chance: take the best hand on offer
            return max(legal, key=lambda a: (self.power(self.result(a, hand, monte)[0]), -len(a.args)))
        if self._good(hand, p.knock_points) and Action("knock") in legal:
            return Action("knock")
        if self._good(monte, p.knock_points) and self.power(monte) > base:
            return Action("swapall")
        singles = [a for a in legal if a.verb == "swap" and len(a.args) == 2]
        if singles:
            best = max(singles, key=lambda a: self.power(self.result(a, hand, monte)[0]))
            if self.power(self.result(best, hand, monte)[0]) - base >= p.swap_gain:
                return best
        return Action("pass")

    def _good(self, cards, points: int) -> bool:
        kind, value = classify(self.deck, cards)
        return kind != POINTS or value >= points


class NormalBot(_PetrangolaBot):
    """Monte Carlo over the unseen cards: minimise the chance of holding the lowest hand; knock when that
    chance, with everyone else's one more turn counted, is well below an even share."""

    level = "normal"
    deals_when_needed = True    # no deals drawn for a decision that does not weigh them (the hard bot: always)

    def __init__(self, game, seat: int, params=None):
        super().__init__(game, seat)
        self.p = params or game.config.content.normal   # the hard bot's rollouts use fewer samples
        self._now_key = None
        self._hands_of: tuple = (None, [])     # (the deals `_deals` made last, their strengths now by deal)
        self._rows: list = []
        self._mins: list = []
        self._by_deal: list = []
        self._visit_down: list = []
        self._top = self.lookup.petrangolone_level      # Petrangolone's rank (-1: the deck has none)

    def choose_in(self, state, legal: list[Action], rng: random.Random) -> Action:
        """`choose` on the light view (`Petrangola.light_view`: the part of the seat's view it reads)."""
        return self._decide(self.game.light_view(state, self.seat), legal, rng)

    def choose(self, view: PetrangolaView, legal: list[Action], rng: random.Random) -> Action:
        return self._decide(view, legal, rng)

    def _decide(self, view: PetrangolaLightView, legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        if phase == "rebuy":
            return self.choose_rebuy(legal)
        p = self.p
        me = self.seat
        in_hand = list(compress(range(view["players"]), view["in_hand"]))
        share = 1.0 / len(in_hand)
        opponents = in_hand.copy()
        if me in opponents:
            opponents.remove(me)
        hand, monte = view["hands"][me], view["monte"]
        to_come = set(view["to_play"][1:]) if p.final_lookahead else set()
        if self.deals_when_needed and (
                (phase == "final" and not to_come)
                or (phase == "widow" and self._is_petrangolone(face_up(view["widow"])))):
            samples: list = []      # decided without deals (the strongest hand; a kept Petrangolone)
        else:
            samples = self._samples(view, opponents, rng, p.samples, extra=3 if phase == "widow" else 0)
        if phase == "widow":
            # keep = knock with the widow; the monte is then my unseen dealt hand (the sampled extra cards)
            shown = face_up(view["widow"])       # the dealer deciding sees it
            widow = [self.idx[c] for c in shown]
            mine = self._power_idx(widow)
            if self._is_petrangolone(shown):
                return Action("keep")
            limit = share * p.keep_risk / 100
            order, mins = self._now(samples)
            total = len(order)
            level = self.lookup.level_of[mine]      # the hands now are counted in ranks (`StrengthLookup.rows`)
            low = bisect_left(mins, level)
            lose = total - low      # every opponent's three already reach mine
            best6 = self.lookup.best6
            by_deal = self._by_deal
            for i in order[:low]:
                if lose / total >= limit:
                    break           # rejected whatever the rest
                opp_hands, extra = samples[i]
                # lowest (tied) <=> every opponent's best of six reaches mine (it does when its three do)
                for v, (a, b, c) in zip(by_deal[i], opp_hands):
                    if v < level and best6(a, b, c, *extra) < mine:
                        break
                else:
                    lose += 1
            return Action("keep") if lose / total < limit else Action("reject")

        if phase == "final":
            return self._least_risky(legal, hand, monte, samples, opponents, to_come)

        # play: knock (the others each get one more turn with the monte left behind) or improve and wait
        in_order = self._in_rules_order(legal, hand, monte)
        if in_order:
            waits, knocks = legal[:28], legal[28:]
        else:
            waits = [a for a in legal if a.verb in ("pass", "swap")]
            knocks = [a for a in legal if a.verb in ("knock", "swapall")]
        for a in knocks:
            h, m = self.result(a, hand, monte)
            if self._is_petrangolone(h):
                return a
        best_knock, knock_risk = None, 2.0
        limit = share * p.knock_risk / 100
        everyone = set(opponents)
        for a in knocks:
            h, m = self.result(a, hand, monte)
            # counting stops once the risk can be neither the best knock's nor under the limit
            r = self._risk_after(h, m, samples, opponents, everyone, bound=min(knock_risk, limit))
            if r < knock_risk:
                best_knock, knock_risk = a, r
        if best_knock is not None and knock_risk < limit:
            return best_knock
        return self._least_risky(waits, hand, monte, samples, opponents, set(opponents), in_order)

    def _least_risky(self, actions, hand, monte, samples, opponents, to_come, in_order: bool | None = None):
        """The action whose resulting hand is least likely to be the lowest: first against the opponents' hands
        as they are now (ties: the stronger hand), then, for a short list, letting `to_come` improve with the
        monte left behind. `in_order`: whether `actions` are in the rules' order (`_in_rules_order`), when the
        caller has already asked."""
        # ordered by the risk now, then the stronger hand, then the order of `actions`: the risk now never rises
        # with the strength, so that is the order of the stronger hand first (no risk needs counting for it)
        idx, rows = self.idx, self.lookup.rows
        x, y, z = mine = list(map(idx.__getitem__, hand))
        own, all_swapped = rows[x][y][z], rows[idx[monte[0]]][idx[monte[1]]][idx[monte[2]]]
        n = len(actions)
        if in_order is None:
            in_order = self._in_rules_order(actions, hand, monte)
        if n in (28, 29) and in_order and (n == 28 or actions[28].verb == "swapall"):
            # pass, the swaps, perhaps swap all: every hand's rank at once, by its place
            a, b, c = sorted(mine)
            d, e, f = sorted(map(idx.__getitem__, monte))
            r_bc, r_ac, r_ab, ra, rb, rc = rows[b][c], rows[a][c], rows[a][b], rows[a], rows[b], rows[c]
            values = [own, r_bc[d], r_bc[e], r_bc[f], r_ac[d], r_ac[e], r_ac[f], r_ab[d], r_ab[e], r_ab[f],
                      rc[d][e], rc[d][f], rb[d][e], rb[d][f], rc[e][d], rc[e][f], rb[e][d], rb[e][f], rc[f][d],
                      rc[f][e], rb[f][d], rb[f][e], ra[d][e], ra[d][f], ra[e][d], ra[e][f], ra[f][d], ra[f][e]]
            if n == 29:
                values.append(all_swapped)
            scored = sorted(zip(map(neg, values), range(n), actions), key=_two)
        else:
            scored = self._scored(actions, hand, mine, rows, own, all_swapped)
        if not to_come:
            return scored[0][2]
        # the least risk after the others' turns; ties to the earlier (shortlist order): a later one must be
        # strictly below, so its count stops once it reaches the best so far
        flags = list(map(to_come.__contains__, opponents))
        left = list(map(idx.__getitem__, monte))
        best, best_risk = None, 2.0
        for v, _i, a in scored[:self._shortlist(len(opponents))]:
            # the monte left behind: the given cards in the places of the taken ones (swap all: my hand)
            if a.verb == "swap":
                m = list(left)
                args = a.args
                for g in range(0, len(args), 2):
                    m[m.index(idx[args[g + 1]])] = idx[args[g]]
            else:
                m = mine if a.verb == "swapall" else left
            r = 0.0 if -v == self._top else self._after(-v, m[0], m[1], m[2], samples, flags, best_risk)
            if r < best_risk:
                best, best_risk = a, r
        assert best is not None
        return best

    def _in_rules_order(self, actions, hand, monte) -> bool:
        """Whether `actions` begin as the rules list a turn's moves (`Petrangola.legal_actions`): pass, then the 27
        swaps in `_swap_actions`' canonical order (hand and monte in deck order), then only swap all or knock. The
        bot then knows each action by its place: the waits are the first 28."""
        return (len(actions) >= 28 and actions[0].verb == "pass"
                and actions[1:28] == list(self.game._swap_actions(hand, monte))
                and _KNOCKS.issuperset(map(_first, actions[28:])))

    def _scored(self, actions, hand, mine, rows, own, all_swapped) -> list:
        """(minus the rank of the hand it makes, its place, the action) of each action, in that order."""
        idx = self.idx
        x, y, z = mine
        # a single swap keeps two cards (the row of their pair), a double swap one (its table)
        g0, g1, g2 = hand
        one = {g0: rows[y][z], g1: rows[x][z], g2: rows[x][y]}
        two = {(g0, g1): rows[z], (g1, g0): rows[z], (g0, g2): rows[y], (g2, g0): rows[y],
               (g1, g2): rows[x], (g2, g1): rows[x]}
        slot = {c: i for i, c in enumerate(hand)}
        scored = []
        for i, a in enumerate(actions):
            args = a.args
            if a.verb == "swap":
                if len(args) == 2:
                    v = one[args[0]][idx[args[1]]]
                elif len(args) == 4:
                    v = two[args[0], args[2]][idx[args[1]]][idx[args[3]]]
                else:
                    h = list(mine)
                    for g in range(0, len(args), 2):
                        h[slot[args[g]]] = idx[args[g + 1]]
                    v = rows[h[0]][h[1]][h[2]]
            else:
                v = own if a.verb == "pass" else all_swapped
            scored.append((-v, i, a))
        scored.sort(key=_two)
        return scored

    def _shortlist(self, opponents: int) -> int:
        """How many of the safest waits are re-checked with the others improving (`shortlist_for`)."""
        return shortlist_for(self.p.shortlist, opponents)

    # --- sampling -------------------------------------------------------------------------------------------
    def _samples(self, view: PetrangolaLightView, opponents, rng, count, extra=0):
        """The deals a decision is judged on: `deal_count(count, opponents)` of them (`_deals`)."""
        return self._deals(view, opponents, rng, deal_count(count, len(opponents)), extra)

    def _deals(self, view: PetrangolaLightView, opponents, rng, count, extra=0):
        """`count` deals of the unseen cards: per opponent its hand (its drawn cards, then the cards it was seen
        taking from the monte), plus `extra` further unseen cards; all as deck indices, in tuples. The deals are
        the fixed design of their sizes applied to one random order of the unseen cards
        (`bots/sampling.relabelled`): each deal is uniform, at the price of one random order per decision. The
        cards are taken from that order place by place for all the deals at once (`relabelled_columns`)."""
        idx = self.idx
        unseen = list(map(idx.__getitem__, self.game.unseen_cards(view)))
        n = len(unseen)
        hands, public = view["hands"], view["public_cards"]
        # each opponent's drawn cards and known cards (seen taken from the monte), without a comprehension per
        # opponent (most know none)
        need: list[tuple[int, tuple[int, ...]]] = []
        drawn = 0
        for s in opponents:
            pub = public[s]
            size = len(hands[s])
            if pub.count(None) == size:
                need.append((size, ()))
                drawn += size
            else:
                mine = tuple(map(idx.__getitem__, filter(None, pub)))
                need.append((size - len(mine), mine))
                drawn += size - len(mine)
        if not 0 <= drawn + extra <= n:
            raise ValueError(f"a deal of {drawn + extra} from {n} unseen cards")
        order = random_order(rng, unseen)
        column = relabelled_columns(n, count)
        extras = zip(*(column[p](order) for p in range(drawn, drawn + extra))) if extra else repeat((), count)
        if not opponents:
            self._hands_of = (None, [])
            return list(zip(repeat([], count), extras))
        # each opponent's hand, deal after deal: a drawn card is the next place of a deal, a known card the same
        # in every deal
        place = 0
        per_opponent = []
        for size, mine in need:
            if size == 3 and not mine:
                per_opponent.append(list(zip(column[place](order), column[place + 1](order),
                                             column[place + 2](order))))
            else:
                cols = [column[p](order) for p in range(place, place + size)]
                cols += [repeat(c, count) for c in mine]
                per_opponent.append(list(zip(*cols)))
            place += size
        # for `_now`: each deal's opponents' strengths now (in ranks), made here while the hands are at hand: one
        # pass over every opponent's hands, then cut per opponent
        rows = self.lookup.rows
        now = [rows[a][b][c] for a, b, c in chain.from_iterable(per_opponent)]
        out = list(zip(zip(*per_opponent), extras))     # per deal, every opponent's hand; the extra cards
        self._hands_of = (out, list(zip(*[now[j:j + count] for j in range(0, len(now), count)])))
        return out

    def _power_idx(self, three) -> int:
        a, b, c = sorted(three)
        return self.t[(a * self.n + b) * self.n + c]

    def _level(self, cards) -> int:
        """The rank of three card ids among the strengths (`StrengthLookup.rows`: the same order as `power`)."""
        idx = self.idx
        a, b, c = cards
        return self.lookup.rows[idx[a]][idx[b]][idx[c]]

    def _is_petrangolone(self, cards) -> bool:
        return self._ace_ids.issuperset(cards)

    def _now(self, samples):
        """Per decision (computed once: they do not depend on my action): the deals in the order of their
        weakest opponent's strength now (indices into `samples`), and those weakest strengths in that order.
        Kept beside them: each deal's opponents' strengths now (`_by_deal`, a tuple per deal) and, in the same
        order as the deals from the last, (deal, the weakest opponent's place in `opponents`, its three cards)
        (`_visit_down`)."""
        if self._now_key is not samples:
            self._now_key = samples
            rows = self.lookup.rows
            k = len(samples[0][0]) if samples else 0
            # every opponent's strength now, deal after deal (one comprehension for all of them; made by `_deals`
            # for its own deals)
            made, by_deal = self._hands_of
            if made is not samples and k:
                now = [rows[a][b][c] for a, b, c in chain.from_iterable(map(_first, samples))]
                by_deal = list(zip(*repeat(iter(now), k)))
            # each deal's weakest opponent: its strength, its place in `opponents` (the first of the weakest) and
            # its hand. Heads-up the one opponent is the weakest, of two the weaker is one comparison: `min` and
            # `tuple.index` are slow calls (a `min` of two costs more than this whole comprehension's step)
            if not k:
                by_deal, lows, ws, weakest = [()] * len(samples), [0] * len(samples), [], []
            else:
                if k == 1:
                    lows = list(map(_first, by_deal))
                    ws = [0] * len(samples)
                elif k == 2:
                    ws = [0 if x <= y else 1 for x, y in by_deal]
                    lows = list(map(getitem, by_deal, ws))
                else:
                    lows = list(map(min, by_deal))
                    ws = list(map(tuple.index, by_deal, lows))
                weakest = list(map(getitem, map(_first, samples), ws))
            order = sorted(range(len(samples)), key=lows.__getitem__)
            self._by_deal = by_deal
            self._rows = order
            self._mins = sorted(lows)       # lows in `order` (which sorts them)
            # strongest first, for `_after` (from the strongest below a hand's rank on)
            down = order[::-1] if k else []
            self._visit_down = list(zip(down, map(ws.__getitem__, down), map(weakest.__getitem__, down)))
        return self._rows, self._mins

    def _risk_now(self, hand, samples) -> float:
        """Chance that `hand` is (tied) lowest against the opponents' hands as they are now."""
        mine = self._level(hand)
        if mine == self._top:
            return 0.0              # Petrangolone never loses
        _, mins = self._now(samples)
        # tied lowest in a sample <=> mine <= the weakest opponent there
        return (len(mins) - bisect_left(mins, mine)) / len(samples)

    def _risk_after(self, hand, monte, samples, opponents, to_come, bound: float = 2.0) -> float:
        """Chance that `hand` is (tied) lowest once the opponents in `to_come` each make the best hand from
        their hand and the monte (an upper bound on what they can do in one turn). With `bound`: once the
        count shows the chance is at least `bound`, a figure at least `bound` (not the exact chance)."""
        mine = self._level(hand)
        if mine == self._top:
            return 0.0              # Petrangolone never loses
        idx = self.idx
        return self._after(mine, idx[monte[0]], idx[monte[1]], idx[monte[2]], samples,
                           [s in to_come for s in opponents], bound)

    def _after(self, mine: int, d: int, e: int, f: int, samples, flags: list, bound: float) -> float:
        """`_risk_after` of a hand of rank `mine` (not Petrangolone) with the monte `d, e, f` (deck indices)
        left behind, `flags[j]` whether the j-th opponent improves."""
        if self._now_key is not samples:
            self._now(samples)
        mins = self._mins
        total = len(mins)
        low = bisect_left(mins, mine)
        lose = total - low      # the deals whose weakest opponent already reaches mine
        if low == 0 or lose / total >= bound:
            return lose / total
        if True not in flags:
            return lose / total     # nobody improves: a deal with an opponent below mine stays below
        # the count at which the chance reaches `bound` (lose / total >= bound <=> lose >= stop)
        stop = max(lose + 1, ceil(bound * total) - 1)
        while stop / total < bound:
            stop += 1
        rows = self.lookup.rows
        # An improving opponent makes the best three of its hand and the monte: it reaches mine when the monte
        # does, or one of its cards with two of the monte (`one[x]`: the best of x with two monte cards), or two
        # of its cards with one of the monte.
        if rows[d][e][f] >= mine:
            one = [mine] * self.n
        else:
            one = self.lookup.with_two(d, e, f)
        by_deal = self._by_deal
        others = len(flags) > 1
        # the strongest of these deals first (a count that reaches `bound` stops sooner); in each the weakest
        # opponent first: the likeliest to stay below mine
        for i, w, weakest in islice(self._visit_down, total - low, None):
            if not flags[w]:
                continue            # the weakest is below mine and does not improve
            a, b, c = weakest
            if one[a] < mine and one[b] < mine and one[c] < mine:
                ra = rows[a]
                ab, ac, bc = ra[b], ra[c], rows[b][c]
                if (ab[d] < mine and ab[e] < mine and ab[f] < mine and ac[d] < mine and ac[e] < mine
                        and ac[f] < mine and bc[d] < mine and bc[e] < mine and bc[f] < mine):
                    continue
            # the weakest reaches mine: the others (below mine) must too (heads-up: there are none)
            for v, improves, hand in zip(by_deal[i], flags, samples[i][0]) if others else ():
                if v >= mine or hand is weakest:
                    continue
                if not improves:
                    break
                a, b, c = hand
                if one[a] >= mine or one[b] >= mine or one[c] >= mine:
                    continue
                ra = rows[a]
                ab, ac, bc = ra[b], ra[c], rows[b][c]
                if (ab[d] < mine and ab[e] < mine and ab[f] < mine and ac[d] < mine and ac[e] < mine
                        and ac[f] < mine and bc[d] < mine and bc[e] < mine and bc[f] < mine):
                    break
            else:
                lose += 1       # every opponent reaches mine
                if lose >= stop:
                    break
        return lose / total


def deal_count(samples: int, opponents: int, *, factor: int = 3) -> int:
    """The normal bot's deals per decision: `samples` against one or two opponents; against more, ¾ × (2 /
    opponents)² of it: `samples` x 3 / opponents², 40 with 4 players, 14 with 6 (each deal holds a hand per
    opponent and each risk runs through them; no strength difference measured against `samples` x 4 / opponents²
    at 4, 6 and 12 players, which had none against `samples` x 2 / opponents, for 15 % fewer instructions a
    decision at 6: docs/bots.md); never fewer than 10. `factor` replaces the 3 (the older bots that
    benchmarks/petrangola_normal.py replays used 4)."""
    return max(min(samples, 10), samples if opponents <= 2 else round(samples * factor / opponents ** 2))


_first = itemgetter(0)
_KNOCKS = frozenset(("knock", "swapall"))


_two = itemgetter(0, 1)


class RolloutModel(StrengthLookup):
    """The normal bot's way of playing, on deck indices and straight from a determinized state, cheap enough
    for the hard bot's rollouts. A seat uses only what it has seen there (its hand, the monte, the cards it saw
    taken from the monte): in `play` it knocks (or swaps all) when the chance of holding the lowest hand after
    everyone's final improvement, over `samples` deals of its unseen cards, is below `knock_risk`% of an even
    share (a quick lower bound skips the sampling when that is out of reach); otherwise it makes the best hand
    it can from its hand and the monte (fewest swaps on ties), as the normal bot's least-risky choice does; in a
    final turn it makes the best hand on offer."""

    def __init__(self, game, samples: int, knock_risk: int):
        super().__init__(game.deck, game.options.run_low_wins)
        self.game = game
        self.deck = game.deck
        self.cards = game.deck.cards
        self.idx = game.deck.index
        self.samples = samples
        self.knock_risk = knock_risk
        # chance that a random three-card hand is at least as strong as a given strength (the lower bound)
        n, t = self.n, self.table.table
        self._powers = sorted(t[(a * n + b) * n + c] for a, b, c in combinations(range(n), 3))

    def q(self, power: int) -> float:
        """Share of all three-card hands at least as strong as `power`."""
        return (len(self._powers) - bisect_left(self._powers, power)) / len(self._powers)

    def act(self, state, seat: int, rng: random.Random) -> Action:
        idx = self.idx
        hand, monte = state.hands[seat], state.monte
        x, y, z = h = [idx[c] for c in hand]
        d, e, f = m = [idx[c] for c in monte]
        rows = self.rows        # ranks of the strengths: the same order, so the same best hand
        final = state.ctx.phase == "final"
        if not final:
            t, n = self.t, self.n
            mine_k, mine_s = t[(x * n + y) * n + z], t[(d * n + e) * n + f]
            if mine_k == self.petrangolone:     # three aces
                return KNOCK_ACTION
            if mine_s == self.petrangolone:
                return SWAPALL_ACTION
            knock = self._knock(state, seat, h, m, mine_k, mine_s, rng)
            if knock is not None:
                return knock
        # the best hand on offer: pass, then single swaps, then double swaps (and swap all in a final turn); the
        # first of the strongest in that order (a later one only when strictly stronger)
        r_yz, r_xz, r_xy = rows[y][z], rows[x][z], rows[x][y]
        best = r_yz[x]
        best_pick: tuple[tuple[int, int], ...] | None = None
        # slot i of the hand given for card j of the monte: the two kept cards' row at that card
        singles = (r_yz[d], r_yz[e], r_yz[f], r_xz[d], r_xz[e], r_xz[f], r_xy[d], r_xy[e], r_xy[f])
        v = max(singles)
        if v > best:
            best, at = v, singles.index(v)
            best_pick = ((at // 3, at % 3),)
        # slots (0, 1), (0, 2), (1, 2) given for monte cards (j1, j2): the kept card's table at the two taken
        rz, ry, rx = rows[z], rows[y], rows[x]
        doubles = (rz[d][e], rz[d][f], rz[e][d], rz[e][f], rz[f][d], rz[f][e],
                   ry[d][e], ry[d][f], ry[e][d], ry[e][f], ry[f][d], ry[f][e],
                   rx[d][e], rx[d][f], rx[e][d], rx[e][f], rx[f][d], rx[f][e])
        v = max(doubles)
        if v > best:
            best, at = v, doubles.index(v)
            (i1, i2), (j1, j2) = _PAIRS_OF_SLOTS[at // 6], _TAKEN[at % 6]
            best_pick = ((i1, j1), (i2, j2))
        if final and rows[d][e][f] > best:
            return SWAPALL_ACTION
        if best_pick is None:
            return PASS_ACTION
        return Action("swap", tuple(x for i, j in best_pick for x in (hand[i], monte[j])))

    def _knock(self, state, seat, h, m, mine_k, mine_s, rng):
        opponents = [s for s in range(state.ctx.players) if state.in_hand[s] and s != seat]
        share = 1.0 / (len(opponents) + 1)
        limit = share * self.knock_risk / 100
        k = len(opponents)
        options = []
        if self.game.options.knock_without_swap and self.q(mine_k) ** k < limit:
            options.append(("knock", mine_k, m))
        if self.q(mine_s) ** k < limit:
            options.append(("swapall", mine_s, h))
        if not options:
            return None   # even against hands that do not improve the risk is too high
        idx = self.idx
        seen = set(h) | set(m)
        known, need = [], []
        for s in opponents:
            pub = state.public[s]
            mine = [idx[c] for i, c in enumerate(state.hands[s]) if pub[i]]
            seen.update(mine)
            known.append(mine)
            need.append(3 - len(mine))
        unseen = [i for i in range(self.n) if i not in seen]
        total = sum(need)
        deals = []
        for drawn in draw_samples(rng, unseen, total, self.samples):
            pos, hands = 0, []
            for kn, nd in zip(known, need):
                hands.append(kn + drawn[pos:pos + nd])
                pos += nd
            deals.append(hands)
        rows, level_of = self.rows, self.level_of
        count = len(deals)
        best, best_risk = None, 2.0
        for verb, power, left in options:
            # lowest (tied) in a deal <=> every opponent's best of six (its three and `left`) reaches mine; the
            # count stops once the risk can be neither the best option's nor under the limit
            bound = min(best_risk, limit)
            level = level_of[power]
            d, e, f = left
            if rows[d][e][f] >= level:
                lose = count        # the monte alone reaches mine: everyone does
            else:
                one = self.with_two(d, e, f)
                lose = 0
                for hands in deals:
                    for a, b, c in hands:
                        if one[a] >= level or one[b] >= level or one[c] >= level:
                            continue
                        ra = rows[a]
                        ab, ac, bc = ra[b], ra[c], rows[b][c]
                        if (ab[c] < level and ab[d] < level and ab[e] < level and ab[f] < level and ac[d] < level
                                and ac[e] < level and ac[f] < level and bc[d] < level and bc[e] < level
                                and bc[f] < level):
                            break
                    else:
                        lose += 1
                        if lose / count >= bound:
                            break
            risk = lose / count
            if risk < best_risk:
                best, best_risk = verb, risk
        return Action(best) if best is not None and best_risk < limit else None


_PAIRS_OF_SLOTS = ((0, 1), (0, 2), (1, 2))
_TAKEN = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
KNOCK_ACTION, SWAPALL_ACTION, PASS_ACTION = Action("knock"), Action("swapall"), Action("pass")


class PetrangolaSearch(SearchBot):
    """The generic information-set search (bots/search.py) for the hard bot's final turns, with paired worlds:
    each world is a deal of the cards the seat has not seen (from `Belief`: weighted by the public moves, view
    only), put into a full state by `Petrangola.determinize`; every candidate is played in the same world with the
    same rollout stream (common random numbers), the later final turns by the normal bot's way of playing
    (`RolloutModel`, through the engine's `play_out`), to the showdown (`rollout_done`: a hand ended), valued by
    `Petrangola.evaluate` (the engine's: the win share once over, else `Petrangola.estimate`, the share of lives)."""

    def __init__(self, game, seat: int, iterations: int, model: RolloutModel, time_cap: float = 5.0):
        super().__init__(game, seat, iterations=iterations, rollout_level="normal", time_cap=time_cap)
        self.model = model

    def rollout(self, state, chance, rng, start) -> float:
        """Play the later final turns the normal bot's way (`RolloutModel`) to the end of the hand."""
        game, model, seat = self.game, self.model, self.seat
        play_out(game, state, chance, lambda s, who: model.act(s, who, rng),
                 stop=lambda s: game.rollout_done(s, seat, start))
        return game.evaluate(state, seat)

    def world(self, view: PetrangolaView, deal, opponents, rng: random.Random):
        """A full state from the view with the opponents' hidden cards of `deal` (deck indices, slot order)."""
        game = self.game
        state = game.determinize(view, rng)
        cards = game.deck.cards
        placed = set()
        for s, hand in zip(opponents, deal):
            state.hands[s] = [cards[i] for i in hand]
            placed.update(state.hands[s])
        unseen = [c for c in game.unseen_cards(view) if c not in placed]
        shuffle(rng, unseen)     # rng.shuffle's draws (engine/streams.py)
        state.stock = unseen
        return state

    def clear_gain(self, best: int, z: float | None = None) -> bool:
        """Whether candidate `best` beat candidate 0 (the normal bot's choice) in the last `values` by more than
        `z` standard errors of their paired difference (the same worlds, the same rollout streams)."""
        z = CLEAR if z is None else z
        diffs = [row[best] - row[0] for row in self.per_world]
        n = len(diffs)
        if best == 0 or n < 2:
            return best != 0 and n == 1 and diffs[0] > 0
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > z * (var / n) ** 0.5

    def values(self, view: PetrangolaView, candidates: list[Action], deals, opponents, rng: random.Random) -> list[float]:
        """Mean value per candidate over the worlds (at most `iterations` rollouts in all)."""
        game = self.game
        worlds = max(1, min(len(deals), self.iterations // len(candidates)))
        totals = [0.0] * len(candidates)
        self.per_world: list[list[float]] = []     # each world's value per candidate (for the noise test)
        deadline = time.perf_counter() + self.time_cap
        played = 0
        for deal, _ in deals[:worlds]:
            if played and time.perf_counter() > deadline:
                break   # a safety net only: the budget is the number of worlds
            seed = rng.getrandbits(64)
            world = self.world(view, deal, opponents, random.Random(seed))
            row = []
            for i, action in enumerate(candidates):
                state = game.clone(world)
                start = state.ctx.copy()
                chance = Chance(seed + 2)
                step(game, state, action, chance, check=False)
                row.append(self.rollout(state, chance, random.Random(seed + 1), start))
                totals[i] += row[-1]
            self.per_world.append(row)
            played += 1
        return [t / played for t in totals]


class HardBot(NormalBot):
    """The normal bot's judgement on better information, and a search of the rest of the hand.

    - Its deals of the unseen cards come from `Belief.deals`: drawn in proportion to how well they explain the
      opponents' public moves in this hand (a pass says the hand was already among the best on offer, a swap says
      which cards were not wanted and that no knock was safe, a knock or a kept widow says the hand was strong),
      by a Metropolis chain over the places of the unseen cards. With these deals it first decides as the normal
      bot does (keep or reject, knock, the least risky swap), with `samples` deals per decision (config
      `bots.hard`): the normal choice.
    - Then it searches (`PetrangolaSearch`) the normal choice against its alternatives (`_candidates`): keep and
      reject the widow; in play, knock against wait (the best move of the other kind); in a final turn with
      players still to come, the swaps making the `candidates` best hands. Each is played in the same
      `iterations`-bounded set of worlds, every later move of the hand made the normal bot's way, to the
      showdown. A knock is so weighed by how often its hand is not the lowest after the others' final turns,
      against waiting, not by a fixed threshold.
    The search overrules the normal choice only by more than `CLEAR` standard errors of the paired difference
    of their values: within its noise the normal choice stands. Same seed, same move: everything is counted,
    nothing timed."""

    level = "hard"
    deals_when_needed = False   # its stream draws as it always did

    def __init__(self, game, seat: int):
        hp = game.config.content.hard
        normal = game.config.content.normal
        super().__init__(game, seat, replace(normal, samples=hp.samples))
        self.hp = hp
        self.belief = Belief(game, seat, normal.knock_risk, normal.keep_risk, normal.shortlist)
        self.search = PetrangolaSearch(game, seat, hp.iterations, _model(game, 16, normal.knock_risk))

    def _samples(self, view: PetrangolaLightView, opponents, rng, count, extra=0):
        # the hard bot decides on its seat's whole view (`choose_in`): its belief reads the hand's moves
        return self.belief.deals(cast(PetrangolaView, view), opponents, rng, count, self.hp.draws, extra)

    def choose_in(self, state, legal: list[Action], rng: random.Random) -> Action:
        return self.choose(self.game.view(state, self.seat), legal, rng)    # the whole view (`_samples`)

    def choose(self, view: PetrangolaView, legal: list[Action], rng: random.Random) -> Action:
        first = super().choose(view, legal, rng)
        phase = view["phase"]
        if len(legal) == 1 or phase not in ("widow", "play", "final"):
            return first
        if phase == "final" and not view["to_play"][1:]:
            return first    # the last final turn: nobody moves after it, the normal bot's choice is exact
        if phase == "widow":
            if self._is_petrangolone(face_up(view["widow"])):
                return first
            cands = [first] + [a for a in legal if a != first]
        else:
            cands = self._candidates(view, legal, first)
        if len(cands) == 1:
            return first
        opponents = [s for s in range(view["players"]) if view["in_hand"][s] and s != self.seat]
        deals = self._samples(view, opponents, rng, max(1, self.hp.iterations // len(cands)))
        means = self.search.values(view, cands, deals, opponents, rng)
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return cands[best] if self.search.clear_gain(best) else first

    def _candidates(self, view: PetrangolaView, legal: list[Action], first: Action) -> list[Action]:
        """The moves searched against the normal bot's choice `first`. In play: knock or wait, the choice the
        normal bot makes by a fixed threshold — its choice, and the best move of the other kind (the knock, or
        the swap all, making the stronger hand; or the wait making the strongest hand). In a final turn: the
        moves making the `candidates` strongest hands (one per hand strength)."""
        hand, monte = view["hands"][self.seat], view["monte"]

        def made(a):
            return self.power(self.result(a, hand, monte)[0])

        if view["phase"] == "play":
            knocking = first.verb in ("knock", "swapall")
            if knocking and self._is_petrangolone(self.result(first, hand, monte)[0]):
                return [first]
            other = [a for a in legal if (a.verb in ("knock", "swapall")) != knocking]
            if not other:
                return [first]
            return [first, max(other, key=lambda a: (made(a), -len(a.args)))]
        cands = [first]
        seen = {made(first)}
        for a in sorted(legal, key=lambda a: (-made(a), len(a.args))):
            if len(cands) > self.hp.candidates:
                break
            if made(a) not in seen:
                seen.add(made(a))
                cands.append(a)
        return cands


_MODELS: dict = {}
_LOOKUPS: dict = {}


def _lookup(game) -> StrengthLookup:
    """Strength look-ups by deck index in any order (one per deck and option; `best6` without sorting)."""
    key = (game.deck.suits, game.deck.ranks, game.options.run_low_wins)
    if key not in _LOOKUPS:
        _LOOKUPS[key] = StrengthLookup(game.deck, game.options.run_low_wins)
    return _LOOKUPS[key]


def _model(game, samples: int, knock_risk: int) -> RolloutModel:
    """One RolloutModel per deck, option and parameters (its tables take a moment to build)."""
    key = (game.deck.suits, game.deck.ranks, game.options.run_low_wins, game.options.knock_without_swap,
           samples, knock_risk)
    if key not in _MODELS:
        _MODELS[key] = RolloutModel(game, samples, knock_risk)
    return _MODELS[key]
