"""Pig's rules on the PirateTable contract: the whole game a plug-in has to write.

A turn: `roll` the die; a bust face (1) ends the turn with nothing, any other face adds to the turn's points;
`hold` banks them. The first score at or above the target wins at once.
"""
from __future__ import annotations

from dataclasses import dataclass

from piratetable.config.schema import Int, Key, List, Map, find_node
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.context import Context
from piratetable.engine.errors import ActionSyntaxError, ConfigError
from piratetable.engine.events import DiceRolled, ScoreChanged, ScorePart
from piratetable.engine.game import Game

from .events import Busted

ROLL, HOLD = Action("roll"), Action("hold")


@dataclass(frozen=True)
class PigRules:
    target: int = 100


@dataclass(frozen=True)
class PigContent:
    faces: tuple[int, ...]
    bust: int
    hold_at: dict            # bot level -> the turn total it holds at


@dataclass
class PigState:
    ctx: Context
    scores: list
    turn_points: int = 0
    last: int | None = None  # the face rolled last this turn (None: not rolled yet)


class Pig(Game):
    """Pig: roll as often as you dare; the bust face loses the turn's points."""

    id = "pig"
    name = "Pig"
    player_range = (2, 6)
    phases = ("roll", "over")
    snapshot_keys = ("turn_points", "last")
    rig_keys = ("dice",)
    stage_kind = "turn"
    bots = {"easy": ".bots:EasyBot", "normal": ".bots:NormalBot"}
    notation = {"roll": "roll", "hold": "hold"}     # the verbs as the rules write them (refusals list them)
    config_files = ("pig.yaml",)

    @classmethod
    def config_keys(cls):
        return {
            "rules": Key(Map({"target": Key(Int(1, 10_000), 100, "the score that wins")})),
            "die": Key(Map({"faces": Key(List(Int(1, 99), min_len=2)), "bust": Key(Int(1, 99), 1)})),
            "bots": Key(Map({level: Key(Map({"hold_at": Key(Int(1, 10_000), default)}), {"hold_at": default})
                             for level, default in (("easy", 12), ("normal", 20))}), {}),
        }

    @classmethod
    def build_config(cls, data, root):
        if data["die"]["bust"] not in data["die"]["faces"]:
            raise ConfigError(f"{find_node(root, 'die.bust').where()}: die.bust: {data['die']['bust']} is not a "
                              f"face of the die ({', '.join(map(str, data['die']['faces']))})")
        hold_at = {level: (data["bots"].get(level) or {}).get("hold_at", default)
                   for level, default in (("easy", 12), ("normal", 20))}
        return PigRules(**data["rules"]), PigContent(tuple(data["die"]["faces"]), data["die"]["bust"], hold_at)

    def new_game(self, ctx, chance, setup):
        ctx.start_turn(0, "roll")
        return PigState(ctx, [0] * ctx.players)

    def legal_actions(self, state):
        if state.ctx.over:
            return []
        return [ROLL, HOLD] if state.turn_points else [ROLL]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if tokens not in (["roll"], ["hold"]):
            raise ActionSyntaxError(f"{text!r}: the actions are roll and hold")
        return ROLL if tokens[0] == "roll" else HOLD

    def verb_refusal(self, state, action):
        """What the moves cannot say: `hold` has no legal action before the turn's first roll."""
        return "roll at least once before holding" if action == HOLD else None

    def _apply(self, state, action, chance):
        ctx = state.ctx
        seat = ctx.current
        if action == ROLL:
            face = int(chance.roll([str(f) for f in self.config.content.faces]))
            ctx.emit(DiceRolled(seat, (1,), (str(face),), "roll"))
            state.last = face
            if face == self.config.content.bust:
                ctx.emit(Busted(seat, state.turn_points))
                self._next(state)
            else:
                state.turn_points += face
            return
        points = state.turn_points
        state.scores[seat] += points
        ctx.emit(ScoreChanged(seat, points, state.scores[seat], (ScorePart("turn", points),)))
        if state.scores[seat] >= self.options.target:
            ctx.end_stage("turn", seat, "won")
            ctx.finish([seat], "target")
            return
        self._next(state)

    def _next(self, state):
        ctx = state.ctx
        ctx.end_stage("turn", ctx.current, "held" if state.turn_points and state.last != self.config.content.bust
                      else "bust")
        ctx.end_turn()
        state.turn_points, state.last = 0, None
        ctx.start_turn((ctx.current + 1) % ctx.players, "roll")

    def scores(self, state):
        return list(state.scores)

    def snapshot_extra(self, state):
        return {"turn_points": state.turn_points, "last": state.last}

    def view(self, state, seat):
        return {**self.snapshot(state), "seat": seat, "players": state.ctx.players, "target": self.options.target,
                "bust": self.config.content.bust}
