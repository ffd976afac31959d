"""Settings: animation speed and full screen, saved to app_home()/settings.json at each change."""
from __future__ import annotations

import pygame

from .. import art, palette as P
from ..paths import settings_path
from ..scene import Scene, key_is, pressed
from ..settings import SPEEDS, save_settings

SPEED_HELP = {"slow": "dice tumble longer, bots wait longer", "normal": "the usual pace",
              "fast": "short animations, quick bots", "instant": "no animation, bots play at once"}


class SettingsScene(Scene):
    """A modal panel; changes apply at once and are saved."""

    opaque = False

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, 640, 420)
        self.box.center = (w // 2, h // 2)
        x0, y0 = self.box.x + 32, self.box.y + 110
        self.speed_buttons = {}
        current = self.app.settings.speed
        for i, speed in enumerate(SPEEDS):
            mark = "» " if speed == current else ""
            self.speed_buttons[speed] = self.button((x0 + i * 146, y0, 136, 44), mark + speed.capitalize(),
                                                    tooltip=SPEED_HELP[speed], object_id=f"#speed_{speed}")
            if speed == current:
                self.speed_buttons[speed].select()
        full = "On" if self.app.fullscreen else "Off"
        self.full_button = self.button((x0, y0 + 130, 280, 44), f"Full screen: {full}   [F11]",
                                       object_id="#fullscreen")
        self.back = self.button((self.box.right - 192, self.box.bottom - 64, 160, 44), "Back   [Esc]",
                                object_id="#settings_back")

    def handle(self, event) -> None:
        for speed, btn in self.speed_buttons.items():
            if pressed(event, btn):
                self.set_speed(speed)
                return
        if pressed(event, self.full_button):
            self.app.set_fullscreen(not self.app.fullscreen)
            self.resize()
        elif pressed(event, self.back) or key_is(event, pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_4:
            self.set_speed(SPEEDS[event.key - pygame.K_1])

    def set_speed(self, speed: str) -> None:
        self.app.settings.speed = speed
        problem = save_settings(self.app.settings)
        if problem:
            self.app.notify(problem)
        self.resize()

    def draw(self, surface) -> None:
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        t = self.app.text
        surface.blit(t.render("Settings", 28, P.GOLD_LIGHT, True), (self.box.x + 32, self.box.y + 20))
        surface.blit(t.render("Animation speed   (keys 1–4)", 18, P.CREAM, True), (self.box.x + 32, self.box.y + 78))
        help_text = SPEED_HELP.get(self.app.settings.speed, "")
        surface.blit(t.render(f"Now: {self.app.settings.speed} — {help_text}", 16, P.MUTED),
                     (self.box.x + 32, self.box.y + 164))
        surface.blit(t.render("Display", 18, P.CREAM, True), (self.box.x + 32, self.box.y + 208))
        surface.blit(t.render(f"Saved in {settings_path()}", 14, P.MUTED), (self.box.x + 32, self.box.bottom - 96))
