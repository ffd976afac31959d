"""Piratz's position model (the hard bot's leaf value): how well each setting predicts the winner, and what the
hard bot's play gains from it. A setting is `SPREAD` or `SPREAD/DISCARD`: the model's `spread`, and the weight of
the discard pile's items counted as still to come (`discard`; 0 when not given, the model before 2026-12-07's
afternoon); in the match, `@WORLDS` after it also sets the search's `worlds` (the config's when not given).
Two parts, in one run:

1. Fit: positions at the end of every round but the last, from games of `normal` bots (2, 3 and 4 players, game g
   seeded `SEED/fit/PLAYERS/g`); for each setting, the Brier score of the model's win shares against each game's
   result (a shared win counts 1/k; lower is better; always guessing an even share scores 0.25 with 2 players).
   `--late N` also scores the positions with fewer than N cards in the draw pile on their own.
2. Match: `hard` against `normal`, seats rotated (game g seeded `SEED/g`, the hard seat g % players), every game
   played twice on the same seed: once with the hard bot at each of the two settings of `--match`. Each
   setting's win share with its Wilson 95 % interval, and their paired difference with its normal 95 % interval;
   the CPU time of the games.

Run:  .venv/bin/python benchmarks/piratz_model.py [--fit-games 300] [--spreads 0.6,0.9,1.3,1.6,2.0]
          [--late 8] [--match 1.1/0.5:0.6@24] [--games 600] [--players 2] [--seed 1] [--jobs 2] [--quick]
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
from typing import NamedTuple

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


class Setting(NamedTuple):
    """A setting of the hard bot: its position model's `spread` and `discard`, and its search's `worlds` (None: the
    config's; they play no part in the fit)."""
    spread: float
    discard: float
    worlds: int | None


def setting(text: str) -> Setting:
    """`SPREAD[/DISCARD][@WORLDS]` -> its `Setting`: the discard weight is 0 when not given, the worlds None."""
    model, _, worlds = text.partition("@")
    spread, _, discard = model.partition("/")
    return Setting(float(spread), float(discard or 0), int(worlds) if worlds else None)


def shown(model: Setting) -> str:
    return f"{model.spread:.2f}" + (f"/{model.discard:g}" if model.discard else "") \
        + (f"@{model.worlds}" if model.worlds else "")


def game_with(model: Setting) -> Piratz:
    """Piratz on the shipped config, its hard bot at `model`."""
    cfg = load_config("piratz")
    bots = cfg.content.bots
    hard = replace(bots.hard, spread=model.spread, discard=model.discard)
    if model.worlds:
        hard = replace(hard, worlds=model.worlds)
    return Piratz(replace(cfg, content=replace(cfg.content, bots=replace(bots, hard=hard))))


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


def brier(models: list[Setting], game: Piratz, positions, players: int) -> list[float]:
    """Each model's Brier score over `positions` (state, result)."""
    scores = []
    for m in models:
        model = WinModel(game, spread=m.spread, samples=game.content.bots.hard.samples, discard=m.discard)
        total = 0.0
        for state, result in positions:
            shares = model.shares(state)
            total += sum((shares[i] - result[i]) ** 2 for i in range(players)) / players
        scores.append(total / len(positions))
    return scores


def fit(games: int, models: list[Setting], seed: str, late: int) -> None:
    print(f"fit: Brier score of the position model at the end of each round (normal bots, {games} games a row)")
    width = max(6, *(len(shown(m)) for m in models))
    print("players  positions  " + "  ".join(f"{shown(m):>{width}}" for m in models) + "   best")
    for players in (2, 3, 4):
        game = Piratz(load_config("piratz"))
        positions = round_ends(game, players, games, seed)
        if not positions:
            print(f"{players:7d}  {0:9d}  (no round ended)")
            continue
        parts = [("", positions)]
        if late:
            parts.append((f" (fewer than {late} cards to draw)", [p for p in positions if len(p[0].draw) < late]))
        for label, chosen in parts:
            if not chosen:
                continue
            scores = brier(models, game, chosen, players)
            best = models[min(range(len(models)), key=scores.__getitem__)]
            print(f"{players:7d}  {len(chosen):9d}  " + "  ".join(f"{b:{width}.4f}" for b in scores)
                  + f"   {shown(best)}{label}")


_GAMES: dict[Setting, Piratz] = {}


def _one(job) -> tuple[int, float, float]:
    """Game g with the hard bot at `model` (`setting`): (g, the hard seat's result, CPU seconds)."""
    model, seed, g, players = job
    game = _GAMES.get(model) or _GAMES.setdefault(model, game_with(model))
    me = g % players
    levels = ["hard" if s == me else "normal" for s in range(players)]
    start = time.process_time()
    winners = play_one(game, levels, f"{seed}/{g}")["winners"] or []
    return g, (1.0 / len(winners) if me in winners else 0.0), time.process_time() - start


def match(models: tuple[Setting, ...], games: int, players: int, seed: str, jobs: int) -> None:
    jobs_list = [(model, seed, g, players) for model in models for g in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            done = pool.map(_one, jobs_list, chunksize=2)
    else:
        done = [_one(job) for job in jobs_list]
    results = [done[:games], done[games:]]
    print(f"match: hard against normal, {players} players, seats rotated, {games} games on the same seeds "
          f"for each setting")
    for model, rows in zip(models, results):
        wins = sum(r for _, r, _ in rows)
        low, high = wilson(wins, games)
        print(f"  setting {shown(model)}: hard wins {wins / games:.3f} [{low:.3f}, {high:.3f}]  "
              f"({sum(c for *_, c in rows):.0f} s CPU)")
    diffs = [a[1] - b[1] for a, b in zip(*results)]
    mean = sum(diffs) / games
    low, high = mean_ci(diffs) if games > 1 else (math.nan, math.nan)
    print(f"  difference, setting {shown(models[0])} - {shown(models[1])}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] "
          f"(paired by seed)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit-games", type=int, default=300, help="games of normal bots per seat count for the fit")
    ap.add_argument("--spreads", default="0.6,0.9,1.3,1.6,2.0",
                    help="the models the fit scores: SPREAD or SPREAD/DISCARD, comma-separated")
    ap.add_argument("--late", type=int, default=0, help="also score the positions with fewer cards than this to draw")
    ap.add_argument("--match", default="1.1/0.5:0.6@24",
                    help="the two settings of the hard bot the match compares, A:B, each SPREAD[/DISCARD][@WORLDS]")
    ap.add_argument("--games", type=int, default=600, help="games of the match, for each setting")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the match")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds")
    args = parse_quick(ap, argv, QUICK)
    if args.fit_games:
        fit(args.fit_games, [setting(s) for s in args.spreads.split(",")], args.seed, args.late)
    if args.games:
        match(tuple(setting(s) for s in args.match.split(":")), args.games, args.players, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
