"""Shared procedural art: backdrops, panels, badges; and the one cache of drawn surfaces (`cached`)."""
from __future__ import annotations

import math
import sys
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any

import pygame

from . import palette as P


def weight(value: Any) -> int:
    """The bytes a cached value holds, roughly: a surface's pixels (width x height x bytes per pixel), a tuple's or
    list's items and itself, a string's or any other object's own size."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize() + SURFACE_OVERHEAD
    if isinstance(value, (tuple, list)):
        return sys.getsizeof(value) + sum(weight(v) for v in value)
    return sys.getsizeof(value)


SURFACE_OVERHEAD = 100   # bytes of a surface beside its pixels (SDL's and pygame's structures), about
MiB = 1 << 20


class Cache:
    """Drawn things by key, at most `budget` bytes of them (`weight` of each key and value), and at most `most`
    of them when given (the oldest go first): `cache(key, make, *args)` is what `make(*args)` drew for `key`,
    drawn on the first call only. Art is cheap to redraw and memory is not, so the store is bounded by what it
    holds, not by a count (a card at 4K is a hundred times a small label); and one store (not a
    `functools.lru_cache` per drawing function) because the keys are not the functions' arguments (a painter's
    words, unhashable dicts) and because everything drawn must be forgotten at once when the language, the fonts
    or the text scale change (`clear`). A hit is one dict look-up (it is asked for thousands of times a frame):
    the oldest entry goes, not the least recently used one; a picture still in use is drawn again once. The
    newest entry stays even when it alone is over the budget."""

    def __init__(self, budget: int, most: int | None = None):
        self.budget = budget
        self.most = most
        self.bytes = 0                                   # what the entries weigh now
        self._items: dict[Hashable, Any] = {}
        self._weights: dict[Hashable, int] = {}

    def __call__(self, key: Hashable, make: Callable[..., Any], *args: Any) -> Any:
        value = self._items.get(key)
        if value is None:
            value = self._items[key] = make(*args)
            size = self._weights[key] = weight(key) + weight(value)
            self.bytes += size
            self.trim()
        return value

    def trim(self) -> None:
        """Let the oldest entries go until the store is within its budget and count (the newest always stays)."""
        items = self._items
        while len(items) > 1 and (self.bytes > self.budget or (self.most is not None and len(items) > self.most)):
            old = next(iter(items))
            del items[old]
            self.bytes -= self._weights.pop(old)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def values(self) -> list[Any]:
        """The values held, oldest first."""
        return list(self._items.values())

    def keys(self) -> list[Hashable]:
        """The keys held, oldest first."""
        return list(self._items)

    def clear(self) -> None:
        self._items.clear()
        self._weights.clear()
        self.bytes = 0


# Every drawn surface of the table and the games' art (dice, cards, icons, rotated copies), by a key whose first
# item names the drawing ("pk.card", "piratz.back" …). The app empties it when the language or the scale change.
# 24 MiB: a whole 12-seat game at 1280x720 keeps 3.3 MiB of it (cards of each size, backs, icons).
cached = Cache(24 * MiB)


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A night-sea gradient with a few waves; drawn once per window size."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(1, h - 1)
        colour = [int(a + (b - a) * t) for a, b in zip(P.SEA_TOP, P.SEA_BOTTOM)]
        pygame.draw.line(surf, colour, (0, y), (w, y))
    wave = (30, 58, 74)
    for row in range(6):
        y0 = int(h * (0.55 + row * 0.08))
        amp = 4 + row * 2
        points = [(x, y0 + int(amp * math.sin(x / (38 + row * 9) + row))) for x in range(0, w + 8, 8)]
        if len(points) > 1:
            pygame.draw.lines(surf, wave, False, points, 2)
    return surf


@lru_cache(maxsize=16)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a dark green with a soft vignette."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(P.FELT)
    edge = 40
    for i in range(edge):
        t = i / edge
        colour = [int(P.FELT_DARK[k] + (P.FELT[k] - P.FELT_DARK[k]) * t) for k in range(3)]
        pygame.draw.rect(surf, colour, pygame.Rect(i, i, w - 2 * i, h - 2 * i), 1, border_radius=18)
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, fill=P.PANEL, edge=P.PANEL_EDGE, radius: int = 10,
          width: int = 2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def parchment(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
    pygame.draw.rect(surface, P.PARCHMENT_DARK, rect.move(0, 3), border_radius=radius)
    pygame.draw.rect(surface, P.PARCHMENT, rect, border_radius=radius)
    pygame.draw.rect(surface, P.INK_SOFT, rect, 2, border_radius=radius)


def skull(surface: pygame.Surface, center, r: float, colour=P.WHITE, eyes=P.BLACK) -> None:
    """A skull icon (used by dice, cards, score cards)."""
    cx, cy = center
    pygame.draw.circle(surface, colour, (cx, cy - r * 0.15), r * 0.72)
    jaw = pygame.Rect(0, 0, r * 0.9, r * 0.6)
    jaw.midtop = (cx, cy + r * 0.2)
    pygame.draw.rect(surface, colour, jaw, border_radius=max(1, int(r * 0.15)))
    for dx in (-0.3, 0.3):
        pygame.draw.circle(surface, eyes, (cx + dx * r, cy - r * 0.12), r * 0.2)
    pygame.draw.polygon(surface, eyes, [(cx, cy + r * 0.1), (cx - r * 0.09, cy + r * 0.27),
                                        (cx + r * 0.09, cy + r * 0.27)])
    for dx in (-0.22, 0, 0.22):
        pygame.draw.line(surface, eyes, (cx + dx * r, cy + r * 0.5), (cx + dx * r, cy + r * 0.75),
                         max(1, int(r * 0.07)))


def crown(surface: pygame.Surface, center, r: float, colour=P.GOLD_LIGHT) -> None:
    """A crown (the winner's mark)."""
    cx, cy = center
    pts = [(cx - r, cy + r * 0.5), (cx - r, cy - r * 0.4), (cx - r * 0.5, cy + r * 0.05), (cx, cy - r * 0.7),
           (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.4), (cx + r, cy + r * 0.5)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, P.INK, pts, max(1, int(r * 0.12)))


def arrow_right(surface: pygame.Surface, center, r: float, colour=P.GOLD_LIGHT) -> None:
    """A pointer marking whose turn it is."""
    cx, cy = center
    pygame.draw.polygon(surface, colour, [(cx - r, cy - r), (cx + r, cy), (cx - r, cy + r)])
