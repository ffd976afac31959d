"""The replay viewer: a recorded game step by step (← →, PageUp/PageDown ten moves, Home/End), or straight to any
move (the slider, or G and a move number), seen from one seat at a time (S: the next seat), through the seat's
own view and its redacted events, so hidden cards stay hidden for that seat. Once the game is over, A shows every
card, on the table and in the move lines (`Replay.reveal_all`), and A again hides them. E exports the text record
(`replay.export_text`) next to the save and says where.

An unfinished game that hides cards is public only (the model decides: `Replay.set_viewer` refuses a seat with
`SeatRefused`): the viewer shows the spectator's view — what the whole table saw — and says why; where exactly one
seat is a person, S switches between that person's view and the table's."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider, UITextEntryLine

from ...i18n import _
from ...replay import Replay, ReplayError, SeatRefused, export_text, seed_told
from ...table.basic import basic_table
from ...table.standard import SeatInfo
from .. import art
from .. import palette as P
from ..keys import Command, Keymap, end, enter, home, key_name, page_down, page_up
from ..scene import Scene, font_of
from ..table.renderer import TableRenderer
from ..text import font

log = logging.getLogger(__name__)
KEYS = Keymap([
    Command("typed", (pygame.K_RETURN, pygame.K_KP_ENTER), enter),           # in the move entry: go there
    Command("clear", (pygame.K_ESCAPE,), key_name("Esc")),                  # in the move entry: leave it
    Command("close", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    Command("back", (pygame.K_LEFT,), key_name("←"), lambda: "←"),
    Command("forward", (pygame.K_RIGHT,), key_name("→"), lambda: "→"),
    Command("back_ten", (pygame.K_PAGEUP,), page_up),
    Command("forward_ten", (pygame.K_PAGEDOWN,), page_down),
    Command("start", (pygame.K_HOME,), home),
    Command("end", (pygame.K_END,), end),
    Command("goto", (pygame.K_g,), key_name("G"), does=lambda: _goto_help()),      # the entry's placeholder: Go to [G]
    # (the seat's and the cards' buttons say what they show now)
    Command("seat", (pygame.K_s,), key_name("S")),
    Command("all", (pygame.K_a,), key_name("A")),
    Command("export", (pygame.K_e,), key_name("E"), lambda: _("Export")),
])
TYPING = ("typed", "clear")      # the commands of the move entry, while it has the keys


def _goto_help() -> str:
    return _("Type a move number and press {enter} ({key})").format(enter=KEYS.key("typed"), key=KEYS.key("goto"))


class ReplayScene(Scene):
    """Steps through `match` (a finished or unfinished recorded game); `path`: the save it came from."""

    holds_a_game = True

    keys = KEYS

    def __init__(self, app, match, path: Path | None = None):
        super().__init__(app)
        self.match = match
        self.path = Path(path) if path is not None else None
        humans = [i for i, s in enumerate(match.seats) if s.human]
        self.replay = Replay(match)
        self.note = ""
        self.names = [s.name for s in match.seats]
        try:                        # the first person's view (a spectator's where seats are refused)
            self.replay.set_viewer(humans[0] if humans else 0)
        except SeatRefused:
            self.note = self.refusal()
        self.replay.start()
        self.seat_info = [SeatInfo(s.name, s.bot) for s in match.seats]
        self.renderer = TableRenderer(match.game, self.seat_info)
        self._show()

    # --- stepping -------------------------------------------------------------------------------------------
    def _table(self):
        """The table of the viewer at this point. A spectator of a game whose table needs a seat (a plug-in) or
        that gives no view to a spectator gets the game's name and the seats only: nothing hidden can show."""
        try:
            return self.match.game.table(self.replay.view(), [], self.seat_info)
        except Exception:
            if self.replay.viewer is not None:
                raise
            log.info("no spectator's table for %s", self.match.game.id, exc_info=True)
            return basic_table(self.match.game, {"seat": None, "over": self.replay.over}, [], self.seat_info)

    def _show(self) -> None:
        self.renderer.show(self._table())
        slider = getattr(self, "slider", None)
        if slider is not None and slider.alive():
            slider.set_current_value(self.replay.position, warn=False)
        self.app.dirty = True

    def step_to(self, n: int) -> None:
        self.replay.jump(max(0, min(self.replay.length, n)))
        self._show()

    def go_to_typed(self) -> None:
        """Jump to the move number typed in the entry (0: the start); a number past the end goes to the end."""
        text = self.move_entry.get_text().strip()
        self.move_entry.set_text("")
        self.app.manager.set_focus_set(None)
        if text.isascii() and text.isdigit():
            self.step_to(int(text))
            self.note = ""
        elif text:
            self.note = _("Type a move number from 0 to {n}.").format(n=self.replay.length)
        self.app.dirty = True

    def refusal(self) -> str:
        """Why the seats' views are not shown (the replay shows the table's view instead)."""
        allowed = [v for v in self.replay.viewers() if v is not None]
        if allowed:
            return _("The game is not over: hidden cards stay hidden, and the replay shows what the whole table "
                     "saw, or {name}'s own view.").format(name=self.names[allowed[0]])
        return _("The game is not over: hidden cards stay hidden, and the replay shows only what the whole table "
                 "saw.")

    def next_seat(self) -> None:
        """S: the next view the replay may show — every seat once the game is over; before that the table's, and
        the one person's own where there is one (`Replay.viewers`). Where nothing else may show, it says why."""
        views = self.replay.viewers()
        if len(views) < 2:
            self.note = self.refusal()
            self.app.dirty = True
            return
        at = views.index(self.replay.viewer) if self.replay.viewer in views else -1
        nxt = views[(at + 1) % len(views)]
        self.replay.set_viewer(nxt)
        self.note = self.refusal() if nxt is None else ""
        self._show()
        self.build_labels()

    def show_all(self) -> None:
        """Show every card (once the game is over), or hide them again."""
        if not self.match.game.hidden_information:
            self.note = _("Nothing is hidden in this game: every card is on the table already.")
            self.app.dirty = True
            return
        if self.replay.revealed:
            self.replay.hide_all()
        else:
            try:
                self.replay.reveal_all()
            except ReplayError:
                self.note = _("Hidden cards stay hidden until the game is over.")
                self.app.dirty = True
                return
        self.note = ""
        self._show()
        self.build_labels()

    def export(self) -> None:
        from ... import savegame
        from ..paths import saves_dir
        try:
            text = export_text(savegame.to_json(self.match))
            told = self.match.seed if seed_told(self.match) else "unfinished"
            target = self.path.with_suffix(".txt") if self.path is not None else \
                saves_dir() / f"replay-{self.match.game.id}-{told}.txt"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text + "\n", encoding="utf-8")
        except (OSError, ReplayError, ValueError) as exc:
            self.note = _("Cannot export the record: {reason}").format(reason=exc)
        else:
            self.note = _("The record is written to {path}").format(path=target)
        self.app.dirty = True

    # --- widgets --------------------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        # below the table: the move line's box (three lines of the text scale's print; two on a small window,
        # where the table needs the room) and the buttons
        self.line_print = max(15, round(15 * self.app.ui_scale))
        lines = 3 if h >= 700 else 2
        box_h = (lines - 1) * _step(self.line_print) + font(self.line_print).get_height() + 10
        self.play_rect = pygame.Rect(12, 60, w - 24, h - 60 - 78 - box_h)
        # the top row: the title on the left, the slider and the move entry on the right
        self.head_width = int(w * 0.42)
        placeholder = _("Go to [G]")       # (a test sizes the entry by this message: the key is checked to agree)
        self.move_entry = UITextEntryLine(pygame.Rect(0, 14, 92, 32), manager=self.app.manager,
                                          container=self.root, object_id="#replay_move",
                                          placeholder_text=placeholder)
        # the entry as wide and high as its placeholder needs in the entry's own print (at most a quarter of the
        # window wide, and the top row's height)
        face = font_of(self.move_entry)
        entry_w = max(92, min(w // 4, face.size(placeholder)[0] + 32))
        entry_h = max(32, min(44, face.get_rect(placeholder).height + 8))
        self.move_entry.set_dimensions((entry_w, entry_h))
        self.move_entry.set_relative_position((w - 16 - entry_w, 14))
        self.move_entry.rebuild()
        self.move_entry.set_allowed_characters("numbers")
        self.move_entry.set_text_length_limit(6)
        self.move_entry.set_tooltip(KEYS.help("goto"))
        x0 = 16 + self.head_width + 12
        self.slider = UIHorizontalSlider(pygame.Rect(x0, 14, w - 16 - entry_w - 10 - x0, entry_h), self.replay.position,
                                         (0, max(1, self.replay.length)), manager=self.app.manager,
                                         container=self.root, object_id="#replay_slider", click_increment=1)
        if not self.replay.length:
            self.slider.disable()
        y = h - 60
        keys = ["back", "forward", "seat", "all", "export", "close"]
        arrow = 72                                          # the arrows need little room; the words get the rest
        room = w - 24 - 10 * (len(keys) - 1) - 2 * arrow
        bw = min(220, room // (len(keys) - 2))
        self.buttons = {}
        for key in keys:
            width = arrow if key in ("back", "forward") else bw
            self.buttons[key] = self.button((0, y, width, 44), KEYS.words(key) if key in ("back", "forward")
                                            else " ", object_id=f"#replay_{key}")
        # the words' buttons as wide as their longest label needs (every seat's name), the room shared out
        needs = [max(self.label_need(self.buttons[key], label, k) for label in labels)
                 for key, (labels, k) in self._labels().items()]
        widths = [max(bw, need) for need in needs]
        if sum(widths) > room:
            spare = room - sum(needs)
            widths = [need + spare // len(needs) for need in needs] if spare >= 0 else \
                [room * need // sum(needs) for need in needs]
        x = 12
        for key in keys:
            button = self.buttons[key]
            if key not in ("back", "forward"):
                button.set_dimensions((widths.pop(0), 44))
            button.set_relative_position((x, y))
            x += button.rect.width + 10
        self.build_labels()

    def _labels(self) -> dict[str, tuple[list[str], str]]:
        """Per button of words: every label it may show, and its key."""
        return {"seat": ([_("View: the whole table")] + [_("Seat: {name}").format(name=name) for name in self.names],
                         KEYS.key("seat")),
                "all": ([_("Show all cards"), _("Hide cards")], KEYS.key("all")),
                "export": ([KEYS.words("export")], KEYS.key("export")),
                "close": ([KEYS.words("close")], KEYS.key("close"))}

    def build_labels(self) -> None:
        if not getattr(self, "buttons", None):
            return
        b = self.buttons
        viewer = self.replay.viewer
        hidden = _("Hidden cards stay hidden until the game is over.") if self.replay.public_only else None
        self.fit_labels([(b["seat"], _("View: the whole table") if viewer is None else
                          _("Seat: {name}").format(name=self.names[viewer]), KEYS.key("seat"), hidden),
                         (b["all"], _("Hide cards") if self.replay.revealed else _("Show all cards"), KEYS.key("all"),
                          hidden),
                         (b["export"], KEYS.words("export"), KEYS.key("export"), None),
                         (b["close"], KEYS.words("close"), KEYS.key("close"), None)])
        if not self.replay.over or not self.match.game.hidden_information:
            b["all"].disable()

    def _track_move(self, pos) -> int | None:
        """The move under a click on the slider's track, off its handle and arrows (pygame_gui's slider only
        drags; a player expects a click on the bar to go there). None: not on the track."""
        slider = self.slider
        handle = slider.sliding_button
        if not slider.is_enabled or not slider.rect.collidepoint(pos) or handle is None or \
                handle.rect.collidepoint(pos):
            return None
        left = slider.rect.x + slider.arrow_button_width
        if not left <= pos[0] < slider.rect.right - slider.arrow_button_width:
            return None
        share = (pos[0] - left - handle.rect.width / 2) / max(1, slider.scrollable_width)
        return max(0, min(self.replay.length, round(share * self.replay.length)))

    def commands(self) -> dict:
        r = self.replay
        return {"typed": self.go_to_typed, "clear": self.leave_entry, "close": self.close,
                "back": lambda: self.step_to(r.position - 1), "forward": lambda: self.step_to(r.position + 1),
                "back_ten": lambda: self.step_to(r.position - 10), "forward_ten": lambda: self.step_to(r.position + 10),
                "start": lambda: self.step_to(0), "end": lambda: self.step_to(r.length), "goto": self.enter_move,
                "seat": self.next_seat, "all": self.show_all, "export": self.export}

    def command_buttons(self) -> dict:
        return {button: key for key, button in self.buttons.items()}

    def command_active(self, name: str) -> bool:
        return (name in TYPING) == self.app.text_entry_focused()     # the entry's keys while it has them

    def handle(self, event) -> None:
        on_track = self._track_move(event.pos) if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 else None
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.step_to(int(event.value))
        elif on_track is not None:
            self.step_to(on_track)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.move_entry:
            self.run("typed")        # Enter in the move entry
        else:
            self.run_command(event)

    def enter_move(self) -> None:
        """G: the move entry takes the keys."""
        self.app.manager.set_focus_set(self.move_entry)
        self.app.dirty = True

    def leave_entry(self) -> None:
        """Esc in the move entry: it is emptied and gives the keys back."""
        self.move_entry.set_text("")
        self.app.manager.set_focus_set(None)
        self.app.dirty = True

    def update(self, dt: float) -> bool:
        return self.renderer.update(dt)

    def move_line(self) -> str:
        """The move that led here, told in the game's words for the viewing seat (everything once revealed)."""
        if self.replay.position == 0:
            return _("The start of the game.")
        return self.match.game.words().line(self.replay.events(), self.names)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(art.backdrop((w, h)), (0, 0))
        t = self.app.text
        r = self.replay
        head = _("Replay: {game}").format(game=_(self.match.game.name))
        where = _("move {n} of {total}").format(n=r.position, total=r.length)
        if r.revealed:
            where += "  ·  " + _("all cards shown")
        elif r.viewer is None:
            where += "  ·  " + _("what the whole table saw")
        surface.blit(t.render(t.ellipsize(head, 20, self.head_width, True), 20, P.GOLD_LIGHT, True), (16, 6))
        surface.blit(t.render(t.ellipsize(where, 15, self.head_width), 15, P.CREAM), (16, 34))
        self.renderer.draw(surface, self.play_rect, None, self.app.ui_scale)
        self.line_box = box = pygame.Rect(12, self.play_rect.bottom + 8, w - 24, h - self.play_rect.bottom - 8 - 70)
        art.panel(surface, box, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=8)
        text = self.move_line() + ("\n" + self.note if self.note else "")
        # the move line (and a note) in the box: the text scale's print, smaller (down to 12 px) for all of it to
        # fit, else its last line cut with "…" (the whole line shows on hover)
        self.line_cut = ""
        for size in range(self.line_print, 11, -1):
            room = max(1, 1 + (box.height - 10 - font(size).get_height()) // _step(size))
            lines = [line for part in text.split("\n") for line in t.wrap(part, size, box.width - 20)]
            if len(lines) <= room:
                break
        if len(lines) > room:
            lines = lines[:room - 1] + [t.ellipsize(" ".join(lines[room - 1:]), size, box.width - 20)]
            self.line_cut = text
        y = box.y + 5
        for line in lines:
            surface.blit(t.render(line, size, P.CREAM), (box.x + 10, y))
            y += _step(size)
        pos = pygame.mouse.get_pos()
        if self.line_cut and pygame.mouse.get_focused() and box.collidepoint(pos):
            from ..table.elements import Look, draw_tooltip
            tip = "\n".join(t.wrap(self.line_cut, max(14, round(14 * self.app.ui_scale)), w // 2))
            draw_tooltip(Look(surface, self.renderer.painters, self.app.ui_scale, 0), tip, pos, surface.get_rect())


def _step(size: int) -> int:
    """The distance between two lines of print `size`."""
    return round(size * 4 / 3)
