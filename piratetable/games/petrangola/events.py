"""Petrangola's own events (beside the shared ones in engine/events.py).

Zones (the same ids as the table's): `deck` (the undealt stock), `hand:{seat}`, `widow`, `monte`. Only
`HandSeen` carries something hidden (a hand only its holder has looked at) and redacts itself; every other event
here is public.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.events import Event


@dataclass(frozen=True, slots=True)
class HandSeen(Event):
    """`seat` looks at the cards lying face down in `zone` (the dealer, after rejecting the widow, at the hand
    dealt to them). Only that seat learns which cards they are: everybody else gets None in their place."""

    seat: int
    zone: str
    cards: tuple[str | None, ...]

    def redacted(self, viewer):
        if viewer == self.seat:
            return self
        return replace(self, cards=(None,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class Knocked(Event):
    """`seat` knocked (a knock, a swap-all outside the final turns, or the dealer keeping the widow): everyone
    else in the hand takes one final turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class AllPassed(Event):
    """Every player in the hand passed in a row: the hand goes to the showdown."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One seat at a showdown: its cards (face up), the hand's kind and value (as in `last_showdown`), its token
    change and its tokens after it."""

    seat: int
    cards: tuple[str, ...]
    kind: str
    value: object
    delta: int
    tokens: int


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """The showdown of a hand, per seat in the hand (seat order), and the pot it is played for: everything the
    table's showdown display shows. Public: every hand lies face up."""

    results: tuple[HandResult, ...]
    pot: int = 0


@dataclass(frozen=True, slots=True)
class PotChanged(Event):
    """The pot now holds `pot` chips (a rebuy paid the stake)."""

    pot: int


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """`seat` wins the game and takes the pot of `pot` chips."""

    seat: int
    pot: int
