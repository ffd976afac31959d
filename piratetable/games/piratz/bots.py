"""Piratz bots. Both see only their seat's view (with open_collections false: others' collections as counts, and
what the seat remembers of them: the cards it saw taken, `remembered`).

easy   thresholds: take the best type once the table shows enough of it, else reveal; bury the richest card.
normal a majority model: for each treasure type and seat, the chance to finish first / second from the items
       held (a closed collection's from the cards the seat remembers, any other card of it as the average unseen
       card), the items still to come (table + draw pile, from the composition the view gives) and the rats
       (tie-breaks); expected cube points = cube values x those chances. It plays the action with the best
       expected (own points - rival_weight x best rival's points): takes now, reveals (averaged over the cards
       that can come, a second rat meaning the rats catch it), ends (keeping the shovel is worth a typical later
       take, sampled from the unseen composition), and buries the card that the rivals would gain most from.

Speed: the hard bot's rollouts ask the normal bot at every move, so its model is built for speed, always with
the floats of the plain computation (the same moves): a gain recomputes only the chances that involve the seat
it changes, and where every collection is known (open, or remembered) the models built from the same inputs
share their values (bounded memos). Cards are added up as integer codes of their items (`counts.py`; the gains
are memoised by them), the haul's draws are `rng.sample`'s without its per-call overhead (`bots/sampling.py`),
and asked by the lab's driver (`choose_in`) the bot reads the light view, in the whole view's order (issue 30).
"""
from __future__ import annotations

import itertools
import math
import random

from ...bots.base import Bot
from ...bots.sampling import samples
from ...engine.actions import Action
from .counts import codes_of
from .schema import RAT, TYPES
from .view import PiratzLightView, PiratzView


def _type_items(view: PiratzLightView, cards, t) -> int:
    """Items of type t on the face-up cards that show it (what `take t` would collect)."""
    ci = view["card_items"]
    return sum(ci[c].count(t) for c in cards if t in ci[c])


class EasyBot(Bot[PiratzView]):
    """Simple thresholds on the number of items of the best type lying face up."""

    level = "easy"

    def __init__(self, game, seat, params=None):
        super().__init__(game, seat)
        self.p = params if params is not None else game.content.bots.easy

    def choose(self, view: PiratzView, legal, rng: random.Random) -> Action:
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


def _ahead(d: float, dr: float, s: float) -> float:
    """The chance of finishing ahead of a rival: a sigmoid over the spread `s` of the lead `d` in items, shifted
    by the rats held (more rats win a tie; an equal count with equal rats leans behind)."""
    d += 0.4 if dr > 0.5 else (-0.4 if dr < -0.5 else (-0.3 if abs(d) < 1e-9 else 0.0))
    x = d / s
    return 1.0 if x > 30 else (0.0 if x < -30 else 1.0 / (1.0 + math.exp(-x)))


_VECTORS: dict = {}


def _card_vectors(ci: dict) -> dict:
    """Per card id: (rats, ring, coin, pearl, crown, goblet, necklace) counts, memoised per card_items table."""
    key = id(ci)
    hit = _VECTORS.get(key)
    if hit is not None and hit[0] is ci:
        return hit[1]
    vec = {}
    for cid, items in ci.items():
        row = [0] * 7
        for it in items:
            row[0 if it == RAT else 1 + _INDEX[it]] += 1
        vec[cid] = tuple(row)
    if len(_VECTORS) > 64:
        _VECTORS.clear()
    _VECTORS[key] = (ci, vec)
    return vec


def _beats(n, s, future, counts, rats) -> list:
    """One treasure type, per seat: its chances of finishing ahead of each rival (rivals in seat order), a
    sigmoid of its lead in items (rats break ties) over the spread `s`; None for a seat that holds none of the
    type with none still to come (it cannot score)."""
    rows: list = []
    for i in range(n):
        m = counts[i]
        if m <= 0 and future <= 0:
            rows.append(None)
            continue
        ri = rats[i]
        rows.append([_ahead(m - counts[j], ri - rats[j], s) for j in range(n) if j != i])
    return rows


def _seat_ev(top, low, own, row) -> float:
    """One seat's expected points of a type: the top cube x the chance of finishing first (ahead of every rival
    in `row`), the second cube x the chance of finishing second (behind exactly one), all times `own` (the
    chance of holding an item of it at all). Unrolled for one to three rivals, with the products and sums in
    the order of the general loop (the same floats)."""
    rivals = len(row)
    if rivals == 3:
        b0, b1, b2 = row
        ev = top * (own * b0 * b1 * b2)
        if low is not None:
            ev += low * own * (0.0 + (1.0 - b0) * b1 * b2 + (1.0 - b1) * b0 * b2 + (1.0 - b2) * b0 * b1)
        return ev
    if rivals == 2:
        b0, b1 = row
        ev = top * (own * b0 * b1)
        if low is not None:
            ev += low * own * (0.0 + (1.0 - b0) * b1 + (1.0 - b1) * b0)
        return ev
    if rivals == 1:
        b0 = row[0]
        ev = top * (own * b0)
        if low is not None:
            ev += low * own * (0.0 + (1.0 - b0))
        return ev
    first = own
    for b in row:
        first *= b
    ev = top * first
    if low is not None:
        second = 0.0
        for x in range(rivals):
            prod = 1.0 - row[x]
            for y, b in enumerate(row):
                if y != x:
                    prod *= b
            second += prod
        ev += low * own * second
    return ev


def _type_ev(n, cubes, s, future, counts, rats, rows=None) -> tuple[float, ...]:
    """Expected points of one treasure type for every seat, from every seat's count and rats (`rows`: their
    `_beats`, if already computed); a seat without an item of the type scores only if one of the `future` items
    comes its way. A pure function of its arguments (`_Model` memoises it across models)."""
    if rows is None:
        rows = _beats(n, s, future, counts, rats)
    top = cubes[0]
    low = cubes[1] if len(cubes) > 1 else None
    out = [0.0] * n
    for i in range(n):
        row = rows[i]
        if row is not None:
            out[i] = _seat_ev(top, low, 1.0 if counts[i] > 0 else 1.0 - math.exp(-future / n), row)
    return tuple(out)


def _type_ev_shifted(n, cubes, s, future, counts, rats, base, seat, count, rat) -> tuple[float, ...]:
    """`_type_ev` once `seat`'s count and rats became `count` and `rat` (`counts`, `rats`: every seat's before;
    `base`: their `_beats`). The chances between two other seats are taken from `base` (the same inputs, so the
    same floats); only those involving `seat` are computed."""
    top = cubes[0]
    low = cubes[1] if len(cubes) > 1 else None
    out = [0.0] * n
    for i in range(n):
        m = count if i == seat else counts[i]
        if m <= 0 and future <= 0:
            continue
        if i == seat:
            row = [_ahead(m - counts[j], rat - rats[j], s) for j in range(n) if j != i]
        else:   # i holds what it held: its row in `base` with its chance against `seat` computed again
            row = base[i].copy()
            row[seat if seat < i else seat - 1] = _ahead(m - count, rats[i] - rat, s)
        out[i] = _seat_ev(top, low, 1.0 if m > 0 else 1.0 - math.exp(-future / n), row)
    return tuple(out)


# Memos shared by the models of views where every collection is known (open collections, or closed ones the seat
# remembers card by card: a search's rollouts build a model at every move, mostly from positions seen before or
# nearly so), bounded (cleared when full: a bound on the memory that changes no value):
# - `_EV_MEMO`: `_type_ev` by all of its inputs, as one flat tuple: the type's cubes, spread and items to come as
#   their number in `_ARGS`, then every seat's count, then every seat's rats (a look-up hashes and compares a few
#   numbers);
# - `_MODELS`: a model's base values and caches by everything they depend on (the seat, the parameters, every
#   seat's counts and rats, the cubes, the spreads and the items to come), so a model built again from the same
#   inputs (the same seat between two takes) starts with what the first one computed.
# With collections estimated from the unseen pool the counts differ at every move: those models keep their own
# caches (a shared memo would only cost its upkeep).
_EV_MEMO: dict = {}
_EV_MEMO_MAX = 1 << 14
_ARGS: dict = {}        # (players, cubes, spread, items to come) -> its number (never given twice: a number stays
_ARGS_MAX = 1 << 12     # that of its tuple, when the table is cleared the tuple gets a new one)
_ARG_NUMBERS = itertools.count()


def _args_number(args: tuple) -> int:
    """The number of a type's `_type_ev` inputs other than the counts and rats (`_ARGS`)."""
    number = _ARGS.get(args)
    if number is None:
        if len(_ARGS) >= _ARGS_MAX:
            _ARGS.clear()
        number = _ARGS[args] = next(_ARG_NUMBERS)
    return number

_MODELS: dict = {}
_MODELS_MAX = 256


class _Memo:
    """What a model computes that depends only on its inputs (shared by the models with the same inputs)."""

    __slots__ = ("base", "base_objective", "gains", "shifted", "deny", "parts", "beats")

    def __init__(self):
        self.base: list = []            # per type: `_type_ev` of the counts as they are
        self.base_objective = 0.0
        self.gains: dict = {}           # `gain` by seat x `span` + the code of the cards (`counts.Codes`)
        self.shifted: dict = {}         # `_shift` by (seat, type, items added, rats added)
        self.deny: dict = {}            # `NormalBot._deny` by (the card's code, a lone rat)
        self.parts: dict = {}           # `_part` (two seats)
        self.beats: list = [None] * 6   # per type: `_beats` of the counts as they are (computed when needed)


class _Model:
    """Expected cube points per seat from one view (others' closed collections from the cards the seat remembers,
    any card of them it does not remember estimated from the unseen pool)."""

    def __init__(self, view: PiratzLightView, seat, params, vec=None):
        self.n = n = view["players"]
        self.seat = seat
        self.rivals = [i for i in range(n) if i != seat]
        self.p = params
        self.ci = ci = view["card_items"]
        self.cubes = view["cubes"]
        unseen = view["unseen"]
        pool = max(unseen["count"], 1)
        per_card = None     # the unseen pool's average card (for a closed collection's cards not remembered)
        self.items: list[list[float]] = []     # per seat: items of each type (estimated where hidden)
        self.rats: list[float] = []
        self.vec = vec if vec is not None else _card_vectors(ci)
        coded = codes_of(self.vec)
        self.codes = coded.code
        self.shows = coded.shows
        self.decode = coded.decode
        self.decoded = coded.decoded     # `decode`'s memo, read first
        self.span = coded.base ** 7    # `gains`: seat x span + code
        remembered = view.get("remembered") or [None] * n
        exact = True    # every collection's items and rats known: shown, or remembered card by card
        for i in range(n):
            seen, rats = view["items"][i], view["rats"][i]
            if seen is not None and rats is not None:   # an open collection: its items and rats both shown
                self.items.append([seen[t] for t in TYPES])
                self.rats.append(float(rats))
                continue
            # a closed collection: the cards the seat remembers, and for the others (their count) the unseen
            # pool's average card
            known = remembered[i] or ()
            row = [0] * 7
            for c in known:
                v = self.vec[c]
                for k in range(7):
                    row[k] += v[k]
            rest = view["collection_sizes"][i] - len(known)
            if rest:
                exact = False
                if per_card is None:
                    per_card = {k: unseen["items"][k] / pool for k in TYPES + (RAT,)}
                self.items.append([row[k + 1] + rest * per_card[t] for k, t in enumerate(TYPES)])
                self.rats.append(row[0] + rest * per_card[RAT] / 1.0)
            else:
                self.items.append([row[k + 1] for k in range(6)])
                self.rats.append(float(row[0]))
        # Items of each type still to come: face-up cards plus the draw pile's expected share of the unseen pool.
        draw_share = view["draw_pile"] / pool if unseen["count"] else 0.0
        codes = self.codes
        table = self.decode(sum([codes[c] for c in view["table"]]))[1:]    # the face-up items of each type
        self.future = [table[k] + unseen["items"][t] * draw_share for k, t in enumerate(TYPES)]
        self.spread = [params.sharpness * math.sqrt(1.0 + f / n) for f in self.future]
        # per type: what `_type_ev` reads besides the counts and rats, and every seat's count (the counts that
        # `gain` changes one seat of)
        self.ev_args = [(n, tuple(self.cubes[t]), self.spread[k], self.future[k]) for k, t in enumerate(TYPES)]
        self.columns = [tuple([row[k] for row in self.items]) for k in range(6)]
        self.rats_key = tuple(self.rats)
        self.shared = exact
        if self.shared:
            self.args_numbers = [_args_number(args) for args in self.ev_args]
            key = (seat, params, tuple(self.columns), self.rats_key, tuple(self.args_numbers))
            memo = _MODELS.get(key)
            if memo is None:
                if len(_MODELS) >= _MODELS_MAX:
                    _MODELS.clear()
                memo = _MODELS[key] = self._start_memo()
        else:
            memo = self._start_memo()
        self.memo = memo
        self.base = memo.base
        self.base_objective = memo.base_objective
        self.cache = memo.gains
        self.shifted = memo.shifted
        self.deny_cache = memo.deny
        self.part_cache = memo.parts

    def _start_memo(self) -> _Memo:
        """A memo with the base values: every type's expected points with the counts as they are."""
        memo = _Memo()
        n, rats = self.n, self.rats_key
        for k in range(6):
            args, col = self.ev_args[k], self.columns[k]
            key = (self.args_numbers[k],) + col + rats if self.shared else None
            ev = _EV_MEMO.get(key) if self.shared else None
            if ev is None:
                _, cubes, s, future = args
                memo.beats[k] = beats = _beats(n, s, future, col, rats)
                ev = _type_ev(n, cubes, s, future, col, rats, beats)
                if self.shared:
                    self._remember(key, ev)
            memo.base.append(ev)
        memo.base_objective = self.objective(memo.base)
        return memo

    @staticmethod
    def _remember(key, ev) -> None:
        """Keep `_type_ev`'s result `ev` in the shared memo."""
        if len(_EV_MEMO) >= _EV_MEMO_MAX:
            _EV_MEMO.clear()
        _EV_MEMO[key] = ev

    def objective(self, evs) -> float:
        e0, e1, e2, e3, e4, e5 = evs
        totals = [0 + e0[i] + e1[i] + e2[i] + e3[i] + e4[i] + e5[i] for i in range(self.n)]
        me = totals[self.seat]
        rival = max([totals[i] for i in self.rivals])
        return me - self.p.rival_weight * rival

    def gain(self, seat, cards) -> float:
        """Change of the bot's objective if `seat` collected `cards` (memoised on the items they add)."""
        if not cards:
            return 0.0
        codes = self.codes
        if len(cards) == 1:
            return self.gain_of(seat, codes[cards[0]])
        return self.gain_of(seat, sum([codes[c] for c in cards]))

    def gain_of(self, seat, code: int) -> float:
        """`gain` of cards given by the sum of their codes (`counts.Codes`; at least one card)."""
        key = seat * self.span + code
        value = self.cache.get(key)
        if value is not None:
            return value
        dr, *added = self.decoded.get(code) or self.decode(code)
        base_row = self.items[seat]
        if self.n == 2:  # with one rival the objective is a sum over the types: add the changed types' parts
            value = 0.0
            parts = self.part_cache
            for k, dk in enumerate(added):
                if dk or (dr and base_row[k] + dk > 0):
                    part = parts.get((seat, k, dk, dr))
                    value += self._part(seat, k, dk, dr) if part is None else part
            self.cache[key] = value
            return value
        # only the types whose counts change: rats only break ties, so they matter where this seat has (or
        # gets) items of the type
        evs = None
        shifted = self.shifted
        for k in range(6):
            dk = added[k]
            if dk or (dr and base_row[k] > 0):
                skey = (seat, k, dk, dr)
                ev = shifted.get(skey)
                if ev is None:
                    ev = shifted[skey] = self._shift(seat, k, dk, dr)
                if evs is None:
                    evs = list(self.base)
                evs[k] = ev
        value = 0.0 if evs is None else self.objective(evs) - self.base_objective
        self.cache[key] = value
        return value

    def _shift(self, seat, k, dk, dr) -> tuple[float, ...]:
        """`_type_ev` of type k once `seat` gained dk items of it and dr rat cards: from the shared memo, else
        from the chances of the counts as they are, where only those involving `seat` change."""
        col, rats = self.columns[k], self.rats_key
        count, rat = col[seat] + dk, rats[seat] + dr
        args = self.ev_args[k]
        if self.shared:
            number = self.args_numbers[k]
            if self.n == 2:
                key = (number, count, col[1], rat, rats[1]) if seat == 0 else (number, col[0], count, rats[0], rat)
            else:
                key = (number,) + col[:seat] + (count,) + col[seat + 1:] + rats[:seat] + (rat,) + rats[seat + 1:]
            out = _EV_MEMO.get(key)
            if out is not None:
                return out
        n, cubes, s, future = args
        base = self.memo.beats[k]
        if base is None:   # a memo whose base values came from `_EV_MEMO`
            base = self.memo.beats[k] = _beats(n, s, future, col, rats)
        out = _type_ev_shifted(n, cubes, s, future, col, rats, base, seat, count, rat)
        if self.shared:
            self._remember(key, out)
        return out

    def _part(self, seat, k, dk, dr) -> float:
        """Two seats: the change of (own - rival_weight x rival) expected points of type k if `seat` gained dk
        items of it and dr rat cards."""
        key = (seat, k, dk, dr)
        value = self.part_cache.get(key)
        if value is not None:
            return value
        new, old = self._shift(seat, k, dk, dr), self.base[k]
        me, other = self.seat, 1 - self.seat
        value = (new[me] - old[me]) - self.p.rival_weight * (new[other] - old[other])
        self.part_cache[key] = value
        return value


class NormalBot(Bot[PiratzView]):
    """Expected-points play over a majority model; see the module docstring."""

    level = "normal"

    def __init__(self, game, seat, params=None):
        super().__init__(game, seat)
        self.p = params if params is not None else game.content.bots.normal
        self.vec = game._vectors()  # the items of every card (public: the config), as count vectors

    # -- values (all in the bot's objective: own expected points - rival_weight x best rival's) ------------
    def _best_take(self, model, table):
        """The best `gain` of taking one type from `table` (0.0 for no card): the cards showing each type, by
        the sums of their codes (`counts.Codes.shows`), the types in order."""
        if not table:
            return 0.0
        seat, shows, gains = self.seat, model.shows, model.cache
        at = seat * model.span     # `gain_of`'s memo, read here first
        best = None
        for code in map(sum, zip(*[shows[c] for c in table])):
            if code:
                g = gains.get(at + code)
                if g is None:
                    g = model.gain_of(seat, code)
            else:
                g = 0.0
            if best is None or g > best:
                best = g
        return best

    def _deny(self, model, card, table_rats: int) -> float:
        """What burying `card` is worth: the most a rival would gain from it, minus a little of our own
        (`table_rats`: how many face-up cards show a rat)."""
        lone_rat = table_rats == 1 and model.vec[card][0] > 0
        code = model.codes[card]
        key = (code, lone_rat)   # the value depends on the card's items only
        value = model.deny_cache.get(key)
        if value is not None:
            return value
        worst = max(-model.gain_of(j, code) for j in range(model.n) if j != self.seat)
        value = worst - 0.3 * model.gain_of(self.seat, code)
        if lone_rat:
            value -= self.p.rat_bury_penalty  # the rivals' reveals become safe
        model.deny_cache[key] = value
        return value

    def _deny_bonus(self, model, table):
        if not table:
            return 0.0
        vec, codes, denies = model.vec, model.codes, model.deny_cache
        rats = sum(1 for c in table if vec[c][0])
        values = [denies.get((codes[c], rats == 1 and vec[c][0] > 0)) for c in table]   # `_deny`'s memo first
        if None in values:
            values = [self._deny(model, c, rats) if v is None else v for c, v in zip(table, values)]
        return self.p.deny_weight * max(0.0, max(values))

    def _haul(self, model, view: PiratzLightView, rng) -> float:
        """A typical later take: the best take from a few cards drawn from the unseen composition."""
        pool = view["unseen"]["cards"] or view["discard_cards"]
        k = min(self.p.haul_cards, len(pool))
        if k == 0:
            return 0.0
        total = 0.0
        for cards in samples(rng, pool, k, self.p.haul_samples):   # what `rng.sample` draws, one after another
            total += max(0.0, self._best_take(model, cards))
        return total / self.p.haul_samples

    def _end_value(self, model, table, wait):
        """Keeping the shovel: part of what lies face up now, or a typical later take, whichever is more."""
        return max(self.p.end_keep * max(0.0, self._best_take(model, table)), wait)

    def _reveal_value(self, model, view: PiratzLightView, table, last, wait):
        """The average over the cards that can come next: caught by the rats (a second rat), or the best of
        taking at once and (not the last shovel) ending the turn."""
        ci = model.ci
        pool = view["unseen"]["cards"] if view["draw_pile"] > 0 else view["discard_cards"]
        if not pool:
            return -1e9
        rat_up = any(RAT in ci[c] for c in table)
        total, cache = 0.0, dict[int, float]()
        seat, codes, shows, gain_of = self.seat, model.codes, model.shows, model.gain_of
        gains, at = model.cache, seat * model.span    # `gain_of`'s memo, read here first
        # per type: the codes of the face-up cards showing it, and the gain of taking them (the takes the new
        # card does not change)
        by_type = list(map(sum, zip(*[shows[c] for c in table]))) if table else [0] * 6
        base = [gain_of(seat, code) if code else 0.0 for code in by_type]
        for c in pool:
            key = codes[c]    # the value depends on the card's items only
            v = cache.get(key)
            if v is None:
                if rat_up and RAT in ci[c]:
                    v = max(gain_of(seat, codes[r]) for r in table + [c] if RAT in ci[r])
                else:   # (a gain of 0.0 in the memo is asked of `gain_of` again: the same value)
                    v = max([(gains.get(at + by_type[k] + key) or gain_of(seat, by_type[k] + key)) if shown
                             else base[k] for k, shown in enumerate(shows[c])])
                    if not last:  # or end the turn (_end_value, with end_keep <= 1, never beats taking)
                        v = max(v, wait)
                cache[key] = v
            total += v
        return total / len(pool) + self.p.reveal_bonus

    # -- choice -------------------------------------------------------------------------------------------
    def choose_in(self, state, legal, rng: random.Random) -> Action:
        """`choose` from the part of the view it reads (`Piratz.light_view`, in the order of the full view: the
        same values and draws, so the same move), not the whole view."""
        return self.choose(self.game.light_view(state, self.seat, ordered=True), legal, rng)

    def choose(self, view: PiratzLightView, legal, rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        scored = self.score(view, legal, rng)
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        return top[0] if len(top) == 1 else top[rng.randrange(len(top))]

    def score(self, view: PiratzLightView, legal, rng: random.Random) -> list[tuple[float, Action]]:
        """Every legal action with its value in the bot's objective (the hard bot searches the best few)."""
        model = _Model(view, self.seat, self.p, self.vec)
        table = list(view["table"])
        ci = model.ci
        verbs = {a.verb for a in legal}
        scored = []
        if "bury" in verbs:
            rats = sum(1 for c in table if RAT in ci[c])
            scored = [(self._deny(model, a.args[0], rats), a) for a in legal]
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
            # per type: the sum of the codes of the face-up cards showing it (what taking it collects)
            takes = dict(zip(TYPES, map(sum, zip(*[model.shows[c] for c in table])))) if table else {}
            for a in legal:
                if a.verb == "take":
                    t = a.args[0]
                    rest = [c for c in table if t not in ci[c]]
                    code = takes.get(t, 0)
                    v = (model.gain_of(self.seat, code) if code else 0.0) + self._deny_bonus(model, rest) - deny_ref
                    if not last:  # taking hands the rivals the rest of the round
                        v -= self.p.pass_cost
                elif a.verb == "reveal":
                    v = self._reveal_value(model, view, table, last, wait)
                else:  # end
                    v = self._end_value(model, table, wait)
                scored.append((v, a))
        return scored
