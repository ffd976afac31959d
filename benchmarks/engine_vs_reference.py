"""Piraten Kapern random play through the project's public path against a bare-loop reference.

The engine side runs `piratetable simulate --game piraten_kapern --bots random` as a separate process, for 1 game
and for many; the reference (a pure-Python program of the same rules and policy, outside this repository:
pass its path) runs for 1 game and for many too. CPU seconds of each child process are measured
(resource.getrusage), so the figures hold on a busy machine, and the 1-game run is subtracted (start-up: imports,
config, the interpreter). Prints CPU per game for both and their ratio; nothing here is a test.

Run: .venv/bin/python benchmarks/engine_vs_reference.py --reference PATH/pk_bare.py [--players 2,4] [--games 1200]
     [--ref-games 6000] [--mode lean|exact] [--repeat 3] [--quick]

`--quick` plays few games once each (a few seconds; the figures mean little), 2 players; it needs no reference:
without `--reference` it measures the engine side only. tests/test_benchmarks.py runs it.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

ROOT = Path(__file__).resolve().parent.parent


def cpu_of(cmd: list[str]) -> float:
    """CPU seconds (user + system) of one child process running `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                   env={**os.environ, "PYTHONHASHSEED": "0"})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def per_game(cmd_for, many: int, repeat: int) -> float:
    """CPU seconds per game with start-up subtracted: (cpu(many) - cpu(1)) / (many - 1), best of `repeat`."""
    one = min(cpu_of(cmd_for(1)) for _ in range(repeat))
    lots = min(cpu_of(cmd_for(many)) for _ in range(repeat))
    return max(1e-9, lots - one) / (many - 1)


QUICK = {"players": "2", "games": 40, "ref_games": 200, "repeat": 1}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reference", help="path of the bare-loop reference program (pk_bare.py; needed unless --quick)")
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated (default 2,4)")
    ap.add_argument("--games", type=int, default=1200, help="engine games per run (default 1200)")
    ap.add_argument("--ref-games", type=int, default=6000, help="reference games per run (default 6000)")
    ap.add_argument("--mode", choices=("lean", "exact"), default="exact",
                    help="the reference's mode: exact plays the same draws as the random bot (default)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each, the fastest counts (default 3)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items())
                    + " unless given; without --reference, the engine side only")
    args = parse_quick(ap, argv, QUICK, lambda a: f"{a.games} engine games, {a.repeat} run each")
    if args.reference is None and not args.quick:
        ap.error("--reference PATH is needed (the bare-loop reference program); --quick runs without it")
    ref = None if args.reference is None else Path(args.reference).resolve()
    if ref is not None and not ref.is_file():
        print(f"no reference program at {ref}", file=sys.stderr)
        return 2
    py = sys.executable
    print(f"Piraten Kapern, random play, CPU seconds per game (start-up subtracted, best of {args.repeat})")
    if ref is None:
        print("no --reference given: the engine side only")
    print(f"{'players':>7}  {'engine':>10}  {'reference':>10}  {'engine speed / reference':>24}")
    for players in (int(p) for p in args.players.split(",")):
        engine = per_game(lambda n, players=players: [py, "-m", "piratetable", "simulate", "--game", "piraten_kapern",
                                     "--players", str(players), "--bots", "random", "--games", str(n),
                                     "--seed", "1", "--json"], args.games, args.repeat)
        if ref is None:
            print(f"{players:>7}  {engine * 1000:>8.3f}ms  {'-':>10}  {'-':>24}")
            continue
        reference = per_game(lambda n, players=players: [py, str(ref), "--games", str(n), "--players", str(players),
                                        "--mode", args.mode], args.ref_games, args.repeat)
        print(f"{players:>7}  {engine * 1000:>8.3f}ms  {reference * 1000:>8.3f}ms  {reference / engine:>24.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
