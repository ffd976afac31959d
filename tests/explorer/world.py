"""The explorer's world: which games, configs, rule options, seats and seeds it plays, and the record of a case.

A case is everything needed to rebuild one explored position exactly: the game, the config (variant and rule
options set on top), the seats (names, kinds), the match seed and the actions played. `Case.match()` replays it;
`Case.repro()` is the one-line JSON the soak prints for a failure (`benchmarks/explore_soak.py --repro JSON`
runs that case's checks again).
"""
from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass, field

from piratetable.config.loader import find_configs, load_config
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import game_ids

from ..insight.helpers import QUICK, quick_hard

LANGUAGES = ("en", "ru", "it", "ko")
LEVELS = ("easy", "normal")            # bots that advance the game (hard ones only decide hints: they are slow)
NAMES = ("Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan",
         "Черная Борода", "김선장", "Bartholomew Roberts", "Ching Shih", "Jean Lafitte", "Olivier Levasseur")

# Options that make the interesting ends of a game come sooner (a final round, the last tokens): the explorer
# reaches them within its step budget. Boolean rule options are toggled for every game without listing them.
SHORT = {
    "piraten_kapern": {"target": (1000, 2000, 3000)},
    "petrangola": {"tokens": (1, 2)},
}


def games() -> list[str]:
    """Every registered game id (the example plug-in too, when it is installed)."""
    return list(game_ids())


@functools.cache
def variants(game_id: str) -> tuple[str, ...]:
    """The shipped (and plug-in) variant names of a game, "default" first."""
    names = []
    for entry in find_configs(include_user=False, game_id=game_id):
        if entry.config is not None:
            name = entry.config.variant
            if name not in names:
                names.append(name)
    return tuple(sorted(names, key=lambda n: (n != "default", n))) or ("default",)


@functools.cache
def config_of(game_id: str, variant: str, options: tuple = (), quick: bool = False):
    """A config with rule options set on top (cached: reading and validating YAML is the slow part of a start);
    `quick`: its hard bot searching as tests/insight/helpers.py `QUICK` sizes it (the suite's runs: a hint is the
    hard bot's move and its reason's figures favour it at any size of the search; the soak searches as shipped)."""
    cfg = quick_hard(game_id, variant) if quick and game_id in QUICK else load_config(game_id, variant)
    return cfg.with_options(dict(options)) if options else cfg


def option_choices(game_id: str, variant: str) -> dict[str, tuple]:
    """Per rule option the values the explorer tries: both values of every boolean option, the short-game values
    of SHORT (None: as the config has it)."""
    cfg = config_of(game_id, variant)
    out: dict[str, tuple] = {}
    rules = cfg.rules
    if dataclasses.is_dataclass(rules):
        for f in dataclasses.fields(rules):
            if isinstance(getattr(rules, f.name), bool):
                out[f.name] = (False, True)
    for key, values in SHORT.get(game_id, {}).items():
        out[key] = (None,) + tuple(values)
    return out


def seat_classes(game_id: str) -> list[int]:
    """The seat counts worth telling apart: the fewest, the most, and one between."""
    cfg = config_of(game_id, "default")
    lo, hi = cfg.players_min, cfg.players_max
    return sorted({lo, (lo + hi) // 2, hi})


@dataclass
class Case:
    """One explored match: enough to rebuild it exactly."""

    game: str
    variant: str
    options: dict
    seats: list[tuple[str, str | None]]       # (name, bot level or None for a person)
    seed: int
    actions: list[str] = field(default_factory=list)
    quick: bool = False                         # the hard bot's smaller search (`config_of`)

    def config(self):
        return config_of(self.game, self.variant, tuple(sorted((k, v) for k, v in self.options.items()
                                                               if v is not None)), self.quick)

    def match(self) -> Match:
        match = Match(self.config(), [Seat(n, b) for n, b in self.seats], seed=self.seed)
        for a in self.actions:
            match.play(a)
        return match

    def repro(self, check: str = "", **detail) -> str:
        data = {"game": self.game, "variant": self.variant, "options": self.options, "seats": self.seats,
                "seed": self.seed, "actions": self.actions}
        if self.quick:
            data["quick"] = True
        if check:
            data["check"] = check
            data["detail"] = detail
        return json.dumps(data, ensure_ascii=False, default=str)

    @classmethod
    def from_json(cls, text: str) -> tuple[Case, str, dict]:
        data = json.loads(text)
        case = cls(data["game"], data["variant"], data.get("options", {}),
                   [tuple(s) for s in data["seats"]], data["seed"], list(data.get("actions", [])),
                   bool(data.get("quick", False)))
        return case, data.get("check", ""), data.get("detail", {})
