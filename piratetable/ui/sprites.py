"""Die and card sprites drawn once per (face, size, state) and cached, rotated copies cached too."""
from __future__ import annotations

import pygame

from . import icons
from . import palette as P
from .text import TEXT


class SurfaceCache(dict):
    """Drawn surfaces by key; emptied when it grows past `limit` (art is cheap to redraw, memory is not)."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def remember(self, key, surf):
        """Store and return `surf`."""
        if len(self) > self.limit:
            self.clear()
        self[key] = surf
        return surf


_cache = SurfaceCache(800)

DIE_LABEL = {"skull": "skull", "monkey": "monkey", "parrot": "parrot", "saber": "saber", "coin": "coin",
             "diamond": "diamond"}

clear = _cache.clear
_remember = _cache.remember


def die(face: str | None, size: int, *, label: bool = True, tint=None, name: str = "") -> pygame.Surface:
    """An ivory die showing `face` (its drawn icon, and its name — `name`, in the player's language — in small
    print); None: a blank die."""
    key = ("die", face, size, label, tint, name)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(4, size // 6)
    body = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, (150, 140, 120), body.move(0, 2), border_radius=radius)
    pygame.draw.rect(surf, tint or (250, 246, 232), body.inflate(0, -2).move(0, -1), border_radius=radius)
    pygame.draw.rect(surf, (120, 110, 96), body.inflate(0, -2).move(0, -1), max(1, size // 40),
                     border_radius=radius)
    if face is not None:
        r = size * (0.3 if label else 0.36)
        cy = size * (0.42 if label else 0.5)
        draw = icons.DIE_FACES.get(face)
        if draw is None:
            icons.question(surf, (size / 2, cy), r)
        else:
            draw(surf, (size / 2, cy), r)
        if label:
            text = TEXT.render(name or DIE_LABEL.get(face, face), max(9, size // 7), P.INK_SOFT)
            surf.blit(text, text.get_rect(midbottom=(size // 2, size - max(2, size // 14))))
    return _remember(key, surf)


def rotated(surf_key: tuple, surf: pygame.Surface, angle: float) -> pygame.Surface:
    """`surf` rotated by `angle` (quantised to 10°), cached: rotating every frame costs ~4x."""
    q = int(round(angle / 10.0)) * 10 % 360
    if q == 0:
        return surf
    key = ("rot", surf_key, q)
    out = _cache.get(key)
    if out is None:
        out = _remember(key, pygame.transform.rotozoom(surf, q, 1.0))
    return out


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
    """The back of a pirate card: a dark red pattern with crossed sabers and a skull."""
    key = ("back", size, title)
    surf = _cache.get(key)
    if surf is not None:
        return surf
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
    from . import art
    art.skull(surf, (c[0], int(c[1] - r * 0.35)), r * 0.5)
    pygame.draw.rect(surf, P.BLACK, rect, max(1, w // 80), border_radius=radius)
    if title:
        text = TEXT.render(title, max(10, w // 11), P.GOLD_LIGHT, True)
        surf.blit(text, text.get_rect(midbottom=(w // 2, inner.bottom - 6)))
    return _remember(key, surf)


def pirate_card(card_id: str, name: str, effect: str, size: tuple[int, int], kind: str | None = None,
                skulls: int = 0) -> pygame.Surface:
    """A face-up pirate card: border, title, drawn picture (by id, else by its effect `kind`), effect text."""
    key = ("card", card_id, name, effect, size, kind, skulls)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    radius = max(6, w // 14)
    pygame.draw.rect(surf, P.PARCHMENT, rect, border_radius=radius)
    pygame.draw.rect(surf, P.INK, rect, max(2, w // 70), border_radius=radius)
    inner = rect.inflate(-w // 12, -w // 12)
    pygame.draw.rect(surf, P.INK_SOFT, inner, 1, border_radius=radius // 2)
    title_size = max(11, w // 11)
    lines = TEXT.wrap(name, title_size, inner.width - 10, bold=True)[:2]
    y = inner.top + 6
    for line in lines:
        img = TEXT.render(line, title_size, P.INK, True)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height() - 2
    pic = pygame.Rect(inner.left + 8, y + 4, inner.width - 16, int(h * 0.42))
    pygame.draw.rect(surf, (228, 212, 170), pic, border_radius=6)
    icons.draw_card_picture(surf, card_id, pic.center, min(pic.width, pic.height) * 0.4, kind, skulls)
    y = pic.bottom + 6
    room = inner.bottom - 4 - y
    text_size = max(10, w // 15)
    while True:  # the largest print at which the whole effect text fits the card
        lines = TEXT.wrap(effect, text_size, inner.width - 12)
        line_h = TEXT.render("Ag", text_size, P.INK).get_height() - 1
        if len(lines) * line_h <= room or text_size <= 9:
            break
        text_size -= 1
    for line in lines:
        if y + line_h > inner.bottom:
            break
        img = TEXT.render(line, text_size, P.INK)
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += line_h
    return _remember(key, surf)
