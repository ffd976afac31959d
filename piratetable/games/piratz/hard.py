"""Piratz `hard` bot: information-set search over the rules contract, and the position model it scores with.

Position model (`WinModel`): the chance of each seat winning from a state between rounds. For every treasure type
the items still to come (face up and in the draw pile, and the discard pile's counted at `discard`: it is shuffled
back in when the last round needs more cards than the draw pile holds) are shared out later; a seat's final count
is its count now plus a normal spread of `spread x sqrt(items to come)` (the same share for everyone, so only the
differences and the "no item, no cube" rule matter). Both were fitted to games of `normal` bots
(`benchmarks/piratz_model.py`): without the discard pile the model was sure of the winner too early, in the last
rounds. Final counts are compared after rounding (an equal count is a tie, broken by the rat cards held now). Two
players: exact, per type the chance that each seat takes the cube, then the distribution of the score difference.
Three or four players: a fixed set of normal samples (common to every call, so the value is a smooth
deterministic function of the state), the cubes awarded as in the rules.

Search (`HardBot`): the generic `bots.search.SearchBot` (determinize, play a candidate, roll out with the normal
bot, evaluate) in a paired, sequential form. The candidates are the `normal` bot's best few actions (by its own
scores) within `margin` of its first choice; a clear first choice is played at once. Every sampled world
(`Piratz.determinize`: the draw pile from the cards the seat has not seen, with closed collections also the
others' collections) plays every candidate with the same draws and the same rollout stream, so candidates are
compared on the same luck. A rollout plays the `normal` bot for every seat to the end of the round
(`Piratz.rollout_done`: a round ended since the rollout's start) and scores the position with `evaluate`
(`Piratz.estimate`: the model above; the win share once the game is over). Worlds come in batches; after
`min_worlds`, a rival of the first choice is dropped once it trails by `drop` standard errors of the paired
difference, or is within `tolerance` of it; the search stops when no rival is left or after `worlds` worlds, or
(checked between batches) once the rollouts have done `steps` of work, and the first choice gives way only to a
rival leading by `switch` standard errors. A batch stops early, after the world in hand, once the rollouts have
done twice `steps`: a bound on the work of a decision whatever the batch, the candidates and the deck (a round of
a big deck is long). With the shipped settings it bound in none of 815 searches of eleven games with 3–4 hard
seats, open and closed collections (the most work was 6,372, the ceiling 9,600): their moves stay as they were.
Budgets are counted in worlds (iterations) and work, never in time, so a seed gives the same move on any machine;
a cap in CPU seconds of the deciding process (`time_cap`) only guards against a pathological case (CPU time, not
the wall clock: a machine busy with other work does not change the move).
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from itertools import repeat
from typing import NamedTuple

from ...bots.search import SearchBot
from ...engine.actions import Action
from ...engine.chance import Chance
from ...engine.runner import play_out, step
from .bots import NormalBot
from .schema import TYPES
from .view import PiratzView

_SQRT2 = math.sqrt(2.0)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / _SQRT2)


class WinModel:
    """Win shares per seat from a state (see the module docstring)."""

    def __init__(self, game, *, spread: float, samples: int, discard: float, seed: int = 20240611):
        """`spread`, `samples` and `discard` are the config's (`bots.hard`, `HardParams.model_kwargs()`): no
        figure of its own to go stale."""
        self.game = game
        self.spread = spread
        self.discard = discard
        self.samples = samples
        self.vec = {cid: tuple(items.count(t) for t in TYPES) for cid, items in game._items.items()}
        self.rat = dict(game._rat)
        gen = random.Random(seed)  # fixed normal samples: the model is a deterministic function of the state
        self.z = [[[gen.gauss(0.0, 1.0) for _ in TYPES] for _ in range(4)] for _ in range(samples)]
        self.z_by_type = [[[zs[i][k] for zs in self.z] for i in range(4)] for k in range(len(TYPES))]  # [type][seat]
        self.rank_scale = 1 + sum(self.rat.values())   # more than any seat's rat cards

    # -- inputs -------------------------------------------------------------------------------------------
    def _tally(self, cards) -> list:
        """The items of each type on `cards` (summed per type, in `TYPES` order)."""
        vec = self.vec
        return [sum(col) for col in zip(*[vec[cid] for cid in cards])] if cards else [0] * len(TYPES)

    def counts(self, state):
        """Each seat's items per type and rat cards, and the items per type still to come: those face up and in
        the draw pile, and the discard pile's at the weight `discard`."""
        rat, tally = self.rat, self._tally
        items = [tally(coll) for coll in state.collections]
        rats = [sum(1 for cid in coll if rat[cid]) for coll in state.collections]
        future = tally(state.table + state.draw)
        if self.discard and state.discard:
            w = self.discard
            future = [f + w * d for f, d in zip(future, tally(state.discard))]
        return items, rats, future

    def shares(self, state) -> list[float]:
        items, rats, future = self.counts(state)
        players = state.ctx.players
        if players == 2:
            return self._two(items, rats, future, state.cubes)
        return self._many(items, rats, future, state.cubes, players)

    # -- two players: exact --------------------------------------------------------------------------------
    def _two(self, items, rats, future, cubes) -> list[float]:
        dist = {0: 1.0}  # score difference (seat 0 - seat 1) -> probability
        for k, t in enumerate(TYPES):
            value = cubes[t][0]
            a, b, f = items[0][k], items[1][k], future[k]
            d = a - b
            if f <= 0:
                p0 = 1.0 if d > 0 else 0.0
                p1 = 1.0 if d < 0 else 0.0
            else:
                s = self.spread * math.sqrt(2.0 * f)
                p0 = _phi((d - 0.5) / s)
                p1 = _phi((-d - 0.5) / s)
            tie = max(0.0, 1.0 - p0 - p1)
            if tie and (f > 0 or a > 0):  # a tie with items on both sides: the rats decide
                if rats[0] > rats[1]:
                    p0 += tie
                    tie = 0.0
                elif rats[1] > rats[0]:
                    p1 += tie
                    tie = 0.0
            if value == 0 or (p0 == 0.0 and p1 == 0.0):
                continue
            new: dict[int, float] = {}
            for diff, p in dist.items():
                if p0:
                    new[diff + value] = new.get(diff + value, 0.0) + p * p0
                if p1:
                    new[diff - value] = new.get(diff - value, 0.0) + p * p1
                if tie:
                    new[diff] = new.get(diff, 0.0) + p * tie
            dist = new
        win = sum(p for d, p in dist.items() if d > 0)
        draw = dist.get(0, 0.0)
        # the products summed can pass 1 by a rounding (1.0000000000000002 in 290 of 200,000 random positions),
        # which left the other seat a share of -2.2e-16: a win share is kept within [0, 1]
        share = min(1.0, max(0.0, win + 0.5 * draw))
        return [share, 1.0 - share]

    # -- three or four players: fixed samples -----------------------------------------------------------------
    def _many(self, items, rats, future, cubes, n) -> list[float]:
        """Type by type, every sample's final counts and the cubes they award; then each sample's winners. The
        same arithmetic as taking one sample (`self.z[sample][seat][type]`) at a time, in an order that lets
        the work of a type be shared by the samples."""
        seats = range(n)
        floor = math.floor
        scale = self.rank_scale
        scores = [[0] * n for _ in self.z]
        for k, t in enumerate(TYPES):
            col = [items[i][k] for i in seats]
            sd = self.spread * math.sqrt(future[k])
            finals: Iterable[tuple[int, ...]]   # per sample: every seat's final count of the type
            if sd > 0:
                mean = 0.7 * future[k] / n  # the usual share of what is still to come
                zk = self.z_by_type[k]
                starts = [c + mean for c in col]
                finals = zip(*[[max(col[i], floor(starts[i] + sd * x + 0.5)) for x in zk[i]] for i in seats])
            else:
                finals = repeat(tuple(col), len(scores))
            cube = cubes[t]
            if len(cube) == 2:   # three or four players: two cubes per type
                high, low = cube
                for score, final in zip(scores, finals):
                    # a seat's rank: its final count, then its rats, as one number (rats < scale); -1: no item
                    ranks = [f * scale + r if f > 0 else -1 for f, r in zip(final, rats)]
                    best = max(ranks)
                    if best < 0 or ranks.count(best) > 1:   # nobody, or a tie for first: no cube
                        continue
                    first = ranks.index(best)
                    score[first] += high
                    ranks[first] = -1
                    best = max(ranks)
                    if best >= 0 and ranks.count(best) == 1:   # a tie for second: no second cube
                        score[ranks.index(best)] += low
            else:
                for score, final in zip(scores, finals):
                    for i, value in _awards(final, rats, cube):
                        score[i] += value
        out = [0.0] * n
        for score in scores:
            best = max(score)
            top = [i for i in seats if score[i] == best]
            for i in top:
                out[i] += 1.0 / len(top)
        return [v / len(self.z) for v in out]


def _awards(final, rats, cube) -> list[tuple[int, int]]:
    """(seat, cube value) for the cubes of one type: seats with an item rank by final count, then rats; a group
    still tied takes no cube for the ranks it occupies (as the rules)."""
    ranked = sorted((i for i in range(len(final)) if final[i] > 0), key=lambda i: (-final[i], -rats[i]))
    won = []
    pos = 0
    m = len(ranked)
    while pos < m and pos < len(cube):
        first = ranked[pos]
        key = (final[first], rats[first])
        g = 1
        while pos + g < m and (final[ranked[pos + g]], rats[ranked[pos + g]]) == key:
            g += 1
        if g == 1:
            won.append((first, cube[pos]))
        pos += g
    return won


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


class Searched(NamedTuple):
    """What `HardBot.search` found (see there)."""

    best: int
    means: list[float]
    worlds: int
    errors: list[float]
    counts: list[int]
    shares: list[float]         # per candidate: its mean win share over the worlds it was played in
    first_shares: list[float]   # per candidate: the first choice's mean win share over those same worlds


class HardChoice(NamedTuple):
    """The hard bot's decision record (`HardBot.record`): the figures its move was chosen on. `values`: every legal
    action's value in the normal bot's model (expected cube points, own minus `rival_weight` x the best rival's;
    None when only one action was legal), `candidates` the actions searched (the first is the normal bot's
    first choice; one alone: played without a search), `search` what the search found (None: no search),
    `action` the move played."""

    action: Action
    values: list[tuple[float, Action]] | None
    candidates: list[Action]
    search: Searched | None


class HardBot(SearchBot):
    """Paired-world information-set search over the normal bot's best few actions (see the module docstring)."""

    level = "hard"

    def __init__(self, game, seat: int, params=None, normal: NormalBot | None = None):
        if params is None:
            params = game.content.bots.hard
        super().__init__(game, seat, iterations=params.worlds, rollout_level="normal", time_cap=params.time_cap)
        self.p = params
        self.normal = normal if normal is not None else NormalBot(game, seat)
        self.spent = 0   # rollout work of the last decision (moves x seats)
        self.record: HardChoice | None = None   # the last decision's figures (`choose`)

    def candidates(self, view: PiratzView, legal, rng) -> list[Action]:
        """The normal bot's best `candidates` actions within `margin` of its first choice, best first (ties in
        the rules' order): a clear first choice is played without a search."""
        return self._candidates(self.normal.score(view, legal, rng))

    def _candidates(self, scored) -> list[Action]:
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        top = scored[order[0]][0]
        return [scored[i][1] for i in order[:max(1, self.p.candidates)] if scored[i][0] >= top - self.p.margin]

    def choose(self, view: PiratzView, legal, rng):
        """The move; its figures are kept in `record` (`HardChoice`)."""
        if len(legal) == 1:
            self.record = HardChoice(legal[0], None, [legal[0]], None)
            return legal[0]
        scored = self.normal.score(view, legal, rng)
        cands = self._candidates(scored)
        found = self.search(view, cands, rng) if len(cands) > 1 else None
        action = cands[found.best] if found is not None else cands[0]
        self.record = HardChoice(action, scored, cands, found)
        return action

    def search(self, view: PiratzView, cands, rng) -> Searched:
        """Paired worlds, in batches, for the normal bot's first choice (index 0) and its rivals. A rival is
        dropped once it is clearly worse than the first choice, or clearly no different (within `tolerance`);
        the search stops when none is left or at `worlds`. The first choice is replaced only by a rival that
        leads it by more than `switch` standard errors. Returns the index chosen, per candidate the mean
        difference of its win share against the first choice (0 for the first choice itself), its standard
        error and the worlds it was played in, the worlds sampled, and per candidate its mean win share with the
        first choice's over the same worlds (`Searched`)."""
        p = self.p
        game = self.game
        alive = list(range(1, len(cands)))
        diffs: dict[int, list[float]] = {i: [] for i in alive}
        refs: list[float] = []   # the first choice's win share in each world
        deadline = time.process_time() + self.time_cap  # CPU time: a busy machine does not change the move
        w = 0
        self.spent = 0   # rollout work of this decision: moves x seats (the `steps` budget)
        ceiling = 2 * p.steps if p.steps else math.inf   # a batch ends early past twice the budget (see above)
        while alive and w < self.iterations:
            if w >= p.batch and (time.process_time() > deadline or (p.steps and self.spent >= p.steps)):
                break
            for _ in range(p.batch):
                world_seed = rng.getrandbits(64)
                world = game.determinize(view, random.Random(world_seed))
                ref = self._play(world, cands[0], world_seed)
                refs.append(ref)
                for i in alive:
                    diffs[i].append(self._play(world, cands[i], world_seed) - ref)
                w += 1
                if self.spent >= ceiling:
                    break
            if self.spent >= ceiling:
                break
            if w < p.min_worlds:
                continue
            keep = []
            for i in alive:
                mean, se = _mean_se(diffs[i])
                if mean + p.drop * se < 0 or abs(mean) + p.drop * se < p.tolerance:
                    continue
                keep.append(i)
            alive = keep
        best, best_mean = 0, 0.0
        means = [0.0] * len(cands)
        errors = [0.0] * len(cands)
        counts = [w] + [0] * (len(cands) - 1)
        first = sum(refs) / len(refs) if refs else 0.0   # no world played (a single candidate): nothing measured
        shares, first_shares = [first] * len(cands), [first] * len(cands)
        for i, d in diffs.items():
            if not d:
                continue
            mean, se = _mean_se(d)
            means[i], errors[i], counts[i] = mean, se, len(d)
            # a rival was played in the first worlds, up to where it was dropped: the same worlds as refs[:len(d)]
            first_shares[i] = sum(refs[:len(d)]) / len(d)
            shares[i] = first_shares[i] + mean
            if mean > best_mean and mean > p.switch * se:
                best, best_mean = i, mean
        return Searched(best, means, w, errors, counts, shares, first_shares)

    def _play(self, world, action, world_seed) -> float:
        """One candidate in one world: the same draws and the same rollout stream for every candidate."""
        state = self.game.clone(world)
        start = state.ctx.copy()
        chance = Chance(world_seed)
        step(self.game, state, action, chance, check=False)
        return self.rollout(state, chance, random.Random(world_seed ^ 0x5DEECE66D), start)

    def rollout(self, state, chance, rng, start) -> float:
        """The normal bot plays every seat (on the light view) to the end of the round (`Piratz.rollout_done`,
        from `start`, the context before the candidate was played); then `evaluate`."""
        game = self.game

        def policy(state, seat):
            legal = game.legal_actions(state)
            return legal[0] if len(legal) == 1 else self.policy(seat).choose(game.light_view(state, seat), legal,
                                                                             rng)

        outcome = play_out(game, state, chance, policy, self.rollout_actions,
                           stop=lambda s: game.rollout_done(s, self.seat, start))
        self.spent += outcome.length * state.ctx.players   # the work of a move grows with the seats
        return game.evaluate(state, self.seat)
