"""How `simulate --jobs N` scales on this machine: wall time for 1 and N worker processes, the parent's CPU and
each worker's CPU, games, wall seconds busy and when it finished its last unit, and whether both runs gave the
same per-game records. The units are handed out as workers free up, so every worker stays busy until no unit is
left: the workers finish together even when one gets less of the CPU (it then plays fewer games).

Run: .venv/bin/python benchmarks/simulate_jobs.py [--game piratz] [--players 3] [--bots normal] [--games 600]
     [--jobs 2] [--quick]
Prints figures and the load average (1 minute) before and after each run; nothing here is a test. The wall-clock
speed-up needs N free cores: on a busy machine quote the CPU figures and the load. `--quick`: 4 games (a few
seconds; the figures mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

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
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games}")
    print(f"{args.game}, {args.players} players, bots {args.bots}, {args.games} games; {os.cpu_count()} CPUs")
    runs = {}
    # N workers first: they fork from this process, which then has built no game yet (run after --jobs 1 they
    # would inherit its built game and the bots' tables, and look cheaper than they are)
    for jobs in (args.jobs, 1):
        load = os.getloadavg()[0]
        r = run_simulation(args.game, args.players, args.games, args.seed, bots=args.bots, jobs=jobs,
                           keep_records=True)
        runs[jobs] = r
        print(f"--jobs {jobs}: {r['seconds']:.2f} s wall; parent {r['parent_cpu']:.2f} s CPU; load average "
              f"{load:.2f} before, {os.getloadavg()[0]:.2f} after")
        for w in r["workers"]:
            print(f"  pid {w['pid']}: {w['games']} games, {w['cpu']:.2f} s CPU, busy {w['busy']:.2f} s, "
                  f"finished at {w['finished']:.2f} s")
    one, many = runs[1], runs[args.jobs]
    same = one["records"] == many["records"] and one["per_player"] == many["per_player"]
    cpu_one = sum(w["cpu"] for w in one["workers"])
    cpu_many = sum(w["cpu"] for w in many["workers"])
    ends = [w["finished"] for w in many["workers"]]
    print(f"speed-up with {args.jobs} jobs: {one['seconds'] / many['seconds']:.2f}× wall; the workers' CPU "
          f"{cpu_many:.2f} s against {cpu_one:.2f} s in one process ({cpu_many / cpu_one:.2f}×); the workers "
          f"finished within {max(ends) - min(ends):.2f} s of each other (the same figures: {'yes' if same else 'NO'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
