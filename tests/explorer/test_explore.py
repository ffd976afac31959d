"""The table explorer's bounded run: fixed seeds, a few minutes of CPU in all, every registered game (the
example plug-in too) below the screen, and a sample of positions drawn by the app at every window size, text
scale and language. The soak (`benchmarks/explore_soak.py`) runs the same machines for as long as it is given,
with fresh seeds. What is checked: tests/explorer/checks.py and screen.py; docs/ui.md, "The table explorer"."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from piratetable.engine.registry import BUILTIN

from .machine import explorer

# Examples per game (one example: one match, its set-up drawn, then up to STEPS rules): sized so that each game
# costs about the same CPU time (Petrangola's and Piratz's bots think longest).
EXAMPLES = {"piraten_kapern": 100, "piratz": 50, "pirataki": 100, "petrangola": 20, "pig": 60}
STEPS = 30


def suite_settings(examples: int, steps: int = STEPS) -> settings:
    """Fixed seeds (derandomize), no example database, no deadline: the same run on every machine."""
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None, derandomize=True,
                    database=None, suppress_health_check=list(HealthCheck), print_blob=False)


@pytest.mark.parametrize("game", list(BUILTIN))
def test_the_explorer_finds_nothing_below_the_screen(game):
    run_state_machine_as_test(explorer([game]), settings=suite_settings(EXAMPLES[game]))


def test_the_explorer_finds_nothing_in_the_example_plug_in(pig_installed):
    run_state_machine_as_test(explorer([pig_installed]), settings=suite_settings(EXAMPLES["pig"]))


# Examples per game at the screen (each look draws the app: slower than the looks below the screen).
SCREEN_EXAMPLES = {"piraten_kapern": 6, "piratz": 5, "pirataki": 5, "petrangola": 5}
SCREEN_STEPS = 10


@pytest.mark.parametrize("game", list(BUILTIN))
def test_the_explorer_finds_nothing_on_the_screen(game):
    from .screen import ScreenExplorer, close_app
    try:
        run_state_machine_as_test(explorer([game], base=ScreenExplorer),
                                  settings=suite_settings(SCREEN_EXAMPLES[game], SCREEN_STEPS))
    finally:
        close_app()
