"""Scenes (Textual-style screen stack): only the top scene gets input; stack changes apply between frames."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from .text import WIDE_CLASS, widget_text

if TYPE_CHECKING:
    from .app import App

DIM = (0, 0, 0, 150)


class Scene:
    """One screen. Widgets live in `self.root` (built once in `build`, rebuilt only on a window resize)."""

    opaque = True       # False: the scenes below are drawn first (a dim veil in between)
    title = ""

    def __init__(self, app: App):
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None
        self.on_result: Callable | None = None
        self._dim: pygame.Surface | None = None

    # --- life cycle (called by the app between frames) ----------------------------------------------
    def enter(self) -> None:
        self.root = pygame_gui.core.UIContainer(pygame.Rect((0, 0), self.app.size), manager=self.app.manager)
        self.build()

    def build(self) -> None:
        """Create this scene's widgets inside `self.root`."""

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None

    def cover(self) -> None:
        if self.root is not None:
            self.root.hide()

    def uncover(self) -> None:
        if self.root is not None:
            self.root.show()
        self.app.dirty = True

    def language_changed(self) -> None:
        """The language changed: forget any text made in the old one (the widgets are built again after this)."""

    def resize(self) -> None:
        """The window changed size: rebuild the widgets from the scene's own model."""
        covered = self.root is not None and not self.root.visible
        self.leave()
        self.enter()
        if covered:
            self.cover()

    # --- per frame ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """An event pygame_gui did not consume (keys, clicks on the scene's own drawing, widget events)."""

    def update(self, dt: float) -> bool:
        """Advance timers; True while something moves (the app keeps drawing)."""
        return False

    def working(self) -> bool:
        """True while the scene does work in the background whose results it takes frame by frame (a folder
        being read): the loop keeps stepping (it does not sleep waiting for events), and draws only when the
        scene says it changed (`app.dirty`)."""
        return False

    def reading(self) -> list:
        """The futures of the scene's unfinished background reading (the tests' frames rest on them)."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene's own art under the widgets."""

    def draw_veil(self, surface: pygame.Surface) -> None:
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill(DIM)
        surface.blit(self._dim, (0, 0))

    # --- helpers --------------------------------------------------------------------------------------
    def close(self, result=None) -> None:
        """Pop this scene; the pusher's callback receives `result`."""
        self.app.pop(result, scene=self)

    def button(self, rect, text: str, tooltip: str | None = None, object_id: str | None = None,
               class_id: str | None = None, container=None) -> UIButton:
        text, wide = widget_text(text)
        return UIButton(pygame.Rect(rect), text, manager=self.app.manager, container=container or self.root,
                        tool_tip_text=widget_text(tooltip)[0] if tooltip else None,
                        object_id=ObjectID(class_id=WIDE_CLASS if wide and not class_id else class_id,
                                           object_id=object_id))

    def label(self, rect, text: str, object_id: str | None = None, class_id: str | None = None,
              container=None) -> UILabel:
        text, wide = widget_text(text)
        return UILabel(pygame.Rect(rect), text, manager=self.app.manager, container=container or self.root,
                       object_id=ObjectID(class_id=WIDE_CLASS if wide and not class_id else class_id,
                                          object_id=object_id))


def pressed(event, element) -> bool:
    """True for a pygame_gui button press of `element`."""
    return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is element


def key_is(event, *keys) -> bool:
    return event.type == pygame.KEYDOWN and event.key in keys
