"""New game: game, variant (shipped and user configs), seats (human or bot level each), optional seed.

The form's model is `ui/setup_form.SetupForm` (the configs read off the drawing thread, the chosen variant, the
seats); this scene lays out its widgets, takes the keys and draws. The screen opens at once and its variant list
fills in as the files are read (a progress line says how far); the variant chosen is loaded on a thread too (Start
or How to play pressed meanwhile go on when it is in)."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIScrollingContainer, UITextEntryLine

from ...config.loader import user_config_dir
from ...engine.errors import PirateTableError
from ...i18n import _, grouped
from ...table.standard import level_name
from .. import art
from .. import palette as P
from ..form_focus import FOCUS_KEYS, RING, FormFocus
from ..growing_list import GrowingList
from ..keys import CLOSE, SPACED, Command, Keymap, enter, key_name
from ..outcomes import OpenGuide, StartMatch
from ..saves import confirm_replacing_autosave
from ..scene import Scene, pressed_in
from ..settings import load_last_setup, save_last_setup
from ..setup_form import BOT_NAMES, SetupForm
from ..text import WIDE_CLASS, widget_text
from ..watch import follow_list

__all__ = ["BOT_NAMES", "NewGameScene"]

REDRAW_EVERY = 0.1   # seconds between redraws for the progress alone
KEYS = Keymap([
    Command("add", (pygame.K_a,), key_name("A"), lambda: "+ " + _("Add a seat")),     # not while a name is typed
    Command("reload", (pygame.K_F5,), key_name("F5"), lambda: _("Reload configs"),
            lambda: _("read the config folders again")),
    Command("guide", (pygame.K_F1,), key_name("F1"), lambda: _("How to play"),
            lambda: _("The guide to this game and variant")),
    Command("start", (pygame.K_RETURN, pygame.K_KP_ENTER), enter, lambda: _("Start")),   # Enter in a field too
    Command("back", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    *FOCUS_KEYS,             # Tab, Shift+Tab, the arrows and Space move and press the focus (ui/form_focus.py)
], form=SPACED)
FOCUS = {c.name for c in FOCUS_KEYS}


class NewGameScene(Scene):
    """Builds a Match from the form; every problem is a message on screen."""

    keys = KEYS

    def __init__(self, app):
        super().__init__(app)
        self.form = SetupForm(app.last_setup or load_last_setup())
        self._label_width, self._progress, self._drawn_at = 300, "", -1.0
        self.focus_ring = FormFocus(self)     # the keyboard focus (a gold ring): Tab, arrows, Space

    # --- the form's model, as the screen and the tests read it ------------------------------------------------
    games = property(lambda self: self.form.games)
    game = property(lambda self: self.form.game)
    seats = property(lambda self: self.form.seats)
    variants = property(lambda self: self.form.variants)
    variant = property(lambda self: self.form.variant)
    variant_index = property(lambda self: self.form.variant_index)
    all_variants = property(lambda self: self.form.all_variants)
    scan = property(lambda self: self.form.scan)
    settled = property(lambda self: self.form.settled)
    focus_items = property(lambda self: self.focus_ring.items)
    focus = property(lambda self: self.focus_ring.at)
    ring_drawn = property(lambda self: self.focus_ring.drawn)
    seed_text = property(lambda self: self.form.seed_text)

    def working(self) -> bool:
        return self.form.working()

    def reading(self) -> list:
        return self.form.reading()

    # --- the folders, as they are read ---------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self._listen()
        return False

    def _listen(self) -> None:
        """Take the configs read since the last frame and the chosen config once loaded; redraw on a change."""
        if self.root is None:
            return
        new, rebuild = self.form.take()
        changed = rebuild or bool(new)
        if rebuild:
            self.resize()
        elif new:
            self.variant_list.append(new)
        loading = self.form.loading
        if loading is not None and loading.done():
            changed = self._loaded(loading.result()) or changed
        progress = self.form.progress_line(grouped)
        if changed or (progress != self._progress and (not progress or self.app.now - self._drawn_at >= REDRAW_EVERY)):
            self._progress = progress
            self._drawn_at = self.app.now
            self.app.dirty = True

    def _loaded(self, fresh) -> bool:
        """The chosen config is loaded: show what changed, and go on with what waited for it."""
        taken, changed, then = self.form.loaded(fresh)
        if changed:   # what the list and the seats say changed: show it
            self.resize()
        if then == "start":
            self.start_game()
        elif then == "guide":
            self._open_guide()
        return taken

    # --- widgets ----------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        k = self.app.settings.ui_scale
        self.k = k
        pad = 20
        ctl = round(40 * k)                                   # the height of a control
        self.header_y = round(14 * k)
        tabs_y = round(60 * k)
        self._build_games(pygame.Rect(pad, tabs_y, w - 2 * pad, ctl))
        body = tabs_y + ctl + round(14 * k)
        self.body_y = body
        foot = h - pad - round(46 * k)
        self.foot_y = foot
        lw = max(300, int((w - 3 * pad) * 0.42))
        rx = 2 * pad + lw
        rw = w - rx - pad
        self.left_x, self.right_x, self.right_w = pad, rx, rw
        label_h = round(24 * k)
        self._build_variants(pygame.Rect(pad, body + label_h, lw, foot - body - label_h))
        seats_top = body + label_h + round(20 * k)
        self._build_seats(pygame.Rect(rx, seats_top, rw, foot - seats_top), ctl)
        sw, bh = min(220, (rw - 12) // 2), round(46 * k)
        self.start = self.button((w - pad - sw, foot, sw, bh), KEYS.label("start"), object_id="#start")
        self.back = self.button((w - pad - 2 * sw - 12, foot, sw, bh), KEYS.label("back"), object_id="#new_back")
        if not self.form.playable:
            self.start.disable()
        # the labels whole (with their keys, else without, else smaller: text 150 % at 960×600), each pair alike
        self.fit_command_labels(("guide", "reload"), ("back", "start"), ("add",), tips=("guide", "reload"))
        self.focus_ring.order()
        self.focus_ring.show()

    def _build_games(self, row: pygame.Rect) -> None:
        """The games, as tabs in one row."""
        n = max(1, len(self.games))
        tab_w = min(260, (row.width - (n - 1) * 8) // n)
        self.game_buttons = []
        for i, g in enumerate(self.games):
            mark = "» " if i == self.form.game_index else ""
            full = _(g.name) if g.cls else _("{game} (unavailable)").format(game=g.id)
            label = mark + self.app.text.ellipsize(full, round(16 * self.k), tab_w - 24)
            btn = self.button((row.x + i * (tab_w + 8), row.y, tab_w, row.height), label,
                              tooltip=g.error or (full if label != mark + full else None), object_id="#game_button")
            if g.cls is None:
                btn.disable()
            elif i == self.form.game_index:
                btn.select()
            self.game_buttons.append(btn)

    def _build_variants(self, left: pygame.Rect) -> None:
        """The left column: the variant list, what the chosen one is, How to play and Reload under it."""
        k, form = self.k, self.form
        pad, lw, foot = left.x, left.width, left.bottom
        list_h = max(3 * round(30 * k), min(round(200 * k), int(left.height * 0.38)))
        col = pygame.Rect(pad, left.y, lw, list_h)
        self._label_width = lw - 30
        none = not form.variants and form.scan.complete and not form.todo   # a row saying so
        self.variant_list = GrowingList(col, self._row, len(form.variants) or int(none), manager=self.app.manager,
                                        container=self.root,
                                        object_id=ObjectID(class_id=WIDE_CLASS if form.wide else None,
                                                           object_id="#variant_list"),
                                        selected=form.variant_index if form.variants else None)
        self.info_rect = pygame.Rect(pad, col.bottom + 10, lw, foot - 12 - col.bottom - 10)
        bw = min(230, (lw - 10) // 2)
        self.guide_button = self.button((pad, foot, bw, round(46 * k)), KEYS.label("guide", form=CLOSE),
                                        object_id="#new_guide", tooltip=KEYS.tooltip("guide"))
        self.reload = self.button((pad + bw + 10, foot, bw, round(46 * k)), KEYS.label("reload", form=CLOSE),
                                  object_id="#reload", tooltip=KEYS.tooltip("reload"))
        if not form.playable:
            self.guide_button.disable()

    def _build_seats(self, right: pygame.Rect, ctl: int) -> None:
        """The right column: the seats (scrolling when they do not fit, in two columns if room), "Add a seat", seed."""
        k, rx, rw = self.k, right.x, right.width
        row_h = ctl + round(6 * k)
        bottom_rows = 2 * row_h + round(8 * k)         # "Add a seat" and the seed under the list
        area = pygame.Rect(rx, right.y, rw, max(row_h, right.height - 12 - bottom_rows))
        n_seats = len(self.seats)
        columns = 2 if n_seats * row_h > area.height and rw >= 2 * 330 * k else 1
        per_col = -(-n_seats // columns)
        col_w = (rw - 2 * RING - (columns - 1) * 16 - (18 if per_col * row_h > area.height else 0)) // columns
        self.seat_area = area
        self.seat_columns = columns
        self.seat_list = UIScrollingContainer(area, manager=self.app.manager, container=self.root,
                                              allow_scroll_x=False, object_id="#seat_list")
        self.seat_scrolls = per_col * row_h > area.height
        self.row_h, self.per_col = row_h, per_col
        self.seat_list.set_scrollable_area_dimensions((area.width - 18, max(area.height, per_col * row_h + 3 * RING)))
        remove_w = round(44 * k)
        name_w = int((col_w - remove_w - 16) * 0.52)
        kind_w = col_w - remove_w - 16 - name_w
        self.col_x = [RING + c * (col_w + 16) for c in range(columns)]
        self.name_w, self.kind_w = name_w, kind_w
        self.name_entries: list[UITextEntryLine] = []
        self.kind_buttons: list[UIButton] = []
        self.remove_buttons: list[UIButton] = []
        for i, seat in enumerate(self.seats):
            self._build_seat(seat, self.col_x[i // per_col], RING + (i % per_col) * row_h, ctl, remove_w)
        y = area.bottom + round(8 * k)
        self.add_button = self.button((rx, y, min(260, rw // 2 - 8), ctl), KEYS.label("add", form=CLOSE),
                                      object_id="#seat_add")
        if not self.form.room_for_seat():
            self.add_button.disable()
        self.seed_y = y + row_h
        seed_x = rx + min(260, rw // 2 - 8) + 16
        self.seed_label_x = rx
        seed_w = min(200, rw - (seed_x - rx))
        self.seed_entry = UITextEntryLine(pygame.Rect(rx + rw - seed_w, self.seed_y, seed_w, ctl),
                                          manager=self.app.manager, container=self.root, object_id="#seed",
                                          placeholder_text=_("random"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)

    def _build_seat(self, seat: dict, cx: int, y: int, ctl: int, remove_w: int) -> None:
        """One seat's row: its name, its kind (click to change), ×."""
        box = self.seat_list.get_container()
        entry = UITextEntryLine(pygame.Rect(cx, y, self.name_w, ctl), manager=self.app.manager, container=box,
                                object_id=ObjectID(class_id=WIDE_CLASS if widget_text(seat["name"])[1] else None,
                                                   object_id="#seat_name"))
        entry.set_text_length_limit(24)
        entry.set_text(seat["name"][:24])
        self.name_entries.append(entry)
        kind = _("Human") if seat["kind"] == "human" else _("Bot · {level}").format(level=level_name(seat["kind"]))
        self.kind_buttons.append(self.button((cx + self.name_w + 8, y, self.kind_w, ctl), kind,
                                             object_id="#seat_kind",
                                             tooltip=_("click to change: human or a bot level"), container=box))
        rm = self.button((cx + self.name_w + self.kind_w + 16, y, remove_w, ctl), "×", object_id="#seat_remove",
                         tooltip=_("remove this seat"), container=box)
        if not self.form.seat_can_go():
            rm.disable()
        self.remove_buttons.append(rm)

    @property
    def labels(self) -> list[str]:
        """The variant list's texts (every one made now)."""
        return self.variant_list.texts()

    def _row(self, i: int) -> str:
        """Row `i` of the variant list (made when the row first comes into view)."""
        return self.form.row_label(i, self._label_width, self.app.text.ellipsize,
                                   round(16 * self.app.settings.ui_scale))

    def language_changed(self) -> None:
        self.form.language_changed()

    def configs_changed(self, batch) -> None:   # the list follows the user config folder (ui/watch.py)
        follow_list(self, batch, KEYS.key("reload"))

    def leave(self) -> None:
        super().leave()
        if self not in self.app.stack:   # closed (not built again for a new size or language): stop reading
            self.scan.stop()

    def step_game(self, step: int) -> None:
        if self.form.step_game(step):
            self.focus_ring.key = ("games", 0)
            self.resize()

    def step_variant(self, step: int) -> None:
        if not self.variants:
            return
        self.form.chosen = True
        self.focus_ring.key = ("variants", 0)
        self._choose((self.variant_index + step) % len(self.variants))

    def _choose(self, i: int) -> None:
        self.form.choose(i)
        self.resize()

    # --- events -----------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if not (pressed_in(event, (self.game_buttons, self._game_pressed), (self.kind_buttons, self.cycle_kind),
                           (self.remove_buttons, self._remove_pressed)) or self._handle_fields(event)):
            self.run_command(event)

    def commands(self) -> dict:
        return {"add": self._add_pressed, "reload": self.reload_configs, "guide": self._open_guide,
                "start": self.start_game, "back": self.close, **self.focus_ring.commands()}

    def command_buttons(self) -> dict:
        return {self.add_button: "add", self.reload: "reload", self.guide_button: "guide", self.start: "start",
                self.back: "back"}

    def command_active(self, name: str) -> bool:      # (A types into a name field)
        return self.focus_ring.can(name) if name in FOCUS else name != "add" or not self.app.text_entry_focused()

    def _game_pressed(self, i: int) -> None:
        if i != self.form.game_index:
            self.form.set_game(i)
            self.resize()

    def _remove_pressed(self, i: int) -> None:
        self.focus_ring.key = ("kind", max(0, i - 1))     # never a name field: a key pressed next would type
        self.remove_seat(i)

    def _add_pressed(self) -> None:
        # the focus goes to the new seat's kind, not its name: A again adds another seat rather than type "a"
        # into the name ("Blackbeardaaa"); Tab back (or a click) to type a name
        self.focus_ring.key = ("kind", len(self.seats))
        self.add_seat()

    def reload_configs(self) -> None:
        self.form.start_scan(self.variant.variant if self.form.playable else None)
        self.resize()
        self.app.notify(_("Reading the configs again."))

    def _handle_fields(self, event) -> bool:
        """The name and seed fields (Enter in one starts the game, as Enter anywhere does) and the variant list."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                (event.ui_element in self.name_entries or event.ui_element is self.seed_entry):
            self.run("start")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element in self.name_entries:
                self.seats[self.name_entries.index(event.ui_element)]["name"] = event.ui_element.get_text()
            elif event.ui_element is self.seed_entry:
                self.form.seed_text = self.seed_entry.get_text()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.variant_list:
            at = self.variant_list.selected_index()
            if at is not None and at < len(self.variants):
                self.form.chosen = True
                self._choose(at)
            return True
        return False

    def _open_guide(self) -> None:
        if not self.form.playable:
            return
        if self.variant.config is None:     # still being loaded: the guide opens when it is in
            if self.form.wait_for_config("guide"):
                self.resize()
            return
        self.app.go(OpenGuide(self.variant.config))

    def cycle_kind(self, i: int, step: int = 1) -> None:
        self.form.cycle_kind(i, step)
        self.focus_ring.key = ("kind", i)
        self.resize()

    def add_seat(self) -> None:
        if not self.form.room_for_seat():
            self.app.notify(_("This variant has no room for another seat."))
            return
        self.form.add_seat()
        self.resize()

    def remove_seat(self, i: int) -> None:
        if not self.form.seat_can_go():
            return
        del self.seats[i]
        self.resize()

    def start_game(self) -> None:
        v = self.variant
        if v is None or v.error is not None:
            self.app.message(v.error if v else _("Choose a game and a variant first."), title=_("Cannot start"))
            return
        for seat, entry in zip(self.seats, self.name_entries):   # what the fields show is what counts
            seat["name"] = entry.get_text()
        names = [s["name"].strip() for s in self.seats]
        problem = self.form.problem(names)
        if problem:
            self.app.message(problem, title=_("Cannot start"))
            return
        if v.config is None:     # still being loaded: the game starts when it is in
            if self.form.wait_for_config("start", unless_seats_change=True):   # shown before it starts
                self.resize()
            return
        try:
            match = self.form.match(names)
        except PirateTableError as exc:
            self.app.message(str(exc), title=_("Cannot start"))
            return
        confirm_replacing_autosave(self.app, lambda: self._start(match), _("Start the new game"))

    def _start(self, match) -> None:
        self.app.last_setup = self.form.remembered()
        problem = save_last_setup(self.app.last_setup)   # remembered across restarts
        if problem:
            self.app.notify(problem)
        self.app.go(StartMatch(match))

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t, k = self.app.text, self.k
        lw, v, rx = self.right_x - 40, self.variant, self.right_x
        head = _("Seats")
        if v and v.error is None:
            head += "  " + _("({low}–{high} players)").format(low=v.players_min, high=v.players_max)
        texts = [(_("New game"), 30, P.GOLD_LIGHT, True, None, {"topleft": (20, self.header_y)}),
                 (_("Variant (config)"), 17, P.CREAM, True, lw, {"topleft": (self.left_x, self.body_y)}),
                 (head, 17, P.CREAM, True, self.right_w, {"topleft": (rx, self.body_y)}),
                 (_("Seed (optional)"), 15, P.CREAM, False, self.seed_entry.rect.x - rx - 12,
                  {"midleft": (rx, self.seed_entry.rect.centery)})]
        if self._progress:   # how far the reading of the configs is, right of the list's heading
            room = lw - t.width(_("Variant (config)"), round(17 * k), True) - 16
            if room > 60:
                texts.append((self._progress, 13, P.MUTED, False, room,
                              {"bottomright": (self.left_x + lw, self.body_y + round(20 * k))}))
        for cx in self.col_x:
            y = self.body_y + round(24 * k)
            texts += [(_("Name"), 13, P.MUTED, False, self.name_w, {"topleft": (rx + cx, y)}),
                      (_("Human or bot (click)"), 13, P.MUTED, False, self.kind_w,
                       {"topleft": (rx + cx + self.name_w + 8, y)})]
        if self.seat_scrolls:   # say that the list goes on, beside "Add a seat"
            texts.append((_("Scroll for more seats"), 13, P.MUTED, False,
                          rx + self.right_w - self.add_button.rect.right - 12,
                          {"midright": (rx + self.right_w, self.add_button.rect.centery)}))
        for text, size, colour, bold, room, at in texts:
            size = round(size * k)
            img = t.render(t.ellipsize(text, size, room, bold) if room is not None else text, size, colour, bold)
            surface.blit(img, img.get_rect(**at))
        self._draw_info(surface)
        if self.app.top is self:      # (under a question its widgets are hidden: no empty ring)
            self.focus_ring.draw(surface)

    def _draw_info(self, surface) -> None:
        t, k = self.app.text, self.k
        art.panel(surface, self.info_rect, fill=(20, 30, 40))
        x, y, width = self.info_rect.x + 14, self.info_rect.y + 10, self.info_rect.width - 28
        lines = [(s, colour, size, bold, p) for p, (text, colour, size, bold, wrap)
                 in enumerate(self.form.info(user_config_dir(), KEYS.key("reload")))
                 for s in (t.wrap(text, round(size * k), width, bold) if wrap else [text])]
        for i, (text, colour, size, bold, p) in enumerate(lines):
            size, bottom = round(size * k), self.info_rect.bottom - 6
            if y + size > bottom:
                break
            more = i + 1 < len(lines) and lines[i + 1][4] == p and \
                y + size + round(6 * k) + round(lines[i + 1][2] * k) > bottom    # its paragraph cut: "…"
            surface.blit(t.render(t.ellipsize(text.rstrip() + "…", size, width, bold) if more else text, size, colour,
                                  bold), (x, y))
            y += size + round(6 * k)
