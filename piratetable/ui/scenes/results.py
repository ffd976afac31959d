"""Results: the story of the finished game — the winner(s) under a crown, every seat's final place (shared places
for ties) and score, and the game's recap (`games/<id>/recap.py`, from the match's public events): a chart, a
table of figures, the majorities, the order out, the final ships … Rematch (R), the final table (V: read-only,
Esc comes back here) or back to the title (Enter).

The scene places the header, the standings and the recap's sections, and keeps the buttons; the recap renderer
(`ui/table/recap_renderer.py`) draws them."""
from __future__ import annotations

import pygame

from ...engine.errors import PirateTableError
from ...engine.match import Match
from ...i18n import _
from ...table.recap import recap_for
from .. import art
from ..keys import TABLE_KEYS, Command, Keymap, enter, key_name
from ..outcomes import OpenReplay, StartMatch, ToTitle, ViewFinalTable
from ..records import record_finished
from ..scene import Scene
from ..table.painters import painters_for
from ..table.recap_chart import Scale
from ..table.recap_renderer import RecapRenderer

KEYS = Keymap([
    Command("rematch", (pygame.K_r,), key_name("R"), lambda: _("Rematch"), lambda: _("The same seats, a new game")),
    Command("view_table", (pygame.K_v,), key_name("V"), lambda: _("View final table"),
            lambda: _("The table as the game ended ({key} comes back here)").format(key=TABLE_KEYS.key("results"))),
    Command("to_title", (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE), enter, lambda: _("Back to title")),
    Command("replay", (pygame.K_p,), key_name("P"), lambda: _("Replay"),
            lambda: _("The game move by move, from any seat")),
])


class ResultsScene(Scene):
    """Shown when the game is over: built from the match's recap (public events) once."""

    holds_a_game = True

    keys = KEYS

    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.painters = painters_for(match.game)
        self.names = list(match.names)
        self._make_renderer()
        self._screen = art.Cache(64 * art.MiB, most=1)   # the whole screen drawn, by (window size, scale): one
        self.layout_rects: dict = {}       # name -> rect of the last drawing (tests check the fit)
        self.recorded = record_finished(match)   # once per game: the statistics know a game they have

    def _make_renderer(self) -> None:
        self.recap = recap_for(self.match.game, self.match)
        game, cfg_title = self.match.game, self.match.config.title
        title = _(game.name) + (f" — {_(cfg_title)}" if cfg_title and cfg_title != game.name else "")
        self.renderer = RecapRenderer(self.recap, self.names, self.match.seats, self.painters, title)

    def language_changed(self) -> None:
        self._make_renderer()
        self._screen.clear()

    # --- widgets ------------------------------------------------------------------------------------------
    def _geometry(self, w: int, h: int) -> dict:
        k = self.app.ui_scale
        s = Scale(k)
        m = s.px(16)
        head_h = s.px(80)
        bh = s.px(46)
        bar_y = h - bh - s.px(14)
        body = pygame.Rect(m, head_h, w - 2 * m, bar_y - s.px(12) - head_h)
        left_w = max(s.px(300), min(max(s.px(400), self.renderer.standings_width(s)), int(body.width * 0.4)))
        standings = pygame.Rect(body.x, body.y, left_w, body.height)
        recap = pygame.Rect(standings.right + s.px(14), body.y, body.right - standings.right - s.px(14), body.height)
        gap = s.px(14)
        bw = min(s.px(236), (w - 2 * m - 3 * gap) // 4)
        x0 = w // 2 - (4 * bw + 3 * gap) // 2
        buttons = [pygame.Rect(x0 + i * (bw + gap), bar_y, bw, bh) for i in range(4)]
        return {"k": k, "header": pygame.Rect(0, 0, w, head_h), "standings": standings, "recap": recap,
                "buttons": buttons}

    def build(self) -> None:
        w, h = self.app.size
        g = self._geometry(w, h)
        big = "_l" if g["k"] >= 1.3 else ""
        ids = [f"#action_button{big}" if big else i for i in ("#rematch", "#view_table", "#to_title")]
        b = g["buttons"]
        self.rematch = self.button(b[0], " ", object_id=ids[0])
        self.view_table = self.button(b[1], " ", object_id=ids[1])
        self.to_title = self.button(b[2], " ", object_id=ids[2])
        self.replay_button = self.button(b[3], " ", object_id=ids[1])
        # the labels in one print: whole with their keys where they fit, else without, else smaller
        self.fit_command_labels(("rematch", "view_table", "to_title", "replay"))

    def leave(self) -> None:
        super().leave()
        self._screen.clear()     # the screen composed (3.5 MiB at 1280x720); the app gives the heap back (App._drop)

    def commands(self) -> dict:
        return {"rematch": self.start_rematch, "view_table": self.show_final_table,
                "to_title": lambda: self.app.go(ToTitle()), "replay": lambda: self.app.go(OpenReplay(self.match))}

    def command_buttons(self) -> dict:
        return {self.rematch: "rematch", self.view_table: "view_table", self.to_title: "to_title",
                self.replay_button: "replay"}

    def start_rematch(self) -> None:
        try:
            match = Match(self.match.config, self.match.seats, None)
        except PirateTableError as exc:
            self.app.message(str(exc), title=_("Cannot start"))
            return
        self.app.go(StartMatch(match))

    def show_final_table(self) -> None:
        self.app.go(ViewFinalTable(self.match))

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        size = surface.get_size()
        surface.blit(self._screen((size, self.app.ui_scale), self._compose, size), (0, 0))

    def _compose(self, size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(size)
        w, h = size
        surface.blit(art.backdrop((w, h)), (0, 0))
        g = self._geometry(w, h)
        drawn = self.renderer.draw(surface, g["k"], g["header"], g["standings"], g["recap"])
        self.layout_rects = {"standings": g["standings"], "recap": g["recap"], "buttons": list(g["buttons"]),
                             **drawn}
        return surface
