"""`simulate`: the report (per player, seat, level; seat advantage; length in the game's units; scores), the
records, the baseline comparison, progress, Ctrl-C, usage errors. Few games, random/easy bots."""
import io
import sys

import pytest

from piratetable.cli import main
from piratetable.lab import execute
from piratetable.lab.progress import Progress
from piratetable.lab.records import read_records
from piratetable.lab.simulate import format_report, run_simulation


def sim(**kw):
    args = dict(game_id="piraten_kapern", players=2, games=20, seed=1, bots="easy,random")
    args.update(kw)
    return run_simulation(**args)


def test_wilson_keeps_an_honest_interval_at_small_samples():
    report = sim()
    strong = report["per_player"][0]
    assert strong["win_rate"] > 0.8
    lo, hi = strong["ci95"]
    assert 0.5 < lo < strong["win_rate"] <= hi <= 1 and hi - lo > 0.1   # no [1.000, 1.000]
    assert "Wilson" in format_report(report) and "1/k" in format_report(report)


def test_the_old_report_keys_stay():
    report = sim(games=6)
    for key in ("game", "config", "players", "games", "seed", "bots", "rotated", "even_share", "per_player",
                "no_result", "no_winner", "mean_length", "seconds", "games_per_second", "jobs", "parent_cpu",
                "workers"):
        assert key in report
    assert set(report["per_player"][0]) >= {"player", "level", "win_rate", "ci95", "mean_score"}


def test_seats_levels_and_first_seat_advantage():
    report = sim(players=3, bots="easy,random,random", games=12)
    assert [s["seat"] for s in report["per_seat"]] == [0, 1, 2]
    assert abs(sum(s["win_rate"] for s in report["per_seat"]) - 1) < 1e-9
    levels = {lv["level"]: lv for lv in report["per_level"]}
    assert levels["random"]["players"] == 2 and levels["random"]["n"] == 24
    first = report["first_seat"]
    assert first["advantage"] == pytest.approx(first["win_rate"] - 1 / 3)
    assert "first-seat advantage" in format_report(report)


def test_fixed_seats_keep_player_p_at_seat_p():
    report = sim(rotate=False, keep_records=True)
    assert not report["rotated"] and all(r["shift"] == 0 for r in report["records"])
    for p, s in zip(report["per_player"], report["per_seat"]):
        assert p["win_rate"] == s["win_rate"]
    rotated = sim(keep_records=True)
    assert [r["shift"] for r in rotated["records"][:4]] == [0, 1, 0, 1]


@pytest.mark.parametrize("game,players,unit", [("piraten_kapern", 2, "trips"), ("piratz", 2, "rounds"),
                                               ("petrangola", 3, "hands")])
def test_game_length_in_the_games_own_unit(game, players, unit):
    report = run_simulation(game, players, 3, 2, bots="random")
    length = report["length"]
    assert unit in length and length[unit]["n"] == 3 - report["no_result"]
    assert length[unit]["min"] <= length[unit]["median"] <= length[unit]["max"]
    assert "turns" in length and "actions" in length
    assert f"{unit[:-1]} is the game's unit" in format_report(report)


def test_score_distributions():
    report = sim()
    score = report["per_player"][0]["score"]
    assert score["n"] == 20 and score["min"] <= score["p25"] <= score["median"] <= score["p75"] <= score["max"]
    assert report["winner_score"]["median"] >= 8000


@pytest.mark.parametrize("ext", ["jsonl", "csv"])
def test_records_by_extension(tmp_path, ext, capsys):
    out = tmp_path / f"games.{ext}"
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "easy,random",
                 "--games", "5", "--progress", "none", "--out", str(out)]) == 0
    rows = read_records(out)
    assert len(rows) == 5
    assert [str(r["game"]) for r in rows] == ["0", "1", "2", "3", "4"]
    first = rows[0]
    assert set(first) >= {"config", "seed", "shift", "winners", "actions", "turns", "stages", "level_0",
                          "level_1", "score_0", "score_1", "capped"}
    assert str(first["seed"]) == "1/0"
    if ext == "jsonl":
        assert isinstance(first["winners"], list) and isinstance(first["score_0"], int)
    assert "5 games written" in capsys.readouterr().err


def test_an_unknown_records_format_is_a_usage_error(tmp_path, capsys):
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--games", "1",
                 "--out", str(tmp_path / "x.xlsx")]) == 1
    assert ".jsonl" in capsys.readouterr().err


def test_a_baseline_against_itself_differs_by_nothing():
    report = sim(baseline="default")
    c = report["comparison"]
    assert c["baseline"] == "default"
    for row in c["per_player"] + c["per_seat"]:
        assert row["diff"] == 0 and not row["significant"]
    assert all(d["diff"] == 0 for d in c["length"].values())


def test_a_baseline_plays_the_same_seeds_and_reports_each_difference(tmp_path, capsys):
    assert main(["simulate", "--game", "piraten_kapern", "--config", "classic", "--baseline", "default",
                 "--players", "2", "--bots", "easy,random", "--games", "10", "--progress", "none",
                 "--out", str(tmp_path / "g.jsonl")]) == 0
    text = capsys.readouterr().out
    assert "against the baseline default (the same seeds)" in text and "mean trips" in text
    rows = read_records(tmp_path / "g.jsonl")
    mine = [r["seed"] for r in rows if r["config"] == "classic"]
    base = [r["seed"] for r in rows if r["config"] == "default"]
    assert mine == base and len(mine) == 10
    report = sim(config_name="classic", baseline="default", games=10)
    assert report["comparison"]["length"]["trips"]["value"] < report["comparison"]["length"]["trips"]["baseline"]


def test_progress_on_a_pipe_prints_plain_lines_with_rate_and_eta():
    now = [0.0]
    out = io.StringIO()
    bar = Progress(100, stream=out, mode="auto", every=10, clock=lambda: now[0])
    assert bar.mode == "lines"
    for done in range(1, 101):
        now[0] += 0.5
        bar.update(done)
    bar.close()
    lines = out.getvalue().splitlines()
    assert 5 <= len(lines) <= 11 and all(line.startswith("progress: ") for line in lines)
    assert "games/s" in lines[0] and "ETA" in lines[0] and lines[-1].startswith("progress: 100/100")


def test_progress_on_a_terminal_is_a_live_bar():
    class Tty(io.StringIO):
        def isatty(self):
            return True
    out = Tty()
    bar = Progress(10, stream=out, clock=lambda: 1.0)
    bar.update(5)
    bar.close(interrupted=True)
    text = out.getvalue()
    assert text.startswith("\r[") and "5/10 games" in text and "interrupted: 5 of 10" in text


def test_ctrl_c_keeps_the_finished_games_and_says_so(monkeypatch, capsys):
    real = execute.run_unit
    calls = []

    def run_unit(unit):
        if len(calls) == 3:
            raise KeyboardInterrupt
        calls.append(unit)
        return real(unit)
    monkeypatch.setattr(execute, "run_unit", run_unit)
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "random",
                 "--games", "10", "--progress", "lines"]) == 130
    captured = capsys.readouterr()
    assert "INTERRUPTED: the summary covers the 3 of 10 games" in captured.out
    assert "interrupted: 3 of 10 games finished" in captured.err


@pytest.mark.parametrize("argv,message", [
    (["--bots", "genius"], "unknown level 'genius'"),
    (["--players", "9"], "is for 2–5 players"),
    (["--game", "piratez"], "registered:"),
])
def test_usage_errors_are_one_line(argv, message, capsys):
    options = {"--game": "piraten_kapern", "--players": "2", "--games": "1", **dict(zip(argv[::2], argv[1::2]))}
    assert main(["simulate", *(x for kv in options.items() for x in kv)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("flag", ["--games", "--jobs"])
def test_counts_below_one_are_refused_by_the_parser(flag, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--game", "piraten_kapern", "--players", "2", flag, "0"])
    assert exit_.value.code == 2 and f"argument {flag}: must be at least 1" in capsys.readouterr().err


def test_cluster_without_dask_names_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--games", "1",
                 "--cluster", "local:2"]) == 1
    err = capsys.readouterr().err
    assert "pip install '.[cluster]'" in err and "Traceback" not in err


def test_a_bad_cluster_address_is_a_usage_error(capsys):
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--games", "1",
                 "--cluster", "myhost"]) == 1
    assert "tcp://HOST:8786" in capsys.readouterr().err


def test_jobs_two_gives_the_same_report_and_records():
    one = sim(games=8, keep_records=True)
    two = sim(games=8, keep_records=True, jobs=2)
    assert one["records"] == two["records"]
    assert one["per_player"] == two["per_player"] and one["length"] == two["length"]


def test_help_shows_every_default(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "(default: 100)" in text and "--baseline" in text and "--fixed-seats" in text and "--cluster" in text


# --- a worker process that dies (issue 26) -----------------------------------------------------------------------
KILL_DIR = None   # set by the tests below before the pool forks; read in the workers


def _killing_run_unit(unit):
    """`run_unit`, but the worker kills itself (as the OOM killer would) the first time it meets the unit of game
    0 — or, when the folder holds `always` (a game index), every time it meets a unit from that game on."""
    import os
    import signal
    from pathlib import Path
    folder = Path(KILL_DIR)
    marker = folder / f"killed-{unit['cell']}-{unit['indices'][0]}"
    always = folder / "always"
    if always.exists() and unit["indices"][0] >= int(always.read_text()) or \
            not always.exists() and unit["indices"][0] == 0 and not marker.exists():
        marker.touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return execute._real_run_unit(unit)


needs_fork = pytest.mark.skipif(sys.platform != "linux", reason="the test's killer reaches the workers by fork")


@needs_fork
def test_a_killed_worker_s_units_are_played_again_and_the_figures_are_the_same(monkeypatch, tmp_path, capsys):
    one = sim(games=30, keep_records=True)
    monkeypatch.setattr(sys.modules[__name__], "KILL_DIR", str(tmp_path))
    monkeypatch.setattr(execute, "_real_run_unit", execute.run_unit, raising=False)
    monkeypatch.setattr(execute, "run_unit", _killing_run_unit)
    two = sim(games=30, keep_records=True, jobs=2)
    assert list(tmp_path.iterdir()), "the worker was not killed"
    assert two["records"] == one["records"] and not two["interrupted"] and two["lost"] is None
    assert two["per_player"] == one["per_player"]
    assert "a worker process ended abruptly (killed, or out of memory?)" in capsys.readouterr().err


@needs_fork
def test_a_worker_lost_again_stops_with_the_finished_games(monkeypatch, tmp_path, capsys):
    (tmp_path / "always").write_text("40")
    monkeypatch.setattr(sys.modules[__name__], "KILL_DIR", str(tmp_path))
    monkeypatch.setattr(execute, "_real_run_unit", execute.run_unit, raising=False)
    monkeypatch.setattr(execute, "run_unit", _killing_run_unit)
    assert main(["simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "easy,random", "--games", "60",
                 "--jobs", "2", "--progress", "none"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert "STOPPED: the summary covers the " in captured.out and "worker processes were lost" in captured.out
    assert captured.err.strip().splitlines()[-1].startswith("stopped: a worker process ended abruptly again")
