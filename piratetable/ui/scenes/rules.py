"""The rules screen: a game's rules.md (the detailed rules, written for players) rendered readably and
scrollable, with a way to the game's illustrated How-to-play guide."""
from __future__ import annotations

import logging

import pygame

from ...i18n import _, translate_markdown
from .. import art
from .. import palette as P
from ..catalog import games
from ..keys import CLOSE, SPACED, Command, Keymap, end, home, key_name, page_down, page_up
from ..markdown import render_markdown
from ..outcomes import OpenGuide
from ..scene import Scene, pressed_in

log = logging.getLogger(__name__)
LINE = 40        # px a key's step scrolls (a page: the page's height less 60; the wheel: 60 a notch)
KEYS = Keymap([
    Command("back", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    Command("guide", (pygame.K_g,), key_name("G"), lambda: _("How to play"), lambda: _("a short illustrated guide")),
    Command("line_down", (pygame.K_DOWN,), key_name("↓")),
    Command("line_up", (pygame.K_UP,), key_name("↑")),
    Command("page_down", (pygame.K_PAGEDOWN, pygame.K_SPACE), page_down),
    Command("page_up", (pygame.K_PAGEUP,), page_up),
    Command("top", (pygame.K_HOME,), home),
    Command("bottom", (pygame.K_END,), end),
], form=SPACED)


def rules_text_of(entry_cls, game=None) -> str:
    """The rules text of a game class (or of a running game), never raising."""
    if game is not None:
        try:
            return game.rules_text()
        except Exception as exc:  # a plug-in game's bug: shown in place of its rules
            log.warning("the rules text cannot be read", exc_info=True)
            return _("The rules text cannot be shown: {reason}").format(reason=exc)
    try:
        from ...config.loader import load_config
        return entry_cls(load_config(entry_cls.id)).rules_text()
    except Exception:  # no default config, or a plug-in that cannot start: its rules text may still be there
        log.info("the game cannot be set up; reading its rules text without it", exc_info=True)
        try:
            return entry_cls.rules_text(entry_cls.__new__(entry_cls))
        except Exception as exc:  # a plug-in game's bug: shown in place of its rules
            log.warning("the rules text cannot be read", exc_info=True)
            return _("The rules text cannot be shown: {reason}").format(reason=exc)


class RulesScene(Scene):
    """From the title: a list of games beside the text; from the pause menu: the current game only."""

    keys = KEYS

    def __init__(self, app, game=None, from_guide: bool = False):
        super().__init__(app)
        self.game = game
        self.from_guide = from_guide      # opened from the guide: "How to play" goes back to it
        self.entries = [] if game is not None else [e for e in games()]
        self.current = 0
        self.scroll = 0
        self.rows: list[pygame.Surface] = []
        self._rows_key: tuple[int, int] | None = None
        self.drag = False

    def build(self) -> None:
        w, h = self.app.size
        self.game_buttons = []
        if self.entries:
            for i, e in enumerate(self.entries):
                label = _(e.name) if e.cls else _("{game} (unavailable)").format(game=e.id)
                btn = self.button((24, 96 + i * 54, 240, 46), label, tooltip=e.error, object_id="#rules_game")
                if e.cls is None:
                    btn.disable()
                self.game_buttons.append(btn)
            if self.entries[self.current].cls is None:
                ok = [i for i, e in enumerate(self.entries) if e.cls]
                self.current = ok[0] if ok else 0
            self._mark_current()
        self.back = self.button((w - 184, 20, 160, 44), KEYS.label("back"), object_id="#rules_back")
        self.guide_button = self.button((w - 184 - 12 - 190, 20, 190, 44), KEYS.label("guide", form=CLOSE),
                                        object_id="#rules_guide", tooltip=KEYS.tooltip("guide"))
        if not self.from_guide and self.game is None and not any(e.cls for e in self.entries):
            self.guide_button.disable()
        left = 290 if self.entries else 40
        self.page = pygame.Rect(left, 84, w - left - 40, h - 110)
        self._rows_key = None

    def _mark_current(self) -> None:
        for i, btn in enumerate(self.game_buttons):
            btn.select() if i == self.current else btn.unselect()

    def _ensure_rows(self) -> None:
        key = (self.current, self.page.width)
        if key == self._rows_key:
            return
        if self.game is not None:
            text = rules_text_of(type(self.game), self.game)
        elif self.entries and self.entries[self.current].cls is not None:
            text = rules_text_of(self.entries[self.current].cls)
        else:
            text = _("No game is available.")
        self.rows = render_markdown(translate_markdown(text), self.page.width - 48)
        self._rows_key = key
        self.scroll = 0

    @property
    def doc_height(self) -> int:
        return sum(r.get_height() for r in self.rows)

    def scroll_by(self, dy: int) -> None:
        self._ensure_rows()
        limit = max(0, self.doc_height - (self.page.height - 32))
        self.scroll = max(0, min(limit, self.scroll + dy))
        self.app.dirty = True

    def commands(self) -> dict:
        page = self.page.height - 60
        return {"back": self.close, "guide": self.open_guide, **{name: lambda dy=dy: self.scroll_by(dy) for name, dy in (
            ("line_down", LINE), ("line_up", -LINE), ("page_down", page), ("page_up", -page), ("top", -10**9),
            ("bottom", 10**9))}}

    def command_buttons(self) -> dict:
        return {self.back: "back", self.guide_button: "guide"}

    def handle(self, event) -> None:
        if pressed_in(event, (self.game_buttons, self.choose)) or self.run_command(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._bar().collidepoint(event.pos):
            self.drag = True
            self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = False
        elif event.type == pygame.MOUSEMOTION and self.drag:
            self._drag_to(event.pos[1])

    def choose(self, i: int) -> None:
        """Show the rules of game `i` of the list."""
        self.current = i
        self._rows_key = None
        self._mark_current()
        self.app.dirty = True

    def open_guide(self) -> None:
        """The How-to-play guide of the game shown (back to it when the guide opened these rules)."""
        if self.from_guide:
            self.close()
            return
        if self.game is not None:
            self.app.go(OpenGuide(self.game))
        elif self.entries and self.entries[self.current].cls is not None:
            self.app.go(OpenGuide(self.entries[self.current].cls))

    def _bar(self) -> pygame.Rect:
        return pygame.Rect(self.page.right - 18, self.page.y + 8, 12, self.page.height - 16)

    def _drag_to(self, y: int) -> None:
        bar = self._bar()
        frac = (y - bar.y) / max(1, bar.height)
        limit = max(0, self.doc_height - (self.page.height - 32))
        self.scroll = 0
        self.scroll_by(int(frac * limit))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        name = _(self.game.name) if self.game is not None else (
            _(self.entries[self.current].name) if self.entries else "")
        room = self.guide_button.rect.x - 24 - (40 if not self.entries else 24)
        size = 30
        title = t.render(_("Rules — {game}").format(game=name), size, P.GOLD_LIGHT, True)
        while title.get_width() > room and size > 16:
            size -= 1
            title = t.render(_("Rules — {game}").format(game=name), size, P.GOLD_LIGHT, True)
        surface.blit(title, (40 if not self.entries else 24, 24 + (30 - size) // 2))
        art.panel(surface, self.page, fill=(20, 30, 40), edge=P.PANEL_EDGE)
        self._ensure_rows()
        clip = surface.get_clip()
        inner = self.page.inflate(-24, -16)
        surface.set_clip(inner)
        y = inner.y + 8 - self.scroll
        for row in self.rows:
            rh = row.get_height()
            if y + rh >= inner.y and y <= inner.bottom:
                surface.blit(row, (inner.x + 8, y))
            y += rh
            if y > inner.bottom:
                break
        surface.set_clip(clip)
        total = self.doc_height
        if total > inner.height:
            bar = self._bar()
            pygame.draw.rect(surface, (44, 60, 72), bar, border_radius=6)
            knob_h = max(30, int(bar.height * inner.height / total))
            limit = max(1, total - (self.page.height - 32))
            ky = bar.y + int((bar.height - knob_h) * min(1.0, max(0, self.scroll) / limit))
            pygame.draw.rect(surface, P.GOLD, (bar.x, ky, bar.width, knob_h), border_radius=6)
        hint = t.render(_("Scroll: mouse wheel, arrow keys, {page_up} {page_down}, {top} {bottom}    {guide}: how to "
                          "play").format(**{name: KEYS.key(name) for name in ("page_up", "page_down", "top", "bottom",
                                                                               "guide")}), 14, P.MUTED)
        surface.blit(hint, (self.page.x, self.page.bottom + 4))
