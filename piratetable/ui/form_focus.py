"""The new-game form's keyboard focus (`ui/scenes/new_game.py`): its controls in reading order, the one focused (the
scene draws a gold ring round it), found again by its key (kind, index) when the widgets are built anew.

Tab / Shift+Tab and the arrows move it; Space presses the focused control; Left and Right change the game (on the
games) or a seat's kind; Up and Down change the variant (on the list). The keys are the new-game scene's commands
made here (`FOCUS_KEYS`), which run `run` here."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from ..i18n import _
from . import palette as P
from .keys import Command, key_name

SEAT_KINDS = ("name", "kind", "remove")     # a seat's controls, one of each per seat
RING = 4    # px: the ring's reach round a control (the seat list leaves it room round its rows; more under the
#             last, for the scroll bar's own rounding of where it stops)
FOCUS_KEYS = (Command("next_field", (pygame.K_TAB,), key_name("Tab")),
              Command("previous_field", (pygame.K_TAB,), key_name("Shift+Tab"), shift=True),
              Command("left", (pygame.K_LEFT,), key_name("←")), Command("right", (pygame.K_RIGHT,), key_name("→")),
              Command("up", (pygame.K_UP,), key_name("↑")), Command("down", (pygame.K_DOWN,), key_name("↓")),
              Command("press", (pygame.K_SPACE,), lambda: _("Space")))


class FormFocus:
    """The focus of one new-game scene (`scene`: its widgets, and what pressing them does)."""

    def __init__(self, scene):
        self.scene = scene
        self.items: list[tuple[str, UIElement | None]] = []   # (kind, the control; None: the games)
        self.at = 0
        self.key: tuple[str, int] | None = None     # where the focus goes when the widgets are built again
        self.drawn: pygame.Rect | None = None       # the ring as last drawn (clipped)

    def order(self) -> None:
        """The focusable controls in reading order: the games, the variants, each seat's name, kind and ×, Add,
        the seed, How to play, Reload, Back, Start (the focus starts on Start)."""
        sc = self.scene
        order: list[tuple[str, UIElement | None]] = [("games", None), ("variants", sc.variant_list)]
        for i in range(len(sc.seats)):
            order += [("name", sc.name_entries[i]), ("kind", sc.kind_buttons[i]), ("remove", sc.remove_buttons[i])]
        order += [("add", sc.add_button), ("seed", sc.seed_entry), ("guide", sc.guide_button),
                  ("reload", sc.reload), ("back", sc.back), ("start", sc.start)]
        self.items = [(kind, el) for kind, el in order if el is None or el.is_enabled]
        keys = [self.key_of(i) for i in range(len(self.items))]
        self.at = keys.index(self.key) if self.key in keys else (keys.index(("start", 0)) if ("start", 0) in keys
                                                                 else 0)

    def key_of(self, i: int) -> tuple[str, int]:
        kind, el = self.items[i]
        if kind in SEAT_KINDS:
            sc = self.scene
            return kind, [sc.name_entries, sc.kind_buttons, sc.remove_buttons][SEAT_KINDS.index(kind)].index(el)
        return kind, 0

    def rect(self) -> pygame.Rect | None:
        """Where the keyboard focus is (the rectangle drawn around it)."""
        if not self.items:
            return None
        kind, el = self.items[self.at]
        if kind == "games":
            buttons = self.scene.game_buttons
            return buttons[self.scene.form.game_index].rect.copy() if buttons else None
        return el.rect.copy() if el is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        """The gold ring round the focused control; a seat's ring stays inside the seat list, never over its
        headings or "Add a seat" (clipped where the list cuts its row)."""
        focus = self.rect()
        self.drawn = None
        if focus is None:
            return
        ring = focus.inflate(2 * RING - 2, 2 * RING - 2)
        inside = self.scene.seat_area if self.items[self.at][0] in SEAT_KINDS else surface.get_rect()
        held = surface.get_clip()
        surface.set_clip(inside)
        pygame.draw.rect(surface, P.GOLD_LIGHT, ring, 2, border_radius=10)
        surface.set_clip(held)
        self.drawn = ring.clip(inside)

    def move(self, step: int) -> None:
        if not self.items:
            return
        self.at = (self.at + step) % len(self.items)
        self.key = self.key_of(self.at)
        self.show()
        self.scene.app.dirty = True

    def show(self) -> None:
        """Give a focused text field the keyboard, and scroll a focused seat into view."""
        if not self.items:
            return
        kind, el = self.items[self.at]
        sc = self.scene
        sc.app.manager.set_focus_set(el if kind in ("name", "seed") else None)
        if kind in SEAT_KINDS:
            bar = sc.seat_list.vert_scroll_bar
            if bar is not None:   # the focused row, with the one above it if both show whole, at the top of the list
                row = self.key_of(self.at)[1] % sc.per_col
                whole = bar.visible_percentage * sc.per_col >= 2
                frac = (row - 1 if whole else row) * sc.row_h / sc.seat_list.get_container().rect.height
                bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, frac)))

    def activate(self) -> None:
        """Space on the focused control: press it (games and variants: the next one)."""
        kind, el = self.items[self.at]
        if kind == "games":
            self.scene.step_game(1)
        elif kind == "variants":
            self.scene.step_variant(1)
        elif kind not in ("name", "seed"):
            self.scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el))

    def commands(self) -> dict:
        """What each of `FOCUS_KEYS` runs."""
        return {c.name: lambda name=c.name: self.run(name) for c in FOCUS_KEYS}

    def can(self, name: str) -> bool:
        """Whether the focus command `name` (see the module) does something now."""
        if not self.items:
            return False
        if name in ("left", "right"):
            return self.items[self.at][0] in ("games", "kind")
        return name != "press" or not self.scene.app.text_entry_focused()

    def run(self, name: str) -> None:
        """The focus command `name`: Tab / Shift+Tab move the focus; Left and Right change the game or a seat's
        kind; Up and Down the variant on the list, else move the focus; Space presses the focused control."""
        kind = self.items[self.at][0]
        sc = self.scene
        step = -1 if name in ("previous_field", "left", "up") else 1
        if name in ("next_field", "previous_field"):
            self.move(step)
        elif name in ("left", "right") and kind == "games":
            sc.step_game(step)
        elif name in ("left", "right"):
            sc.cycle_kind(self.key_of(self.at)[1], step)
        elif name in ("up", "down") and kind == "variants":
            sc.step_variant(step)
        elif name in ("up", "down"):
            self.move(step)
        else:
            self.activate()
