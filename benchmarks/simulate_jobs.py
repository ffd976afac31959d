"""How `simulate --jobs N` scales on this machine: wall time for 1 and N worker processes, the parent's CPU and
each worker's CPU and games, and whether both gave the same per-game records (the chunking should keep every worker busy to the end: equal CPU shares).

Run: .venv/bin/python benchmarks/simulate_jobs.py [--game piratz] [--players 3] [--bots normal] [--games 600]
     [--jobs 2] [--quick]
Prints figures; nothing here is a test. Quote it on a machine with N free cores. `--quick`: 4 games (a few
seconds; the figures mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.lab.simulate import run_simulation  # noqa: E402

QUICK = {"games": 4}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="piratz")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = ap.parse_args(argv)
    if args.quick:
        ap.set_defaults(**QUICK)
        args = ap.parse_args(argv)
        print(f"quick run (--games {args.games}): the figures mean little")
    print(f"{args.game}, {args.players} players, bots {args.bots}, {args.games} games; {os.cpu_count()} CPUs")
    runs = {}
    for jobs in (1, args.jobs):
        r = run_simulation(args.game, args.players, args.games, args.seed, bots=args.bots, jobs=jobs,
                           keep_records=True)
        runs[jobs] = r
        workers = ", ".join(f"pid {w['pid']}: {w['cpu']:.2f} s CPU, {w['games']} games" for w in r["workers"])
        print(f"--jobs {jobs}: {r['seconds']:.2f} s wall; parent {r['parent_cpu']:.2f} s CPU; {workers}")
    one, many = runs[1], runs[args.jobs]
    same = one["records"] == many["records"] and one["per_player"] == many["per_player"]
    print(f"speed-up with {args.jobs} jobs: {one['seconds'] / many['seconds']:.2f}× "
          f"(the same figures: {'yes' if same else 'NO'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
