"""Piratz with closed collections: what remembering the takes is worth. Two parts, in one process:

1. The draw pile the odds see: over every decision of closed-collections games between `normal` bots, the rat
   share of the cards the odds draw from against the true draw pile's, for a seat that forgets the takes (the
   view before the memory: the others' collections mixed into the unseen cards) and one that remembers them
   (`Piratz.remember_takes`): mean and largest difference in percentage points.
2. Matches, seats rotated, fixed seeds: each pairing plays `--games` games; a seat's result is 1 for a win
   alone, 1/2 for a shared win; the win rate of the first level with its 95% Wilson interval, and the CPU time
   of each level's decisions (decisions with one legal action are not asked). A level written `old-LEVEL` plays
   with the view and the search of a seat that forgets the takes.

Run:  .venv/bin/python benchmarks/piratz_memory.py [--positions-games 40] [--games 200] [--players 2]
          [--pairs hard:normal,hard:old-hard] [--seed 1] [--quick]
A pairing may carry its own number of games: `--pairs normal:old-normal=2000,hard:normal=300`.
`--quick`: 2 games for the odds part and 2 games of `normal:old-normal` cut after 40 actions (a few seconds; the
figures mean little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.piratz.insight import odds  # noqa: E402
from piratetable.games.piratz.rules import Piratz  # noqa: E402
from piratetable.lab.stats import wilson  # noqa: E402

QUICK = {"positions_games": 2, "games": 2, "pairs": "normal:old-normal", "max_actions": 40}   # --quick


def games_for(options):
    """(the game that remembers, the same table's game that forgets)."""
    cfg = load_config("piratz").with_options(options)
    new, old = Piratz(cfg), Piratz(cfg)
    old.remember_takes = False
    return new, old


def rat_share(game, cards) -> float:
    return sum(1 for c in cards if game._rat[c]) / len(cards)


def odds_error(games: int, players: list[int], seed: str) -> None:
    new, old = games_for({"open_collections": False})
    errors: dict[str, list[float]] = {"forgets": [], "remembers": []}
    for g in range(games):
        n = players[g % len(players)]
        chance = Chance(f"{seed}/odds/{g}")
        state = new.start(n, chance)
        bots = [new.make_bot("normal", s) for s in range(n)]
        moves = 0
        while not new.is_over(state):
            seat = new.current_player(state)
            legal = new.legal_actions(state)
            if state.draw and state.ctx.phase in ("turn", "revealed"):
                truth = rat_share(new, state.draw)
                for name, game in (("forgets", old), ("remembers", new)):
                    o = odds(game, game.view(state, seat), seat)
                    if o is not None and o.pile == "deck":
                        errors[name].append(abs(float(o.rat) - truth) * 100)
            action = legal[0] if len(legal) == 1 else bots[seat].choose(new.view(state, seat), legal,
                                                                         bot_rng(f"{seed}/{g}", seat, moves))
            step(new, state, action, chance, check=False)
            moves += 1
    print(f"odds: {games} closed-collections games of normal bots, {len(errors['forgets'])} reveal decisions")
    for name, xs in errors.items():
        print(f"  a seat that {name:<9}: the rat share of the next card off by {statistics.mean(xs):.2f} "
              f"percentage points on average, {max(xs):.2f} at most")


def match(pair: str, games: int, players: int, seed: str, max_actions: int) -> None:
    pair, _, count = pair.partition("=")
    games = int(count) if count else games
    first, second = pair.split(":")
    new, old = games_for({"open_collections": False})
    wins = 0.0
    finished = 0
    cpu: dict[str, list[float]] = {first: [], second: []}
    start = time.process_time()
    for g in range(games):
        levels = [first if (s + g) % players == 0 else second for s in range(players)]
        chance = Chance(f"{seed}/{pair}/{g // players}")   # each deal played with the first level in every seat
        state = new.start(players, chance)
        game_of = [old if lv.startswith("old-") else new for lv in levels]
        bots = [game_of[s].make_bot(lv.removeprefix("old-"), s) for s, lv in enumerate(levels)]
        moves = 0
        while not new.is_over(state) and (not max_actions or moves < max_actions):
            seat = new.current_player(state)
            legal = new.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                view = game_of[seat].view(state, seat)
                c0 = time.process_time()
                action = bots[seat].choose(view, legal, bot_rng(f"{seed}/{pair}/{g}", seat, moves))
                cpu[levels[seat]].append(time.process_time() - c0)
            step(new, state, action, chance, check=False)
            moves += 1
        if new.is_over(state):
            finished += 1
            winners = new.winners(state)
            mine = [s for s in winners if levels[s] == first]
            wins += len(mine) / len(winners)
    low, high = wilson(wins, finished)
    cut = f", {games - finished} cut before the end" if finished < games else ""
    print(f"{first} vs {second}, {players} players, closed collections, {finished} games{cut}: {first} wins "
          f"{wins / max(finished, 1):.3f} [{low:.3f}, {high:.3f}] ({time.process_time() - start:.0f} s CPU)")
    for lv, xs in cpu.items():
        if xs:
            xs = sorted(xs)
            print(f"  {lv:<10} decisions {len(xs):6d}  median {statistics.median(xs) * 1000:8.1f} ms  "
                  f"p90 {xs[int(0.9 * (len(xs) - 1))] * 1000:8.1f} ms  max {xs[-1] * 1000:8.1f} ms (CPU)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions-games", type=int, default=40, help="games for the odds part (2-4 players)")
    ap.add_argument("--games", type=int, default=200, help="games per pairing")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--pairs", default="hard:normal,hard:old-hard")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--max-actions", type=int, default=0, help="stop each game after this many actions (0: never)")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds")
    args = parse_quick(ap, argv, QUICK)
    if args.positions_games:
        odds_error(args.positions_games, [2, 3, 4], args.seed)
    for pair in filter(None, args.pairs.split(",")):
        match(pair, args.games, args.players, args.seed, args.max_actions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
