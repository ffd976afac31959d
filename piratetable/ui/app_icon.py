"""The program's icon: the window's, the desktop entry's and the frozen app's (`assets/icons/`).

Drawn with the table's own pieces so it looks like the program: on the green felt, the default card back (dark red,
crossed sabers, a skull) a little turned, and in front of it a bone die showing the skull face. Small sizes (≤ 32 px)
keep only what still reads at that size: the felt, the card back's red and its skull.

`paint_icon(size)` draws one size; `assets/icons/make_icons.py` writes the PNGs (16–512 px) and the Windows `.ico`
from it, and `window_icon()` is what the app sets as its window's icon (the shipped 64 px PNG, or painted when the
assets are missing).
"""
from __future__ import annotations

import pygame

from . import art
from . import palette as P
from .paths import assets_dir
from .sprites import card_back

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)   # the PNGs shipped in assets/icons/ (the .ico holds 16–256)
BONE = (246, 238, 218)
BONE_EDGE = (150, 132, 100)


def _felt(s: pygame.Surface, size: int) -> None:
    radius = max(3, size // 6)
    pygame.draw.rect(s, P.FELT_DARK, s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-max(2, size // 16), -max(2, size // 16))
    pygame.draw.rect(s, P.FELT, inner, border_radius=max(2, radius - size // 32))
    pygame.draw.rect(s, P.GOLD, inner, max(1, size // 48), border_radius=max(2, radius - size // 32))


def _die(s: pygame.Surface, rect: pygame.Rect) -> None:
    """A bone die, the skull face up (Piraten Kapern's skull), with a shadow."""
    radius = max(2, rect.width // 5)
    shadow = rect.move(max(1, rect.width // 14), max(1, rect.width // 14))
    pygame.draw.rect(s, (8, 20, 20), shadow, border_radius=radius)
    pygame.draw.rect(s, BONE, rect, border_radius=radius)
    pygame.draw.rect(s, BONE_EDGE, rect, max(1, rect.width // 24), border_radius=radius)
    art.skull(s, rect.center, rect.width * 0.34, colour=P.BLACK, eyes=BONE)


def paint_icon(size: int) -> pygame.Surface:
    """The icon at `size` × `size` pixels (transparent corners)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    _felt(s, size)
    if size <= 32:
        # the card back's red and its skull: the sabers and the die would be a blur at this size
        card = pygame.Rect(0, 0, round(size * 0.62), round(size * 0.78))
        card.center = (size // 2, size // 2)
        pygame.draw.rect(s, (120, 40, 42), card, border_radius=max(1, size // 10))
        pygame.draw.rect(s, P.GOLD, card, 1, border_radius=max(1, size // 10))
        art.skull(s, card.center, card.width * 0.42)
        return s
    back = card_back((round(size * 0.5), round(size * 0.7)))
    back = pygame.transform.rotozoom(back, 12, 1.0)
    s.blit(back, back.get_rect(center=(round(size * 0.41), round(size * 0.45))))
    die = pygame.Rect(0, 0, round(size * 0.38), round(size * 0.38))
    die.center = (round(size * 0.68), round(size * 0.68))
    _die(s, die)
    return s


def window_icon() -> pygame.Surface:
    """The window's icon: the shipped 64 px PNG, or the same painted when the assets are missing."""
    folder = assets_dir()
    path = folder / "icons" / "piratetable-64.png" if folder is not None else None
    if path is not None and path.is_file():
        try:
            return pygame.image.load(str(path))
        except (pygame.error, OSError):
            pass
    return paint_icon(64)
