"""Load a named save (app_home()/saves/*.json)."""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList

from ...i18n import _
from .. import art
from .. import palette as P
from ..paths import saves_dir
from ..saves import confirm_replacing_autosave, list_saves, load_save, save_summary
from ..scene import Scene, key_is, pressed
from ..text import font, sanitize


def _modified(path) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:   # gone meanwhile
        return ""


class LoadScene(Scene):
    """A list of save files, newest first; a bad file gives its message, never a traceback."""

    def build(self) -> None:
        w, h = self.app.size
        self.paths = list_saves()
        self.labels = []
        size = round(14 * self.app.settings.ui_scale)   # the list items are buttons: 14, times the UI scale
        room = 660 - 28
        for p in self.paths:
            summary = save_summary(p)
            if summary is None:
                label = self.app.text.ellipsize(_("{name} — cannot be read as a save").format(name=p.stem),
                                                size, room)
            else:
                when = summary.saved or _modified(p)
                head = self.app.text.ellipsize(p.stem, size, room // 3)
                head, tail = f"{head}  —  ", f"  —  {when}"
                middle = self.app.text.ellipsize(summary.line(), size,
                                                 max(40, room - font(size).size(head + tail)[0]))
                label = head + middle + tail
            self.labels.append(sanitize(label if label not in self.labels else f"{label} ({len(self.labels)})"))
        self.list = UISelectionList(pygame.Rect(w // 2 - 330, 120, 660, h - 260), self.labels,
                                    manager=self.app.manager, container=self.root, object_id="#save_list")
        self.load_btn = self.button((w // 2 - 100, h - 120, 200, 46), _("Load") + "   [Enter]", object_id="#load_button")
        self.back = self.button((w // 2 - 320, h - 120, 200, 46), _("Back") + "   [Esc]", object_id="#load_back")
        self.replay_btn = self.button((w // 2 + 120, h - 120, 200, 46),
                                      _("Replay") + "   [P]", object_id="#replay_button")
        if not self.paths:
            self.load_btn.disable()
            self.replay_btn.disable()

    def selected_path(self):
        sel = self.list.get_single_selection()
        if sel is None and len(self.paths) == 1:
            return self.paths[0]
        return self.paths[self.labels.index(sel)] if sel in self.labels else None

    def handle(self, event) -> None:
        if pressed(event, self.back) or key_is(event, pygame.K_ESCAPE):
            self.close()
        elif (pressed(event, self.replay_btn) or key_is(event, pygame.K_p)) and self.paths:
            path = self.selected_path()
            if path is None:
                self.app.notify(_("Choose a save in the list first."))
                return
            match, problem = load_save(path)
            if match is None:
                self.app.message(problem, title=_("Cannot load"))
                return
            from .replay import ReplayScene
            self.app.push(ReplayScene(self.app, match, path))
        elif pressed(event, self.load_btn) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER) or \
                (event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and
                 event.ui_element is self.list):
            path = self.selected_path()
            if path is None:
                self.app.notify(_("Choose a save in the list first."))
                return
            confirm_replacing_autosave(self.app, lambda: self._load(path), _("Load this game"))

    def _load(self, path) -> None:
        match, problem = load_save(path)
        if match is None:
            self.app.message(problem, title=_("Cannot load"))
            return
        from .table import TableScene
        self.app.reset_to(TableScene(self.app, match))

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        surface.blit(t.render(_("Load a saved game"), 30, P.GOLD_LIGHT, True), (w // 2 - 330, 40))
        where = t.ellipsize(_("Saves live in {folder}").format(folder=saves_dir()), 15, min(660, w - 40))
        surface.blit(t.render(where, 15, P.MUTED), (max(20, w // 2 - 330), 86))
        if not self.paths:
            lines = t.wrap(_("No saved games yet: use Save in the pause menu (Esc during a game)."), 18,
                           min(640, w - 60))
            for i, line in enumerate(lines):
                msg = t.render(line, 18, P.CREAM)
                surface.blit(msg, msg.get_rect(center=(w // 2, h // 2 + (i - len(lines) / 2) * 26)))
