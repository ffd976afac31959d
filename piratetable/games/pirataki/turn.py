"""The `hard` bot's exact reckoning of its own turn: draw or stop, and a pirate's payment, valued with the position
model (value.py) — no sampling.

Everything in Pirataki is public, so the seat knows the make-up of the pile its next card comes from; only the
order is unknown, and every order is equally likely. A draw's outcomes are the kinds of card in that pile (a part
of each colour, gold, a cannon, a pirate), each with its count's share; cards of one kind are interchangeable for
the rules and for the model. So the value of drawing is an expectation over a handful of outcomes, each followed
by the best continuation: stop (the position at the start of the next turn, valued by the model), draw again (the
same reckoning, up to `LOOKAHEAD` more draws; past it the seat is counted as stopping, so a draw's value is exact
for "at most that many more draws" and never an overestimate), a win (worth 1), or a pirate — paid the best way by
the same model. Paying a pirate involves no chance: each distinct way to pay (by the kinds of the cards given up,
from the ship or from the reserve, or the cannon) leads to one position at the start of the next turn, valued by
the model, and the best is taken.

The unit of every value is the model's: the seat's estimated chance to win the game (a share in [0, 1]) at the
start of the next turn. The rules applied are the game's own (`Pirataki._apply` on a copy of the state rebuilt
from the seat's view), with a stand-in for chance that draws a card of the kind being enumerated.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.runner import step
from .schema import kind_of

LOOKAHEAD = 4       # draws looked ahead beyond the one being valued (past them the seat is counted as stopping)
POSITIONS = 3_000   # the most positions one decision values: a deeper lookahead is begun only while it fits
DRAW, STOP, CANNON = Action("draw"), Action("stop"), Action("cannon")


@dataclass(frozen=True)
class Reckoned:
    """What the `hard` bot's exact reckoning weighed (a draw or stop, a pirate's payment): `options`, per
    candidate (action, value), the value the seat's estimated chance to win at the start of the next turn (a share
    in [0, 1]; module doc); `cards`: the cards of the pile the draws come from (0 for a payment: no chance);
    `draws`: the most draws reckoned in a row (the one valued and those looked ahead; 0 for a payment);
    `positions`: the positions valued. The bot plays the candidate of the highest value (the first of equals)."""

    options: tuple[tuple[Action, float], ...]
    cards: int
    draws: int
    positions: int

    def mean(self, action: Action) -> float | None:
        return next((v for a, v in self.options if a == action), None)

    def runner_up(self, action: Action) -> tuple[Action, float] | None:
        """The other candidate of the highest value: (it, its value)."""
        others = [(a, v) for a, v in self.options if a != action]
        return max(others, key=lambda av: av[1]) if others else None

    def best(self) -> Action:
        return max(self.options, key=lambda av: av[1])[0]


@dataclass(frozen=True)
class SearchResult:
    """What the `hard` bot's search (bots/search.py: UCB1 over sampled plays) weighed at the start of a turn:
    `plays` sampled plays in all, each one candidate then `turns` turns of normal bots, the position reached
    valued by the position model (value.py) as the seat's chance to win; `options`: per candidate (action, plays,
    mean): how often it was tried and its mean estimated chance to win (a share in [0, 1]). The bot plays the
    candidate with the highest mean."""

    plays: int
    turns: int
    options: tuple[tuple[Action, int, float], ...]

    def mean(self, action: Action) -> float | None:
        return next((m for a, _n, m in self.options if a == action), None)

    def runner_up(self, action: Action) -> tuple[Action, float] | None:
        """The other candidate with the highest mean: (it, its mean)."""
        others = [(a, m) for a, _n, m in self.options if a != action]
        return max(others, key=lambda am: am[1]) if others else None


class _DrawKind:
    """Chance's stand-in: draws the first card of `kind` from the pile (cards of one kind are interchangeable)."""

    __slots__ = ("kind",)
    record = False

    def __init__(self, kind: str):
        self.kind = kind

    def draw(self, pile: list, key: str = "deck"):
        for i, card in enumerate(pile):
            if kind_of(card) == self.kind:
                return pile.pop(i)
        raise ValueError(f"no {self.kind} card in the pile")


def _copy(state):
    ctx = state.ctx.copy()
    ctx.record = False
    return type(state)(ctx, list(state.colors), [list(s) for s in state.ships], [list(r) for r in state.reserves],
                       list(state.deck), list(state.discard), list(state.drawn), state.passes)


def payments(game, state) -> list[Action]:
    """One payment per distinct outcome of the pirate being paid in `state`: cards of one kind, from the ship or
    from the reserve, are interchangeable; then the cannon (when the seat holds one)."""
    seat = state.ctx.current
    ship = state.ships[seat]
    held = game.held(state, seat)
    classes: dict = {}
    for card in held:
        classes.setdefault((kind_of(card), card in ship), []).append(card)
    out = []
    if len(held) <= 3:
        if held:
            out.append(Action("lose", tuple(held)))
    else:
        groups = list(classes.values())
        for combo in itertools.combinations_with_replacement(range(len(groups)), 3):
            if all(combo.count(g) <= len(groups[g]) for g in set(combo)):
                cards = [groups[g][combo[:i].count(g)] for i, g in enumerate(combo)]
                out.append(Action("lose", tuple(game.sort_cards(cards))))
    if game.cannons_of(state, seat):
        out.append(CANNON)
    return out


class TurnSolver:
    """The exact values of one seat's turn (module doc). `positions`: the positions valued so far."""

    def __init__(self, game, seat: int, lookahead: int = LOOKAHEAD):
        self.game, self.seat, self.lookahead = game, seat, lookahead
        self.positions = 0
        self._memo: dict = {}      # a drawn card's outcome: (the state to draw on from, or None; stopping's value)
        self._deeper: dict = {}    # (that outcome, draws left) -> its best continuation's value

    def value(self, state) -> float:
        """The model's value of a position where this seat does not decide now (or the game's result)."""
        self.positions += 1
        return self.game.evaluate(state, self.seat)

    def after(self, state, action: Action) -> float:
        """The value of a move that involves no chance (stop, buy, pass, a payment) in `state`."""
        s = _copy(state)
        step(self.game, s, action, None, check=False)
        return self.value(s)

    def pay(self, state) -> list[tuple[Action, float]]:
        """Each distinct payment of the pirate in `state` and its value."""
        return [(a, self.after(state, a)) for a in payments(self.game, state)]

    def outcomes(self, state) -> list[tuple[str, int]]:
        """The kinds of card the next draw may bring and their counts (the deck, else the discard pile)."""
        pile = state.deck or state.discard
        counts: dict = {}
        for card in pile:
            k = kind_of(card)
            counts[k] = counts.get(k, 0) + 1
        return list(counts.items())

    def drawing(self, state) -> Reckoned:
        """Draw or stop in `state` (the seat is drawing): each valued, the draw as deep as the budget allows."""
        draw, draws = self.deepest(state)
        return Reckoned(((DRAW, draw), (STOP, self.after(state, STOP))), len(state.deck or state.discard), draws,
                        self.positions)

    def payment(self, state) -> Reckoned:
        """A pirate being paid in `state`: every distinct payment and its value."""
        return Reckoned(tuple(self.pay(state)), 0, 0, self.positions)

    def deepest(self, state) -> tuple[float, int]:
        """The value of drawing now and the most draws it reckons in a row: the lookahead is deepened one draw
        at a time, to `lookahead`, while the next depth is expected to fit in `POSITIONS` (it costs about as
        many times the last depth as that one cost times the one before)."""
        spent = self.positions
        value = self.draw(state, 0)
        used, growth, more = self.positions - spent, len(self.outcomes(state)), 0
        while more < self.lookahead and self.positions + used * growth <= POSITIONS:
            spent = self.positions
            value = self.draw(state, more + 1)
            more += 1
            growth, used = max(2, -(-(self.positions - spent) // max(1, used))), self.positions - spent
        return value, more + 1

    def draw(self, state, more: int | None = None) -> float:
        """The expected value of drawing now, the best continuation after each outcome (at most `more` further
        draws; default `lookahead`)."""
        more = self.lookahead if more is None else more
        outcomes = self.outcomes(state)
        total = sum(n for _k, n in outcomes)
        return sum(n * self._drawn(state, kind, more) for kind, n in outcomes) / total

    def _drawn(self, state, kind: str, more: int) -> float:
        """The value of a card of `kind` drawn in `state`, then the best continuation (at most `more` draws)."""
        seat = self.seat
        key = (kind, tuple(state.colors), tuple(sorted(map(kind_of, state.ships[seat]))),
               tuple(sorted(map(kind_of, state.reserves[seat]))), len(state.deck))
        leaf = self._memo.get(key)
        if leaf is None:        # what the card brings and stopping after it: the same at every depth
            s = _copy(state)
            step(self.game, s, DRAW, _DrawKind(kind), check=False)  # type: ignore[arg-type]
            phase = s.ctx.phase
            if phase == "pirate":
                leaf = (None, max(value for _a, value in self.pay(s)))
            elif phase != "drawing":           # over (a win), or the next turn (a pirate paid by itself)
                leaf = (None, self.value(s))
            else:
                leaf = (s if s.deck or s.discard else None, self.after(s, STOP))
            self._memo[key] = leaf
        after, stop = leaf
        if after is None or more <= 0:
            return stop
        deeper = self._deeper.get((key, more))
        if deeper is None:
            deeper = self._deeper[(key, more)] = max(stop, self.draw(after, more - 1))
        return deeper
