"""The pause menu over the table: resume, undo, save, rules, settings, quit to title."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art
from .. import palette as P
from ..keys import SPACED, Command, Keymap, key_name
from ..outcomes import OpenGuide, OpenSettings, SaveGame, ToTitle
from ..scene import Scene

KEYS = Keymap([
    Command("resume", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Resume")),
    Command("undo", (pygame.K_u,), key_name("U"), lambda: _("Undo last move")),
    Command("save", (pygame.K_s,), key_name("S"), lambda: _("Save game")),
    Command("rules", (pygame.K_h,), key_name("H"), lambda: _("How to play")),
    Command("settings", (pygame.K_o,), key_name("O"), lambda: _("Settings")),
    Command("quit", (pygame.K_q,), key_name("Q"), lambda: _("Quit to title")),
], form=SPACED)


class PauseScene(Scene):
    """Modal; the table stays drawn (dimmed) below and does not move meanwhile."""

    opaque = False
    keys = KEYS

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.note: tuple[str, bool] | None = None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 460, 520)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 60, self.box.y + 80
        self.buttons = {}
        for c in KEYS:
            self.buttons[c.name] = self.button((x, y, 340, 48), KEYS.label(c.name), object_id=f"#pause_{c.name}")
            y += 58
        refusal = self.table.match.undo_refusal(self.table.screen_seat)
        if refusal:   # a button that would only be refused is disabled, and the menu says why
            self.buttons["undo"].disable()
            self.refusal = _("Cannot undo: {reason}.").format(reason=refusal)
            self.buttons["undo"].tool_tip_text = self.refusal      # shown on hover (App.disabled_button_at)
            if self.note is None:
                self.note = (self.refusal, True)
        else:
            self.refusal = ""

    def language_changed(self) -> None:
        """A note said in the old language goes (the refusal is said again, in the new one, as the menu is built)."""
        self.note = None

    def commands(self) -> dict:
        app = self.app
        return {"resume": self.close, "undo": self.undo,
                "save": lambda: app.go(SaveGame(self.table.match), then=self._saved),
                "rules": lambda: app.go(OpenGuide(self.table.match.game)),
                "settings": lambda: app.go(OpenSettings()), "quit": lambda: app.go(ToTitle())}

    def command_buttons(self) -> dict:
        return {button: key for key, button in self.buttons.items()}

    def undo(self) -> None:
        """Undo the last move of the person at the screen, or say why not."""
        if self.refusal:
            self.note = (self.refusal, True)
        else:
            reason = self.table.try_undo()
            self.note = (_("Cannot undo: {reason}.").format(reason=reason), True) if reason else \
                (_("Your last move was taken back."), False)
        self.app.dirty = True

    def _saved(self, path) -> None:
        if path:
            self.note = (_("Saved to {path}").format(path=path), False)

    def draw(self, surface) -> None:
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=14, width=3)
        t = self.app.text
        title = t.render(_("Paused"), 30, P.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + 22)))
        if self.note:
            text, bad = self.note
            y = self.box.bottom - 70
            for line in t.wrap(text, 15, self.box.width - 40)[:3]:
                img = t.render(line, 15, P.RED_LIGHT if bad else P.CREAM, bad)
                surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
                y += 20
        else:
            tip = t.render(_("The game is autosaved after every move."), 14, P.MUTED)
            surface.blit(tip, tip.get_rect(midtop=(self.box.centerx, self.box.bottom - 50)))
