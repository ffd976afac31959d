"""Replays: a finished (or unfinished) game, move by move, as one viewer may see it; and a text record of it.

A `Replay` is built from a save's data (`savegame.to_json`) or from a `Match`. It replays the game once from
its seed, keeping a snapshot of the state (and of the chance) every `every` moves, so a step forward costs one
move and a step back or a jump costs at most `every` moves from the nearest snapshot.

What a viewer gets at a point is exactly what that seat's screen had in the live game: `view()` is
`game.view(state, viewer)` and `events()` the move's events through `engine/events.for_viewer`. The viewer is a
seat or None (a spectator, who sees only what is public). `reveal_all()` lifts the redaction (`view()` becomes
`game.open_view`, with every hidden card face up; the events as they happened; the full state's snapshot), and
only once the game is over.

Who may look: a replay of a game that hides cards (`game.hidden_information`: Petrangola, Piratz with closed
collections, a plug-in that says so) and is not over yet is public only. Every seat's view is refused
(`SeatRefused`) — whoever opens the save could be anyone at the table, and a bot's hand is as secret as a
person's — except, where exactly one seat is a person, that person's own view. A finished game opens every seat,
as its cards may all be shown.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine.errors import NoPublicView, PirateTableError
from .engine.events import Event, for_viewer
from .engine.game import seatless_view
from .engine.match import Match
from .engine.runner import step

SNAPSHOT_EVERY = 16


class ReplayError(PirateTableError):
    """A replay cannot do what was asked (reveal before the end, a move out of range, a bad viewer)."""


class SeatRefused(ReplayError):
    """A seat's view of an unfinished game that hides cards: only the public view (and, where exactly one seat is
    a person, that person's own) may be shown. `seat` is the seat asked for; `allowed` the seats whose view may
    be opened (the spectator's always may)."""

    def __init__(self, seat: int, allowed: tuple[int, ...]):
        self.seat = seat
        self.allowed = tuple(allowed)
        super().__init__(f"seat {seat}: the game is not over and hides cards, so a replay shows only what the "
                         "whole table saw" + (f" (and seat {allowed[0]}'s own view)" if allowed else ""))


@dataclass(frozen=True)
class Move:
    """One decision of the record: its number (1-based), the seat, the seat's name, the notation."""

    number: int
    seat: int
    name: str
    action: str


def _match_of(source) -> Match:
    if isinstance(source, Match):
        return source
    from .savegame import from_json
    return from_json(source)


class Replay:
    """Step through a recorded game as `viewer` (a seat, or None for a spectator)."""

    def __init__(self, source, viewer: int | None = None, every: int = SNAPSHOT_EVERY):
        match = _match_of(source)
        if every < 1:
            raise ReplayError("snapshots must be at least one move apart")
        self.game = match.game
        self.config = match.config
        self.seats = list(match.seats)
        self.seed = match.seed
        self.setup = match.setup
        self.every = every
        self.moves = tuple(Move(i + 1, e.seat, self.seats[e.seat].name, e.action) for i, e in enumerate(match.history))
        self._events = (tuple(match.start_events),) + tuple(tuple(e.events) for e in match.history)
        self._revealed = False
        self.viewer: int | None = None
        self.hidden = bool(self.game.hidden_information)
        self.humans = tuple(i for i, s in enumerate(self.seats) if s.human)
        self._check_seat(viewer)
        # one replay from the seed, keeping snapshots
        fresh = Match(match.config, self.seats, match.seed, match.setup)
        state, chance = fresh.state, fresh.chance
        self._snapshots: dict[int, tuple] = {0: (self.game.clone(state), copy.deepcopy(chance))}
        for i, move in enumerate(self.moves, 1):
            step(self.game, state, move.action, chance)
            chance.pop_events()
            if i % every == 0:
                self._snapshots[i] = (self.game.clone(state), copy.deepcopy(chance))
        self.over = self.game.is_over(state)
        self.winners = self.game.winners(state)
        self._end = (state, chance)
        self._at = len(self.moves)
        self._state, self._chance = state, chance
        self.set_viewer(viewer)

    # --- where we are ------------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        """How many moves the record holds."""
        return len(self.moves)

    @property
    def position(self) -> int:
        """How many moves have been played at this point (0: the start, `length`: the end)."""
        return self._at

    def _check_seat(self, viewer) -> None:
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                                   or not 0 <= viewer < len(self.seats)):
            raise ReplayError(f"viewer {viewer!r}: a seat 0–{len(self.seats) - 1} or None (a spectator)")

    @property
    def public_only(self) -> bool:
        """Whether seats' views are refused: the game hides cards and is not over."""
        return self.hidden and not self.over

    def may_view(self, viewer: int | None) -> bool:
        """Whether `viewer`'s view may be shown: the spectator's always; a seat's once the game is over or in a
        game that hides nothing; before that only the one person's own, where exactly one seat is a person."""
        return viewer is None or not self.public_only or self.humans == (viewer,)

    def viewers(self) -> tuple[int | None, ...]:
        """The views that may be shown, in order: every seat (once over, or in an open game); else the one
        person's own where there is one, then the spectator's (None)."""
        seats = tuple(s for s in range(len(self.seats)) if self.may_view(s))
        return seats if len(seats) == len(self.seats) else seats + (None,)

    def set_viewer(self, viewer: int | None) -> None:
        """View the record as `viewer` (a seat, or None: a spectator). SeatRefused for a seat whose view may not
        be shown (see the module's docstring); the viewer stays as it was."""
        self._check_seat(viewer)
        if viewer is not None and not self.may_view(viewer):
            raise SeatRefused(viewer, tuple(s for s in range(len(self.seats)) if self.may_view(s)))
        self.viewer = viewer

    def jump(self, n: int) -> None:
        """Go to the point after move `n` (0: the start)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.length:
            raise ReplayError(f"move {n!r}: the record has moves 0–{self.length}")
        if n == self._at:
            return
        if n < self._at or n - self._at > self.every:
            base = max(k for k in self._snapshots if k <= n)
            state, chance = self._snapshots[base]
            self._state, self._chance, self._at = self.game.clone(state), copy.deepcopy(chance), base
        while self._at < n:
            step(self.game, self._state, self.moves[self._at].action, self._chance)
            self._chance.pop_events()
            self._at += 1

    def forward(self) -> bool:
        """One move on (False at the end)."""
        if self._at >= self.length:
            return False
        self.jump(self._at + 1)
        return True

    def back(self) -> bool:
        """One move back (False at the start)."""
        if self._at <= 0:
            return False
        self.jump(self._at - 1)
        return True

    def start(self) -> None:
        self.jump(0)

    def end(self) -> None:
        self.jump(self.length)

    # --- what the viewer sees ---------------------------------------------------------------------------
    def view(self) -> Mapping[str, Any]:
        """The viewer's view at this point (`game.view`); a spectator's is that of no seat. After `reveal_all`,
        the same with every hidden card face up (`game.open_view`)."""
        if self.viewer is None:
            return spectator_view(self.game, self._state, self.game.open_view if self._revealed else None)
        look = self.game.open_view if self._revealed else self.game.view
        return look(self._state, self.viewer)

    def events(self) -> list[Event]:
        """The events of the move that led here (at the start: the deal), as the viewer may know them (all of
        them, unredacted, after `reveal_all`)."""
        events = self._events[self._at]
        return list(events) if self._revealed else for_viewer(events, self.viewer)

    def move(self) -> Move | None:
        """The move that led here (None at the start)."""
        return self.moves[self._at - 1] if self._at else None

    def current(self) -> int | None:
        """The seat to decide at this point (None once over)."""
        return self.game.current_player(self._state)

    def scores(self) -> list:
        return self.game.scores(self._state)

    # --- revealing everything ---------------------------------------------------------------------------
    def reveal_all(self) -> None:
        """Lift the redaction: allowed only for a game that is over (ReplayError otherwise)."""
        if not self.over:
            raise ReplayError("the game is not over: hidden cards stay hidden until it ends")
        self._revealed = True

    def hide_all(self) -> None:
        """Back to the viewer's own view (hidden cards hidden again)."""
        self._revealed = False

    @property
    def revealed(self) -> bool:
        return self._revealed

    def snapshot(self) -> dict:
        """The full state at this point (every hidden card): only after `reveal_all`."""
        if not self._revealed:
            raise ReplayError("reveal_all first (only once the game is over)")
        return self.game.snapshot(self._state)


def spectator_view(game, state, look=None) -> dict:
    """What nobody's seat shows: `game.public_view(state)` (or, with `look`, e.g. `game.open_view`, that asked
    for no seat: `engine.game.seatless_view`). ReplayError when the game gives no view to a spectator."""
    try:
        return game.public_view(state) if look is None else seatless_view(look, state)
    except NoPublicView as exc:
        raise ReplayError(str(exc)) from exc


def moves_of(source) -> tuple[Move, ...]:
    """The record's moves (seat, name, notation) of a save's data or a match."""
    match = _match_of(source)
    return tuple(Move(i + 1, e.seat, match.seats[e.seat].name, e.action) for i, e in enumerate(match.history))


def seed_told(match: Match) -> bool:
    """Whether a record made to share may give the game's seed: not while a game that hides cards is going on,
    since the seed and the moves deal every hidden card again (the save keeps it: a game resumes from it)."""
    return match.over or not match.game.hidden_information


def export_text(save_data) -> str:
    """A readable record of a saved game: a header (game, variant title, seats, seed, date), then one move a
    line, `3. Anna: reroll 1 5`, and the result when the game is over. Notation and ids, no translated words.
    An unfinished game that hides cards leaves its seed out (`seed_told`)."""
    match = _match_of(save_data)
    data = save_data if isinstance(save_data, dict) else {}
    lines = [f"Game: {match.game.name} ({match.config.game})",
             f"Variant: {match.config.title} ({match.config.variant})"]
    for i, s in enumerate(match.seats):
        lines.append(f"Seat {i + 1}: {s.name}" + (f" (bot {s.bot})" if s.bot else ""))
    lines.append(f"Seed: {match.seed}" if seed_told(match) else
                 "Seed: not given until the game is over (with the moves it would tell every hidden card)")
    if match.setup:
        lines.append(f"Setup: {match.setup}")
    lines.append(f"Date: {data.get('saved_at') or '-'}")
    lines.append("")
    for move in moves_of(match):
        lines.append(f"{move.number}. {move.name}: {move.action}")
    if match.over:
        winners = match.game.winners(match.state)
        lines.append("")
        lines.append("Result: " + (", ".join(match.seats[w].name for w in winners) if winners else "no winner")
                     + " " + str(match.game.scores(match.state)))
    return "\n".join(lines) + "\n"
