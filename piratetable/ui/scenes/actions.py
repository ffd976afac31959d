"""Every legal action in a list (the generic renderer's "All actions…"), or typed in the game's notation."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextEntryLine

from ...engine.errors import IllegalAction
from .. import art, palette as P
from ..scene import Scene, key_is, pressed


class ActionListScene(Scene):
    """Result: the chosen Action (checked against the legal ones), or None."""

    opaque = False

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.legal = table.match.legal()
        self.labels = [str(a) for a in self.legal]
        self.problem: str | None = None

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 640, min(620, h - 40))
        self.box.center = (w // 2, h // 2)
        m = self.app.manager
        self.list = UISelectionList(pygame.Rect(self.box.x + 24, self.box.y + 64, self.box.width - 48,
                                                self.box.height - 220), self.labels, manager=m,
                                    container=self.root, object_id="#action_list")
        self.entry = UITextEntryLine(pygame.Rect(self.box.x + 24, self.box.bottom - 140, self.box.width - 48, 42),
                                     manager=m, container=self.root, object_id="#action_text",
                                     placeholder_text="or type an action, e.g. " + (self.labels[0] if self.labels
                                                                                    else ""))
        self.ok = self.button((self.box.right - 204, self.box.bottom - 70, 180, 46), "Play   [Enter]",
                              object_id="#action_ok")
        self.cancel = self.button((self.box.right - 396, self.box.bottom - 70, 180, 46), "Cancel   [Esc]",
                                  object_id="#action_cancel")

    def handle(self, event) -> None:
        if pressed(event, self.cancel) or key_is(event, pygame.K_ESCAPE):
            self.close(None)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.choose()
        elif pressed(event, self.ok) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER) or \
                (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry):
            self.choose()

    def choose(self) -> None:
        typed = self.entry.get_text().strip()
        if typed:
            try:
                action = self.table.match.game.parse_action(typed)
            except IllegalAction as exc:
                self.problem = str(exc)
                self.app.dirty = True
                return
            if action not in self.legal:
                reason = self.table.match.game.refusal_reason(self.table.match.state, action)
                self.problem = f"{action}: {reason}"
                self.app.dirty = True
                return
            self.close(action)
            return
        sel = self.list.get_single_selection()
        if sel in self.labels:
            self.close(self.legal[self.labels.index(sel)])
        else:
            self.problem = "choose an action in the list, or type one"
            self.app.dirty = True

    def draw(self, surface) -> None:
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        t = self.app.text
        surface.blit(t.render(f"All legal actions ({len(self.legal)})", 22, P.GOLD_LIGHT, True),
                     (self.box.x + 24, self.box.y + 20))
        if self.problem:
            line = t.wrap("(!) " + self.problem, 15, self.box.width - 48)[0]
            surface.blit(t.render(line, 15, P.RED_LIGHT, True), (self.box.x + 24, self.box.bottom - 94))
