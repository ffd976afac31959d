"""How to play: a game's short illustrated guide (`piratetable/games/<id>/guide.py`, typed pages from
`piratetable/table/guide.py`) drawn with the game's painters, a page at a time.

Each page shows its title, its paragraphs and a grid of pictures with captions (cards, dice, icons, card backs),
laid out to fit the window: the text beside the pictures or above them, whichever leaves the pictures bigger,
with the largest print that fits. ←/→, PgUp/PgDn, Home/End or the buttons and dots turn the pages; "Detailed
rules" opens the Rules scene for the game; Esc closes. Opened without a game, a row of tabs offers every game.

`open_guide(app, game)` is the entry point: `game` may be a Game bound to its config (a match's game, or one
built from the config chosen on the new-game screen), a Config, a game class, a game id, or None.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field

import pygame

from ...i18n import _
from ...table.guide import BACK, CARD, DIE, ICON, Page, Picture, guide_module, pages_for
from .. import art
from .. import palette as P
from ..markdown import layout_rich
from ..scene import Scene, key_is, pressed
from ..text import TEXT, font

log = logging.getLogger(__name__)

FAN = 0.62            # a card of a fanned group shows this share of its width before the next one covers it
SPREAD = 0.08         # the gap between the cards of a group shown side by side, in card widths
DICE_GAP = 0.14       # gap between dice (or icons) of one picture, in die sizes
# the size at which a picture counts as fully readable, and the largest it is drawn (at 1280x720; times scale)
REF = {CARD: 118, BACK: 118, DIE: 70, ICON: 56}
MAX = {CARD: 150, BACK: 150, DIE: 84, ICON: 68}
MIN_SCORE = 0.72      # the largest print is kept while the pictures are at least this share of their REF size


# --- resolving what to show -------------------------------------------------------------------------------------
@dataclass
class GuideEntry:
    """One game the guide can show: its name, the game bound to a config (None: it cannot be loaded) and why."""

    name: str
    game: object | None
    error: str = ""
    pages: list[Page] | None = None

    def load_pages(self) -> list[Page]:
        if self.pages is None:
            if self.game is None:
                self.pages = [Page(self.name, (_("The guide cannot be shown: {why}").format(why=self.error),))]
            else:
                try:
                    self.pages = pages_for(self.game)
                except Exception as exc:  # a config the guide cannot describe: say so, keep the app alive
                    log.warning("the guide of %s cannot be built", self.name, exc_info=True)
                    self.pages = [Page(self.name, (
                        _("The guide cannot be shown for this table: {why}").format(
                            why=f"{type(exc).__name__}: {exc}"),
                        _("The detailed rules are still there: press R."),))]
        return self.pages


def _entry_for_class(cls, config=None) -> GuideEntry:
    try:
        if config is None:
            from ...config.loader import load_config
            config = load_config(cls.id)
        return GuideEntry(_(getattr(config, "title", "") or cls.name), cls(config))
    except Exception as exc:  # a plug-in game or a config it cannot start with: listed with its error
        log.warning("game %r cannot be set up for its guide", getattr(cls, "id", cls), exc_info=True)
        return GuideEntry(_(getattr(cls, "name", str(cls))), None, str(exc))


def resolve_entries(game) -> list[GuideEntry]:
    """The guide entries for `game` (see `open_guide`): one entry, or every registered game for None."""
    from ...config.loader import Config
    from ...engine import registry
    from ...engine.game import Game
    from ..catalog import GameEntry, games
    if isinstance(game, Game):
        return [GuideEntry(_(getattr(game.config, "title", "") or game.name), game)]
    if game is None:
        out = [_entry_for_class(e.cls) if e.cls is not None else
               GuideEntry(e.id, None, e.error or _("the game cannot be loaded")) for e in games()]
        return out or [GuideEntry(_("No game"), None, _("no game is installed"))]
    if isinstance(game, GameEntry):
        return [_entry_for_class(game.cls) if game.cls is not None else
                GuideEntry(game.id, None, game.error or _("the game cannot be loaded"))]
    if isinstance(game, type) and issubclass(game, Game):
        return [_entry_for_class(game)]
    if isinstance(game, (str, Config)):
        gid = game if isinstance(game, str) else game.game
        try:
            cls = registry.game_class(gid)
        except Exception as exc:  # a plug-in game's package with a bug (a SyntaxError …): listed with it
            log.warning("game %r cannot be loaded", gid, exc_info=True)
            return [GuideEntry(gid if isinstance(game, str) else game.title, None, str(exc))]
        return [_entry_for_class(cls, None if isinstance(game, str) else game)]
    return [GuideEntry(str(game), None, _("this is not a game"))]


def open_guide(app, game=None, page: int = 0) -> GuideScene:
    """Push the How-to-play guide of `game` (a Game bound to its config, a Config, a game class or id; None: every
    game, with tabs) and return the scene."""
    scene = GuideScene(app, game, page=page)
    app.push(scene)
    return scene


# --- laying out one page --------------------------------------------------------------------------------------
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


def _line_h(size: int) -> int:
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
        return sum(_line_h(size if bold else size - 1) for _t, bold in lines)

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
                    cy += _line_h(size)
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


# --- the scene ----------------------------------------------------------------------------------------------------
class GuideScene(Scene):
    """How to play, page by page; from the title (no game) with a tab per game."""

    title = "How to play"

    def __init__(self, app, game=None, page: int = 0):
        super().__init__(app)
        self._game = game
        self.entries = resolve_entries(game)
        self.tabs = game is None and len(self.entries) > 1
        self.current = 0
        self.page = max(0, int(page))
        self._painters: dict[int, object] = {}
        self._faces: dict[int, dict] = {}      # per game: card faces drawn large and scaled down
        self._layouts: dict = {}
        self.tab_buttons = []
        self.dots: list[pygame.Rect] = []
        self.hint_rect = pygame.Rect(0, 0, 0, 0)     # the key hint under the dots (set when drawn)

    def language_changed(self) -> None:
        self.entries = resolve_entries(self._game)     # names and pages made again, in the new language
        self._layouts.clear()
        self._faces.clear()

    # --- model ------------------------------------------------------------------------------------------------
    @property
    def entry(self) -> GuideEntry:
        return self.entries[self.current]

    @property
    def game(self):
        return self.entry.game

    @property
    def pages(self) -> list[Page]:
        return self.entry.load_pages()

    def painters(self):
        p = self._painters.get(self.current)
        if p is None and self.game is not None:
            from ..table.painters import painters_for
            p = self._painters[self.current] = painters_for(self.game)
        return p

    def _card_detail(self) -> int:
        """The width at which the game's card faces show all their text (`CARD_DETAIL` of its guide module)."""
        key = ("detail", self.current)
        if key not in self._layouts:
            module = guide_module(self.game) if self.game is not None else None
            self._layouts[key] = int(getattr(module, "CARD_DETAIL", 0) or 0)
        return self._layouts[key]

    def turn(self, delta: int) -> None:
        self.go(self.page + delta)

    def go(self, page: int) -> None:
        page = max(0, min(len(self.pages) - 1, page))
        if page != self.page:
            self.page = page
            self._update_buttons()
            self.app.dirty = True

    def choose_game(self, i: int) -> None:
        if 0 <= i < len(self.entries) and i != self.current:
            self.current, self.page = i, 0
            self.resize()

    def open_rules(self) -> None:
        if self.game is None:
            self.app.notify(_("The rules of this game cannot be shown: {why}").format(why=self.entry.error))
            return
        from .rules import RulesScene
        self.app.push(RulesScene(self.app, self.game, from_guide=True))

    # --- geometry ---------------------------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return max(1.0, self.app.ui_scale)

    def _frame(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(the page panel, the content area inside it below the page title)."""
        w, h = self.app.size
        s = self.scale
        top = int(70 * s) + (int(50 * s) if self.tabs else 0)
        panel = pygame.Rect(20, top, w - 40, h - top - int(80 * s))
        head = _line_h(int(25 * s)) + int(14 * s)
        pad = int(22 * s)
        area = pygame.Rect(panel.x + pad, panel.y + int(12 * s) + head, panel.width - 2 * pad,
                           panel.height - head - int(12 * s) - int(16 * s))
        return panel, area

    def layout(self, index: int | None = None) -> PageLayout:
        """The layout of page `index` (default: the current page) in the current window."""
        index = self.page if index is None else index
        page = self.pages[index]
        _panel, area = self._frame()
        key = (self.current, index, self.app.size)
        out = self._layouts.get(key)
        if out is None:
            painters = self.painters()
            ratio = getattr(painters, "card_ratio", 1.45)
            out = self._layouts[key] = Layouter(ratio, self.scale).layout(page, area)
        return out

    # --- widgets ----------------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        s = self.scale
        bh = int(44 * s)
        big = s >= 1.3          # a big window: the theme's larger button print

        def oid(name: str) -> str:
            return "#menu_button_l" if big else name
        self.close_button = self.button((w - 20 - int(150 * s), 16, int(150 * s), bh), _("Close") + "  [Esc]",
                                        object_id=oid("#guide_close"))
        self.rules_button = self.button((self.close_button.rect.x - 12 - int(200 * s), 16, int(200 * s), bh),
                                        _("Detailed rules") + "  [R]", object_id=oid("#guide_rules"),
                                        tooltip=_("every rule in full"))
        if self.game is None:
            self.rules_button.disable()
        self.tab_buttons = []
        if self.tabs:
            n = len(self.entries)
            tw = min(int(250 * s), (w - 40 - (n - 1) * 10) // n)
            for i, e in enumerate(self.entries):
                btn = self.button((20 + i * (tw + 10), int(70 * s), tw, int(40 * s)), e.name,
                                  object_id="#guide_tab", tooltip=e.error or None)
                if i == self.current:
                    btn.select()
                self.tab_buttons.append(btn)
        y = h - int(62 * s)
        self.prev_button = self.button((20, y, int(170 * s), bh), "‹  " + _("Previous"),
                                       object_id=oid("#guide_prev"))
        self.next_button = self.button((w - 20 - int(170 * s), y, int(170 * s), bh), _("Next") + "  ›",
                                       object_id=oid("#guide_next"))
        self._update_buttons()

    def _update_buttons(self) -> None:
        n = len(self.pages)
        self.page = max(0, min(n - 1, self.page))
        for btn, on in ((self.prev_button, self.page > 0), (self.next_button, self.page < n - 1)):
            btn.enable() if on else btn.disable()

    # --- input ------------------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if pressed(event, self.close_button) or key_is(event, pygame.K_ESCAPE):
            self.close()
            return
        if pressed(event, self.rules_button) or key_is(event, pygame.K_r):
            self.open_rules()
            return
        if pressed(event, self.prev_button):
            self.turn(-1)
            return
        if pressed(event, self.next_button):
            self.turn(1)
            return
        for i, btn in enumerate(self.tab_buttons):
            if pressed(event, btn):
                self.choose_game(i)
                return
        keys = {pygame.K_LEFT: -1, pygame.K_PAGEUP: -1, pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1, pygame.K_SPACE: 1}
        if event.type == pygame.KEYDOWN:
            if event.key in keys:
                self.turn(keys[event.key])
            elif event.key == pygame.K_HOME:
                self.go(0)
            elif event.key == pygame.K_END:
                self.go(len(self.pages) - 1)
            elif event.key == pygame.K_TAB and self.tabs:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.choose_game((self.current + step) % len(self.entries))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, dot in enumerate(self.dots):
                if dot.inflate(10, 10).collidepoint(event.pos):
                    self.go(i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)

    # --- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        room = self.rules_button.rect.x - 24 - 20
        title = _("How to play") if self.tabs else _("How to play — {game}").format(game=self.entry.name)
        size = int(30 * s)
        img = t.render(title, size, P.GOLD_LIGHT, True)
        while img.get_width() > room and size > 16:
            size -= 1
            img = t.render(title, size, P.GOLD_LIGHT, True)
        surface.blit(img, img.get_rect(midleft=(24, 16 + int(22 * s))))
        panel, area = self._frame()
        art.panel(surface, panel, fill=(20, 30, 40), edge=P.PANEL_EDGE, radius=12)
        pages = self.pages
        page = pages[self.page]
        head_size = int(25 * s)
        count = t.render(_("Page {n} of {total}").format(n=self.page + 1, total=len(pages)), int(15 * s), P.MUTED)
        head = t.render(page.title, head_size, P.GOLD_LIGHT, True)
        while head.get_width() > panel.width - count.get_width() - 3 * int(22 * s) and head_size > 14:
            head_size -= 1
            head = t.render(page.title, head_size, P.GOLD_LIGHT, True)
        surface.blit(head, (area.x, panel.y + int(12 * s)))
        surface.blit(count, count.get_rect(topright=(area.right, panel.y + int(18 * s))))
        rule_y = area.y - int(8 * s)
        pygame.draw.line(surface, (80, 100, 112), (area.x, rule_y), (area.right, rule_y), 1)
        lay = self.layout()
        clip = surface.get_clip()
        surface.set_clip(area)
        for row, pos in lay.text:
            surface.blit(row, pos)
        painters = self.painters()
        for cell in lay.cells:
            self._draw_picture(surface, painters, cell)
            for img, pos in cell.caption:
                surface.blit(img, pos)
        surface.set_clip(clip)
        self._draw_footer(surface, len(pages))

    def _draw_picture(self, surface, painters, cell: Cell) -> None:
        if painters is None:
            return
        p = cell.picture
        detail = self._card_detail() if p.kind == CARD else 0
        for item, r in zip(p.items, cell.items):
            if p.kind == CARD:
                img = _card(painters, item, r.size, detail, self._faces.setdefault(self.current, {}))
            elif p.kind == BACK:
                img = painters.card_back(r.size)
            elif p.kind == DIE:
                img = painters.die(item, r.width)
            else:
                img = painters.icon(item, r.width)
            if p.kind in (CARD, BACK):   # a soft shadow under a card
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=max(4, r.width // 12))
                surface.blit(shade, r.move(3, 4))
            surface.blit(img, img.get_rect(center=r.center))

    def _draw_footer(self, surface, n: int) -> None:
        w, h = surface.get_size()
        s = self.scale
        cy = self.prev_button.rect.centery - int(8 * s)
        r = int(6 * s)
        step = int(24 * s)
        x0 = w // 2 - (n - 1) * step // 2
        self.dots = []
        for i in range(n if n > 1 else 0):
            c = (x0 + i * step, cy)
            if i == self.page:
                pygame.draw.circle(surface, P.GOLD_LIGHT, c, r)
            else:
                pygame.draw.circle(surface, (90, 104, 112), c, r, max(1, r // 3))
            self.dots.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        hint = self.app.text.render(_("Left / Right or PgUp / PgDn: turn the page    R: detailed rules    "
                                      "Esc: close"), int(14 * s), P.MUTED)
        room = self.next_button.rect.x - self.prev_button.rect.right - 24
        if hint.get_width() > room:
            hint = self.app.text.render(_("Left / Right: turn the page    Esc: close"), int(14 * s), P.MUTED)
        self.hint_rect = hint.get_rect(midtop=(w // 2, cy + r + int(6 * s)))
        surface.blit(hint, self.hint_rect)


def _card(painters, card_id: str, size: tuple[int, int], detail: int, cache: dict) -> pygame.Surface:
    """A card face at `size`; a game whose faces carry their own text (`CARD_DETAIL` in its guide module) has
    them drawn at that width and scaled down, so that no text is cut off (`cache`: the scene's, per game)."""
    if not detail or size[0] >= detail:
        return painters.card_face(card_id, size)
    key = ("face", card_id, size)
    img = cache.get(key)
    if img is None:
        big = painters.card_face(card_id, (detail, int(detail * size[1] / size[0])))
        img = cache[key] = pygame.transform.smoothscale(big, size)
    return img
