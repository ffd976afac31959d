"""A tiny dice race used to test the engine without depending on a real game."""
from __future__ import annotations

from dataclasses import dataclass, field

from piratetable.bots.base import Bot
from piratetable.config.schema import Int, Key, List, Map, Str
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.errors import ActionSyntaxError
from piratetable.engine.game import Game


@dataclass(frozen=True)
class RaceRules:
    target: int


@dataclass(frozen=True)
class RaceContent:
    faces: tuple


@dataclass
class RaceState:
    scores: list
    turn: int = 0
    marks: list = field(default_factory=list)
    winner: int | None = None


class Race(Game):
    """Roll a die to add its value (and keep the turn); `pass` ends the turn; `mark` is a decision without
    chance; the first to reach the target wins."""

    id = "race"
    name = "Race"
    player_range = (2, 4)
    phases = ("turn", "over")
    snapshot_keys = ("marks",)
    rig_keys = ("dice",)

    @classmethod
    def config_keys(cls):
        return {"rules": Key(Map({"target": Key(Int(1, 100), 10)})),
                "faces": Key(List(Str(pattern=r"[1-6]"), min_len=1))}

    @classmethod
    def build_config(cls, data, root):
        return RaceRules(data["rules"]["target"]), RaceContent(tuple(data["faces"]))

    def new_game(self, players, chance, setup=None):
        return RaceState([0] * players)

    def current_player(self, s):
        return None if s.winner is not None else s.turn

    def legal_actions(self, s):
        return [] if s.winner is not None else [Action.of("roll"), Action.of("mark"), Action.of("pass")]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if len(tokens) != 1 or tokens[0] not in ("roll", "mark", "pass"):
            raise ActionSyntaxError(f"{text!r}: expected roll, mark or pass")
        return Action.of(tokens[0])

    def _apply(self, s, action, chance):
        if action.verb == "mark":
            s.marks.append(s.turn)
            return
        if action.verb == "roll":
            s.scores[s.turn] += int(chance.roll(self.config.content.faces))
            if s.scores[s.turn] >= self.options.target:
                s.winner = s.turn
            return
        s.turn = (s.turn + 1) % len(s.scores)

    def scores(self, s):
        return list(s.scores)

    def winners(self, s):
        return [] if s.winner is None else [s.winner]

    def snapshot(self, s):
        return {"scores": list(s.scores), "current_player": self.current_player(s),
                "phase": "over" if s.winner is not None else "turn", "over": s.winner is not None,
                "winners": self.winners(s), "marks": list(s.marks)}

    def view(self, s, seat):
        return {**self.snapshot(s), "seat": seat}

    def describe(self, before, action, after, viewer):
        return f"{{seat:{before.turn}}} {action}"

    def make_bot(self, level, seat):
        return RaceBot(self, seat)


class RaceBot(Bot):
    def choose(self, view, legal, rng):
        return Action.of("roll")


RACE_CONFIG = """game: race
title: Race
players: {min: 2, max: 4}
rules: {target: 10}
faces: ["1", "2", "3", "4", "5", "6"]
"""
