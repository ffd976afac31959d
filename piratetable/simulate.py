"""Bot-vs-bot simulation: win rates with 95% intervals, game length, scores, throughput."""
from __future__ import annotations

import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from .config.loader import load_config
from .engine.chance import Chance
from .engine.errors import PirateTableError
from .engine.registry import game_class
from .engine.runner import MAX_ACTIONS, play_out
from .engine.streams import bot_rng


def parse_levels(bots: str | None, players: int, levels: tuple[str, ...]) -> list[str]:
    """`--bots` → one level per player (one value applies to all)."""
    names = [b.strip() for b in (bots or "normal").split(",") if b.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise PirateTableError(f"--bots lists {len(names)} levels for {players} players")
    valid = set(levels) | {"random"}
    for name in names:
        if name not in valid:
            raise PirateTableError(f"--bots: unknown level {name!r} (levels: {', '.join(sorted(valid))})")
    return names


def play_one(game, levels: list[str], seed, max_actions: int = MAX_ACTIONS) -> dict:
    """One bot game: seat i plays `levels[i]`. Returns winners, scores, length (None winners when capped)."""
    chance = Chance(seed)
    state = game.start(len(levels), chance)
    bots = [game.make_bot(level, s) for s, level in enumerate(levels)]
    rngs = [bot_rng(seed, s) for s in range(len(levels))]

    def policy(state, seat):
        legal = game.legal_actions(state)
        bot = bots[seat]
        action = bot.choose(game.view(state, seat) if bot.needs_view else None, legal, rngs[seat])
        if action not in legal:
            raise RuntimeError(f"{levels[seat]} bot chose illegal {action} in {game.id}")
        return action

    outcome = play_out(game, state, chance, policy, max_actions)
    return {"winners": outcome.winners, "scores": outcome.scores, "length": outcome.length}


def _run_chunk(args) -> list[dict]:
    game_id, config_name, levels, seed, indices, max_actions, rotate = args
    cfg = load_config(game_id, config_name)
    game = game_class(game_id)(cfg)
    n = len(levels)
    out = []
    for g in indices:
        shift = g % n if rotate else 0
        # player p sits at seat (p + shift) % n
        seat_levels = [None] * n
        for p in range(n):
            seat_levels[(p + shift) % n] = levels[p]
        result = play_one(game, seat_levels, f"{seed}/{g}", max_actions)
        result["shift"] = shift
        out.append(result)
    return out


def _interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def run_simulation(game_id: str, players: int, games: int, seed: int, bots: str | None = None,
                   config_name: str | None = None, jobs: int = 1, max_actions: int = MAX_ACTIONS,
                   rotate: bool = True, progress: bool = False) -> dict:
    """Play `games` bot games; per player (the order of `--bots`) report win share with a 95% interval.

    Players rotate seats from game to game (player p sits at seat (p + g) mod N in game g) so that seat
    advantages cancel out. A shared win counts 1/k to each of k winners; a capped game counts 0 to all.
    """
    cfg = load_config(game_id, config_name)
    cls = game_class(game_id)
    if not cfg.players_min <= players <= cfg.players_max:
        raise PirateTableError(f"{game_id} ({cfg.variant}) is for {cfg.players_min}–{cfg.players_max} players")
    if games < 1:
        raise PirateTableError("--games must be at least 1")
    levels = parse_levels(bots, players, getattr(cls, "bot_levels", ()))
    jobs = max(1, jobs)
    chunk = max(1, min(50, games // (jobs * 4) or 1))
    tasks = [(game_id, config_name, levels, seed, list(range(i, min(games, i + chunk))), max_actions, rotate)
             for i in range(0, games, chunk)]
    results: list[dict] = []
    start = time.perf_counter()

    def note(done):
        if progress:
            width = 30
            filled = int(width * done / games)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{games} games")
            sys.stderr.flush()

    if jobs == 1:
        for task in tasks:
            results.extend(_run_chunk(task))
            note(len(results))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_run_chunk, tasks):
                results.extend(part)
                note(len(results))
    if progress:
        sys.stderr.write("\n")
    elapsed = time.perf_counter() - start
    per_player = []
    for p in range(players):
        shares, scores = [], []
        for r in results:
            seat = (p + r["shift"]) % players
            w = r["winners"]
            shares.append(1.0 / len(w) if w and seat in w else 0.0)
            s = r["scores"][seat]
            scores.append(s if isinstance(s, (int, float)) else 0)
        mean, lo, hi = _interval(shares)
        per_player.append({"player": p, "level": levels[p], "win_rate": mean, "ci95": [lo, hi],
                           "mean_score": sum(scores) / len(scores)})
    finished = [r for r in results if r["winners"] is not None]
    return {
        "game": game_id, "config": cfg.variant, "players": players, "games": games, "seed": seed,
        "bots": levels, "rotated": rotate, "even_share": 1 / players,
        "per_player": per_player,
        "no_result": len(results) - len(finished),
        "no_winner": sum(1 for r in finished if not r["winners"]),
        "mean_length": sum(r["length"] for r in results) / len(results),
        "seconds": elapsed, "games_per_second": len(results) / elapsed if elapsed else float("inf"),
    }


def format_report(report: dict) -> str:
    lines = [f"{report['game']} ({report['config']}), {report['players']} players, {report['games']} games, "
             f"seed {report['seed']}, seats rotated" if report["rotated"] else ""]
    lines.append(f"{'player':>6}  {'level':<8} {'win rate':>9}  {'95% interval':<17} {'mean score':>10}")
    for p in report["per_player"]:
        lo, hi = p["ci95"]
        lines.append(f"{p['player']:>6}  {p['level']:<8} {p['win_rate']:>9.3f}  [{lo:.3f}, {hi:.3f}]    "
                     f"{p['mean_score']:>10.1f}")
    lines.append(f"even share {report['even_share']:.3f}; mean game length {report['mean_length']:.1f} actions; "
                 f"no result (capped) {report['no_result']}; no winner {report['no_winner']}")
    lines.append(f"{report['games_per_second']:.1f} games/s ({report['seconds']:.1f} s)")
    return "\n".join(lines)
