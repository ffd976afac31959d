"""New game: game, variant (shipped and user configs), seats (human or bot level each), optional seed.

The configs are read off the drawing thread (`ui/catalog.scan_configs`, with its index): the screen opens at
once and its variant list fills in as the files are read (a progress line says how far); the variant chosen is
loaded on a thread too, and Start or How to play pressed meanwhile go on when it is in."""
from __future__ import annotations

from collections import deque
from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIScrollingContainer, UITextEntryLine

from ...config.loader import user_config_dir
from ...engine.errors import PirateTableError
from ...engine.match import Match, Seat
from ...i18n import _, grouped
from ...table.standard import level_name
from .. import art
from .. import palette as P
from ..catalog import facts_ok, games, load_variant, scan_configs, scanned_variant, wanted
from ..growing_list import GrowingList
from ..saves import confirm_replacing_autosave
from ..scene import Scene, key_is, pressed
from ..settings import load_last_setup, save_last_setup
from ..text import WIDE_CLASS, widget_text

BOT_NAMES = ["Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan"]
BATCH = 1000         # configs listed per frame at most (a label is made when its row first comes into view)
REDRAW_EVERY = 0.1   # seconds between redraws for the progress alone


class NewGameScene(Scene):
    """Builds a Match from the form; every problem is a message on screen."""

    def __init__(self, app):
        super().__init__(app)
        self.games = games()
        last = getattr(app, "last_setup", None) or load_last_setup()
        ids = [g.id for g in self.games]
        self.game_index = ids.index(last["game"]) if last.get("game") in ids else \
            next((i for i, g in enumerate(self.games) if g.cls), 0)
        self.seats: list[dict] = [dict(s) for s in last.get("seats", [])] or \
            [{"name": _("Player {n}").format(n=1), "kind": "human"}, {"name": BOT_NAMES[0], "kind": "normal"}]
        self.seed_text = ""
        self.variants: list = []          # the current game's configs (`catalog.Variant`), as they are read
        self.variant_index = 0
        self._wide = False                # the list's font must draw Hangul (`WIDE_CLASS`)
        self._label_cache: dict = {}
        self._label_width = 300
        self._loading = None              # the future loading the chosen config
        self._then: str | None = None     # "start" or "guide": what waits for the chosen config
        self._progress = ""
        self._drawn_at = -1.0
        self._start_scan(prefer=last.get("variant"))

    # --- model ------------------------------------------------------------------------------------------
    @property
    def game(self):
        return self.games[self.game_index] if self.games else None

    def _start_scan(self, prefer: str | None = None) -> None:
        """Read the config folders (again): every config found so far is forgotten; `prefer` (a variant name) is
        chosen when it comes, unless the person chooses another first."""
        old = getattr(self, "scan", None)
        if old is not None:
            old.stop()
        self.scan = scan_configs()
        self.all_variants: list = []
        self._todo: deque = deque()
        self._load_variants(prefer)

    def _load_variants(self, prefer: str | None = None) -> None:
        """The current game's configs among those read so far; `prefer` is chosen when it is (or comes) in."""
        self._prefer = prefer or "default"
        self._chosen = False     # True once the person chose, or the preferred variant came
        self.variants = [v for v in self.all_variants if self.game and self.game.cls and wanted(v, self.game.id)]
        self._wide = any(self._needs_wide(v) for v in self.variants)
        self.variant_index = 0
        self._loading = None
        self._then = None
        best = next((i for i, v in enumerate(self.variants) if v.error is None and v.variant == self._prefer), None)
        if best is not None:
            self._chosen = True
        else:
            ok = [i for i, v in enumerate(self.variants) if v.error is None]
            best = ok[0] if ok else 0
        self._choose(best, rebuild=False, load=self._chosen)

    def _choose(self, i: int, rebuild: bool = True, load: bool = True) -> None:
        """Make variant `i` the chosen one: its seats range applies, and its config is loaded (on a thread). A
        choice made only until the remembered variant comes (`load` False) leaves the seats as they are and
        loads nothing: that happens when it becomes the choice (`_settle`)."""
        old = self.variant
        if old is not None and old.config is not None and i != self.variant_index:   # keep one config in memory
            self._replace(self.variant_index, replace(old, config=None))
        self.variant_index = i
        self._then = None
        self._loading = None
        if load:
            self._clamp_seats()
            self._load_chosen()
        if rebuild:
            self.resize()

    def _settle(self) -> bool:
        """The variant shown becomes the choice (the remembered one did not come, or the person went on with
        this one): its seats range applies and its config is loaded. True if the seats changed."""
        self._chosen = True
        before = [dict(s) for s in self.seats]
        self._clamp_seats()
        self._load_chosen()
        return self.seats != before

    def _load_chosen(self) -> None:
        v = self.variant
        if v is not None and v.error is None and v.config is None and self._loading is None:
            self._loading = load_variant(v)

    def _replace(self, i: int, v) -> None:
        """Put `v` (the same file, read again or without its config) in place of variant `i`."""
        old = self.variants[i]
        self.variants[i] = v
        for j, w in enumerate(self.all_variants):
            if w.path == old.path:
                self.all_variants[j] = v
                break

    # --- the folders, as they are read ---------------------------------------------------------------------
    def working(self) -> bool:
        return not self.scan.complete or bool(self._todo) or self._loading is not None

    def reading(self) -> list:
        return [f for f in ((None if self.scan.done else self.scan.finished), self._loading)
                if f is not None and not f.done()]

    def update(self, dt: float) -> bool:
        self._listen()
        return False

    def _listen(self) -> None:
        """Take the configs read since the last frame (at most BATCH a frame) and the chosen config once loaded;
        redraw when something changed."""
        if self.root is None:
            return
        changed = False
        self._todo.extend(self.scan.take())
        new = []
        rebuild = False
        pick = None        # the variant to choose (the preferred one, or a first playable one meanwhile)
        for _n in range(min(BATCH, len(self._todo))):
            found = self._todo.popleft()
            if not facts_ok(found.facts):
                continue
            v = scanned_variant(found)
            self.all_variants.append(v)
            if not (self.game and self.game.cls and wanted(v, self.game.id)):
                continue
            self.variants.append(v)
            new.append(v)
            if not self._wide and self._needs_wide(v):   # the list's font must change: build it again
                self._wide = rebuild = True
            if not self._chosen and v.error is None:
                if v.variant == self._prefer:
                    pick, self._chosen = len(self.variants) - 1, True
                elif pick is None and (len(self.variants) == 1 or self.variant.error is not None):
                    pick = len(self.variants) - 1    # meanwhile: a playable one (its seats not applied yet)
        if pick is not None:
            self._choose(pick, rebuild=False, load=self._chosen)
            rebuild = True
        if not self._chosen and self.scan.complete and not self._todo:   # the remembered one never came
            rebuild = self._settle() or rebuild
        if rebuild:
            self.resize()
            changed = True
        elif new:
            self.variant_list.append(len(new))
            changed = True
        if self._loading is not None and self._loading.done():
            changed = self._loaded(self._loading.result()) or changed
        progress = self._progress_line()
        if changed or (progress != self._progress and (not progress or self.app.now - self._drawn_at >= REDRAW_EVERY)):
            self._progress = progress
            self._drawn_at = self.app.now
            self.app.dirty = True

    def _loaded(self, fresh) -> bool:
        """The chosen config is loaded (or turned out broken: the file changed since it was listed)."""
        self._loading = None
        v = self.variant
        if v is None or v.path != fresh.path:
            return False     # another variant was chosen meanwhile
        then, self._then = self._then, None
        self._replace(self.variant_index, fresh)
        if fresh.facts() != v.facts():   # what the list and the seats say changed: show it
            self._clamp_seats()
            self.resize()
        if then == "start" and fresh.config is not None:
            self.start_game()
        elif then == "guide" and fresh.config is not None:
            self._open_guide()
        return True

    def _progress_line(self) -> str:
        if self.scan.complete and not self._todo:
            return ""
        total = self.scan.progress()[1]
        if total is None:
            return _("Reading configs…")
        return _("Reading configs… {done} of {total}").format(done=grouped(len(self.all_variants)),
                                                              total=grouped(total))

    @property
    def variant(self):
        return self.variants[self.variant_index] if self.variants else None

    def _levels(self) -> list[str]:
        cls = self.game.cls if self.game else None
        return list(getattr(cls, "bot_levels", ("easy", "normal"))) if cls else ["normal"]

    def _clamp_seats(self) -> None:
        v = self.variant
        if v is None:
            return     # nothing read yet: the seats stay as they were set up
        lo, hi = (v.players_min, v.players_max) if v.error is None else (2, 5)
        while len(self.seats) < lo:
            self._add_seat()
        del self.seats[hi:]
        levels = self._levels()
        for s in self.seats:
            if s["kind"] != "human" and s["kind"] not in levels:
                s["kind"] = "normal" if "normal" in levels else levels[0]

    def _add_seat(self) -> None:
        used = {s["name"] for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), _("Bot {n}").format(n=len(self.seats) + 1))
        levels = self._levels()
        self.seats.append({"name": name, "kind": "normal" if "normal" in levels else levels[0]})

    # --- widgets ----------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.manager
        k = self.app.settings.ui_scale
        t = self.app.text
        self.k = k
        pad = 20
        ctl = round(40 * k)                                   # the height of a control
        self.header_y = round(14 * k)
        # the games, as tabs in one row
        tabs_y = round(60 * k)
        n = max(1, len(self.games))
        tab_w = min(260, (w - 2 * pad - (n - 1) * 8) // n)
        self.game_buttons = []
        for i, g in enumerate(self.games):
            mark = "» " if i == self.game_index else ""
            full = _(g.name) if g.cls else _("{game} (unavailable)").format(game=g.id)
            label = mark + t.ellipsize(full, round(16 * k), tab_w - 24)
            btn = self.button((pad + i * (tab_w + 8), tabs_y, tab_w, ctl), label,
                              tooltip=g.error or (full if label != mark + full else None), object_id="#game_button")
            if g.cls is None:
                btn.disable()
            elif i == self.game_index:
                btn.select()
            self.game_buttons.append(btn)
        body = tabs_y + ctl + round(14 * k)
        self.body_y = body
        foot = h - pad - round(46 * k)
        self.foot_y = foot
        lw = max(300, int((w - 3 * pad) * 0.42))
        rx = 2 * pad + lw
        rw = w - rx - pad
        self.left_x, self.right_x, self.right_w = pad, rx, rw
        label_h = round(24 * k)
        # left: the variant list and what the chosen one is
        list_h = max(3 * round(30 * k), min(round(200 * k), int((foot - body - label_h) * 0.38)))
        col = pygame.Rect(pad, body + label_h, lw, list_h)
        self._label_width = lw - 30
        none = not self.variants and self.scan.complete and not self._todo   # a row saying so
        self.variant_list = GrowingList(col, self._row, len(self.variants) or int(none), manager=m,
                                        container=self.root,
                                        object_id=ObjectID(class_id=WIDE_CLASS if self._wide else None,
                                                           object_id="#variant_list"),
                                        selected=self.variant_index if self.variants else None)
        self.info_rect = pygame.Rect(pad, col.bottom + 10, lw, foot - 12 - col.bottom - 10)
        bw = min(230, (lw - 10) // 2)
        self.guide_button = self.button((pad, foot, bw, round(46 * k)), _("How to play") + "  [F1]",
                                        object_id="#new_guide", tooltip=_("The guide to this game and variant"))
        self.reload = self.button((pad + bw + 10, foot, bw, round(46 * k)), _("Reload configs") + "  [F5]",
                                  object_id="#reload", tooltip=_("read the config folders again"))
        if self.variant is None or self.variant.error is not None:
            self.guide_button.disable()
        # right: the seats (a scrolling list when they do not fit, in two columns where there is room)
        row_h = ctl + round(6 * k)
        seats_top = body + label_h + round(20 * k)
        bottom_rows = 2 * row_h + round(8 * k)         # "Add a seat" and the seed under the list
        area = pygame.Rect(rx, seats_top, rw, max(row_h, foot - 12 - bottom_rows - seats_top))
        n_seats = len(self.seats)
        columns = 2 if n_seats * row_h > area.height and rw >= 2 * 330 * k else 1
        per_col = -(-n_seats // columns)
        col_w = (rw - (columns - 1) * 16 - (18 if per_col * row_h > area.height else 0)) // columns
        self.seat_area = area
        self.seat_columns = columns
        self.seat_list = UIScrollingContainer(area, manager=m, container=self.root, allow_scroll_x=False,
                                              object_id="#seat_list")
        self.seat_scrolls = per_col * row_h > area.height
        self.row_h, self.per_col = row_h, per_col
        self.seat_list.set_scrollable_area_dimensions((area.width - 18, max(area.height, per_col * row_h)))
        remove_w = round(44 * k)
        name_w = int((col_w - remove_w - 16) * 0.52)
        kind_w = col_w - remove_w - 16 - name_w
        self.col_x = [c * (col_w + 16) for c in range(columns)]
        self.name_w, self.kind_w = name_w, kind_w
        self.name_entries, self.kind_buttons, self.remove_buttons = [], [], []
        box = self.seat_list.get_container()
        v = self.variant
        for i, seat in enumerate(self.seats):
            cx, y = self.col_x[i // per_col], (i % per_col) * row_h
            entry = UITextEntryLine(pygame.Rect(cx, y, name_w, ctl), manager=m, container=box,
                                    object_id=ObjectID(class_id=WIDE_CLASS if widget_text(seat["name"])[1] else None,
                                                       object_id="#seat_name"))
            entry.set_text_length_limit(24)
            entry.set_text(seat["name"][:24])
            self.name_entries.append(entry)
            kind = _("Human") if seat["kind"] == "human" else _("Bot · {level}").format(level=level_name(seat["kind"]))
            self.kind_buttons.append(self.button((cx + name_w + 8, y, kind_w, ctl), kind, object_id="#seat_kind",
                                                 tooltip=_("click to change: human or a bot level"), container=box))
            rm = self.button((cx + name_w + kind_w + 16, y, remove_w, ctl), "×", object_id="#seat_remove",
                             tooltip=_("remove this seat"), container=box)
            if v is None or v.error is not None or n_seats <= v.players_min:
                rm.disable()
            self.remove_buttons.append(rm)
        y = area.bottom + round(8 * k)
        self.add_button = self.button((rx, y, min(260, rw // 2 - 8), ctl), "+ " + _("Add a seat") + "  [A]",
                                      object_id="#seat_add")
        if v is None or v.error is not None or n_seats >= v.players_max:
            self.add_button.disable()
        self.seed_y = y + row_h
        seed_x = rx + min(260, rw // 2 - 8) + 16
        self.seed_label_x = rx
        seed_w = min(200, rw - (seed_x - rx))
        self.seed_entry = UITextEntryLine(pygame.Rect(rx + rw - seed_w, self.seed_y, seed_w, ctl), manager=m,
                                          container=self.root, object_id="#seed", placeholder_text=_("random"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        sw = min(220, (rw - 12) // 2)
        self.start = self.button((w - pad - sw, foot, sw, round(46 * k)), _("Start") + "   [Enter]", object_id="#start")
        self.back = self.button((w - pad - 2 * sw - 12, foot, sw, round(46 * k)), _("Back") + "   [Esc]",
                                object_id="#new_back")
        if v is None or v.error is not None:
            self.start.disable()
        self._focus_order()
        self._show_focus()

    @property
    def labels(self) -> list[str]:
        """The variant list's texts (every one made now)."""
        return self.variant_list.texts()

    def _row(self, i: int) -> str:
        """Row `i` of the variant list (made when the row first comes into view)."""
        if not self.variants:
            return _("(no config found)")
        return self._variant_label(self.variants[i], self._label_width)

    def _needs_wide(self, v) -> bool:
        """Whether the label of `v` has a character only the wide face draws (its title, its file's name)."""
        return widget_text(f"{_(v.title)} {v.path.name}")[1]

    def _variant_label(self, v, width: int) -> str:
        """How the list names a config: its title, with the file for the user's own configs; cut to `width`."""
        key = (v.path, v.title, v.error is None, width)
        label = self._label_cache.get(key)
        if label is None:
            if v.error is None:
                title = _(v.title)
                text = _("{title} (your config: {file})").format(title=title, file=v.path.name) if v.user else title
            else:
                text = _("Cannot be played: {file}").format(file=v.path.name)
            label = self.app.text.ellipsize(widget_text(text)[0], round(16 * self.app.settings.ui_scale), width)
            self._label_cache[key] = label
        return label

    def language_changed(self) -> None:
        self._label_cache.clear()
        self._wide = any(self._needs_wide(v) for v in self.variants)

    def leave(self) -> None:
        super().leave()
        if self not in self.app.stack:   # closed (not built again for a new size or language): stop reading
            self.scan.stop()

    # --- keyboard focus (Tab / Shift+Tab, arrows; Space presses, Enter starts) ------------------------------
    def _focus_order(self) -> None:
        """The focusable controls in reading order: the games, the variants, each seat's name, kind and ×, Add,
        the seed, How to play, Reload, Back, Start."""
        order: list[tuple[str, object]] = [("games", None), ("variants", self.variant_list)]
        for i in range(len(self.seats)):
            order += [("name", self.name_entries[i]), ("kind", self.kind_buttons[i]),
                      ("remove", self.remove_buttons[i])]
        order += [("add", self.add_button), ("seed", self.seed_entry), ("guide", self.guide_button),
                  ("reload", self.reload), ("back", self.back), ("start", self.start)]
        self.focus_items = [(kind, el) for kind, el in order if el is None or el.is_enabled]
        key = getattr(self, "_focus_key", None)
        keys = [self._key_of(i) for i in range(len(self.focus_items))]
        self.focus = keys.index(key) if key in keys else (keys.index(("start", 0)) if ("start", 0) in keys else 0)

    def _key_of(self, i: int):
        kind, el = self.focus_items[i]
        if kind in ("name", "kind", "remove"):
            return kind, [self.name_entries, self.kind_buttons, self.remove_buttons][
                ("name", "kind", "remove").index(kind)].index(el)
        return kind, 0

    def focus_rect(self) -> pygame.Rect | None:
        """Where the keyboard focus is (the rectangle drawn around it)."""
        if not self.focus_items:
            return None
        kind, el = self.focus_items[self.focus]
        if kind == "games":
            return self.game_buttons[self.game_index].rect.copy() if self.game_buttons else None
        return el.rect.copy()

    def move_focus(self, step: int) -> None:
        if not self.focus_items:
            return
        self.focus = (self.focus + step) % len(self.focus_items)
        self._focus_key = self._key_of(self.focus)
        self._show_focus()
        self.app.dirty = True

    def _show_focus(self) -> None:
        """Give a focused text field the keyboard, and scroll a focused seat into view."""
        if not self.focus_items:
            return
        kind, el = self.focus_items[self.focus]
        self.app.manager.set_focus_set(el if kind in ("name", "seed") else None)
        if kind in ("name", "kind", "remove"):
            bar = self.seat_list.vert_scroll_bar
            if bar is not None:   # the focused row, with the one above it, at the top of the list
                row = self._key_of(self.focus)[1] % self.per_col
                frac = (row - 1) / self.per_col
                bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, frac)))

    def activate_focus(self) -> None:
        """Space on the focused control: press it (games and variants: the next one)."""
        kind, el = self.focus_items[self.focus]
        if kind == "games":
            self.step_game(1)
        elif kind == "variants":
            self.step_variant(1)
        elif kind in ("name", "seed"):
            return
        else:
            self.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el))

    def step_game(self, step: int) -> None:
        ok = [i for i, g in enumerate(self.games) if g.cls is not None]
        if not ok:
            return
        at = ok.index(self.game_index) if self.game_index in ok else 0
        self.game_index = ok[(at + step) % len(ok)]
        self._load_variants()
        self._focus_key = ("games", 0)
        self.resize()

    def step_variant(self, step: int) -> None:
        if not self.variants:
            return
        self._chosen = True
        self._focus_key = ("variants", 0)
        self._choose((self.variant_index + step) % len(self.variants))

    # --- events -----------------------------------------------------------------------------------------
    def handle(self, event) -> None:
        for i, btn in enumerate(self.game_buttons):
            if pressed(event, btn):
                if i != self.game_index:
                    self.game_index = i
                    self._load_variants()
                    self.resize()
                return
        for i, btn in enumerate(self.kind_buttons):
            if pressed(event, btn):
                self._focus_key = ("kind", i)
                self.cycle_kind(i)
                return
        for i, btn in enumerate(self.remove_buttons):
            if pressed(event, btn):
                self._focus_key = ("kind", max(0, i - 1))     # never a name field: a key pressed next would type
                self.remove_seat(i)
                return
        if event.type == pygame.KEYDOWN and self._handle_focus_key(event):
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                (event.ui_element in self.name_entries or event.ui_element is self.seed_entry):
            self.start_game()          # Enter in a field starts the game, as Enter anywhere does
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element in self.name_entries:
                self.seats[self.name_entries.index(event.ui_element)]["name"] = event.ui_element.get_text()
            elif event.ui_element is self.seed_entry:
                self.seed_text = self.seed_entry.get_text()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.variant_list:
            at = self.variant_list.selected_index()
            if at is not None and at < len(self.variants):
                self._chosen = True
                self._choose(at)
            return
        if pressed(event, self.add_button) or (key_is(event, pygame.K_a) and not self.app.text_entry_focused()):
            # the focus goes to the new seat's kind, not its name: A again adds another seat rather than type "a"
            # into the name ("Blackbeardaaa"); Tab back (or a click) to type a name
            self._focus_key = ("kind", len(self.seats))
            self.add_seat()
        elif pressed(event, self.reload) or key_is(event, pygame.K_F5):
            prefer = self.variant.variant if self.variant and self.variant.error is None else None
            self._start_scan(prefer)
            self.resize()
            self.app.notify(_("Reading the configs again."))
        elif pressed(event, self.guide_button) or key_is(event, pygame.K_F1):
            self._open_guide()
        elif pressed(event, self.start) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()
        elif pressed(event, self.back) or key_is(event, pygame.K_ESCAPE):
            self.close()

    def _handle_focus_key(self, event) -> bool:
        """Tab / Shift+Tab and the arrows move the keyboard focus; Space presses the focused control; Left and
        Right change the game (on the games) or a seat's kind; Up and Down change the variant (on the list)."""
        if not self.focus_items:
            return False
        kind, _el = self.focus_items[self.focus]
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if shift else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and kind == "games":
            self.step_game(1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and kind == "variants":
            self.step_variant(1 if event.key == pygame.K_DOWN else -1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and kind == "kind":
            self.cycle_kind(self._key_of(self.focus)[1], -1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move_focus(-1 if event.key == pygame.K_UP else 1)
        elif event.key == pygame.K_SPACE and not self.app.text_entry_focused():
            self.activate_focus()
        else:
            return False
        return True

    def _open_guide(self) -> None:
        v = self.variant
        if v is None or v.error is not None:
            return
        if v.config is None:     # still being loaded: the guide opens when it is in
            if not self._chosen and self._settle():
                self.resize()
            self._then = "guide"
            self._load_chosen()
            return
        from .guide import open_guide
        open_guide(self.app, v.config)

    def cycle_kind(self, i: int, step: int = 1) -> None:
        kinds = ["human"] + self._levels()
        seat = self.seats[i]
        nxt = kinds[(kinds.index(seat["kind"]) + step) % len(kinds)] if seat["kind"] in kinds else "human"
        was_default_human = seat["name"] in {_("Player {n}").format(n=n) for n in range(1, 13)}
        if nxt == "human" and seat["name"] in BOT_NAMES:
            seat["name"] = _("Player {n}").format(n=sum(1 for s in self.seats if s['kind'] == 'human') + 1)
        elif seat["kind"] == "human" and nxt != "human" and was_default_human:
            used = {s["name"] for s in self.seats}
            seat["name"] = next((n for n in BOT_NAMES if n not in used), seat["name"])
        seat["kind"] = nxt
        self._focus_key = ("kind", i)
        self.resize()

    def add_seat(self) -> None:
        v = self.variant
        if v is None or v.error is not None or len(self.seats) >= v.players_max:
            self.app.notify(_("This variant has no room for another seat."))
            return
        self._add_seat()
        self.resize()

    def remove_seat(self, i: int) -> None:
        v = self.variant
        if v is None or v.error is not None or len(self.seats) <= v.players_min:
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
        if any(not n for n in names):
            self.app.message(_("Every seat needs a name."), title=_("Cannot start"))
            return
        if len(set(names)) != len(names):
            self.app.message(_("Two seats have the same name: give each seat its own name."), title=_("Cannot start"))
            return
        seed = None
        if self.seed_text.strip():
            try:
                seed = int(self.seed_text.strip())
            except ValueError:
                self.app.message(_("The seed must be a whole number (or empty for a random game)."),
                                 title=_("Cannot start"))
                return
        if v.config is None:     # still being loaded: the game starts when it is in
            if not self._chosen and self._settle():   # the seats had to change: shown before it starts
                self.resize()
                return
            self._then = "start"
            self._load_chosen()
            return
        seats = [Seat(n, None if s["kind"] == "human" else s["kind"]) for n, s in zip(names, self.seats)]
        try:
            match = Match(v.config, seats, seed)
        except PirateTableError as exc:
            self.app.message(str(exc), title=_("Cannot start"))
            return
        confirm_replacing_autosave(self.app, lambda: self._start(match, v), _("Start the new game"))

    def _start(self, match, v) -> None:
        self.app.last_setup = {"game": self.game.id, "variant": v.variant,
                               "seats": [dict(s) for s in self.seats]}
        problem = save_last_setup(self.app.last_setup)   # remembered across restarts
        if problem:
            self.app.notify(problem)
        from .table import TableScene
        self.app.reset_to(TableScene(self.app, match))

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t, k = self.app.text, self.k
        fs = lambda n: round(n * k)  # noqa: E731
        surface.blit(t.render(_("New game"), fs(30), P.GOLD_LIGHT, True), (20, self.header_y))
        lw = self.right_x - 40
        surface.blit(t.render(t.ellipsize(_("Variant (config)"), fs(17), lw, True), fs(17), P.CREAM, True),
                     (self.left_x, self.body_y))
        if self._progress:   # how far the reading of the configs is, right of the list's heading
            room = lw - t.width(_("Variant (config)"), fs(17), True) - 16
            if room > 60:
                line = t.render(t.ellipsize(self._progress, fs(13), room), fs(13), P.MUTED)
                surface.blit(line, line.get_rect(bottomright=(self.left_x + lw, self.body_y + fs(20))))
        v = self.variant
        head = _("Seats")
        if v and v.error is None:
            head += "  " + _("({low}–{high} players)").format(low=v.players_min, high=v.players_max)
        surface.blit(t.render(t.ellipsize(head, fs(17), self.right_w, True), fs(17), P.CREAM, True),
                     (self.right_x, self.body_y))
        cy = self.body_y + fs(24)
        for _i, cx in enumerate(self.col_x):
            x = self.right_x + cx
            surface.blit(t.render(t.ellipsize(_("Name"), fs(13), self.name_w), fs(13), P.MUTED), (x, cy))
            surface.blit(t.render(t.ellipsize(_("Human or bot (click)"), fs(13), self.kind_w), fs(13), P.MUTED),
                         (x + self.name_w + 8, cy))
        seed_label = t.ellipsize(_("Seed (optional)"), fs(15), self.seed_entry.rect.x - self.right_x - 12)
        img = t.render(seed_label, fs(15), P.CREAM)
        surface.blit(img, img.get_rect(midleft=(self.right_x, self.seed_entry.rect.centery)))
        if self.seat_scrolls:   # say that the list goes on, beside "Add a seat"
            room = self.right_x + self.right_w - self.add_button.rect.right - 12
            more = t.render(t.ellipsize(_("Scroll for more seats"), fs(13), room), fs(13), P.MUTED)
            surface.blit(more, more.get_rect(midright=(self.right_x + self.right_w, self.add_button.rect.centery)))
        self._draw_info(surface)
        focus = self.focus_rect()
        if focus is not None:
            if self.seat_area.colliderect(focus) or self.seat_list.get_container().rect.contains(focus):
                focus = focus.clip(self.seat_area.inflate(4, 4))
            pygame.draw.rect(surface, P.GOLD_LIGHT, focus.inflate(6, 6), 2, border_radius=10)

    def _draw_info(self, surface) -> None:
        t, k = self.app.text, self.k
        art.panel(surface, self.info_rect, fill=(20, 30, 40))
        x, y = self.info_rect.x + 14, self.info_rect.y + 10
        width = self.info_rect.width - 28
        v = self.variant
        lines: list[tuple[str, tuple, int, bool]] = []
        if v is not None and v.error is None:
            lines += [(s, P.GOLD_LIGHT, 18, True) for s in t.wrap(_(v.title), round(18 * k), width, True)]
            if v.description:
                lines += [(s, P.CREAM, 15, False) for s in t.wrap(_(v.description), round(15 * k), width)]
        elif v is not None:
            lines.append((_("This config has an error and cannot be played:"), P.RED_LIGHT, 16, True))
            for problem in (v.error or "").splitlines():
                lines += [(s, P.CREAM, 14, False) for s in t.wrap(problem, round(14 * k), width)]
        elif self.game is not None and self.game.error:
            lines += [(s, P.RED_LIGHT, 15, False) for s in t.wrap(self.game.error, round(15 * k), width)]
        lines.append(("", P.MUTED, 8, False))
        lines += [(s, P.MUTED, 13, False) for s in t.wrap(_("Your own configs: copy a YAML file into {folder} and "
                                                           "it appears in this list (Reload: F5).").format(
            folder=user_config_dir()), round(13 * k), width)]
        if v is not None and v.error is None:
            lines += [(s, P.MUTED, 13, False) for s in t.wrap(_("File: {path}").format(path=v.path), round(13 * k),
                                                              width)]
        for text, colour, size, bold in lines:
            size = round(size * k)
            if y + size > self.info_rect.bottom - 6:
                break
            surface.blit(t.render(text, size, colour, bold), (x, y))
            y += size + round(6 * k)
