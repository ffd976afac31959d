"""Piraten Kapern: `hard` (plays to win) against the per-trip points optimum (`PointsBot`, the old `hard`).

2 players, played in pairs of games on the same dice (common random numbers): game i has `hard` in seat i % 2
and is seeded with seed * 1_000_003 + i // 2, so games 2j and 2j + 1 draw the same cards and roll the same dice
with the seats swapped. Where `hard` makes the points optimum's every move, the two games are the same game with
the seats swapped and each side wins one: the pair scores exactly ½, and only pairs in which `hard` chose another
plan carry information. Prints the win share of `hard` (a shared win counts ½) with two 95 % intervals: Wilson's
over the games as if they were independent (the usual figure, wider than it need be here), and the paired
interval (mean ± 1.96 standard errors of the pairs' scores, which are independent of each other), with how many
pairs differed; and the decision times of `hard` (CPU of the deciding process). `--build` instead measures the plans' outcome distributions and solves the win
tables of the shipped configs into `piratetable/games/piraten_kapern/winplan.json` (winplan.py).

Usage: .venv/bin/python benchmarks/pk_win.py [--games N] [--seed S] [--jobs J] [--config ID] [--quick]
       .venv/bin/python benchmarks/pk_win.py --build [--samples N]
`--model` instead prints what the win table itself predicts for the same match: both policies evaluated over the
scores in the table's own model (about 40 s of CPU per config), and how many games a benchmark needs before its
interval can exclude 0.5 at that edge.
`--quick`: 20 games (a few seconds; the figures mean little), which tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config_file  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.games.piraten_kapern import winplan  # noqa: E402
from piratetable.games.piraten_kapern.bots import FixedPlanBot, HardBot, PointsBot  # noqa: E402
from piratetable.lab.stats import wilson  # noqa: E402

SHIPPED = ("piraten_kapern", "piraten_kapern_classic")
ROOT = Path(__file__).resolve().parents[1]


def load_config(name: str):
    """A config of the repository's `configs/` folder by its file name."""
    return load_config_file(ROOT / "configs" / f"{name}.yaml")
QUICK = {"games": 20, "jobs": 1}   # --quick


# --- the plans' outcome distributions ---------------------------------------------------------------------------
def measure(config: str, card_id: str, plan: int, samples: int, seed: int = 1) -> tuple:
    """`samples` trips of seat 0 (2 players, 0 to 0) with `card_id` rigged, played with `plan`: the outcomes
    (own change, other's change, Pirate magic, probability), merged."""
    cfg = load_config(config)
    game = game_class("piraten_kapern")(cfg)
    bot = FixedPlanBot(game, 0, plan)
    counts: dict = {}
    for i in range(samples):
        s = seed * 1_000_003 + i
        chance = Chance(s, {"deck": [card_id]})
        state = game.start(2, chance)
        rng = random.Random(s)
        while not game.is_over(state) and game.current_player(state) == 0:
            game.apply(state, bot.choose(game.view(state, 0), game.legal_actions(state), rng), chance)
        key = (0, 0, 1) if state.magic else (state.scores[0], state.scores[1], 0)
        counts[key] = counts.get(key, 0) + 1
    return tuple((x, y, m, c / samples) for (x, y, m), c in sorted(counts.items()))


def _measure(args):
    return args[:3], measure(*args)


def build(samples: int, jobs: int) -> None:
    out = []
    for config in SHIPPED:
        cfg = load_config(config)
        content, rules = cfg.content, cfg.rules
        cards = [c.id for c in content.cards if c.count]
        started = time.perf_counter()
        tasks = [(config, cid, plan, samples) for cid in cards for plan in winplan.PLANS]
        with multiprocessing.Pool(jobs) as pool:
            results = dict(pool.map(_measure, tasks))
        dists = {cid: [results[(config, cid, plan)] for plan in winplan.PLANS] for cid in cards}
        print(f"{config}: distributions of {len(tasks)} card plans, {samples} trips each, "
              f"{time.perf_counter() - started:.0f} s", flush=True)
        started = time.perf_counter()
        table = winplan.build(content, rules.target, dists,
                              progress=lambda k, d: print(f"  sweep {k + 1}: largest change {d:.2e}", flush=True))
        key = winplan.fingerprint(content, rules.target, rules.guardian_saves_third_skull)
        print(f"{config}: value iteration {time.perf_counter() - started:.0f} s; W(0, 0) = {table.W[20][20]:.4f}")
        out.append(winplan.pack(table, key))
    path = Path(winplan.__file__).with_name(winplan.DATA)
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size} bytes)")


# --- the model's prediction -------------------------------------------------------------------------------------
def model_share(table: winplan.WinTable, tol: float = 1e-6) -> float:
    """The share that the table's own model predicts for `hard` against the points plan, 2 players, seats
    alternated: both policies evaluated by value iteration over the scores (the next card from the full deck,
    both final rounds exact as in the table), `hard` choosing plans as at the table (with MARGIN)."""
    n, W = table.n, table.W
    cards = list(table.weights.items())
    choice = {}
    for i in range(n):
        for j in range(n):
            values = table.outcome_values(i, j, lambda x, y: W[x][y])
            for cid, _w in cards:
                pv = table.plan_values(cid, values)
                best = max(range(len(pv)), key=pv.__getitem__)
                choice[cid, i, j] = best if pv[best] > pv[0] + winplan.MARGIN else 0
    hard = [[0.5] * n for _ in range(n)]     # hard to move, against the points plan
    points = [[0.5] * n for _ in range(n)]   # the points plan to move, against hard
    order = sorted(((i, j) for i in range(n) for j in range(n)), key=lambda ij: -(ij[0] + ij[1]))
    delta = 1.0
    while delta > tol:
        delta = 0.0
        for i, j in order:
            after_hard = table.outcome_values(i, j, lambda x, y: points[x][y])
            after_points = table.outcome_values(i, j, lambda x, y: hard[x][y])
            h = p = 0.0
            for cid, w in cards:
                idx, ps = table.plans[cid][choice[cid, i, j]]
                h += w * sum(q * after_hard[k] for k, q in zip(idx, ps))
                idx, ps = table.plans[cid][0]
                p += w * sum(q * after_points[k] for k, q in zip(idx, ps))
            delta = max(delta, abs(h - hard[i][j]), abs(p - points[i][j]))
            hard[i][j], points[i][j] = h, p
    s = table.index(0)
    return (hard[s][s] + 1.0 - points[s][s]) / 2


def model(config: str) -> None:
    cfg = load_config(config)
    content, rules = cfg.content, cfg.rules
    table = winplan.table_for(content, rules.target, rules.guardian_saves_third_skull)
    if table is None:
        print(f"{config}: no win table (run --build)")
        return
    started = time.process_time()
    share = model_share(table)
    edge = share - 0.5
    need = math.ceil((1.96 * 0.5 / edge) ** 2) if edge > 0 else 0
    print(f"{config}, 2 players: the win table predicts hard against the points optimum {share:.4f}; "
          f"a benchmark needs about "
          f"{need:,} games before a Wilson interval around that share excludes 0.5 "
          f"({time.process_time() - started:.0f} s CPU)")


# --- the match ---------------------------------------------------------------------------------------------------
def play(args):
    """Game `i`: `hard` in seat i % 2, the dice of pair i // 2. Returns (hard's share of the win, hard's decision
    CPU times)."""
    config, seed, i = args
    cfg = load_config(config)
    game = game_class("piraten_kapern")(cfg)
    hard_seat = i % 2
    bots = {hard_seat: HardBot(game, hard_seat), 1 - hard_seat: PointsBot(game, 1 - hard_seat)}
    s = seed * 1_000_003 + i // 2
    chance = Chance(s)
    state = game.start(2, chance)
    rng = random.Random(s)
    times = []
    while not game.is_over(state):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        t = time.process_time()
        action = bots[seat].choose(view, legal, rng)
        if seat == hard_seat and len(legal) > 1:
            times.append(time.process_time() - t)
        game.apply(state, action, chance)
    winners = game.winners(state)
    return (1.0 / len(winners) if hard_seat in winners else 0.0), times


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the pool's workers; 0 for them where the
    system does not count children, as on Windows)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def paired_interval(pairs: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of the pairs' scores and the half-width of its normal 95 % interval (the pairs are independent;
    with thousands of them the mean is close to normal)."""
    n = len(pairs)
    mean = sum(pairs) / n
    var = sum((x - mean) ** 2 for x in pairs) / (n - 1)
    return mean, z * math.sqrt(var / n)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--config", default="piraten_kapern", help="config id (default piraten_kapern)")
    parser.add_argument("--build", action="store_true", help="measure the plans and solve the shipped win tables")
    parser.add_argument("--model", action="store_true", help="print the share the win table predicts, no games")
    parser.add_argument("--samples", type=int, default=winplan.SAMPLES, help="trips per card and plan (--build)")
    parser.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                        + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(parser, argv, QUICK, lambda a: f"--games {a.games}")
    if args.build:
        build(args.samples, args.jobs)
        return
    if args.model:
        model(args.config)
        return
    started, cpu = time.perf_counter(), _cpu()
    tasks = [(args.config, args.seed, i) for i in range(args.games)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, tasks, chunksize=max(1, args.games // (args.jobs * 20)))
    else:
        results = [play(t) for t in tasks]
    wins = sum(r[0] for r in results)
    times = sorted(t for r in results for t in r[1])
    low, high = wilson(wins, args.games)
    print(f"{args.config}, 2 players, {args.games} games, seed {args.seed}, seats swapped on the same dice: hard "
          f"(plays to win) against the points optimum wins {wins / args.games:.4f} [{low:.4f}, {high:.4f}] "
          "(Wilson 95 %, the games taken as independent)")
    pairs = [(results[i][0] + results[i + 1][0]) / 2 for i in range(0, len(results) - 1, 2)]
    if len(pairs) > 1:
        mean, half = paired_interval(pairs)
        differ = sum(1 for x in pairs if x != 0.5)
        print(f"paired: {mean:.4f} [{mean - half:.4f}, {mean + half:.4f}] (95 %, {len(pairs)} pairs of games on the "
              f"same dice; {differ} pairs ({differ / len(pairs):.1%}) did not split ½–½)")
        if differ < 30:
            print("  (too few pairs differ for the normal interval to mean much: play more games)")
    if times:
        n = len(times)
        print(f"hard: {n} decisions, CPU median {1000 * times[n // 2]:.2f} ms, 99th percentile "
              f"{1000 * times[int(0.99 * (n - 1))]:.1f} ms, max {1000 * times[-1]:.0f} ms")
    print(f"{time.perf_counter() - started:.0f} s wall, {_cpu() - cpu:.0f} s CPU (this process and its workers)")


if __name__ == "__main__":
    main()
