"""The page layouter of the How-to-play guide: fits one `Page` (`piratetable/table/guide.py`: a title, paragraphs
and pictures with captions) into an area — the text beside the pictures or above them, whichever leaves the
pictures bigger, with the largest print that fits — and says where every text row, picture item and caption line
goes (`PageLayout`). It draws nothing itself: the guide scene (`ui/scenes/guide.py`) blits the rows and captions
and has the game's painters draw the items."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ..table.guide import BACK, CARD, DIE, ICON, Page, Picture
from . import palette as P
from .markdown import layout_rich
from .text import TEXT, font

FAN = 0.62            # a card of a fanned group shows this share of its width before the next one covers it
SPREAD = 0.08         # the gap between the cards of a group shown side by side, in card widths
DICE_GAP = 0.14       # gap between dice (or icons) of one picture, in die sizes
# the size at which a picture counts as fully readable, and the largest it is drawn (at 1280x720; times scale)
REF = {CARD: 118, BACK: 118, DIE: 70, ICON: 56}
MAX = {CARD: 150, BACK: 150, DIE: 84, ICON: 68}
MIN_SCORE = 0.72      # the largest print is kept while the pictures are at least this share of their REF size


@dataclass
class Cell:
    """One picture placed: its items' rects, its caption lines (surface and top-left), and the cell's box."""

    picture: Picture
    box: pygame.Rect
    items: list[pygame.Rect]
    caption: list[tuple[pygame.Surface, tuple[int, int]]]


@dataclass
class PageLayout:
    """Where everything of one page goes (screen coordinates); `fits` is False when text had to be cut."""

    area: pygame.Rect
    text: list[tuple[pygame.Surface, tuple[int, int]]] = field(default_factory=list)
    text_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    cells: list[Cell] = field(default_factory=list)
    size: int = 0
    fits: bool = True
    arrangement: str = ""

    def rects(self) -> list[pygame.Rect]:
        """Every drawn box (text lines, pictures' items, caption lines)."""
        out = [pygame.Rect(pos, (_ink_width(s), s.get_height())) for s, pos in self.text]
        for cell in self.cells:
            out += cell.items
            out += [pygame.Rect(pos, s.get_size()) for s, pos in cell.caption]
        return out


def _unit_key(picture: Picture) -> tuple:
    """Pictures sharing a key are drawn at one size: all cards of a page alike, all dice alike; icons alike when
    they come as many in a row."""
    return (picture.kind, len(picture.items)) if picture.kind == ICON else (picture.kind, 0)


def _ref(key: tuple) -> float:
    """The size at which pictures of `key` read well (a row of three or more icons reads well smaller)."""
    kind, n = key
    return REF[kind] * (0.65 if kind == ICON and n >= 3 else 1.0)


def _ink_width(row: pygame.Surface) -> int:
    """The width of what a full-width text row actually shows."""
    r = row.get_bounding_rect()
    return r.right if r.width else 0


def _text_rows(paragraphs, size: int, width: int) -> tuple[list[tuple[pygame.Surface, int]], int]:
    """Rows of the page's paragraphs as (surface, y offset), and the total height."""
    rows, y = [], 0
    gap = max(6, size // 2)
    for i, para in enumerate(paragraphs):
        if i:
            y += gap
        bullet = para.startswith("- ")
        indent = int(size * 1.2) if bullet else 0
        lines = layout_rich(para[2:] if bullet else para, size, width, colour=P.CREAM, indent=indent)
        if bullet and lines:
            mark = font(size, True).render("•", True, P.GOLD)
            lines[0].blit(mark, (int(size * 0.2), 0))
        for line in lines:
            rows.append((line, y))
            y += line.get_height()
    return rows, y


def _caption_lines(picture: Picture, size: int, width: int) -> list[tuple[str, bool]]:
    lines = [(s, True) for s in TEXT.wrap(picture.title, size, width, bold=True)] if picture.title else []
    if picture.text:
        lines += [(s, False) for s in TEXT.wrap(picture.text, size - 1, width)]
    return lines


def line_h(size: int) -> int:
    return font(size).get_linesize()


class Layouter:
    """Fits a page into an area with the game's painters' card shape, at a scale `s` (1 at 1280x720)."""

    def __init__(self, card_ratio: float, s: float):
        self.ratio = card_ratio
        self.s = s

    def unit(self, picture: Picture, w: float, h: float) -> float:
        n = len(picture.items)
        if picture.kind in (CARD, BACK):
            u = min(w / (1 + (n - 1) * FAN), h / self.ratio)
        else:
            u = min(w / (n + (n - 1) * DICE_GAP), h)
        return min(u, MAX[picture.kind] * self.s)

    def extent(self, picture: Picture, u: float) -> tuple[int, int]:
        n = len(picture.items)
        if picture.kind in (CARD, BACK):
            return int(u * (1 + (n - 1) * FAN)), int(u * self.ratio)
        return int(u * n + u * DICE_GAP * (n - 1)), int(u)

    def grid(self, pictures, rect: pygame.Rect, cap_size: int):
        """The best uniform grid of `pictures` in `rect`: (score, columns, units per kind, caption height) or
        None when nothing fits."""
        n = len(pictures)
        gx, gy = int(14 * self.s), int(12 * self.s)
        best = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            if rows > 1 and cols * (rows - 1) >= n:
                continue
            cw = (rect.width - (cols - 1) * gx) / cols
            ch = (rect.height - (rows - 1) * gy) / rows
            if cw < 60 * self.s:
                break
            cap_h = max(self._caption_height(p, cap_size, int(cw)) for p in pictures)
            ph = ch - cap_h - 6 * self.s
            if ph < 24:
                continue
            units: dict = {}
            for p in pictures:
                u, k = self.unit(p, cw, ph), _unit_key(p)
                units[k] = min(units.get(k, u), u)
            score = min(min(1.0, u / (_ref(k) * self.s)) for k, u in units.items())
            if best is None or score > best[0] + 1e-6:
                best = (score, cols, units, cap_h)
        return best

    def _caption_height(self, picture: Picture, size: int, width: int) -> int:
        lines = _caption_lines(picture, size, width)
        return sum(line_h(size if bold else size - 1) for _t, bold in lines)

    def place(self, pictures, rect: pygame.Rect, cap_size: int, cols: int, units, cap_h: int,
              share: float = 0.5) -> list[Cell]:
        """The cells of the grid, `share` of the free height above them (a half: centred)."""
        n = len(pictures)
        gx, gy = int(14 * self.s), int(12 * self.s)
        rows = math.ceil(n / cols)
        cw = (rect.width - (cols - 1) * gx) / cols
        pic_h = [max(self.extent(p, units[_unit_key(p)])[1] for p in pictures[r * cols:(r + 1) * cols])
                 for r in range(rows)]
        gap = int(6 * self.s)
        total = sum(pic_h) + rows * (gap + cap_h) + (rows - 1) * gy
        y = rect.y + int(max(0, rect.height - total) * share)
        cells = []
        for r in range(rows):
            row = pictures[r * cols:(r + 1) * cols]
            used = len(row) * cw + (len(row) - 1) * gx
            x0 = rect.x + (rect.width - used) / 2
            for c, p in enumerate(row):
                x = x0 + c * (cw + gx)
                box = pygame.Rect(int(x), y, int(cw), pic_h[r] + gap + cap_h)
                u = units[_unit_key(p)]
                m = len(p.items)
                if p.kind in (CARD, BACK):    # cards side by side when the cell has room, else fanned
                    step = u * FAN if m == 1 else max(u * FAN, min(u * (1 + SPREAD), (box.width - u) / (m - 1)))
                    ew, eh = int(u + step * (m - 1)), int(u * self.ratio)
                else:
                    step = u * (1 + DICE_GAP)
                    ew, eh = self.extent(p, u)
                left, top = box.x + (box.width - ew) // 2, y + pic_h[r] - eh
                items = [pygame.Rect(left + int(i * step), top, int(u), eh) for i in range(m)]
                caption, cy = [], y + pic_h[r] + gap
                for text, bold in _caption_lines(p, cap_size, box.width):
                    size = cap_size if bold else cap_size - 1
                    img = TEXT.render(text, size, P.GOLD_LIGHT if bold else P.CREAM, bold)
                    caption.append((img, (box.centerx - img.get_width() // 2, cy)))
                    cy += line_h(size)
                cells.append(Cell(p, box, items, caption))
            y += pic_h[r] + gap + cap_h + gy
        return cells

    def layout(self, page: Page, area: pygame.Rect) -> PageLayout:
        s = self.s
        sizes = list(range(int(round(19 * s)), 14, -1))
        pictures = list(page.pictures)
        candidates = []     # (score, size, PageLayout builder args)
        for size in sizes:
            cap = max(13, size - 3)
            max_w = int(size * 40)     # about 75 characters a line at most
            found = []
            if not pictures:
                width = min(area.width, max_w)
                rows, height = _text_rows(page.paragraphs, size, width)
                if height <= area.height:
                    return self._build(area, rows, width, height, size, [], "text")
                continue
            gap = int(24 * s)
            for share in (0.5, 0.42, 0.58, 0.34):
                width = min(int(area.width * share), max_w)
                rows, height = _text_rows(page.paragraphs, size, width)
                if height > area.height:
                    continue
                grid_rect = pygame.Rect(area.x + width + gap, area.y, area.right - area.x - width - gap,
                                        area.height)
                g = self.grid(pictures, grid_rect, cap)
                if g is not None:
                    found.append((g[0], "side", rows, width, height, grid_rect, g))
            width = min(area.width, max_w)
            rows, height = _text_rows(page.paragraphs, size, width)
            top = height + (int(16 * s) if page.paragraphs else 0)
            if top < area.height:
                grid_rect = pygame.Rect(area.x, area.y + top, area.width, area.height - top)
                g = self.grid(pictures, grid_rect, cap)
                if g is not None:
                    found.append((g[0], "below", rows, width, height, grid_rect, g))
            if not found:
                continue
            best = max(found, key=lambda f: f[0])
            candidates.append((best[0], size, best))
            if best[0] >= MIN_SCORE:
                break
        if not candidates:     # even the smallest print does not fit: show what fits, say it does not
            size = sizes[-1]
            width = min(area.width, int(size * 40))
            rows, height = _text_rows(page.paragraphs, size, width)
            out = self._build(area, rows, width, height, size, [], "text")
            out.fits = False
            return out
        score, size, (sc, arrangement, rows, width, height, grid_rect, g) = max(candidates,
                                                                                key=lambda c: (c[0], c[1]))
        _score, cols, units, cap_h = g
        cells = self.place(pictures, grid_rect, max(13, size - 3), cols, units, cap_h,
                           share=0.5 if arrangement == "side" else 0.33)
        return self._build(area, rows, width, height, size, cells, arrangement)

    @staticmethod
    def _build(area, rows, width, height, size, cells, arrangement) -> PageLayout:
        out = PageLayout(area, size=size, cells=cells, arrangement=arrangement)
        out.text = [(surf, (area.x, area.y + y)) for surf, y in rows]
        out.text_rect = pygame.Rect(area.x, area.y, width, height)
        out.fits = height <= area.height and all(area.contains(r) for r in out.rects())
        return out
