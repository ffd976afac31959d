"""Frame time of the table scene for Piraten Kapern (SDL dummy driver, 1280x720, software rendering).

Run:  .venv/bin/python benchmarks/ui_frame_time.py [--frames 600] [--quick]
Prints mean and 95th-percentile time of a full frame (events, update, draw, flip) in these situations:
the table at rest, dice tumbling (an animation every frame), a bot game at instant speed, and the tables of the
card games while `hard` bots think. `--quick`: 20 frames of each, the bot game paced and cut after 5 moves (a few
seconds; the figures mean little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

import tempfile  # noqa: E402

os.environ.setdefault("PIRATETABLE_HOME", tempfile.mkdtemp(prefix="pt-bench-"))

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.match import Match, Seat  # noqa: E402
from piratetable.ui.app import App  # noqa: E402
from piratetable.ui.scenes.table import TableScene  # noqa: E402
from piratetable.ui.settings import Settings  # noqa: E402


def timed_frames(app, frames: int, force_draw: bool = True, before=None, paced: bool = False,
                 cpu: list | None = None) -> list[float]:
    """Wall-clock milliseconds per frame. `paced`: rest until the next 1/60 s as the real loop does in
    `clock.tick` (the bot's executor threads get the interpreter lock then). `cpu`: also collect this thread's
    CPU milliseconds per frame — what the frame cost the app, whatever else the machine was doing."""
    out = []
    for i in range(frames):
        if before:
            before(i)
        if force_draw:
            app.dirty = True  # a full redraw this frame, as when something moves
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        spent = time.perf_counter() - t0
        out.append(spent * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c0) * 1000)
        if paced and spent < 1 / 60:
            time.sleep(1 / 60 - spent)
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"{name:<34} mean {statistics.fmean(ms):6.2f} ms   p95 {p95:6.2f} ms   max {ms[-1]:6.2f} ms"
          f"   ({len(ms)} frames)")


QUICK = {"frames": 20}   # --quick


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"--frames {a.frames}, the bot game paced and cut after 5 moves")
    cfg = load_config("piraten_kapern")

    app = App(size=(1280, 720), settings=Settings(speed="normal"))
    match = Match(cfg, [Seat("Anna"), Seat("Blackbeard", "normal"), Seat("Mary", "easy")], seed=5)
    match.play("roll")
    app.reset_to(TableScene(app, match))
    for _ in range(5):
        app.step(1 / 60)
    table = app.top
    report("table at rest (redraw forced)", timed_frames(app, args.frames))

    def reroll(i):
        if not table.renderer.busy() and match.current == 0 and table.view.get("phase") == "choose":
            rollable = table.view.get("rollable") or []
            if len(rollable) >= 2:
                table.play(f"reroll {' '.join(map(str, rollable))}")
    report("dice tumbling + bots (normal)", timed_frames(app, args.frames, before=reroll))
    app.close()

    app = App(size=(1280, 720), settings=Settings(speed="instant"))
    match = Match(cfg, [Seat("Blackbeard", "normal"), Seat("Mary", "easy"), Seat("Anne", "normal")], seed=7)
    app.reset_to(TableScene(app, match))
    print(f"the table's first frame {timed_frames(app, 1, force_draw=False)[0]:.1f} ms")
    ms = []
    while not match.over and len(ms) < 20000 and not (args.quick and match.moves >= 5):
        ms += timed_frames(app, 1, force_draw=False, paced=args.quick)
    report("bot game at instant speed", ms)
    print(f"  frames over 20 ms: {sum(1 for m in ms if m > 20)}")
    print(f"  ({match.moves} actions; each frame applies at most one move and autosaves it)")
    app.close()

    # Frames drawn while a slow bot thinks (a search bot of a card game, in the worker process).
    from piratetable.engine.registry import game_class
    for gid in ("piratz", "petrangola", "pirataki"):
        gcfg = load_config(gid)
        if "hard" not in game_class(gid).bot_levels:
            continue
        app = App(size=(1280, 720), settings=Settings(speed="fast"))
        n = max(gcfg.players_min, 3) if gid == "petrangola" else gcfg.players_min
        match = Match(gcfg, [Seat("Anna")] + [Seat(f"Bot {i}", "hard") for i in range(1, n)], seed=3)
        while match.current == 0 and not match.over:
            match.play(match.legal()[0])
        app.reset_to(TableScene(app, match))
        first = timed_frames(app, 1)[0]  # the table opens: fonts, art and the seat panels are built once
        print(f"{gid}: the table's first frame {first:.1f} ms")
        cpu: list[float] = []
        ms = timed_frames(app, min(args.frames, 300), paced=True, cpu=cpu)
        report(f"{gid}: hard bots thinking (redraw)", ms)
        report(f"{gid}:   the same frames, CPU of the UI", cpu)
        print(f"  ({len(match.history)} actions so far; frames over 20 ms: {sum(1 for m in ms if m > 20)} by the "
              f"clock, {sum(1 for m in cpu if m > 20)} by the UI thread's CPU time)")
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
