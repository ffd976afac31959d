"""The title screen: New game, Resume, Load, Rules, Settings, Quit."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art, sprites
from .. import palette as P
from ..outcomes import Ask, OpenGuide, OpenLoad, OpenNewGame, OpenSettings, OpenStatistics, StartMatch
from ..saves import autosave_info, resume_autosave
from ..scene import Scene, key_is, pressed
from ..table.painters import showcase_faces


class TitleScene(Scene):
    """First screen; Resume is enabled when the autosave holds an unfinished game."""

    title = "PirateTable"

    def build(self) -> None:
        w, h = self.app.size
        self.info = autosave_info()
        bw, bh, gap = 340, 48, 12
        if h < 700:   # seven buttons fit between the title and the resume note
            bh, gap = 42, 8
        x = w // 2 - bw // 2
        y = max(230 if h >= 700 else 180, h // 2 - 130)
        items = [("new", _("New game") + "   [N]", None),
                 ("resume", _("Resume") + "   [R]", self.info.summary or _("no unfinished game saved")),
                 ("load", _("Load a saved game") + "   [L]", None), ("rules", _("How to play") + "   [H]", None),
                 ("stats", _("Statistics") + "   [T]", None),
                 ("settings", _("Settings") + "   [S]", None), ("quit", _("Quit") + "   [Q]", None)]
        self.buttons = {}
        for key, text, tip in items:
            self.buttons[key] = self.button((x, y, bw, bh), text, tooltip=tip, object_id=f"#title_{key}")
            y += bh + gap
        if not self.info.unfinished:
            self.buttons["resume"].disable()
        self._resume_note_y = self.buttons["resume"].rect.bottom

    def handle(self, event) -> None:
        for key, btn in self.buttons.items():
            if pressed(event, btn):
                self.choose(key)
                return
        keys = {pygame.K_n: "new", pygame.K_r: "resume", pygame.K_l: "load", pygame.K_h: "rules",
                pygame.K_t: "stats", pygame.K_s: "settings", pygame.K_q: "quit"}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.choose(keys[event.key])
        elif key_is(event, pygame.K_ESCAPE):   # everywhere else Esc is Back: here it asks before closing the app
            self.ask_quit()

    def ask_quit(self) -> None:
        """Esc on the title: "Quit PirateTable?" — Enter quits, Esc again stays."""
        text = _("Your unfinished game stays in the autosave: Resume brings it back.") if self.info.unfinished \
            else _("Your settings and saved games stay as they are.")
        self.app.go(Ask(_("Quit PirateTable?"), text, (("quit", _("Quit") + " (Enter)"), ("stay", _("Stay") + " (Esc)")),
                        default="quit"), then=lambda choice: self.app.quit(0) if choice == "quit" else None)

    def choose(self, key: str) -> None:
        app = self.app
        if key == "new":
            app.go(OpenNewGame())
        elif key == "resume":
            if not self.info.unfinished:
                app.notify(_("There is no unfinished game to resume."))
                return
            self.resume()
        elif key == "load":
            app.go(OpenLoad())
        elif key == "rules":   # the guide, a tab per game; the detailed rules are one click further
            app.go(OpenGuide(None))
        elif key == "stats":
            app.go(OpenStatistics())
        elif key == "settings":
            app.go(OpenSettings())
        elif key == "quit":
            app.quit(0)

    def resume(self) -> None:
        match, problem = resume_autosave()
        if match is None:   # set aside (see resume_autosave): Resume is off from now on
            self.resize()
            self.app.message(problem or "", title=_("Cannot resume"))
            return
        self.app.go(StartMatch(match))

    def uncover(self) -> None:
        super().uncover()
        self.resize()  # the autosave may have changed (a game was played meanwhile)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        title = t.render("PirateTable", 72, P.GOLD_LIGHT, True)
        shadow = t.render("PirateTable", 72, P.BLACK, True)
        cy = max(70, h // 2 - 250)
        surface.blit(shadow, shadow.get_rect(center=(w // 2 + 3, cy + 4)))
        surface.blit(title, title.get_rect(center=(w // 2, cy)))
        sub = t.render(_("Piraten Kapern  ·  Piratz  ·  Пирататак  ·  Petrangola"), 22, P.CREAM)
        surface.blit(sub, sub.get_rect(center=(w // 2, cy + 62)))
        # a little still life: dice and a card back on either side
        pictures = showcase_faces()   # the first game's drawn faces (none: plain dice)
        faces = ["skull", "coin", "parrot", "diamond"]
        for i, face in enumerate(faces):
            d = sprites.die(face, 72, pictures.get(face), label=False)   # decoration: no words on it
            d = sprites.rotated(("die", face, 72), d, (-12 + i * 9))
            surface.blit(d, d.get_rect(center=(w // 2 - 360 + (i % 2) * 70, h // 2 + (i // 2) * 90 - 20)))
        back = sprites.card_back((150, 225), _("Pirate cards"))
        surface.blit(back, back.get_rect(center=(w // 2 + 330, h // 2 + 30)))
        if self.info.unfinished and self.info.summary:
            note = t.render(t.ellipsize(_("Resume: {game}").format(game=self.info.summary), 16, w - 40), 16, P.MUTED)
            surface.blit(note, note.get_rect(midtop=(w // 2, h - 40)))
