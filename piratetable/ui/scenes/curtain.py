"""The pass-the-screen curtain of hidden-information games: hides the whole table until the player confirms."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art
from .. import palette as P
from ..scene import Scene, key_is, pressed


class CurtainScene(Scene):
    """Opaque: nothing of the table (view, log) is drawn under it."""

    opaque = True

    def __init__(self, app, name: str):
        super().__init__(app)
        self.name = name

    def build(self) -> None:
        w, h = self.app.size
        label = _("I am {name}: show my seat").format(name=self.name)
        size = round(18 * self.app.settings.ui_scale)      # the theme's size for it (bold)
        bw = min(w - 40, max(340, self.app.text.width(label, size, True) + 40))   # a long name: a wider button
        self.ready = self.button((w // 2 - bw // 2, h // 2 + 70, bw, 56), label, object_id="#curtain_ready")

    def handle(self, event) -> None:
        if pressed(event, self.ready) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or \
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.close(True)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.fill((10, 14, 20))
        for x in range(0, w, 48):  # the folds of a curtain
            pygame.draw.rect(surface, (70, 18, 24) if (x // 48) % 2 else (84, 24, 30), (x, 0, 48, h))
        t = self.app.text
        box = pygame.Rect(0, 0, min(760, w - 60), 260)
        box.center = (w // 2, h // 2)
        art.panel(surface, box, fill=(20, 24, 30), edge=P.GOLD, radius=14, width=3)
        title = t.render(t.ellipsize(_("Pass to {name}").format(name=self.name), 44, box.width - 40, True), 44,
                         P.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(center=(w // 2, box.y + 60)))
        for i, line in enumerate(t.wrap(_("Others, look away. Click, or press Enter, when you are ready."), 18,
                                        box.width - 48)[:2]):
            sub = t.render(line, 18, P.CREAM)
            surface.blit(sub, sub.get_rect(center=(w // 2, box.y + 118 + i * 26)))
