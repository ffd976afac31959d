"""Memory of the app over a long bots-only session: RSS of the app process and of the bot worker process.

The app runs as a person's would (a real window under Xvfb or a desktop if DISPLAY is set, else the SDL dummy
driver; 1280x720; the real loop's pacing at 60 frames a second; normal speed, so every move is animated) at a
Petrangola table of 12 seats, all bots. A bots-only game ends at the results; two seconds later the next game
starts as when a person presses "Play again", so the run is continuous play. Every `--every` seconds (30) a line
gives the minutes played, the RSS of the app and of the bot worker (a separate process: its own line), the games
and moves so far and the bytes held by the drawing caches (`art.cached`, the text cache and its store of the
moment). First the RSS on the title is printed, then the table's; at the end the growth from the first table line
(after a minute's warm-up) to the last, the range from the first minute to the end (flat: at most 10 MiB) and
the range over the second half of the run; with `--trace`, tracemalloc's top growing allocation
sites of the app process between that first line and the end (Python's own allocations only: the pixels of
surfaces are SDL's; tracing slows the app down, so the RSS figures of a traced run are not comparable).

Run:  .venv/bin/python benchmarks/memory.py [--minutes 30] [--every 30] [--game petrangola] [--seats 12]
      [--level normal] [--trace] [--quick]
`--quick`: 6 seconds, a line every 2 s (the figures mean little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PIRATETABLE_HOME", tempfile.mkdtemp(prefix="pt-bench-"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.match import Match, Seat  # noqa: E402
from piratetable.ui import art, bots  # noqa: E402
from piratetable.ui.app import App  # noqa: E402
from piratetable.ui.scenes.results import ResultsScene  # noqa: E402
from piratetable.ui.scenes.table import TableScene  # noqa: E402
from piratetable.ui.settings import Settings  # noqa: E402
from piratetable.ui.text import TEXT  # noqa: E402

QUICK = {"minutes": 0.1, "every": 2.0}   # --quick
PLAY_AGAIN_AFTER = 2.0                    # seconds the results show before "Play again" is pressed


def rss_mib(pid: int | str = "self") -> float | None:
    """The resident set size of a process in MiB (Linux /proc), None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


def worker_pid() -> int | None:
    """The bot worker process's id (the pool's one process), if it runs."""
    pool = bots._procs
    procs = getattr(pool, "_processes", None) or {}
    return next(iter(procs), None)


def cache_mib(cache) -> str:
    held = getattr(cache, "bytes", None)   # (a count only before the caches were bounded by bytes)
    return f"{len(cache)} items" if held is None else f"{held / 2**20:.1f} MiB in {len(cache)}"


def passing_mib(text) -> str:
    """The bytes in the text store of the moment (`TextCache.passing`), where there is one."""
    passing = getattr(text, "passing", None)
    return "n/a" if passing is None else f"{passing.bytes / 2**20:.1f} MiB"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--every", type=float, default=30.0, help="seconds between two lines (default 30)")
    ap.add_argument("--game", default="petrangola")
    ap.add_argument("--seats", type=int, default=12)
    ap.add_argument("--level", default="normal", help="every seat's bot level (default normal)")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--trace", action="store_true", help="tracemalloc's top growing allocation sites at the end")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--minutes {a.minutes} --every {a.every}")
    if args.trace:
        tracemalloc.start(12)
    print(f"video driver: {'DISPLAY=' + os.environ['DISPLAY'] if os.environ.get('DISPLAY') else 'SDL dummy'}; "
          f"{args.seats} {args.level} bots at {args.game}, normal speed, {args.minutes:g} minutes")
    app = App(size=(1280, 720), settings=Settings(speed="normal"))
    try:
        for _ in range(30):                      # half a second of the title, drawn
            app.dirty = True
            app.step(app.clock.tick(60) / 1000.0)
        print(f"title: app RSS {rss_mib():.1f} MiB")
        cfg = load_config(args.game)
        match = Match(cfg, [Seat(f"Bot {i + 1}", args.level) for i in range(args.seats)], seed=args.seed)
        app.reset_to(TableScene(app, match))
        start = time.monotonic()
        end = start + args.minutes * 60
        next_line = start
        games, moves_before, results_at = 0, 0, None
        first: tuple[float, float | None] | None = None
        last: tuple[float, float | None] | None = None
        snapshot = None
        lines: list[tuple[float, float | None, float | None]] = []
        print(" minutes   app MiB   worker MiB   games   moves   art cache            text cache + of the moment")
        while time.monotonic() < end and app.running:
            app.step(min(app.clock.tick(60) / 1000.0, 0.25))
            top = app.top
            if isinstance(top, TableScene):
                match = top.match
            elif isinstance(top, ResultsScene):
                if results_at is None:
                    results_at = time.monotonic()
                elif time.monotonic() - results_at >= PLAY_AGAIN_AFTER:
                    moves_before += top.match.moves
                    games += 1
                    results_at = None
                    top.start_rematch()
            else:
                raise SystemExit(f"the app left the table: {type(top).__name__} is at the screen")
            now = time.monotonic()
            if now >= next_line:
                next_line += args.every
                app_rss, w_pid = rss_mib(), worker_pid()
                w_rss = rss_mib(w_pid) if w_pid else None
                minutes = (now - start) / 60
                print(f"{minutes:8.1f}   {app_rss:7.1f}   {w_rss if w_rss is not None else float('nan'):10.1f}"
                      f"   {games:5d}   {moves_before + match.moves:5d}   {cache_mib(art.cached):<20} "
                      f"{cache_mib(TEXT.cache)} + {passing_mib(TEXT)}", flush=True)
                if first is None and (minutes >= 1.0 or args.minutes < 2):
                    first = (app_rss, w_rss)
                    if args.trace:
                        snapshot = tracemalloc.take_snapshot()
                last = (app_rss, w_rss)
                lines.append((minutes, app_rss, w_rss))
        if first and last:
            grow = [f"{b - a:+.1f} MiB" if a is not None and b is not None else "n/a" for a, b in zip(first, last)]
            print(f"from the first line after warm-up to the last: app {grow[0]}, bot worker {grow[1]}")
        settled = [row[1] for row in lines if row[0] >= 1.0 and row[1] is not None]
        if settled:
            print(f"from the 1st minute to the end: app RSS {min(settled):.1f}-{max(settled):.1f} MiB "
                  f"(a range of {max(settled) - min(settled):.1f} MiB; flat: at most 10)")
        if len(lines) >= 4:
            half = [row for row in lines if row[0] >= lines[-1][0] / 2]
            apps = [row[1] for row in half if row[1] is not None]
            print(f"over the second half ({half[0][0]:.1f}-{half[-1][0]:.1f} min): app RSS {min(apps):.1f}-"
                  f"{max(apps):.1f} MiB, {half[-1][1] - half[0][1]:+.1f} MiB from its first line to its last")
        if snapshot is not None:
            print("tracemalloc, the app's top growing allocation sites since that line:")
            for stat in tracemalloc.take_snapshot().compare_to(snapshot, "lineno")[:15]:
                print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  {stat.traceback}")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
