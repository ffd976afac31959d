"""The "feel" of a game, from the game's own recap tally (`feel(match)` in `games/<id>/recap.py`: one count, the
same the results screen tells): lead changes, comebacks and the game's own counts (busts, pirates met, knocks …).

Definitions (docs/lab.md says the same):

- the standings are every seat's score as the recap's chart draws it (Piratz: the points its cubes would give if
  the game ended there; Pirataki: its ship's parts; Petrangola: its tokens), taken after each round of the table
  — after every round (Piratz) or hand (Petrangola), after every N trips (Piraten Kapern) or turns (Pirataki) with
  N seats, so that every seat has played as often — and at the end; the start is not counted;
- the leader is the seat alone at the top of the standings (a tie at the top: no leader then);
- a lead change: a leader differs from the last leader before it (ties in between are skipped: A, tie, B is one
  change; A, tie, A is none);
- a comeback: the game has one winner, and that winner stood alone in last place in the standings taken in the
  second half of the game (after at least half its units).
"""
from __future__ import annotations

from ..engine.events import for_viewer
from ..table.recap import Feel, feel_for


class PlayedGame:
    """A game the lab played, as a recap part reads a match: its seats, rules, final state and public record."""

    def __init__(self, game, players: int, state, start_events, groups):
        self.game = game
        self.seats = [None] * players
        self.names = [f"seat {s}" for s in range(players)]
        self.state = state
        self.start_events = tuple(start_events)
        self.groups = groups          # each decision's events, in order

    @property
    def moves(self) -> int:
        return len(self.groups)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def events_for(self, viewer: int | None, index: int | None = None):
        if index is None:
            index = len(self.groups) - 1
        return for_viewer(self.start_events if index < 0 else self.groups[index], viewer)


def standings(feel: Feel) -> list[tuple[int, list[float]]]:
    """(units ended, every seat's standing) after each round of the table (every `feel.lap` units) and at the
    end; a seat's line is carried over the units it skips."""
    n = len(feel.series)
    out: list[tuple[int, list[float]]] = []
    where = [0] * n
    now: list[float] = [pts[0][1] if pts else 0 for pts in (s.points for s in feel.series)]
    lap = max(1, feel.lap)
    for unit in range(1, feel.units + 1):
        for s, line in enumerate(feel.series):
            pts = line.points
            while where[s] < len(pts) and pts[where[s]][0] <= unit:
                now[s] = pts[where[s]][1]
                where[s] += 1
        if unit % lap == 0 or unit == feel.units:
            out.append((unit, list(now)))
    return out


def leader(row: list[float]) -> int | None:
    """The seat alone at the top of a row of standings, or None (a tie at the top)."""
    top = max(row)
    at_top = [s for s, v in enumerate(row) if v == top]
    return at_top[0] if len(at_top) == 1 else None


def lead_changes(rows: list[tuple[int, list[float]]]) -> int:
    changes, last = 0, None
    for _unit, row in rows:
        now = leader(row) if row else None
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def comeback(rows: list[tuple[int, list[float]]], winners, units: int) -> bool | None:
    """Whether the game's one winner stood alone in last place in standings taken after at least half the
    game's `units` (None: no single winner)."""
    if not winners or len(winners) != 1:
        return None
    w = winners[0]
    return any(row[w] < min(v for s, v in enumerate(row) if s != w)
               for unit, row in rows if len(row) > 1 and 2 * unit >= units)


def figures(feel: Feel, winners) -> dict:
    """A finished game's feel figures: {unit, units, lead_changes, comeback, counts: {key: figure}}."""
    rows = standings(feel)
    return {"unit": feel.unit, "units": feel.units, "lap": max(1, feel.lap), "lead_changes": lead_changes(rows),
            "comeback": comeback(rows, winners, feel.units), "counts": dict(feel.counts)}


def game_feel(game, players: int, state, start_events, groups, winners) -> dict | None:
    """The feel figures of a game the lab played (None for a game whose recap part gives no `feel`)."""
    feel = feel_for(game, PlayedGame(game, players, state, start_events, groups))
    return figures(feel, winners) if feel is not None else None
