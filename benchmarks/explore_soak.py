#!/usr/bin/env python3
"""The table explorer's soak: the suite's explorer (tests/explorer) for as long as it is given, with fresh seeds.

Runs the explorer's machines game after game — below the screen for every registered game, and (with --screens)
at the screen, drawn by the app at every window size, text scale and language — until the time is up. Prints
per minute how many positions were explored and how many looks checked, and at the end every failure found
(Hypothesis shrinks each first) with its reproducer: one line of JSON naming the game, config, rule options,
seats, seed, the moves and the look; `--repro 'JSON'` runs that look again. Exits 1 when something failed.

    .venv/bin/python benchmarks/explore_soak.py --minutes 30 --screens
    .venv/bin/python benchmarks/explore_soak.py --repro '{"game": "piraten_kapern", ...}'

Needs the test extra (Hypothesis): `.venv/bin/pip install '.[test]'`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from piratetable.preflight import require_libraries  # noqa: E402

require_libraries(__file__)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--minutes", type=float, default=30.0, help="how long to explore")
    ap.add_argument("--games", default="", help="game ids, comma-separated (default: every registered game)")
    ap.add_argument("--screens", action="store_true", help="also draw the positions with the app (slower)")
    ap.add_argument("--examples", type=int, default=20, help="matches per batch (one batch: one game)")
    ap.add_argument("--steps", type=int, default=40, help="the most steps (plays and looks) in one match")
    ap.add_argument("--quick", action="store_true", help="a few seconds: one small batch per game")
    ap.add_argument("--repro", metavar="JSON", help="run a failure's look again (the line the soak printed)")
    args = ap.parse_args(argv)
    os.environ.setdefault("PIRATETABLE_HOME", tempfile.mkdtemp(prefix="piratetable-soak-"))

    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.stateful import run_state_machine_as_test

    from piratetable.engine.registry import game_ids
    from tests.explorer.machine import STATS, TableExplorer, explorer, reproduce
    from tests.explorer.screen import ScreenExplorer, close_app

    if args.repro:
        try:
            json.loads(args.repro)
        except ValueError as exc:
            print(f"--repro: not the JSON line a failure printed ({exc}); copy the whole line, from {{ to }}",
                  file=sys.stderr)
            return 2
        try:
            reproduce(args.repro, bases=(TableExplorer, ScreenExplorer))
        except AssertionError as exc:
            print(f"still fails: {exc}")
            return 1
        finally:
            close_app()
        print("passes now")
        return 0

    games = [g for g in args.games.split(",") if g] or game_ids()
    if args.quick:
        args.minutes, args.examples, args.steps = 0.0, 3, 12
    bases = [TableExplorer] + ([ScreenExplorer] if args.screens else [])
    found: dict[str, str] = {}
    start = time.monotonic()
    cpu0 = time.process_time()
    deadline = start + args.minutes * 60
    last_report = start
    batches = 0
    print(f"exploring {', '.join(games)} for {args.minutes:g} minutes"
          f"{' (with screens)' if args.screens else ''}; {args.examples} matches a batch, {args.steps} steps each",
          flush=True)
    try:
        while True:
            for base in bases:
                for gid in games:
                    machine = explorer([gid], base=base)
                    options = settings(max_examples=args.examples, stateful_step_count=args.steps, deadline=None,
                                       database=None, derandomize=False, suppress_health_check=list(HealthCheck),
                                       phases=[Phase.generate, Phase.shrink], print_blob=False)
                    try:
                        run_state_machine_as_test(machine, settings=options)
                    except Exception as exc:  # noqa: BLE001 (any failure is reported at the end; the soak goes on)
                        for one in getattr(exc, "exceptions", [exc]):
                            key = f"{base.__name__} {gid} {type(one).__name__}"
                            if key not in found:
                                notes = "\n".join(getattr(one, "__notes__", []))
                                found[key] = f"{one}\n{notes}" if notes else "".join(
                                    traceback.format_exception(one))[-4000:]
                                print(f"FAILURE {key}: {str(one)[:300]}", flush=True)
                    batches += 1
                    now = time.monotonic()
                    if now - last_report >= 60 or args.quick:
                        minutes = max((now - start) / 60, 1e-9)
                        print(f"{minutes:6.1f} min: {STATS['positions']} positions, {STATS['checks']} looks, "
                              f"{STATS['screens']} screens drawn, {STATS['moves']} moves "
                              f"({STATS['positions'] / minutes:.0f} positions and {STATS['checks'] / minutes:.0f} "
                              f"looks a minute); {len(found)} failures", flush=True)
                        last_report = now
            if time.monotonic() >= deadline:
                break
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        close_app()
    minutes = (time.monotonic() - start) / 60
    cpu = time.process_time() - cpu0
    print(f"\n{minutes:.1f} min ({cpu / 60:.1f} CPU min), {batches} batches: {STATS['positions']} positions explored, "
          f"{STATS['checks']} looks checked, {STATS['screens']} screens drawn, {STATS['moves']} moves played; "
          f"{len(found)} distinct failures")
    phases = {k: v for k, v in STATS.items() if k.startswith("phase ") or k == "over"}
    if phases:
        print("looks by phase: " + ", ".join(f"{k.replace('phase ', '')} {v}" for k, v in sorted(phases.items())))
    for key, text in found.items():
        print(f"\n=== {key}\n{text}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
