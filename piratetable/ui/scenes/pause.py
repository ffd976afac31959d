"""The pause menu over the table: resume, undo, save, rules, settings, quit to title."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art
from .. import palette as P
from ..outcomes import OpenGuide, OpenSettings, SaveGame, ToTitle
from ..scene import Scene, pressed


class PauseScene(Scene):
    """Modal; the table stays drawn (dimmed) below and does not move meanwhile."""

    opaque = False

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
        for key, text in (("resume", _("Resume") + "   [Esc]"), ("undo", _("Undo last move") + "   [U]"),
                          ("save", _("Save game") + "   [S]"), ("rules", _("How to play") + "   [H]"),
                          ("settings", _("Settings") + "   [O]"), ("quit", _("Quit to title") + "   [Q]")):
            self.buttons[key] = self.button((x, y, 340, 48), text, object_id=f"#pause_{key}")
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

    def handle(self, event) -> None:
        for key, btn in self.buttons.items():
            if pressed(event, btn):
                self.choose(key)
                return
        keys = {pygame.K_ESCAPE: "resume", pygame.K_u: "undo", pygame.K_s: "save", pygame.K_h: "rules",
                pygame.K_o: "settings", pygame.K_q: "quit"}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.choose(keys[event.key])

    def choose(self, key: str) -> None:
        app = self.app
        if key == "resume":
            self.close()
        elif key == "undo":
            if self.refusal:
                self.note = (self.refusal, True)
                app.dirty = True
                return
            reason = self.table.try_undo()
            if reason:
                self.note = (_("Cannot undo: {reason}.").format(reason=reason), True)
            else:
                self.note = (_("Your last move was taken back."), False)
            app.dirty = True
        elif key == "save":
            app.go(SaveGame(self.table.match), then=self._saved)
        elif key == "rules":
            app.go(OpenGuide(self.table.match.game))
        elif key == "settings":
            app.go(OpenSettings())
        elif key == "quit":
            app.go(ToTitle())

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
