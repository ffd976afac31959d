"""Piraten Kapern's art: the six die faces (skull, monkey, parrot, saber, coin, diamond; `DIE_FACES`) and the
pirate cards (their pictures, `draw_card_picture`, and the face-up card, `pirate_card`), each drawn once per size
and cached (`art.cached`). The coin, the pirate's head and the saber are shared icons (`ui/icons.py`: Pirataki
and the default card back draw them too); the card back is the default one (`sprites.card_back`)."""
from __future__ import annotations

import math

import pygame

from ... import art, icons
from ... import palette as P
from ...icons import SAND, SEA, WOOD, _i
from ...text import TEXT

BROWN = (120, 74, 40)
BROWN_LIGHT = (206, 160, 112)
GREEN_P = (40, 150, 70)
RED_P = (200, 50, 40)
GEM = (60, 170, 220)
GEM_DARK = (20, 90, 150)
GEM_LIGHT = (170, 230, 250)
SAIL = (244, 238, 220)


def skull(s, c, r):
    art.skull(s, (_i(c[0]), _i(c[1])), r, colour=(34, 30, 30), eyes=(245, 240, 228))


def monkey(s, c, r):
    cx, cy = c
    for dx in (-0.78, 0.78):  # ears
        pygame.draw.circle(s, BROWN, (_i(cx + dx * r), _i(cy - 0.05 * r)), _i(r * 0.3))
        pygame.draw.circle(s, BROWN_LIGHT, (_i(cx + dx * r), _i(cy - 0.05 * r)), _i(r * 0.16))
    pygame.draw.circle(s, BROWN, (_i(cx), _i(cy)), _i(r * 0.72))
    face = pygame.Rect(0, 0, r * 1.05, r * 0.9)
    face.center = (_i(cx), _i(cy + r * 0.12))
    pygame.draw.ellipse(s, BROWN_LIGHT, face)
    for dx in (-0.22, 0.22):
        pygame.draw.circle(s, P.BLACK, (_i(cx + dx * r), _i(cy - 0.02 * r)), max(2, _i(r * 0.09)))
    pygame.draw.arc(s, P.BLACK, pygame.Rect(cx - r * 0.25, cy + r * 0.1, r * 0.5, r * 0.35), math.pi * 1.1,
                    math.pi * 1.9, max(1, _i(r * 0.06)))


def parrot(s, c, r):
    cx, cy = c
    body = pygame.Rect(0, 0, r * 0.9, r * 1.4)
    body.center = (_i(cx - r * 0.05), _i(cy + r * 0.15))
    pygame.draw.ellipse(s, GREEN_P, body)
    tail = [(cx - r * 0.1, cy + r * 0.7), (cx - r * 0.45, cy + r * 1.0), (cx + r * 0.1, cy + r * 0.8)]
    pygame.draw.polygon(s, (30, 110, 170), tail)
    wing = pygame.Rect(0, 0, r * 0.5, r * 0.95)
    wing.center = (_i(cx - r * 0.22), _i(cy + r * 0.28))
    pygame.draw.ellipse(s, (30, 110, 50), wing)
    pygame.draw.circle(s, RED_P, (_i(cx + r * 0.05), _i(cy - r * 0.45)), _i(r * 0.42))
    beak = [(cx + r * 0.35, cy - r * 0.55), (cx + r * 0.8, cy - r * 0.35), (cx + r * 0.35, cy - r * 0.15)]
    pygame.draw.polygon(s, (250, 200, 60), beak)
    pygame.draw.polygon(s, P.BLACK, beak, 1)
    pygame.draw.circle(s, P.WHITE, (_i(cx + r * 0.12), _i(cy - r * 0.55)), max(2, _i(r * 0.13)))
    pygame.draw.circle(s, P.BLACK, (_i(cx + r * 0.15), _i(cy - r * 0.55)), max(1, _i(r * 0.07)))


def diamond(s, c, r):
    cx, cy = c
    top = cy - r * 0.45
    mid = cy - r * 0.1
    outline = [(cx - r * 0.45, top), (cx + r * 0.45, top), (cx + r * 0.8, mid), (cx, cy + r * 0.8),
               (cx - r * 0.8, mid)]
    pygame.draw.polygon(s, GEM, outline)
    pygame.draw.polygon(s, GEM_LIGHT, [(cx - r * 0.45, top), (cx, top), (cx - r * 0.25, mid), (cx - r * 0.8, mid)])
    pygame.draw.polygon(s, GEM_DARK, [(cx + r * 0.25, mid), (cx + r * 0.8, mid), (cx, cy + r * 0.8)])
    pygame.draw.line(s, GEM_DARK, (cx - r * 0.8, mid), (cx + r * 0.8, mid), 1)
    pygame.draw.polygon(s, GEM_DARK, outline, max(1, _i(r * 0.06)))


def palm_island(s, c, r):
    cx, cy = c
    pygame.draw.ellipse(s, SEA, pygame.Rect(cx - r * 1.1, cy + r * 0.35, r * 2.2, r * 0.7))
    pygame.draw.ellipse(s, SAND, pygame.Rect(cx - r * 0.8, cy + r * 0.2, r * 1.6, r * 0.6))
    trunk = [(cx - r * 0.05, cy + r * 0.45), (cx + r * 0.1, cy - r * 0.1), (cx + r * 0.05, cy - r * 0.55)]
    pygame.draw.lines(s, WOOD, False, trunk, max(3, _i(r * 0.12)))
    tx, ty = trunk[-1]
    for ang in (200, 235, 275, 310, 345):
        a = math.radians(ang)
        end = (tx + math.cos(a) * r * 0.6, ty + math.sin(a) * r * 0.35 + r * 0.2)
        pygame.draw.line(s, GREEN_P, (tx, ty), end, max(3, _i(r * 0.13)))
    # an X marks the treasure
    x0, y0 = cx + r * 0.45, cy + r * 0.45
    d = r * 0.12
    pygame.draw.line(s, RED_P, (x0 - d, y0 - d), (x0 + d, y0 + d), 3)
    pygame.draw.line(s, RED_P, (x0 - d, y0 + d), (x0 + d, y0 - d), 3)


def shield(s, c, r):
    cx, cy = c
    pts = [(cx - r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy - r * 0.7), (cx + r * 0.7, cy), (cx, cy + r * 0.85),
           (cx - r * 0.7, cy)]
    pygame.draw.polygon(s, (70, 110, 170), pts)
    pygame.draw.polygon(s, P.GOLD, pts, max(2, _i(r * 0.1)))
    art.skull(s, (_i(cx), _i(cy - r * 0.05)), r * 0.38)
    # the Guardian's curved arrow: "roll this skull again"
    pygame.draw.arc(s, P.GOLD_LIGHT, pygame.Rect(cx - r * 0.95, cy - r * 1.0, r * 1.9, r * 1.9), 0.3, 2.8,
                    max(2, _i(r * 0.08)))


def ship(s, c, r, broken: bool = False):
    cx, cy = c
    hull = [(cx - r * 0.9, cy + r * 0.25), (cx + r * 0.9, cy + r * 0.25), (cx + r * 0.6, cy + r * 0.65),
            (cx - r * 0.6, cy + r * 0.65)]
    if broken:
        hull = [(x + (y - cy) * 0.3, y + (x - cx) * 0.25) for x, y in hull]
    pygame.draw.polygon(s, WOOD, hull)
    pygame.draw.polygon(s, (60, 36, 18), hull, max(1, _i(r * 0.05)))
    mast_top = (cx + (r * 0.5 if broken else 0), cy - r * (0.35 if broken else 0.9))
    pygame.draw.line(s, (60, 36, 18), (cx, cy + r * 0.3), mast_top, max(2, _i(r * 0.08)))
    if broken:
        pygame.draw.polygon(s, SAIL, [(cx + r * 0.1, cy - r * 0.1), (cx + r * 0.55, cy - r * 0.3),
                                      (cx + r * 0.45, cy + r * 0.1)])
    else:
        sail = [(cx - r * 0.55, cy - r * 0.75), (cx + r * 0.55, cy - r * 0.75), (cx + r * 0.45, cy + r * 0.1),
                (cx - r * 0.45, cy + r * 0.1)]
        pygame.draw.polygon(s, SAIL, sail)
        pygame.draw.polygon(s, (120, 100, 80), sail, 1)
        art.skull(s, (_i(cx), _i(cy - r * 0.35)), r * 0.22, colour=(30, 30, 30), eyes=SAIL)
        pygame.draw.polygon(s, P.RED, [(mast_top[0], mast_top[1]), (mast_top[0] + r * 0.35, mast_top[1] + r * 0.1),
                                       (mast_top[0], mast_top[1] + r * 0.2)])
    for k in range(3):
        y = cy + r * (0.72 + k * 0.12)
        pts = [(cx - r + i * r * 0.25, y + (r * 0.05 if i % 2 else 0)) for i in range(9)]
        pygame.draw.lines(s, SEA, False, pts, max(1, _i(r * 0.05)))


def dove_flag(s, c, r):
    """Peace: a white flag, and a saber struck through (never only a colour)."""
    cx, cy = c
    pygame.draw.line(s, WOOD, (cx - r * 0.6, cy + r * 0.9), (cx - r * 0.6, cy - r * 0.9), max(2, _i(r * 0.08)))
    flag = [(cx - r * 0.6, cy - r * 0.85), (cx + r * 0.6, cy - r * 0.7), (cx + r * 0.45, cy - r * 0.25),
            (cx + r * 0.65, cy + r * 0.05), (cx - r * 0.6, cy - r * 0.05)]
    pygame.draw.polygon(s, P.WHITE, flag)
    pygame.draw.polygon(s, (120, 120, 120), flag, 1)
    icons.saber(s, (cx + r * 0.25, cy + r * 0.5), r * 0.5)
    ring = pygame.Rect(0, 0, r * 1.0, r * 1.0)
    ring.center = (_i(cx + r * 0.25), _i(cy + r * 0.5))
    pygame.draw.ellipse(s, P.RED, ring, max(2, _i(r * 0.08)))
    pygame.draw.line(s, P.RED, ring.topright, ring.bottomleft, max(2, _i(r * 0.08)))


def zombie(s, c, r):
    cx, cy = c
    head = pygame.Rect(0, 0, r * 1.2, r * 1.4)
    head.center = (_i(cx), _i(cy))
    pygame.draw.ellipse(s, (130, 170, 110), head)
    pygame.draw.ellipse(s, (60, 90, 50), head, max(1, _i(r * 0.06)))
    pygame.draw.circle(s, (240, 230, 120), (_i(cx - r * 0.22), _i(cy - r * 0.15)), _i(r * 0.16))
    pygame.draw.circle(s, P.BLACK, (_i(cx - r * 0.22), _i(cy - r * 0.15)), max(1, _i(r * 0.06)))
    pygame.draw.line(s, P.BLACK, (cx + r * 0.1, cy - r * 0.25), (cx + r * 0.35, cy - r * 0.05), 2)
    pygame.draw.line(s, P.BLACK, (cx + r * 0.1, cy - r * 0.05), (cx + r * 0.35, cy - r * 0.25), 2)
    pygame.draw.line(s, (60, 40, 40), (cx - r * 0.3, cy + r * 0.35), (cx + r * 0.3, cy + r * 0.35), 3)
    for k in range(-2, 3):  # stitches
        x = cx + k * r * 0.12
        pygame.draw.line(s, (60, 40, 40), (x, cy + r * 0.27), (x, cy + r * 0.43), 1)
    for side in (-1, 1):  # reaching hands
        hand = pygame.Rect(0, 0, r * 0.35, r * 0.25)
        hand.center = (_i(cx + side * r * 0.85), _i(cy + r * 0.6))
        pygame.draw.ellipse(s, (110, 150, 90), hand)


DIE_FACES = {"skull": skull, "monkey": monkey, "parrot": parrot, "saber": icons.saber, "coin": icons.coin,
             "diamond": diamond}

_EFFECT_AS = {"treasure_island": "treasure_island", "double": "pirate", "guardian": "guardian",
              "pool": "animals", "peace": "peace", "zombie": "zombie", "shipwreck": "shipwreck"}

def draw_card_picture(s, card_id: str, c, r, effect: str | None = None, skulls: int = 0,
                      sabers: int = 0) -> None:
    """The picture of a Piraten Kapern pirate card: by id for the known cards, else by its effect (a
    designer's own card gets the picture of what it does), else a question mark."""
    cx, cy = c
    known = card_id in ("treasure_island", "pirate", "guardian", "gold", "diamond", "animals", "peace",
                        "zombie", "shipwreck") or card_id.startswith(("skull_", "ship_"))
    if not known and effect:
        if effect == "skulls":
            card_id = f"skull_{max(1, min(3, skulls or 1))}"
        elif effect == "sea_battle":
            card_id = f"ship_{max(1, min(5, sabers or 2))}"
        else:
            card_id = _EFFECT_AS.get(effect, card_id)
    if card_id == "treasure_island":
        palm_island(s, c, r)
    elif card_id == "pirate":
        icons.pirate(s, c, r)
    elif card_id == "guardian":
        shield(s, c, r)
    elif card_id == "gold":
        icons.coin(s, c, r * 1.1)
    elif card_id == "diamond":
        diamond(s, c, r * 1.1)
    elif card_id == "animals":
        monkey(s, (cx - r * 0.48, cy), r * 0.55)
        parrot(s, (cx + r * 0.5, cy), r * 0.55)
    elif card_id.startswith("skull_"):
        n = int(card_id[6:]) if card_id[6:].isdigit() else 1
        for k in range(n):
            off = (k - (n - 1) / 2) * r * 0.95
            art.skull(s, (_i(cx + off), _i(cy)), r * (0.7 if n == 1 else 0.52), colour=(34, 30, 30),
                      eyes=(245, 240, 228))
    elif card_id.startswith("ship_"):
        ship(s, (cx - r * 0.35, cy - r * 0.1), r * 0.62)
        n = int(card_id[5:]) if card_id[5:].isdigit() else 0
        for k in range(n):  # the sabers needed, stacked beside the ship (count them: not only a colour)
            icons.saber(s, (cx + r * 0.62, cy - r * 0.62 + k * r * 0.45), r * 0.3)
    elif card_id == "peace":
        dove_flag(s, c, r)
    elif card_id == "zombie":
        zombie(s, c, r)
    elif card_id == "shipwreck":
        ship(s, c, r * 0.85, broken=True)
    else:
        icons.question(s, c, r)


TITLE_FLOOR = 9     # px: a card's title prints smaller to keep its words whole, never smaller than this


def title_lines(name: str, size: int, width: int) -> tuple[list[str], int]:
    """A card's title on at most two lines of `width` px, and its print: the largest from `size` down to
    TITLE_FLOOR at which no word is broken ("Хранитель", not "Хранител" and "ь"); else at the floor, the second
    line cut with "…" (never a part of the name dropped without a mark)."""
    words = " ".join(name.split())
    for px in range(size, TITLE_FLOOR - 1, -1):
        lines = TEXT.wrap(words, px, width, bold=True)
        if len(lines) <= 2 and " ".join(lines) == words:
            return lines, px
    px = min(size, TITLE_FLOOR)
    parts = words.split(" ")
    n = 0                       # the whole words the first line holds
    while n < len(parts) and TEXT.width(" ".join(parts[:n + 1]), px, True) <= width:
        n += 1
    if n == 0:                  # not even the first word: one line, cut
        return [TEXT.ellipsize(words, px, width, bold=True)], px
    return [" ".join(parts[:n]), TEXT.ellipsize(" ".join(parts[n:]), px, width, bold=True)], px


PICTURE_SHARES = (0.42, 0.36, 0.3, 0.24, 0.18)    # of a pirate card's height: its picture, from the largest down


def pirate_card(card_id: str, name: str, effect: str, size: tuple[int, int], kind: str | None = None,
                skulls: int = 0) -> pygame.Surface:
    """A face-up pirate card: border, title, drawn picture (by id, else by its effect `kind`), effect text."""
    def draw() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, w, h)
        radius = max(6, w // 14)
        pygame.draw.rect(surf, P.PARCHMENT, rect, border_radius=radius)
        pygame.draw.rect(surf, P.INK, rect, max(2, w // 70), border_radius=radius)
        inner = rect.inflate(-w // 12, -w // 12)
        pygame.draw.rect(surf, P.INK_SOFT, inner, 1, border_radius=radius // 2)
        lines, title_size = title_lines(name, max(11, w // 11), inner.width - 10)
        y = inner.top + 6
        for line in lines:
            img = TEXT.render(line, title_size, P.INK, True)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() - 2
        for share in PICTURE_SHARES:   # a long effect text takes room from the picture before it is cut
            pic = pygame.Rect(inner.left + 8, y + 4, inner.width - 16, int(h * share))
            room = inner.bottom - 4 - (pic.bottom + 6)
            text_size = max(10, w // 15)
            while True:  # the largest print at which the whole effect text fits the card
                lines = TEXT.wrap(effect, text_size, inner.width - 12)
                line_h = TEXT.render("Ag", text_size, P.INK).get_height() - 1
                if len(lines) * line_h <= room or text_size <= 9:
                    break
                text_size -= 1
            if len(lines) * line_h <= room:
                break
        pygame.draw.rect(surf, (228, 212, 170), pic, border_radius=6)
        draw_card_picture(surf, card_id, pic.center, min(pic.width, pic.height) * 0.4, kind, skulls)
        y = pic.bottom + 6
        most = max(1, (inner.bottom - y) // line_h)
        if len(lines) > most:     # still too long: the last line that fits ends with "…"
            lines = lines[:most - 1] + [TEXT.ellipsize(" ".join(lines[most - 1:]), text_size, inner.width - 12)]
        for line in lines:
            img = TEXT.render(line, text_size, P.INK)
            surf.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += line_h
        return surf
    key = ("pk.card", card_id, name, effect, size, kind, skulls)
    return art.cached(key, draw)
