"""Bot-vs-bot simulation: win rates with 95% intervals, game length, scores, throughput."""
from __future__ import annotations

import math
import os
import random
from functools import lru_cache
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from .bots.base import RandomBot
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


def play_one(game, levels: list[str], seed, max_actions: int = MAX_ACTIONS, rngs=None) -> dict:
    """One bot game: seat i plays `levels[i]`. Returns winners, scores, length (None winners when capped).
    `rngs` may give the bots' streams (default: `bot_rng(seed, seat)`)."""
    chance = Chance(seed, record=False)
    state = game.start(len(levels), chance)
    bots = [game.make_bot(level, s) for s, level in enumerate(levels)]
    rngs = rngs or [bot_rng(seed, s) for s in range(len(levels))]
    deciders = []
    moves = game.moves
    for seat, bot in enumerate(bots):
        rng = rngs[seat]
        if type(bot) is RandomBot:   # picks from the game's moves: legal by construction, no list built
            deciders.append(lambda state, below=_below_of(rng): moves(state).pick(below))
        else:
            deciders.append(lambda state, bot=bot, rng=rng: _checked(game, bot, state, rng))
    outcome = play_out(game, state, chance, deciders, max_actions)
    return {"winners": outcome.winners, "scores": outcome.scores, "length": outcome.length}


def _below_of(rng):
    """`rng.randrange(n)` for the random bot's picks: the same draws as random.Random's own (getrandbits of
    n.bit_length() bits until the value is below n), without its per-call attribute look-ups."""
    if type(rng) is not random.Random:
        return rng.randrange

    def below(n, getrandbits=rng.getrandbits):
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return r
    return below


def _checked(game, bot, state, rng):
    """A bot's choice, checked: a bot answering an illegal action is a bug, never silently replaced."""
    seat = state.ctx.current
    action = bot.choose(game.view(state, seat) if bot.needs_view else None, game.legal_actions(state), rng)
    if not game.is_legal(state, action):
        raise RuntimeError(f"{bot.level} bot chose illegal {action} in {game.id}")
    return action


@lru_cache(maxsize=4)
def _game(game_id: str, config_name: str | None):
    """The game for a chunk of work (built once per process: configs are parsed once, bots' tables kept)."""
    return game_class(game_id)(load_config(game_id, config_name))


def _run_chunk(args) -> tuple[list[dict], dict]:
    """Play the games `indices` of a simulation; returns their results and the CPU seconds this process spent
    on them (with its pid, so the parent can report each worker)."""
    game_id, config_name, levels, seed, indices, max_actions, rotate = args
    cpu0 = time.process_time()
    game = _game(game_id, config_name)
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
    return out, {"pid": os.getpid(), "cpu": time.process_time() - cpu0, "games": len(indices)}


def chunks(games: int, jobs: int, largest: int = 50) -> list[range]:
    """The games cut into work units: big ones first, smaller towards the end (guided scheduling), so every
    worker stays busy until the last game and none is left with a big unit while the others wait."""
    out, start = [], 0
    while start < games:
        size = max(1, min(largest, (games - start) // (jobs * 4) or 1))
        out.append(range(start, min(games, start + size)))
        start += size
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
    tasks = [(game_id, config_name, levels, seed, list(r), max_actions, rotate) for r in chunks(games, jobs)]
    results: list[dict] = []
    workers: dict[int, dict] = {}
    start = time.perf_counter()
    cpu_start = time.process_time()

    def note(done):
        if progress:
            width = 30
            filled = int(width * done / games)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{games} games")
            sys.stderr.flush()

    def take(part, spent):
        results.extend(part)
        w = workers.setdefault(spent["pid"], {"pid": spent["pid"], "cpu": 0.0, "games": 0})
        w["cpu"] += spent["cpu"]
        w["games"] += spent["games"]
        note(len(results))

    if jobs == 1:
        for task in tasks:
            take(*_run_chunk(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part, spent in pool.map(_run_chunk, tasks):
                take(part, spent)
    if progress:
        sys.stderr.write("\n")
    elapsed = time.perf_counter() - start
    parent_cpu = time.process_time() - cpu_start
    if jobs == 1:
        parent_cpu -= sum(w["cpu"] for w in workers.values())
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
        "jobs": jobs, "parent_cpu": parent_cpu,
        "workers": sorted(workers.values(), key=lambda w: w["pid"]),
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
