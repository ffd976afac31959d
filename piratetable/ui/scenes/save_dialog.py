"""Ask for a save name and write app_home()/saves/<name>.json."""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from ... import savegame
from ...i18n import _
from .. import art
from .. import palette as P
from ..keys import SPACED, Command, Keymap, enter, key_name
from ..outcomes import Ask
from ..paths import saves_dir
from ..saves import named_save_path, save_name_ok, unique_save_name
from ..scene import Scene

KEYS = Keymap([
    Command("cancel", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Cancel")),
    Command("save", (pygame.K_RETURN, pygame.K_KP_ENTER), enter, lambda: _("Save")),   # Enter in the name too
], form=SPACED)


class SaveDialog(Scene):
    """Result: the path written, or None when cancelled."""

    opaque = False
    keys = KEYS

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.name = unique_save_name(f"{match.game.id}-{time.strftime('%Y%m%d-%H%M%S')}")
        self.problem: str | None = None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 600, 260)
        self.box.center = (w // 2, h // 2)
        self.entry = UITextEntryLine(pygame.Rect(self.box.x + 30, self.box.y + 90, 540, 44),
                                     manager=self.app.manager, container=self.root, object_id="#save_name")
        self.entry.set_text(self.name)
        self.entry.focus()
        self.ok = self.button((self.box.right - 200, self.box.bottom - 66, 170, 46), KEYS.label("save"),
                              object_id="#save_ok")
        self.cancel = self.button((self.box.right - 390, self.box.bottom - 66, 170, 46), KEYS.label("cancel"),
                                  object_id="#save_cancel")

    def commands(self) -> dict:
        return {"cancel": lambda: self.close(None), "save": self.save}

    def command_buttons(self) -> dict:
        return {self.cancel: "cancel", self.ok: "save"}

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = self.entry.get_text()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.run("save")         # Enter in the name
        else:
            self.run_command(event)

    def save(self) -> None:
        self.name = self.entry.get_text()
        problem = save_name_ok(self.name)
        if problem:
            self.problem = problem
            self.app.dirty = True
            return
        path = named_save_path(self.name)
        if path.exists():   # never replace a save silently
            text = _("A save named {name} exists already. Replace it with this game?").format(name=path.stem)
            self.app.go(Ask(_("Replace the saved game?"), text, (("go", _("Replace it")), ("keep", _("Keep it"))),
                            default="keep"), then=lambda choice: self._write(path) if choice == "go" else None)
            return
        self._write(path)

    def _write(self, path) -> None:
        try:
            savegame.save(self.match, path)
        except OSError as exc:
            self.problem = _("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)
            self.app.dirty = True
            return
        self.close(str(path))

    def draw(self, surface) -> None:
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        t = self.app.text
        surface.blit(t.render(_("Save the game"), 24, P.GOLD_LIGHT, True), (self.box.x + 30, self.box.y + 20))
        where = t.ellipsize(_("Name (saved in {folder})").format(folder=saves_dir()), 14, self.box.width - 60)
        surface.blit(t.render(where, 14, P.MUTED), (self.box.x + 30, self.box.y + 64))
        if self.problem:
            for i, line in enumerate(t.wrap("(!) " + self.problem, 15, self.box.width - 60)[:2]):
                surface.blit(t.render(line, 15, P.RED_LIGHT, True), (self.box.x + 30, self.box.y + 142 + i * 20))
