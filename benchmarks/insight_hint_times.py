"""How long a hint takes (piratetable/insight/hints.py), per game: median, 90th percentile and max.

    .venv/bin/python benchmarks/insight_hint_times.py --positions 30

Positions are the decisions (more than one legal action) of seeded games between `normal` bots, taken in
order until `--positions` are collected; each is hinted once from its seat's view (the hard bot's move and its
reason) and once with `odds`; the hard bot's `choose` alone on the same position is timed beside (a hint costs
about what the bot's decision costs). Times are CPU seconds of this process (time.process_time: other jobs on the machine
do not inflate them), the wall-clock median beside. The first hint of a Piraten Kapern card builds the solver's
table for it (cached afterwards), as in a real game. `--quick`: 1 position per case (a few seconds; the figures
mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.match import Match, Seat  # noqa: E402
from piratetable.insight import hint, odds  # noqa: E402

CASES = (("piraten_kapern", 2, None), ("piratz", 2, None), ("piratz", 3, None), ("piratz", 4, None),
         ("piratz", 4, {"open_collections": False}), ("pirataki", 2, None), ("pirataki", 4, None),
         ("petrangola", 3, None), ("petrangola", 6, None))


def positions(gid: str, players: int, options, count: int, seed: int):
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    out, game_no = [], 0
    while len(out) < count:
        match = Match(cfg, [Seat(f"B{i}", "normal") for i in range(players)], seed=seed + game_no)
        while not match.over and len(out) < count:
            seat = match.current
            view, legal, rng = match.bot_inputs(seat)
            if len(legal) > 1:
                out.append((match.game, seat, view, legal, match.bot_stream_seed(seat)))
            match.play(match.game.make_bot("normal", seat).choose(view, legal, rng))
        game_no += 1
    return out


def measure(gid, players, options, count, seed) -> dict:
    hints, walls, odds_times, bots = [], [], [], []
    for game, seat, view, legal, stream in positions(gid, players, options, count, seed):
        c0, w0 = time.process_time(), time.perf_counter()
        hint(game, view, legal, seat, stream)
        c1, w1 = time.process_time(), time.perf_counter()
        odds(game, view, seat)
        c2 = time.process_time()
        game.make_bot("hard", seat).choose(view, legal, random.Random(stream))   # the bot alone, for comparison
        c3 = time.process_time()
        hints.append(c1 - c0)
        walls.append(w1 - w0)
        odds_times.append(c2 - c1)
        bots.append(c3 - c2)
    hints.sort()
    return {"n": len(hints), "median": statistics.median(hints), "p90": hints[int(0.9 * (len(hints) - 1))],
            "max": hints[-1], "wall": statistics.median(walls), "odds_median": statistics.median(odds_times),
            "bot": statistics.median(bots)}


QUICK = {"positions": 1}   # --quick


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="positions per game (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"--positions {a.positions}")
    wanted = set(filter(None, args.games.split(",")))
    print(f"{'game':<16}{'seats':>6}{'n':>5}{'median s':>10}{'p90 s':>9}{'max s':>9}{'wall med s':>12}"
          f"{'odds med s':>12}{'bot med s':>11}")
    for gid, players, options in CASES:
        if wanted and gid not in wanted:
            continue
        r = measure(gid, players, options, args.positions, args.seed)
        label = gid + ("*" if options else "")
        print(f"{label:<16}{players:>6}{r['n']:>5}{r['median']:>10.3f}{r['p90']:>9.3f}{r['max']:>9.3f}"
              f"{r['wall']:>12.3f}{r['odds_median']:>12.4f}{r['bot']:>11.3f}", flush=True)
    print("* closed collections (open_collections: false)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
