"""The table model: what one seat's screen shows, as typed data (no pygame, no game-specific dict keys).

A game builds a `Table` from a seat's view and legal actions (its `table.py`); the one table renderer
(`piratetable/ui/table/`) draws any game from it, animates it from the seat's events, and turns clicks and keys
into legal actions through the `Choice` list. Because it is built from the view, a table can hold nothing the
seat may not see.

The pieces:
- elements laid out on the felt: `Zone` (cards: face up, face down or a count), `DiceTray` and `DiceArea`,
  `Track` (a counter drawn as icons: skulls, tokens, chips), `Tiles` (a row of named things to pick, e.g.
  treasure types), `Info` (a panel of text), `Matrix` (rows of seats × columns, e.g. majorities);
- `Box` arranges elements in rows and columns; `SeatsSlot` is where the seat areas go; `SeatArea` is one seat's
  own elements (panels in a grid, or plates around an oval);
- `ScoreCard` with one `ScoreRow` per seat (total, status tags, the parts of the total);
- `Pick`: what a click on an item picks (a die, a card, a type …), a small typed value;
- `Choice`: a legal action, the picks (clicked items) it needs, its button group; `Group`: one action-bar button;
- `Reveal`: a public moment a move ended in (a showdown: every hand face up with what it makes and costs), held
  on the screen until someone goes on; built from the move's public events (`Game.reveal`), not from a view.

A zone of style "custom" is drawn by the game's painter named in `Zone.painter`; what that painter needs beyond
the zone's cards comes in `Zone.payload`, a frozen dataclass of the game's own defined beside its table builder
(Pirataki's `ShipPayload`, Petrangola's `MontePayload` …), which the painter reads with `isinstance`. Nothing
shared reads a game's payload.

Text in a table is already in the player's language and the game's words (never ids or notation).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

# --- picks ---------------------------------------------------------------------------------------------------


class Pick(NamedTuple):
    """What a click on an item of the table picks (so does its digit key, or "choose all"): the item's `kind`, in
    the game's own terms ("die", "card", "type", "hand", "monte", "deck" …), and which one of that kind (`id`: a
    die's position, a card's id …; "" for the only item of its kind, such as the deck). A value: hashable, equal
    when kind and id are, ordered by kind then id (a kind's ids are all of one type), never parsed from text.
    The kind `show` is the renderer's own: a click on it opens the zone `id` over the table (`show`)."""

    kind: str
    id: str | int = ""


SHOW = "show"


def show(zone_id: str) -> Pick:
    """The pick that opens the zone `zone_id` over the table (a hidden zone: a seat's collection)."""
    return Pick(SHOW, zone_id)

# --- cards and zones ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    """One card as the viewer sees it. `card` is the id the painter draws (None: the back of a hidden card);
    `key` stays the same while the card moves (for animation; a hidden card's key names its place)."""

    key: str
    card: str | None
    caption: str = ""                 # a short line under the card
    badges: tuple[str, ...] = ()      # marks: "new", "seen" (was face up, now in a hand), "shovel", "chosen" …
    pick: Pick | None = None          # what a click on it picks (None: not pickable now)
    why: str = ""                     # why it cannot be picked, said on a click
    parts: tuple[Pick, ...] = ()      # sub-picks drawn on the card by the painter (e.g. item icons)
    dim: bool = False
    tooltip: str = ""


ZONE_STYLES = ("row", "fan", "pile", "stack", "grid", "custom")


@dataclass(frozen=True)
class Zone:
    """A place holding cards. `style`: row (side by side), fan (overlapping), pile (a stack seen from above:
    the top card or a back, with `count`), grid, or custom (drawn by the game's painter `painter`)."""

    id: str                           # the zone id events use: "deck", "table", "hand:2" …
    title: str = ""
    cards: tuple[CardView, ...] = ()
    style: str = "row"
    count: int | None = None          # pile: how many cards (cards may hold only the top one, or none)
    owner: int | None = None
    size: str = "normal"              # small | normal | large
    note: str = ""                    # a line under the zone
    empty: str = ""                   # said inside an empty zone
    pick: Pick | None = None          # a click on the zone itself (e.g. the draw pile: reveal)
    why: str = ""                     # why a click on it does nothing now
    tooltip: str = ""
    painter: str = ""                 # custom style: the painter's name for this zone
    payload: object = None            # custom style: what the painter needs besides the cards, a frozen dataclass
                                      # beside the game's table builder (None: nothing)
    grow: float = 1.0                 # share of the row's free width
    number_keys: int = 0              # the digit that picks its first card, the next digits the others (0: none;
                                      # True counts as 1)


# --- dice --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    """One die in a tray. `state`: "" (free), "locked" (cannot be rolled), "away" (lies in a DiceArea)."""

    pos: int
    face: str | None                  # None: not rolled yet
    state: str = ""
    label: str = ""                   # shown under the die ("locked", "kept")
    pick: Pick | None = None
    why: str = ""


@dataclass(frozen=True)
class DiceTray:
    id: str
    title: str
    dice: tuple[Die, ...]
    note: str = ""                    # e.g. "The dice are waiting for the first roll"
    grow: float = 1.0
    numbered: bool = True             # positions shown under the dice (and digits pick them)
    tokens: tuple[Die, ...] = ()      # not dice: symbols a card adds (its coin, its skulls), drawn after the dice
                                      # as round tokens with their label; never picked, never rolled


@dataclass(frozen=True)
class DiceArea:
    """A place beside the tray where some dice lie (Treasure Island, Skull Island): the tray draws a marker in
    their slots and the dice are drawn here."""

    id: str
    tray: str
    title: str
    positions: tuple[int, ...]
    tone: str = "sand"                # sand | dark
    empty: str = ""
    grow: float = 1.0


# --- counters, tiles, text, tables ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Track:
    """A counter drawn as icons: `value` filled out of `slots` (0: a number beside one icon)."""

    id: str
    title: str
    value: int
    icon: str                         # a painter icon name: skull, token, chip, shovel, …
    slots: int = 0
    note: str = ""
    tone: str = ""                    # "" | good | bad | warn
    grow: float = 1.0
    tooltip: str = ""


@dataclass(frozen=True)
class Tile:
    key: str
    title: str
    icon: str = ""
    sub: str = ""
    pick: Pick | None = None
    why: str = ""
    shortcut: str = ""                # the key shown in its corner
    active: bool = True


@dataclass(frozen=True)
class Tiles:
    id: str
    tiles: tuple[Tile, ...]
    title: str = ""
    grow: float = 1.0


@dataclass(frozen=True)
class Info:
    """A panel of text: a heading, a big line (with a tone), and smaller lines."""

    id: str
    heading: str = ""
    big: str = ""
    tone: str = ""                    # "" | good | bad | warn
    lines: tuple[str, ...] = ()
    grow: float = 1.0
    plain: bool = False               # no panel behind it


@dataclass(frozen=True)
class Cell:
    text: str
    tone: str = ""                    # "" | lead (takes the higher prize) | second | tie | dim
    icon: str = ""                    # drawn before the text
    badge: str = ""                   # a small mark beside the text (e.g. the cube value it would win)


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    icon: str = ""
    sub: tuple[str, ...] = ()         # small badges under the title (e.g. the cube values on this type)


@dataclass(frozen=True)
class MatrixRow:
    seat: int
    cells: tuple[Cell, ...]
    pick: Pick | None = None


@dataclass(frozen=True)
class Matrix:
    id: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[MatrixRow, ...]
    note: str = ""
    grow: float = 1.0
    # (pick, caption, rows): the rows as that pick's action would leave them, drawn while the pick is hovered,
    # the cells that change outlined
    previews: tuple[tuple[Pick, str, tuple[MatrixRow, ...]], ...] = ()


Element = Zone | DiceTray | DiceArea | Track | Tiles | Info | Matrix


# --- layout -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatsSlot:
    """Where the seat areas are drawn inside the layout (panels style)."""

    grow: float = 1.0


@dataclass(frozen=True)
class Box:
    """Elements side by side (`row`) or one above the other (`col`); `grow` is its share in its parent."""

    dir: str
    items: tuple
    grow: float = 1.0


@dataclass(frozen=True)
class SeatArea:
    """One seat's own elements (its hand, ship, tokens …), drawn as a panel or a plate around the table."""

    seat: int
    title: str
    sub: str = ""
    items: tuple = ()                 # elements, or a Box of them
    marks: tuple[str, ...] = ()       # icons beside the name: dealer, out, knocked, turn …
    tone: str = ""                    # "" | turn | out | winner
    emblem: str = ""                  # a painter icon drawn before the name (e.g. the ship's emblem)
    pick: Pick | None = None


# --- the score card and the choices --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    seat: int
    name: str
    total: str
    sub: str = ""                     # "bot · normal", "human"
    tags: tuple[str, ...] = ()        # "to play", "dealer", "sits out" …
    parts: tuple[tuple[str, str], ...] = ()   # (label, points) that make up the total
    marker: str = ""                  # "" | turn | winner
    pick: Pick | None = None          # a click on the row (e.g. show that seat's collection)


@dataclass(frozen=True)
class ScoreCard:
    title: str
    rows: tuple[ScoreRow, ...]
    banner: str = ""                  # e.g. "Final round", "to 8000"


@dataclass(frozen=True)
class Choice:
    """A legal action as the table offers it: the items it needs picked (`picks`), the button `group` that
    plays it, its label once ready. `match`: "set" (the picked set equals `picks`) or "pairs" (`picks` is a
    sequence of pairs, each one item of two sides — two kinds of pick — matched as a set of pairs). `confirm`:
    False lets a click that completes it play it at once. `affects`: the keys of the cards (`CardView.key`) a
    hover over the pick that plays it highlights."""

    action: object
    group: str
    label: str = ""
    picks: tuple[Pick, ...] = ()
    match: str = "set"
    confirm: bool = True
    affects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Group:
    """One button of the action bar: its label before anything is picked, its shortcut key name, and what to
    say when it is pressed with nothing ready (`need`)."""

    id: str
    label: str
    key: str = ""                     # a key name: "space", "r", "s", "return" …
    need: str = ""
    tooltip: str = ""
    keys: tuple[str, ...] = ()        # other keys that press it too (not shown on the button)
    command: str = ""                 # instead of playing a choice: "pick_all" (the table's select_all) or
                                      # "clear" (unpick everything)


# --- a moment the whole table shares ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RevealHand:
    """One seat's cards laid face up at a showdown, what they make (`caption`), and what that costs or brings,
    in words (`outcome`). `mark` is a short word drawn as a badge ("Lowest hand"), so the loser is never told by
    colour alone; `tone` colours it: "" | bad | good."""

    seat: int
    name: str
    cards: tuple[str, ...]
    caption: str
    outcome: str = ""
    mark: str = ""
    tone: str = ""


@dataclass(frozen=True)
class Reveal:
    """A moment everybody at the table shares (a showdown): held on the screen until someone goes on. `lead`
    says what led to it (the move that ended the hand); `lines` (text, tone) what it leaves: who is out, the pot,
    what comes next."""

    title: str
    hands: tuple[RevealHand, ...]
    lead: str = ""
    lines: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Table:
    """What one seat's screen shows."""

    title: str
    viewer: int | None                # None: nobody's (a spectator's table: a replay, the screen being passed)
    layout: Box
    score: ScoreCard
    subtitle: str = ""
    seats: tuple[SeatArea, ...] = ()
    seat_style: str = "none"          # none | panels | ring
    me: SeatArea | None = None        # ring: the viewer's own area, drawn large at the bottom
    hint: str = ""                    # one line: what the viewer can do now (the keys and clicks)
    coach: str = ""                   # first-game tips: one line on what this decision is and what the options do
    question: str = ""                # a question put to the viewer, asked in the action bar beside its buttons
    #                                   in their print (Petrangola's "rebuy or decline?")
    status: str = ""                  # one line about the game (phase, final round)
    choices: tuple[Choice, ...] = ()
    groups: tuple[Group, ...] = ()
    select_all: tuple[Pick, ...] = ()   # what "choose all" picks (empty: no such command)
    hidden_zones: tuple[Zone, ...] = ()   # zones not drawn on the felt (collections): overlays and animation
    overlays: tuple[str, ...] = ()    # painter overlays to draw on top (names)
    direction: Literal["", "right"] = ""    # ring: the way play runs round the table, drawn as arrows on its
                                            # rim ("right": as the ring seats the players; "": no arrows)

    # --- look-ups -------------------------------------------------------------------------------------
    def elements(self):
        """Every element: the layout's, the seat areas', the hidden zones."""
        out = list(_walk(self.layout))
        for area in self.seats + ((self.me,) if self.me is not None else ()):
            out.extend(_walk(area.items))
        out.extend(self.hidden_zones)
        return out

    def zone(self, zone_id: str) -> Zone | None:
        for e in self.elements():
            if isinstance(e, Zone) and e.id == zone_id:
                return e
        return None

    def tray(self, tray_id: str) -> DiceTray | None:
        for e in self.elements():
            if isinstance(e, DiceTray) and e.id == tray_id:
                return e
        return None


def _walk(node):
    if isinstance(node, Box):
        for item in node.items:
            yield from _walk(item)
    elif isinstance(node, (tuple, list)):
        for item in node:
            yield from _walk(item)
    elif node is not None and not isinstance(node, SeatsSlot):
        yield node
