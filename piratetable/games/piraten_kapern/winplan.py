"""Piraten Kapern: playing to win. A value over the scores (the chance that the seat to move wins), computed
once per config by value iteration as for Pig (Neller and Presser), and the trip plan that it picks.

**Plans.** A trip is played by the exact per-trip solver (`solver.py`) for one of a few utilities, the *plans*
of a card: the points optimum (expected points, the old `hard`) and "at least g points" for a ladder of goals
(the solver's race utility: the chance to score g points or more this trip, Pirate magic counting as reached).
Small goals bank early (a lead to protect), large goals take risks (an opponent close to the target).

**Outcome distributions.** For each card and plan, the trip's outcome — the roller's own change, the change of
the others (Skull Island's loss, a Zombie attack's share), Pirate magic — measured once by playing
`SAMPLES` trips through the rules with that plan, the same seeded dice for every plan of a card (common random
numbers: the plans' differences are measured on the same luck).

**The value.** `W[a][b]`: the chance that the seat to move, with `a` points against `b`, wins — 2 players,
scores in steps of 100 from `LOW` to the target. A trip draws its card from the deck's make-up (between trips,
the chance), then the seat takes the plan that maximises `1 - W[b'][a']` over the card's outcome distribution.
A trip that ends with somebody at the target ends in the final-round value: the other seat's last trip (the plan
most likely to get past the leader), and if it gets past, the leader's extra trip (`S` and `E` below). Solved by
Gauss-Seidel sweeps from the end of the game backwards until no value moves by 1e-7. Sudden death (after a final
round that penalties pull back under the target) is not modelled.

**At the table** (`HardBot`): the card is known, the deck's make-up is known, the scores are known. The value of
an outcome is the chance to win when the next seat is to move: `1 - sum_c q_c W_c[b'][a']`, with `q` the
make-up of the deck the next card comes from (the full deck again once it is empty) and `W_c` the value of the
seat to move once it has drawn card `c`. The plan with the best chance to win is played. With more than two
players the value is an approximation: the game against the leading opponent (the best other score), the seats
in between ignored. The final round and sudden death are played as before: the exact race for the points needed.

Tables are data: `winplan.json` beside this module, one per config (keyed by a fingerprint of everything in the
config that changes a trip's outcomes and the target), built by `benchmarks/pk_win.py --build`. A config with no
table (other cards, another target, points not in steps of 100) is played for points, with a log line.
"""
from __future__ import annotations

import base64
import hashlib
import json
import logging
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import mul

from .schema import PKContent
from .solver import Utility

log = logging.getLogger(__name__)

STEP = 100                 # scores move in steps of 100 in every shipped config
LOW = -2000                # scores below count as this (the value at -2000 is already close to 0)
GOALS = (100, 200, 300, 400, 500, 700, 1000, 1500, 2000, 3000, 4000)
POINTS = 0                 # the plan "points" (expected points), beside the goals
PLANS = (POINTS,) + GOALS
SAMPLES = 4000             # trips per card and plan measured for the distributions
MARGIN = 0.0005            # a goal is played only when it beats the points plan by more than this chance to win
                           # (the distributions are measured: closer than this is within their noise)
DATA = "winplan.json"


def plan_utility(plan: int, content: PKContent, target: int) -> Utility:
    """The solver's utility of a plan: expected points (as the old `hard`), or at least `plan` points."""
    if plan == POINTS:
        return Utility("ev", island_weight=content.hard.island_weight, magic=float(max(target, 0)))
    return Utility("race", gap=plan - 1, tie=False, magic=1.0)


def fingerprint(content: PKContent, target: int, guardian_saves: bool) -> str:
    """What a trip's outcomes and the value depend on: the die, the scoring, the cards' effects and counts, the
    target and the Guardian option (not the names, texts or the bots' parameters except `island_weight`)."""
    cards = tuple((c.id, c.count, c.skulls, c.extra, c.factor, c.island_factor, c.pool, c.treasure_island,
                   c.guardian, c.battle_sabers, c.battle_bonus, c.peace_penalty, c.zombie, c.zombie_sabers,
                   c.zombie_points, c.shipwreck) for c in content.cards)
    key = (content.faces, content.face_points, content.sets, content.full_chest, content.skull_island_loss, cards,
           target, guardian_saves, content.hard.island_weight, GOALS, LOW, STEP)
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


# --- the value ------------------------------------------------------------------------------------------------
Outcome = tuple[int, int, int, float]        # (own change, others' change, magic 0/1, probability)


@dataclass
class WinTable:
    """The value over the scores of one config (see the module's doc)."""

    target: int
    low: int
    weights: dict                 # card id -> its share of the full deck
    dists: dict                   # card id -> per plan (PLANS order): tuple of outcomes
    W: list                       # W[i][j]: the seat to move at LOW + STEP*i against LOW + STEP*j
    S: list                       # S[g]: the chance that a trailing seat's last trip wins, g steps behind
    E: list                       # E[h]: the chance that the leader's extra trip wins, h steps behind (h >= 1)

    def __post_init__(self):
        self.n = len(self.W)
        self._card_memo: dict = {}
        # every distinct outcome once, in steps: (dx, dy, magic); per card and plan (indexes, probabilities) into
        # the list of all of them (`offsets`, the build's) and into the card's own (`card_offsets`, the table's)
        index: dict = {}
        self.plans: dict = {}
        self.card_offsets: dict = {}
        self.card_plans: dict = {}
        for cid, plans in self.dists.items():
            rows: list = []
            own_rows: list = []
            own: dict = {}
            for plan in plans:
                keys = [(0, 0, 1) if magic else (x // STEP, y // STEP, 0) for x, y, magic, _p in plan]
                ps = tuple(p for *_rest, p in plan)
                rows.append((tuple(index.setdefault(k, len(index)) for k in keys), ps))
                own_rows.append((tuple(own.setdefault(k, len(own)) for k in keys), ps))
            self.plans[cid] = rows
            self.card_offsets[cid] = list(own)
            self.card_plans[cid] = own_rows
        self.offsets = list(index)

    def index(self, score: int) -> int:
        return max(0, (score - self.low) // STEP)

    def final(self, i: int, j: int) -> float:
        """The chance to win of the seat that just ended a trip at index `i` against index `j`, when one of them
        has reached the target (the final round's value; a tie makes the seat that just played the leader)."""
        S = self.S
        if i >= j:
            return 1.0 - (S[i - j] if i - j < len(S) else 0.0)
        return S[j - i] if j - i < len(S) else 0.0

    def outcome_values(self, i: int, j: int, next_value, offsets=None) -> list:
        """The chance to win after each distinct outcome (`offsets`: all the cards', or one card's) of a trip of
        the seat at index i against index j, with `next_value(i, j)` the value of the next seat to move."""
        n = self.n
        out = []
        for dx, dy, magic in (self.offsets if offsets is None else offsets):
            if magic:
                out.append(1.0)
                continue
            a, b = max(0, i + dx), max(0, j + dy)
            out.append(self.final(a, b) if a >= n or b >= n else 1.0 - next_value(b, a))
        return out

    def plan_values(self, card: str, values: list, own: bool = False) -> list:
        """Each plan's chance to win with `card` from the outcomes' values (`own`: of the card's own outcomes)."""
        get = values.__getitem__
        return [sum(map(mul, ps, map(get, idx))) for idx, ps in (self.card_plans if own else self.plans)[card]]

    def card_plan_values(self, card: str, i: int, j: int, next_value) -> list:
        return self.plan_values(card, self.outcome_values(i, j, next_value, self.card_offsets[card]), own=True)

    def value(self, to_move: int, other: int) -> float:
        """W: the chance that the seat to move wins, before its card is drawn."""
        return self.W[self.index(to_move)][self.index(other)]

    def card_value(self, card: str, i: int, j: int) -> float:
        """W_c: the chance that the seat to move (index i, against index j) wins once it has drawn `card`."""
        key = (card, i, j)
        v = self._card_memo.get(key)
        if v is None:
            W = self.W
            v = max(self.card_plan_values(card, i, j, lambda x, y: W[x][y]))
            if len(self._card_memo) > 500_000:
                self._card_memo.clear()
            self._card_memo[key] = v
        return v

    def next_value_for(self, deck: dict):
        """`next_value(i, j)` for the next seat when its card comes from a deck of this make-up (id -> count;
        an empty deck is shuffled again: the full deck)."""
        total = sum(deck.values())
        if not total:
            return lambda i, j: self.W[i][j]
        shares = [(c, n / total) for c, n in deck.items() if n and c in self.card_plans]
        return lambda i, j: sum(q * self.card_value(c, i, j) for c, q in shares)


@dataclass(frozen=True)
class PlanChoice:
    """The plan of a trip and the chances to win it was chosen on: `plan` (0: points, else at least that many
    points), `win` its chance to win, `points_win` the points plan's, `values` every plan's (PLANS order)."""

    plan: int
    win: float
    points_win: float
    values: tuple


def choose_plan(table: WinTable, card: str, me: int, other: int, deck: dict) -> PlanChoice:
    """The plan for a trip with `card` at `me` points against `other` (the best other score), the next card drawn
    from `deck` (the make-up left after this trip's card). A goal must beat the points plan by more than
    `MARGIN`."""
    values = table.card_plan_values(card, table.index(me), table.index(other), table.next_value_for(deck))
    best = max(range(len(values)), key=lambda k: values[k])
    if values[best] <= values[0] + MARGIN:
        best = 0
    return PlanChoice(PLANS[best], values[best], values[0], tuple(values))


# --- building ------------------------------------------------------------------------------------------------
def build(content: PKContent, target: int, dists: dict, sweeps: int = 300, tol: float = 1e-7,
          progress=None) -> WinTable:
    """Value iteration over the scores from the cards' outcome distributions (`dists`: card id -> per plan)."""
    total = sum(c.count for c in content.cards if c.count)
    weights = {c.id: c.count / total for c in content.cards if c.count}
    for plans in dists.values():
        for plan in plans:
            if any(x % STEP or y % STEP for x, y, _m, _p in plan):
                raise ValueError(f"outcomes not in steps of {STEP}: no win table for this config")
    n = (target - LOW) // STEP
    horizon = n + 80

    def race(h, extra):
        """Best chance, over plans, that one trip gets more than h steps past the other seat (ties ½; `extra`:
        the chance that the other side's extra trip then wins, d steps behind)."""
        out = 0.0
        for cid, w in weights.items():
            best = 0.0
            for plan in dists[cid]:
                v = 0.0
                for x, y, magic, p in plan:
                    if magic:
                        v += p
                        continue
                    d = (x - y) // STEP - h          # my lead afterwards, in steps
                    if d > 0:
                        v += p * ((1.0 - extra(d)) if extra else 1.0)
                    elif d == 0:
                        v += p * 0.5
                best = max(best, v)
            out += w * best
        return out

    E = [0.0] + [race(h, None) for h in range(1, horizon)]
    S = [race(g, lambda d: E[d] if d < len(E) else 0.0) for g in range(horizon)]
    W = [[0.5] * n for _ in range(n)]
    table = WinTable(target, LOW, weights, dists, W, S, E)
    order = sorted(((i, j) for i in range(n) for j in range(n)), key=lambda ij: -(ij[0] + ij[1]))
    get = lambda i, j: W[i][j]
    cards = list(weights.items())
    for sweep in range(sweeps):
        delta = 0.0
        for i, j in order:
            values = table.outcome_values(i, j, get)
            v = sum(w * max(table.plan_values(cid, values)) for cid, w in cards)
            delta = max(delta, abs(v - W[i][j]))
            W[i][j] = v
        if progress:
            progress(sweep, delta)
        if delta < tol:
            break
    return table


def pack(table: WinTable, key: str) -> dict:
    flat = [round(v * 65535) for row in table.W for v in row]
    raw = zlib.compress(b"".join(int(v).to_bytes(2, "little") for v in flat), 9)
    return {"key": key, "target": table.target, "low": table.low, "weights": table.weights,
            "dists": {c: [[[x, y, m, round(p, 6)] for x, y, m, p in plan] for plan in plans]
                      for c, plans in table.dists.items()},
            "W": base64.b64encode(raw).decode(), "S": [round(v, 6) for v in table.S],
            "E": [round(v, 6) for v in table.E]}


def unpack(data: dict) -> WinTable:
    raw = zlib.decompress(base64.b64decode(data["W"]))
    vals = [int.from_bytes(raw[k:k + 2], "little") / 65535 for k in range(0, len(raw), 2)]
    n = int(round(len(vals) ** 0.5))
    W = [vals[i * n:(i + 1) * n] for i in range(n)]
    dists = {c: [tuple((int(x), int(y), int(m), float(p)) for x, y, m, p in plan) for plan in plans]
             for c, plans in data["dists"].items()}
    return WinTable(data["target"], data["low"], data["weights"], dists, W, data["S"], data["E"])


@cache
def _shipped() -> dict:
    try:
        text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return {entry["key"]: entry for entry in json.loads(text)}


_TABLES: dict = {}
_WARNED: set = set()


def table_for(content: PKContent, target: int, guardian_saves: bool) -> WinTable | None:
    """The shipped value of this config, or None (then `hard` plays for points; one log line per config)."""
    key = fingerprint(content, target, guardian_saves)
    if key in _TABLES:
        return _TABLES[key]
    entry = _shipped().get(key)
    table = unpack(entry) if entry else None
    if table is None and key not in _WARNED:
        _WARNED.add(key)
        log.info("Piraten Kapern: no win table for this config (target %s, %d cards); the hard bot plays for "
                 "points until the final round", target, sum(c.count for c in content.cards))
    _TABLES[key] = table
    return table

