"""Saves and scenarios are checked with the schema language of the configs (issue 27, item 6): every problem is
`file:line:column: key.path: message` where the file has lines (a save read from its file, a scenario), the key
path alone where it has none (a save given as data), and all of a file's problems are said at once."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.errors import SaveError
from piratetable.engine.match import Match, Seat
from piratetable.fileio import write_json_atomic
from piratetable.scenario import run_scenario


def a_save(moves: int = 3) -> dict:
    match = Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Ben"), Seat("Cy")], seed=4)
    while len(match.history) < moves:
        match.play(match.legal()[0])
    return savegame.to_json(match)


def written(tmp_path: Path, data: dict) -> tuple[Path, list[str]]:
    """The save written as the program writes one (indented JSON), and its lines."""
    path = tmp_path / "bad.json"
    write_json_atomic(path, data)
    return path, path.read_text(encoding="utf-8").split("\n")


def at(lines: list[str], text: str, nth: int = 0) -> str:
    """`line:column` of the `nth` place `text` is written (counted independently of the reader under test)."""
    found = [(i + 1, line.index(text) + 1) for i, line in enumerate(lines) if text in line]
    return "{}:{}".format(*found[nth])


def value_at(lines: list[str], key: str) -> str:
    """`line:column` of the value written after the key `key` (a mapping or a list starts at its bracket)."""
    line, column = at(lines, q(key) + ": ").split(":")
    return f"{line}:{int(column) + len(q(key) + ': ')}"


def q(text: str) -> str:
    """`text` as JSON writes it (quoted)."""
    return json.dumps(text)


def load_error(path: Path) -> str:
    with pytest.raises(SaveError) as err:
        savegame.load(path)
    return str(err.value)


# --- saves -------------------------------------------------------------------------------------------------------
def test_a_bad_value_deep_in_a_save_names_its_line_column_and_key_path(tmp_path):
    data = a_save()
    data["seats"][1]["bot"] = "wizard"
    path, lines = written(tmp_path, data)
    assert load_error(path) == (f"{path}:{at(lines, q('wizard'))}: seats[1].bot: 'wizard' is not a bot level of "
                                "this game (levels: easy, hard, normal, random, or null for a person)")


def test_every_problem_of_a_save_is_said_at_once_each_with_its_line(tmp_path):
    data = a_save()
    data["seats"][0]["name"] = ""
    data["seed"] = "4"
    data["over"] = "no"
    path, lines = written(tmp_path, data)
    assert load_error(path).split("\n") == [
        f"{path}:{at(lines, q('4'))}: seed: has the wrong type: must be an integer, not a string '4'",
        f"{path}:{at(lines, q(''))}: seats[0].name: is empty",
        f"{path}:{at(lines, q('no'))}: over: has the wrong type: must be true or false, not a string 'no'",
    ]


def test_an_option_of_the_wrong_type_is_found_where_the_save_holds_it(tmp_path):
    data = a_save()
    data["config"]["options"] = {"target": "lots"}
    path, lines = written(tmp_path, data)
    assert load_error(path) == (f"{path}:{value_at(lines, 'config')}: config: the saved config is invalid: "
                                f"{path}:{at(lines, q('lots'))}: rules.target: must be an integer, not a string 'lots'")


def test_a_move_that_does_not_replay_and_tampered_chance_name_their_line(tmp_path):
    data = a_save()
    data["actions"][0] = "stop"
    path, lines = written(tmp_path, data)
    assert load_error(path).startswith(f"{path}:{at(lines, q('stop'))}: actions[0]: 'stop' does not replay: ")
    data = a_save()
    data["chance"][1][0] = "banana"
    path, lines = written(tmp_path, data)
    assert load_error(path) == (f"{path}:{value_at(lines, 'chance')}: chance: the replay drew different dice or cards "
                                "than the save recorded")


def test_a_setup_value_the_game_refuses_is_said_at_its_key(tmp_path):
    data = a_save(moves=0)
    data["setup"] = {"scores": "abc"}
    path, lines = written(tmp_path, data)
    assert load_error(path) == (f"{path}:{at(lines, q('abc'))}: setup.scores: needs 3 whole numbers (one per "
                                "seat), got 'abc'")


def test_a_key_written_twice_is_not_a_save_file(tmp_path):
    path, lines = written(tmp_path, a_save())
    text = path.read_text(encoding="utf-8").replace('"seed": 4,', '"seed": 4,\n "seed": 5,', 1)
    path.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    first = at(lines, q("seed")).split(":")[0]
    assert load_error(path) == (f"{path}:{at(lines, q('seed'), 1)}: not a save file (duplicate key 'seed', "
                                f"first at line {first})")


def test_a_save_given_as_data_names_the_source_and_the_key_path_alone():
    data = a_save()
    data["seats"][0]["name"] = "Ann\x00"
    data["config"]["options"] = {"target": "lots"}
    with pytest.raises(SaveError) as err:
        savegame.from_json(data, "s.json")
    assert str(err.value) == "s.json: seats[0].name: holds a control character ('\\x00', character 4)"
    data["seats"][0]["name"] = "Ann"
    with pytest.raises(SaveError) as err:
        savegame.from_json(data, "s.json")
    assert str(err.value) == ("s.json: config: the saved config is invalid: s.json: rules.target: must be an integer,"
                              " not a string 'lots'")
    data["config"]["options"] = None
    data["chance"] = data["chance"][:1]
    with pytest.raises(SaveError) as err:
        savegame.from_json(data, "s.json")
    assert str(err.value) == "s.json: chance: must hold one list of outcomes per move (1 lists for 3 moves)"


def test_a_save_with_an_unknown_key_is_refused_with_the_keys_it_may_have(tmp_path):
    data = a_save()
    data["seats"][2]["colour"] = "red"
    path, lines = written(tmp_path, data)
    assert load_error(path) == f"{path}:{at(lines, q('colour'))}: seats[2].colour: unknown key (valid keys: name, bot)"


def test_the_autosave_check_at_start_says_the_line(piratetable_home):
    from piratetable.ui.saves import check_autosave_at_start
    data = a_save()
    data["actions"] = 5
    folder = piratetable_home / "saves"
    write_json_atomic(folder / "autosave.json", data)
    lines = (folder / "autosave.json").read_text(encoding="utf-8").split("\n")
    message = check_autosave_at_start()
    assert message is not None
    assert f"autosave.json:{value_at(lines, 'actions')}: actions: has the wrong type: must be a list, not an integer" \
        in message


# --- scenarios ---------------------------------------------------------------------------------------------------
def scenario(tmp_path: Path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path, run_scenario(path)


def test_a_wrong_type_in_an_expect_names_its_line_column_and_key_path(tmp_path):
    path, result = scenario(tmp_path, "game: piraten_kapern\nplayers: 2\nsteps:\n  - roll\n"
                                      "  - expect: {scores: [0, zero], over: no}\n")
    assert result.failures == [
        f"{path}:5:26: steps[1].expect.scores[1]: must be a number, not a string 'zero'\n"
        f"{path}:5:39: steps[1].expect.over: must be true or false, not a string 'no'"]
    assert result.steps_run == 0


def test_every_problem_of_a_scenario_is_said_before_a_step_is_played(tmp_path):
    path, result = scenario(tmp_path, "game: piraten_kapern\nplayers: 2\nrig: {dice: [skull, [coin]]}\n"
                                      "steps:\n  - roll\n  - {dox: stop}\n  - {do: stop, by: first}\n  - 7\n")
    assert result.failures == ["\n".join([
        f"{path}:3:21: rig.dice[1]: must be a card id or a die face, not a list ['coin']",
        f"{path}:6:6: steps[1].dox: unknown key (did you mean 'do'?) (valid keys: do, by, error)",
        f"{path}:6:5: steps[1].do: required key is missing",
        f"{path}:7:20: steps[2].by: must be an integer, not a string 'first'",
        f"{path}:8:5: steps[3]: must be an action, {{do: …}} or {{expect: …}}, not an integer 7",
    ])]
    assert result.steps_run == 0


def test_an_expect_step_with_another_key_names_it(tmp_path):
    path, result = scenario(tmp_path, "game: piratz\nplayers: 3\nsteps:\n  - {expect: {over: false}, do: reveal}\n")
    assert result.failures == [f"{path}:4:29: steps[0].do: unknown key (valid keys: expect)"]


def test_a_game_key_of_its_own_in_an_expect_is_left_to_the_snapshot(tmp_path):
    path, result = scenario(tmp_path, "game: piratz\nplayers: 3\nsteps:\n  - expect: {round: first, colour: red}\n")
    assert len(result.failures) == 1
    assert result.failures[0].startswith(f"{path}:4:5: step 1: expect failed:\n    round: expected 'first', got 1\n"
                                         "    colour: not in the snapshot (keys: ")
