"""The Workshop's Measure panel, apart from its drawing (`ui/workshop_view.draw_measure`): how many seats and
games, the bots' level, the variant it is compared with, the job (`lab/measure.py`) — and the words of its
buttons."""
from __future__ import annotations

from typing import Any

from ..i18n import _, ngettext
from ..table.standard import level_name

GAMES_MEASURED = (100, 200, 500, 1000)


class MeasurePanel:
    def __init__(self, players: int):
        self.players = players
        self.games = 200
        self.level = "normal"
        self.against: Any = None     # the config it is compared with (None: the game's default)
        self.job: Any = None         # a lab.measure.MeasureJob once started

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.state == "running"

    def words(self, baseline) -> dict[str, str]:
        """The buttons' words, in their order (the last, `against`, on a row of its own)."""
        title = _(baseline.title)
        if baseline.variant.startswith("user:"):
            title += f" ({baseline.path.rsplit('/', 1)[-1]})"
        return {"players": ngettext("{n} seat", "{n} seats", self.players).format(n=self.players),
                "games": ngettext("{n} game", "{n} games", self.games).format(n=self.games),
                "level": _("Bots: {level}").format(level=level_name(self.level)),
                "go": _("Cancel") if self.running else _("Start"),
                "close": _("Close"),
                "against": _("Compared with: {title}").format(title=title)}

    def press(self, name: str, config, baseline, variants, levels) -> None:
        """A button of the panel pressed (but `close`, which the scene does): start or cancel, or the next value of
        a setting."""
        if name == "go":
            if self.running:
                self.job.cancel()
            elif config is not None:
                from ..lab.measure import MeasureJob
                self.job = MeasureJob(config, baseline, self.players, self.games, self.level)
        elif name == "players" and config is not None:
            lo, hi = max(config.players_min, baseline.players_min), min(config.players_max, baseline.players_max)
            self.players = lo if self.players >= hi or self.players < lo else self.players + 1
        elif name == "games":
            self.games = GAMES_MEASURED[(GAMES_MEASURED.index(self.games) + 1) % len(GAMES_MEASURED)] \
                if self.games in GAMES_MEASURED else GAMES_MEASURED[0]
        elif name == "level":
            self.level = levels[(levels.index(self.level) + 1) % len(levels)] if self.level in levels else levels[0]
        elif name == "against":
            paths = [c.path for c in variants]
            at = paths.index(baseline.path) if baseline.path in paths else -1
            self.against = variants[(at + 1) % len(variants)]

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
