"""The command line as a released program: --version, help for everything, bounds, broken pipes, consoles that
cannot encode the games' names."""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import piratetable
from piratetable import cli


def run(*args, env_extra=None, **kw):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "piratetable", *args], capture_output=True, text=True,
                          env=env, timeout=120, **kw)


def test_version_comes_from_the_package():
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"piratetable {piratetable.__version__}"
    assert cli.version() == piratetable.__version__


def _parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_command_and_option_has_help():
    parser = cli.build_parser()
    commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)][0]
    assert {"validate", "scenario", "simulate"} <= set(commands.choices)
    assert all(c.help for c in commands._choices_actions)
    for p in _parsers(parser):
        for action in p._actions:
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"{p.prog}: {action.dest} has no help"
    text = parser.format_help()
    for gid in ("piraten_kapern", "piratz", "pirataki", "petrangola"):
        assert gid in text
    for name in commands.choices:
        assert run(name, "--help").returncode == 0


def test_help_shows_defaults():
    sim = run("simulate", "--help").stdout
    assert "(default: 100)" in sim and "(default: 1)" in sim


@pytest.mark.parametrize("args, says", [
    (["--smoke", "-5"], "--smoke: must be at least 1"),
    (["--smoke", "0"], "--smoke: must be at least 1"),
    (["--smoke", "x"], "not a whole number"),
    (["simulate", "--game", "piratz", "--players", "2", "--jobs", "-3"], "--jobs"),
    (["simulate", "--game", "piratz", "--players", "2", "--games", "0"], "--games"),
])
def test_bounds_are_usage_errors(args, says):
    out = run(*args)
    assert out.returncode == 2, out.stderr
    assert says in out.stderr and "Traceback" not in out.stderr


def test_unknown_game_lists_the_ids_and_guesses():
    out = run("simulate", "--game", "pirats", "--players", "2", "--games", "1")
    assert out.returncode in (1, 2) and "Traceback" not in out.stderr
    assert "unknown game 'pirats'" in out.stderr and "did you mean 'piratz'" in out.stderr
    assert "piraten_kapern" in out.stderr and "petrangola" in out.stderr


def test_a_closed_pipe_is_not_a_traceback(tmp_path):
    read, write = os.pipe()
    os.close(read)                       # the reader is gone before the first line: every write fails
    try:
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        out = subprocess.run([sys.executable, "-m", "piratetable", "validate"], stdout=write,
                             stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    finally:
        os.close(write)
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr, out.stderr
    assert out.returncode == 141


def test_a_console_that_cannot_encode_cyrillic():
    out = run("validate", env_extra={"PYTHONIOENCODING": "cp1252"}, encoding="cp1252")
    assert out.returncode == 0, out.stderr
    assert "Pirataki (?????????)" in out.stdout and "Traceback" not in out.stderr


# --- text from files reaches the terminal escaped (issue 26) ----------------------------------------------------
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")   # what a terminal would act on


def test_config_and_file_name_text_never_reaches_the_terminal_raw(tmp_path):
    home = tmp_path / "home"
    (home / "configs").mkdir(parents=True)
    shipped = (Path(__file__).resolve().parent.parent / "configs" / "piratz.yaml").read_text(encoding="utf-8")
    hostile = home / "configs" / "piratz_\x1b]0;pwned\x07.yaml"        # a valid config with a hostile name
    hostile.write_text(shipped, encoding="utf-8")
    titled = tmp_path / "titled.yaml"                                   # a hostile title
    titled.write_text(shipped.replace("title: Piratz", 'title: "\\e[31mRED\\e[0m\\e]0;pwned\\a\\0"'), encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text('game: piratz\nplayers: 3\n"\\e[2Jx": 1\nsteps: []\n', encoding="utf-8")
    env = {"PIRATETABLE_HOME": str(home)}
    outs = [run("validate", env_extra=env), run("validate", str(titled), env_extra=env),
            run("simulate", "--game", "piratz", "--players", "2", "--games", "2", "--config", hostile.name,
                "--progress", "none", env_extra=env),
            run("scenario", str(scenario), env_extra=env)]
    for out in outs:
        assert "Traceback" not in out.stderr and not RAW_CONTROL.search(out.stdout + out.stderr), out
    assert "piratz_\\x1b]0;pwned\\x07.yaml" in outs[0].stdout and outs[0].returncode == 0
    assert re.search(r"titled\.yaml:\d+:\d+: title: holds the control character '\\x1b'", outs[1].stderr)
    assert "user:\\x1b]0;pwned\\x07" in outs[2].stdout and outs[2].returncode == 0
    assert "\\x1b[2Jx: unknown key" in outs[3].stdout and outs[3].returncode == 1


# --- sweep's output folder, a worker process killed (issue 26) ---------------------------------------------------
SWEEP = ["sweep", "--game", "piratz", "--players", "2", "--games", "2", "--set", "rules.rats_must_take=true,false",
         "--no-plots", "--progress", "none"]


@pytest.mark.parametrize("where,says", [
    ("file", "is a file, not a folder"),
    ("file/sub", "a part of the path is a file, not a folder"),
    ("/proc/self/nowhere/out", "cannot be made or written to"),
])
def test_sweep_refuses_an_out_dir_it_cannot_write_in_before_playing(tmp_path, where, says):
    if where.startswith("/proc") and not Path("/proc/self").exists():
        pytest.skip("no /proc")
    (tmp_path / "file").write_text("mine", encoding="utf-8")
    out = run(*SWEEP, "--out-dir", where if where.startswith("/") else str(tmp_path / where))
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert re.fullmatch(rf"piratetable sweep: error: --out-dir \S+: {says}.*\n", out.stderr), out.stderr
    assert out.stdout == "" and (tmp_path / "file").read_text(encoding="utf-8") == "mine"


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system, from /proc); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _kill_workers(proc, times: int) -> int:
    """SIGKILL a worker process of `proc` `times` times (each time once a new one runs and has played a
    little: 0.3 s of its own CPU, whatever the machine's load — a fixed wait let a loaded machine kill both
    workers before any game finished, and the run then rightly had no summary to give); how many were
    killed."""
    import signal
    import time
    killed, seen = 0, set()
    deadline = time.monotonic() + 100
    while killed < times and proc.poll() is None and time.monotonic() < deadline:
        # a new worker that has played a little (the run's other children, its resource tracker, never do)
        workers = [p for p in _children(proc.pid) if p not in seen and _cpu_seconds(p) >= 0.3]
        if len(workers) >= 1:
            seen.update(_children(proc.pid))
            try:
                os.kill(workers[0], signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                continue
        time.sleep(0.05)
    return killed


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform != "linux",
                                reason="finds the worker processes in /proc")


@needs_proc
@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_killed_worker_is_replaced_and_the_run_reports_every_game(tmp_path, command):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    args = ["--game", "piraten_kapern", "--players", "2", "--bots", "easy", "--jobs", "2", "--progress", "none"]
    if command == "simulate":
        args += ["--games", "4000"]         # about 2 s of work a core: time to find a worker and kill it
        total = 4000
    else:
        args += ["--games", "1500", "--set", "rules.target=6000,8000", "--no-plots", "--out-dir", str(tmp_path)]
        total = 3000
    proc = subprocess.Popen([sys.executable, "-m", "piratetable", command, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        killed = _kill_workers(proc, 1)
        out, err = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert killed == 1, "the run ended before a worker could be killed"
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "a worker process ended abruptly (killed, or out of memory?)" in err and "played again" in err
    if command == "simulate":
        assert f"{total} games," in out and "INTERRUPTED" not in out and "STOPPED" not in out
    else:
        assert sum(1 for _ in (tmp_path / "records.csv").open(encoding="utf-8")) == total + 1


@needs_proc
def test_workers_killed_again_stop_the_run_with_the_summary_of_the_finished_games():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "-m", "piratetable", "simulate", "--game", "piraten_kapern",
                             "--players", "2", "--bots", "easy", "--games", "6000", "--jobs", "2", "--progress",
                             "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        killed = _kill_workers(proc, 2)
        out, err = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert killed == 2, "the run ended before two workers could be killed"
    assert proc.returncode == 1 and "Traceback" not in err, err
    assert re.search(r"STOPPED: the summary covers the \d+ of 6000 games that finished", out), out
    last = err.strip().splitlines()[-1]
    assert last.startswith("stopped: a worker process ended abruptly again") and "of 6000 games" in last
