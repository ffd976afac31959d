"""Pieces every game's table builder uses: seat labels and the standard score card rows."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from .model import Pick, ScoreRow
from .seats import LEVEL_NAMES, kind_name, level_name  # noqa: F401 - the seat kinds' names, given here too


@dataclass(frozen=True)
class SeatInfo:
    """What the table knows of a seat beyond the view: the name and the bot level (None: a person)."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


def seat_label(seats, seat: int | None) -> str:
    if seat is None:
        return ""
    if 0 <= seat < len(seats):
        return seats[seat].name
    return _("Seat {n}").format(n=seat + 1)


def seat_kind(seats, seat: int) -> str:
    """"human" or "bot · normal"."""
    bot = seats[seat].bot if 0 <= seat < len(seats) else None
    return kind_name(bot)


def score_rows(view: Mapping[str, Any], seats, totals=None, tags: dict | None = None, parts: dict | None = None,
               picks: dict[int, Pick] | None = None) -> tuple[ScoreRow, ...]:
    """One row per seat: name, kind, total (the view's `scores` unless `totals` is given), tags (the seat to
    play gets "to play"), the parts of the total, the turn or winner marker, what a click on it picks."""
    tags, parts, picks = tags or {}, parts or {}, picks or {}
    scores = view.get("scores") or []
    totals = totals if totals is not None else ["" if v is None else str(v) for v in scores]
    cur, winners, over = view.get("current_player"), view.get("winners") or [], view.get("over")
    rows = []
    for seat in range(len(seats)):
        row_tags = list(tags.get(seat, ()))
        if seat == cur:
            row_tags.insert(0, _("to play"))
        marker = "turn" if seat == cur else ("winner" if over and seat in winners else "")
        rows.append(ScoreRow(seat, seat_label(seats, seat), totals[seat] if seat < len(totals) else "",
                             seat_kind(seats, seat), tuple(row_tags), tuple(parts.get(seat, ())), marker,
                             picks.get(seat)))
    return tuple(rows)


COACH_WIDTH = 170   # the coach's line holds about this many characters on a 1280×720 screen


def coach_line(*parts: str) -> str:
    """A coach line: the first part, then each further part (in order) that still fits within COACH_WIDTH."""
    line = parts[0]
    for part in parts[1:]:
        if part and len(line) + 1 + len(part) <= COACH_WIDTH:
            line += " " + part
    return line
