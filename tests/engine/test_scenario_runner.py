"""The scenario runner follows SCENARIOS.md: keys, steps, by/error, partial expectations, clear failures."""
import textwrap

import pytest

from piratetable.engine import registry
from piratetable.scenario import match_expected, run_scenario
from tests.fakegame import Race

HEAD = "game: race\nconfig: ../configs/race.yaml\nplayers: 2\n"


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setitem(registry._cache, "race", Race)


def run(tmp_path, body):
    (tmp_path / "configs").mkdir(exist_ok=True)
    (tmp_path / "configs" / "race.yaml").write_text(open("tests/configs/race.yaml").read())
    (tmp_path / "s").mkdir(exist_ok=True)
    path = tmp_path / "s" / "x.yaml"
    path.write_text(HEAD + textwrap.dedent(body))
    return run_scenario(path)


def test_a_rigged_scenario_passes(tmp_path):
    r = run(tmp_path, """
        rig: {dice: ["6", "5"]}
        steps:
          - roll
          - {do: roll, by: 0}
          - expect: {scores: [11, 0], over: true, winners: [0], current_player: null}
    """)
    assert r.passed, r.failures


def test_a_failed_expectation_shows_a_readable_diff(tmp_path):
    r = run(tmp_path, """
        rig: {dice: ["3"]}
        steps:
          - roll
          - expect: {scores: [4, 0]}
    """)
    assert not r.passed and "scores[0]: expected 4, got 3" in r.failures[0]


def test_naming_a_key_the_snapshot_lacks_is_an_error(tmp_path):
    r = run(tmp_path, "steps:\n  - expect: {colour: red}\n")
    assert "colour: not in the snapshot" in r.failures[0]


def test_error_true_accepts_a_refusal_and_an_unparsable_action(tmp_path):
    r = run(tmp_path, "steps:\n  - {do: fly, error: true}\n  - {do: 'roll  ', error: true}\n")
    assert r.passed, r.failures


def test_an_action_expected_to_be_refused_but_played_fails(tmp_path):
    r = run(tmp_path, "steps:\n  - {do: pass, error: true}\n")
    assert "expected to be refused" in r.failures[0]


def test_an_illegal_action_without_error_fails_and_lists_the_legal_actions(tmp_path):
    r = run(tmp_path, "steps:\n  - fly\n")
    assert "was refused" in r.failures[0]


def test_by_mismatch_fails_even_with_error(tmp_path):
    r = run(tmp_path, "steps:\n  - {do: fly, by: 1, error: true}\n")
    assert "by: expected seat 1" in r.failures[0]


def test_error_text_must_be_contained_in_the_reason(tmp_path):
    r = run(tmp_path, "steps:\n  - {do: fly, error: 'no such thing'}\n")
    assert "does not contain" in r.failures[0]


def test_unknown_top_level_key_is_an_error(tmp_path):
    r = run(tmp_path, "stepz: []\nsteps: [roll]\n")
    assert "stepz: unknown key" in r.failures[0]


def test_setup_is_an_error_for_a_game_without_setup_keys(tmp_path):
    r = run(tmp_path, "setup: {scores: [1, 2]}\nsteps: [roll]\n")
    assert "has no setup keys" in r.failures[0]


def test_a_rigged_face_that_does_not_exist_fails_clearly(tmp_path):
    r = run(tmp_path, "rig: {dice: ['9']}\nsteps: [roll]\n")
    assert "'9' is not a face of the die" in r.failures[0]


def test_options_override_the_config_rules(tmp_path):
    r = run(tmp_path, """
        options: {target: 3}
        rig: {dice: ["3"]}
        steps:
          - roll
          - expect: {over: true}
    """)
    assert r.passed, r.failures


def test_players_outside_the_range_is_an_error(tmp_path):
    assert run(tmp_path, "steps: [roll]\n").passed
    path = tmp_path / "s" / "y.yaml"
    path.write_text(HEAD.replace("players: 2", "players: 7") + "steps: [roll]\n")
    assert "outside this config's range" in run_scenario(path).failures[0]


@pytest.mark.parametrize("expected, actual, ok", [
    ({"a": 1}, {"a": 1, "b": 2}, True),
    ({"a": [1, 2]}, {"a": [1, 2, 3]}, False),
    ({"a": [{"x": 1}]}, {"a": [{"x": 1, "y": 2}]}, True),
    ({"a": "7"}, {"a": 7}, False),
    ({"a": 1}, {"a": True}, False),
    ({"a": None}, {"a": None}, True),
])
def test_expectations_match_partially_in_dicts_exactly_in_lists_and_strictly_in_scalars(expected, actual, ok):
    assert (match_expected(expected, actual) == []) is ok
