"""The Workshop: a game and a variant, its deck drawn with the counts, every value the schema allows changed with
a control made for it (steppers, toggles, lists), each change validated at once with the validator's message beside
its field; Undo, What changed, Save as, Try it, and Measure against the base in a worker process.

The model is `config/workshop.py` (kept on the app while it runs: back from Try it, the changes are still there;
nothing is written until Save as), Measure's job is `lab/measure.py`, the drawing `ui/workshop_view.py`."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from ...config.loader import find_configs, load_config
from ...config.workshop import SaveRefused, Workshop
from ...engine.errors import PirateTableError
from ...engine.match import Match, Seat
from ...engine.registry import game_class, known_ids
from ...i18n import _, ngettext
from .. import art
from .. import palette as P
from ..keys import CLOSE, Command, Keymap, key_name
from ..outcomes import Ask, StartMatch
from ..saves import confirm_replacing_autosave
from ..scene import Scene, pressed_in
from ..table.painters import painters_for
from ..workshop_measure import MeasurePanel
from ..workshop_view import FieldList, draw_deck, draw_measure, draw_tip, label_of, state_line, unit_words

KEYS = Keymap([
    Command("back", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    Command("undo", (pygame.K_z,), key_name("Ctrl+Z"), lambda: _("Undo"), lambda: _("Take the last change back"),
            ctrl=True),
    Command("save", (pygame.K_s,), key_name("Ctrl+S"), lambda: _("Save as"),
            lambda: _("Write the variant into your config folder under the name typed"), ctrl=True),
    Command("changes", (pygame.K_d,), key_name("D"), lambda: _("What changed"),
            lambda: _("What differs from the variant you started from")),
    Command("try", (pygame.K_t,), key_name("T"), lambda: _("Try it"),
            lambda: _("Play a game of it now: you and bots")),
    Command("measure", (pygame.K_m,), key_name("M"), lambda: _("Measure"),
            lambda: _("Bots play it and the variant you started from, and the figures are compared")),
    Command("game", (pygame.K_g,), key_name("G"), lambda: _("Game"), lambda: _("The next game")),
    Command("variant", (pygame.K_v,), key_name("V"), lambda: _("Variant"), lambda: _("The next variant")),
    Command("up", (pygame.K_UP,), key_name("↑")),
    Command("down", (pygame.K_DOWN,), key_name("↓")),
    Command("less", (pygame.K_LEFT,), key_name("←")),
    Command("more", (pygame.K_RIGHT,), key_name("→")),
    Command("toggle", (pygame.K_SPACE,), key_name("Space")),
    Command("page_up", (pygame.K_PAGEUP,), key_name("PgUp")),
    Command("page_down", (pygame.K_PAGEDOWN,), key_name("PgDn")),
], form=CLOSE)
# not while a name is typed (Ctrl+Z there is the name's own undo)
LETTERS = {"changes", "try", "measure", "game", "variant", "toggle", "undo"}


class WorkshopScene(Scene):
    keys = KEYS

    def __init__(self, app):
        super().__init__(app)
        kept = getattr(app, "workshop", None)
        self.games = [gid for gid in known_ids() if self._loads(gid)]
        self.model: Workshop = kept if kept is not None else Workshop(load_config(self.games[0]))
        app.workshop = self.model
        self.list = FieldList(self.model)
        self.hits: list = []
        self.measure = MeasurePanel(self.model.base.players_min)    # its job: lab/measure.py
        self.measuring = False
        self._variants: list | None = None
        self._game_obj = None

    @staticmethod
    def _loads(gid: str) -> bool:
        try:
            load_config(gid)
            return True
        except PirateTableError:
            return False

    # --- what is edited -------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.model.base.game

    def variants(self) -> list:
        """The game's variants that load: the shipped ones and the designer's own."""
        if self._variants is None:
            self._variants = [e.config for e in find_configs(game_id=self.game_id) if e.config is not None]
        return self._variants

    def open(self, config) -> None:
        """Start over from `config` (asks first when there are changes not saved)."""
        def go():
            self.model = Workshop(config)
            self.app.workshop = self.model
            self.list = FieldList(self.model)
            self.measure.cancel()
            self.measure = MeasurePanel(self.model.base.players_min)
            self.measuring, self._variants, self._game_obj = False, None, None
            self.resize()
        if self.model.unsaved:
            self.app.go(Ask(_("Drop your changes?"), _("The changes you made are not saved."),
                            (("drop", _("Drop them")), ("keep", _("Keep editing"))), default="keep"),
                        then=lambda choice: go() if choice == "drop" else None)
        else:
            go()

    def next_game(self) -> None:
        i = self.games.index(self.game_id) if self.game_id in self.games else -1
        self.open(load_config(self.games[(i + 1) % len(self.games)]))

    def next_variant(self) -> None:
        found = self.variants()
        paths = [c.path for c in found]
        i = paths.index(self.model.base.path) if self.model.base.path in paths else -1
        self.open(found[(i + 1) % len(found)])

    def game_object(self):
        """The game of the config as edited (the last valid one while it is invalid): what the deck is drawn from."""
        if self.model.config is not None and (self._game_obj is None or self._game_obj.config is not self.model.config):
            self._game_obj = game_class(self.game_id)(self.model.config)
        return self._game_obj or game_class(self.game_id)(self.model.base)

    # --- widgets -------------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        k = self.k = self.app.settings.ui_scale
        pad, ctl = 20, round(38 * k)
        self.header_y = round(12 * k)
        tabs_y = round(56 * k)
        n = len(self.games)
        tab_w = min(240, (w - 2 * pad - (n + 1) * 8) // (n + 1))
        self.game_buttons = []
        for i, gid in enumerate(self.games):
            name = _(game_class(gid).name)
            b = self.button((pad + i * (tab_w + 8), tabs_y, tab_w, ctl), ("» " if gid == self.game_id else "") + name,
                            object_id="#game_button", tooltip=KEYS.tooltip("game"))
            if gid == self.game_id:
                b.select()
            self.game_buttons.append(b)
        vx = pad + n * (tab_w + 8)
        self.variant_button = self.button((vx, tabs_y, w - pad - vx, ctl), self._variant_label(),
                                          object_id="#ws_variant", tooltip=KEYS.tooltip("variant"))
        tabs: list[tuple[UIButton, str, str | None, str | None]] = [
            (b, b.text, None, KEYS.tooltip("game")) for b in self.game_buttons]
        self.fit_labels(tabs)
        self.fit_labels([(self.variant_button, self._variant_label(), KEYS.key("variant"), KEYS.tooltip("variant"))])
        self.body = pygame.Rect(pad, tabs_y + ctl + round(10 * k), w - 2 * pad, 0)
        foot = h - pad - round(42 * k)
        self.body.height = foot - round(10 * k) - self.body.y
        left_w = int(self.body.width * 0.42)
        self.deck_rect = pygame.Rect(self.body.x, self.body.y, left_w, self.body.height)
        self.right = pygame.Rect(self.body.x + left_w + 14, self.body.y, self.body.width - left_w - 14,
                                 self.body.height)
        bh = round(42 * k)
        names = ["undo", "changes", "try", "measure"]
        bw = min(190, (w - 2 * pad - 6 * 8) // 8)        # seven controls, the name field twice as wide
        self.foot_buttons = {}
        for i, name in enumerate(names):
            self.foot_buttons[name] = self.button((pad + i * (bw + 8), foot, bw, bh), KEYS.label(name),
                                                  tooltip=KEYS.tooltip(name), object_id=f"#ws_{name}")
        x = pad + 4 * (bw + 8)
        back_w = save_w = bw
        entry_w = w - pad - back_w - save_w - 16 - x
        self.name_entry = UITextEntryLine(pygame.Rect(x, foot, entry_w, bh), manager=self.app.manager,
                                          container=self.root, object_id="#ws_name",
                                          placeholder_text=_("name of your variant"))
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_allowed_characters(list("abcdefghijklmnopqrstuvwxyz0123456789_-"))
        name = self._saved_name() or (self.model.base.variant[5:] if self.model.base.variant.startswith("user:")
                                      else "")
        if name:          # your own variant: saved under its own name unless you type another
            self.name_entry.set_text(name)
        self.save_button = self.button((x + entry_w + 8, foot, save_w, bh), KEYS.label("save"),
                                       tooltip=KEYS.tooltip("save"), object_id="#ws_save")
        self.back = self.button((w - pad - back_w, foot, back_w, bh), KEYS.label("back"), object_id="#ws_back")
        row: list[tuple[UIButton, str, str | None, str | None]] = [
            (b, KEYS.words(n), KEYS.key(n), KEYS.tooltip(n)) for n, b in self.foot_buttons.items()]
        self.fit_labels(row + [(self.save_button, KEYS.words("save"), KEYS.key("save"), KEYS.tooltip("save")),
                               (self.back, KEYS.words("back"), KEYS.key("back"), None)])
        self._build_measure()
        self._enable()

    def _build_measure(self) -> None:
        """Measure's buttons over its panel: seats, games, bots' level, start or cancel, close; what it is compared
        with on a row of its own."""
        self.measure_buttons: dict = {}
        if not self.measuring:
            return
        r, bh = self.right, round(36 * self.k)
        words = self.measure.words(self.baseline())
        bw = (r.width - 4 * 6) // 5
        for i, (name, label) in enumerate(words.items()):
            rect = (r.x + i * (bw + 6), r.y, bw, bh) if name != "against" else (r.x, r.y + bh + 6, r.width, bh)
            self.measure_buttons[name] = self.button(rect, label, object_id=f"#ws_m_{name}")
            if self.measure.running and name not in ("go", "close"):
                self.measure_buttons[name].disable()
        self.fit_labels([(b, words[n], None, _("click to compare with another variant") if n == "against" else None)
                         for n, b in self.measure_buttons.items()])
        self.measure_rect = pygame.Rect(r.x, r.y + 2 * bh + 14, r.width, r.height - 2 * bh - 14)

    def _variant_label(self) -> str:
        base = self.model.base
        title = _(base.title)
        if base.variant.startswith("user:"):
            title = _("{title} (your config: {file})").format(title=title, file=base.path.rsplit("/", 1)[-1])
        return _("Variant: {title}").format(title=title)

    def _saved_name(self) -> str:
        saved = self.model.saved
        stem = saved.stem if saved is not None else ""
        return stem[len(self.game_id) + 1:] if stem.startswith(self.game_id + "_") else stem

    def _enable(self) -> None:
        for name in ("try", "measure"):
            button = self.foot_buttons[name]
            button.enable() if self.model.valid else button.disable()
        self.foot_buttons["undo"].enable() if self.model.dirty else self.foot_buttons["undo"].disable()
        self.save_button.enable() if self.model.valid else self.save_button.disable()

    # --- commands ------------------------------------------------------------------------------------------
    def commands(self) -> dict:
        return {"back": self.back_pressed, "undo": self.undo, "save": self.save, "changes": self.show_changes,
                "try": self.try_it, "measure": self.open_measure, "game": self.next_game,
                "variant": self.next_variant, "up": lambda: self.choose(-1), "down": lambda: self.choose(1),
                "less": lambda: self.change(-1), "more": lambda: self.change(1), "toggle": lambda: self.change(1),
                "page_up": lambda: self.choose(-10), "page_down": lambda: self.choose(10)}

    def command_buttons(self) -> dict:
        return {**{b: n for n, b in self.foot_buttons.items()}, self.save_button: "save", self.back: "back",
                self.variant_button: "variant"}

    def command_active(self, name: str) -> bool:
        if name in LETTERS and self.app.text_entry_focused():
            return False
        if name in ("try", "measure", "save"):
            return self.model.valid
        if name == "undo":
            return self.model.dirty
        return True

    def handle(self, event) -> None:
        if pressed_in(event, (self.game_buttons, self._game_pressed), (self.measure_buttons, self._measure_pressed)):
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.run("save")
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for hit in self.hits:
                if hit.rect.collidepoint(event.pos):
                    self._clicked(hit)
                    return
        if event.type == pygame.MOUSEWHEEL and self.right.collidepoint(pygame.mouse.get_pos()):
            self.list.top = max(0, self.list.top - 3 * event.y)
            self.app.dirty = True
            return
        self.run_command(event)

    def _clicked(self, hit) -> None:
        if hit.field is None:
            return
        self.list.chosen = self.model.fields.index(hit.field)
        if hit.action in ("-", "+", "next"):
            self.change(-1 if hit.action == "-" else 1)
        self.app.dirty = True

    def _game_pressed(self, i: int) -> None:
        if self.games[i] != self.game_id:
            self.open(load_config(self.games[i]))

    def choose(self, step: int) -> None:
        self.list.choose(step)
        self.app.dirty = True

    def change(self, direction: int) -> None:
        """The chosen field one step (a number), or its next choice (a toggle, a list)."""
        if self.model.step(self.list.field, direction):
            self._changed()

    def _changed(self) -> None:
        self._enable()
        self.app.dirty = True

    def undo(self) -> None:
        edit = self.model.undo()
        if edit is not None:
            self.list.chosen = self.model.fields.index(edit.field)
            self.app.notify(_("Undone: {field}").format(field=label_of(edit.field)))
            self._changed()

    def back_pressed(self) -> None:
        if self.measuring:
            self._close_measure()
        else:
            self.close()

    def show_changes(self) -> None:
        changes = self.model.changes()
        if not self.model.valid:
            text = _("The variant is not valid now: see the marked fields.")
        elif not changes:
            text = _("Nothing changed yet: it is the same game as {title}.").format(title=_(self.model.base.title))
        else:
            text = "\n".join(f"• {c.text}" for c in changes)
        head = ngettext("{n} change", "{n} changes", len(changes)).format(n=len(changes))
        self.app.go(Ask(_("What changed: {head}").format(head=head), text))

    def save(self, overwrite: bool = False) -> None:
        name = self.name_entry.get_text().strip()
        if not name:
            self.app.message(_("Type a name for your variant first (lower-case letters, digits, _ and -)."),
                             title=_("Save as"))
            return
        try:
            path = self.model.save_as(name, overwrite=overwrite)
        except SaveRefused as exc:
            self._refused(exc)
            return
        self._variants = None
        self.app.notify(_("Saved as {file}: New game lists it.").format(file=path.name))
        self._changed()

    def _refused(self, exc: SaveRefused) -> None:
        if exc.reason == "exists":
            file = exc.path.name if exc.path is not None else exc.name
            self.app.go(Ask(_("Replace your variant?"), _("{file} exists in your config folder.").format(file=file),
                            (("replace", _("Replace it")), ("keep", _("Keep it"))), default="keep"),
                        then=lambda choice: self.save(overwrite=True) if choice == "replace" else None)
            return
        text = {"invalid": _("The variant is not valid now: see the marked fields."),
                "name": _("Use lower-case letters, digits, _ and - for the name (at most 40)."),
                "shipped": _("{name} is the name of a variant that comes with the game: choose another.").format(
                    name=exc.name),
                "io": _("The file cannot be written: {problem}").format(problem=exc.detail)}[exc.reason]
        self.app.message(text, title=_("Cannot save"))

    def try_it(self) -> None:
        """A game of the variant as it is now (saved or not: the save of the game holds its text)."""
        config = self.model.config
        if config is None:
            return
        n = max(2, config.players_min)
        names = [s.get("name", "") for s in (self.app.last_setup or {}).get("seats", []) if s.get("kind") == "human"]
        seats = [Seat(names[0] if names and names[0].strip() else _("Designer"))] + [Seat(_("Bot {n}").format(n=i), "normal") for i in range(1, n)]
        match = Match(config, seats)
        confirm_replacing_autosave(self.app, lambda: self.app.go(StartMatch(match)), _("Try it"))

    # --- Measure ---------------------------------------------------------------------------------------------
    def open_measure(self) -> None:
        if self.model.config is None:
            return
        self.measuring = True
        cfg = self.model.config
        self.measure.players = min(max(self.measure.players, cfg.players_min), cfg.players_max)
        self.resize()

    def _close_measure(self) -> None:
        self.measure.cancel()
        self.measuring = False
        self.resize()

    def _measure_pressed(self, name: str) -> None:
        if name == "close":
            self._close_measure()
            return
        levels = list(getattr(game_class(self.game_id), "bot_levels", ("normal",)))
        self.measure.press(name, self.model.config, self.baseline(), self.variants(), levels)
        self.resize()

    @property
    def job(self):
        return self.measure.job

    def baseline(self):
        """What Measure compares the variant with: the variant chosen, else the game's default."""
        against = self.measure.against
        return against if against is not None and against.game == self.game_id else load_config(self.game_id)

    def update(self, dt: float) -> bool:
        if self.job is not None and self.job.poll():
            if self.job.state != "running":
                self.resize()
            self.app.dirty = True
        return self.job is not None and self.job.state == "running"

    def leave(self) -> None:
        super().leave()
        if self not in self.app.stack:   # closed: the worker stops with it
            self.measure.cancel()

    def configs_changed(self, batch) -> None:
        """The user config folder changed: the variants are listed again; the variant being edited, changed in an
        editor meanwhile, is read again when nothing was changed here (else a note says so)."""
        self._variants = None
        mine = [c for c in batch.changes if str(c.path) == self.model.base.path]
        if not mine:
            return
        if self.model.unsaved:
            self.app.notify(_("{file} changed on disk; your changes here are kept.").format(file=mine[0].path.name))
            return
        try:
            fresh = [c for c in self.variants() if c.path == self.model.base.path]
        except PirateTableError:
            fresh = []
        if fresh:
            self.open(fresh[0])
            self.app.notify(_("{file} changed — read again.").format(file=mine[0].path.name))

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t, k = self.app.text, self.k
        title = t.render(_("Workshop"), round(30 * k), P.GOLD_LIGHT, True)
        surface.blit(title, (20, self.header_y))
        state = state_line(self.model)
        size = round(15 * k)
        room = w - 60 - title.get_width()
        img = t.render(t.ellipsize(state, size, room), size, P.RED_LIGHT if not self.model.valid else P.MUTED)
        surface.blit(img, img.get_rect(midright=(w - 20, self.header_y + title.get_height() // 2)))
        art.panel(surface, self.deck_rect, fill=(20, 30, 40))
        game = self.game_object()
        inner = self.deck_rect.inflate(-20, -16)
        general = self.model.problems_of(None)
        lines = [f"⚠ {m}" for m in general]
        y = inner.bottom
        for line in reversed(lines[-3:]):
            img = t.render(t.ellipsize(line, size, inner.width), size, P.RED_LIGHT)
            y -= img.get_height() + 4
            surface.blit(img, (inner.x, y))
        deck_area = pygame.Rect(inner.x, inner.y, inner.width, y - inner.y - 6)
        self.hits = draw_deck(surface, deck_area, game, painters_for(game), self.model, t, k)
        if self.measuring:
            draw_measure(surface, self.measure_rect, self.job, t, k, unit_words)
        else:
            self.hits += self.list.draw(surface, self.right, t, k, game.words())
        if pygame.mouse.get_focused():
            draw_tip(surface, self.hits, pygame.mouse.get_pos(), t, k)
