"""Petrangola's snapshot and view as types mypy checks (a plain dict at run time: `Petrangola.view`).

A seat sees its own hand (the dealer not while deciding on the widow), the face-up monte, the widow if it is
the dealer deciding, the cards it saw taken from the monte (`public_cards`) and every hand once shown at a
showdown; a card it cannot see is None. `open_view` (a replay of a finished game) adds `open`. The light view
holds the part of it the normal bot reads (`Petrangola.light_view`)."""
from typing import NotRequired, TypedDict

from ...engine.view import SnapshotBase, ViewBase

Value = str | int | None    # a hand's value: the top rank of a sequence, the rank of a run (rank ids are strings),
                            # the best single-suit sum for points, None for Petrangolone


class ShowdownResult(TypedDict):
    """One seat's result at the last showdown."""

    kind: str                       # "petrangolone", "sequence", "run" or "points"
    value: Value
    tokens: int                     # tokens won (+1) or lost (-1), 0 for neither


class PetrangolaSnapshotExtra(TypedDict):
    """The game's own snapshot keys (`snapshot_extra`)."""

    dealer: int
    hands: list[list[str]]          # per seat: its cards in the order dealt ([] when not in the hand)
    widow: list[str] | None         # only while the dealer decides on it
    monte: list[str]
    knocker: int | None
    out: list[bool]
    rebought: list[bool]
    pot: int
    hand_number: int
    last_showdown: list[ShowdownResult | None] | None    # per seat (None: not in that hand); None before the first


class PetrangolaSnapshot(SnapshotBase, PetrangolaSnapshotExtra):
    """The snapshot (`Game.snapshot`)."""


class MyHand(TypedDict):
    """What the seat's own hand makes (once it sees all three cards)."""

    kind: str
    value: Value
    label: str


class PublicMove(TypedDict):
    """A move of the current hand as everybody saw it (`Petrangola._record`)."""

    seat: int
    verb: str
    phase: str
    monte: list[str]                # the monte after the move
    give: list[str]                 # the cards put on the monte
    take: list[str]                 # the cards taken from it


class PetrangolaView(ViewBase):
    """What a seat sees (`Petrangola.view`)."""

    out: list[bool]
    rebought: list[bool]
    pot: int
    stake: int
    dealer: int
    hand_number: int
    knocker: int | None
    in_hand: list[bool]
    passes: int                     # consecutive passes in the play phase
    to_play: list[int]              # seats still owed a final turn, in order
    rebuy_queue: list[int]
    can_rebuy: bool
    hands: list[list[str | None]]   # per seat: its cards, None for each the seat cannot see
    public_cards: list[list[str | None]]    # per seat: the cards seen taken from the monte, None for the others
    widow: list[str | None] | None
    monte: list[str]
    stock_count: int
    my_hand: MyHand | None
    last_showdown: list[ShowdownResult | None] | None
    showdown_hands: list[list[str] | None] | None   # the hands shown at the last showdown (None: not in it)
    showdown_monte: list[str] | None
    moves: list[PublicMove]
    open: NotRequired[bool]         # `open_view`: every hand and the widow face up


class PetrangolaLightView(TypedDict):
    """What the normal bot reads (`Petrangola.light_view`): those keys of the seat's `view`, the same values."""

    seat: int | None
    players: int
    phase: str
    in_hand: list[bool]
    to_play: list[int]
    hands: list[list[str | None]]
    public_cards: list[list[str | None]]
    widow: list[str | None] | None
    monte: list[str]


def face_up(cards: list[str | None] | None) -> list[str]:
    """`cards` as a seat that sees every one of them has them (the dealer's widow while it decides on it, its own
    hand): ValueError if one is hidden from it."""
    if cards is None or None in cards:
        raise ValueError("a card is not face up for this seat")
    return [c for c in cards if c is not None]
