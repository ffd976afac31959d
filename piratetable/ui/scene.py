"""Scenes (Textual-style screen stack): only the top scene gets input; stack changes apply between frames."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.core.interfaces import IGUIFontInterface
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ..i18n import language
from . import art
from .text import WIDE_CLASS, widget_text

if TYPE_CHECKING:
    from .app import App
    from .keys import Keymap

DIM = (0, 0, 0, 150)
LABEL_PRINT = 13     # px: a button's label prints smaller than its theme's size to fit, never smaller than this
LABEL_PAD = 16       # px of a button beside its label (its border and a little air)


def font_of(element: UIButton | UITextEntryLine) -> IGUIFontInterface:
    """The font pygame_gui gave a button or a text entry (None only until the element is built)."""
    font = element.font
    assert font is not None, element
    return font


class Scene:
    """One screen. Widgets live in `self.root` (built once in `build`, rebuilt only on a window resize)."""

    opaque = True       # False: the scenes below are drawn first (a dim veil in between)
    holds_a_game = False   # True: once gone, its match, screens and their C memory are let go at once (App._drop)
    title = ""
    keys: Keymap | None = None     # the scene's commands and their keys (`ui/keys.py`), run by `handle`

    def __init__(self, app: App):
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None
        self.on_result: Callable | None = None

    # --- life cycle (called by the app between frames) ----------------------------------------------
    def enter(self) -> None:
        self.root = pygame_gui.core.UIContainer(pygame.Rect((0, 0), self.app.size), manager=self.app.manager)
        self.build()
        if type(self).configs_changed is not Scene.configs_changed and hasattr(self.app, "configs"):
            self.app.configs.subscribe(self.configs_changed)     # it follows the user config folder (ui/watch.py)

    def build(self) -> None:
        """Create this scene's widgets inside `self.root`."""

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        if hasattr(self.app, "configs"):
            self.app.configs.unsubscribe(self.configs_changed)

    def cover(self) -> None:
        if self.root is not None:
            self.root.hide()

    def uncover(self) -> None:
        if self.root is not None:
            self.root.show()
        self.app.dirty = True

    def configs_changed(self, batch) -> None:
        """Files of the user config folder changed (a `folder_watch.Batch`, each file re-validated): a scene that
        lists or plays configs defines this to follow them; it is called while the scene is built (`enter` to
        `leave`), covered or not (`ui/watch.py`)."""

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
        """An event pygame_gui did not consume (keys, clicks on the scene's own drawing, widget events): here, a
        command of the scene's keys (`run_command`)."""
        self.run_command(event)

    # --- the scene's commands (its `keys`) ------------------------------------------------------------------
    def commands(self) -> dict[str, Callable[[], object]]:
        """What each command of `keys` runs (by its name)."""
        return {}

    def command_buttons(self) -> dict:
        """The scene's buttons that run a command of `keys` (widget → command name)."""
        return {}

    def command_active(self, name: str) -> bool:
        """Whether command `name` may run now: its keys and its button do nothing while it may not."""
        return True

    def key_taken(self, code: int) -> bool:
        """Whether the key is the game's own (a command with `game_first` gives way to it)."""
        return False

    def run_command(self, event: pygame.event.Event) -> bool:
        """Run the command of `keys` that `event` asks for (a key, or a press of its button); True when one ran."""
        if self.keys is None:
            return False
        name = self.keys.find(event, self.command_buttons(), self.command_active, self.key_taken)
        if name is None:
            return False
        self.run(name)
        return True

    def run(self, name: str) -> None:
        """Run the command `name` (for a key a widget took first: Enter in a text field ends it)."""
        self.commands()[name]()

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
        surface.blit(art.cached(("veil", surface.get_size()), _veil, surface.get_size()), (0, 0))

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

    def gui_font(self, size: int, wide: bool = False, bold: bool = False):
        """pygame_gui's Noto face at `size` px, as its widgets draw (Noto Sans KR for Korean, or a text that needs
        it)."""
        name = "noto_sans_kr" if wide or language() == "ko" else "noto_sans"
        fonts = self.app.manager.ui_theme.get_font_dictionary()
        if not fonts.check_font_preloaded(fonts.create_font_id(size, name, bold, False)):
            self.app.manager.preload_fonts([{"name": name, "point_size": size, "style": "bold" if bold else "regular"}])
        return fonts.find_font(size, name, bold=bold)

    def _theme_print(self, button: UIButton) -> tuple[int, bool]:
        """The print size and weight `button`'s theme asks for."""
        theme = self.app.manager.ui_theme.get_font_info(button.combined_element_ids)
        return int(theme.get("size", 14)), bool(theme.get("bold", False))

    def _face_at(self, button: UIButton, size: int):
        """`button`'s face at `size` px (its own font at its theme's size)."""
        asked, bold = self._theme_print(button)
        return button.font if size >= asked else self.gui_font(size, WIDE_CLASS in button.class_ids, bold)

    def label_need(self, button: UIButton, label: str, key: str | None = None) -> int:
        """The width `button` needs to show `label` with its key whole in its theme's print."""
        return font_of(button).size(widget_text(f"{label}  [{key}]" if key else label)[0])[0] + LABEL_PAD

    def fit_command_labels(self, *groups: tuple[str, ...], tips: tuple[str, ...] | None = None) -> None:
        """`fit_labels` for this scene's command buttons (`command_buttons`), each group of command names in one
        print, labelled from its `keys`: the command's words and key, and its tooltip (only for the names in `tips`
        when given)."""
        keys, buttons = self.keys, self.command_buttons()
        assert keys is not None
        for group in groups:
            self.fit_labels([(button, keys.words(name), keys.key(name),
                              keys.tooltip(name) if tips is None or name in tips else None)
                             for button, name in buttons.items() if name in group])

    def fit_labels(self, items: list[tuple[UIButton, str, str | None, str | None]]) -> None:
        """Label a row of buttons (button, label, key, tooltip) in one print, measured with pygame_gui's own fonts:
        the largest from their theme's down to LABEL_PRINT at which every label shows whole — with its key
        ("Seat: Anne Bonny  [S]") where that fits, else without it (the key still works); else every label at
        LABEL_PRINT, one too long cut with "…" and whole in its tooltip."""
        if not items:
            return
        prints = [self._theme_print(button)[0] for button, _l, _k, _t in items]
        chosen: list = []
        for size in range(max(prints), min(min(prints), LABEL_PRINT) - 1, -1):
            chosen = []
            for (button, label, key, _tip), own in zip(items, prints):
                f = self._face_at(button, min(size, own))
                text = widget_text(label)[0]
                full = widget_text(f"{label}  [{key}]")[0] if key else text
                chosen.append(next(((c, f) for c in (full, text) if f.size(c)[0] <= button.rect.width - LABEL_PAD),
                                   None))
            if all(chosen):
                break
        for i, ((button, label, _key, _tip), own) in enumerate(zip(items, prints)):
            if chosen[i] is None:          # too long even alone at the floor: cut with "…"
                f = self._face_at(button, min(LABEL_PRINT, own))
                chosen[i] = (_ellipsized(f, widget_text(label)[0], button.rect.width - LABEL_PAD), f)
        for (button, label, _key, tooltip), (text, f) in zip(items, chosen):
            if text != button.text or f is not button.font:
                button.text = text
                button.font = f
                button.rebuild()
            whole = widget_text(label)[0]
            if text != whole and text.endswith("…"):
                tooltip = whole + (" — " + tooltip if tooltip else "")
            button.tool_tip_text = widget_text(tooltip)[0] if tooltip else None

    def label(self, rect, text: str, object_id: str | None = None, class_id: str | None = None,
              container=None) -> UILabel:
        text, wide = widget_text(text)
        return UILabel(pygame.Rect(rect), text, manager=self.app.manager, container=container or self.root,
                       object_id=ObjectID(class_id=WIDE_CLASS if wide and not class_id else class_id,
                                          object_id=object_id))


def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The dim veil over the scenes under a modal one."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(DIM)
    return veil


def _ellipsized(f, text: str, room: int) -> str:
    """The longest head of `text` that fits `room` px with "…" in font `f`."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def pressed(event, element) -> bool:
    """True for a pygame_gui button press of `element`."""
    return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is element


def pressed_in(event, *rows: tuple) -> bool:
    """A press of one button of a row: each of `rows` is (buttons, act) — `buttons` a dict (key → button) or a
    list (key: its place) — and `act(key)` runs for the button pressed. True when one was."""
    if event.type != pygame_gui.UI_BUTTON_PRESSED:
        return False
    for buttons, act in rows:
        for key, button in (buttons.items() if isinstance(buttons, dict) else enumerate(buttons)):
            if event.ui_element is button:
                act(key)
                return True
    return False

