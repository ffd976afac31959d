"""An exact turn solver for Piraten Kapern (the `hard` bot): dynamic programming over dice states.

A state of a trip after a roll is (the multiset of non-skull dice, the number of skull dice, whether the Guardian
is still unused). Dice are interchangeable, so a re-roll is described by the multiset `K` of dice kept: its value
`EV(K, r)` depends only on `K` and the number `r` of dice rolled, and is shared by every state that contains
`K`. Skull dice never go away (Guardian excepted), so the levels of the skull count are solved from the top down;
within a level a re-roll without a new skull returns to the same level, so that level is solved by value
iteration (each roll of at least 2 dice brings a skull with probability ≥ 11/36, hence geometric convergence).

With Treasure Island the best island is always every kept die (more dice on the island never lower what it is
worth when a third skull comes), so the value of a bust after keeping `K` is the island score of `K`.

Values are utilities of the change of the player's own score (`Utility`): the plain expected points for most of
the game, or the chance of reaching a number of points in the end-game race. Tables are built lazily and cached
per (config, card, option, utility) in a module-level dict.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from operator import mul

from .schema import DICE, CardDef, PKContent
from .scoring import Scorer


@dataclass(frozen=True)
class Utility:
    """How a trip's outcome is valued: `kind` "ev" (expected points) or "race" (step at `gap`)."""

    kind: str = "ev"
    gap: int = 0                # race: more than gap points win; exactly gap ties (worth 1/2 when `tie`)
    tie: bool = True
    island_weight: float = 0.0  # ev: worth of each point every other player loses on Skull Island
    magic: float = 0.0          # Pirate magic (ends the game: the trip itself scores nothing)
    epsilon: float = 1e-6       # race: tie-break towards more points

    def points(self, x: float) -> float:
        if self.kind == "ev":
            return x
        return (1.0 if x > self.gap else 0.5 if x == self.gap and self.tie else 0.0) + self.epsilon * x

    def island(self, own: int, loss: int) -> float:
        """Skull Island's end: the player's own change and what every other player loses."""
        if self.kind == "ev":
            return own + self.island_weight * loss
        return self.points(own + loss)  # the others all lose `loss`: the gap to the best of them shrinks


# --- dice combinatorics (independent of the card) -------------------------------------------------------------
@cache
def multisets(n: int, k: int) -> tuple:
    """Every count tuple of length k summing to n (a stable order)."""
    if k == 1:
        return ((n,),)
    return tuple((i,) + rest for i in range(n, -1, -1) for rest in multisets(n - i, k - 1))


@cache
def roll_outcomes(r: int, k: int) -> tuple:
    """Rolling r dice with one skull face and k other faces (uniform): ((skulls, counts, probability), …)."""
    faces = k + 1
    out = []
    for full in multisets(r, faces):
        p = math.factorial(r)
        for c in full:
            p //= math.factorial(c)
        out.append((full[0], full[1:], p / faces ** r))
    return tuple(out)


def add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


@cache
def level_structure(d: int, k: int):
    """For skull-dice level d: the states (non-skull multisets of 8 - d dice), their index, and every keep/roll
    pair (K, r) with the zero-new-skull outcomes as (state indexes, probabilities) and the others as
    (new level, index there, probability, outcome counts)."""
    n = DICE - d
    states = multisets(n, k)
    index = {s: i for i, s in enumerate(states)}
    pairs: list[tuple] = []          # (K, r, same_idx, same_p, others)
    pair_index = {}
    for m in range(0, n - 1):
        r = n - m
        for keep in multisets(m, k):
            same_idx, same_p, others = [], [], []
            for j, counts, p in roll_outcomes(r, k):
                after = add(keep, counts)
                if j == 0:
                    same_idx.append(index[after])
                    same_p.append(p)
                else:
                    others.append((d + j, after, p))
            pair_index[keep] = len(pairs)
            pairs.append((keep, r, tuple(same_idx), tuple(same_p), tuple(others)))
    subs = []           # per state: indexes of the pairs whose K it contains with at least 2 dice to roll
    for s in states:
        ranges = [range(c + 1) for c in s]
        subs.append(tuple(sorted(pair_index[keep] for keep in _product(ranges) if sum(keep) <= n - 2)))
    return states, index, tuple(pairs), tuple(subs)


def _product(ranges: list[range]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for rg in ranges:
        out = [t + (i,) for t in out for i in rg]
    return out


# --- the solver ---------------------------------------------------------------------------------------------
# Sweeps of one level at most. A re-roll rolls at least two dice, and a new skull leaves the level, so a sweep
# shrinks the distance to the fixed point by 25/36 at least: at the finest valid tolerance (0.001 points), with
# every value in points at its maximum, a level took 45 sweeps at most (tests/config/test_bot_limits.py). The cap
# is only a backstop: a tolerance of 0 or NaN, which validation refuses, never converged and ran to it.
MAX_SWEEPS = 1000

class TripSolver:
    """Exact values of one card's trip for one utility; `decide` gives the best action of a state."""

    def __init__(self, content: PKContent, card: CardDef, guardian_saves: bool, utility: Utility,
                 tolerance: float = 0.01):
        self.content, self.card, self.utility = content, card, utility
        self.guardian_saves = guardian_saves and card.guardian
        self.tol = tolerance if utility.kind == "ev" else tolerance * 1e-4
        self.scorer = Scorer(content, card)
        faces = content.faces
        self.skull = faces.index("skull")
        self.others = tuple(f for f in faces if f != "skull")
        self.k = len(self.others)
        self.F = len(faces)
        self.cs = card.skulls
        self.values: dict = {}    # (d, g) -> list of state values
        self.evs: dict = {}       # (d, g) -> list of EV(K, r) per pair
        self.guardian: dict = {}  # (d, True) -> per state, the value of using the Guardian now
        self._island: dict = {}
        self.sweeps = 0           # the most sweeps a level took (at most MAX_SWEEPS)
        if card.zombie:
            return
        if card.shipwreck:
            for d in range(DICE, -1, -1):
                self._solve_shipwreck(d)
            return
        for g in ((False, True) if card.guardian else (False,)):
            for d in range(DICE, -1, -1):
                self._solve_level(d, g)

    # --- terminal values -------------------------------------------------------------------------------
    def full(self, counts: tuple, d: int) -> tuple:
        """Counts over the config's faces (skull included) from non-skull counts and skull dice."""
        return counts[:self.skull] + (d,) + counts[self.skull:]

    def stop_u(self, counts, d) -> float:
        return self.utility.points(self.scorer.stop_points(self.full(counts, d)))

    def bust_u(self, counts, d, keep) -> float:
        island = self.full(keep, 0) if self.card.treasure_island else None
        return self.utility.points(self.scorer.bust_points(self.full(counts, d), island))

    def is_magic(self, counts) -> bool:
        return self.scorer.magic(self.full(counts, 0))

    # --- levels ----------------------------------------------------------------------------------------
    def _terminal_level(self, d: int) -> bool:
        return d + self.cs >= 3

    def _solve_level(self, d: int, g: bool) -> None:
        states, index, pairs, subs = level_structure(d, self.k)
        if self._terminal_level(d):
            return
        u = self.utility
        stop = [u.magic if self.is_magic(s) else self.stop_u(s, d) for s in states]
        magic = [self.is_magic(s) for s in states]
        fixed = []
        for keep, _r, _same_idx, _same_p, others in pairs:
            total = 0.0
            for nd, after, p in others:
                total += p * self._after_roll_value(after, nd, g, keep)
            fixed.append(total)
        guardian = None
        if g and d >= 1:
            lower = self.values[(d - 1, False)]
            same = self.values[(d, False)]
            lower_index = level_structure(d - 1, self.k)[1]
            guardian = []
            for i, s in enumerate(states):
                total = same[i] / self.F
                for f in range(self.k):
                    after = s[:f] + (s[f] + 1,) + s[f + 1:]
                    total += lower[lower_index[after]] / self.F
                guardian.append(total)
        values = list(stop)
        if g:  # the Guardian can always be left unused: the unguarded values are a closer lower bound
            values = [max(a, b) for a, b in zip(values, self.values[(d, False)])]
        same_p_lists = [pair[3] for pair in pairs]
        same_idx_lists = [pair[2] for pair in pairs]
        sweeps = 0
        for _ in range(MAX_SWEEPS):
            sweeps += 1
            get = values.__getitem__
            evs = [f + sum(map(mul, ps, map(get, ix))) for f, ps, ix in zip(fixed, same_p_lists, same_idx_lists)]
            eget = evs.__getitem__
            new = []
            for i, sub in enumerate(subs):
                if magic[i]:
                    new.append(stop[i])
                    continue
                best = stop[i]
                if sub:
                    m = max(map(eget, sub))
                    if m > best:
                        best = m
                if guardian is not None and guardian[i] > best:
                    best = guardian[i]
                new.append(best)
            delta = max(abs(a - b) for a, b in zip(new, values))
            values = new
            if delta < self.tol:
                break
        self.sweeps = max(self.sweeps, sweeps)
        get = values.__getitem__
        self.evs[(d, g)] = [f + sum(map(mul, ps, map(get, ix)))
                            for f, ps, ix in zip(fixed, same_p_lists, same_idx_lists)]
        self.values[(d, g)] = values
        self.guardian[(d, g)] = guardian

    def _after_roll_value(self, counts, nd, g, keep) -> float:
        """The value right after a roll that left nd skull dice (from a solved level, or the trip's end)."""
        if self._terminal_level(nd):
            bust = self.bust_u(counts, nd, keep)
            if g and self.guardian_saves and nd + self.cs == 3 and nd >= 1:
                return max(bust, self._guardian_save_value(counts, nd, bust))
            return bust
        return self.values[(nd, g)][level_structure(nd, self.k)[1][counts]]

    def _guardian_save_value(self, counts, nd, bust) -> float:
        """Re-rolling the third skull with the Guardian: a skull again is the loss, else play on unguarded."""
        lower = self.values[(nd - 1, False)]
        lower_index = level_structure(nd - 1, self.k)[1]
        total = bust / self.F
        for f in range(self.k):
            after = counts[:f] + (counts[f] + 1,) + counts[f + 1:]
            total += lower[lower_index[after]] / self.F
        return total

    def _solve_shipwreck(self, d: int) -> None:
        """Shipwreck: one re-roll at most, then the trip ends; skulls never end it."""
        states, index, pairs, subs = level_structure(d, self.k)
        stop = [self.stop_u(s, d) for s in states]
        evs = []
        for _keep, _r, same_idx, same_p, others in pairs:
            total = sum(p * stop[i] for i, p in zip(same_idx, same_p))
            for nd, after, p in others:
                total += p * self.stop_u(after, nd)
            evs.append(total)
        self.evs[(d, False)] = evs
        self.values[(d, False)] = [max([stop[i]] + [evs[j] for j in sub]) for i, sub in enumerate(subs)]

    # --- Skull Island ----------------------------------------------------------------------------------
    def island_value(self, skulls: int, counts: tuple) -> float:
        """Skull Island with `skulls` skulls (card skulls included) and these non-skull dice showing."""
        return max(self._island_options(skulls, counts))

    def _island_options(self, skulls: int, counts: tuple) -> tuple:
        """(value of stopping, value of rolling or None) on Skull Island."""
        key = (skulls, counts)
        if key in self._island:
            return self._island[key]
        u = self.utility
        own = self.scorer.skull_island_own(self.full(counts, 0))
        stop = u.island(own, self.scorer.skull_island_loss(skulls))
        n = sum(counts)
        roll = None
        if n >= 2:
            roll = 0.0
            for j, after, p in roll_outcomes(n, self.k):
                if j == 0 or n - j < 2:
                    own = self.scorer.skull_island_own(self.full(after, 0))
                    roll += p * u.island(own, self.scorer.skull_island_loss(skulls + j))
                else:
                    roll += p * self.island_value(skulls + j, after)
        result = (stop, roll) if roll is not None else (stop,)
        self._island[key] = result
        return result

    def island_roll(self, skulls: int, counts: tuple) -> bool:
        """Whether rolling on Skull Island is at least as good as stopping."""
        options = self._island_options(skulls, counts)
        return len(options) == 2 and options[1] >= options[0]

    # --- the whole trip --------------------------------------------------------------------------------
    def first_roll_value(self) -> float:
        """The value of a trip before its first roll."""
        card, u = self.card, self.utility
        if card.zombie:
            p = sum(math.comb(DICE, s) for s in range(card.zombie_sabers, DICE + 1)) / 2 ** DICE
            return p * u.points(card.zombie_points) + (1 - p) * u.points(0)
        g = card.guardian
        total = 0.0
        for j, counts, p in roll_outcomes(DICE, self.k):
            skulls = j + self.cs
            if j == 0 and self.is_magic(counts):
                value = u.magic
            elif card.shipwreck:
                value = self.values[(j, False)][level_structure(j, self.k)[1][counts]]
            elif skulls >= 4 and card.skull_island:
                value = self.island_value(skulls, counts)
            else:
                value = self._after_roll_value(counts, j, g, (0,) * self.k)
            total += p * value
        return total

    def decide(self, counts: tuple, d: int, guardian: bool):
        """The best choice after a roll: ("stop", None), ("reroll", kept counts) or ("guardian", None)."""
        g = guardian and self.card.guardian
        states, index, pairs, subs = level_structure(d, self.k)
        i = index[counts]
        best, choice = self.stop_u(counts, d), ("stop", None)
        if self.card.shipwreck or not self._terminal_level(d):
            evs = self.evs.get((d, g))
            if evs is not None:
                for j in subs[i]:
                    if evs[j] > best + 1e-12:
                        best, choice = evs[j], ("reroll", pairs[j][0])
        guardian_values = self.guardian.get((d, g))
        if guardian_values is not None and guardian_values[i] > best + 1e-12:
            choice = ("guardian", None)
        return choice

    def guardian_save_choice(self, counts: tuple, d: int) -> bool:
        """In `guardian_save`: whether re-rolling the third skull beats accepting the loss."""
        bust = self.bust_u(counts, d, (0,) * self.k)
        return self._guardian_save_value(counts, d, bust) >= bust


_TABLES: OrderedDict = OrderedDict()
_MAX_TABLES = 256   # the `hard` bot plays 12 plans per card (winplan.py): 168 tables for the default deck, ~0.2 MB each
_LOCK = threading.Lock()  # bots think off the UI thread; several may share the cache


def solver_for(content: PKContent, card: CardDef, guardian_saves: bool, utility: Utility,
               tolerance: float = 0.01) -> TripSolver:
    """The cached solver of a (config, card, option, utility); built on first use."""
    key = (content, card.id, guardian_saves and card.guardian, utility, tolerance)
    with _LOCK:
        solver = _TABLES.get(key)
        if solver is not None:
            _TABLES.move_to_end(key)
            return solver
    solver = TripSolver(content, card, guardian_saves, utility, tolerance)
    with _LOCK:
        _TABLES[key] = solver
        while len(_TABLES) > _MAX_TABLES:
            _TABLES.popitem(last=False)
    return solver
