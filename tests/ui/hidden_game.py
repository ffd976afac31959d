"""A tiny hidden-information game for the UI tests: each seat holds secret cards and plays one per turn."""
from __future__ import annotations

from dataclasses import dataclass

from piratetable.bots.base import Bot
from piratetable.config.schema import Int, Key, Map
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.context import Context
from piratetable.engine.errors import ActionSyntaxError
from piratetable.engine.events import CardsMoved
from piratetable.engine.game import Game


@dataclass(frozen=True)
class SecretRules:
    cards: int


@dataclass
class SecretState:
    ctx: Context
    hands: list
    played: list


class Secrets(Game):
    """Deal `cards` secret numbers to each seat; in turn each plays one; highest total of played cards wins."""

    id = "secrets"
    name = "Secrets"
    player_range = (2, 4)
    phases = ("play", "over")
    snapshot_keys = ("hands", "played")
    hidden_information = True
    bots = {"easy": "tests.ui.hidden_game:FirstCardBot"}

    @classmethod
    def config_keys(cls):
        return {"rules": Key(Map({"cards": Key(Int(1, 5), 2)}))}

    @classmethod
    def build_config(cls, data, root):
        return SecretRules(data["rules"]["cards"]), None

    def new_game(self, ctx, chance, setup):
        deck = [f"c{i}" for i in range(1, 10)]
        hands = []
        for seat in range(ctx.players):
            hand = sorted(chance.draw(deck) for _ in range(self.options.cards))
            ctx.emit(CardsMoved(tuple(hand), "deck", f"hand:{seat}", face_up=False, seen_by=frozenset({seat})))
            hands.append(hand)
        ctx.start_turn(0, "play")
        return SecretState(ctx, hands, [[] for _ in range(ctx.players)])

    def legal_actions(self, s):
        if s.ctx.over:
            return []
        return [Action.of("play", c) for c in s.hands[s.ctx.current]]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if len(tokens) != 2 or tokens[0] != "play":
            raise ActionSyntaxError(f"{text!r}: expected play CARD")
        return Action.of(*tokens)

    def _apply(self, s, action, chance):
        ctx = s.ctx
        card = action.args[0]
        s.hands[ctx.current].remove(card)
        s.played[ctx.current].append(card)
        ctx.emit(CardsMoved((card,), f"hand:{ctx.current}", f"played:{ctx.current}", ctx.current))
        if all(not h for h in s.hands):
            sc = self.scores(s)
            ctx.finish([i for i, v in enumerate(sc) if v == max(sc)])
        else:
            ctx.start_turn((ctx.current + 1) % ctx.players, "play")

    def scores(self, s):
        return [sum(int(c[1:]) for c in p) for p in s.played]

    def snapshot_extra(self, s):
        return {"hands": [list(h) for h in s.hands], "played": [list(p) for p in s.played]}

    def view(self, s, seat):
        snap = self.snapshot(s)
        snap["hands"] = [list(h) if i == seat else len(h) for i, h in enumerate(s.hands)]
        snap["my_hand"] = list(s.hands[seat]) if seat is not None else []     # None: a spectator
        return {**snap, "seat": seat}


class SeatedSecrets(Secrets):
    """The same game, whose view needs a seat: it gives no view to a spectator (Game.public_view refuses)."""

    def view(self, s, seat):
        if not isinstance(seat, int) or not 0 <= seat < s.ctx.players:
            raise IndexError(f"no seat {seat}")
        return super().view(s, seat)


class FirstCardBot(Bot):
    def choose(self, view, legal, rng):
        return legal[0]


SECRETS_CONFIG = """game: secrets
title: Secrets
players: {min: 2, max: 4}
rules: {cards: 2}
"""
