"""Start-up: process start → the first frame of the title, and → the first frame of a resumed table.

Each run is a fresh `python -m piratetable` process (the SDL dummy video driver unless DISPLAY is set) whose
`pygame.display.flip` is wrapped to note the time of the first frame (and, for the resumed table, of the first
frame after Resume was pressed on the title). Wall time is counted from just before the process is started;
the child's CPU time (`time.process_time`: every thread of the process, from its own start, so the
interpreter's start-up counts too). A saved unfinished game is made first in a temporary home folder. The
children compile into a temporary bytecode cache (PYTHONPYCACHEPREFIX; PYTHONDONTWRITEBYTECODE is dropped) and a
first run of each kind, not counted, fills it: an installed program starts from compiled modules, and compiling
some sixty modules from source would add about 0.14 s of CPU to every run. Prints the figures and the machine's
load average before and after; nothing here is a test.

Run: .venv/bin/python benchmarks/startup.py [--runs 7] [--moves 60] [--quick]
`--quick`: one run of each (a few seconds; the figures mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

CHILD = r"""
import json, os, sys, time
import pygame
marks = {}
real_flip = pygame.display.flip
def flip():
    real_flip()
    now = (time.time(), time.process_time())
    if "title" not in marks:
        marks["title"] = now
        if os.environ.get("PT_BENCH_RESUME"):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    else:
        from piratetable.ui.scenes.table import TableScene
        app = APP[0]
        if "table" not in marks and isinstance(app.top, TableScene):
            marks["table"] = now
    if "title" in marks and ("table" in marks or not os.environ.get("PT_BENCH_RESUME")):
        with open(os.environ["PT_BENCH_OUT"], "w") as fh:
            fh.write(json.dumps(marks))
        os._exit(0)
pygame.display.flip = flip
APP = []
from piratetable.ui import app as app_module
real_init = app_module.App.__init__
def init(self, *a, **k):
    APP.append(self)
    real_init(self, *a, **k)
app_module.App.__init__ = init
sys.argv = ["piratetable", "--smoke", "600"]
from piratetable.cli import main
main(["--smoke", "600"])
"""


def make_save(home: Path, moves: int) -> None:
    sys.path.insert(0, str(ROOT))
    from piratetable import savegame
    from piratetable.bots.base import decide
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    match = Match(load_config("piraten_kapern"), [Seat("Anna"), Seat("Bot", "normal"), Seat("Cleo", "easy")],
                  seed=5)
    while not match.over and len(match.history) < moves:
        seat = match.current
        if seat == 0:
            match.play(match.legal()[-1])
        else:
            match.play(decide(match.game, match.seats[seat].bot, seat, *match.bot_inputs(seat)))
    savegame.save(match, home / "saves" / "autosave.json")


def run(env: dict, resume: bool) -> dict:
    out_file = Path(env["PIRATETABLE_HOME"]) / "bench.json"
    out_file.unlink(missing_ok=True)
    env = dict(env, PT_BENCH_RESUME="1" if resume else "", PT_BENCH_OUT=str(out_file))
    start = time.time()
    # no pipes: the bot worker process the table starts would keep them open after the app is gone
    subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=60)
    if not out_file.is_file():
        raise SystemExit("the app did not report its first frame")
    marks = json.loads(out_file.read_text())
    return {k: (wall - start, cpu) for k, (wall, cpu) in marks.items()}


QUICK = {"runs": 1}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--moves", type=int, default=60, help="moves in the saved game to resume (default 60)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--runs {a.runs}")
    # the table's bot worker may outlive its app for a moment, still writing to the bytecode cache
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        home = Path(tmp)
        make_save(home, args.moves)
        env = dict(os.environ, PIRATETABLE_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONPYCACHEPREFIX=str(home / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not env.get("DISPLAY"):
            env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = env.get("SDL_AUDIODRIVER", "dummy")
        load_before = os.getloadavg()[0]
        run(env, False)   # not counted: fills the bytecode cache
        titles = [run(env, False)["title"] for _ in range(args.runs)]
        run(env, True)
        tables = [run(env, True)["table"] for _ in range(args.runs)]
        load_after = os.getloadavg()[0]
    for name, rows in (("title", titles), (f"resumed table ({args.moves} moves)", tables)):
        walls = sorted(w for w, _ in rows)
        cpus = sorted(c for _, c in rows)
        print(f"first frame of the {name}: wall median {statistics.median(walls):.3f} s (min {walls[0]:.3f}, "
              f"max {walls[-1]:.3f}); CPU median {statistics.median(cpus):.3f} s (min {cpus[0]:.3f}, max {cpus[-1]:.3f})")
    print(f"{args.runs} runs each; load average (1 min) {load_before:.2f} before, {load_after:.2f} after, "
          f"on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
