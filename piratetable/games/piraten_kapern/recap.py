"""Piraten Kapern's recap, from the public record of events: each seat's best trip, its busts (trips ended by
skulls), its visits to Skull Island (and what they cost the others), and every seat's score after each trip
(the chart), with the target, the start of the final round and sudden death marked."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.events import CardsMoved, ScoreChanged, StageEnded
from ...i18n import _, ngettext
from ...table.recap import (
    Chart,
    ChartMark,
    Fact,
    Feel,
    Recap,
    Series,
    StatRow,
    Stats,
    game_end,
    headline,
    public_events,
    standings,
)
from .events import FinalRoundStarted, SkullIslandStarted, SuddenDeath


@dataclass
class SeatTally:
    """One seat's trips as the record tells them."""

    trips: int = 0
    best: int | None = None           # the most its own scored trip brought it (None: no trip scored)
    best_trip: int = 0                # that trip's number
    best_card: str = ""               # the card it was taken with
    busts: int = 0                    # trips ended by skulls
    islands: int = 0                  # visits to Skull Island
    island_damage: int = 0            # points the others lost on them
    magic: bool = False               # won by Pirate magic (that trip is not scored)
    deltas: list = field(default_factory=list)   # (trip number, delta) of every change to its score


@dataclass
class Story:
    """The whole record, tallied: per seat, the trips in order, the marks on the time line."""

    seats: list
    last_trip: int = 0
    final_round_at: int | None = None  # the trip after which the final round started
    sudden_death_at: int | None = None
    trigger: int | None = None         # the seat whose score started the final round


def tally(match) -> Story:
    """Read the public events once: trips, their scores and outcomes, Skull Islands, the final round."""
    n = len(match.seats)
    story = Story([SeatTally() for _ in range(n)])
    card = ""
    pending: dict[int, int] = {}      # seat -> delta in the trip being scored
    for group in public_events(match):
        for e in group:
            if isinstance(e, CardsMoved) and e.dst == "card" and e.cards:
                card = e.cards[0] or ""
            elif isinstance(e, SkullIslandStarted):
                story.seats[e.seat].islands += 1
            elif isinstance(e, ScoreChanged):
                pending[e.seat] = pending.get(e.seat, 0) + e.delta
            elif isinstance(e, StageEnded) and e.kind == "trip" and e.seat is not None:
                roller = story.seats[e.seat]
                roller.trips += 1
                own = pending.get(e.seat, 0)
                if e.outcome == "skulls":
                    roller.busts += 1
                elif e.outcome == "skull_island":
                    roller.island_damage += -sum(d for s, d in pending.items() if s != e.seat and d < 0)
                elif e.outcome == "pirate_magic":
                    roller.magic = True
                if e.outcome != "pirate_magic" and (roller.best is None or own > roller.best):   # not scored
                    roller.best, roller.best_trip, roller.best_card = own, e.number, card
                for s, d in pending.items():
                    if d:
                        story.seats[s].deltas.append((e.number, d))
                pending = {}
                story.last_trip = e.number
            elif isinstance(e, FinalRoundStarted) and story.final_round_at is None:
                story.final_round_at, story.trigger = story.last_trip, e.trigger
            elif isinstance(e, SuddenDeath) and story.sudden_death_at is None:
                story.sudden_death_at = story.last_trip
    return story


FACTS = (Fact("trips"), Fact("best_trip", best=True, shown=True), Fact("busts", shown=True),
         Fact("skull_island", shown=True), Fact("pirate_magic"))


def facts(match) -> list[dict[str, float]]:
    """Per seat, the statistics' figures from the tally: `trips`, `best_trip` (the most points one scored trip
    added; only once one was scored), `busts` (trips ended by skulls), `skull_island` (its visits),
    `pirate_magic` (1, only when it won by Pirate magic)."""
    out: list[dict[str, float]] = []
    for t in tally(match).seats:
        figures: dict[str, float] = {"trips": t.trips, "busts": t.busts, "skull_island": t.islands}
        if t.best is not None:
            figures["best_trip"] = t.best
        if t.magic:
            figures["pirate_magic"] = 1
        out.append(figures)
    return out


def score_series(story: Story, scores) -> tuple[Series, ...]:
    """Every seat's score after each trip where it changed (from its score before the game, worked back from
    the final `scores`), carried to the last trip: the chart's lines."""
    series = []
    for s, t in enumerate(story.seats):
        total = scores[s] - sum(d for _x, d in t.deltas)
        points = [(0, total)]
        for x, d in t.deltas:
            total += d
            points.append((x, total))
        if points[-1][0] < story.last_trip:
            points.append((story.last_trip, total))
        series.append(Series(s, tuple(points)))
    return tuple(series)


def feel(match) -> Feel:
    """The lab's figures of a game from the tally: the scores after each trip (the chart's lines), and for the
    whole game `busts` (trips ended by skulls), `skull_island_visits`, `skull_island_loss` (the points the
    others lost there)."""
    story = tally(match)
    seats = story.seats
    return Feel("trip", score_series(story, list(match.game.scores(match.state))), story.last_trip,
                (("busts", sum(t.busts for t in seats)), ("skull_island_visits", sum(t.islands for t in seats)),
                 ("skull_island_loss", sum(t.island_damage for t in seats))), lap=len(seats))


def recap(game, match) -> Recap:
    story = tally(match)
    names = match.names
    n = len(names)
    end = game_end(public_events(match))
    winners = list(end.winners) if end is not None else []
    scores = list(game.scores(match.state))        # everything in this game is public
    words = game.words()
    target = game.options.target

    series = score_series(story, scores)
    marks = []
    if story.final_round_at is not None:
        marks.append(ChartMark(story.final_round_at, _("final round")))
    if story.sudden_death_at is not None:
        marks.append(ChartMark(story.sudden_death_at, _("sudden death")))
    chart = Chart("scores", _("Score after each trip"), series, x_title=_("trips"), target=target,
                  target_label=_("target {target}").format(target=target), marks=tuple(marks))

    # the figures per seat
    bests = [t.best for t in story.seats if t.best is not None]
    top = max(bests) if bests else None
    rows = []
    for s, t in enumerate(story.seats):
        if t.best is None:
            best = "–"
        else:
            best = f"{t.best}"
            if t.best_card:
                best += "\n" + words.card(t.best_card)
        island = str(t.islands)
        if t.island_damage:
            island = _("{n} (others −{points})").format(n=t.islands, points=t.island_damage)
        rows.append(StatRow(s, (str(t.trips), best, str(t.busts), island),
                            (False, t.best is not None and t.best == top and top > 0, False, False)))
    stats = Stats("trips", _("The trips"), (_("trips"), _("best trip"), _("busts"), _("Skull Island")),
                  tuple(rows), note=_("busts: trips ended by skulls"))

    magic = any(t.magic for t in story.seats)
    summary = ngettext("{n} trip", "{n} trips", story.last_trip).format(n=story.last_trip)
    summary += "  ·  " + _("target {target}").format(target=target)
    if magic:
        summary += "  ·  " + _("won by Pirate magic")

    def note(s):
        t = story.seats[s]
        if t.magic:
            return _("Pirate magic: nine of a kind")
        if s == story.trigger:
            return _("started the final round")
        return ""
    table = standings(range(n), winners, key=lambda s: scores[s], score=lambda s: str(scores[s]), note=note)
    return Recap(game.id, headline(names, winners), table, summary, _("points"), (stats, chart))
