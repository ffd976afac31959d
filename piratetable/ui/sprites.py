"""Sprites every game may use, drawn once per (face, size, state) and cached (`art.cached`): the ivory die (with
the picture a game's painters give for its face, else the face's name: plain dice), rotated copies, the start of a
card back and the default card back (crossed sabers: the back of every game without its own)."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from . import art, icons
from . import palette as P
from .text import TEXT

FaceDrawer = Callable[[pygame.Surface, tuple[float, float], float], None]   # draw(surface, centre, radius)


def clear() -> None:
    """Forget every drawn surface (the table's and the games' art): the language, fonts or scale changed."""
    art.cached.clear()


def die(face: str | None, size: int, draw_face: FaceDrawer | None = None, *, label: bool = True, tint=None,
        name: str = "") -> pygame.Surface:
    """An ivory die showing `face`: the picture `draw_face` draws (and the face's name — `name`, in the player's
    language — in small print under it when `label`); without a picture, the name alone, large (a plain die);
    None: a blank die."""
    def draw() -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        radius = max(4, size // 6)
        body = pygame.Rect(0, 0, size, size)
        pygame.draw.rect(surf, (150, 140, 120), body.move(0, 2), border_radius=radius)
        pygame.draw.rect(surf, tint or (250, 246, 232), body.inflate(0, -2).move(0, -1), border_radius=radius)
        pygame.draw.rect(surf, (120, 110, 96), body.inflate(0, -2).move(0, -1), max(1, size // 40),
                         border_radius=radius)
        if face is None:
            return surf
        if draw_face is None:
            _plain_face(surf, name or face, size)
            return surf
        r = size * (0.3 if label else 0.36)
        cy = size * (0.42 if label else 0.5)
        draw_face(surf, (size / 2, cy), r)
        if label:
            text = TEXT.render(name or face, max(9, size // 7), P.INK_SOFT)
            surf.blit(text, text.get_rect(midbottom=(size // 2, size - max(2, size // 14))))
        return surf
    return art.cached(("die", face, size, draw_face, label, tint, name), draw)


def _plain_face(surf: pygame.Surface, text: str, size: int) -> None:
    """A face without a picture: its name in the middle, as large as the die lets it be."""
    room = int(size * 0.8)
    fs = max(9, int(size * (0.5 if len(text) <= 2 else 0.24)))
    while fs > 9 and TEXT.width(text, fs, True) > room:
        fs -= 1
    img = TEXT.render(TEXT.ellipsize(text, fs, room, True), fs, P.INK, True)
    surf.blit(img, img.get_rect(center=(size // 2, size // 2)))


def rotated(surf_key: tuple, surf: pygame.Surface, angle: float) -> pygame.Surface:
    """`surf` rotated by `angle` (quantised to 10°), cached: rotating every frame costs ~4x."""
    q = int(round(angle / 10.0)) * 10 % 360
    if q == 0:
        return surf
    return art.cached(("rot", surf_key, q), lambda: pygame.transform.rotozoom(surf, q, 1.0))


def framed_back(size: tuple[int, int], outer, fill, radius: int, inset: int, inner_radius: int,
                border: int = 0) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    """The common start of a card back: a rounded card of colour `outer`, an inner panel of `fill` set in by
    `inset` (with a gold frame `border` px wide when given). Returns the surface, its rect and the inner rect."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, *size)
    pygame.draw.rect(surf, outer, rect, border_radius=radius)
    inner = rect.inflate(-inset, -inset)
    pygame.draw.rect(surf, fill, inner, border_radius=inner_radius)
    if border:
        pygame.draw.rect(surf, P.GOLD, inner, border, border_radius=inner_radius)
    return surf, rect, inner


def card_back(size: tuple[int, int], title: str = "") -> pygame.Surface:
    """The default card back (Piraten Kapern's pirate cards have it too): a dark red pattern with crossed sabers
    and a skull; `title` printed at its foot (the title screen's "Pirate cards")."""
    def draw() -> pygame.Surface:
        w, h = size
        radius = max(6, w // 14)
        surf, rect, inner = framed_back(size, (90, 26, 30), (120, 40, 42), radius, (w + 7) // 8, radius // 2,
                                        max(2, w // 60))
        for y in range(inner.top + 10, inner.bottom - 4, max(8, h // 14)):
            pygame.draw.line(surf, (104, 34, 36), (inner.left + 6, y), (inner.right - 6, y), 1)
        c = (w // 2, h // 2)
        r = w * 0.3
        blade = pygame.Surface((w, h), pygame.SRCALPHA)
        icons.saber(blade, (c[0], c[1] + r * 0.2), r * 0.9)
        surf.blit(blade, (0, 0))
        surf.blit(pygame.transform.flip(blade, True, False), (0, 0))
        art.skull(surf, (c[0], int(c[1] - r * 0.35)), r * 0.5)
        pygame.draw.rect(surf, P.BLACK, rect, max(1, w // 80), border_radius=radius)
        if title:
            text = TEXT.render(title, max(10, w // 11), P.GOLD_LIGHT, True)
            surf.blit(text, text.get_rect(midbottom=(w // 2, inner.bottom - 6)))
        return surf
    return art.cached(("back", size, title), draw)
