"""Statistics (T on the title): the people who played, and for the chosen name its games and wins per game and
seat count, its record against each bot level and the facts of each game (piratetable/stats.py). Reset asks
first. A problem with the file is shown as a message, never a traceback."""
from __future__ import annotations

import logging

import pygame

from ...i18n import _, ngettext, percent
from ...stats import Stats, default_path
from ...table.recap import facts_declared
from ...table.standard import level_name
from .. import art
from .. import palette as P
from ..keys import SPACED, Command, Keymap, key_name
from ..outcomes import Ask
from ..scene import Scene, pressed_in

log = logging.getLogger(__name__)
MAX_NAMES = 12
KEYS = Keymap([
    Command("back", (pygame.K_ESCAPE,), key_name("Esc"), lambda: _("Back")),
    Command("reset", words=lambda: _("Reset") + "…", does=lambda: _("Forget every recorded game")),   # asks first
], form=SPACED)


def open_stats() -> Stats:
    return Stats(default_path())


def game_title(game_id: str) -> str:
    try:
        from ...engine.registry import game_class
        return _(game_class(game_id).name)
    except Exception:   # a plug-in no longer installed: its id
        log.info("no game %s", game_id, exc_info=True)
        return game_id


def games_wins(games: int, wins: int) -> str:
    return ngettext("{n} game", "{n} games", games).format(n=games) + ", " + \
        ngettext("{n} win", "{n} wins", wins).format(n=wins)


def fact_lines(game: str, gs) -> list[str]:
    """The facts the statistics keep for a game that its recap part marks `shown` (`FACTS`), each told by the
    game's words part (`fact_text(key, totals)`); none for a game that cannot be loaded now."""
    try:
        from ...engine.registry import game_class
        cls = game_class(game)
    except Exception:   # a plug-in no longer installed: its games and wins without its facts
        log.info("no game %s", game, exc_info=True)
        return []
    words = cls.part("words")
    tell = getattr(words, "fact_text", None) if words is not None else None
    if tell is None:
        return []
    totals = dict(gs.facts)
    return [text for fact in facts_declared(cls) if fact.shown for text in (tell(fact.key, totals),) if text]


def lines_for(stats: Stats, name: str) -> list[tuple[str, int, bool]]:
    """(text, indent, heading) lines for a name."""
    s = stats.summary(name)
    if s.problem:
        return [(_("The statistics could not be read:"), 0, True), (s.problem, 1, False)]
    rate = percent(s.win_rate) if s.win_rate is not None else "—"
    out = [(name, 0, True), (games_wins(s.games, s.wins) + f"  ({rate})", 1, False)]
    for v in s.versus:
        out.append((_("against {level} bots: {record}").format(level=level_name(v.level),
                                                              record=games_wins(v.games, v.wins)), 1, False))
    for gs in stats.per_game(name):
        out.append((game_title(gs.game) + ": " + games_wins(gs.games, gs.wins), 0, True))
        for c in gs.by_players:
            out.append((ngettext("{n} player", "{n} players", c.players).format(n=c.players) + ": " +
                        games_wins(c.games, c.wins), 1, False))
        facts = fact_lines(gs.game, gs)
        if facts:
            out.append((" · ".join(facts), 1, False))
    return out


class StatisticsScene(Scene):
    """The names on the left, the chosen name's figures on the right; Reset (asks first), Back."""

    keys = KEYS

    def __init__(self, app):
        super().__init__(app)
        self.stats = open_stats()
        self.names = self.stats.names()[:100]
        self.problem = self.stats.problem
        self.chosen = self.names[0] if self.names else None
        self.first = 0

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(20, 20, w - 40, h - 40)
        self.list_rect = pygame.Rect(self.box.x + 20, self.box.y + 70, min(300, w // 4), self.box.height - 150)
        self.body = pygame.Rect(self.list_rect.right + 20, self.list_rect.y, self.box.right - 20 - self.list_rect.right - 20,
                                self.list_rect.height)
        self.name_buttons = {}
        rows = max(1, min(MAX_NAMES, self.list_rect.height // 46))
        for i, name in enumerate(self.names[self.first:self.first + rows]):
            mark = "» " if name == self.chosen else ""
            btn = self.button((self.list_rect.x, self.list_rect.y + i * 46, self.list_rect.width, 40),
                              mark + name, object_id="#stats_name")
            if name == self.chosen:
                btn.select()
            self.name_buttons[name] = btn
        y = self.box.bottom - 62
        self.back = self.button((self.box.right - 220, y, 200, 42), KEYS.label("back"), object_id="#stats_back")
        self.reset_button = self.button((self.box.right - 440, y, 200, 42), KEYS.words("reset"),
                                        tooltip=KEYS.tooltip("reset"), object_id="#stats_reset")
        if not self.names:
            self.reset_button.disable()

    def commands(self) -> dict:
        return {"back": self.close, "reset": self.ask_reset}

    def command_buttons(self) -> dict:
        return {self.back: "back", self.reset_button: "reset"}

    def handle(self, event) -> None:
        if not self.run_command(event):
            pressed_in(event, (self.name_buttons, self.choose))

    def choose(self, name: str) -> None:
        """Show the figures of `name`."""
        self.chosen = name
        self.resize()

    def ask_reset(self) -> None:
        self.app.go(Ask(_("Reset the statistics?"),
                        _("Every recorded game of every player is forgotten. This cannot be undone."),
                        (("reset", _("Reset")), ("cancel", _("Cancel"))), default="cancel"),
                    then=self._reset_answer)

    def _reset_answer(self, choice) -> None:
        if choice != "reset":
            return
        if not self.stats.reset():
            self.app.message(self.stats.problem or "", title=_("The statistics could not be read:"))
        self.names, self.chosen, self.problem = self.stats.names(), None, self.stats.problem
        self.resize()

    def draw(self, surface) -> None:
        t = self.app.text
        surface.blit(art.backdrop(surface.get_size()), (0, 0))
        art.panel(surface, self.box, fill=(28, 40, 52), edge=P.GOLD, radius=12, width=3)
        surface.blit(t.render(_("Statistics"), 28, P.GOLD_LIGHT, True), (self.box.x + 20, self.box.y + 16))
        art.panel(surface, self.body, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=10)
        inner = self.body.inflate(-28, -24)
        if self.problem:
            lines = [(_("The statistics could not be read:"), 0, True), (self.problem, 1, False)]
        elif self.chosen is None:
            lines = [(_("No finished game has been recorded yet."), 0, False)]
        else:
            lines = lines_for(self.stats, self.chosen)
        y = inner.y
        k = max(1.0, self.app.ui_scale)     # the figures grow with the text size (and a larger window)
        for text, indent, heading in lines:
            size = round((18 if heading else 15) * k)
            x = inner.x + round(indent * 18 * k)
            for part in t.wrap(text, size, inner.right - x):
                if y + size * 1.4 > inner.bottom:
                    return
                surface.blit(t.render(part, size, P.GOLD if heading else P.CREAM, heading), (x, y))
                y += int(size * 1.45)
            y += 4 if heading else 0
