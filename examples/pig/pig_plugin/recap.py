"""Pig's recap part: its tally of the public record gives the statistics their facts (the results screen shows
the shared recap: the standings and the last moves, as for any game without a `recap` function)."""
from __future__ import annotations

from dataclasses import dataclass

from piratetable.engine.events import ScoreChanged, StageEnded
from piratetable.table.recap import Fact, public_events

from .events import Busted


@dataclass
class SeatTally:
    turns: int = 0                   # turns played to their end
    busts: int = 0                   # turns lost to the bust face
    best: int | None = None          # the most one turn banked (None: nothing banked)


def tally(match) -> list[SeatTally]:
    """Read the public events once."""
    seats = [SeatTally() for _ in match.seats]
    for group in public_events(match):
        for e in group:
            if isinstance(e, StageEnded) and e.kind == "turn" and e.seat is not None:
                seats[e.seat].turns += 1
            elif isinstance(e, Busted):
                seats[e.seat].busts += 1
            elif isinstance(e, ScoreChanged) and e.delta > 0:
                t = seats[e.seat]
                t.best = e.delta if t.best is None else max(t.best, e.delta)
    return seats


FACTS = (Fact("turns"), Fact("busts", shown=True), Fact("best_turn", best=True, shown=True))


def facts(match) -> list[dict[str, float]]:
    """Per seat: `turns`, `busts`, `best_turn` (once something was banked)."""
    out: list[dict[str, float]] = []
    for t in tally(match):
        figures: dict[str, float] = {"turns": t.turns, "busts": t.busts}
        if t.best is not None:
            figures["best_turn"] = t.best
        out.append(figures)
    return out
