"""Piratz bots. Both see only their seat's view (with open_collections false: others' collections as counts).

easy   thresholds: take the best type once the table shows enough of it, else reveal; bury the richest card.
normal a majority model: for each treasure type and seat, the chance to finish first / second from the items
       held, the items still to come (table + draw pile, from the composition the view gives) and the rats
       (tie-breaks); expected cube points = cube values x those chances. It plays the action with the best
       expected (own points - rival_weight x best rival's points): takes now, reveals (averaged over the cards
       that can come, a second rat meaning the rats catch it), ends (keeping the shovel is worth a typical later
       take, sampled from the unseen composition), and buries the card that the rivals would gain most from.
"""
from __future__ import annotations

import math
import random

from ...bots.base import Bot
from ...engine.actions import Action
from .cards import RAT, TYPES


def make_bot(game, level: str, seat: int) -> Bot:
    params = game.config.content.bots
    if level == "easy":
        return EasyBot(game, seat, params.easy)
    if level == "normal":
        return NormalBot(game, seat, params.normal)
    raise ValueError(f"Piratz has no bot level {level!r} (levels: easy, normal)")


def _type_items(view, cards, t) -> int:
    """Items of type t on the face-up cards that show it (what `take t` would collect)."""
    ci = view["card_items"]
    return sum(ci[c].count(t) for c in cards if t in ci[c])


class EasyBot(Bot):
    """Simple thresholds on the number of items of the best type lying face up."""

    level = "easy"

    def __init__(self, game, seat, params):
        super().__init__(game, seat)
        self.p = params

    def choose(self, view, legal, rng: random.Random) -> Action:
        ci, table = view["card_items"], view["table"]
        verbs = {a.verb for a in legal}
        if "bury" in verbs or "rat" in verbs:
            options = [a for a in legal if a.args[0] != "none"] or legal
            most = max(len(ci[a.args[0]]) for a in options)
            return rng.choice([a for a in options if len(ci[a.args[0]]) == most])
        takes = [a for a in legal if a.verb == "take"]
        best = max((_type_items(view, table, a.args[0]) for a in takes), default=0)
        best_takes = [a for a in takes if _type_items(view, table, a.args[0]) == best]
        last = view["last_shovel"]
        threshold = self.p.last_shovel_take_items if last else self.p.take_items
        if takes and best >= threshold:
            return rng.choice(best_takes)
        if last and takes and best > 0 and self.p.fear_rats and view["table_rats"]:
            return rng.choice(best_takes)
        for verb in ("reveal", "end"):
            if verb in verbs:
                return Action(verb)
        return rng.choice(best_takes)


_INDEX = {t: k for k, t in enumerate(TYPES)}


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class _Model:
    """Expected cube points per seat from one view (others' hidden collections estimated from the unseen pool)."""

    def __init__(self, view, seat, params):
        self.n = n = view["players"]
        self.seat = seat
        self.p = params
        self.ci = ci = view["card_items"]
        self.cubes = view["cubes"]
        unseen = view["unseen"]
        pool = max(unseen["count"], 1)
        per_card = {k: unseen["items"][k] / pool for k in TYPES + (RAT,)}
        self.items = []
        self.rats = []
        for i in range(n):
            if view["items"][i] is not None:
                self.items.append([view["items"][i][t] for t in TYPES])
                self.rats.append(float(view["rats"][i]))
            else:  # hidden collection: its size times the unseen pool's average card
                size = view["collection_sizes"][i]
                self.items.append([size * per_card[t] for t in TYPES])
                self.rats.append(size * per_card[RAT] / 1.0)
        # Items of each type still to come: face-up cards plus the draw pile's expected share of the unseen pool.
        draw_share = view["draw_pile"] / pool if unseen["count"] else 0.0
        table = [0] * 6
        for c in view["table"]:
            for it in ci[c]:
                if it != RAT:
                    table[TYPES.index(it)] += 1
        self.future = [table[k] + unseen["items"][t] * draw_share for k, t in enumerate(TYPES)]
        self.spread = [params.sharpness * math.sqrt(1.0 + f / n) for f in self.future]
        self.base = self.type_ev_all(self.items, self.rats)
        self.base_objective = self.objective(self.base)
        self.cache = {}

    def type_ev(self, k, items, rats) -> list[float]:
        """Expected points of type k for every seat."""
        n = self.n
        cubes = self.cubes[TYPES[k]]
        s = self.spread[k]
        counts = [items[i][k] for i in range(n)]
        out = [0.0] * n
        for i in range(n):
            m = counts[i]
            if m <= 0 and self.future[k] <= 0:
                continue
            beats = []
            for j in range(n):
                if j == i:
                    continue
                d = m - counts[j]
                dr = rats[i] - rats[j]
                d += 0.4 if dr > 0.5 else (-0.4 if dr < -0.5 else (-0.3 if abs(d) < 1e-9 else 0.0))
                beats.append(_sigmoid(d / s))
            own = 1.0 if m > 0 else 1.0 - math.exp(-self.future[k] / n)
            first = own
            for b in beats:
                first *= b
            ev = cubes[0] * first
            if len(cubes) > 1:
                second = 0.0
                for x in range(len(beats)):
                    prod = 1.0 - beats[x]
                    for y, b in enumerate(beats):
                        if y != x:
                            prod *= b
                    second += prod
                ev += cubes[1] * own * second
            out[i] = ev
        return out

    def type_ev_all(self, items, rats):
        return [self.type_ev(k, items, rats) for k in range(6)]

    def objective(self, evs) -> float:
        totals = [sum(evs[k][i] for k in range(6)) for i in range(self.n)]
        me = totals[self.seat]
        rival = max(totals[i] for i in range(self.n) if i != self.seat)
        return me - self.p.rival_weight * rival

    def gain(self, seat, cards) -> float:
        """Change of the bot's objective if `seat` collected `cards` (memoised on the items they add)."""
        if not cards:
            return 0.0
        delta = [0] * 6
        dr = 0
        for c in cards:
            for it in self.ci[c]:
                if it == RAT:
                    dr += 1
                else:
                    delta[_INDEX[it]] += 1
        key = (seat, dr, *delta)
        value = self.cache.get(key)
        if value is not None:
            return value
        items = list(self.items)
        row = list(items[seat])
        for k in range(6):
            row[k] += delta[k]
        items[seat] = row
        rats = self.rats
        if dr:
            rats = list(rats)
            rats[seat] += dr
        # rats only break ties: they matter where this seat has (or gets) items of the type
        evs = [self.type_ev(k, items, rats) if delta[k] or (dr and row[k] > 0) else self.base[k]
               for k in range(6)]
        value = self.objective(evs) - self.base_objective
        self.cache[key] = value
        return value


class NormalBot(Bot):
    """Expected-points play over a majority model; see the module docstring."""

    level = "normal"

    def __init__(self, game, seat, params):
        super().__init__(game, seat)
        self.p = params

    # -- values (all in the bot's objective: own expected points - rival_weight x best rival's) ------------
    def _take_gain(self, model, table, t):
        ci = model.ci
        return model.gain(self.seat, [c for c in table if t in ci[c]])

    def _best_take(self, model, table):
        return max(self._take_gain(model, table, t) for t in TYPES)

    def _deny(self, model, card, table) -> float:
        """What burying `card` is worth: the most a rival would gain from it, minus a little of our own."""
        worst = max(-model.gain(j, [card]) for j in range(model.n) if j != self.seat)
        value = worst - 0.3 * model.gain(self.seat, [card])
        ci = model.ci
        if RAT in ci[card] and sum(1 for c in table if RAT in ci[c]) == 1:
            value -= self.p.rat_bury_penalty  # the rivals' reveals become safe
        return value

    def _deny_bonus(self, model, table):
        if not table:
            return 0.0
        return self.p.deny_weight * max(0.0, max(self._deny(model, c, table) for c in table))

    def _haul(self, model, view, rng) -> float:
        """A typical later take: the best take from a few cards drawn from the unseen composition."""
        pool = view["unseen"]["cards"] or view["discard_cards"]
        k = min(self.p.haul_cards, len(pool))
        if k == 0:
            return 0.0
        total = 0.0
        for _ in range(self.p.haul_samples):
            total += max(0.0, self._best_take(model, rng.sample(pool, k)))
        return total / self.p.haul_samples

    def _end_value(self, model, table, wait):
        """Keeping the shovel: part of what lies face up now, or a typical later take, whichever is more."""
        return max(self.p.end_keep * max(0.0, self._best_take(model, table)), wait)

    def _reveal_value(self, model, view, table, last, wait):
        """The average over the cards that can come next: caught by the rats (a second rat), or the best of
        taking at once and (not the last shovel) ending the turn."""
        ci = model.ci
        pool = view["unseen"]["cards"] if view["draw_pile"] > 0 else view["discard_cards"]
        if not pool:
            return -1e9
        rat_up = any(RAT in ci[c] for c in table)
        total, cache = 0.0, {}
        for c in pool:
            key = tuple(ci[c])
            v = cache.get(key)
            if v is None:
                after = table + [c]
                if rat_up and RAT in ci[c]:
                    v = max(model.gain(self.seat, [r]) for r in after if RAT in ci[r])
                else:
                    v = self._best_take(model, after)
                    if not last:  # or end the turn (_end_value, with end_keep <= 1, never beats taking)
                        v = max(v, wait)
                cache[key] = v
            total += v
        return total / len(pool) + self.p.reveal_bonus

    # -- choice -------------------------------------------------------------------------------------------
    def choose(self, view, legal, rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        model = _Model(view, self.seat, self.p)
        table = list(view["table"])
        ci = model.ci
        verbs = {a.verb for a in legal}
        scored = []
        if "bury" in verbs:
            scored = [(self._deny(model, a.args[0], table), a) for a in legal]
        elif "rat" in verbs:
            for a in legal:
                card = a.args[0]
                if card == "none":
                    scored.append((self._deny_bonus(model, table) - 0.01, a))
                else:
                    rest = [c for c in table if c != card]
                    scored.append((model.gain(self.seat, [card]) + self._deny_bonus(model, rest), a))
        else:
            last = view["last_shovel"]
            wait = 0.0 if last else self.p.wait_factor * self._haul(model, view, rng)
            # A later take ends with a bury too: what burying denies is counted relative to burying from the
            # table as it is now, so it picks the type to take without making taking now look better.
            deny_ref = self._deny_bonus(model, table)
            for a in legal:
                if a.verb == "take":
                    t = a.args[0]
                    rest = [c for c in table if t not in ci[c]]
                    v = self._take_gain(model, table, t) + self._deny_bonus(model, rest) - deny_ref
                    if not last:  # taking hands the rivals the rest of the round
                        v -= self.p.pass_cost
                elif a.verb == "reveal":
                    v = self._reveal_value(model, view, table, last, wait)
                else:  # end
                    v = self._end_value(model, table, wait)
                scored.append((v, a))
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        return top[0] if len(top) == 1 else top[rng.randrange(len(top))]
