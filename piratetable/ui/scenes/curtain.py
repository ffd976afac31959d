"""The pass-the-screen curtain of hidden-information games: hides the whole table until the player confirms."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art
from .. import palette as P
from ..keys import Command, Keymap, enter, key_name
from ..outcomes import Pause
from ..scene import Scene
from ..text import font

KEYS = Keymap([
    # its words name the next person: `{name}`; a click anywhere shows the seat too
    Command("ready", (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), enter,
            lambda: _("I am {name}: show my seat")),
    # the table's menu (save, quit to title …) without showing the seat: whoever is at the screen may stop here
    Command("menu", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Menu")),
])


class CurtainScene(Scene):
    """Opaque: nothing of the table (view, log) is drawn under it."""

    opaque = True
    keys = KEYS

    def __init__(self, app, name: str, table=None):
        super().__init__(app)
        self.name = name
        self.table = table        # the table scene under the curtain: Esc opens its menu

    def build(self) -> None:
        """The dialog is laid out from what it holds: the title, the line under it, then the button — inside the
        dialog, with room around it, at every window and text size (a long name: a wider button and dialog)."""
        w, h = self.app.size
        t = self.app.text
        scale = self.app.settings.ui_scale
        self.title_size, self.sub_size = round(44 * scale), round(18 * scale)
        label = KEYS.words("ready").format(name=self.name)
        size = round(18 * scale)                             # the theme's print for the button (bold)
        pad = round(28 * scale)
        bw = max(340, t.width(label, size, True) + 40)
        box_w = min(w - 40, max(min(760, w - 60), bw + 2 * pad))
        bw = min(bw, box_w - 2 * pad)
        title = _("Pass to {name}").format(name=self.name)
        while self.title_size > 24 and t.width(title, self.title_size, True) > box_w - 2 * pad:
            self.title_size -= 2                             # a long name: smaller print before any cut
        self.title = t.ellipsize(title, self.title_size, box_w - 2 * pad, True)
        self.sub = t.wrap(_("Others, look away. Click, or press {key}, when you are ready.").format(
            key=KEYS.key("ready")), self.sub_size, box_w - 2 * pad)[:2]
        title_h = font(self.title_size, True).get_height()
        line_h = round(self.sub_size * 1.45)
        bh = max(56, round(56 * scale))
        box_h = pad + title_h + round(12 * scale) + len(self.sub) * line_h + round(22 * scale) + bh + pad
        self.box = pygame.Rect(0, 0, box_w, min(h - 20, box_h))
        self.box.center = (w // 2, h // 2)
        self.title_y = self.box.y + pad
        self.sub_y = self.title_y + title_h + round(12 * scale)
        self.ready = self.button((w // 2 - bw // 2, self.box.bottom - pad - bh, bw, bh), label,
                                 object_id="#curtain_ready")

    def commands(self) -> dict:
        return {"ready": lambda: self.close(True), "menu": self.menu}

    def menu(self) -> None:
        """The pause menu of the table under the curtain, over the curtain: its Resume comes back here."""
        if self.table is not None:
            self.app.go(Pause(self.table))

    def command_buttons(self) -> dict:
        return {self.ready: "ready"}

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.close(True)
        else:
            self.run_command(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.fill((10, 14, 20))
        for x in range(0, w, 48):  # the folds of a curtain
            pygame.draw.rect(surface, (70, 18, 24) if (x // 48) % 2 else (84, 24, 30), (x, 0, 48, h))
        t = self.app.text
        art.panel(surface, self.box, fill=(20, 24, 30), edge=P.GOLD, radius=14, width=3)
        title = t.render(self.title, self.title_size, P.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.title_y)))
        y = self.sub_y
        for line in self.sub:
            sub = t.render(line, self.sub_size, P.CREAM)
            surface.blit(sub, sub.get_rect(midtop=(self.box.centerx, y)))
            y += round(self.sub_size * 1.45)
