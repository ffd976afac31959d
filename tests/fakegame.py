"""A tiny dice race used to test the engine without depending on a real game."""
from __future__ import annotations

from dataclasses import dataclass, field

from piratetable.bots.base import Bot
from piratetable.config.schema import Int, Key, List, Map, Str
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.context import Context
from piratetable.engine.errors import ActionSyntaxError
from piratetable.engine.events import DiceRolled
from piratetable.engine.game import Game


@dataclass(frozen=True)
class RaceRules:
    target: int


@dataclass(frozen=True)
class RaceContent:
    faces: tuple


@dataclass
class RaceState:
    ctx: Context
    scores: list
    marks: list = field(default_factory=list)


class Race(Game):
    """Roll a die to add its value (and keep the turn); `pass` ends the turn; `mark` is a decision without
    chance; the first to reach the target wins."""

    id = "race"
    name = "Race"
    player_range = (2, 4)
    phases = ("turn", "over")
    snapshot_keys = ("marks",)
    rig_keys = ("dice",)
    bots = {"easy": "tests.fakegame:RaceBot"}

    @classmethod
    def config_keys(cls):
        return {"rules": Key(Map({"target": Key(Int(1, 100), 10)})),
                "faces": Key(List(Str(pattern=r"[1-6]"), min_len=1))}

    @classmethod
    def build_config(cls, data, root):
        return RaceRules(data["rules"]["target"]), RaceContent(tuple(data["faces"]))

    def new_game(self, ctx, chance, setup):
        ctx.start_turn(0, "turn")
        return RaceState(ctx, [0] * ctx.players)

    def legal_actions(self, s):
        return [] if s.ctx.over else [Action.of("roll"), Action.of("mark"), Action.of("pass")]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if len(tokens) != 1 or tokens[0] not in ("roll", "mark", "pass"):
            raise ActionSyntaxError(f"{text!r}: expected roll, mark or pass")
        return Action.of(tokens[0])

    def _apply(self, s, action, chance):
        ctx = s.ctx
        if action.verb == "mark":
            s.marks.append(ctx.current)
            return
        if action.verb == "roll":
            face = chance.roll(self.config.content.faces)
            ctx.emit(DiceRolled(ctx.current, (1,), (face,)))
            s.scores[ctx.current] += int(face)
            if s.scores[ctx.current] >= self.options.target:
                ctx.finish([ctx.current])
            return
        ctx.end_turn()
        ctx.start_turn((ctx.current + 1) % ctx.players, "turn")

    def scores(self, s):
        return list(s.scores)

    def snapshot_extra(self, s):
        return {"marks": list(s.marks)}

    def view(self, s, seat):
        return {**self.snapshot(s), "seat": seat}


class RaceBot(Bot):
    def choose(self, view, legal, rng):
        return Action.of("roll")


RACE_CONFIG = """game: race
title: Race
players: {min: 2, max: 4}
rules: {target: 10}
faces: ["1", "2", "3", "4", "5", "6"]
"""
