"""Load a named save (app_home()/saves/*.json).

The folder is read off the drawing thread (`ui/saves.scan_saves`, with its index): the screen opens at once, the
list fills in newest first as the saves are read — a progress line says how far — and what is listed can be
chosen and loaded meanwhile."""
from __future__ import annotations

import time
from collections import deque

import pygame
import pygame_gui

from ...engine.match import Match
from ...i18n import _, grouped
from .. import art
from .. import palette as P
from ..growing_list import GrowingList
from ..keys import SPACED, TABLE_KEYS, Command, Keymap, enter, key_name
from ..outcomes import OpenReplay, StartMatch
from ..paths import autosave_path, saves_dir
from ..saves import confirm_replacing_autosave, load_save, save_facts_ok, scan_saves, summary_of
from ..scene import Scene
from ..text import font, sanitize

BATCH = 2000         # saves listed per frame at most (a label is made when its row first comes into view)
REDRAW_EVERY = 0.1   # seconds between redraws for the progress alone
KEYS = Keymap([
    Command("back", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    Command("replay", (pygame.K_p,), key_name("P"), lambda: _("Replay")),
    Command("load", (pygame.K_RETURN, pygame.K_KP_ENTER), enter, lambda: _("Load")),   # a double click too
], form=SPACED)


class LoadScene(Scene):
    """A list of save files, newest first; a bad file gives its message, never a traceback."""

    keys = KEYS

    def __init__(self, app):
        super().__init__(app)
        self.scan = scan_saves()
        self.found: list = []            # what the scan found and the list shows, in order
        self._todo: deque = deque()      # found but not listed yet
        self._made: dict[int, str] = {}  # the labels made so far (by place in the list)
        self._progress = ""
        self._drawn_at = -1.0
        self.list: GrowingList | None = None     # made by `build`

    def build(self) -> None:
        w, h = self.app.size
        chosen = self.list.selected_index() if self.list is not None else None
        self.list = GrowingList(pygame.Rect(w // 2 - 330, 120, 660, h - 260), self._label_at, len(self.found),
                                selected=chosen, manager=self.app.manager, container=self.root,
                                object_id="#save_list")
        self.load_btn = self.button((w // 2 - 100, h - 120, 200, 46), KEYS.label("load"), object_id="#load_button")
        self.back = self.button((w // 2 - 320, h - 120, 200, 46), KEYS.label("back"), object_id="#load_back")
        self.replay_btn = self.button((w // 2 + 120, h - 120, 200, 46), KEYS.label("replay"),
                                      object_id="#replay_button")
        self._enable()
        self._listen()

    @property
    def paths(self) -> list:
        return [f.path for f in self.found]

    @property
    def labels(self) -> list[str]:
        """Every label (made now where it was not yet)."""
        return [self._label_at(i) for i in range(len(self.found))]

    def _label_at(self, i: int) -> str:
        label = self._made.get(i)
        if label is None:
            label = self._made[i] = self._label(self.found[i])
        return label

    def language_changed(self) -> None:
        """The labels speak the language: they are made again as they come into view."""
        self._made.clear()

    def leave(self) -> None:
        super().leave()
        if self not in self.app.stack:   # closed (not built again for a new size or language): stop reading
            self.scan.stop()

    def _enable(self) -> None:
        for button in (self.load_btn, self.replay_btn):
            if self.found:
                button.enable()
            else:
                button.disable()

    # --- the folder, as it is read ------------------------------------------------------------------------
    def working(self) -> bool:
        return not self.scan.complete or bool(self._todo)

    def reading(self) -> list:
        return [] if self.scan.done else [self.scan.finished]

    def update(self, dt: float) -> bool:
        self._listen()
        return False

    def _listen(self) -> None:
        """List what the scan found since the last frame (at most BATCH saves a frame); redraw when the list
        grew or the progress line changed (at most every REDRAW_EVERY seconds for the line alone)."""
        if self.root is None or self.list is None:
            return
        self._todo.extend(self.scan.take())
        start = len(self.found)
        while self._todo and len(self.found) - start < BATCH:
            self.found.append(self._todo.popleft())
        new = len(self.found) - start
        if new:
            self.list.append(new)
            if start == 0:
                self._enable()
        progress = self._progress_line()
        if new or (progress != self._progress and (not progress or self.app.now - self._drawn_at >= REDRAW_EVERY)):
            self._progress = progress
            self._drawn_at = self.app.now
            self.app.dirty = True

    def _progress_line(self) -> str:
        if self.scan.complete and not self._todo:
            return ""
        total = self.scan.progress()[1]
        if total is None:
            return _("Reading saves…")
        return _("Reading saves… {done} of {total}").format(done=grouped(len(self.found)), total=grouped(total))

    def _label(self, found) -> str:
        """What the list says of a save: its name, the game with its players and moves, and when it was saved."""
        size = round(14 * self.app.settings.ui_scale)   # the list items are buttons: 14, times the UI scale
        room = 660 - 28
        text = self.app.text
        # the autosave in the language shown (its file's name is the program's, not one the player gave)
        name = _("Autosave") if found.path == autosave_path() else found.path.stem
        summary = summary_of(found.facts) if save_facts_ok(found.facts) else None
        if summary is None:
            label = text.ellipsize(_("{name} — cannot be read as a save").format(name=name), size, room)
        else:
            when = summary.saved or time.strftime("%Y-%m-%d %H:%M", time.localtime(found.mtime))
            head = text.ellipsize(name, size, room // 3)
            head, tail = f"{head}  —  ", f"  —  {when}"
            middle = text.ellipsize(summary.line(), size, max(40, room - font(size).size(head + tail)[0]))
            label = head + middle + tail
        return sanitize(label)

    # --- choosing -----------------------------------------------------------------------------------------
    def selected_path(self):
        at = self.list.selected_index() if self.list is not None else None
        if at is None and len(self.found) == 1:
            return self.found[0].path
        return self.found[at].path if at is not None else None

    def commands(self) -> dict:
        return {"back": self.close, "replay": self.replay_chosen, "load": self.load_chosen}

    def command_buttons(self) -> dict:
        return {self.back: "back", self.replay_btn: "replay", self.load_btn: "load"}

    def command_active(self, name: str) -> bool:
        return name != "replay" or bool(self.found)

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_chosen()
        else:
            self.run_command(event)

    def replay_chosen(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.notify(_("Choose a save in the list first."))
            return
        match = self._loaded(path)
        if match is not None:
            self.app.go(OpenReplay(match, path))

    def load_chosen(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.notify(_("Choose a save in the list first."))
            return
        confirm_replacing_autosave(self.app, lambda: self._load(path), _("Load this game"))

    def _load(self, path) -> None:
        match = self._loaded(path)
        if match is not None:
            self.app.go(StartMatch(match))

    def _loaded(self, path) -> Match | None:
        """The match of the save at `path`, or None once the person is told why it cannot be used."""
        loaded = load_save(path)
        if loaded[0] is None:
            self.app.message(loaded[1], title=_("Cannot load"))
        return loaded[0]

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        heading = t.render(_("Load a saved game"), 30, P.GOLD_LIGHT, True)
        surface.blit(heading, (w // 2 - 330, 40))
        if self._progress:   # how far the reading is, right of the heading
            room = 660 - heading.get_width() - 20
            line = t.render(t.ellipsize(self._progress, 15, max(40, room)), 15, P.MUTED)
            surface.blit(line, line.get_rect(bottomright=(w // 2 + 330, 40 + heading.get_height() - 6)))
        where = t.ellipsize(_("Saves live in {folder}").format(folder=saves_dir()), 15, min(660, w - 40))
        surface.blit(t.render(where, 15, P.MUTED), (max(20, w // 2 - 330), 86))
        if not self.found and self.scan.complete and not self._todo:
            lines = t.wrap(_("No saved games yet: use Save in the pause menu ({key} during a game).").format(
                key=TABLE_KEYS.key("menu")), 18, min(640, w - 60))
            for i, text in enumerate(lines):
                msg = t.render(text, 18, P.CREAM)
                surface.blit(msg, msg.get_rect(center=(w // 2, h // 2 + (i - len(lines) / 2) * 26)))
