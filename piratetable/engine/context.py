"""The engine-owned bookkeeping every game shares (boardgame.io's `ctx` beside the game's `G`).

A game's state holds one `Context` as `state.ctx`: the number of seats, whose decision it is, the phase, the
winners, the turns and stages (trips, rounds, hands) ended so far, and the events of the action being
applied. The rules move these through the methods below; the engine reads them (current player, over,
winners, the common snapshot keys), so no game writes that code again.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import Event, GameEnded, StageEnded, TurnStarted


class Context:
    """Seats, current player, phase, winners, turn and stage counters, and the events being emitted."""

    __slots__ = ("players", "current", "phase", "winners", "turns", "stages", "events", "record")
    # The seat deciding now: an int while the game is on, None once it is over. Typed Any because the rules
    # index seats by it only while the game is on, where checking for None at every use would say nothing.
    current: Any

    def __init__(self, players: int, current: int | None = 0, phase: str = "", winners=(), turns: int = 0,
                 stages: int = 0):
        self.players = players
        self.current = current
        self.phase = phase
        self.winners: list[int] = list(winners)
        self.turns = turns      # turns ended so far
        self.stages = stages    # trips / rounds / hands (the game's unit) ended so far
        self.events: list[Event] = []
        # False while a trusted fast caller (a simulation, a search rollout) plays without reading events: the
        # rules may then skip making them (`if ctx.record: ctx.emit(...)` on their hot paths)
        self.record = True

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def start_turn(self, seat: int, phase: str) -> None:
        """A new turn: `seat` decides now, in `phase` (emits TurnStarted)."""
        self.current = seat
        self.phase = phase
        if self.record:
            self.events.append(TurnStarted(seat))

    def end_turn(self) -> None:
        """Count a finished turn."""
        self.turns += 1

    def end_stage(self, kind: str, seat: int | None = None, outcome: str = "") -> None:
        """A trip / round / hand ended (emits StageEnded with its number, counted from 1)."""
        self.stages += 1
        if self.record:
            self.events.append(StageEnded(kind, self.stages, seat, outcome))

    def finish(self, winners, reason: str = "") -> None:
        """The game is over with these winners (none: no winner); emits GameEnded."""
        self.winners = sorted(winners)
        self.phase = "over"
        self.current = None
        self.events.append(GameEnded(tuple(self.winners), reason))

    def seats_after(self, seat: int, pred: Callable[[int], bool] | None = None) -> list[int]:
        """The seats after `seat` in turn order, ending with `seat` itself, filtered by `pred`."""
        n = self.players
        order = [(seat + k) % n for k in range(1, n + 1)]
        return order if pred is None else [s for s in order if pred(s)]

    def copy(self) -> Context:
        """An independent copy (without events: a copy starts with a fresh action)."""
        ctx = Context(self.players, self.current, self.phase, self.winners, self.turns, self.stages)
        ctx.record = self.record
        return ctx

    def key(self) -> tuple:
        return (self.players, self.current, self.phase, tuple(self.winners), self.turns, self.stages)

    def __eq__(self, other) -> bool:
        return isinstance(other, Context) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (f"Context(players={self.players}, current={self.current}, phase={self.phase!r}, "
                f"winners={self.winners}, turns={self.turns}, stages={self.stages})")
