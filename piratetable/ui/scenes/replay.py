"""The replay viewer: a recorded game step by step (← →, Home/End), seen from one seat at a time (S: the next
seat), through the seat's own view and its redacted events, so hidden cards stay hidden for that seat. Once the
game is over, A shows every card in the move lines (the table keeps the seat's view). E exports the text record
(`replay.export_text`) next to the save and says where."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ...i18n import _
from ...replay import Replay, ReplayError, export_text
from ...table.standard import SeatInfo
from .. import art
from .. import palette as P
from ..scene import Scene, key_is, pressed
from ..table.renderer import TableRenderer

log = logging.getLogger(__name__)


class ReplayScene(Scene):
    """Steps through `match` (a finished or unfinished recorded game); `path`: the save it came from."""

    def __init__(self, app, match, path: Path | None = None):
        super().__init__(app)
        self.match = match
        self.path = Path(path) if path is not None else None
        humans = [i for i, s in enumerate(match.seats) if s.human]
        self.replay = Replay(match, viewer=humans[0] if humans else 0)
        self.replay.start()
        self.names = [s.name for s in match.seats]
        self.seat_info = [SeatInfo(s.name, s.bot) for s in match.seats]
        self.renderer = TableRenderer(match.game, self.seat_info)
        self.note = ""
        self._show()

    # --- stepping -------------------------------------------------------------------------------------------
    def _show(self) -> None:
        table = self.match.game.table(self.replay.view(), [], self.seat_info)
        self.renderer.show(table)
        self.app.dirty = True

    def step_to(self, n: int) -> None:
        self.replay.jump(max(0, min(self.replay.length, n)))
        self._show()

    def next_seat(self) -> None:
        self.replay.set_viewer((self.replay.viewer + 1) % len(self.names))
        self._show()
        self.build_labels()

    def show_all(self) -> None:
        try:
            self.replay.reveal_all()
        except ReplayError:
            self.note = _("Hidden cards stay hidden until the game is over.")
        self.app.dirty = True

    def export(self) -> None:
        from ... import savegame
        from ..paths import saves_dir
        try:
            text = export_text(savegame.to_json(self.match))
            target = self.path.with_suffix(".txt") if self.path is not None else \
                saves_dir() / f"replay-{self.match.game.id}-{self.match.seed}.txt"
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
        self.play_rect = pygame.Rect(12, 60, w - 24, h - 60 - 150)
        y = h - 60
        specs = [("back", "←"), ("forward", "→"), ("seat", ""), ("all", _("Show all cards") + "  [A]"),
                 ("export", _("Export") + "  [E]"), ("close", _("Back") + "  [Esc]")]
        bw = min(190, (w - 24 - 5 * 10) // len(specs))
        self.buttons = {}
        for i, (key, label) in enumerate(specs):
            self.buttons[key] = self.button((12 + i * (bw + 10), y, bw, 44), label or " ", object_id=f"#replay_{key}")
        self.build_labels()

    def build_labels(self) -> None:
        if not getattr(self, "buttons", None):
            return
        seat = self.buttons["seat"]
        seat.set_text(self.app.text.ellipsize(_("Seat: {name}").format(name=self.names[self.replay.viewer]) + "  [S]",
                                              16, seat.rect.width - 16))
        if not self.replay.over:
            self.buttons["all"].disable()

    def handle(self, event) -> None:
        b = self.buttons
        r = self.replay
        if pressed(event, b["close"]) or key_is(event, pygame.K_ESCAPE):
            self.close()
        elif pressed(event, b["back"]) or key_is(event, pygame.K_LEFT):
            self.step_to(r.position - 1)
        elif pressed(event, b["forward"]) or key_is(event, pygame.K_RIGHT):
            self.step_to(r.position + 1)
        elif key_is(event, pygame.K_HOME):
            self.step_to(0)
        elif key_is(event, pygame.K_END):
            self.step_to(r.length)
        elif pressed(event, b["seat"]) or key_is(event, pygame.K_s):
            self.next_seat()
        elif pressed(event, b["all"]) or key_is(event, pygame.K_a):
            self.show_all()
        elif pressed(event, b["export"]) or key_is(event, pygame.K_e):
            self.export()

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
        head = _("Replay: {game}").format(game=_(self.match.game.name)) + "  ·  " + \
            _("move {n} of {total}").format(n=r.position, total=r.length)
        surface.blit(t.render(t.ellipsize(head, 22, w - 32), 22, P.GOLD_LIGHT, True), (16, 16))
        self.renderer.draw(surface, self.play_rect, None, self.app.ui_scale)
        box = pygame.Rect(12, self.play_rect.bottom + 8, w - 24, h - self.play_rect.bottom - 8 - 70)
        art.panel(surface, box, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=8)
        lines = t.wrap(self.move_line(), 15, box.width - 20)
        if self.note:
            lines = lines[:2] + t.wrap(self.note, 14, box.width - 20)[:1]
        y = box.y + 6
        for line in lines[:4]:
            if y + 20 > box.bottom:
                break
            surface.blit(t.render(line, 15, P.CREAM), (box.x + 10, y))
            y += 20
