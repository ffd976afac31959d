"""How to play: a game's short illustrated guide (`piratetable/games/<id>/guide.py`, typed pages from
`piratetable/table/guide.py`) drawn with the game's painters, a page at a time.

Each page shows its title, its paragraphs and a grid of pictures with captions (cards, dice, icons, card backs),
laid out to fit the window by the page layouter (`ui/pages.py`). ←/→, PgUp/PgDn, Home/End or the buttons and dots turn the pages; "Detailed
rules" opens the Rules scene for the game; Esc closes. Opened without a game, a row of tabs offers every game.

`open_guide(app, game)` is the entry point: `game` may be a Game bound to its config (a match's game, or one
built from the config chosen on the new-game screen), a Config, a game class, a game id, or None.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton

from ...i18n import _
from ...table.guide import BACK, CARD, DIE, Page, guide_module, pages_for
from .. import art
from .. import palette as P
from ..keys import Command, Keymap, end, home, key_name, page_down, page_up
from ..outcomes import OpenRules
from ..pages import Cell, Layouter, PageLayout, line_h
from ..scene import Scene, pressed_in

log = logging.getLogger(__name__)
KEYS = Keymap([
    Command("close", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Close")),
    Command("rules", (pygame.K_r,), key_name("R"), lambda: _("Detailed rules"), lambda: _("every rule in full")),
    Command("previous", (pygame.K_LEFT,), key_name("←"), lambda: "‹  " + _("Previous")),
    Command("next", (pygame.K_RIGHT, pygame.K_SPACE), key_name("→"), lambda: _("Next") + "  ›"),
    Command("page_up", (pygame.K_PAGEUP,), page_up),           # the page before, as ←
    Command("page_down", (pygame.K_PAGEDOWN,), page_down),       # the page after, as →
    Command("first", (pygame.K_HOME,), home),
    Command("last", (pygame.K_END,), end),
    Command("next_game", (pygame.K_TAB,), key_name("Tab")),                     # with a tab per game
    Command("previous_game", (pygame.K_TAB,), key_name("Shift+Tab"), shift=True),
])


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
                        _("The detailed rules are still there: press {key}.").format(key=KEYS.key("rules")),))]
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



# --- the scene ----------------------------------------------------------------------------------------------------
class GuideScene(Scene):
    """How to play, page by page; from the title (no game) with a tab per game."""

    title = "How to play"
    keys = KEYS

    def __init__(self, app, game=None, page: int = 0):
        super().__init__(app)
        self._game = game
        self.entries = resolve_entries(game)
        self.tabs = game is None and len(self.entries) > 1
        self.current = 0
        self.page = max(0, int(page))
        self._painters: dict[int, object] = {}
        self._layouts: dict = {}
        self.tab_buttons: list[UIButton] = []
        self.dots: list[pygame.Rect] = []
        self.hint_rect = pygame.Rect(0, 0, 0, 0)     # the key hint under the dots (set when drawn)

    def language_changed(self) -> None:
        self.entries = resolve_entries(self._game)     # names and pages made again, in the new language
        self._layouts.clear()

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
        self.app.go(OpenRules(self.game, from_guide=True))

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
        head = line_h(int(25 * s)) + int(14 * s)
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
        self.close_button = self.button((w - 20 - int(150 * s), 16, int(150 * s), bh), KEYS.label("close"),
                                        object_id=oid("#guide_close"))
        self.rules_button = self.button((self.close_button.rect.x - 12 - int(200 * s), 16, int(200 * s), bh),
                                        KEYS.label("rules"), object_id=oid("#guide_rules"),
                                        tooltip=KEYS.tooltip("rules"))
        # the labels whole: with their keys where they fit, else without, else smaller (text 150 % in a small window)
        self.fit_labels([(self.rules_button, KEYS.words("rules"), KEYS.key("rules"), KEYS.tooltip("rules")),
                         (self.close_button, KEYS.words("close"), KEYS.key("close"), None)])
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
        self.prev_button = self.button((20, y, int(170 * s), bh), KEYS.words("previous"),
                                       object_id=oid("#guide_prev"))
        self.next_button = self.button((w - 20 - int(170 * s), y, int(170 * s), bh), KEYS.words("next"),
                                       object_id=oid("#guide_next"))
        self._update_buttons()

    def _update_buttons(self) -> None:
        n = len(self.pages)
        self.page = max(0, min(n - 1, self.page))
        for btn, on in ((self.prev_button, self.page > 0), (self.next_button, self.page < n - 1)):
            btn.enable() if on else btn.disable()

    # --- input ------------------------------------------------------------------------------------------------
    def commands(self) -> dict:
        n = len(self.entries)
        return {"close": self.close, "rules": self.open_rules, "previous": lambda: self.turn(-1),
                "next": lambda: self.turn(1), "page_up": lambda: self.turn(-1), "page_down": lambda: self.turn(1),
                "first": lambda: self.go(0), "last": lambda: self.go(len(self.pages) - 1),
                "next_game": lambda: self.choose_game((self.current + 1) % n),
                "previous_game": lambda: self.choose_game((self.current - 1) % n)}

    def command_buttons(self) -> dict:
        return {self.close_button: "close", self.rules_button: "rules", self.prev_button: "previous",
                self.next_button: "next"}

    def command_active(self, name: str) -> bool:
        return self.tabs or name not in ("next_game", "previous_game")

    def handle(self, event) -> None:
        if self.run_command(event) or pressed_in(event, (self.tab_buttons, self.choose_game)):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
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
                img = _card(painters, item, r.size, detail)
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
        keys = {name: KEYS.key(name) for name in ("previous", "next", "page_up", "page_down", "rules", "close")}
        hint = self.app.text.render(_("{previous} / {next} or {page_up} / {page_down}: turn the page    {rules}: "
                                      "detailed rules    {close}: close").format(**keys), int(14 * s), P.MUTED)
        room = self.next_button.rect.x - self.prev_button.rect.right - 24
        if hint.get_width() > room:
            hint = self.app.text.render(_("{previous} / {next}: turn the page    {close}: close").format(**keys),
                                        int(14 * s), P.MUTED)
        self.hint_rect = hint.get_rect(midtop=(w // 2, cy + r + int(6 * s)))
        surface.blit(hint, self.hint_rect)


def _card(painters, card_id: str, size: tuple[int, int], detail: int) -> pygame.Surface:
    """A card face at `size`; a game whose faces carry their own text (`CARD_DETAIL` in its guide module) has
    them drawn at that width and scaled down, so that no text is cut off (kept in `art.cached`, as the faces
    themselves)."""
    if not detail or size[0] >= detail:
        return painters.card_face(card_id, size)

    def draw() -> pygame.Surface:
        big = painters.card_face(card_id, (detail, int(detail * size[1] / size[0])))
        return pygame.transform.smoothscale(big, size)
    return art.cached(("guide.face", type(painters).__name__, card_id, size, detail), draw)
