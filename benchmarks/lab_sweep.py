"""How fast `piratetable sweep` plays a small sweep: games/s (wall) and CPU seconds (this process and every
worker), for --jobs 1, --jobs N and, when Dask is installed, a LocalCluster of N workers — and whether the
three give the same records (they must).

Run: .venv/bin/python benchmarks/lab_sweep.py [--game piraten_kapern] [--players 3] [--bots easy]
         [--set rules.target=4000,6000,8000] [--games 300] [--jobs 2] [--no-cluster] [--quick]
Prints figures; nothing here is a test. Quote the CPU seconds: the wall clock depends on what else runs.
`--quick`: 3 games per cell (a few seconds; the figures mean little; the Dask cluster only when Dask is
installed, as always), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.lab.configs import resolve_config  # noqa: E402
from piratetable.lab.simulate import parse_levels  # noqa: E402
from piratetable.lab.sweep import parse_set, run_sweep  # noqa: E402

QUICK = {"games": 3}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="piraten_kapern")
    ap.add_argument("--config", default=None)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="easy")
    ap.add_argument("--set", dest="sets", action="append", default=None)
    ap.add_argument("--games", type=int, default=300, help="games per cell")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cluster", action="store_true")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games}")
    sets = [parse_set(s) for s in (args.sets or ["rules.target=4000,6000,8000"])]
    base = resolve_config(args.game, args.config)
    levels = parse_levels(args.bots, args.players, game_class(base.game).bot_levels)
    cells = 1
    for _, values in sets:
        cells *= len(values)
    print(f"{base.game} ({base.variant}), {args.players} players, bots {args.bots}, {cells} cells × {args.games} "
          f"games; {os.cpu_count()} CPUs")
    backends = [("--jobs 1", dict(jobs=1)), (f"--jobs {args.jobs}", dict(jobs=args.jobs))]
    if not args.no_cluster:
        try:
            import distributed  # noqa: F401
            backends.append((f"--cluster local:{args.jobs}", dict(cluster=f"local:{args.jobs}")))
        except ImportError:
            print("(Dask not installed: pip install '.[cluster]' to time a LocalCluster)")
    first = None
    for name, kw in backends:
        t0 = time.perf_counter()
        _, _, run = run_sweep(base, sets, args.players, args.games, args.seed, levels, **kw)
        wall = time.perf_counter() - t0
        cpu = run.parent_cpu + sum(w["cpu"] for w in run.workers.values())
        worker_cpu = ", ".join(f"{w['cpu']:.1f} s/{w['games']} games" for w in run.worker_list())
        same = "" if first is None else f"; the same records: {'yes' if run.records == first else 'NO'}"
        first = first if first is not None else run.records
        print(f"{name:<22} {run.done / wall:7.1f} games/s  {wall:6.1f} s wall (setup included)  "
              f"{cpu:6.1f} s CPU (parent {run.parent_cpu:.1f}; workers {worker_cpu}){same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
