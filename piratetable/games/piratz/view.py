"""Piratz's snapshot and view as types mypy checks (a plain dict at run time: `Piratz.view`).

With closed collections (the `open_collections` option off) a seat sees only the size of another seat's
collection until the game ends: its cards, items, rats and score are None in the view. What the seat remembers
of it is `remembered`: the cards it saw taken into it face up (every card, since a card reaches a collection
only from the face-up table; `Piratz.remember_takes`); the screen never shows them. `PiratzLightView` is the
part the normal bot reads, built quickly for the search's rollouts (`Piratz.light_view`); a full view is one too."""
from typing import NotRequired, TypedDict

from ...engine.view import SnapshotBase, ViewBase


class PiratzSnapshotExtra(TypedDict):
    """The game's own snapshot keys (`snapshot_extra`)."""

    table: list[str]                # face-up unburied cards, oldest first
    buried: list[str | None]        # per seat: the card under its shovel
    shovels: list[bool]             # per seat: its shovel is still held this round
    collections: list[list[str]]    # per seat: its cards in the order taken
    items: list[dict[str, int]]     # per seat: treasure type -> items collected
    rats: list[int]
    draw_pile: int
    discard: int
    cubes: dict[str, list[int]]     # treasure type -> its cubes' values, highest first
    round: int


class PiratzSnapshot(SnapshotBase, PiratzSnapshotExtra):
    """The snapshot (`Game.snapshot`)."""


class Unseen(TypedDict):
    """The cards the seat cannot place: the draw pile, and the cards of other seats' closed collections it does not
    remember (none: it saw every take, `PiratzLightView.remembered`)."""

    cards: list[str]
    count: int
    items: dict[str, int]           # treasure type or "rat" -> how many the unseen cards hold
    rat_cards: NotRequired[int]                 # not in the light view
    includes_collections: NotRequired[bool]     # not in the light view


class PiratzLightView(TypedDict):
    """What the normal bot reads (`Piratz.light_view`)."""

    seat: int | None
    players: int
    phase: str
    last_shovel: bool               # the seat to play holds the round's last shovel
    table: list[str]
    table_rats: list[str]
    draw_pile: int
    discard_cards: list[str]
    cubes: dict[str, list[int]]
    collection_sizes: list[int]
    items: list[dict[str, int] | None]      # None: a closed collection
    remembered: list[list[str] | None]      # a closed collection: the cards the seat saw taken into it
    rats: list[int | None]
    unseen: Unseen
    card_items: dict[str, list[str]]        # card id -> its items, for the cards in play


class PiratzView(ViewBase, PiratzLightView):
    """What a seat sees (`Piratz.view`)."""

    round: int
    can_reveal: bool
    last_round: bool                # the draw pile ran out: the game ends with this round
    open_collections: bool
    rats_must_take: bool
    buried: list[str | None]
    shovels: list[bool]
    discard: int
    collections: list[list[str] | None]     # None: a closed collection
    provisional: dict[str, list[int | None]] | None   # per treasure type, the seat taking each cube (None: closed)
