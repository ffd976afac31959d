"""A tiny hidden-information game for the UI tests: each seat holds secret cards and plays one per turn."""
from __future__ import annotations

from dataclasses import dataclass

from piratetable.bots.base import Bot
from piratetable.config.schema import Int, Key, Map
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.errors import ActionSyntaxError
from piratetable.engine.game import Game


@dataclass(frozen=True)
class SecretRules:
    cards: int


@dataclass
class SecretState:
    hands: list
    played: list
    turn: int = 0


class Secrets(Game):
    """Deal `cards` secret numbers to each seat; in turn each plays one; highest total of played cards wins."""

    id = "secrets"
    name = "Secrets"
    player_range = (2, 4)
    phases = ("play", "over")
    snapshot_keys = ("hands", "played")
    hidden_information = True
    bot_levels = ("easy",)

    @classmethod
    def config_keys(cls):
        return {"rules": Key(Map({"cards": Key(Int(1, 5), 2)}))}

    @classmethod
    def build_config(cls, data, root):
        return SecretRules(data["rules"]["cards"]), None

    def new_game(self, players, chance, setup=None):
        deck = [f"c{i}" for i in range(1, 10)]
        hands = [[chance.draw(deck) for _ in range(self.options.cards)] for _ in range(players)]
        return SecretState([sorted(h) for h in hands], [[] for _ in range(players)])

    def current_player(self, s):
        return None if all(not h for h in s.hands) else s.turn

    def legal_actions(self, s):
        if self.current_player(s) is None:
            return []
        return [Action.of("play", c) for c in s.hands[s.turn]]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if len(tokens) != 2 or tokens[0] != "play":
            raise ActionSyntaxError(f"{text!r}: expected play CARD")
        return Action.of(*tokens)

    def _apply(self, s, action, chance):
        card = action.args[0]
        s.hands[s.turn].remove(card)
        s.played[s.turn].append(card)
        s.turn = (s.turn + 1) % len(s.hands)

    def scores(self, s):
        return [sum(int(c[1:]) for c in p) for p in s.played]

    def winners(self, s):
        if self.current_player(s) is not None:
            return []
        sc = self.scores(s)
        return [i for i, v in enumerate(sc) if v == max(sc)]

    def snapshot(self, s):
        over = self.current_player(s) is None
        return {"scores": self.scores(s), "current_player": self.current_player(s),
                "phase": "over" if over else "play", "over": over, "winners": self.winners(s),
                "hands": [list(h) for h in s.hands], "played": [list(p) for p in s.played]}

    def view(self, s, seat):
        snap = self.snapshot(s)
        snap["hands"] = [list(h) if i == seat else len(h) for i, h in enumerate(s.hands)]
        snap["my_hand"] = list(s.hands[seat])
        return {**snap, "seat": seat}

    def describe(self, before, action, after, viewer):
        return f"{{seat:{before.turn}}} plays {action.args[0]}"

    def make_bot(self, level, seat):
        return FirstCardBot(self, seat)


class FirstCardBot(Bot):
    def choose(self, view, legal, rng):
        return legal[0]


SECRETS_CONFIG = """game: secrets
title: Secrets
players: {min: 2, max: 4}
rules: {cards: 2}
"""
