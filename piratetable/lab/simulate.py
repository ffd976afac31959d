"""Bot-vs-bot simulation: win shares with 95% Wilson intervals per player, seat and level, seat advantage,
game length in the game's units, score distributions, per-game records, a baseline comparison, throughput.

The work is cut into units (`lab/units.py`, each game played by `lab/play.py`) run here, in worker processes
(`jobs`) or on a Dask cluster (`cluster`) by `lab/execute.py`; the statistics are in `lab/stats.py`, the report
in `lab/report.py`."""
from __future__ import annotations

from typing import Any

from ..engine.errors import PirateTableError
from ..engine.limits import MAX_ACTIONS
from ..engine.registry import game_class
from .execute import execute
from .report import analyze, compare, format_report  # noqa: F401  (format_report: the report as text)
from .units import make_units


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


def check_run(cfg, players: int, games: int, jobs: int = 1) -> None:
    """Usage errors, each in one line."""
    if games < 1:
        raise PirateTableError("--games must be at least 1")
    if jobs < 1:
        raise PirateTableError("--jobs must be at least 1")
    if not cfg.players_min <= players <= cfg.players_max:
        raise PirateTableError(f"--players {players}: {cfg.game} ({cfg.variant}) is for "
                               f"{cfg.players_min}–{cfg.players_max} players")


def meta_of(cfg, players, levels, seed, games, rotate, max_actions) -> dict:
    return {"game": cfg.game, "name": game_class(cfg.game).name, "config": cfg.variant, "config_path": cfg.path,
            "players": players,
            "seed": seed, "bots": list(levels), "rotated": rotate,
            "stage_kind": getattr(game_class(cfg.game), "stage_kind", "round"), "games_requested": games,
            "max_actions": max_actions}


def run_simulation(game_id: str | None, players: int, games: int, seed: int, bots: str | None = None,
                   config_name: str | None = None, jobs: int = 1, max_actions: int = MAX_ACTIONS,
                   rotate: bool = True, progress: Any = False, *, config=None, baseline=None,
                   cluster=None, keep_records: bool = False) -> dict:
    """Play `games` bot games; per player (the order of `--bots`) report the win share with a 95% Wilson
    interval, and per seat, per level, game length, scores (`lab/report.py`).

    Players rotate seats from game to game (player p sits at seat (p + g) mod N in game g) so that seat
    advantages cancel out; `rotate=False` keeps player p at seat p (to measure seat advantage per level). A
    shared win counts 1/k to each of k winners; a capped game counts 0 to all. `config` (a Config) or
    `config_name` (found as the app finds it: `lab/configs.resolve_config`); `baseline` (a Config or a name):
    the same seeds on it, and each figure's difference in `report["comparison"]`. `progress`: False/"none",
    True/"auto", "bar" or "lines" (on stderr), or an object with `update(done)` and `close(interrupted)`. With `keep_records` the per-game records are in
    `report["records"]` (and the baseline's in `report["baseline_records"]`)."""
    from .configs import resolve_config
    from .progress import Progress

    cfg = config if config is not None else resolve_config(game_id, config_name)
    check_run(cfg, players, games, jobs)
    cls = game_class(cfg.game)
    levels = parse_levels(bots, players, getattr(cls, "bot_levels", ()))
    cfgs = [cfg]
    if baseline is not None:
        base = baseline if not isinstance(baseline, str) else resolve_config(cfg.game, baseline)
        if base.game != cfg.game:
            raise PirateTableError(f"--baseline: {base.path} is for {base.game!r}, not {cfg.game!r}")
        check_run(base, players, games, jobs)
        cfgs.append(base)
    units = []
    for cell, c in enumerate(cfgs):
        units += make_units(cell, c, levels, seed, games, max_actions, rotate, jobs)
    if hasattr(progress, "update"):     # an object of its own (the Workshop's Measure: lab/measure.py)
        bar = progress
    else:
        mode = "auto" if progress is True else "none" if progress is False else str(progress)
        bar = Progress(games * len(cfgs), "games", mode=mode)
    run = execute(units, len(cfgs), jobs=jobs, cluster=cluster, progress=bar)
    if run.done == 0:
        if run.lost:
            raise PirateTableError(f"{run.lost}; no game finished")
        raise KeyboardInterrupt
    reports = [analyze(recs, meta_of(c, players, levels, seed, games, rotate, max_actions))
               for c, recs in zip(cfgs, run.records)]
    report = reports[0]
    if baseline is not None:
        # compare over the games both finished (an interrupted run may have done fewer of one)
        done = {r["game"] for r in run.records[0]} & {r["game"] for r in run.records[1]}
        a = [r for r in run.records[0] if r["game"] in done]
        b = [r for r in run.records[1] if r["game"] in done]
        ra = analyze(a, meta_of(cfg, players, levels, seed, games, rotate, max_actions))
        rb = analyze(b, meta_of(cfgs[1], players, levels, seed, games, rotate, max_actions))
        report["comparison"] = compare(a, b, ra, rb)
        report["baseline_report"] = {k: v for k, v in reports[1].items() if k != "interval_note"}
    report["interrupted"] = run.interrupted or report["interrupted"]
    report["lost"] = run.lost
    report.update({"seconds": run.seconds,
                   "games_per_second": run.done / run.seconds if run.seconds else float("inf"),
                   "jobs": jobs, "cluster": cluster if isinstance(cluster, str) else (None if cluster is None
                                                                                    else "client"),
                   "parent_cpu": run.parent_cpu, "workers": run.worker_list()})
    if keep_records:
        report["records"] = run.records[0]
        if baseline is not None:
            report["baseline_records"] = run.records[1]
    return report
