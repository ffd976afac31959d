"""Where everything of a table goes inside the play area: the layout tree's boxes, the seat areas (panels in a
grid, or plates around an oval with the viewer's own area at the bottom), for any size and 2 to 12 seats."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ...table.model import Box, DiceTray, Info, Matrix, SeatArea, SeatsSlot, Table, Tiles, Track, Zone
from .elements import info_need, track_need
from .painters import Painters

GAP = 10


@dataclass
class Placement:
    """Rects of one table in one play area (recomputed when the table's shape or the window changes)."""

    rect: pygame.Rect
    k: float
    card_w: int                                    # a "normal" card's width
    boxes: list = field(default_factory=list)      # (path, rect) in drawing order: see `resolve`
    seats: dict = field(default_factory=dict)      # seat -> (SeatArea, rect) for panels / plates
    me: tuple | None = None                        # (SeatArea, rect) of the viewer's own area
    oval: pygame.Rect | None = None                # ring style: the table top
    ring: tuple | None = None                      # (cx, cy, rx, ry) the seat plates sit on
    angles: dict = field(default_factory=dict)     # seat -> angle on the ring (the viewer: pi / 2)
    painters: Painters | None = None               # the game's painters: the room their custom zones need


def shape_key(table: Table) -> tuple:
    """What decides the placement besides the window: the tree's structure and the seats shown."""
    return (_shape(table.layout), table.seat_style, tuple(a.seat for a in table.seats),
            table.me.seat if table.me is not None else None,
            tuple(_shape(a.items) for a in table.seats[:1]), _shape(table.me.items) if table.me else None)


def _shape(node):
    if isinstance(node, Box):
        return (node.dir, node.grow, tuple(_shape(i) for i in node.items))
    if isinstance(node, tuple):
        return tuple(_shape(i) for i in node)
    if isinstance(node, SeatsSlot):
        return ("seats", node.grow)
    if node is None:
        return None
    if isinstance(node, Info):    # its text decides the room it needs
        return ("Info", node.id, node.grow, node.plain, node.heading, node.big, node.lines)
    return (type(node).__name__, getattr(node, "id", ""), getattr(node, "grow", 1.0), getattr(node, "style", ""),
            getattr(node, "size", ""), len(getattr(node, "tiles", ())), len(getattr(node, "rows", ())),
            len(getattr(node, "lines", ())) > 0)


SIZE = {"small": 0.62, "normal": 1.0, "large": 1.6}
ME_LEFT = 0.22        # the share of the viewer's own area (a ring) left of its hand: its name and its lines
FELT = (730, 430)     # px per unit of k every table is laid out for: the felt of a 960×600 window (k 0.85) and up


def felt_k(rect: pygame.Rect, k: float) -> float:
    """The size factor the felt is drawn at: `k` (the window's and the text scale's), less where the felt is
    smaller than the tables are laid out for — a larger text scale in a small window draws the table at the size
    that fits it whole rather than cutting it."""
    return max(0.5, min(k, rect.width / FELT[0], rect.height / FELT[1]))


def place(table: Table, rect: pygame.Rect, k: float, ratio: float, painters: Painters | None = None) -> Placement:
    """Every rect of `table` inside `rect` (`k`: the size factor, 1 at 1280×720; `ratio`: card h / w; `painters`:
    the game's, asked what height their custom zones need)."""
    n = max(1, len(table.seats) + (1 if table.me is not None else 0))
    card_w = int(max(36, min(96 * k, rect.width / 11, rect.height / 4.2 / ratio)))
    if table.seat_style == "ring" and n > 8:
        card_w = int(card_w * 0.85)
    pl = Placement(rect, k, card_w, painters=painters)
    inner = rect.inflate(-int(16 * k), -int(16 * k))
    if table.seat_style == "ring":
        _ring(table, pl, inner, ratio)
    else:
        _box(table.layout, inner, pl, ratio, table, ("layout",))
    return pl


def resolve(table: Table, path: tuple):
    """The element of `table` at `path` (a placement is cached per shape; its elements come from the table
    being drawn)."""
    root, *rest = path
    if root == "layout":
        node = table.layout
    else:
        seat = rest.pop(0)
        area = table.me if root == "me" else next((a for a in table.seats if a.seat == seat), None)
        if area is None:
            return None
        node = Box("col", area.items if isinstance(area.items, tuple) else (area.items,))
    for i in rest:
        if not isinstance(node, Box) or i >= len(node.items):
            return None
        node = node.items[i]
    return node


# --- boxes ---------------------------------------------------------------------------------------------------
def _fixed_w(node, height: int, pl: Placement, ratio: float) -> int | None:
    """The width of a node that does not grow in a row (None: it grows)."""
    if getattr(node, "grow", 1.0) > 0:
        return None
    k = pl.k
    if isinstance(node, Zone):
        title = int(22 * k) if node.title else 0
        note = int(24 * k) if node.note else 0
        h = max(20, height - title - note)
        w = int(h / ratio)
        cap = int(pl.card_w * SIZE.get(node.size, 1.0) * (2.2 if node.style == "pile" else 1.35))
        return max(int(40 * k), min(w, cap)) + int(8 * k)
    if isinstance(node, Track):
        return int(150 * k)
    if isinstance(node, Box):
        return int(200 * k)
    return int(160 * k)


def _fixed_h(node, width: int, pl: Placement) -> int | None:
    if getattr(node, "grow", 1.0) > 0:
        return None
    k = pl.k
    if isinstance(node, Tiles):
        return int(62 * k)
    if isinstance(node, Info):
        return int((30 + 22 * len(node.lines) + (34 if node.big else 0)) * k)
    if isinstance(node, Track):
        return int(78 * k)
    if isinstance(node, Zone):
        return int(pl.card_w * SIZE.get(node.size, 1.0) * 1.45 + 44 * k)
    return int(80 * k)


def _need_h(node, width: int, height: int, pl: Placement, ratio: float) -> int:
    """The height a growing node needs to show its text whole at its usual print (0: any; it scales): a panel of
    text, a counter, a tray of dice, a table of majorities, and the boxes holding them. `height`: the height the
    node would have otherwise (a row's fixed widths depend on it)."""
    k = pl.k
    if isinstance(node, Info):
        return info_need(k, node, width)
    if isinstance(node, Track):
        return track_need(k, node)
    if isinstance(node, DiceTray):     # its title, dice of 56 px, their numbers and labels
        return int(152 * k) + 14
    if isinstance(node, Matrix):
        return int((60 + 34 * len(node.rows)) * k)
    if isinstance(node, Zone) and node.style == "custom" and pl.painters is not None:
        return pl.painters.zone_min_size(node, k)[1]
    if not isinstance(node, Box) or not node.items:
        return 0
    gap = int(GAP * k)
    items = [i for i in node.items if i is not None]
    if node.dir == "row":
        sizes = _sizes(items, width - gap * (len(items) - 1), [_fixed_w(i, height, pl, ratio) for i in items])
        return max((_need_h(i, w, height, pl, ratio) for i, w in zip(items, sizes)), default=0)
    return sum(_fixed_h(i, width, pl) or _need_h(i, width, height, pl, ratio) for i in items) + gap * (len(items) - 1)


def _sizes(items: list, total: int, fixed: list, needs: list | None = None) -> list[int]:
    """Each item's length along a box: a fixed one its own; the growing ones share the rest by their weights,
    each given at least what it needs (`needs`) while the rest allows, the others sharing what is left."""
    free = max(0, total - sum(f for f in fixed if f is not None))
    grows = [getattr(i, "grow", 1.0) if f is None else 0.0 for i, f in zip(items, fixed)]
    needs = needs or [0] * len(items)
    held: dict[int, int] = {}               # growing items held at their need
    while True:
        rest = free - sum(held.values())
        weight = sum(g for i, g in enumerate(grows) if g and i not in held) or 1.0
        share = {i: rest * g / weight for i, g in enumerate(grows) if g and i not in held}
        short = [i for i, v in share.items() if v < needs[i]]
        if not short:
            break
        held.update({i: needs[i] for i in short})
        if sum(held.values()) > free:       # not enough for every need: all shrink alike
            scale = free / max(1, sum(needs[i] for i in range(len(items)) if grows[i]))
            held = {i: int(needs[i] * scale) for i in range(len(items)) if grows[i]}
            share = {}
            break
    return [f if f is not None else int(held.get(i, share.get(i, 0))) for i, f in enumerate(fixed)]


def _box(node, rect: pygame.Rect, pl: Placement, ratio: float, table: Table, path: tuple) -> None:
    if isinstance(node, SeatsSlot):
        _panels(table, rect, pl, ratio)
        return
    if node is None:
        return
    if not isinstance(node, Box):
        pl.boxes.append((path, rect))
        return
    items = list(node.items)
    if not items:
        return
    gap = int(GAP * pl.k)
    horizontal = node.dir == "row"
    total = (rect.width if horizontal else rect.height) - gap * (len(items) - 1)
    fixed = [None if i is None else (_fixed_w(i, rect.height, pl, ratio) if horizontal else
                                     _fixed_h(i, rect.width, pl)) for i in items]
    fixed = [0 if i is None else f for i, f in zip(items, fixed)]
    needs = None if horizontal else [0 if i is None or f is not None else
                                     _need_h(i, rect.width, rect.height, pl, ratio) for i, f in zip(items, fixed)]
    sizes = _sizes(items, total, fixed, needs)
    pos = rect.x if horizontal else rect.y
    for i, (item, size) in enumerate(zip(items, sizes)):
        if item is None:
            continue
        if i == len(items) - 1 and fixed[i] is None:
            size = (rect.right if horizontal else rect.bottom) - pos
        sub = pygame.Rect(pos, rect.y, size, rect.height) if horizontal else pygame.Rect(rect.x, pos, rect.width, size)
        _box(item, sub, pl, ratio, table, path + (i,))
        pos += size + gap


# --- panels: the seats in a grid ------------------------------------------------------------------------------
def _panels(table: Table, rect: pygame.Rect, pl: Placement, ratio: float) -> None:
    areas = list(table.seats)
    n = len(areas)
    if not n:
        return
    cols = 1 if n == 1 else 2 if n <= 4 else 3 if n <= 9 else 4
    rows = math.ceil(n / cols)
    gap = int(GAP * pl.k)
    w = (rect.width - gap * (cols - 1)) // cols
    h = (rect.height - gap * (rows - 1)) // rows
    for i, area in enumerate(areas):
        r, c = divmod(i, cols)
        panel = pygame.Rect(rect.x + c * (w + gap), rect.y + r * (h + gap), w, h)
        pl.seats[area.seat] = (area, panel)
        body = pygame.Rect(panel.x + int(8 * pl.k), panel.y + int(34 * pl.k), panel.width - int(16 * pl.k),
                           panel.height - int(42 * pl.k))
        _area(area, body, pl, ratio, table, "seat")


def _area(area: SeatArea, body: pygame.Rect, pl: Placement, ratio: float, table: Table, root: str) -> None:
    box = Box("col", area.items if isinstance(area.items, tuple) else (area.items,))
    _box(box, body, pl, ratio, table, (root, area.seat))


# --- ring: the seats around an oval, the viewer's area at the bottom -------------------------------------------
def _even_arc(start: float, spread: float, m: int, rx: float, ry: float) -> list[float]:
    """`m` angles from `start` down to `start - spread` on the ellipse (rx, ry), equally far apart along the
    ellipse itself (equal angles would crowd the plates where the ellipse is steep, at its sides)."""
    if m <= 1:
        return [start] * m
    steps = 360
    pts = [start - spread * i / steps for i in range(steps + 1)]
    length = [0.0]
    for a, b in zip(pts, pts[1:]):
        length.append(length[-1] + math.hypot(rx * (math.cos(b) - math.cos(a)), ry * (math.sin(b) - math.sin(a))))
    out, i = [], 0
    for j in range(m):
        want = length[-1] * j / (m - 1)
        while i < steps and length[i + 1] < want:
            i += 1
        out.append(pts[min(i + 1, steps)] if i < steps and want - length[i] > length[i + 1] - want else pts[i])
    return out


def _horseshoe(m: int, rect: pygame.Rect, me: pygame.Rect | None, plate: tuple[int, int], gap: int):
    """A crowded table's plates on three sides of the felt, in the order play runs: up the right side (from beside
    the viewer's own area where there is room for a plate there, else from above it), across the top from right
    to left, down the left side — the largest plates (from `plate` down to 60 % of it, and never larger than the
    felt allows) with which all `m` fit apart. (rects in that order, the table top between them), or None."""
    for i in range(11):
        w, h = int(plate[0] * (1 - 0.04 * i)), int(plate[1] * (1 - 0.04 * i))
        beside = me is None or min(me.x - rect.x, rect.right - me.right) >= w + gap
        floor = rect.bottom if me is None or beside else me.y - gap
        across = (rect.width + gap) // (w + gap)                 # plates in the top row, at most
        down = max(0, (floor - rect.y - h) // (h + gap))          # in a side column under it, at most
        top = min(across, m - 2)
        right = (m - top + 1) // 2
        left = m - top - right
        if top < min(3, m - 2) or right > down or left < 1:
            continue
        rects = []
        step = (floor - h - rect.y) / right
        for j in range(right):                                    # up the right side
            rects.append(pygame.Rect(rect.right - w, int(floor - h - j * step), w, h))
        for j in range(top):                                      # across the top, right to left
            rects.append(pygame.Rect(int(rect.right - w - j * (rect.width - w) / (top - 1)), rect.y, w, h))
        step = (floor - h - rect.y) / left
        for j in range(left, 0, -1):                              # down the left side
            rects.append(pygame.Rect(rect.x, int(floor - h - (j - 1) * step), w, h))
        bottom = (me.y if me is not None else rect.bottom) - gap
        oval = pygame.Rect(rect.x + w + 2 * gap, rect.y + h + 2 * gap, rect.width - 2 * (w + 2 * gap),
                           bottom - rect.y - h - 3 * gap)
        if oval.width < 4 * w or oval.height < h:
            return None
        return rects, oval
    return None


def _unwound(angles: list[float]) -> list[float]:
    """Angles made to decrease from the first on (as the ring's run: the arrows between plates follow them)."""
    out: list[float] = []
    for a in angles:
        while out and a > out[-1]:
            a -= 2 * math.pi
        out.append(a)
    return out


def _ring(table: Table, pl: Placement, rect: pygame.Rect, ratio: float) -> None:
    k = pl.k
    others = [a for a in table.seats if table.me is None or a.seat != table.me.seat]
    m = len(others)
    # five seats and more: plates on three sides (on a ring the side plates squeezed the table top, and the monte
    # with it, to 14×20 px cards at 960×600 with five to eight seats)
    crowd = m > 3
    plate = (int((124 if crowd else 150) * k), int((74 if crowd else 86) * k))
    plate = (min(plate[0], rect.width // 4), plate[1])
    me_h = 0
    if table.me is not None:
        big_w = int(min(rect.width * 0.095, rect.height * 0.16 / ratio * 1.45, 84 * k))
        me_h = int(big_w * ratio) + int(34 * k)
        me = pygame.Rect(0, 0, min(rect.width - int(40 * k), big_w * 3 + int(460 * k)), me_h)
        me.midbottom = (rect.centerx, rect.bottom)
        pl.me = (table.me, me)
        left = int(me.width * ME_LEFT)
        _area(table.me, pygame.Rect(me.x + left, me.y + int(6 * k), me.width - left - int(10 * k),
                                    me.height - int(12 * k)), pl, ratio, table, "me")
    top, bottom = rect.y, rect.bottom - me_h - int(6 * k)
    cx, cy = rect.centerx, (top + bottom) / 2 + int(6 * k)
    ry = (bottom - top - plate[1]) / 2
    rx = (rect.width - plate[0]) / 2 - int(8 * k)
    oval = pygame.Rect(0, 0, int(2 * rx - plate[0] * 1.05), int(2 * ry - plate[1] * 1.0))
    oval.center = (int(cx), int(cy))
    pl.oval, pl.ring = oval, (cx, cy, rx, ry)
    if table.me is not None:
        pl.angles[table.me.seat] = math.pi / 2
    # play runs to the right: from the viewer at the bottom, the next seat sits lower right, then up the right
    # side, across the top from right to left, down the left side (angles decrease on screen)
    gap = math.radians(38)
    spread = min(2 * math.pi - 2 * gap, math.radians(72) * (m - 1)) if m > 1 else 0.0
    start = -math.pi / 2 + spread / 2
    angles = _even_arc(start, spread, m, rx, ry)
    shoe = _horseshoe(m, rect, pl.me[1] if pl.me is not None else None, plate, int(6 * k)) if crowd else None
    if shoe is not None:    # a crowded table: larger plates on three sides of a table top, none on another
        rects, oval = shoe
        cx, cy = oval.center
        rx, ry = oval.width / 2, oval.height / 2
        pl.oval, pl.ring = oval, (cx, cy, rx, ry)
        angles = _unwound([math.atan2((r.centery - cy) / max(1.0, ry), (r.centerx - cx) / max(1.0, rx))
                           for r in rects])
    for _try in range(6 if shoe is None else 0):   # a crowded ring: smaller plates until no two overlap
        rects = []
        for a in angles:
            r = pygame.Rect(0, 0, *plate)
            r.center = (int(cx + rx * math.cos(a)), int(cy + ry * math.sin(a)))
            r.clamp_ip(pl.rect.inflate(-4, -4))
            rects.append(r)
        if not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1:]):
            break
        plate = (max(int(96 * k), int(plate[0] * 0.92)), max(int(60 * k), int(plate[1] * 0.92)))
    for area, a, r in zip(others, angles, rects):
        pl.angles[area.seat] = a
        pl.seats[area.seat] = (area, r)
        _area(area, pygame.Rect(r.x + int(6 * k), r.y + int(24 * k), r.width - int(12 * k), r.height - int(42 * k)),
              pl, ratio, table, "seat")
    if rects and all(r.centery < cy for r in rects):
        # every plate sits on the upper half of the ring (up to three others): the table top reaches down to the
        # viewer's area, so its middle (the cards to take from) gets the room no plate needs
        oval.height = max(oval.height, int(bottom - int(4 * k) - oval.y))
        pl.oval = oval
    centre = oval.inflate(-int(oval.width * 0.16), -int(oval.height * 0.22))
    # the middle of the table (its centred lines run wider) keeps clear of the plates, giving up at most a
    # fifth of its height at the top and at the bottom
    top_at, bottom_at = centre.top, centre.bottom
    for _, r in pl.seats.values():
        if r.colliderect(centre.inflate(int(centre.width * 0.3), 0)):
            if r.centery < centre.centery:
                top_at = max(top_at, min(r.bottom + 4, centre.top + centre.height // 5))
            else:
                bottom_at = min(bottom_at, max(r.top - 4, centre.bottom - centre.height // 5))
    centre = pygame.Rect(centre.x, top_at, centre.width, bottom_at - top_at)
    _box(table.layout, centre, pl, ratio, table, ("layout",))
