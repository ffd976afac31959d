"""Procedural art for Piratz: the six treasure types and the rat as vector icons (each its own shape, with its name
printed under it on a card where there is room: colour is never the only cue), the treasure cards, the shovel, the
scoring cubes drawn as dice with pips, the card back and a pile. Cards and cubes are drawn once per (look, size)
and cached (the painters cache the icons)."""
from __future__ import annotations

import math

import pygame

from ... import art
from ... import palette as P
from ...sprites import framed_back
from ...text import TEXT

TYPES = ("ring", "coin", "pearl", "crown", "goblet", "necklace")
RAT = "rat"


GOLD_DARK = (150, 104, 20)
GOLD_MID = (214, 168, 60)
RUBY = (196, 40, 56)
PEARL = (244, 240, 232)
PEARL_SHADE = (196, 190, 184)
SHELL = (226, 170, 150)
SHELL_DARK = (160, 96, 80)
SILVER = (200, 206, 214)
SILVER_DARK = (110, 116, 126)
EMERALD = (40, 160, 110)
BEAD = (70, 130, 200)
RAT_FUR = (120, 112, 108)
RAT_DARK = (66, 60, 58)
PINK = (232, 150, 160)
WOOD = (126, 82, 42)
WOOD_DARK = (76, 46, 20)
STEEL = (176, 184, 192)
STEEL_DARK = (90, 96, 104)


def _i(v) -> int:
    return int(round(v))


def _w(r: float, k: float, lo: int = 1) -> int:
    return max(lo, _i(r * k))


# --- the icons: each drawn centred on c inside a circle of radius r ------------------------------------------
def ring(s, c, r):
    """A gold band seen at an angle with a red stone on top."""
    cx, cy = c
    band = pygame.Rect(0, 0, r * 1.5, r * 1.1)
    band.center = (_i(cx), _i(cy + r * 0.22))
    pygame.draw.ellipse(s, GOLD_DARK, band.move(0, _w(r, 0.08)), _w(r, 0.26, 2))
    pygame.draw.ellipse(s, GOLD_MID, band, _w(r, 0.24, 2))
    pygame.draw.ellipse(s, P.GOLD_LIGHT, band.inflate(-_w(r, 0.2), -_w(r, 0.2)), _w(r, 0.06))
    # the setting and the stone
    top = (cx, cy - r * 0.34)
    pygame.draw.polygon(s, GOLD_DARK, [(top[0] - r * 0.3, top[1] + r * 0.08), (top[0] + r * 0.3, top[1] + r * 0.08),
                                       (top[0], top[1] + r * 0.36)])
    gem = [(top[0], top[1] - r * 0.5), (top[0] + r * 0.36, top[1] - r * 0.16), (top[0], top[1] + r * 0.14),
           (top[0] - r * 0.36, top[1] - r * 0.16)]
    pygame.draw.polygon(s, RUBY, gem)
    pygame.draw.polygon(s, (250, 170, 170), [gem[0], gem[3], (top[0], top[1] - r * 0.16)])
    pygame.draw.polygon(s, (90, 10, 20), gem, _w(r, 0.05))


def coin(s, c, r):
    """A thick gold coin with a rim and a stamped skull."""
    cx, cy = _i(c[0]), _i(c[1])
    rr = _i(r * 0.82)
    pygame.draw.circle(s, GOLD_DARK, (cx, cy + _w(r, 0.1)), rr)
    pygame.draw.circle(s, P.GOLD, (cx, cy), rr)
    pygame.draw.circle(s, GOLD_DARK, (cx, cy), _i(r * 0.62), _w(r, 0.07))
    for i in range(16):  # milled edge
        a = i * math.pi / 8
        p1 = (cx + math.cos(a) * rr * 0.9, cy + math.sin(a) * rr * 0.9)
        p2 = (cx + math.cos(a) * rr, cy + math.sin(a) * rr)
        pygame.draw.line(s, GOLD_DARK, p1, p2, 1)
    art.skull(s, (cx, cy - _i(r * 0.04)), r * 0.42, colour=GOLD_DARK, eyes=P.GOLD)


def pearl(s, c, r):
    """An open scallop shell holding a white pearl."""
    cx, cy = c
    base = (cx, cy + r * 0.62)
    pts = [base]
    for i in range(13):
        a = math.pi + i * math.pi / 12
        rad = r * (0.92 if i % 2 == 0 else 0.8)
        pts.append((cx + math.cos(a) * rad, cy + r * 0.3 + math.sin(a) * rad * 0.75))
    pygame.draw.polygon(s, SHELL, pts)
    for i in range(1, 12, 2):  # ribs
        a = math.pi + i * math.pi / 12
        pygame.draw.line(s, SHELL_DARK, base, (cx + math.cos(a) * r * 0.8, cy + r * 0.3 + math.sin(a) * r * 0.6),
                         _w(r, 0.05))
    pygame.draw.polygon(s, SHELL_DARK, pts, _w(r, 0.06))
    pc = (_i(cx), _i(cy + r * 0.12))
    pygame.draw.circle(s, PEARL_SHADE, (pc[0] + _w(r, 0.04), pc[1] + _w(r, 0.05)), _i(r * 0.4))
    pygame.draw.circle(s, PEARL, pc, _i(r * 0.38))
    pygame.draw.circle(s, P.WHITE, (_i(pc[0] - r * 0.13), _i(pc[1] - r * 0.13)), max(1, _i(r * 0.11)))
    pygame.draw.circle(s, (150, 146, 140), pc, _i(r * 0.38), 1)


def crown(s, c, r):
    """A crown with three points, jewels and a band."""
    cx, cy = c
    pts = [(cx - r * 0.9, cy + r * 0.5), (cx - r * 0.95, cy - r * 0.45), (cx - r * 0.45, cy + r * 0.02),
           (cx, cy - r * 0.75), (cx + r * 0.45, cy + r * 0.02), (cx + r * 0.95, cy - r * 0.45),
           (cx + r * 0.9, cy + r * 0.5)]
    pygame.draw.polygon(s, P.GOLD, pts)
    band = pygame.Rect(0, 0, r * 1.8, r * 0.3)
    band.midbottom = (_i(cx), _i(cy + r * 0.62))
    pygame.draw.rect(s, GOLD_MID, band, border_radius=_w(r, 0.06))
    pygame.draw.polygon(s, GOLD_DARK, pts, _w(r, 0.07))
    pygame.draw.rect(s, GOLD_DARK, band, _w(r, 0.05), border_radius=_w(r, 0.06))
    for x, colour in ((-0.5, RUBY), (0.0, EMERALD), (0.5, BEAD)):
        pygame.draw.circle(s, colour, (_i(cx + x * r), _i(band.centery)), max(2, _i(r * 0.1)))
    for x, y in ((-0.95, -0.45), (0.0, -0.75), (0.95, -0.45)):
        pygame.draw.circle(s, P.GOLD_LIGHT, (_i(cx + x * r), _i(cy + y * r)), max(2, _i(r * 0.12)))
        pygame.draw.circle(s, GOLD_DARK, (_i(cx + x * r), _i(cy + y * r)), max(2, _i(r * 0.12)), 1)


def goblet(s, c, r):
    """A silver goblet: a bowl, a knotted stem and a foot."""
    cx, cy = c
    bowl = [(cx - r * 0.62, cy - r * 0.78), (cx + r * 0.62, cy - r * 0.78), (cx + r * 0.5, cy - r * 0.2),
            (cx + r * 0.18, cy + r * 0.08), (cx - r * 0.18, cy + r * 0.08), (cx - r * 0.5, cy - r * 0.2)]
    pygame.draw.polygon(s, SILVER, bowl)
    pygame.draw.polygon(s, (236, 240, 246), [bowl[0], (cx - r * 0.3, cy - r * 0.78), (cx - r * 0.3, cy - r * 0.1),
                                             bowl[5]])
    pygame.draw.polygon(s, SILVER_DARK, bowl, _w(r, 0.06))
    rim = pygame.Rect(0, 0, r * 1.24, r * 0.24)
    rim.center = (_i(cx), _i(cy - r * 0.78))
    pygame.draw.ellipse(s, SILVER_DARK, rim)
    pygame.draw.line(s, SILVER_DARK, (cx, cy + r * 0.08), (cx, cy + r * 0.6), _w(r, 0.16, 2))
    pygame.draw.circle(s, SILVER, (_i(cx), _i(cy + r * 0.3)), max(2, _i(r * 0.12)))
    pygame.draw.circle(s, SILVER_DARK, (_i(cx), _i(cy + r * 0.3)), max(2, _i(r * 0.12)), 1)
    foot = pygame.Rect(0, 0, r * 1.0, r * 0.3)
    foot.center = (_i(cx), _i(cy + r * 0.7))
    pygame.draw.ellipse(s, SILVER, foot)
    pygame.draw.ellipse(s, SILVER_DARK, foot, _w(r, 0.05))
    pygame.draw.circle(s, RUBY, (_i(cx), _i(cy - r * 0.42)), max(2, _i(r * 0.11)))


def necklace(s, c, r):
    """A U-shaped string of beads with a drop pendant at the bottom."""
    cx, cy = c
    n = 11
    for i in range(n):
        a = math.pi * (0.06 + 0.88 * i / (n - 1))
        x = cx + math.cos(a) * r * 0.8
        y = cy - r * 0.5 + math.sin(a) * r * 0.95
        pygame.draw.circle(s, BEAD, (_i(x), _i(y)), max(2, _i(r * 0.13)))
        pygame.draw.circle(s, (20, 60, 120), (_i(x), _i(y)), max(2, _i(r * 0.13)), 1)
    # the clasp (top) and the pendant (bottom)
    pygame.draw.line(s, GOLD_DARK, (cx - r * 0.78, cy - r * 0.44), (cx - r * 0.55, cy - r * 0.75), _w(r, 0.06))
    pygame.draw.line(s, GOLD_DARK, (cx + r * 0.78, cy - r * 0.44), (cx + r * 0.55, cy - r * 0.75), _w(r, 0.06))
    drop = [(cx, cy + r * 0.32), (cx + r * 0.26, cy + r * 0.62), (cx, cy + r * 0.95), (cx - r * 0.26, cy + r * 0.62)]
    pygame.draw.polygon(s, EMERALD, drop)
    pygame.draw.polygon(s, (10, 80, 50), drop, _w(r, 0.05))
    pygame.draw.circle(s, P.GOLD, (_i(cx), _i(cy + r * 0.4)), max(2, _i(r * 0.09)))


def rat(s, c, r):
    """A grey rat in profile: body, head with a pink ear and nose, a long curled tail."""
    cx, cy = c
    tail = []
    for i in range(14):
        t = i / 13
        tail.append((cx - r * 0.45 - t * r * 0.5, cy + r * 0.35 - math.sin(t * math.pi * 1.2) * r * 0.55))
    pygame.draw.lines(s, PINK, False, tail, _w(r, 0.09, 2))
    body = pygame.Rect(0, 0, r * 1.25, r * 0.82)
    body.center = (_i(cx - r * 0.08), _i(cy + r * 0.22))
    pygame.draw.ellipse(s, RAT_FUR, body)
    pygame.draw.ellipse(s, RAT_DARK, body, _w(r, 0.05))
    head = [(cx + r * 0.3, cy - r * 0.2), (cx + r * 0.95, cy + r * 0.18), (cx + r * 0.36, cy + r * 0.5)]
    pygame.draw.polygon(s, RAT_FUR, head)
    pygame.draw.polygon(s, RAT_DARK, head, _w(r, 0.05))
    pygame.draw.circle(s, RAT_FUR, (_i(cx + r * 0.36), _i(cy - r * 0.2)), _i(r * 0.22))
    pygame.draw.circle(s, PINK, (_i(cx + r * 0.36), _i(cy - r * 0.2)), _i(r * 0.13))
    pygame.draw.circle(s, RAT_DARK, (_i(cx + r * 0.36), _i(cy - r * 0.2)), _i(r * 0.22), 1)
    pygame.draw.circle(s, P.BLACK, (_i(cx + r * 0.6), _i(cy + r * 0.12)), max(1, _i(r * 0.07)))
    pygame.draw.circle(s, PINK, (_i(cx + r * 0.95), _i(cy + r * 0.18)), max(2, _i(r * 0.08)))
    for dy in (-0.06, 0.06):  # whiskers
        pygame.draw.line(s, RAT_DARK, (cx + r * 0.88, cy + r * 0.2), (cx + r * 1.08, cy + r * (0.2 + dy * 3)), 1)
    for x in (-0.4, 0.2):  # feet
        pygame.draw.line(s, PINK, (cx + x * r, cy + r * 0.58), (cx + x * r + r * 0.1, cy + r * 0.7), _w(r, 0.07))


ICONS = {"ring": ring, "coin": coin, "pearl": pearl, "crown": crown, "goblet": goblet, "necklace": necklace,
         "rat": rat}


def unknown(s, c, r):
    img = TEXT.render("?", max(8, _i(r * 1.4)), P.INK, True)
    s.blit(img, img.get_rect(center=(_i(c[0]), _i(c[1]))))


def draw_icon(s, kind: str, c, r) -> None:
    ICONS.get(kind, unknown)(s, c, r)


def shovel(s, c, r, colour=WOOD, blade=STEEL) -> None:
    """A shovel, handle up-right, blade down-left."""
    cx, cy = c
    a = math.radians(-50)
    ux, uy = math.cos(a), math.sin(a)           # along the handle, towards the grip
    px_, py_ = -uy, ux                          # across
    neck = (cx - ux * r * 0.15, cy - uy * r * 0.15)
    grip = (cx + ux * r * 0.95, cy + uy * r * 0.95)
    pygame.draw.line(s, WOOD_DARK, neck, grip, _w(r, 0.24, 3))
    pygame.draw.line(s, colour, neck, grip, _w(r, 0.15, 2))
    g1 = (grip[0] + px_ * r * 0.22, grip[1] + py_ * r * 0.22)
    g2 = (grip[0] - px_ * r * 0.22, grip[1] - py_ * r * 0.22)
    pygame.draw.line(s, WOOD_DARK, g1, g2, _w(r, 0.14, 2))
    tip = (cx - ux * r * 0.95, cy - uy * r * 0.95)
    bl = [(neck[0] + px_ * r * 0.42, neck[1] + py_ * r * 0.42), (neck[0] - px_ * r * 0.42, neck[1] - py_ * r * 0.42),
          (tip[0] - px_ * r * 0.3, tip[1] - py_ * r * 0.3), tip, (tip[0] + px_ * r * 0.3, tip[1] + py_ * r * 0.3)]
    pygame.draw.polygon(s, blade, bl)
    pygame.draw.polygon(s, STEEL_DARK, bl, _w(r, 0.06))


# --- the scoring cubes: dice with pips -------------------------------------------------------------------------
_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
         5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def cube(value: int, size: int, highlight: bool = False, dim: bool = False) -> pygame.Surface:
    """A scoring cube as a small die showing its value in pips (values above 6 as a number)."""
    def draw() -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rad = max(3, size // 5)
        body = pygame.Rect(0, 0, size, size - max(1, size // 12))
        face = (250, 236, 196) if highlight else ((210, 204, 190) if dim else (246, 242, 230))
        pygame.draw.rect(surf, (120, 100, 70), body.move(0, max(1, size // 12)), border_radius=rad)
        pygame.draw.rect(surf, face, body, border_radius=rad)
        pygame.draw.rect(surf, P.GOLD if highlight else (110, 96, 78), body, 2 if highlight else 1, border_radius=rad)
        ink = (60, 50, 40) if dim else P.INK
        if 1 <= value <= 6:
            step = body.width * 0.25
            pr = max(2, round(size * 0.09))
            for dx, dy in _PIPS[value]:
                pygame.draw.circle(surf, ink, (body.centerx + dx * step, body.centery + dy * step), pr)
        else:
            img = TEXT.render(str(value), max(8, int(size * 0.6)), ink, True)
            surf.blit(img, img.get_rect(center=body.center))
        return surf
    key = ("piratz.cube", value, size, highlight, dim)
    return art.cached(key, draw)


# --- cards -------------------------------------------------------------------------------------------------------
def item_slots(n: int, rect: pygame.Rect) -> list[pygame.Rect]:
    """Where the items of a card go: 1 centred, 2 stacked, 3 in a triangle, 4 in a square."""
    x, y, w, h = rect
    if n <= 1:
        return [pygame.Rect(rect)]
    if n == 2:
        return [pygame.Rect(x, y, w, h // 2), pygame.Rect(x, y + h // 2, w, h - h // 2)]
    if n == 3:
        return [pygame.Rect(x + w // 4, y, w // 2, h // 2), pygame.Rect(x, y + h // 2, w // 2, h - h // 2),
                pygame.Rect(x + w // 2, y + h // 2, w - w // 2, h - h // 2)]
    cells = []
    for k in range(min(n, 4)):
        cells.append(pygame.Rect(x + (k % 2) * (w // 2), y + (k // 2) * (h // 2), w // 2, h // 2))
    return cells


def card_layout(items: tuple, size: tuple[int, int]) -> list[tuple[str, pygame.Rect, pygame.Rect | None]]:
    """The item slots of a card face of `size`: (kind, icon rect, label rect or None), relative to the card."""
    w, h = size
    inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 9), -max(8, h // 8))
    inner.y += max(1, h // 40)
    out = []
    slots = item_slots(len(items), inner)
    for kind, slot in zip(items, slots):
        # at most 14 px on the screen; a printed card (hundreds of pixels wide) gets print of the card's scale
        label_h = max(9, min(max(14, w // 20), slot.height // 4)) if slot.height >= 34 and slot.width >= 34 else 0
        side = max(8, min(slot.width - 4, slot.height - label_h - 2))
        ic = pygame.Rect(0, 0, side, side)
        ic.midtop = (slot.centerx, slot.y + max(0, (slot.height - label_h - side) // 2))
        lab = pygame.Rect(slot.x, ic.bottom - 1, slot.width, label_h) if label_h else None
        out.append((kind, ic, lab))
    return out


def label_rect(text_size: tuple[int, int], lab: pygame.Rect, inner: pygame.Rect) -> pygame.Rect:
    """Where an item's name goes: under its icon, and never over the card's frame (`inner`'s bottom) — a small
    card (57×82 px at 960×600) printed the lower item's name (a Korean one taller still) across its border."""
    r = pygame.Rect((0, 0), text_size)
    r.midtop = (lab.centerx, lab.y)
    r.bottom = min(r.bottom, inner.bottom)
    return r


def card_face(card_id: str, items: tuple, size: tuple[int, int], state: str = "up",
              names: tuple[str, ...] = ()) -> pygame.Surface:
    """A treasure card: parchment, its items as icons with their names (`names`, one per item, in the player's
    language; none: icons only); `state`: up | dim."""
    def draw() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, w, h)
        radius = max(5, w // 10)
        rat_card = RAT in items
        pygame.draw.rect(surf, (170, 150, 110), rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surf, (232, 220, 196) if rat_card else P.PARCHMENT, rect, border_radius=radius)
        edge = (120, 60, 50) if rat_card else P.INK_SOFT
        pygame.draw.rect(surf, edge, rect, max(2, w // 36), border_radius=radius)
        inner = rect.inflate(-max(4, w // 14), -max(4, w // 14))
        pygame.draw.rect(surf, (200, 180, 140), inner, 1, border_radius=max(3, radius // 2))
        if rat_card:  # a dashed red band along the top: "this card has a rat" (with the rat icon itself)
            for x in range(inner.x + 4, inner.right - 4, 8):
                pygame.draw.line(surf, (170, 60, 50), (x, inner.y + 2), (min(x + 4, inner.right - 4), inner.y + 2), 2)
        for i, (kind, ic, lab) in enumerate(card_layout(tuple(items), size)):
            draw_icon(surf, kind, ic.center, ic.width * 0.46)
            if lab is not None and i < len(names):
                img = TEXT.render(names[i], max(9, lab.height - 1), (120, 40, 30) if kind == RAT else P.INK,
                                  kind == RAT)
                if img.get_width() > lab.width:
                    img = pygame.transform.smoothscale(img, (lab.width, img.get_height()))
                surf.blit(img, label_rect(img.get_size(), lab, inner))
        if state == "dim":
            veil = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (20, 30, 30, 120), rect, border_radius=radius)
            surf.blit(veil, (0, 0))
        return surf
    key = ("piratz.card", card_id, tuple(items), size, state, tuple(names))
    return art.cached(key, draw)


def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a treasure card: deep blue with a gold compass rose and a chest."""
    def draw() -> pygame.Surface:
        w, h = size
        radius = max(5, w // 10)
        surf, rect, inner = framed_back(size, (20, 44, 80), (28, 60, 104), radius, max(6, w // 8),
                                        max(3, radius // 2), max(1, w // 50))
        cx, cy = w / 2, h / 2
        r = min(w, h) * 0.3
        for i in range(8):
            a = i * math.pi / 4
            long = r if i % 2 == 0 else r * 0.55
            tip = (cx + math.cos(a) * long, cy + math.sin(a) * long)
            left = (cx + math.cos(a + 0.35) * r * 0.18, cy + math.sin(a + 0.35) * r * 0.18)
            right = (cx + math.cos(a - 0.35) * r * 0.18, cy + math.sin(a - 0.35) * r * 0.18)
            pygame.draw.polygon(surf, P.GOLD if i % 2 == 0 else GOLD_DARK, [tip, left, (cx, cy), right])
        pygame.draw.circle(surf, P.GOLD_LIGHT, (_i(cx), _i(cy)), max(2, _i(r * 0.16)))
        pygame.draw.rect(surf, P.BLACK, rect, max(1, w // 60), border_radius=radius)
        return surf
    key = ("piratz.back", size)
    return art.cached(key, draw)


def pile(surface, rect: pygame.Rect, count: int, face: pygame.Surface | None = None) -> None:
    """A pile of cards seen from above: a few offset edges (more cards, more edges), then the top card."""
    layers = 0 if count <= 1 else min(4, 1 + count // 10)
    for k in range(layers, 0, -1):
        r = rect.move(k * 2, k * 2)
        pygame.draw.rect(surface, (16, 30, 50) if face is None else (170, 150, 110), r,
                         border_radius=max(5, rect.width // 10))
        pygame.draw.rect(surface, (70, 90, 110) if face is None else P.INK_SOFT, r, 1,
                         border_radius=max(5, rect.width // 10))
    if count <= 0:
        pygame.draw.rect(surface, (60, 96, 90), rect, 2, border_radius=max(5, rect.width // 10))
        return
    surface.blit(face if face is not None else card_back(rect.size), rect)
