"""New game: game, variant (shipped and user configs), seats (human or bot level each), optional seed."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextEntryLine

from ...config.loader import user_config_dir
from ...engine.errors import PirateTableError
from ...engine.match import Match, Seat
from ...i18n import _
from .. import art, palette as P
from ..catalog import games, variants
from ..scene import Scene, key_is, pressed
from ..saves import confirm_replacing_autosave
from ..settings import load_last_setup, save_last_setup
from ..text import sanitize
from ...table.standard import level_name

BOT_NAMES = ["Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan"]


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
        self.variant_index = 0
        self._load_variants(prefer=last.get("variant"))

    # --- model ------------------------------------------------------------------------------------------
    @property
    def game(self):
        return self.games[self.game_index] if self.games else None

    def _load_variants(self, prefer: str | None = None) -> None:
        self.variants = variants(self.game.id) if self.game and self.game.cls else []
        self.variant_index = 0
        for i, v in enumerate(self.variants):
            if v.config is not None and (v.config.variant == prefer or (prefer is None and v.config.variant ==
                                                                        "default")):
                self.variant_index = i
                break
        else:
            ok = [i for i, v in enumerate(self.variants) if v.config is not None]
            self.variant_index = ok[0] if ok else 0
        self._clamp_seats()

    @property
    def variant(self):
        return self.variants[self.variant_index] if self.variants else None

    def _levels(self) -> list[str]:
        cls = self.game.cls if self.game else None
        return list(getattr(cls, "bot_levels", ("easy", "normal"))) if cls else ["normal"]

    def _clamp_seats(self) -> None:
        v = self.variant
        lo, hi = (v.config.players_min, v.config.players_max) if v and v.config else (2, 5)
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
        self.game_buttons = []
        for i, g in enumerate(self.games):
            mark = "» " if i == self.game_index else ""
            label = mark + (_(g.name) if g.cls else _("{game} (unavailable)").format(game=g.id))
            btn = self.button((24, 110 + i * 52, 260, 44), label, tooltip=g.error, object_id="#game_button")
            if g.cls is None:
                btn.disable()
            elif i == self.game_index:
                btn.select()
            self.game_buttons.append(btn)
        col2 = pygame.Rect(304, 110, max(360, w - 304 - 520), 220)
        self.variant_list = UISelectionList(col2, [sanitize(v.label) for v in self.variants] or [_("(no config found)")],
                                            manager=m, container=self.root, object_id="#variant_list",
                                            default_selection=(sanitize(self.variants[self.variant_index].label)
                                                               if self.variants else None))
        self.info_rect = pygame.Rect(col2.x, col2.bottom + 12, col2.width, h - col2.bottom - 130)
        self.reload = self.button((col2.x, h - 110, 200, 40), _("Reload configs") + "  [F5]", object_id="#reload",
                                  tooltip=_("read the config folders again"))
        self.guide_button = self.button((col2.x + 210, h - 110, 200, 40), _("How to play") + "  [F1]",
                                        object_id="#new_guide", tooltip=_("The guide to this game and variant"))
        if self.variant is None or self.variant.config is None:
            self.guide_button.disable()
        # seats
        sx = w - 500
        self.seat_x = sx
        self.name_entries, self.kind_buttons, self.remove_buttons = [], [], []
        for i, seat in enumerate(self.seats):
            y = 150 + i * 54
            entry = UITextEntryLine(pygame.Rect(sx, y, 210, 42), manager=m, container=self.root,
                                    object_id="#seat_name")
            entry.set_text_length_limit(24)
            entry.set_text(seat["name"])
            self.name_entries.append(entry)
            kind = _("Human") if seat["kind"] == "human" else _("Bot · {level}").format(level=level_name(seat["kind"]))
            self.kind_buttons.append(self.button((sx + 218, y, 190, 42), kind, object_id="#seat_kind",
                                                 tooltip=_("click to change: human or a bot level")))
            rm = self.button((sx + 416, y, 56, 42), "×", object_id="#seat_remove",
                             tooltip=_("remove this seat"))
            v = self.variant
            if v is None or v.config is None or len(self.seats) <= v.config.players_min:
                rm.disable()
            self.remove_buttons.append(rm)
        y = 150 + len(self.seats) * 54
        self.add_button = self.button((sx, y, 210, 42), "+ " + _("Add a seat") + "  [A]", object_id="#seat_add")
        v = self.variant
        if v is None or v.config is None or len(self.seats) >= v.config.players_max:
            self.add_button.disable()
        self.seed_entry = UITextEntryLine(pygame.Rect(sx + 218, h - 176, 190, 42), manager=m, container=self.root,
                                          object_id="#seed", placeholder_text=_("random"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        self.start = self.button((w - 244, h - 110, 220, 52), _("Start") + "   [Enter]", object_id="#start")
        self.back = self.button((w - 480, h - 110, 220, 52), _("Back") + "   [Esc]", object_id="#new_back")
        if v is None or v.config is None:
            self.start.disable()

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
                self.cycle_kind(i)
                return
        for i, btn in enumerate(self.remove_buttons):
            if pressed(event, btn):
                self.remove_seat(i)
                return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element in self.name_entries:
                self.seats[self.name_entries.index(event.ui_element)]["name"] = event.ui_element.get_text()
            elif event.ui_element is self.seed_entry:
                self.seed_text = self.seed_entry.get_text()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.variant_list:
            labels = [sanitize(v.label) for v in self.variants]
            if event.text in labels:
                self.variant_index = labels.index(event.text)
                self._clamp_seats()
                self.resize()
            return
        if pressed(event, self.add_button) or (key_is(event, pygame.K_a) and not self.app.text_entry_focused()):
            self.add_seat()
        elif pressed(event, self.reload) or key_is(event, pygame.K_F5):
            prefer = self.variant.config.variant if self.variant and self.variant.config else None
            self._load_variants(prefer)
            self.resize()
            self.app.notify(_("Configs read again."))
        elif pressed(event, self.guide_button) or key_is(event, pygame.K_F1):
            if self.variant is not None and self.variant.config is not None:
                from .guide import open_guide
                open_guide(self.app, self.variant.config)
        elif pressed(event, self.start) or key_is(event, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()
        elif pressed(event, self.back) or key_is(event, pygame.K_ESCAPE):
            self.close()

    def cycle_kind(self, i: int) -> None:
        kinds = ["human"] + self._levels()
        seat = self.seats[i]
        nxt = kinds[(kinds.index(seat["kind"]) + 1) % len(kinds)] if seat["kind"] in kinds else "human"
        was_default_human = seat["name"] in {_("Player {n}").format(n=n) for n in range(1, 13)}
        if nxt == "human" and seat["name"] in BOT_NAMES:
            seat["name"] = _("Player {n}").format(n=sum(1 for s in self.seats if s['kind'] == 'human') + 1)
        elif seat["kind"] == "human" and nxt != "human" and was_default_human:
            used = {s["name"] for s in self.seats}
            seat["name"] = next((n for n in BOT_NAMES if n not in used), seat["name"])
        seat["kind"] = nxt
        self.resize()

    def add_seat(self) -> None:
        v = self.variant
        if v is None or v.config is None or len(self.seats) >= v.config.players_max:
            self.app.notify(_("This variant has no room for another seat."))
            return
        self._add_seat()
        self.resize()

    def remove_seat(self, i: int) -> None:
        v = self.variant
        if v is None or v.config is None or len(self.seats) <= v.config.players_min:
            return
        del self.seats[i]
        self.resize()

    def start_game(self) -> None:
        v = self.variant
        if v is None or v.config is None:
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
        seats = [Seat(n, None if s["kind"] == "human" else s["kind"]) for n, s in zip(names, self.seats)]
        try:
            match = Match(v.config, seats, seed)
        except PirateTableError as exc:
            self.app.message(str(exc), title=_("Cannot start"))
            return
        confirm_replacing_autosave(self.app, lambda: self._start(match, v), _("Start the new game"))

    def _start(self, match, v) -> None:
        self.app.last_setup = {"game": self.game.id, "variant": v.config.variant,
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
        t = self.app.text
        surface.blit(t.render(_("New game"), 34, P.GOLD_LIGHT, True), (24, 24))
        surface.blit(t.render(_("Game"), 18, P.CREAM, True), (24, 80))
        surface.blit(t.render(_("Variant (config)"), 18, P.CREAM, True), (304, 80))
        v = self.variant
        lo_hi = "  " + _("({low}–{high} players)").format(low=v.config.players_min, high=v.config.players_max) if v and v.config else ""
        surface.blit(t.render(_("Seats") + lo_hi, 18, P.CREAM, True), (self.seat_x, 80))
        surface.blit(t.render(_("Name"), 14, P.MUTED), (self.seat_x, 124))
        surface.blit(t.render(_("Human or bot (click)"), 14, P.MUTED), (self.seat_x + 218, 124))
        surface.blit(t.render(_("Seed (optional)"), 16, P.CREAM), (self.seat_x, h - 166))
        art.panel(surface, self.info_rect, fill=(20, 30, 40))
        x, y = self.info_rect.x + 14, self.info_rect.y + 10
        width = self.info_rect.width - 28
        lines: list[tuple[str, tuple, int, bool]] = []
        if v is not None and v.config is not None:
            lines.append((_(v.config.title), P.GOLD_LIGHT, 18, True))
            if v.config.description:
                lines += [(s, P.CREAM, 15, False) for s in t.wrap(_(v.config.description), 15, width)]
            lines.append((_("File: {path}").format(path=v.path), P.MUTED, 13, False))
        elif v is not None:
            lines.append((_("This config has an error and cannot be played:"), P.RED_LIGHT, 16, True))
            for problem in (v.error or "").splitlines():
                lines += [(s, P.CREAM, 14, False) for s in t.wrap(problem, 14, width)]
        elif self.game is not None and self.game.error:
            lines += [(s, P.RED_LIGHT, 15, False) for s in t.wrap(self.game.error, 15, width)]
        lines.append(("", P.MUTED, 8, False))
        lines.append((_("Your own configs: copy a YAML file into"), P.MUTED, 14, False))
        lines += [(s, P.CREAM, 14, False) for s in t.wrap(str(user_config_dir()), 14, width)]
        lines.append((_("and it appears in this list (Reload: F5)."), P.MUTED, 14, False))
        for text, colour, size, bold in lines:
            if y + size > self.info_rect.bottom - 6:
                break
            surface.blit(t.render(text, size, colour, bold), (x, y))
            y += size + 6
