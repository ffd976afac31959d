"""The example plug-in works end to end with nothing inside piratetable/ knowing it: discovery, its packaged
config, validation, scenarios, simulation, bots, and the table drawn and played headless through the UI."""
import random

import pygame
import pytest

from piratetable.cli import main
from piratetable.config.loader import find_configs, load_config
from piratetable.engine import registry
from piratetable.engine.match import Match, Seat
from piratetable.lab.simulate import run_simulation
from piratetable.scenario import run_scenario
from tests.helpers import bot_move

SCENARIO = """game: pig
players: 2
rig:
  dice: ["4", "6", "1", "5"]
steps:
  - roll
  - {do: hold, by: 0}
  - expect: {scores: [4, 0], current_player: 1, turn_points: 0}
  - roll
  - roll
  - expect: {scores: [4, 0], current_player: 0, turn_points: 0}
  - roll
  - expect: {turn_points: 5, last: 5}
"""


def test_the_plugin_is_discovered_through_its_entry_point(pig_installed):
    assert "pig" in registry.known_ids()
    assert registry.game_class("pig").name == "Pig"
    assert registry.known_ids()[:4] == list(registry.BUILTIN)


def test_its_packaged_config_is_the_default_and_validates(pig_installed, capsys):
    cfg = load_config("pig")
    assert cfg.title == "Pig" and cfg.rules.target == 100
    assert any(e.game == "pig" and e.config is not None for e in find_configs())
    assert main(["validate"]) == 0
    assert "pig.yaml (plug-in): pig – Pig" in capsys.readouterr().out


def test_a_scenario_for_the_plugin_runs(pig_installed, tmp_path):
    path = tmp_path / "pig.yaml"
    path.write_text(SCENARIO)
    result = run_scenario(path)
    assert result.passed, result.failures


def test_random_play_reaches_the_end_and_the_log_reads(pig_installed):
    match = Match(load_config("pig"), [Seat("Ann", "random"), Seat("Ben", "random")], seed=3)
    while not match.over and len(match.history) < 3000:
        match.play(bot_move(match, match.current))
    assert match.over and len(match.game.winners(match.state)) == 1
    assert any("banks" in line for line in match.log(None))


def test_its_refusals_come_from_the_moves_and_a_legal_action_has_none(pig_installed):
    """The plug-in adds only what the moves cannot say (`verb_refusal`); the engine lists what may be done now in
    the plug-in's own notation, and a legal action gets no reason (the engine's refusal contract)."""
    from piratetable.engine.errors import IllegalAction
    match = Match(load_config("pig"), [Seat("Ann"), Seat("Ben")], seed=3)
    game, state = match.game, match.state
    hold, roll = game.parse_action("hold"), game.parse_action("roll")
    assert game.refusal_reason(state, roll) is None
    reason = game.refusal_reason(state, hold)
    assert reason is not None and reason.startswith("roll at least once before holding") and "`roll`" in reason
    with pytest.raises(IllegalAction, match="hold: roll at least once before holding"):
        match.play(hold)
    while not match.state.turn_points:           # a roll that did not bust: holding is legal now
        match.play(roll)
    assert hold in match.legal() and game.refusal_reason(match.state, hold) is None


def test_simulate_runs_the_plugin_with_its_bots(pig_installed):
    report = run_simulation("pig", 2, 40, seed=1, bots="normal,easy")
    assert report["no_result"] == 0
    assert abs(sum(p["win_rate"] for p in report["per_player"]) - 1.0) < 1e-9


def test_the_table_draws_and_plays_the_plugin_headless(pig_installed):
    from piratetable.ui.app import App
    from piratetable.ui.scenes.results import ResultsScene
    from piratetable.ui.scenes.table import TableScene
    from piratetable.ui.settings import Settings
    from tests.ui.helpers import press, run_until, step
    app = App(settings=Settings(speed="instant"))
    try:
        step(app, 2)
        match = Match(load_config("pig"), [Seat("Ann"), Seat("Bot", "normal")], seed=5)
        app.reset_to(TableScene(app, match))
        step(app, 3)
        table = app.top
        assert type(table.renderer.painters).__module__ == "pig_plugin.painters"
        press(app, pygame.K_SPACE)
        assert match.history[0].action == "roll"
        rng = random.Random(1)
        def finished():
            if isinstance(app.top, TableScene) and app.top.my_turn:
                key = pygame.K_h if match.view(0)["turn_points"] >= 15 or rng.random() < 0.2 else pygame.K_SPACE
                press(app, key, frames=1)
            return isinstance(app.top, ResultsScene)
        run_until(app, finished, frames=6000)
        assert match.over
    finally:
        app.close()
