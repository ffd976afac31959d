"""Procedural icons every game may draw (no image files), each in a box of any size: centred on `c`, inside a
circle of radius `r`. Only what more than one game (or the shared table) draws lives here; a game's own pictures
live in its `ui/games/<id>/art.py` (Piraten Kapern's dice faces and card pictures: `ui/games/piraten_kapern/art.py`).

- `coin`: a gold coin (Piraten Kapern's coin face and Gold coin card, Pirataki's gold).
- `pirate`: a pirate's head (Piraten Kapern's Pirate card, Pirataki's pirate card and icon).
- `saber`: a curved saber (the default card back's crossed sabers, Piraten Kapern's saber face and ship cards).
- `question`: a question mark (a face, card or icon a game has no picture for).
- the colours these use, and `SAND` for the dice islands of the table (`DiceArea`).
"""
from __future__ import annotations

import math

import pygame

from . import art
from . import palette as P

STEEL = (190, 198, 206)
STEEL_DARK = (96, 104, 112)
GOLD_DARK = (150, 104, 20)
SAND = (226, 196, 130)
SEA = (52, 120, 170)
WOOD = (110, 70, 36)


def _i(v):
    return int(round(v))


def saber(s, c, r):
    cx, cy = c
    w = max(2, _i(r * 0.16))
    pts = []
    for i in range(12):  # a curved blade from hilt (bottom left) to tip (top right)
        t = i / 11
        x = cx - r * 0.55 + t * r * 1.35
        y = cy + r * 0.5 - t * r * 1.35 + math.sin(t * math.pi) * r * 0.18
        pts.append((x, y))
    pygame.draw.lines(s, STEEL, False, pts, w)
    pygame.draw.lines(s, STEEL_DARK, False, [(x + 1, y + w * 0.4) for x, y in pts], max(1, w // 3))
    hx, hy = pts[0]
    pygame.draw.line(s, P.GOLD, (hx - r * 0.3, hy - r * 0.3), (hx + r * 0.3, hy + r * 0.3), max(2, _i(r * 0.14)))
    pygame.draw.line(s, WOOD, (hx, hy), (hx - r * 0.3, hy + r * 0.3), max(3, _i(r * 0.18)))
    pygame.draw.circle(s, P.GOLD, (_i(hx - r * 0.34), _i(hy + r * 0.34)), max(2, _i(r * 0.1)))


def coin(s, c, r):
    cx, cy = _i(c[0]), _i(c[1])
    pygame.draw.circle(s, GOLD_DARK, (cx, cy + max(1, _i(r * 0.06))), _i(r * 0.8))
    pygame.draw.circle(s, P.GOLD, (cx, cy), _i(r * 0.8))
    pygame.draw.circle(s, GOLD_DARK, (cx, cy), _i(r * 0.6), max(1, _i(r * 0.07)))
    star = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rr = r * (0.42 if i % 2 == 0 else 0.18)
        star.append((cx + math.cos(ang) * rr, cy + math.sin(ang) * rr))
    pygame.draw.polygon(s, P.GOLD_LIGHT, star)
    pygame.draw.polygon(s, GOLD_DARK, star, 1)


def pirate(s, c, r):
    cx, cy = c
    pygame.draw.circle(s, (236, 196, 160), (_i(cx), _i(cy + r * 0.15)), _i(r * 0.6))
    hat = [(cx - r * 0.95, cy - r * 0.15), (cx, cy - r * 0.95), (cx + r * 0.95, cy - r * 0.15),
           (cx, cy - r * 0.3)]
    pygame.draw.polygon(s, (30, 26, 30), hat)
    art.skull(s, (_i(cx), _i(cy - r * 0.5)), r * 0.22)
    pygame.draw.line(s, (20, 20, 20), (cx - r * 0.55, cy - r * 0.05), (cx + r * 0.5, cy + r * 0.25),
                     max(1, _i(r * 0.06)))
    pygame.draw.circle(s, (20, 20, 20), (_i(cx - r * 0.22), _i(cy + r * 0.08)), _i(r * 0.14))
    pygame.draw.circle(s, P.BLACK, (_i(cx + r * 0.22), _i(cy + r * 0.08)), max(1, _i(r * 0.07)))
    pygame.draw.arc(s, (110, 40, 30), pygame.Rect(cx - r * 0.25, cy + r * 0.25, r * 0.5, r * 0.3),
                    math.pi * 1.1, math.pi * 1.9, max(1, _i(r * 0.06)))
    beard = [(cx - r * 0.45, cy + r * 0.35), (cx, cy + r * 0.95), (cx + r * 0.45, cy + r * 0.35)]
    pygame.draw.lines(s, (60, 36, 20), False, beard, max(2, _i(r * 0.1)))


def question(s, c, r):
    from .text import TEXT
    img = TEXT.render("?", max(8, _i(r * 1.6)), P.INK, True)
    s.blit(img, img.get_rect(center=(_i(c[0]), _i(c[1]))))
