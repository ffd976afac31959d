"""Petrangola bots. Both see only their seat's view (and the legal actions and their own random stream).

- `easy`: thresholds on its own hand (config `bots.easy`).
- `normal`: estimates its chance of holding the lowest hand by dealing the cards it has not seen at random
  (consistently with its view: cards it saw taken from the monte stay where they went) a fixed number of
  times, and lets the players who still get a turn improve with the monte they will see.
"""
from __future__ import annotations

import random
from itertools import combinations

from ...bots.base import Bot
from ...engine.actions import Action
from .cards import strength_table

_SUBSETS6 = list(combinations(range(6), 3))


class _PetrangolaBot(Bot):
    """Shared helpers: deck indices, the strength table, the resulting hand of each action."""

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.deck = game.deck
        self.idx = game.deck.index
        self.table = strength_table(game.deck, game.options.run_low_wins)
        self.n = self.table.n
        self.t = self.table.table

    def power(self, cards) -> int:
        """Strength of three card ids."""
        a, b, c = sorted(self.idx[x] for x in cards)
        return self.t[(a * self.n + b) * self.n + c]

    def best_of_six(self, six) -> int:
        """The best hand a player can make from their hand and the monte (pass, swap 1–2 or swap all)."""
        s = sorted(six)
        n, t = self.n, self.t
        best = -1
        for i, j, k in _SUBSETS6:
            v = t[(s[i] * n + s[j]) * n + s[k]]
            if v > best:
                best = v
        return best

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

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
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
        from .cards import POINTS, classify
        kind, value = classify(self.deck, cards)
        return kind != POINTS or value >= points


class NormalBot(_PetrangolaBot):
    """Monte Carlo over the unseen cards: minimise the chance of holding the lowest hand; knock when that
    chance, with everyone else's one more turn counted, is well below an even share."""

    level = "normal"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        if phase == "rebuy":
            return self.choose_rebuy(legal)
        p = self.game.config.content.normal
        me = self.seat
        in_hand = [s for s in range(view["players"]) if view["in_hand"][s]]
        share = 1.0 / len(in_hand)
        opponents = [s for s in in_hand if s != me]
        samples = self._samples(view, opponents, rng, p.samples, extra=3 if phase == "widow" else 0)
        if phase == "widow":
            # keep = knock with the widow; the monte is then my unseen dealt hand (the sampled extra cards)
            widow = [self.idx[c] for c in view["widow"]]
            mine = self._power_idx(widow)
            if self._is_petrangolone(view["widow"]):
                return Action("keep")
            lose = 0
            for opp_hands, extra in samples:
                low = min(self.best_of_six(h + extra) for h in opp_hands)
                lose += mine <= low
            return Action("keep") if lose / len(samples) < share * p.keep_risk / 100 else Action("reject")

        hand, monte = view["hands"][me], view["monte"]
        if phase == "final":
            to_come = set(view["to_play"][1:]) if p.final_lookahead else set()
            return self._least_risky(legal, hand, monte, samples, opponents, to_come)

        # play: knock (the others each get one more turn with the monte left behind) or improve and wait
        for a in legal:
            if a.verb in ("knock", "swapall"):
                h, m = self.result(a, hand, monte)
                if self._is_petrangolone(h):
                    return a
        knocks = [a for a in legal if a.verb in ("knock", "swapall")]
        best_knock, knock_risk = None, 2.0
        for a in knocks:
            h, m = self.result(a, hand, monte)
            r = self._risk_after(h, m, samples, opponents, set(opponents))
            if r < knock_risk:
                best_knock, knock_risk = a, r
        if best_knock is not None and knock_risk < share * p.knock_risk / 100:
            return best_knock
        waits = [a for a in legal if a.verb in ("pass", "swap")]
        return self._least_risky(waits, hand, monte, samples, opponents, set(opponents))

    def _least_risky(self, actions, hand, monte, samples, opponents, to_come):
        """The action whose resulting hand is least likely to be the lowest: first against the opponents' hands
        as they are now (ties: the stronger hand), then, for a short list, letting `to_come` improve with the
        monte left behind."""
        scored = []
        for i, a in enumerate(actions):
            h, m = self.result(a, hand, monte)
            scored.append((self._risk_now(h, samples), -self.power(h), i, a, h, m))
        scored.sort(key=lambda x: x[:3])
        if not to_come:
            return scored[0][3]
        short = scored[:self.game.config.content.normal.shortlist]
        best = min(short, key=lambda x: (self._risk_after(x[4], x[5], samples, opponents, to_come),) + x[:3])
        return best[3]

    # --- sampling -------------------------------------------------------------------------------------------
    def _samples(self, view, opponents, rng, count, extra=0):
        """`count` deals of the unseen cards: per opponent its hand (known public slots kept), plus `extra`
        further unseen cards; all as deck indices."""
        unseen = [self.idx[c] for c in self.game.unseen_cards(view)]
        known = {s: [self.idx[c] for c in view["public_cards"][s] if c is not None] for s in opponents}
        need = {s: len(view["hands"][s]) - len(known[s]) for s in opponents}
        total = sum(need.values()) + extra
        out = []
        for _ in range(count):
            drawn = rng.sample(unseen, total)
            pos, hands = 0, []
            for s in opponents:
                hands.append(known[s] + drawn[pos:pos + need[s]])
                pos += need[s]
            out.append((hands, drawn[pos:pos + extra]))
        return out

    def _power_idx(self, three) -> int:
        a, b, c = sorted(three)
        return self.t[(a * self.n + b) * self.n + c]

    def _is_petrangolone(self, cards) -> bool:
        return all(self.deck.rank_of[c] == 0 for c in cards)

    def _risk_now(self, hand, samples) -> float:
        """Chance that `hand` is (tied) lowest against the opponents' hands as they are now."""
        if self._is_petrangolone(hand):
            return 0.0
        mine = self.power(hand)
        lose = 0
        for opp_hands, _ in samples:
            if all(mine <= self._power_idx(h) for h in opp_hands):
                lose += 1
        return lose / len(samples)

    def _risk_after(self, hand, monte, samples, opponents, to_come) -> float:
        """Chance that `hand` is (tied) lowest once the opponents in `to_come` each make the best hand from
        their hand and the monte (an upper bound on what they can do in one turn)."""
        if self._is_petrangolone(hand):
            return 0.0
        mine = self.power(hand)
        m = [self.idx[c] for c in monte]
        flags = [s in to_come for s in opponents]
        lose = 0
        for opp_hands, _ in samples:
            for h, improves in zip(opp_hands, flags):
                v = self.best_of_six(h + m) if improves else self._power_idx(h)
                if v < mine:
                    break
            else:
                lose += 1
        return lose / len(samples)
