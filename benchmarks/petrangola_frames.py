"""Frame time of the Petrangola table while bots think on the worker thread (SDL dummy driver, software
rendering): 12 `hard` bots at normal speed at 1280x720 (the table shows seat 0).

Run:  .venv/bin/python benchmarks/petrangola_frames.py [--frames 900] [--players 12] [--level hard] [--quick]
Prints the mean, 95th percentile and worst frame (events, update, draw, flip) and how many moves were made.
`--quick`: 30 frames (half a second; the figures mean little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PIRATETABLE_HOME", tempfile.mkdtemp(prefix="pt-bench-"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.match import Match, Seat  # noqa: E402
from piratetable.ui.app import App  # noqa: E402
from piratetable.ui.scenes.table import TableScene  # noqa: E402
from piratetable.ui.settings import Settings  # noqa: E402

QUICK = {"frames": 30}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=900)
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--frames {a.frames}")
    app = App(settings=Settings(speed="normal"))
    try:
        seats = [Seat(f"Bot {i}", args.level) for i in range(args.players)]
        match = Match(load_config("petrangola"), seats, seed=3)
        app.reset_to(TableScene(app, match))
        for _ in range(3):
            app.step(1 / 60)
        times = []
        for _ in range(args.frames):
            app.dirty = True
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))   # real time passes: the bot thinks
        times.sort()
        print(f"{args.players} seats, {args.level} bots, {len(match.history)} moves in {args.frames} frames:"
              f" mean {statistics.mean(times):.1f} ms, 95th percentile {times[int(0.95 * len(times))]:.1f} ms,"
              f" worst {times[-1]:.1f} ms, {sum(1 for t in times if t > 20)} frames over 20 ms")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
