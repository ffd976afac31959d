"""The command line as a released program: --version, help for everything, bounds, broken pipes, consoles that
cannot encode the games' names."""
import argparse
import os
import subprocess
import sys

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
