"""Piraten Kapern: the points optimum's mean points per trip, per card, beside the exact optimum (pk_optimum.md).

The default `--level points` is the per-trip points optimum (`PointsBot`, the `hard` bot before it played to win:
`hard` now picks each trip's plan from the scores, see benchmarks/pk_win.py).

Each trip is played through the rules (Game API) with its card rigged and seeded dice; the figure is the change of
the roller's own score (Skull Island losses of the others and Zombie splits are not counted; Pirate magic scores 0),
as in the reference. Decision times are CPU seconds of this process (time.process_time). Usage: .venv/bin/python benchmarks/pk_hard_vs_optimum.py [--trips N] [--seed S]
[--cards ID,ID] [--level points|easy|normal|hard] [--quick]. `--quick`: 10 trips per card (a few seconds; the figures mean little), which
tests/test_benchmarks.py runs.
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
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.games.piraten_kapern.bots import PointsBot  # noqa: E402
from piratetable.games.piraten_kapern.solver import TripSolver, Utility  # noqa: E402

# the exact optimum per card, default options ("reference" column of docs/bots.md); gold/diamond share one row.
REFERENCE = {"treasure_island": 679.8, "pirate": 1157.6, "guardian": 880.0, "gold": 778.4, "diamond": 778.4,
             "animals": 735.1, "skull_1": 363.5, "skull_2": 139.2, "ship_2": 455.7, "ship_3": 249.1,
             "ship_4": -155.6, "peace": 1023.8, "zombie": 435.9, "shipwreck": 797.9}
REFERENCE_DECK = 659.0


def play_trip(game, card_id, seed, bot, decisions):
    """One trip of seat 0 with `card_id`; returns seat 0's score change."""
    chance = Chance(seed, {"deck": [card_id]})
    state = game.start(2, chance)
    rng = random.Random(seed)
    while not game.is_over(state) and game.current_player(state) == 0:
        legal = game.legal_actions(state)
        t = time.process_time()
        action = bot.choose(game.view(state, 0), legal, rng)
        decisions.append(time.process_time() - t)
        game.apply(state, action, chance)
    return state.scores[0]


QUICK = {"trips": 10}   # --quick


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trips", type=int, default=4000, help="trips per card (default 4000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="points", help="points (default: the points optimum), easy, normal, hard")
    parser.add_argument("--cards", default="", help="comma-separated card ids (default: the whole deck)")
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"--trips {a.trips}")
    cfg = load_config("piraten_kapern")
    game = game_class("piraten_kapern")(cfg)
    bot = PointsBot(game, 0) if args.level == "points" else game.make_bot(args.level, 0)
    decisions: list[float] = []
    print(f"{'card':16s} {'count':>5s} {'bot mean':>9s} {'± 95%':>7s} {'exact':>8s} {'reference':>9s} {'bot/ref':>7s}")
    total_bot = total_exact = total_ref = 0.0
    cards = 0
    started, started_cpu = time.perf_counter(), time.process_time()
    chosen = [c for c in cfg.content.cards if not args.cards or c.id in args.cards.split(",")]
    for card in chosen:
        points = [play_trip(game, card.id, args.seed * 1_000_003 + i, bot, decisions) for i in range(args.trips)]
        mean = statistics.fmean(points)
        half = 1.96 * statistics.pstdev(points) / len(points) ** 0.5
        exact = TripSolver(cfg.content, card, cfg.rules.guardian_saves_third_skull, Utility("ev")).first_roll_value()
        ref = REFERENCE[card.id]
        ratio = mean / ref if ref > 0 else float("nan")
        print(f"{card.id:16s} {card.count:5d} {mean:9.1f} {half:7.1f} {exact:8.1f} {ref:9.1f} {ratio:7.3f}")
        total_bot += mean * card.count
        total_exact += exact * card.count
        total_ref += ref * card.count
        cards += card.count
    print(f"{'deck average':16s} {cards:5d} {total_bot / cards:9.1f} {'':7s} {total_exact / cards:8.1f} "
          f"{total_ref / cards:9.1f} {total_bot / total_ref:7.3f}")
    if len(chosen) == len(cfg.content.cards):
        print(f"reference deck average {REFERENCE_DECK} (99%: {0.99 * REFERENCE_DECK:.1f})")
    decisions.sort()
    n = len(decisions)
    print(f"{n} decisions, CPU time: median {1000 * decisions[n // 2]:.2f} ms, 90th percentile "
          f"{1000 * decisions[int(0.9 * (n - 1))]:.2f} ms, 95th {1000 * decisions[int(0.95 * (n - 1))]:.2f} ms, "
          f"max {1000 * decisions[-1]:.0f} ms (the first use of a card builds its table); "
          f"{time.process_time() - started_cpu:.0f} s CPU in all ({time.perf_counter() - started:.0f} s wall)")


if __name__ == "__main__":
    main()
