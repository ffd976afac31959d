"""Typed events: what applying an action (or starting a game) did, as data.

Logs, animations, score breakdowns, the bots' explanations and translations all read events; prose is made
from them at the edge (`piratetable/narrate.py` and each game's `words.py`), never parsed back.

Privacy is decided here and nowhere else: `for_viewer` hands each viewer the events as that viewer may know
them. An event that can carry something hidden says so in its own `redacted`; every other event is public.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .actions import Action


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Subclasses are small frozen values. A subclass with the class attribute
    `hold = True` is worth a pause on the screen (its log line shown as a banner), like the end of a stage."""

    hold: ClassVar[bool] = False

    def redacted(self, viewer: int | None) -> Event:
        """This event as `viewer` may know it (None: a spectator who sees only what is public)."""
        return self


def for_viewer(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The one place where events are redacted for a viewer (a seat, or None for public)."""
    return [e.redacted(viewer) for e in events]


def zone(name: str, seat: int | None = None) -> str:
    """A zone id: `deck`, `table`, … or a seat's `hand:2`, `ship:0` (the same ids as the table model's zones)."""
    return name if seat is None else f"{name}:{seat}"


def zone_owner(zone_id: str) -> int | None:
    """The seat a zone id belongs to (`hand:2` → 2), or None for a shared zone."""
    _, sep, tail = zone_id.rpartition(":")
    return int(tail) if sep and tail.isdigit() else None


# --- the vocabulary every game shares ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A seat made a decision in `phase` (the action as a typed value; the notation is `str(action)`)."""

    seat: int
    action: Action
    phase: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice were rolled: their positions (as the tray numbers them), the faces they show now, and the game's
    id for why they were rolled (e.g. `first`, `reroll`)."""

    seat: int
    positions: tuple[int, ...]
    faces: tuple[str, ...]
    cause: str = ""
    tray: str = "dice"


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """Cards went from one zone to another. Face up: everybody sees them; face down only the seats in
    `seen_by` know which cards they are (the others get `None` in their place: a count, never an id)."""

    cards: tuple[str | None, ...]
    src: str
    dst: str
    seat: int | None = None            # who moved them (None: the rules, e.g. a deal)
    face_up: bool = True
    seen_by: frozenset[int] = frozenset()

    def redacted(self, viewer):
        if self.face_up or viewer in self.seen_by:
            return self
        return replace(self, cards=(None,) * len(self.cards), seen_by=frozenset())


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """Cards that lie in a zone were turned face up for everybody (e.g. a showdown)."""

    zone: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PileShuffled(Event):
    """A pile became another one (the discard pile shuffled into a new deck)."""

    src: str
    dst: str
    count: int


@dataclass(frozen=True, slots=True)
class ScorePart:
    """One part of a score change: `kind` is the game's id for it (a set, the treasure, a bonus, a penalty…),
    `points` its share of the change, `count` and `what` what it counted (e.g. 4 of `monkey`)."""

    kind: str
    points: int
    count: int = 0
    what: str = ""


@dataclass(frozen=True, slots=True)
class ScoreChanged(Event):
    """A seat's score changed by `delta` to `total`, for these reasons (their points add up to `delta`)."""

    seat: int
    delta: int
    total: int
    parts: tuple[ScorePart, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """It is `seat`'s turn (a new turn, not another decision in the same turn)."""

    seat: int


@dataclass(frozen=True, slots=True)
class StageStarted(Event):
    """A trip, round or hand (the game's `kind`) number `number` starts; `seat` leads it (or deals it)."""

    kind: str
    number: int
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class StageEnded(Event):
    """A trip, round or hand ended; `outcome` is the game's id for how. A screen pauses here for a moment."""

    kind: str
    number: int
    seat: int | None = None
    outcome: str = ""


@dataclass(frozen=True, slots=True)
class SeatOut(Event):
    """A seat is out of the game (`final`: for good; else it may still come back)."""

    seat: int
    final: bool = False


@dataclass(frozen=True, slots=True)
class SeatBack(Event):
    """A seat that was out is back in."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: the winning seats (none for a game without a winner) and the game's id for why."""

    winners: tuple[int, ...]
    reason: str = ""
