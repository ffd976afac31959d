"""Petrangola art: the four Italian suits as vector icons (denari coins, coppe cups, spade swords, bastoni batons),
card faces (the index as Italian decks print it + suit icon in the corners, pips, one large pip or a framed figure in
the middle at every size, the rank's name below: colour is never the only cue), card backs, tokens (lives), chips and the dealer button. Cached per size."""
from __future__ import annotations

import math

import pygame

from ... import art
from ... import palette as P
from ...sprites import framed_back
from ...text import TEXT

# suit colours (each suit also has its own shape, and the card its letter)
SUIT_COLOURS = {
    "coins": ((226, 172, 40), (150, 100, 10)),     # gold
    "cups": ((196, 50, 50), (110, 20, 24)),        # red
    "swords": ((60, 110, 190), (24, 50, 110)),     # blue
    "batons": ((60, 140, 70), (26, 80, 36)),       # green
}
CARD_FACE = (250, 244, 228)
CARD_EDGE = (120, 100, 70)
BACK_RED = (140, 36, 44)
BACK_DARK = (92, 20, 28)

# where the pips go on a number card (fractions of the inner box), for 2..7
PIPS = {
    2: [(0.5, 0.2), (0.5, 0.8)],
    3: [(0.5, 0.15), (0.5, 0.5), (0.5, 0.85)],
    4: [(0.28, 0.2), (0.72, 0.2), (0.28, 0.8), (0.72, 0.8)],
    5: [(0.28, 0.2), (0.72, 0.2), (0.5, 0.5), (0.28, 0.8), (0.72, 0.8)],
    6: [(0.28, 0.15), (0.72, 0.15), (0.28, 0.5), (0.72, 0.5), (0.28, 0.85), (0.72, 0.85)],
    7: [(0.28, 0.12), (0.72, 0.12), (0.5, 0.32), (0.28, 0.52), (0.72, 0.52), (0.28, 0.86), (0.72, 0.86)],
}


def _i(v) -> int:
    return int(round(v))


# --- the four suits -----------------------------------------------------------------------------------------
def coins(s: pygame.Surface, c, r: float) -> None:
    """Denari: a gold coin with a rim and a rosette."""
    light, dark = SUIT_COLOURS["coins"]
    cx, cy = c
    pygame.draw.circle(s, dark, (_i(cx), _i(cy)), _i(r))
    pygame.draw.circle(s, light, (_i(cx), _i(cy)), _i(r * 0.84))
    pygame.draw.circle(s, dark, (_i(cx), _i(cy)), _i(r * 0.6), max(1, _i(r * 0.1)))
    for k in range(8):   # the rosette's petals
        a = k * math.pi / 4
        pygame.draw.circle(s, dark, (_i(cx + math.cos(a) * r * 0.32), _i(cy + math.sin(a) * r * 0.32)),
                           max(1, _i(r * 0.1)))
    pygame.draw.circle(s, dark, (_i(cx), _i(cy)), max(1, _i(r * 0.14)))


def cups(s: pygame.Surface, c, r: float) -> None:
    """Coppe: a goblet (a wide bowl on a stem and a foot)."""
    light, dark = SUIT_COLOURS["cups"]
    cx, cy = c
    bowl = [(cx - r * 0.8, cy - r * 0.85), (cx + r * 0.8, cy - r * 0.85), (cx + r * 0.62, cy - r * 0.25),
            (cx + r * 0.2, cy + r * 0.05), (cx - r * 0.2, cy + r * 0.05), (cx - r * 0.62, cy - r * 0.25)]
    pygame.draw.polygon(s, light, bowl)
    pygame.draw.polygon(s, dark, bowl, max(1, _i(r * 0.09)))
    pygame.draw.line(s, P.GOLD_LIGHT, (cx - r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy - r * 0.7),
                     max(1, _i(r * 0.1)))
    stem = pygame.Rect(0, 0, max(2, r * 0.22), r * 0.55)
    stem.midtop = (_i(cx), _i(cy + r * 0.02))
    pygame.draw.rect(s, dark, stem)
    foot = pygame.Rect(0, 0, r * 1.1, max(3, r * 0.3))
    foot.midtop = (_i(cx), _i(cy + r * 0.55))
    pygame.draw.ellipse(s, light, foot)
    pygame.draw.ellipse(s, dark, foot, max(1, _i(r * 0.08)))


def swords(s: pygame.Surface, c, r: float) -> None:
    """Spade: a straight sword, point up, with a cross-guard and a pommel."""
    light, dark = SUIT_COLOURS["swords"]
    cx, cy = c
    w = max(2, r * 0.26)
    blade = [(cx, cy - r), (cx + w / 2, cy - r + w * 0.9), (cx + w / 2, cy + r * 0.35),
             (cx - w / 2, cy + r * 0.35), (cx - w / 2, cy - r + w * 0.9)]
    pygame.draw.polygon(s, (200, 210, 226), blade)
    pygame.draw.polygon(s, dark, blade, max(1, _i(r * 0.07)))
    pygame.draw.line(s, dark, (cx, cy - r + w), (cx, cy + r * 0.3), max(1, _i(r * 0.05)))
    guard = pygame.Rect(0, 0, r * 1.1, max(3, r * 0.2))
    guard.center = (_i(cx), _i(cy + r * 0.42))
    pygame.draw.rect(s, light, guard, border_radius=max(1, _i(r * 0.08)))
    pygame.draw.rect(s, dark, guard, max(1, _i(r * 0.06)), border_radius=max(1, _i(r * 0.08)))
    grip = pygame.Rect(0, 0, max(2, r * 0.2), r * 0.38)
    grip.midtop = (_i(cx), guard.bottom)
    pygame.draw.rect(s, (110, 70, 36), grip)
    pygame.draw.circle(s, light, (_i(cx), _i(grip.bottom + r * 0.08)), max(2, _i(r * 0.14)))
    pygame.draw.circle(s, dark, (_i(cx), _i(grip.bottom + r * 0.08)), max(2, _i(r * 0.14)), max(1, _i(r * 0.05)))


def batons(s: pygame.Surface, c, r: float) -> None:
    """Bastoni: a knotted wooden club, thick end up, leaning to the right."""
    light, dark = SUIT_COLOURS["batons"]
    cx, cy = c
    a = math.radians(70)   # leaning
    ux, uy = math.cos(a), -math.sin(a)
    top = (cx + ux * r * 0.9, cy + uy * r * 0.9)
    bottom = (cx - ux * r * 0.9, cy - uy * r * 0.9)
    px, py = -uy, ux
    wt, wb = r * 0.34, r * 0.16
    body = [(top[0] + px * wt, top[1] + py * wt), (top[0] - px * wt, top[1] - py * wt),
            (bottom[0] - px * wb, bottom[1] - py * wb), (bottom[0] + px * wb, bottom[1] + py * wb)]
    pygame.draw.polygon(s, light, body)
    pygame.draw.circle(s, light, (_i(top[0]), _i(top[1])), _i(wt))
    pygame.draw.polygon(s, dark, body, max(1, _i(r * 0.08)))
    pygame.draw.circle(s, dark, (_i(top[0]), _i(top[1])), _i(wt), max(1, _i(r * 0.08)))
    for t in (0.25, 0.55, 0.8):   # knots
        kx = bottom[0] + (top[0] - bottom[0]) * t
        ky = bottom[1] + (top[1] - bottom[1]) * t
        side = 1 if t != 0.55 else -1
        w = wb + (wt - wb) * t
        pygame.draw.circle(s, dark, (_i(kx + px * w * side), _i(ky + py * w * side)), max(1, _i(r * 0.1)))
    pygame.draw.line(s, dark, bottom, (bottom[0] + px * wb * 0.2, bottom[1] + py * wb * 0.2), 1)


SUIT_DRAW = {"coins": coins, "cups": cups, "swords": swords, "batons": batons}


def suit_icon(s: pygame.Surface, icon: str, c, r: float) -> None:
    """Draw the suit `icon` (coins, cups, swords, batons) centred at `c` in a box of radius `r`."""
    draw = SUIT_DRAW.get(icon)
    if draw is None:
        pygame.draw.circle(s, P.INK, (_i(c[0]), _i(c[1])), _i(r), 2)
        return
    draw(s, c, r)


# --- cards --------------------------------------------------------------------------------------------------
def pip(s: pygame.Surface, icon: str, c, r: float) -> None:
    """One pip of the suit `icon`: the suit's drawing, or at a radius too small to draw it, a dot in the suit's
    colours (the corner index says the value)."""
    if r >= 4:
        suit_icon(s, icon, c, r)
        return
    light, dark = SUIT_COLOURS.get(icon, (P.INK, P.INK))
    pygame.draw.circle(s, dark, (_i(c[0]), _i(c[1])), max(1, _i(r)))
    if r >= 2:
        pygame.draw.circle(s, light, (_i(c[0]), _i(c[1])), max(1, _i(r * 0.6)))


def card_face(corner: str, pips: int, rank_name: str, icon: str, suit_name: str, size: tuple[int, int]) -> pygame.Surface:
    """A face-up card as Italian decks print it: the index (`corner`: a numeral, 1 for the ace, a figure's initial
    in the language shown) with a small suit icon in the top-left and bottom-right corners; in the middle `pips`
    suit pips (2–7), one large pip (the ace, `pips` 1) or a framed figure (`pips` 0) — at every size, smaller on a
    small card, never a count in writing; and the rank's name at the bottom when there is room."""
    def draw() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, w, h)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, CARD_FACE, rect, border_radius=radius)
        pygame.draw.rect(surf, CARD_EDGE, rect, max(1, w // 50), border_radius=radius)
        ink = SUIT_COLOURS.get(icon, (P.INK, P.INK))[1]
        small_card, tiny = w < 44, w < 30
        letter_size = max(10, int(w * (0.3 if len(corner) == 1 else 0.24)))
        letter = TEXT.render(corner, letter_size, ink, True)
        pad = max(2, w // 16)
        top = pad - max(1, letter_size // 8)
        surf.blit(letter, (pad, top))
        if not small_card:
            small = max(4, w * 0.1)
            suit_icon(surf, icon, (pad + letter.get_width() / 2, pad + letter.get_height() * 0.8 + small), small)
        if tiny:         # one index, top left; the pips below it
            below = top + letter.get_height() - max(1, letter_size // 6)
            inner = pygame.Rect(pad + 1, below, w - 2 * pad - 2, h - below - pad - 1)
        else:
            flipped = pygame.transform.rotate(letter, 180)
            surf.blit(flipped, flipped.get_rect(bottomright=(w - pad, h - pad + max(1, letter_size // 8))))
            inner = pygame.Rect(0, 0, int(w * (0.5 if small_card else 0.56)), int(h * (0.5 if small_card else 0.6)))
            inner.center = (w // 2, h // 2)
        layout = PIPS.get(pips)
        if layout:
            r = min(inner.width * 0.2, inner.height / (len(layout) + 1) * 0.9, w * 0.13)
            if small_card:
                r = min(inner.width * 0.24, inner.height / (5 if pips > 5 else 4) * 0.5)
            for fx, fy in layout:
                pip(surf, icon, (inner.x + fx * inner.width, inner.y + fy * inner.height), r)
        elif pips == 1:   # the ace: one large pip
            pip(surf, icon, inner.center, min(inner.width, inner.height) * (0.5 if small_card else 0.42))
        else:
            # a figure: a crowned frame around the suit
            frame = inner.inflate(-max(2, w // 20), -max(2, w // 20))
            pygame.draw.rect(surf, (242, 230, 200), frame, border_radius=max(2, w // 20))
            pygame.draw.rect(surf, ink, frame, max(1, w // 60), border_radius=max(2, w // 20))
            pip(surf, icon, (frame.centerx, frame.centery + frame.height * 0.08), min(frame.width, frame.height) * 0.34)
            crown_y = frame.y + frame.height * 0.12
            pygame.draw.polygon(surf, P.GOLD, [(frame.centerx - w * 0.1, crown_y + w * 0.06),
                                               (frame.centerx - w * 0.1, crown_y),
                                               (frame.centerx - w * 0.05, crown_y + w * 0.035),
                                               (frame.centerx, crown_y - w * 0.01),
                                               (frame.centerx + w * 0.05, crown_y + w * 0.035),
                                               (frame.centerx + w * 0.1, crown_y),
                                               (frame.centerx + w * 0.1, crown_y + w * 0.06)])
        if h >= 110 and rank_name:
            name = TEXT.render(rank_name, max(9, w // 9), P.INK_SOFT)
            if name.get_width() < w - 2 * pad - letter.get_width():
                surf.blit(name, name.get_rect(midbottom=(w // 2, h - pad)))
        return surf
    key = ("petrangola.face", corner, pips, rank_name, icon, suit_name, size)
    return art.cached(key, draw)


def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of an Italian card: a dark red lattice inside a gold frame, a coin medallion in the middle."""
    def draw() -> pygame.Surface:
        w, h = size
        radius = max(3, w // 10)
        surf, rect, inner = framed_back(size, BACK_DARK, BACK_RED, radius, max(4, w // 7), max(2, radius // 2))
        step = max(6, w // 5)
        lattice = pygame.Surface(size, pygame.SRCALPHA)
        for k in range(-h, w + h, step):
            pygame.draw.line(lattice, (170, 60, 66), (k, inner.top), (k + inner.height, inner.bottom), 1)
            pygame.draw.line(lattice, (170, 60, 66), (k, inner.bottom), (k + inner.height, inner.top), 1)
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=max(2, radius // 2))
        lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(lattice, (0, 0))
        pygame.draw.rect(surf, P.GOLD, inner, max(1, w // 40), border_radius=max(2, radius // 2))
        if w >= 30:
            r = min(w, h) * 0.2
            pygame.draw.circle(surf, BACK_DARK, (w // 2, h // 2), _i(r * 1.25))
            coins(surf, (w / 2, h / 2), r)
        pygame.draw.rect(surf, P.BLACK, rect, 1, border_radius=radius)
        return surf
    key = ("petrangola.back", size)
    return art.cached(key, draw)


def empty_slot(size: tuple[int, int]) -> pygame.Surface:
    def draw() -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = pygame.Rect((0, 0), size)
        pygame.draw.rect(surf, (255, 255, 255, 28), rect, border_radius=max(3, size[0] // 10))
        pygame.draw.rect(surf, (255, 255, 255, 70), rect, 1, border_radius=max(3, size[0] // 10))
        return surf
    key = ("petrangola.slot", size)
    return art.cached(key, draw)


# --- tokens, chips, dealer button -------------------------------------------------------------------------
def token(s: pygame.Surface, c, r: float, filled: bool = True) -> None:
    """A life token: a filled red-and-cream disc, or an empty ring for a token lost."""
    cx, cy = _i(c[0]), _i(c[1])
    if filled:
        pygame.draw.circle(s, (150, 30, 36), (cx, cy), _i(r))
        pygame.draw.circle(s, (236, 220, 190), (cx, cy), _i(r * 0.62))
        pygame.draw.circle(s, (200, 50, 54), (cx, cy), _i(r * 0.4))
        pygame.draw.circle(s, P.BLACK, (cx, cy), _i(r), 1)
    else:
        pygame.draw.circle(s, (120, 120, 120), (cx, cy), _i(r), max(1, _i(r * 0.18)))


def chip_stack(s: pygame.Surface, c, r: float, count: int, colour=(46, 110, 170)) -> None:
    """Chips in the pot: a few stacks of striped discs (the number is written beside it)."""
    cx, cy = c
    stacks = min(4, max(1, (count + 4) // 5)) if count else 0
    left = count
    for k in range(stacks):
        n = min(5, left) if k < stacks - 1 else left
        left -= n
        x = cx + (k - (stacks - 1) / 2) * r * 2.2
        for j in range(min(n, 8)):
            y = cy - j * r * 0.32
            rect = pygame.Rect(0, 0, r * 2, r * 0.9)
            rect.center = (_i(x), _i(y))
            pygame.draw.ellipse(s, colour, rect)
            pygame.draw.ellipse(s, (230, 230, 236), rect.inflate(-r * 0.9, -r * 0.42), max(1, _i(r * 0.12)))
            pygame.draw.ellipse(s, P.BLACK, rect, 1)


def dealer_button(s: pygame.Surface, c, r: float) -> None:
    """The dealer button: a white disc with a bold D."""
    cx, cy = _i(c[0]), _i(c[1])
    pygame.draw.circle(s, (60, 60, 60), (cx + 1, cy + 2), _i(r))
    pygame.draw.circle(s, P.WHITE, (cx, cy), _i(r))
    pygame.draw.circle(s, P.INK, (cx, cy), _i(r), max(1, _i(r * 0.12)))
    d = TEXT.render("D", max(9, _i(r * 1.3)), P.INK, True)
    s.blit(d, d.get_rect(center=(cx, cy + 1)))


def arrow_head(s: pygame.Surface, tip, angle: float, r: float, colour=P.GOLD_LIGHT) -> None:
    """A filled arrow head at `tip` pointing along `angle` (radians, screen coordinates)."""
    x, y = tip
    back = (x - math.cos(angle) * r, y - math.sin(angle) * r)
    nx, ny = -math.sin(angle) * r * 0.6, math.cos(angle) * r * 0.6
    pygame.draw.polygon(s, colour, [(x, y), (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)])
