"""Match and savegame: seeded chance, history, undo limits, atomic save/load and replay (on a tiny test game)."""
import json
import os

import pytest

from piratetable.config.loader import load_config_text
from piratetable.engine import registry
from piratetable.engine.errors import IllegalAction, SaveError
from piratetable.engine.match import Match, Seat
from piratetable.savegame import from_json, load, save, to_json, write_json_atomic
from tests.fakegame import RACE_CONFIG, Race
from tests.helpers import bot_move


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setitem(registry._cache, "race", Race)


def new_match(seed=5, seats=None):
    cfg = load_config_text(RACE_CONFIG, "race.yaml")
    return Match(cfg, seats or [Seat("Ann"), Seat("Bob")], seed)


def play_out(match):
    while not match.over:
        match.play("roll")


def test_same_seed_gives_the_same_game_and_different_seeds_differ():
    a, b, c = new_match(1), new_match(1), new_match(2)
    for m in (a, b, c):
        play_out(m)
    assert [e.chance for e in a.history] == [e.chance for e in b.history]
    assert [e.chance for e in a.history] != [e.chance for e in c.history]


def test_chance_outcomes_are_recorded_in_the_history():
    m = new_match()
    entry = m.play("roll")
    assert entry.chance and entry.chance[0] in "123456"
    assert m.play("mark").chance == []


def test_a_decision_replays_to_the_position_its_seat_decided_in():
    m = new_match(seats=[Seat("Ann", "easy"), Seat("Bob", "easy")])
    inputs = []
    while not m.over:
        seat = m.current
        inputs.append((seat, m.view(seat), m.legal(), m.bot_stream_seed(seat)))
        m.play(bot_move(m, seat))
    for i in (0, 1, len(inputs) // 2, len(inputs) - 1):
        d = m.decision(i)
        assert (d.index, d.seat, d.action) == (i, m.history[i].seat, m.history[i].action) == (i, m.seat_of(i), d.action)
        past = d.replay()
        seat, view, legal, seed = inputs[i]
        assert past.moves == i and past.current == seat == d.seat
        assert (past.view(seat), past.legal(), past.bot_stream_seed(seat)) == (view, legal, seed)
    assert m.moves == len(inputs)   # the match itself is untouched


def test_undo_takes_back_a_decision_without_chance_of_the_same_seat():
    m = new_match()
    m.play("mark")
    assert m.undo_refusal() is None
    m.undo()
    assert m.history == [] and m.game.snapshot(m.state)["marks"] == []


def test_undo_is_refused_after_a_chance_event():
    m = new_match()
    m.play("roll")  # the die was rolled: chance decided, and seat 0 still has the turn
    assert m.current == 0
    assert "chance" in m.undo_refusal(seat=0)
    with pytest.raises(IllegalAction, match="cannot undo"):
        m.undo(seat=0)


def test_undo_is_refused_past_another_seats_decision():
    m = new_match()
    m.play("pass")  # seat 0 passes; seat 1 to play
    assert m.undo_refusal() == "the last move was another seat's decision"


def test_undo_is_refused_for_a_bot_move():
    m = new_match(seats=[Seat("Bot", "easy"), Seat("Bob")])
    m.play("mark")
    assert m.undo_refusal(seat=0) == "the last move was a bot's"


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    m = new_match()
    with pytest.raises(IllegalAction):
        m.play("jump")
    assert m.history == []


def test_a_saved_game_replays_to_the_same_final_state(tmp_path):
    m = new_match(11)
    m.play("mark")
    play_out(m)
    path = tmp_path / "g.json"
    save(m, path)
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["game"] == "race" and data["config"]["text"] == RACE_CONFIG
    loaded = load(path)
    assert loaded.game.snapshot(loaded.state) == m.game.snapshot(m.state)


def test_a_save_replays_even_after_the_config_file_changed(tmp_path):
    m = new_match(3)
    play_out(m)
    save(m, tmp_path / "g.json")
    # the save carries the config text: nothing on disk is read
    loaded = load(tmp_path / "g.json")
    assert loaded.config.text == RACE_CONFIG


@pytest.mark.parametrize("content, fragment", [
    ("{not json", "bad JSON"),
    ('{"version": 99}', "version: 99 is not supported"),
    ('{"version": 1}', "game: missing"),
    ('[]', "version: missing"),
])
def test_a_bad_save_file_gives_one_clear_message(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=fragment.replace("(", r"\(")):
        load(path)


def test_a_save_whose_actions_do_not_replay_names_the_action(tmp_path):
    m = new_match()
    m.play("roll")
    data = to_json(m)
    data["actions"].append("fly")
    data["chance"].append([])
    with pytest.raises(SaveError, match=r"actions\[1\]"):
        from_json(data, "x.json")


def test_a_save_with_an_invalid_config_names_the_config(tmp_path):
    m = new_match()
    data = to_json(m)
    data["config"]["text"] = RACE_CONFIG.replace("target: 10", "target: ten")
    with pytest.raises(SaveError, match="rules.target"):
        from_json(data, "x.json")


def test_atomic_write_leaves_no_temp_file_and_replaces_the_old_one(tmp_path):
    path = tmp_path / "saves" / "s.json"
    write_json_atomic(path, {"a": 1})
    write_json_atomic(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert os.listdir(path.parent) == ["s.json"]


def test_log_lines_use_player_names():
    m = new_match()
    m.play("mark")
    assert m.log(0) == ["Ann: Mark."]


def test_the_log_is_told_in_the_language_in_use_not_the_one_it_was_first_told_in():
    from piratetable.config.loader import load_config
    from piratetable.i18n import set_language
    match = Match(load_config("petrangola"), [Seat("Anna"), Seat("Bot 1", "easy"), Seat("Bot 2", "easy")], seed=5)
    for _ in range(6):
        match.play(match.legal()[0])
    try:
        set_language("it")
        italian = match.log(0)
        set_language("en")
        english = match.log(0)
    finally:
        set_language("en")
    fresh = Match(match.config, match.seats, seed=5)
    for entry in match.history:
        fresh.play(entry.action)
    assert english == fresh.log(0)          # an Italian line kept from before the switch stayed Italian
    assert italian != english


def test_a_seat_with_a_level_its_game_has_not_is_refused_at_the_start():
    from piratetable.config.loader import load_config
    from piratetable.engine.errors import PirateTableError
    cfg = load_config("piraten_kapern")
    with pytest.raises(PirateTableError, match="'expert' is not a bot level"):
        Match(cfg, [Seat("Anna"), Seat("Ben", "expert")], seed=1)   # its save would not load
    Match(cfg, [Seat("Anna"), Seat("Ben", "random")], seed=1)


def test_a_long_game_keeps_the_log_lines_of_its_last_decisions_only():
    """The log's lines are kept told for the last `LINES_KEPT` decisions, not for every decision of a long game
    (a screen asks for its last 40 or so after every move); a line asked again later is the same line."""
    from piratetable.engine.match import LINES_KEPT
    m = new_match(seats=[Seat("Ann"), Seat("Bob"), Seat("Cid")])
    told = []
    for i in range(3 * LINES_KEPT):
        m.play("pass" if i % 3 == 2 else "mark")     # the seats take turns: the lines differ
        told += m.log(None, last=1)
        m.log(0, last=40)
        assert len({k[0] for k in m._lines}) <= 2 * LINES_KEPT, len(m._lines)
    assert m.moves == 3 * LINES_KEPT and len(set(told)) == 6, set(told)
    assert m.log(None) == told                      # the whole log, older lines told again
    assert {k[0] for k in m._lines} >= set(range(m.moves - LINES_KEPT, m.moves))
