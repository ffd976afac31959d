"""The `piratetable` command: validate, scenario, simulate, the pygame-ce check, no-display behaviour."""
import json
import subprocess
import sys
import types

from piratetable import cli


def run_cli(*args, env_extra=None, home=None):
    import os
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    if env_extra:
        env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "piratetable", *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_validate_checks_every_shipped_config_and_passes():
    out = run_cli("validate")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("ok ") >= 5


def test_validate_reports_a_broken_file_with_its_position_and_fails(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: piraten_kapern\ntitle: X\ntitle: Y\n")
    out = run_cli("validate", str(bad))
    assert out.returncode == 1
    assert f"{bad}:3:1: duplicate key 'title'" in out.stderr
    assert "Traceback" not in out.stderr


def test_validate_lists_a_broken_user_config_without_crashing(piratetable_home):
    folder = piratetable_home / "configs"
    folder.mkdir()
    (folder / "mine.yaml").write_text("game: piratz\ntitle: [\n")
    out = run_cli("validate")
    assert out.returncode == 1 and "mine.yaml:" in out.stderr and "Traceback" not in out.stderr


def test_scenario_command_reports_pass_and_fail_and_sets_the_exit_code(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("game: piraten_kapern\nplayers: 2\nsteps:\n  - roll\n  - expect: {rolls: 1}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: piraten_kapern\nplayers: 2\nsteps:\n  - expect: {rolls: 5}\n")
    out = run_cli("scenario", str(good), str(bad))
    assert out.returncode == 1
    assert "PASS" in out.stdout and "FAIL" in out.stdout and "rolls: expected 5, got 0" in out.stdout
    assert "1 passed, 1 failed" in out.stdout


def test_simulate_prints_json_with_win_rates_and_intervals():
    out = run_cli("simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "easy,normal",
                  "--games", "6", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 6 and len(report["per_player"]) == 2
    for p in report["per_player"]:
        lo, hi = p["ci95"]
        assert 0 <= lo <= p["win_rate"] <= hi <= 1


def test_simulate_with_jobs_gives_the_same_result_as_one_process():
    base = ["simulate", "--game", "piraten_kapern", "--players", "3", "--bots", "easy", "--games", "4",
            "--seed", "9", "--json"]
    one = json.loads(run_cli(*base).stdout)
    two = json.loads(run_cli(*base, "--jobs", "2").stdout)
    assert one["per_player"] == two["per_player"] and one["mean_length"] == two["mean_length"]


def test_simulate_refuses_an_unknown_level_with_one_line():
    out = run_cli("simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "genius", "--games", "1")
    assert out.returncode == 1 and "unknown level 'genius'" in out.stderr and "Traceback" not in out.stderr


def test_plain_pygame_is_detected_with_a_one_line_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", types.SimpleNamespace())
    assert cli.check_pygame_ce() == cli.PYGAME_FIX
    assert "pip uninstall -y pygame" in cli.PYGAME_FIX


def test_without_a_display_the_app_explains_instead_of_hanging():
    out = run_cli(env_extra={"SDL_VIDEODRIVER": ""})
    assert out.returncode == 2 and "No display" in out.stderr


def test_smoke_run_exits_zero_headless():
    out = run_cli("--smoke", "30")
    assert out.returncode == 0, out.stderr[-2000:]


def test_simulate_piped_shows_progress_lines_with_rate_and_eta():
    out = run_cli("simulate", "--game", "piraten_kapern", "--players", "2", "--bots", "random", "--games", "4")
    assert out.returncode == 0, out.stderr
    assert "progress: 4/4 games (100%)" in out.stderr and "games/s" in out.stderr and "ETA" in out.stderr
    assert "95% Wilson" in out.stdout and "first-seat advantage" in out.stdout


def test_sweep_help_lists_its_options_with_defaults():
    out = run_cli("sweep", "--help")
    assert out.returncode == 0 and "--set KEY=VALUES" in out.stdout and "(default: sweep-out)" in out.stdout


def _user_configs(home, n: int, broken: int = 0):
    from pathlib import Path

    from piratetable.config.loader import load_config
    text = Path(load_config("piraten_kapern").path).read_text(encoding="utf-8")
    folder = home / "configs"
    folder.mkdir(exist_ok=True)
    for i in range(n):
        (folder / f"mine{i:03d}.yaml").write_text(text if i >= broken else text + "title: again\n",
                                                  encoding="utf-8")


def test_validate_of_many_files_keeps_one_config_at_a_time_and_shows_its_progress(piratetable_home, monkeypatch,
                                                                                  capsys):
    """Issue 26: 5,000 user configs took `validate` to 288 MB (every checked config was kept) with no sign of
    progress. A checked config is dropped before the next is read, and a long run says how far it is."""
    import weakref

    from piratetable.config import loader
    _user_configs(piratetable_home, 40)
    real = loader.load_config_file
    alive: list = []
    most = [0]

    def load(path, variant=None):
        most[0] = max(most[0], sum(ref() is not None for ref in alive))
        cfg = real(path, variant)
        alive.append(weakref.ref(cfg))
        return cfg
    monkeypatch.setattr(loader, "load_config_file", load)
    monkeypatch.setattr(cli, "VALIDATE_PROGRESS_AFTER", 0.0, raising=False)   # a quick run: shown anyway
    assert cli.main(["validate"]) == 0
    out, err = capsys.readouterr()
    total = len(alive)
    assert total >= 45 and out.count("ok ") == total
    assert most[0] <= 2, f"{most[0]} checked configs were still in memory"
    assert f"progress: {total}/{total} files (100%)" in err      # piped: plain lines


def test_validate_on_a_terminal_shows_a_bar_that_never_cuts_into_a_line(piratetable_home, monkeypatch):
    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True
    _user_configs(piratetable_home, 6, broken=2)
    err, out = Tty(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(cli, "VALIDATE_PROGRESS_AFTER", 0.0, raising=False)
    assert cli.main(["validate"]) == 1
    text = err.getvalue()
    assert "\r[" in text and " files (" in text                   # a live bar on the terminal
    for name in ("mine000.yaml", "mine001.yaml"):                  # each message starts on a line of its own:
        at = text.index(f"{name}:")                                # the bar was taken off it first
        line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
        assert not text[line_start:at].strip() or text[line_start:at].startswith("/"), text[line_start - 80:at]
    assert "2 config file(s) have errors" in text and out.getvalue().count("ok ") >= 4


def test_a_quick_validate_prints_no_progress():
    out = run_cli("validate")
    assert out.returncode == 0 and "progress" not in out.stderr and "\r" not in out.stderr
