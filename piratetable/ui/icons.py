"""Procedural icons (no image files): dice faces and pirate-card pictures, drawn in a box of any size."""
from __future__ import annotations

import math

import pygame

from . import art
from . import palette as P

BROWN = (120, 74, 40)
BROWN_LIGHT = (206, 160, 112)
GREEN_P = (40, 150, 70)
RED_P = (200, 50, 40)
STEEL = (190, 198, 206)
STEEL_DARK = (96, 104, 112)
GOLD_DARK = (150, 104, 20)
GEM = (60, 170, 220)
GEM_DARK = (20, 90, 150)
GEM_LIGHT = (170, 230, 250)
SAND = (226, 196, 130)
SEA = (52, 120, 170)
WOOD = (110, 70, 36)
SAIL = (244, 238, 220)


def _i(v):
    return int(round(v))


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
    saber(s, (cx + r * 0.25, cy + r * 0.5), r * 0.5)
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


def question(s, c, r):
    from .text import TEXT
    img = TEXT.render("?", max(8, _i(r * 1.6)), P.INK, True)
    s.blit(img, img.get_rect(center=(_i(c[0]), _i(c[1]))))


DIE_FACES = {"skull": skull, "monkey": monkey, "parrot": parrot, "saber": saber, "coin": coin,
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
        pirate(s, c, r)
    elif card_id == "guardian":
        shield(s, c, r)
    elif card_id == "gold":
        coin(s, c, r * 1.1)
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
            saber(s, (cx + r * 0.62, cy - r * 0.62 + k * r * 0.45), r * 0.3)
    elif card_id == "peace":
        dove_flag(s, c, r)
    elif card_id == "zombie":
        zombie(s, c, r)
    elif card_id == "shipwreck":
        ship(s, c, r * 0.85, broken=True)
    else:
        question(s, c, r)
