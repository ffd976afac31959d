"""From a seat's events to the stages a screen shows before the new table (no pygame: tested alone).

When an action is played the renderer has the table it showed before, the events as that seat may know them,
and the new table. Much can happen in between: the dice that ended a trip, the scores it changed, the next
trip's card. `stages` replays the events on a copy of the old table — dice take their new faces, cards leave
one zone for another, score totals change — and cuts the replay into timed stages: a roll (dice tumble), a move
(cards slide), a hold (the table pauses on how a trip, round or hand ended, with its log line as a banner).
The new table comes last.

Every stage shows one table: the old table with the pieces moved so far (the dice, the cards, the totals the
events name; everything else as it was), until the last piece has moved — from then on the new table itself,
with the last cards flying into their places in it. (A move that moves no piece, a stop, holds on the old table
with its new totals.) A table patched further would mix the two: the texts of the
old one (a seat's "no colour yet — drew 1") beside pieces the new one explains (the part that claimed a ship's
colour). A roll keeps the old table even when it is the last change: its faces show only as the dice land, and
the new table must not tell the result first.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine.events import CardsMoved, CardsShown, DiceRolled, Event, PileShuffled, ScoreChanged, StageEnded
from .model import Box, CardView, DiceTray, SeatArea, Table, Zone

ROLL, MOVE, HOLD = "roll", "move", "hold"


@dataclass
class Stage:
    """One step of the animation: what to show, for how long (at normal speed), and what moves."""

    kind: str                              # roll | move | hold
    table: Table
    duration: float
    rolled: tuple[int, ...] = ()           # roll: the positions tumbling
    tray: str = ""
    moves: list = field(default_factory=list)   # move: (card key, card id or None, from zone, to zone)
    landing: dict = field(default_factory=dict)  # move: card key -> the key it has in `table`, where different
    deltas: dict = field(default_factory=dict)  # seat -> score change shown flying to the score card
    banner: str = ""
    cue: str = ""                          # the sound it starts with (piratetable.ui.sound): dice, flip, slide …
    t: float = 0.0


TIMES = {ROLL: 0.5, MOVE: 0.35, HOLD: 1.7}


def stages(before: Table, events: list[Event], after: Table, tell=None, cue=None) -> list[Stage]:
    """The stages between `before` and `after`. `tell(events)` gives the banner of a hold: the log line of the
    events that led to it; `cue(events)` its sound ("win", "bust" or None; a roll sounds "dice", a card turned
    up from a pile "flip", any other move "slide")."""
    out: list[Stage] = []
    shown = before
    pending_deltas: dict = {}
    told = 0
    last = max((i for i, e in enumerate(events) if isinstance(e, PIECES)), default=-1)
    settled = map_elements(after, lambda e: e)      # the new table, with nothing to choose while it is shown
    for i, e in enumerate(events):
        if isinstance(e, DiceRolled):
            tray = shown.tray(e.tray)
            if tray is None:
                continue
            shown = patch_dice(shown, e.tray, e.positions, e.faces)
            out.append(Stage(ROLL, shown, TIMES[ROLL], rolled=tuple(e.positions), tray=e.tray, cue="dice"))
        elif isinstance(e, CardsMoved):
            src = shown.zone(e.src)
            turned = e.face_up and src is not None and src.style == "pile" and any(c is not None for c in e.cards)
            before_dst = shown.zone(e.dst)
            moved, shown = patch_move(shown, e, after)
            if moved and i >= last:   # the last piece: it flies into the new table
                out.append(Stage(MOVE, settled, TIMES[MOVE], moves=moved, cue="flip" if turned else "slide",
                                 landing=_landing(moved, before_dst, settled)))
            elif moved:
                out.append(Stage(MOVE, shown, TIMES[MOVE], moves=moved, cue="flip" if turned else "slide"))
        elif isinstance(e, CardsShown):
            shown = patch_shown(shown, e)
        elif isinstance(e, PileShuffled):
            shown = patch_pile(shown, e.dst, e.count, absolute=True)
            shown = patch_pile(shown, e.src, 0, absolute=True)
        elif isinstance(e, ScoreChanged):
            shown = patch_score(shown, e.seat, e.total)
            pending_deltas[e.seat] = pending_deltas.get(e.seat, 0) + e.delta
        elif isinstance(e, StageEnded) or e.hold:
            banner = tell(events[told:i + 1]) if tell is not None else ""
            sound = (cue(events[told:i + 1]) if cue is not None else None) or ""
            told = i + 1
            out.append(Stage(HOLD, settled if 0 <= last < i else shown, TIMES[HOLD], banner=banner,
                             deltas=pending_deltas, cue=sound))
            pending_deltas = {}
    if pending_deltas:
        if out and out[-1].kind != HOLD:
            out[-1].deltas.update(pending_deltas)
        elif not out:
            out.append(Stage(MOVE, after, TIMES[MOVE], deltas=pending_deltas))
    return out


PIECES = (DiceRolled, CardsMoved, CardsShown, PileShuffled)   # the events that move pieces of the table


def _landing(moves, before_dst: Zone | None, table: Table) -> dict:
    """Where the moving cards land in `table` when their keys differ there: a card by its id, a face-down card
    as one that is new in its destination zone."""
    zones: dict = {}
    old = {c.key for c in before_dst.cards} if before_dst is not None else set()
    taken: set = set()
    out = {}
    for key, cid, _src, dst in moves:
        zone = zones.setdefault(dst, table.zone(dst))
        if zone is None or any(c.key == key for c in zone.cards):
            continue
        found = next((c for c in zone.cards if cid is not None and c.card == cid and c.key not in taken), None) or \
            next((c for c in zone.cards if cid is None and c.card is None and c.key not in old | taken), None)
        if found is not None:
            out[key] = found.key
            taken.add(found.key)
    return out


# --- patches: the old table with one event applied ----------------------------------------------------------
def _map(node, fn):
    """Rebuild a layout tree with `fn` applied to every element (a Box or SeatArea keeps its shape)."""
    if isinstance(node, Box):
        return replace(node, items=tuple(_map(i, fn) for i in node.items))
    if isinstance(node, tuple):
        return tuple(_map(i, fn) for i in node)
    if isinstance(node, SeatArea):
        return replace(node, items=_map(node.items, fn))
    if node is None:
        return None
    return fn(node)


def map_elements(table: Table, fn) -> Table:
    """The table with `fn(element)` in place of every element (layout, seat areas, hidden zones)."""
    return replace(table, layout=_map(table.layout, fn), seats=_map(table.seats, fn), me=_map(table.me, fn),
                   hidden_zones=tuple(fn(z) for z in table.hidden_zones), choices=(), groups=(), select_all=())


def patch_dice(table: Table, tray_id: str, positions, faces) -> Table:
    new = dict(zip(positions, faces))

    def fn(e):
        if isinstance(e, DiceTray) and e.id == tray_id:
            return replace(e, note="", dice=tuple(replace(d, face=new.get(d.pos, d.face), pick=None,
                                                          state="locked" if new.get(d.pos, d.face) == "skull"
                                                          else d.state) for d in e.dice))
        return e
    return map_elements(table, fn)


def patch_pile(table: Table, zone_id: str, count: int, absolute: bool = False) -> Table:
    def fn(e):
        if isinstance(e, Zone) and e.id == zone_id and e.count is not None:
            n = count if absolute else max(0, e.count + count)
            return replace(e, count=n)
        return e
    return map_elements(table, fn)


def patch_score(table: Table, seat: int, total) -> Table:
    rows = tuple(replace(r, total=str(total)) if r.seat == seat else r for r in table.score.rows)
    return replace(table, score=replace(table.score, rows=rows), choices=(), groups=(), select_all=())


def patch_shown(table: Table, e: CardsShown) -> Table:
    """Cards of a zone turned face up (a showdown): the zone's cards get their ids, in order."""
    def fn(z):
        if isinstance(z, Zone) and z.id == e.zone:
            cards = list(z.cards)
            for i, cid in enumerate(e.cards):
                if i < len(cards):
                    cards[i] = replace(cards[i], card=cid, pick=None)
                else:
                    cards.append(CardView(f"{z.id}/{i}", cid))
            return replace(z, cards=tuple(cards))
        return z
    return map_elements(table, fn)


def patch_move(table: Table, e: CardsMoved, after: Table | None = None) -> tuple[list, Table]:
    """Move the event's cards from its source zone to its destination in the table; returns the moves made
    (card key, card id, from zone, to zone) and the new table. Zones the table does not show are skipped (the
    renderer flies such cards to their owner's score row). A card whose id the viewer may not know is matched
    to one that is gone from the source zone in `after` (else the last one)."""
    src, dst = table.zone(e.src), table.zone(e.dst)
    if src is None and dst is None:
        return [], table
    later = after.zone(e.src) if after is not None else None
    staying = {c.key for c in later.cards} if later is not None else set()
    moves, taken = [], []
    for k, cid in enumerate(e.cards):
        key = None
        if src is not None:
            match = next((c for c in src.cards if cid is not None and c.card == cid), None)
            if match is None and src.cards and src.style != "pile":
                match = next((c for c in src.cards if c.key not in taken and c.key not in staying), None) or \
                    next((c for c in reversed(src.cards) if c.key not in taken), None)
            if match is not None:
                key = match.key
                taken.append(match.key)
        if key is None:
            key = cid if cid is not None else f"{e.dst}/+{k}"
        moves.append((key, cid, e.src, e.dst))

    def fn(z):
        if not isinstance(z, Zone):
            return z
        if z.id == e.src:
            cards = tuple(c for c in z.cards if c.key not in taken)
            count = None if z.count is None else max(0, z.count - len(e.cards))
            if z.style == "pile" and z.count is not None:
                cards = z.cards if count else ()
            return replace(z, cards=cards, count=count)
        if z.id == e.dst:
            new = tuple(CardView(key, cid) for key, cid, _, _ in moves)
            count = None if z.count is None else z.count + len(e.cards)
            if z.style == "pile":
                return replace(z, cards=new[-1:] if new[-1:] and new[-1].card is not None else z.cards,
                               count=count)
            return replace(z, cards=z.cards + new, count=count)
        return z
    return moves, map_elements(table, fn)
