"""Fonts (Noto Sans shipped inside pygame_gui: Latin + Cyrillic) and a cache of rendered text surfaces."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


def font_path(bold: bool = False) -> str:
    """Path of pygame_gui's bundled Noto Sans (regular or bold)."""
    return str(resources.files("pygame_gui.data").joinpath(_FILES[bold]))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A Noto Sans font object (one per size and weight)."""
    size = max(6, int(size))
    try:
        return pygame.font.Font(font_path(bold), size)
    except (OSError, FileNotFoundError):  # pygame_gui data missing: fall back to pygame's default font
        return pygame.font.Font(None, size)


# Noto Sans lacks arrows, check marks and the like: drawn as a box unless replaced.
FALLBACK = {"→": "->", "←": "<-", "⇒": "=>", "↔": "<->", "≥": ">=", "≤": "<=", "≠": "!=", "✓": "v", "✔": "v",
            "✕": "x", "✗": "x", "⚠": "!", "↑": "up", "↓": "down", "●": "*", "○": "o", "▶": ">", "►": ">",
            "▸": ">", "★": "*", "☆": "*"}
_supported: dict[str, bool] = {}


def _has_glyph(ch: str) -> bool:
    ok = _supported.get(ch)
    if ok is None:
        f = font(16)
        tofu = f.metrics("\ue000")  # a private-use code point: surely the "missing glyph" box
        ok = f.metrics(ch) != tofu
        _supported[ch] = ok
    return ok


def sanitize(text: str) -> str:
    """Replace characters the font cannot draw (arrows, check marks…) by ASCII look-alikes."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ord(ch) < 0x250 or 0x400 <= ord(ch) < 0x530 or _has_glyph(ch):  # Latin and Cyrillic are in the font
            out.append(ch)
        else:
            out.append(FALLBACK.get(ch, "?"))
    return "".join(out)


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, bold); rendering every frame costs ~10x more."""

    def __init__(self, limit: int = 3000):
        self._cache: dict = {}
        self.limit = limit

    def render(self, text: str, size: int, colour=(240, 230, 210), bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = font(size, bold).render(sanitize(text), True, colour)
            self._cache[key] = surf
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split `text` into lines that fit `width` pixels (words never cut unless longer than a line)."""
        key = ("wrap", text, int(size), int(width), bold)
        lines = self._cache.get(key)
        if lines is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            lines = wrap_text(sanitize(text), font(size, bold), width)
            self._cache[key] = lines
        return list(lines)

    def clear(self) -> None:
        self._cache.clear()


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of one paragraph per line of `text`."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if fnt.size(trial)[0] <= width or not line:
                line = trial
                while fnt.size(line)[0] > width and len(line) > 1:  # a single over-long word: cut it
                    cut = len(line)
                    while cut > 1 and fnt.size(line[:cut])[0] > width:
                        cut -= 1
                    lines.append(line[:cut])
                    line = line[cut:]
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


TEXT = TextCache()
