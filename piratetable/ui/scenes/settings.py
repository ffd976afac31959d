"""Settings: animation speed, full screen, sound volume and mute, saved to app_home()/settings.json at each
change."""
from __future__ import annotations

import pygame

from ...i18n import LANGUAGE_NAMES, LANGUAGES, _, pgettext, system_language
from .. import art, sound
from .. import palette as P
from ..keys import APP_KEYS, CLOSE, SPACED, TABLE_KEYS, Command, Keymap, key_name
from ..paths import settings_path
from ..scene import Scene
from ..settings import COACH, SPEEDS, UI_SCALES, save_settings

VOLUME_STEP = 10          # the − and + buttons and keys


def speed_help(speed: str) -> str:
    return {"slow": _("dice tumble longer, bots wait longer"), "normal": _("the usual pace"),
            "fast": _("short animations, quick bots"), "instant": _("no animation, bots play at once")}.get(speed, "")


def speed_name(speed: str) -> str:
    return {"slow": _("Slow"), "normal": _("Normal"), "fast": _("Fast"), "instant": _("Instant")}.get(speed, speed)


def coach_name(coach: str) -> str:
    return {"first": _("First games"), "always": _("Always"), "off": _("Off")}.get(coach, coach)


def coach_help(coach: str) -> str:
    return {"first": _("each player's first game of each game"), "always": _("in every game"),
            "off": _("never ({key} at the table shows them for one game)").format(key=TABLE_KEYS.key("coach"))
            }.get(coach, "")


LANGUAGE_CODES = ("",) + LANGUAGES        # the system's language, then each shipped one


def _speed(i: int, speed: str) -> Command:
    return Command(f"speed:{speed}", (pygame.K_1 + i,), key_name(str(i + 1)), lambda: speed_name(speed),
                   lambda: speed_help(speed))


def _coach(coach: str) -> Command:
    return Command(f"coach:{coach}", words=lambda: coach_name(coach), does=lambda: coach_help(coach))


def _language(code: str) -> Command:
    if not code:
        return Command("language:", words=lambda: _("System"), does=lambda: _("the system's language ({name})").format(
            name=LANGUAGE_NAMES[system_language()]))
    return Command(f"language:{code}", words=lambda: LANGUAGE_NAMES[code])


KEYS = Keymap([
    *(_speed(i, speed) for i, speed in enumerate(SPEEDS)),
    Command("fullscreen", words=lambda: _("Full screen: {state}")),            # (F11 anywhere: `APP_KEYS`)
    Command("scale_down", words=lambda: "−", does=lambda: _("Smaller text and controls")),
    Command("scale_up", words=lambda: "+", does=lambda: _("Bigger text and controls")),
    Command("volume_down", (pygame.K_MINUS, pygame.K_KP_MINUS), key_name("-"), lambda: f"− {VOLUME_STEP}",
            lambda: _("Quieter")),
    Command("volume_up", (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS), key_name("+"),
            lambda: f"+ {VOLUME_STEP}", lambda: _("Louder")),
    Command("mute", (pygame.K_m,), key_name("M"), lambda: _("Sound: on")),   # "Muted" while it is
    *(_coach(coach) for coach in COACH),
    Command("odds", (pygame.K_o,), key_name("O"), lambda: _("Odds: {state}"),
            lambda: _("At the table, a line with the chances of the next roll or card for the player at the screen")),
    *(_language(code) for code in LANGUAGE_CODES),
    Command("back", (pygame.K_ESCAPE, pygame.K_RETURN), key_name("Esc"), lambda: _("Back")),
], form=SPACED)


ROW = 82                  # height of one settings row (its label line, its controls, a two-line note)
LABEL = 150               # width of the label column


class SettingsScene(Scene):
    """A modal panel of labelled rows; changes apply at once and are saved."""

    opaque = False
    keys = KEYS
    ROWS = ("speed", "display", "sound", "coach", "language")

    def build(self) -> None:
        w, h = self.app.size
        self.row_h = min(ROW, (h - 186) // len(self.ROWS))   # 960×600: 5 rows of 82 px fit
        # wider with a bigger text size, as far as the window allows (the rows keep their height)
        self.f = max(1.0, min(self.app.settings.ui_scale, (w - 40) / 700))
        X = self._x
        self.box = pygame.Rect(0, 0, X(700), 116 + self.row_h * len(self.ROWS) + 70)
        self.box.center = (w // 2, h // 2)
        x0 = self.box.x + X(28 + LABEL)
        self.row_y = {key: self.box.y + 74 + i * self.row_h for i, key in enumerate(self.ROWS)}
        y = self.row_y["speed"]
        self.speed_buttons = {}
        current = self.app.settings.speed
        for i, speed in enumerate(SPEEDS):
            mark = "» " if speed == current else ""
            name = f"speed:{speed}"
            self.speed_buttons[speed] = self.button((x0 + X(i * 122), y, X(114), 40), mark + KEYS.words(name),
                                                    tooltip=KEYS.tooltip(name), object_id=f"#speed_{speed}")
            if speed == current:
                self.speed_buttons[speed].select()
        # the text size: [−] [Text 100 %] [+], sized for the largest text and kept where they are whatever the text
        # size, so that pressing + or − again and again the pointer stays on the button (the dialog grows around
        # them); the full screen button takes the room before them
        scale = self.app.settings.ui_scale
        at = UI_SCALES.index(scale) if scale in UI_SCALES else UI_SCALES.index(1.0)
        big = round(16 * UI_SCALES[-1])
        value_w = max(118, max(self.app.text.width(_("Text {percent} %").format(percent=round(s * 100)), big)
                               for s in UI_SCALES) + 28)
        step_w = 48
        sx = w // 2 + 322 - (2 * step_w + value_w + 12)     # the row's right end in the narrowest dialog
        y = self.row_y["display"]
        full = _("On") if self.app.fullscreen else _("Off")
        self.full_button = self.button((x0, y, sx - 12 - x0, 40), KEYS.words("fullscreen").format(state=full),
                                       object_id="#fullscreen")     # (the row's note names F11)
        self.scale_down = self.button((sx, y, step_w, 40), KEYS.words("scale_down"),
                                      tooltip=KEYS.tooltip("scale_down"), object_id="#scale_down")
        self.scale_value = self.button((sx + step_w + 6, y, value_w, 40),
                                       _("Text {percent} %").format(percent=round(scale * 100)),
                                       tooltip=_("Text and controls size"), object_id="#scale_value")
        self.scale_up = self.button((sx + step_w + value_w + 12, y, step_w, 40), KEYS.words("scale_up"),
                                    tooltip=KEYS.tooltip("scale_up"), object_id="#scale_up")
        if at == 0:
            self.scale_down.disable()
        if at == len(UI_SCALES) - 1:
            self.scale_up.disable()
        # the language: the system's, or one of the shipped ones (each named in itself)
        self.language_buttons = {}
        chosen = self.app.settings.language
        size = round(16 * self.app.settings.ui_scale)      # the theme's button text size
        codes = LANGUAGE_CODES
        labels = [("» " if code == chosen else "") + KEYS.words(f"language:{code}") for code in codes]
        needs = [self.app.text.width(label, size) + 24 for label in labels]      # a long name: a wider button
        room = self.box.right - X(28) - x0 - X(6) * (len(codes) - 1)
        widths = [max(X(94), n) for n in needs]
        if sum(widths) > room:        # as wide as their names, the room left shared alike
            spare = max(0, room - sum(needs)) // len(codes)
            widths = [n + spare for n in needs]
        lx = x0
        for code, label, lw in zip(codes, labels, widths):
            btn = self.button((lx, self.row_y["language"], lw, 40), label, tooltip=KEYS.tooltip(f"language:{code}"),
                              object_id=f"#language_{code or 'system'}")
            lx += lw + X(6)
            if code == chosen:
                btn.select()
            self.language_buttons[code] = btn
        # sound: [− 10] [the volume bar: click or drag it] [+ 10]   [Sound: on / Muted]
        y = self.row_y["sound"]
        self.volume_down = self.button((x0, y, X(60), 40), KEYS.words("volume_down"),
                                       tooltip=KEYS.label("volume_down", KEYS.help("volume_down")),
                                       object_id="#volume_down")
        self.volume_bar = pygame.Rect(x0 + X(68), y + 6, X(196), 28)
        self.volume_up = self.button((x0 + X(272), y, X(60), 40), KEYS.words("volume_up"),
                                     tooltip=KEYS.label("volume_up", KEYS.help("volume_up")), object_id="#volume_up")
        self.mute_button = self.button((x0 + X(344), y, X(150), 40), self._mute_text(), object_id="#mute")
        if self.app.settings.muted:
            self.mute_button.select()
        self._dragging = False
        self._drag_from: tuple[int, bool] | None = None     # (volume, muted) when the drag began
        self.coach_buttons = {}
        size = round(16 * self.app.settings.ui_scale)      # the theme's button text size
        cx = x0
        for coach in COACH:
            mark = "» " if coach == self.app.settings.coach else ""
            label = mark + KEYS.words(f"coach:{coach}")
            bw = max(X(84), self.app.text.width(label, size) + X(26))
            btn = self.button((cx, self.row_y["coach"], bw, 40), label, tooltip=KEYS.tooltip(f"coach:{coach}"),
                              object_id=f"#coach_{coach}")
            cx += bw + X(6)
            if coach == self.app.settings.coach:
                btn.select()
            self.coach_buttons[coach] = btn
        odds = self._odds_text()
        ow = self.app.text.width(odds, size) + X(26)
        if cx + X(8) + ow > self.box.right - X(28):      # no room for the key (the row's note names it)
            odds = self._odds_text(key=False)
            ow = self.app.text.width(odds, size) + X(26)
        self.odds_button = self.button((max(cx + X(8), self.box.right - X(28) - ow), self.row_y["coach"], ow, 40),
                                       odds, tooltip=KEYS.tooltip("odds"), object_id="#odds")
        if self.app.settings.odds:
            self.odds_button.select()
        self.back = self.button((self.box.right - X(188), self.box.bottom - 58, X(160), 42), KEYS.label("back"),
                                object_id="#settings_back")

    def _x(self, v: float) -> int:
        return round(v * self.f)

    def _odds_text(self, key: bool = True) -> str:
        words = KEYS.words("odds").format(state=_("On") if self.app.settings.odds else _("Off"))
        return KEYS.label("odds", words, form=CLOSE) if key else words

    def set_odds(self, on: bool) -> None:
        self.app.settings.odds = on
        self._save()
        self.resize()

    def _mute_text(self) -> str:
        return KEYS.label("mute", _("Muted") if self.app.settings.muted else None)

    # --- input ------------------------------------------------------------------------------------------------
    def commands(self) -> dict:
        settings = self.app.settings
        return {**{f"speed:{speed}": lambda speed=speed: self.set_speed(speed) for speed in SPEEDS},
                **{f"coach:{coach}": lambda coach=coach: self.set_coach(coach) for coach in COACH},
                **{f"language:{code}": lambda code=code: self.set_language(code) for code in LANGUAGE_CODES},
                "fullscreen": self.toggle_fullscreen, "scale_down": lambda: self.step_scale(-1),
                "scale_up": lambda: self.step_scale(1), "odds": lambda: self.set_odds(not settings.odds),
                "volume_down": lambda: self.set_volume(settings.volume - VOLUME_STEP),
                "volume_up": lambda: self.set_volume(settings.volume + VOLUME_STEP),
                "mute": lambda: self.set_muted(not settings.muted), "back": self.close}

    def command_buttons(self) -> dict:
        return {**{b: f"speed:{speed}" for speed, b in self.speed_buttons.items()},
                **{b: f"coach:{coach}" for coach, b in self.coach_buttons.items()},
                **{b: f"language:{code}" for code, b in self.language_buttons.items()},
                self.full_button: "fullscreen", self.scale_down: "scale_down", self.scale_up: "scale_up",
                self.odds_button: "odds", self.volume_down: "volume_down", self.volume_up: "volume_up",
                self.mute_button: "mute", self.back: "back"}

    def handle(self, event) -> None:
        if not self.run_command(event):
            self._drag(event)

    def _drag(self, event) -> None:
        """A click on the volume bar, or a drag along it: the volume under the pointer (saved once let go)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.volume_bar.inflate(0, 16).collidepoint(event.pos):
            self._dragging, self._drag_from = True, (self.app.settings.volume, self.app.settings.muted)
            self.set_volume(self._volume_at(event.pos[0]), save=False, preview=False)
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self.set_volume(self._volume_at(event.pos[0]), save=False, preview=False)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False          # saved, and heard, once the bar is let go
            self.set_volume(self._volume_at(event.pos[0]), before=self._drag_from)

    def _volume_at(self, x: int) -> int:
        """The volume under the mouse on the bar, in steps of 5."""
        frac = (x - self.volume_bar.x) / max(1, self.volume_bar.width)
        return int(round(max(0.0, min(1.0, frac)) * 20)) * 5

    # --- changes --------------------------------------------------------------------------------------------------
    def _save(self) -> None:
        problem = save_settings(self.app.settings)
        if problem:
            self.app.notify(problem)

    def set_speed(self, speed: str) -> None:
        self.app.settings.speed = speed
        self._save()
        self.resize()

    def set_language(self, code: str) -> None:
        if code != self.app.settings.language:
            self.app.set_language(code)     # rebuilds every scene, this one too

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.fullscreen)
        self.resize()

    def step_scale(self, step: int) -> None:
        scale = self.app.settings.ui_scale
        at = UI_SCALES.index(scale) if scale in UI_SCALES else UI_SCALES.index(1.0)
        at = max(0, min(len(UI_SCALES) - 1, at + step))
        if UI_SCALES[at] != scale:
            self.app.set_ui_scale(UI_SCALES[at])   # rebuilds every scene, this one too

    def set_coach(self, coach: str) -> None:
        self.app.settings.coach = coach
        self._save()
        self.resize()

    def set_volume(self, volume: int, save: bool = True, preview: bool = True,
                   before: tuple[int, bool] | None = None) -> None:
        """Change the volume (0–100); changing it also turns the sound back on, and a click lets you hear it.
        `before`: the (volume, muted) to compare with (where a drag began), else the current ones."""
        settings = self.app.settings
        volume = max(0, min(100, int(volume)))
        old_volume, old_muted = before or (settings.volume, settings.muted)
        changed = volume != old_volume or old_muted
        settings.volume, settings.muted = volume, False
        sound.set_volume(settings.volume, settings.muted)
        self.mute_button.set_text(self._mute_text())
        self.mute_button.unselect()
        if save:
            self._save()
        if changed and preview:
            sound.play("click")
        self.app.dirty = True

    def set_muted(self, muted: bool) -> None:
        settings = self.app.settings
        settings.muted = muted
        sound.set_volume(settings.volume, settings.muted)
        self.mute_button.set_text(self._mute_text())
        if muted:
            self.mute_button.select()
        else:
            self.mute_button.unselect()
            sound.play("click")
        self._save()
        self.app.dirty = True

    # --- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        box, t = self.box, self.app.text
        art.panel(surface, box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        x0, x1 = box.x + 28, box.x + self._x(28 + LABEL)
        surface.blit(t.render(_("Settings"), 28, P.GOLD_LIGHT, True), (x0, box.y + 18))
        speed, coach = self.app.settings.speed, self.app.settings.coach
        state = sound.status()
        if state == "no-device":
            sound_note, sound_colour = _("No sound device was found: the table plays silently."), P.RED_LIGHT
        elif state == "no-files":
            sound_note, sound_colour = _("The sound files are missing: the table plays silently."), P.RED_LIGHT
        else:
            sound_note, sound_colour = _("Dice, cards, a bust, a win and your turn; click or drag the bar."), P.MUTED
        rows = {
            "speed": (_("Animation"), _("keys {first}–{last}").format(first=KEYS.key(f"speed:{SPEEDS[0]}"),
                                                                      last=KEYS.key(f"speed:{SPEEDS[-1]}")),
                      _("Now: {speed} — {help}").format(speed=speed_name(speed), help=speed_help(speed)), P.MUTED),
            "display": (_("Display"), "", _("{key} switches at any time; the text size applies to every screen").format(
                key=APP_KEYS.key("fullscreen")), P.MUTED),
            "sound": (_("Sound"), _("keys {quieter} {louder} and {mute}").format(
                quieter=KEYS.key("volume_down"), louder=KEYS.key("volume_up"), mute=KEYS.key("mute")),
                sound_note, sound_colour),
            # Tips (what a decision means) and the Hint (the strongest bot's move) are two things: contexts
            "coach": (pgettext("the tips line", "Tips"), _("key {key}: odds").format(key=KEYS.key("odds")),
                      _("A line saying what each decision means: {help}.").format(help=coach_help(coach)), P.MUTED),
            "language": (_("Language"), "", _("Menus, the table, the log, the guides and the rules"), P.MUTED),
        }
        for key, (label, keys, note, colour) in rows.items():
            y = self.row_y[key]
            surface.blit(t.render(label, 18, P.CREAM, True), (x0, y + 8))
            if keys:
                surface.blit(t.render(keys, 13, P.MUTED), (x0, y + 32))
            for i, line in enumerate(t.wrap(note, 13, box.right - 28 - x1)[:2]):
                surface.blit(t.render(line, 13, colour), (x1, y + 44 + i * 16))
        self._draw_volume(surface)
        path = t.wrap(_("Saved in {path}").format(path=settings_path()), 13, box.width - 240)[:2]
        for i, line in enumerate(path):
            surface.blit(t.render(line, 13, P.MUTED), (x0, box.bottom - 52 + i * 16))

    def _draw_volume(self, surface) -> None:
        settings, bar = self.app.settings, self.volume_bar
        muted = settings.muted
        pygame.draw.rect(surface, (16, 24, 32), bar, border_radius=8)
        filled = bar.copy()
        filled.width = round(bar.width * settings.volume / 100)
        if filled.width > 0:
            pygame.draw.rect(surface, (96, 104, 110) if muted else P.GOLD, filled, border_radius=8)
        for i in range(1, 10):        # a notch every 10
            x = bar.x + bar.width * i // 10
            pygame.draw.line(surface, (40, 52, 62), (x, bar.bottom - 6), (x, bar.bottom - 2), 1)
        pygame.draw.rect(surface, P.GOLD_LIGHT if self._dragging else P.PANEL_EDGE, bar, 2, border_radius=8)
        value = f"{settings.volume} %"
        text = _("muted ({value})").format(value=value) if muted else value
        img = self.app.text.render(text, 16, P.CREAM if not muted else P.MUTED, True)
        shadow = self.app.text.render(text, 16, P.BLACK, True)
        at = img.get_rect(center=bar.center)
        surface.blit(shadow, at.move(1, 1))
        surface.blit(img, at)
