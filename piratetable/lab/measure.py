"""The Workshop's Measure: a variant against its base, played by bots in a worker process (no drawing here).

`MeasureJob` starts one spawned process (as the bots' worker and `simulate --jobs` do; the frozen app calls
`freeze_support`) that runs `lab.simulate.run_simulation` on the config's TEXT with the base as its baseline (the
same seeds and line-up), reports its progress through a queue, and sends back the report; `poll()` takes what
arrived, `cancel()` stops the process at once. `Measured` is the part of the report the Workshop draws: each seat's
win share with its 95% Wilson interval in both configs, the difference of each (Newcombe interval), and the game
length in the game's unit with its difference (Welch interval)."""
from __future__ import annotations

import multiprocessing
import queue as queues
from dataclasses import dataclass

from ..engine.registry import game_class

RUNNING, DONE, CANCELLED, FAILED = "running", "done", "cancelled", "failed"


@dataclass(frozen=True)
class Share:
    """A win share and its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class SeatFigure:
    seat: int                  # 0: the first to play
    share: Share               # in the variant
    base: Share                # in the base
    diff: Share                # variant − base (Newcombe's interval)
    significant: bool


@dataclass(frozen=True)
class LengthFigure:
    unit: str                  # actions | turns | the game's own unit (trips, rounds, hands), plural
    value: float               # mean in the variant
    base: float
    diff: Share                # variant − base (Welch's interval)
    significant: bool


@dataclass(frozen=True)
class Measured:
    games: int                 # games played on each config
    players: int
    level: str
    even: float                # the even share, 1 / players
    seats: tuple[SeatFigure, ...]
    length: LengthFigure | None
    no_result: int             # games over the length cap (variant)


def measured(report: dict) -> Measured:
    """The figures the Workshop draws, from a `run_simulation` report with a baseline."""
    comparison = report["comparison"]
    base = report["baseline_report"]
    seats = []
    for mine, theirs, diff in zip(report["per_seat"], base["per_seat"], comparison["per_seat"]):
        seats.append(SeatFigure(mine["seat"], Share(mine["win_rate"], *mine["ci95"]),
                                Share(theirs["win_rate"], *theirs["ci95"]),
                                Share(diff["diff"], *diff["ci95"]), bool(diff["significant"])))
    lengths = comparison["length"]
    unit = report["length_unit"] + "s"
    key = unit if unit in lengths else "turns" if "turns" in lengths else next(iter(lengths), None)
    length = None
    if key is not None:
        d = lengths[key]
        length = LengthFigure(key, d["value"], d["baseline"], Share(d["diff"], *d["ci95"]), bool(d["significant"]))
    return Measured(report["games"], report["players"], report["bots"][0], report["even_share"], tuple(seats),
                    length, report["no_result"])


class _Progress:
    """What `lab.execute` reports progress to, sending it to the Workshop through the queue."""

    def __init__(self, out, total: int):
        self.out, self.total = out, total

    def update(self, done: int) -> None:
        self.out.put(("progress", done, self.total))

    def close(self, interrupted: bool = False) -> None:
        pass


def _work(out, spec: dict) -> None:
    """The worker process: measure, and send the figures (or the problem, in one line)."""
    try:
        from ..config.loader import load_config_text
        from .simulate import run_simulation
        cfg = load_config_text(spec["text"], spec["path"], spec["variant"])
        base = load_config_text(spec["base_text"], spec["base_path"], spec["base_variant"])
        report = run_simulation(None, spec["players"], spec["games"], spec["seed"], bots=spec["level"],
                                config=cfg, baseline=base, progress=_Progress(out, 2 * spec["games"]))
        out.put(("done", measured(report)))
    except Exception as exc:  # noqa: BLE001  (whatever went wrong is said on the screen, in one line)
        out.put(("failed", f"{type(exc).__name__}: {exc}"))


class MeasureJob:
    """N games of bots at `level` on `config` and on `base` (the same seeds), in a worker process."""

    def __init__(self, config, base, players: int, games: int, level: str, seed: int = 1):
        levels = getattr(game_class(config.game), "bot_levels", ())
        if level not in levels:
            raise ValueError(f"unknown bot level {level!r}")
        self.spec = {"text": config.text, "path": config.path, "variant": config.variant, "base_text": base.text,
                     "base_path": base.path, "base_variant": base.variant, "players": players, "games": games,
                     "level": level, "seed": seed}
        self.total = 2 * games
        self.done = 0
        self.updates = 0             # progress reports taken (one a game)
        self.state = RUNNING
        self.result: Measured | None = None
        self.problem = ""
        ctx = multiprocessing.get_context("spawn")
        self._out = ctx.Queue()
        self._proc = ctx.Process(target=_work, args=(self._out, self.spec), daemon=True,
                                 name="piratetable-measure")
        self._proc.start()

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0

    def poll(self) -> bool:
        """Take what the worker sent since the last call; True when something changed."""
        if self.state != RUNNING:
            return False
        changed = False
        while True:
            try:
                message = self._out.get_nowait()
            except queues.Empty:
                break
            changed = True
            if message[0] == "progress":
                self.done = message[1]
                self.updates += 1
            elif message[0] == "done":
                self.state, self.result, self.done = DONE, message[1], self.total
                self._reap()
            else:
                self.state, self.problem = FAILED, message[1]
                self._reap()
        if self.state == RUNNING and not self._proc.is_alive() and self._out.empty():
            self.state, self.problem = FAILED, "the worker process ended without a result"
            changed = True
        return changed

    def cancel(self) -> None:
        """Stop at once (the games played so far are dropped)."""
        if self.state == RUNNING:
            self.state = CANCELLED
        if self._proc.is_alive():
            self._proc.terminate()
        self._reap()

    def alive(self) -> bool:
        return self._proc.is_alive()

    def _reap(self) -> None:
        self._proc.join(timeout=2)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(timeout=2)
