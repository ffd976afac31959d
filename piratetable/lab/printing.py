"""Print and play: what a variant puts on paper (its cards with their counts, its dice faces, its tokens) and how
they are laid out on A4 or Letter pages with cut marks. Plain numbers in millimetres, no pygame: the drawing is
`piratetable/ui/print_sheets.py`, the command `piratetable cards` (docs/lab.md#print-and-play).

A game lists what it prints in `print_deck(game)`: the built-in games here, from their config's content (the
counts of the config, its own card ids); a plug-in game by a method `print_deck()` on its Game class returning a
`PrintDeck`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine.errors import PirateTableError

MM_PER_INCH = 25.4
POKER_MM = (63.5, 88.9)           # 2.5 × 3.5 in, the size of a poker card (Piraten Kapern, Piratz, Pirataki)
# The Italian regional decks are narrow and long: Piacentine 52 × 94 mm, Bergamasche and Milanesi 50 × 94 mm (the
# makers' sheets; docs/lab.md#print-and-play). Petrangola is played with them.
ITALIAN_MM = (52.0, 94.0)
DIE_STICKER_MM = 13.0             # a face's sticker for a 16 mm blank die (its flat face, inside the rounded edges)
TOKEN_MM = 16.0                   # a token (Piratz's scoring cubes), the size of a 16 mm cube's face

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
GUTTER = 3.0                      # between two pieces: each has its own cut lines
SIDE = 6.0                        # the least margin left, right and at the bottom (the cut marks stand in it)
TOP = 13.0                        # the header's band above the grid, with the cut marks under it
MARK_GAP = 1.0                    # a cut mark starts this far from the grid …
MARK_LEN = 4.0                    # … and is this long (less where the paper's edge is nearer)
MARK_EDGE = 1.5                   # no mark comes nearer to the paper's edge than this
MARK_WIDTH = 0.25                 # mm, dark


@dataclass(frozen=True)
class Item:
    """One kind of piece: its id for the painters (a card id, a die face, an icon name) and how many to print."""

    id: str
    count: int
    mark: str = ""                 # printed in a corner of the piece (e.g. Piratz's "3+": not with two players)


@dataclass(frozen=True)
class Section:
    """A run of pieces of one size: the cards (with backs), a die's stickers, tokens."""

    kind: str                      # "card" | "die" | "token"
    items: tuple[Item, ...]
    size_mm: tuple[float, float]
    backs: bool = False

    @property
    def total(self) -> int:
        return sum(i.count for i in self.items)

    def pieces(self) -> list[str]:
        """Every piece in print order (an item `count` times in a row)."""
        return [i.id for i in self.items for _ in range(i.count)]

    def mark(self, piece: str) -> str:
        return next((i.mark for i in self.items if i.id == piece), "")


@dataclass(frozen=True)
class PrintDeck:
    sections: tuple[Section, ...]

    def section(self, kind: str) -> Section | None:
        return next((s for s in self.sections if s.kind == kind), None)


# --- what each game prints ---------------------------------------------------------------------------------------
def print_deck(game, card_mm: tuple[float, float] | None = None) -> PrintDeck:
    """What `game` (a Game bound to its config) puts on paper; `card_mm` overrides the card size. A game says it in
    its part `printing` (`games/<id>/printing.py`, found by `Game.part` as every part is: `print_deck(content)`),
    or a plug-in's Game class by a `print_deck()` method."""
    own = getattr(game, "print_deck", None)
    if callable(own):
        deck = own()
    else:
        part = game.part("printing") if hasattr(game, "part") else None
        if part is None:
            raise PirateTableError(f"the game {getattr(game, 'id', game)!r} does not list its cards for printing "
                                   "(a plug-in game gives its Game class a print_deck() method)")
        deck = part.print_deck(game.config.content)
    if card_mm is not None:
        deck = PrintDeck(tuple(Section(s.kind, s.items, card_mm, s.backs) if s.kind == "card" else s
                               for s in deck.sections))
    return deck


# --- the layout ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    """As many pieces of one size as fit a page: `cols` × `rows` with 3 mm gutters, centred left to right (so that
    a back page, mirrored, lies under its front when printed double-sided)."""

    paper: tuple[float, float]     # (width, height) as the page is printed: landscape when wider than high
    cols: int
    rows: int
    size: tuple[float, float]
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.paper[0] > self.paper[1]

    def slot(self, i: int, mirrored: bool = False) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the i-th place on the page; `mirrored`: where its back goes."""
        row, col = divmod(i, self.cols)
        if mirrored:
            col = self.cols - 1 - col
        w, h = self.size
        return self.x0 + col * (w + GUTTER), self.y0 + row * (h + GUTTER), w, h

    def marks(self, n: int) -> list[tuple[float, float, float, float]]:
        """The cut marks of a page holding `n` pieces: (x1, y1, x2, y2) lines in the margins, outside the grid,
        on every cut line (each column's two edges above and below the grid, each row's two edges left and
        right of it)."""
        if n <= 0:
            return []
        cols, rows = min(n, self.cols), -(-n // self.cols)
        w, h = self.size
        right = self.x0 + cols * w + (cols - 1) * GUTTER
        bottom = self.y0 + rows * h + (rows - 1) * GUTTER
        pw, ph = self.paper
        out = []
        for c in range(cols):
            for x in (self.x0 + c * (w + GUTTER), self.x0 + c * (w + GUTTER) + w):
                out.append((x, self.y0 - MARK_GAP, x, max(MARK_EDGE, self.y0 - MARK_GAP - MARK_LEN)))
                out.append((x, bottom + MARK_GAP, x, min(ph - MARK_EDGE, bottom + MARK_GAP + MARK_LEN)))
        for r in range(rows):
            for y in (self.y0 + r * (h + GUTTER), self.y0 + r * (h + GUTTER) + h):
                out.append((self.x0 - MARK_GAP, y, max(MARK_EDGE, self.x0 - MARK_GAP - MARK_LEN), y))
                out.append((right + MARK_GAP, y, min(pw - MARK_EDGE, right + MARK_GAP + MARK_LEN), y))
        return out


def _fit(room: float, size: float) -> int:
    return max(0, math.floor((room + GUTTER) / (size + GUTTER) + 1e-9))


def _grid(paper: tuple[float, float], size: tuple[float, float]) -> Grid:
    pw, ph = paper
    w, h = size
    cols, rows = _fit(pw - 2 * SIDE, w), _fit(ph - TOP - SIDE, h)
    gw, gh = cols * w + (cols - 1) * GUTTER, rows * h + (rows - 1) * GUTTER
    return Grid(paper, cols, rows, size, (pw - gw) / 2, TOP + (ph - TOP - SIDE - gh) / 2)


def grid_for(paper: str, size: tuple[float, float]) -> Grid:
    """The page, upright or on its side, that holds the most pieces of `size` (upright when equal)."""
    if paper not in PAPERS:
        raise PirateTableError(f"--paper {paper}: unknown paper (one of {', '.join(PAPERS)})")
    w, h = PAPERS[paper]
    upright, side = _grid((w, h), size), _grid((h, w), size)
    best = side if side.per_page > upright.per_page else upright
    if best.per_page == 0:
        raise PirateTableError(f"a piece of {size[0]:g} × {size[1]:g} mm does not fit on {paper} paper")
    return best


@dataclass(frozen=True)
class Page:
    """One printed page: the pieces of a section (in slot order) on its grid, a front or the backs of a front."""

    section: Section
    grid: Grid
    pieces: tuple[str, ...]
    back: bool = False
    front_page: int = 0            # for a back page: the number (from 1) of the page it is the back of

    def placements(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """(piece id, slot) of every piece on the page; a back page: "back" at the mirrored slots."""
        return [("back" if self.back else piece, self.grid.slot(i, mirrored=self.back))
                for i, piece in enumerate(self.pieces)]

    def marks(self) -> list[tuple[float, float, float, float]]:
        return [] if self.back else self.grid.marks(len(self.pieces))


def pages(deck: PrintDeck, paper: str) -> list[Page]:
    """Every page in print order: a section's fronts, each followed by its backs when the section has backs (so
    that a double-sided print puts every back behind its card)."""
    out: list[Page] = []
    for section in deck.sections:
        if not section.total:
            continue
        grid = grid_for(paper, section.size_mm)
        pieces = section.pieces()
        for start in range(0, len(pieces), grid.per_page):
            chunk = tuple(pieces[start:start + grid.per_page])
            out.append(Page(section, grid, chunk))
            if section.backs:
                out.append(Page(section, grid, chunk, back=True, front_page=len(out)))
    return out


# --- Tabletop Simulator ---------------------------------------------------------------------------------------
TTS_COLS, TTS_ROWS = 10, 7
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1    # the last slot (bottom right) is the face shown for a hidden card
TTS_MAX_PX = 4096                          # the longest side of a sheet: every graphics card loads it


def tts_sheets(pieces: list[str]) -> list[list[str]]:
    """The cards of each Tabletop Simulator sheet, at most 69 a sheet, in order."""
    return [pieces[i:i + TTS_PER_SHEET] for i in range(0, len(pieces), TTS_PER_SHEET)]


def tts_cell(card_px: tuple[int, int]) -> tuple[int, int]:
    """The size of a card on a sheet: as printed, or smaller (same shape) so that the sheet stays within 4096 px."""
    w, h = card_px
    k = min(1.0, TTS_MAX_PX / (w * TTS_COLS), TTS_MAX_PX / (h * TTS_ROWS))
    return max(1, int(w * k)), max(1, int(h * k))


def px(mm: float, dpi: int) -> int:
    return max(1, round(mm / MM_PER_INCH * dpi))
