"""The title screen: New game, Resume, Load, How to play, Statistics, Workshop, Settings, Quit."""
from __future__ import annotations

import pygame

from ...i18n import _
from .. import art, sprites
from .. import palette as P
from ..keys import SPACED, Command, Keymap, key_name
from ..outcomes import Ask, OpenGuide, OpenLoad, OpenNewGame, OpenSettings, OpenStatistics, OpenWorkshop, StartMatch
from ..saves import autosave_info, resume_autosave
from ..scene import Scene
from ..table.painters import showcase_faces

BUTTONS = ("new", "resume", "load", "rules", "stats", "workshop", "settings", "quit")     # the buttons, top to bottom
KEYS = Keymap([
    Command("new", (pygame.K_n,), key_name("N"), lambda: _("New game")),
    Command("resume", (pygame.K_r,), key_name("R"), lambda: _("Resume")),
    Command("load", (pygame.K_l,), key_name("L"), lambda: _("Load a saved game")),
    Command("rules", (pygame.K_h,), key_name("H"), lambda: _("How to play")),
    Command("stats", (pygame.K_t,), key_name("T"), lambda: _("Statistics")),
    Command("workshop", (pygame.K_w,), key_name("W"), lambda: _("Workshop"),
            lambda: _("Change a variant's cards, values and options, try it and measure it")),
    Command("settings", (pygame.K_s,), key_name("S"), lambda: _("Settings")),
    Command("quit", (pygame.K_q,), key_name("Q"), lambda: _("Quit")),
    # everywhere else Esc is Back: here it asks before closing the app
    Command("ask_quit", (pygame.K_ESCAPE,), key_name("Esc"), does=lambda: _("Quit PirateTable?")),
], form=SPACED)


class TitleScene(Scene):
    """First screen; Resume is enabled when the autosave holds an unfinished game."""

    title = "PirateTable"
    keys = KEYS

    def build(self) -> None:
        w, h = self.app.size
        self.info = autosave_info()
        bw, bh, gap = 340, 48, 12
        if h < 700:   # eight buttons fit between the title and the resume note
            bh, gap = 38, 6
        elif h < 900:
            bh, gap = 44, 8
        x = w // 2 - bw // 2
        y = max(230 if h >= 700 else 180, h // 2 - 130)
        self.buttons = {}
        for key in BUTTONS:
            tip = (self.info.summary or _("no unfinished game saved")) if key == "resume" else KEYS.tooltip(key)
            self.buttons[key] = self.button((x, y, bw, bh), KEYS.label(key), tooltip=tip, object_id=f"#title_{key}")
            y += bh + gap
        if not self.info.unfinished:
            self.buttons["resume"].disable()
        self._resume_note_y = self.buttons["resume"].rect.bottom

    def commands(self) -> dict:
        app = self.app
        return {"new": lambda: app.go(OpenNewGame()), "resume": self.resume, "load": lambda: app.go(OpenLoad()),
                # the guide, a tab per game; the detailed rules are one click further
                "rules": lambda: app.go(OpenGuide(None)), "stats": lambda: app.go(OpenStatistics()),
                "workshop": lambda: app.go(OpenWorkshop()),
                "settings": lambda: app.go(OpenSettings()), "quit": lambda: app.quit(0), "ask_quit": self.ask_quit}

    def command_buttons(self) -> dict:
        return {button: key for key, button in self.buttons.items()}

    def ask_quit(self) -> None:
        """Esc on the title: "Quit PirateTable?" — Enter quits, Esc again stays."""
        text = _("Your unfinished game stays in the autosave: Resume brings it back.") if self.info.unfinished \
            else _("Your settings and saved games stay as they are.")
        self.app.go(Ask(_("Quit PirateTable?"), text, (("quit", _("Quit")), ("stay", _("Stay"))),
                        default="quit"), then=lambda choice: self.app.quit(0) if choice == "quit" else None)

    def resume(self) -> None:
        if not self.info.unfinished:
            self.app.notify(_("There is no unfinished game to resume."))
            return
        self.app.autosave_check_due = False   # resume_autosave checks it in full (and sets a bad one aside)
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
