"""Piratz's position model (the hard bot's leaf value): how well each `spread` predicts the winner, and what the
hard bot's play gains from it. Two parts, in one run:

1. Fit: positions at the end of every round but the last, from games of `normal` bots (2, 3 and 4 players, game g
   seeded `SEED/fit/PLAYERS/g`); for each spread, the Brier score of the model's win shares against each game's
   result (a shared win counts 1/k; lower is better; always guessing an even share scores 0.25 with 2 players).
2. Match: `hard` against `normal`, seats rotated (game g seeded `SEED/g`, the hard seat g % players), every game
   played twice on the same seed: once with the hard bot's model at each of the two spreads of `--match`. Each
   spread's win share with its Wilson 95 % interval, and their paired difference with its normal 95 % interval;
   the CPU time of the games.

Run:  .venv/bin/python benchmarks/piratz_model.py [--fit-games 300] [--spreads 0.6,0.9,1.3,1.6,2.0]
          [--match 1.3:0.6] [--games 600] [--players 2] [--seed 1] [--jobs 2] [--quick]
`--fit-games 0` or `--games 0` leaves a part out. `--quick`: 2 games of each (a few seconds; the figures mean
little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from dataclasses import replace
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.piratz.hard import WinModel  # noqa: E402
from piratetable.games.piratz.rules import Piratz  # noqa: E402
from piratetable.lab.play import play_one  # noqa: E402
from piratetable.lab.stats import mean_ci, wilson  # noqa: E402

QUICK = {"fit_games": 2, "games": 2, "jobs": 1}   # --quick


def game_with(spread: float) -> Piratz:
    """Piratz on the shipped config, its hard bot's position model at `spread`."""
    cfg = load_config("piratz")
    bots = cfg.content.bots
    return Piratz(replace(cfg, content=replace(cfg.content, bots=replace(bots, hard=replace(bots.hard,
                                                                                              spread=spread)))))


def round_ends(game: Piratz, players: int, games: int, seed: str) -> list[tuple[object, list[float]]]:
    """(a copy of the state at the end of each round but the last, the game's result per seat)."""
    out = []
    for g in range(games):
        chance = Chance(f"{seed}/fit/{players}/{g}")
        state = game.start(players, chance)
        bots = [game.make_bot("normal", s) for s in range(players)]
        seen, stages, moves = [], state.ctx.stages, 0
        while not game.is_over(state):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else \
                bots[seat].choose(game.view(state, seat), legal, bot_rng(f"{seed}/fit/{g}", seat, moves))
            step(game, state, action, chance, check=False)
            moves += 1
            if state.ctx.stages != stages and not game.is_over(state):
                stages = state.ctx.stages
                seen.append(game.clone(state))
        winners = game.winners(state)
        result = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
        out += [(position, result) for position in seen]
    return out


def fit(games: int, spreads: list[float], seed: str) -> None:
    print(f"fit: Brier score of the position model at the end of each round (normal bots, {games} games a row)")
    print("players  positions  " + "  ".join(f"{s:>6.2f}" for s in spreads) + "   best")
    for players in (2, 3, 4):
        game = Piratz(load_config("piratz"))
        positions = round_ends(game, players, games, seed)
        if not positions:
            print(f"{players:7d}  {0:9d}  (no round ended)")
            continue
        scores = []
        for spread in spreads:
            model = WinModel(game, spread=spread, samples=game.content.bots.hard.samples)
            total = 0.0
            for state, result in positions:
                shares = model.shares(state)
                total += sum((shares[i] - result[i]) ** 2 for i in range(players)) / players
            scores.append(total / len(positions))
        best = spreads[min(range(len(spreads)), key=scores.__getitem__)]
        print(f"{players:7d}  {len(positions):9d}  " + "  ".join(f"{b:6.4f}" for b in scores) + f"   {best:.2f}")


_GAMES: dict[float, Piratz] = {}


def _one(job) -> tuple[int, float, float]:
    """Game g with the hard bot's model at `spread`: (g, the hard seat's result, CPU seconds)."""
    spread, seed, g, players = job
    game = _GAMES.get(spread) or _GAMES.setdefault(spread, game_with(spread))
    me = g % players
    levels = ["hard" if s == me else "normal" for s in range(players)]
    start = time.process_time()
    winners = play_one(game, levels, f"{seed}/{g}")["winners"] or []
    return g, (1.0 / len(winners) if me in winners else 0.0), time.process_time() - start


def match(spreads: tuple[float, float], games: int, players: int, seed: str, jobs: int) -> None:
    jobs_list = [(spread, seed, g, players) for spread in spreads for g in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            done = pool.map(_one, jobs_list, chunksize=2)
    else:
        done = [_one(job) for job in jobs_list]
    results = [done[:games], done[games:]]
    print(f"match: hard against normal, {players} players, seats rotated, {games} games on the same seeds "
          f"for each spread")
    for spread, rows in zip(spreads, results):
        wins = sum(r for _, r, _ in rows)
        low, high = wilson(wins, games)
        print(f"  spread {spread:.2f}: hard wins {wins / games:.3f} [{low:.3f}, {high:.3f}]  "
              f"({sum(c for *_, c in rows):.0f} s CPU)")
    diffs = [a[1] - b[1] for a, b in zip(*results)]
    mean = sum(diffs) / games
    low, high = mean_ci(diffs) if games > 1 else (math.nan, math.nan)
    print(f"  difference, spread {spreads[0]:.2f} - {spreads[1]:.2f}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] "
          f"(paired by seed)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit-games", type=int, default=300, help="games of normal bots per seat count for the fit")
    ap.add_argument("--spreads", default="0.6,0.9,1.3,1.6,2.0", help="the spreads the fit scores")
    ap.add_argument("--match", default="1.3:0.6", help="the two spreads the match compares, A:B")
    ap.add_argument("--games", type=int, default=600, help="games of the match, for each spread")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the match")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds")
    args = parse_quick(ap, argv, QUICK)
    if args.fit_games:
        fit(args.fit_games, [float(s) for s in args.spreads.split(",")], args.seed)
    if args.games:
        a, b = (float(s) for s in args.match.split(":"))
        match((a, b), args.games, args.players, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
