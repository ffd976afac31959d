"""Procedural art for Pirataki (Пирататак): one ship picture per colour cut into its parts (missing parts drawn as
outlines), the colours' emblems (anchor, skull, compass, wheel — colour is never the only cue), and the card faces
(ship part, gold, pirate, cannon). Everything is drawn once per (look, size) and cached."""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from ... import art, icons
from ... import palette as P
from ...sprites import framed_back
from ...text import TEXT

WOOD = (122, 78, 40)
WOOD_DARK = (70, 42, 20)
WOOD_LIGHT = (168, 116, 66)
SEA = (46, 104, 150)
GHOST = (150, 176, 172)
GHOST_FILL = (30, 62, 62)
SAIL_EDGE = (60, 44, 30)
IRON = (58, 60, 66)
IRON_LIGHT = (120, 124, 132)


def hex_rgb(text: str, default=(128, 128, 128)) -> tuple[int, int, int]:
    """'#2f6fd0' → (47, 111, 208)."""
    try:
        t = text.lstrip("#")
        return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)
    except (ValueError, AttributeError, IndexError):
        return default


def shade(rgb: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    """Darker (k < 1) or lighter (k > 1) version of a colour."""
    r, g, b = rgb
    if k <= 1:
        return max(0, int(r * k)), max(0, int(g * k)), max(0, int(b * k))
    return (min(255, int(r + (255 - r) * (k - 1))), min(255, int(g + (255 - g) * (k - 1))),
            min(255, int(b + (255 - b) * (k - 1))))


def ink_on(rgb) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `rgb`."""
    r, g, b = rgb
    return P.BLACK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else P.WHITE


def _i(v) -> int:
    return int(round(v))


# --- emblems -------------------------------------------------------------------------------------------
def emblem(surface, name: str, center, r: float, colour=P.INK, back=None) -> None:
    """Draw the emblem `name` (anchor, skull, compass, wheel; any other name: its initial in a ring)."""
    cx, cy = center
    w = max(1, _i(r * 0.16))
    if back is not None:
        pygame.draw.circle(surface, back, (_i(cx), _i(cy)), _i(r * 1.15))
    if name == "anchor":
        pygame.draw.line(surface, colour, (cx, cy - r * 0.62), (cx, cy + r * 0.8), w + 1)
        pygame.draw.circle(surface, colour, (_i(cx), _i(cy - r * 0.78)), max(2, _i(r * 0.2)), max(1, w - 1))
        pygame.draw.line(surface, colour, (cx - r * 0.42, cy - r * 0.35), (cx + r * 0.42, cy - r * 0.35), w)
        arc = pygame.Rect(0, 0, r * 1.6, r * 1.3)
        arc.midbottom = (_i(cx), _i(cy + r * 0.92))
        pygame.draw.arc(surface, colour, arc, math.pi * 1.02, math.pi * 1.98, w + 1)
        for side in (-1, 1):
            tip = (cx + side * r * 0.8, cy + r * 0.28)
            pygame.draw.polygon(surface, colour, [tip, (tip[0] - side * r * 0.05, tip[1] - r * 0.3),
                                                  (tip[0] + side * r * 0.2, tip[1] - r * 0.08)])
    elif name == "skull":
        eyes = back if back is not None else P.WHITE
        art.skull(surface, (_i(cx), _i(cy - r * 0.1)), r * 0.95, colour=colour, eyes=eyes)
    elif name == "compass":
        pygame.draw.circle(surface, colour, (_i(cx), _i(cy)), _i(r * 0.92), max(1, w))
        for k in range(8):
            ang = -math.pi / 2 + k * math.pi / 4
            long = k % 2 == 0
            rr = r * (0.85 if long else 0.5)
            half = r * (0.16 if long else 0.11)
            tip = (cx + math.cos(ang) * rr, cy + math.sin(ang) * rr)
            left = (cx + math.cos(ang + math.pi / 2) * half, cy + math.sin(ang + math.pi / 2) * half)
            right = (cx + math.cos(ang - math.pi / 2) * half, cy + math.sin(ang - math.pi / 2) * half)
            pygame.draw.polygon(surface, colour, [tip, left, (cx, cy), right])
        pygame.draw.circle(surface, colour if back is None else back, (_i(cx), _i(cy)), max(1, _i(r * 0.1)))
    elif name == "wheel":
        pygame.draw.circle(surface, colour, (_i(cx), _i(cy)), _i(r * 0.62), max(2, w + 1))
        pygame.draw.circle(surface, colour, (_i(cx), _i(cy)), max(2, _i(r * 0.2)))
        for k in range(8):
            ang = k * math.pi / 4
            a = (cx + math.cos(ang) * r * 0.2, cy + math.sin(ang) * r * 0.2)
            b = (cx + math.cos(ang) * r * 0.95, cy + math.sin(ang) * r * 0.95)
            pygame.draw.line(surface, colour, a, b, w)
            pygame.draw.circle(surface, colour, (_i(b[0]), _i(b[1])), max(1, _i(r * 0.1)))
    else:
        pygame.draw.circle(surface, colour, (_i(cx), _i(cy)), _i(r * 0.9), max(1, w))
        letter = (name[:1] or "?").upper()
        img = TEXT.render(letter, max(8, _i(r * 1.2)), colour, True)
        surface.blit(img, img.get_rect(center=(_i(cx), _i(cy))))


def badge(surface, name: str, rgb, center, r: float) -> None:
    """A round badge in the colour with its emblem (for seat headers and card corners)."""
    cx, cy = _i(center[0]), _i(center[1])
    pygame.draw.circle(surface, shade(rgb, 0.55), (cx, cy + max(1, _i(r * 0.08))), _i(r))
    pygame.draw.circle(surface, rgb, (cx, cy), _i(r))
    pygame.draw.circle(surface, P.INK, (cx, cy), _i(r), max(1, _i(r * 0.1)))
    emblem(surface, name, (cx, cy), r * 0.62, ink_on(rgb), back=None)


# --- the ship picture ----------------------------------------------------------------------------------
def grid(parts: int) -> tuple[int, int]:
    """Columns and rows the ship picture is cut into: 3 × 2 for the usual 6 parts."""
    if parts <= 1:
        return 1, 1
    if parts <= 3:
        return parts, 1
    cols = math.ceil(parts / 2)
    return cols, 2


def part_rects(rect: pygame.Rect, parts: int) -> list[pygame.Rect]:
    """The slice of `rect` each part (1…parts) covers: the top row (rigging) first, then the hull."""
    cols, rows = grid(parts)
    out = []
    for n in range(parts):
        row, col = divmod(n, cols)
        if rows == 2 and row == 1:
            last_row = parts - cols
            if last_row < cols:  # an odd count: the hull row has fewer, wider slices
                x0 = rect.x + rect.width * col // last_row
                x1 = rect.x + rect.width * (col + 1) // last_row
            else:
                x0 = rect.x + rect.width * col // cols
                x1 = rect.x + rect.width * (col + 1) // cols
        else:
            x0 = rect.x + rect.width * col // cols
            x1 = rect.x + rect.width * (col + 1) // cols
        y0 = rect.y + rect.height * row // rows
        y1 = rect.y + rect.height * (row + 1) // rows
        out.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
    return out


class _Circle(NamedTuple):
    x: float
    y: float
    r: float


def _ship_shapes(w: float, h: float, masts: int) -> list[tuple[str, list[tuple[float, float]] | _Circle]]:
    """The ship as (kind, points or circle) in a w × h box: sails, masts, flag, hull, castle, ports, waves."""
    shapes: list[tuple[str, list[tuple[float, float]] | _Circle]] = []
    hull_top = h * 0.58
    deck = h * 0.62
    xs = [w * (k + 0.5) / masts for k in range(masts)]
    main = masts // 2
    for k, x in enumerate(xs):
        top = h * (0.06 if k == main else 0.14)
        shapes.append(("mast", [(x, deck), (x, top)]))
        # two square sails per mast, the lower one wider; they billow (a bulge on the lee side)
        sw = w / masts * 0.36
        for (y0, y1, k_w) in ((top + h * 0.06, top + h * 0.2, 0.78), (top + h * 0.23, hull_top - h * 0.04, 1.0)):
            bulge = sw * 0.12
            pts = [(x - sw * k_w, y0), (x + sw * k_w, y0), (x + sw * k_w + bulge, (y0 + y1) / 2),
                   (x + sw, y1), (x - sw, y1), (x - sw * k_w - bulge, (y0 + y1) / 2)]
            shapes.append(("sail", pts))
        shapes.append(("yard", [(x - sw * 1.05, top + h * 0.06), (x + sw * 1.05, top + h * 0.06)]))
        if k == main:
            shapes.append(("flag", [(x, top), (x + w / masts * 0.3, top + h * 0.035), (x, top + h * 0.07)]))
    if masts >= 1:  # the jib from the bowsprit to the fore mast
        shapes.append(("jib", [(w * 0.03, deck - h * 0.02), (xs[0] - w / masts * 0.02, h * 0.2),
                               (xs[0] - w / masts * 0.02, deck - h * 0.04)]))
    hull = [(w * 0.0, hull_top - h * 0.02), (w * 0.12, hull_top + h * 0.02), (w * 0.86, hull_top + h * 0.02),
            (w * 0.86, hull_top - h * 0.1), (w * 0.99, hull_top - h * 0.11), (w * 0.97, h * 0.8),
            (w * 0.82, h * 0.9), (w * 0.18, h * 0.9), (w * 0.06, h * 0.78)]
    shapes.append(("hull", hull))
    shapes.append(("stripe", [(w * 0.07, h * 0.7), (w * 0.975, h * 0.7)]))
    for k in range(max(2, masts * 2)):
        px = w * (0.2 + 0.6 * k / max(1, masts * 2 - 1))
        shapes.append(("port", _Circle(px, h * 0.76, max(2.0, h * 0.028))))
    shapes.append(("lantern", _Circle(w * 0.93, hull_top - h * 0.16, max(2.0, h * 0.025))))
    for row in range(2):
        y = h * (0.92 + row * 0.04)
        shapes.append(("wave", [(x, y + (h * 0.012 if (i % 2) else 0)) for i, x in
                                enumerate([w * t / 16 for t in range(17)])]))
    return shapes


def ship_picture(size: tuple[int, int], rgb, emblem_name: str, parts: int, ghost: bool = False) -> pygame.Surface:
    """The whole ship of one colour (its sails in the colour, its emblem on the main sail and the stern), or
    its `ghost`: the same lines, faint, for the parts still missing."""
    def draw() -> pygame.Surface:
        w, h = size
        ss = 2  # drawn at twice the size, then smoothed down
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        W, H = w * ss, h * ss
        cols, rows = grid(parts)
        masts = max(1, cols)
        lw = max(1, _i(H * 0.012))
        line = GHOST
        for kind, geom in _ship_shapes(W, H, masts):
            if isinstance(geom, _Circle):         # a port or the lantern
                x, y, r = geom
                if ghost:
                    pygame.draw.circle(big, line, (_i(x), _i(y)), _i(r), max(1, lw))
                elif kind == "port":
                    pygame.draw.circle(big, WOOD_DARK, (_i(x), _i(y)), _i(r * 1.3))
                    pygame.draw.circle(big, (240, 200, 90), (_i(x), _i(y)), _i(r * 0.8))
                else:
                    pygame.draw.circle(big, (250, 210, 90), (_i(x), _i(y)), _i(r * 1.4))
                    pygame.draw.circle(big, WOOD_DARK, (_i(x), _i(y)), _i(r * 1.4), lw)
                continue
            if ghost:
                if kind in ("sail", "hull", "jib", "flag"):
                    pygame.draw.polygon(big, GHOST_FILL, geom)
                    pygame.draw.polygon(big, line, geom, lw)
                elif kind in ("mast", "yard", "stripe", "wave"):
                    pygame.draw.lines(big, line, False, geom, lw)
                continue
            if kind == "sail":
                pygame.draw.polygon(big, shade(rgb, 1.18), geom)
                pygame.draw.polygon(big, SAIL_EDGE, geom, lw)
            elif kind == "jib":
                pygame.draw.polygon(big, shade(rgb, 1.45), geom)
                pygame.draw.polygon(big, SAIL_EDGE, geom, lw)
            elif kind == "flag":
                pygame.draw.polygon(big, rgb, geom)
                pygame.draw.polygon(big, P.INK, geom, lw)
            elif kind in ("mast", "yard"):
                pygame.draw.lines(big, WOOD_DARK, False, geom, lw * (3 if kind == "mast" else 2))
            elif kind == "hull":
                pygame.draw.polygon(big, WOOD, geom)
                pygame.draw.polygon(big, WOOD_DARK, geom, lw * 2)
            elif kind == "stripe":
                pygame.draw.lines(big, rgb, False, geom, lw * 4)
            elif kind == "wave":
                pygame.draw.lines(big, SEA, False, geom, lw * 2)
        # the colour's emblem: on the main sail and on the stern (big enough to read without the colour)
        main_x = W * (masts // 2 + 0.5) / masts
        r = min(W / masts * 0.22, H * 0.11)
        sail_y = H * 0.4
        if ghost:
            emblem(big, emblem_name, (main_x, sail_y), r, GHOST)
        else:
            emblem(big, emblem_name, (main_x, sail_y), r, ink_on(shade(rgb, 1.18)))
            emblem(big, emblem_name, (W * 0.5, H * 0.8), min(r * 0.55, H * 0.05), (250, 230, 170))
        surf = pygame.transform.smoothscale(big, (w, h))
        return surf
    key = ("pirataki.ship", size, tuple(rgb), emblem_name, parts, ghost)
    return art.cached(key, draw)


def ship(surface, rect: pygame.Rect, rgb, emblem_name: str, have: list[int], parts: int,
         chosen: frozenset[int] | set[int] = frozenset(), numbers: bool = True) -> list[pygame.Rect]:
    """The ship as assembled: parts in `have` (1-based) drawn, the others as outlines; returns each part's
    rect (the click targets). `chosen` parts are marked (a selection)."""
    full = ship_picture(rect.size, rgb, emblem_name, parts)
    ghost = ship_picture(rect.size, rgb, emblem_name, parts, ghost=True)
    rects = part_rects(pygame.Rect(0, 0, rect.width, rect.height), parts)
    out = []
    size = max(9, rect.height // 9)
    for n, r in enumerate(rects, start=1):
        dest = r.move(rect.topleft)
        present = n in have
        surface.blit(full if present else ghost, dest, r)
        if not present:
            _dashed_rect(surface, dest.inflate(-2, -2), GHOST, max(3, rect.height // 30))
        if numbers:
            tag = TEXT.render(str(n), size, P.INK if present else GHOST, True)
            box = tag.get_rect(topleft=(dest.x + 3, dest.y + 2)).inflate(6, 0)
            if present:
                pygame.draw.rect(surface, (245, 236, 214), box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
        if n in chosen:
            pygame.draw.rect(surface, P.SELECT, dest.inflate(-2, -2), max(2, rect.height // 40), border_radius=4)
        out.append(dest)
    pygame.draw.rect(surface, (70, 100, 96), rect, 1, border_radius=4)
    return out


def _dashed_rect(surface, rect: pygame.Rect, colour, dash: int) -> None:
    for (a, b) in ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                   (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)):
        length = math.dist(a, b)
        steps = max(1, int(length // (dash * 2)))
        for k in range(steps):
            t0, t1 = k / steps, (k + 0.5) / steps
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 1)


# --- marks on the table ----------------------------------------------------------------------------------
def stack(surface, face: pygame.Surface, r: pygame.Rect, depth: int, up: bool = True) -> None:
    """`face` with `depth` edges of the same card peeking out behind it (a pile; thicker with more cards)."""
    for d in range(depth, 0, -1):
        surface.blit(face, r.move(d * 2, -d * 2 if up else d * 2))
    surface.blit(face, r)


def plate(surface, img: pygame.Surface, center, pad: int, edge=None, fill=(10, 20, 30)) -> None:
    """A text (a count) on a small dark plate."""
    box = img.get_rect(center=(_i(center[0]), _i(center[1]))).inflate(pad, 2)
    pygame.draw.rect(surface, fill, box, border_radius=6)
    if edge is not None:
        pygame.draw.rect(surface, edge, box, 1, border_radius=6)
    surface.blit(img, img.get_rect(center=box.center))


def no_ship(surface, r: pygame.Rect, parts: int, lines, badges, gap: int = 4) -> None:
    """A seat without a ship: the ghost of one, its rendered `lines` on dark plates and the `badges` (the
    free colours' emblems) in a row below them, all centred."""
    surface.blit(ship_picture(r.size, (120, 130, 130), "", parts, ghost=True), r)
    bh = max((b.get_height() for b in badges), default=0)
    y = r.centery - (sum(img.get_height() + gap for img in lines) + bh) // 2
    for img in lines:
        back = img.get_rect(midtop=(r.centerx, y)).inflate(8, 2)
        pygame.draw.rect(surface, (16, 40, 40), back, border_radius=4)
        surface.blit(img, img.get_rect(center=back.center))
        y += img.get_height() + gap
    x = r.centerx - sum(b.get_width() + gap for b in badges) // 2
    for b in badges:
        surface.blit(b, (x, y))
        x += b.get_width() + gap


def cross(surface, r: pygame.Rect, margin: int, width: int) -> None:
    """A chosen card, marked to go to the pirate (not by colour alone: an X)."""
    pygame.draw.line(surface, P.RED, (r.x + margin, r.y + margin), (r.right - margin, r.bottom - margin), width)
    pygame.draw.line(surface, P.RED, (r.right - margin, r.y + margin), (r.x + margin, r.bottom - margin), width)


def veil(surface, r: pygame.Rect, alpha: int) -> None:
    """Darken a card (the discard pile's back)."""
    shade_ = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(shade_, (0, 0, 0, alpha), shade_.get_rect(), border_radius=max(4, r.width // 10))
    surface.blit(shade_, r)


# --- other pictures --------------------------------------------------------------------------------------
def cannon(surface, center, r: float) -> None:
    """A ship's cannon on its carriage, firing to the right."""
    cx, cy = center
    barrel = [(cx - r * 0.85, cy - r * 0.38), (cx + r * 0.75, cy - r * 0.22), (cx + r * 0.75, cy + r * 0.12),
              (cx - r * 0.85, cy + r * 0.2)]
    carriage = pygame.Rect(0, 0, r * 1.2, r * 0.38)
    carriage.midtop = (_i(cx - r * 0.15), _i(cy + r * 0.05))
    pygame.draw.rect(surface, WOOD, carriage, border_radius=max(1, _i(r * 0.06)))
    pygame.draw.rect(surface, WOOD_DARK, carriage, max(1, _i(r * 0.05)), border_radius=max(1, _i(r * 0.06)))
    pygame.draw.polygon(surface, IRON, barrel)
    pygame.draw.polygon(surface, P.BLACK, barrel, max(1, _i(r * 0.05)))
    pygame.draw.line(surface, IRON_LIGHT, (cx - r * 0.7, cy - r * 0.22), (cx + r * 0.6, cy - r * 0.1),
                     max(1, _i(r * 0.06)))
    pygame.draw.circle(surface, IRON, (_i(cx - r * 0.9), _i(cy - r * 0.09)), max(2, _i(r * 0.17)))
    for dx in (-0.45, 0.2):
        pygame.draw.circle(surface, WOOD_DARK, (_i(cx + dx * r), _i(cy + r * 0.5)), max(2, _i(r * 0.2)))
        pygame.draw.circle(surface, WOOD_LIGHT, (_i(cx + dx * r), _i(cy + r * 0.5)), max(1, _i(r * 0.08)))
    for k in range(3):  # the cannon balls beside it
        pygame.draw.circle(surface, P.BLACK, (_i(cx + r * (0.95 - k * 0.12)), _i(cy + r * (0.6 - (k == 1) * 0.14))),
                           max(1, _i(r * 0.1)))


def coins(surface, center, r: float, n: int = 3) -> None:
    """A little heap of coins."""
    cx, cy = center
    spots = [(0, 0.25), (-0.45, 0.35), (0.45, 0.35), (-0.22, -0.1), (0.25, -0.12)][:max(1, n)]
    for dx, dy in reversed(spots):
        icons.coin(surface, (cx + dx * r, cy + dy * r), r * 0.55)


# --- cards ----------------------------------------------------------------------------------------------
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a Pirataki card: deep blue with a compass rose and waves."""
    def draw() -> pygame.Surface:
        w, h = size
        radius = max(4, w // 10)
        surf, rect, inner = framed_back(size, (22, 52, 86), (30, 70, 112), radius, max(4, w // 8),
                                        max(2, radius // 2), max(1, w // 50))
        for y in range(inner.bottom - max(6, h // 8), inner.top, -max(6, h // 9)):
            pts = [(inner.left + 4 + k * (inner.width - 8) / 8, y + (2 if k % 2 else 0)) for k in range(9)]
            pygame.draw.lines(surf, (40, 90, 136), False, pts, 1)
        emblem(surf, "compass", (w / 2, h / 2), min(w, h) * 0.26, P.GOLD_LIGHT)
        pygame.draw.rect(surf, P.BLACK, rect, 1, border_radius=radius)
        return surf
    key = ("pirataki.back", size)
    return art.cached(key, draw)


def card_face(card: str, kind: str, size: tuple[int, int], colour: dict | None = None, parts: int = 6,
              big: bool = False, title: str = "", line: str = "") -> pygame.Surface:
    """A face-up card. `colour` (id, emblem, rgb) for a ship part; `kind` gold / pirate / cannon otherwise.
    Small cards show the picture and the part number; `big` ones also a `title` and a `line` of text (in the
    player's language: the painters give them)."""
    def draw() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, w, h)
        radius = max(4, w // 10)
        if colour is not None:
            rgb = hex_rgb(colour.get("rgb", ""))
            back = shade(rgb, 1.55)
        else:
            rgb = None
            back = {"gold": (250, 232, 170), "pirate": (214, 200, 190), "cannon": (206, 210, 214)}.get(kind,
                                                                                                  P.PARCHMENT)
        pygame.draw.rect(surf, back, rect, border_radius=radius)
        edge = shade(rgb, 0.6) if rgb else P.INK
        pygame.draw.rect(surf, edge, rect, max(2, w // 22), border_radius=radius)
        part = card.rsplit("-", 1)[-1]
        if big:
            ts = max(11, w // 9)
            img = TEXT.render(title, ts, P.INK, True)
            if img.get_width() > w - 8:
                img = pygame.transform.smoothscale(img, (w - 8, img.get_height()))
            surf.blit(img, img.get_rect(midtop=(w // 2, max(4, h // 30))))
            pic = pygame.Rect(w * 0.08, h * 0.05 + ts * 1.5, w * 0.84, h * 0.62)
            ls = max(9, w // 14)
            for k, row in enumerate(TEXT.wrap(line, ls, w - 16)[:2]):
                img = TEXT.render(row, ls, P.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(w // 2, pic.bottom + 4 + k * (ls + 3))))
        else:
            pic = pygame.Rect(w * 0.08, h * 0.22, w * 0.84, h * 0.6)
        if colour is not None:
            _ship_part_picture(surf, pic, colour, int(part) if part.isdigit() else 1, parts)
            r = max(5, min(w, h) * (0.11 if big else 0.16))
            badge(surf, colour.get("emblem", ""), rgb, (w - r - w * 0.06, r + h * 0.04) if not big else
                  (w - r - w * 0.06, h - r - h * 0.04), r)
            if not big:  # the part number at the top left: it shows on an overlapped card
                tag = TEXT.render(part, max(9, _i(h * 0.2)), P.INK, True)
                surf.blit(tag, tag.get_rect(topleft=(w * 0.1, h * 0.01)))
        elif kind == "gold":
            coins(surf, pic.center, min(pic.width, pic.height) * 0.5, 5 if big else 3)
        elif kind == "pirate":
            icons.pirate(surf, pic.center, min(pic.width, pic.height) * 0.45)
        elif kind == "cannon":
            cannon(surf, pic.center, min(pic.width, pic.height) * 0.48)
        else:
            icons.question(surf, pic.center, min(pic.width, pic.height) * 0.4)
        return surf
    key = ("pirataki.face", card, size, big, tuple(sorted(colour.items())) if colour else None, parts, title, line)
    return art.cached(key, draw)


def _ship_part_picture(surf, pic: pygame.Rect, colour: dict, part: int, parts: int) -> None:
    """The card's picture: its own slice of the ship, large, on a faint view of the whole ship."""
    rgb = hex_rgb(colour.get("rgb", ""))
    cols, rows = grid(parts)
    fw, fh = pic.width, pic.height
    full_size = (max(8, fw), max(8, int(fw * rows / cols * 0.95)) if rows == 2 else max(8, fh))
    rects = part_rects(pygame.Rect(0, 0, *full_size), parts)
    src = rects[max(0, min(parts, part) - 1)]
    # scale the slice to fill the picture box
    k = min(pic.width / src.width, pic.height / src.height)
    scaled_full = (max(8, int(full_size[0] * k)), max(8, int(full_size[1] * k)))
    full = ship_picture(scaled_full, rgb, colour.get("emblem", ""), parts)
    s_rect = part_rects(pygame.Rect(0, 0, *scaled_full), parts)[max(0, min(parts, part) - 1)]
    pygame.draw.rect(surf, (214, 232, 236), pic, border_radius=4)
    dest = s_rect.copy()
    dest.center = pic.center
    surf.blit(full, dest, s_rect)
    pygame.draw.rect(surf, shade(rgb, 0.6), pic, 1, border_radius=4)


def mini_map(surface, rect: pygame.Rect, parts: int, part: int, colour) -> None:
    """Where a part sits in its ship: a tiny grid with that slice filled."""
    for n, r in enumerate(part_rects(rect, parts), start=1):
        pygame.draw.rect(surface, colour if n == part else (0, 0, 0, 0), r)
        pygame.draw.rect(surface, P.INK_SOFT, r, 1)
