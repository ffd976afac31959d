"""Shared set-up of the Pirataki tests: the game (with options or a test deck), rigged play, hand-built states."""
from pathlib import Path

from piratetable.config.loader import load_config, load_config_file
from piratetable.engine.chance import Chance
from piratetable.engine.context import Context
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.rules import PiratakiState

ROOT = Path(__file__).resolve().parents[3]


def make_game(config=None, **options):
    cfg = load_config_file(ROOT / "tests" / "configs" / config) if config else load_config("pirataki")
    if options:
        cfg = cfg.with_options(options)
    return game_class("pirataki")(cfg)


GAME = make_game()


def play(game, players, rig, actions):
    """Play `actions` on a rigged deck; returns (state, the events of each action)."""
    chance = Chance(0, {"deck": list(rig)})
    state = game.start(players, chance)
    return state, [game.apply(state, text, chance) for text in actions]


def state_with(game, players=2, current=0, colors=None, ships=None, reserves=None, phase="turn", drawn=()):
    """A hand-built state; the draw pile holds every card not placed."""
    colors = colors or [None] * players
    ships = ships or [[] for _ in range(players)]
    reserves = reserves or [[] for _ in range(players)]
    placed = {c for pile in ships + reserves for c in pile} | set(drawn)
    deck = [c for c in game.all_cards if c not in placed]
    return PiratakiState(Context(players, current, phase), list(colors), [list(s) for s in ships],
                         [list(r) for r in reserves], deck, [], list(drawn))
