"""Fonts and a cache of rendered text surfaces.

The fonts are the Noto faces shipped inside pygame_gui: Noto Sans (Latin, Cyrillic) and Noto Sans KR (Hangul,
and Latin, Cyrillic, arrows and marks too). Each language has a first face (Noto Sans KR for Korean, Noto Sans
for the others) and the other as its fallback: a text is drawn in runs, each character in the first face that
has it, so a Korean name in an English game, or an arrow, is drawn as itself, never as a box or "?".

pygame_gui's widgets draw with one font each: `widget_text` says whether a text needs the wide face there
(the `@wide` theme class), and replaces what neither face can draw.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources

import pygame

from ..i18n import language
from .art import Cache, MiB

_FILES = {("latin", False): "NotoSans-Regular.ttf", ("latin", True): "NotoSans-Bold.ttf",
          ("kr", False): "NotoSansKR-Regular.ttf", ("kr", True): "NotoSansKR-Bold.ttf"}
# the italic faces pygame_gui ships (Noto Sans KR has none: its italic is slanted by the font renderer)
_ITALIC = {False: "NotoSans-Italic.ttf", True: "NotoSans-BoldItalic.ttf"}
WIDE_CLASS = "@wide"    # theme class of widgets whose text needs Noto Sans KR outside the Korean locale


def font_path(bold: bool = False, family: str = "latin") -> str:
    """Path of one of pygame_gui's bundled Noto faces."""
    return str(resources.files("pygame_gui.data").joinpath(_FILES[(family, bold)]))


def chain() -> tuple[str, ...]:
    """The faces of the current language, first face first."""
    return ("kr", "latin") if language() == "ko" else ("latin", "kr")


@lru_cache(maxsize=96)
def _face_font(family: str, size: int, bold: bool, italic: bool = False) -> pygame.font.Font:
    try:
        if italic and family == "latin":
            return pygame.font.Font(str(resources.files("pygame_gui.data").joinpath(_ITALIC[bold])), size)
        f = pygame.font.Font(font_path(bold, family), size)
    except (OSError, FileNotFoundError):  # pygame_gui data missing: pygame's default font
        f = pygame.font.Font(None, size)
    f.italic = italic
    return f


_has: dict[tuple[str, str], bool] = {}
_drawn_by: dict[str, set[str]] = {}    # per face, the characters found to have a glyph in it (a quick test)


def has_glyph(family: str, ch: str) -> bool:
    """Whether face `family` draws `ch` (not its "missing glyph" box)."""
    key = (family, ch)
    ok = _has.get(key)
    if ok is None:
        if ch.isspace() or ord(ch) < 0x7F:
            ok = True
        else:
            f = _face_font(family, 16, False)
            ok = f.metrics(ch) != f.metrics("\ue000")  # a private-use code point: surely the box
        _has[key] = ok
        if ok:
            _drawn_by.setdefault(family, set()).add(ch)
    return ok


def _all_drawn_by(family: str, text: str) -> bool:
    """Whether every character of `text` is known to be drawn by `family` (False: not known yet, or not)."""
    return text.isascii() or set(text) <= _drawn_by.get(family, set())


# Drawn as ASCII look-alikes when no face has them.
FALLBACK = {"→": "->", "←": "<-", "⇒": "=>", "↔": "<->", "≥": ">=", "≤": "<=", "≠": "!=", "✓": "v", "✔": "v",
            "✕": "x", "✗": "x", "⚠": "!", "↑": "up", "↓": "down", "●": "*", "○": "o", "▶": ">", "►": ">",
            "▸": ">", "★": "*", "☆": "*"}


MAX_DRAW = 400        # characters drawn on one line: a longer text (from a file) is cut with "…"
MAX_WRAP = 20_000     # characters word-wrapped at most (a message quoting a huge value stays quick)


def drawable(text) -> str:
    """`text` made safe to draw: at most MAX_DRAW characters (cut with "…"), control characters (NUL, escapes)
    and lone surrogates, which the font renderer refuses, replaced ("?"; tabs and line breaks by spaces)."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > MAX_DRAW:
        text = text[:MAX_DRAW - 1] + "…"
    return _controls_replaced(text)


def _controls_replaced(text: str, keep: str = "") -> str:
    """Control characters and lone surrogates replaced ("?"; blanks by spaces), except those in `keep`."""
    if text.isprintable():
        return text
    return "".join(ch if ch in keep or unicodedata.category(ch) not in ("Cc", "Cs") else
                   (" " if ch.isspace() else "?") for ch in text)


class Face:
    """A font for one size and weight, drawing each character in the first face of the chain that has it.
    Duck-types the parts of `pygame.font.Font` the UI uses (size, render, get_linesize, get_height)."""

    def __init__(self, size: int, bold: bool, families: tuple[str, ...], italic: bool = False):
        self.families = families
        self._style = (size, bold, italic)
        self.primary = _face_font(families[0], size, bold, italic)
        # the later faces are opened when a text first needs one of them: each costs a quarter to half a MiB
        # (Noto Sans KR, which an English table never draws with, opened at each of its twenty sizes kept 5 MiB)
        self._fonts: list[pygame.font.Font | None] = [self.primary] + [None] * (len(families) - 1)

    def face(self, i: int) -> pygame.font.Font:
        """The font of family `i` of the chain at this size and weight (opened on first use)."""
        f = self._fonts[i]
        if f is None:
            f = self._fonts[i] = _face_font(self.families[i], *self._style)
        return f

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut into runs of one face each (characters no face has become look-alikes)."""
        text = drawable(text)
        if _all_drawn_by(self.families[0], text):   # the usual case: one run in the first face (no walk)
            return [(self.primary, text)] if text else []
        out: list[list] = []
        for ch in text:
            idx = next((i for i, fam in enumerate(self.families) if has_glyph(fam, ch)), None)
            if idx is None:
                ch, idx = FALLBACK.get(ch, "?"), 0
            if ch.isspace() and out:
                idx = out[-1][0]          # spaces stay in the run they are in
            if out and out[-1][0] == idx:
                out[-1][1] += ch
            else:
                out.append([idx, ch])
        return [(self.face(i), s) for i, s in out]

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        try:
            if len(runs) <= 1:
                return runs[0][0].size(runs[0][1]) if runs else self.primary.size("")
            return sum(f.size(s)[0] for f, s in runs), self.get_height()
        except (pygame.error, ValueError, UnicodeError):
            return 0, self.get_height()

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        """Never raises: a text the renderer still refuses draws as nothing (an empty line)."""
        try:
            return self._render(text, antialias, colour, background)
        except (pygame.error, ValueError, UnicodeError, OverflowError, MemoryError):
            return pygame.Surface((1, self.get_height()), pygame.SRCALPHA)

    def _render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        runs = self.runs(text)
        if len(runs) <= 1:
            return runs[0][0].render(runs[0][1], antialias, colour, background) if runs else \
                self.primary.render("", antialias, colour, background)
        parts = [(f, f.render(s, antialias, colour, background)) for f, s in runs]
        ascent = max(f.get_ascent() for f, _ in parts)
        height = max(ascent - f.get_ascent() + img.get_height() for f, img in parts)
        out = pygame.Surface((sum(img.get_width() for _, img in parts), max(height, self.get_height())),
                             pygame.SRCALPHA)
        x = 0
        for f, img in parts:
            out.blit(img, (x, ascent - f.get_ascent()))
            x += img.get_width()
        return out

    def get_linesize(self) -> int:
        return self.primary.get_linesize()

    def get_height(self) -> int:
        return self.primary.get_height()

    def get_ascent(self) -> int:
        return self.primary.get_ascent()


@lru_cache(maxsize=96)
def _face(size: int, bold: bool, families: tuple[str, ...], italic: bool = False) -> Face:
    return Face(size, bold, families, italic)


def font(size: int, bold: bool = False, italic: bool = False) -> Face:
    """The current language's font (one per size, weight and slant)."""
    return _face(max(6, int(size)), bold, chain(), italic)


def sanitize(text: str) -> str:
    """`text` with the characters no face can draw replaced by ASCII look-alikes, and control characters (NUL)
    but line breaks and tabs replaced (a whole document keeps its lines; each line is cut when it is drawn)."""
    text = _controls_replaced(text if isinstance(text, str) else str(text), "\n\t")
    if text.isascii() or not set(text) - _drawn_by.get("latin", set()) - _drawn_by.get("kr", set()):
        return text
    return "".join(ch if any(has_glyph(f, ch) for f in ("latin", "kr")) else FALLBACK.get(ch, "?") for ch in text)


def widget_text(text: str) -> tuple[str, bool]:
    """The text for a pygame_gui widget, and whether the widget needs the wide face (`WIDE_CLASS`) for it."""
    text = sanitize(text if len(text) <= 4 * MAX_DRAW else text[:4 * MAX_DRAW - 1] + "…")
    if text.isascii() or language() == "ko":
        return text, False
    return text, any(not has_glyph("latin", ch) for ch in text)


PASSING_MOST = 32          # texts of the moment kept (`TextCache.render_passing`): a frame draws a few of them
PASSING_BUDGET = 2 * MiB   # and the bytes they may hold (a status line across a 4K window is 0.4 MiB)
# The store's bytes per unit of the UI scale squared (1 at 1280x720, text at 100 %): text's pixels grow with the
# square of its size. A frame of a 12-seat table draws 0.3 MiB of text at 1280x720: 1.5 MiB keeps five frames'
# worth; between STORE_LEAST and STORE_MOST whatever the window.
STORE_PER_SCALE = 1.5 * MiB
STORE_LEAST, STORE_MOST = int(1.5 * MiB), 12 * MiB


def store_budget(ui_scale: float) -> int:
    """The bytes the text store may hold at this UI scale (`App.ui_scale`: the window's size and the setting)."""
    return int(max(STORE_LEAST, min(STORE_MOST, STORE_PER_SCALE * ui_scale * ui_scale)))


class TextCache:
    """Rendered text surfaces keyed by (text, size, colour, bold, faces); rendering every frame costs ~10x more.
    At most `budget` bytes of them (`art.Cache`: pixels and strings): a frame of a 12-seat table draws 0.3 MiB of
    text at 1280x720 (1.9 MiB at 2560x1440 with the text at 150 %), and a long game says thousands of different
    things (each move's log line, scores, counts), which without a bound kept 46 MiB. The app sets the budget for
    its window (`fit`): a fixed 8 MiB let a game at 1280x720 keep 2.9 MiB of things said once (each seat's notes
    as the points change), a rise of the app's memory over every game."""

    def __init__(self, budget: int = 8 * MiB):
        self._cache = Cache(budget)     # its own store: text is asked for far more often than art, and cleared apart
        self._passing = Cache(PASSING_BUDGET, most=PASSING_MOST)   # `render_passing`'s

    @property
    def cache(self) -> Cache:
        return self._cache

    def fit(self, ui_scale: float) -> None:
        """Size the store for this UI scale (`store_budget`); what is over it goes, oldest first."""
        self._cache.budget = store_budget(ui_scale)
        self._cache.trim()

    @property
    def passing(self) -> Cache:
        """The store of the texts of the moment (`render_passing`)."""
        return self._passing

    def render(self, text: str, size: int, colour=(240, 230, 210), bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold, chain())
        return self._cache(key, _render, text, size, colour, bold)

    def render_passing(self, text: str, size: int, colour=(240, 230, 210), bold: bool = False) -> pygame.Surface:
        """`render` for text that is drawn at every frame while it is true and then never again (the heading's
        status, the line under the table: they change with every move), kept in a small store of its own (the
        last `PASSING_MOST` of them) so that it does not push out the text drawn again and again."""
        key = (text, int(size), tuple(colour), bold, chain())
        return self._passing(key, _render, text, size, colour, bold)

    def render_apart(self, text: str, size: int, colour=(240, 230, 210), bold: bool = False) -> pygame.Surface:
        """`render` without the store, for text its caller keeps as long as it shows it and never asks for again
        once it is gone (the log's lines: each move says a new one, and the store filled with them pushed out the
        text that is drawn again and again, a full 8 MiB after two minutes of a 12-seat table)."""
        return _render(text, size, colour, bold)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return font(size, bold).size(text)[0]

    def ellipsize(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """`text`, cut with "…" so that it fits `width` pixels (unchanged when it fits)."""
        f = font(size, bold)
        text = drawable(text)
        if f.size(text)[0] <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(text[:mid].rstrip() + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "…"

    def wrap(self, text: str, size: int, width: int, bold: bool = False, passing: bool = False) -> list[str]:
        """Split `text` into lines that fit `width` pixels (words never cut unless longer than a line); `passing`:
        a text of the moment (see `render_passing`), kept in that store."""
        key = ("wrap", text, int(size), int(width), bold, chain())
        return list((self._passing if passing else self._cache)(key, _wrapped, text, size, width, bold))

    def clear(self) -> None:
        self._cache.clear()
        self._passing.clear()


def _render(text: str, size: int, colour, bold: bool) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    return tuple(wrap_text(text, font(size, bold), width))


def wrap_text(text: str, fnt, width: int) -> list[str]:
    """Greedy word wrap of one paragraph per line of `text`; a word longer than a line (a path) is cut, after a
    "/" or "\\" where it can be."""
    lines: list[str] = []
    if not isinstance(text, str):
        text = str(text)
    if len(text) > MAX_WRAP:
        text = text[:MAX_WRAP - 1] + "…"
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if fnt.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while len(line) > 1 and (len(line) > MAX_DRAW or fnt.size(line)[0] > width):
                lo, hi = 1, min(len(line), MAX_DRAW)   # the longest head that fits (binary search)
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if fnt.size(line[:mid])[0] <= width:
                        lo = mid
                    else:
                        hi = mid - 1
                cut = lo
                slash = max(line.rfind("/", 0, cut), line.rfind("\\", 0, cut))
                if slash > cut // 3:
                    cut = slash + 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def clear_fonts() -> None:
    """Forget the loaded fonts (pygame.font was shut down; or a game's screens left, whose sizes the next screen
    may not use: each font object keeps a quarter to half a MiB once it has drawn)."""
    _face.cache_clear()
    _face_font.cache_clear()


TEXT = TextCache()
