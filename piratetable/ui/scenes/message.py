"""A modal message with OK (and optional extra choices)."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ...i18n import _
from .. import art
from .. import palette as P
from ..keys import Command, Keymap, enter, key_name
from ..scene import Scene, pressed_in

MAX_TEXT = 3000   # characters of a message (at most 18 lines are shown)
KEYS = Keymap([
    Command("default", (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), enter),    # the default choice
    Command("last", (pygame.K_ESCAPE,), key_name("Esc")),                                 # the last choice
], form="{words} ({key})")


class MessageScene(Scene):
    """Shows one message over the scene below; a button, Enter or Esc closes it (result: the choice's key).
    Enter (and Space) picks the choice `default` names (the first when None); a question whose first choice
    destroys something names its safe choice, so a reflex Enter loses nothing. Esc picks the last choice. The
    choices are (key, words): the scene writes the keys on them — Esc's on the last of several, else Enter's on
    the default."""

    opaque = False
    keys = KEYS

    def __init__(self, app, title: str, text: str, choices: list[tuple[str, str]] | None = None,
                 default: str | None = None):
        super().__init__(app)
        self.title = title
        text = str(text)
        self.text = text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"   # a message may quote a file
        self.choices = choices or [("ok", _("OK"))]
        keys = [key for key, _label in self.choices]
        self.default = default if default in keys else keys[0]
        self.buttons: dict[str, UIButton] = {}
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def build(self) -> None:
        w, h = self.app.size
        bw = min(760, w - 80)
        self.lines = self.app.text.wrap(self.text, 18, bw - 48)[:18]
        bh = 140 + len(self.lines) * 26
        self.box = pygame.Rect(0, 0, bw, bh)
        self.box.center = (w // 2, h // 2)
        n = len(self.choices)
        room = (bw - 48 - (n - 1) * 12) // n
        shown = self._shown()
        labels = {key: KEYS.label(shown[key], words) if key in shown else words for key, words in self.choices}
        for key, label in labels.items():
            self.buttons[key] = self.button((0, 0, 220, 42), label, object_id="#message_button")
        # 220 px each, wider as a label needs (a larger text size, a longer language) as far as the box allows;
        # a label longer still prints smaller (fit_labels)
        btn_w = min(room, max([220] + [self.label_need(b, labels[key]) for key, b in self.buttons.items()]))
        x = self.box.right - 24 - n * btn_w - (n - 1) * 12
        for button in self.buttons.values():
            button.set_dimensions((btn_w, 42))
            button.set_relative_position((x, self.box.bottom - 62))
            x += btn_w + 12
        self.fit_labels([(b, labels[key], None, None) for key, b in self.buttons.items()])

    def _shown(self) -> dict[str, str]:
        """The command whose key each choice's button shows (choice key → command): Esc's on the last of several,
        else Enter's on the default."""
        shown = {self.default: "default"}
        if len(self.choices) > 1:
            shown[self.choices[-1][0]] = "last"
        return shown

    def commands(self) -> dict:
        return {name: lambda key=key: self.close(key) for name, key in
                {"default": self.default, "last": self.choices[-1][0]}.items()}

    def command_buttons(self) -> dict:
        return {self.buttons[key]: name for key, name in self._shown().items()}

    def handle(self, event) -> None:
        if not self.run_command(event):
            pressed_in(event, (self.buttons, self.close))

    def draw(self, surface) -> None:
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        t = self.app.text
        surface.blit(t.render(self.title, 24, P.GOLD_LIGHT, True), (self.box.x + 24, self.box.y + 18))
        y = self.box.y + 64
        for line in self.lines:
            surface.blit(t.render(line, 18, P.CREAM), (self.box.x + 24, y))
            y += 26
        if len(self.buttons) > 1:   # the choice Enter picks wears a ring (not colour alone: a shape around it)
            ring = self.buttons[self.default].rect.inflate(10, 10)
            pygame.draw.rect(surface, P.GOLD_LIGHT, ring, width=2, border_radius=10)
