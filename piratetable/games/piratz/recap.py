"""Piratz's recap: the majority table at the end (per treasure type the cubes on it and who took which, every
seat's items, rat tie-breaks won, ties that left a cube untaken, rat cards and cards per seat), and the story
of the collections (rats caught, the biggest take).

The collections come from the public record of events (the cards moved into `collection:{seat}`, or shown
there). With closed collections (`open_collections: false`) those moves are face down; the game shows every
collection at its end (rules.md, Scoring), so the cards still unknown from the record are read from what the
finished game shows everybody. The cubes lie face up all game (the record does not carry them, the public view
does); who took which cube comes from the final `ScoreChanged` events.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.events import Acted, CardsMoved, CardsShown, ScoreChanged, StageEnded, zone_owner
from ...i18n import _, ngettext
from ...table.model import Cell, Column, Matrix, MatrixRow
from ...table.recap import (
    Chart,
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
from .events import RatsCaught
from .schema import RAT, TYPES
from .scoring import all_awards
from .scoring import points as cube_points
from .words import item_count, type_name


def collections(game, match) -> list[list[str | None]]:
    """Every seat's collected cards in the order taken, from the public record (None: a card moved face down
    whose id the record does not give); at the game's end the collections the game shows fill those in."""
    n = len(match.seats)
    out: list[list[str | None]] = [[] for _ in range(n)]
    for group in public_events(match):
        for e in group:
            if isinstance(e, CardsMoved) and e.dst.startswith("collection:"):
                seat = zone_owner(e.dst)
                if seat is not None and 0 <= seat < n:
                    out[seat].extend(e.cards)
            elif isinstance(e, CardsShown) and e.zone.startswith("collection:"):
                seat = zone_owner(e.zone)
                if seat is not None and 0 <= seat < n:
                    out[seat] = list(e.cards)
    if match.over and any(c is None for coll in out for c in coll):
        shown = game.view(match.state, 0)["collections"]   # open to everybody once the game is over
        out = [list(shown[s]) if None in out[s] and shown[s] is not None else out[s] for s in range(n)]
    return out


def counts(game, cards) -> tuple[dict, int]:
    """(items per treasure type, rat cards) of a collection (unknown cards count for nothing)."""
    items = dict.fromkeys(TYPES, 0)
    rats = 0
    for cid in cards:
        card = game.cards.get(cid) if cid is not None else None
        if card is None:
            continue
        for item in card.items:
            if item != RAT:
                items[item] += 1
        rats += card.rat
    return items, rats


def cubes_by_round(game, match, colls, cubes) -> tuple[Series, ...]:
    """Each seat's cubes after every round, as if the game had ended there (the collections in the order they
    were taken: `colls[s][:k]` is what seat s held after its first k cards)."""
    n = len(match.seats)
    held = [0] * n
    lines: list[list[tuple[int, int]]] = [[(0, 0)] for _ in range(n)]
    for group in public_events(match):
        for e in group:
            if isinstance(e, CardsMoved) and e.dst.startswith("collection:"):
                seat = zone_owner(e.dst)
                if seat is not None and 0 <= seat < n:
                    held[seat] += len(e.cards)
            elif isinstance(e, StageEnded) and e.kind == "round":
                tallies = [counts(game, colls[s][:held[s]]) for s in range(n)]
                now = cube_points([t[0] for t in tallies], [t[1] for t in tallies], cubes)
                for s in range(n):
                    lines[s].append((e.number, now[s]))
    return tuple(Series(s, tuple(points)) for s, points in enumerate(lines))


def awards_from_record(match, n) -> dict[str, list[tuple[int, int]]] | None:
    """Per treasure type, (value, seat) of every cube taken, from the final score events (None: not scored yet)."""
    out: dict[str, list[tuple[int, int]]] = {t: [] for t in TYPES}
    scored = False
    for group in public_events(match):
        for e in group:
            if isinstance(e, ScoreChanged):
                scored = True
                for part in e.parts:
                    if part.kind == "cube" and part.what in out:
                        out[part.what].append((part.points, e.seat))
    if not scored:
        return None
    return {t: sorted(v, key=lambda p: -p[0]) for t, v in out.items()}


@dataclass
class Story:
    """The record, tallied once: per seat the times the rats caught it, its biggest take (items of the type it
    named, the type) and the cubes it took at the end (none before the scoring); the rounds played."""

    caught: list[int]
    biggest: list[tuple[int, str]]
    cubes: list[int]
    rounds: int = 0


def tally(game, match, events=None) -> Story:
    """Read the public events once (`events`: `public_events(match)`, when the caller has them already)."""
    n = len(match.seats)
    events = public_events(match) if events is None else events
    story = Story([0] * n, [(0, "")] * n, [0] * n)
    taking: tuple[int, str] | None = None
    for group in events:
        for e in group:
            if isinstance(e, Acted):
                action = e.action
                taking = (e.seat, action.args[0]) if isinstance(action, Action) and action.verb == "take" \
                    and action.args else None
            elif isinstance(e, RatsCaught):
                story.caught[e.seat] += 1
            elif isinstance(e, CardsMoved) and taking is not None and e.dst.startswith("collection:"):
                seat, t = taking
                got = sum(game.cards[c].items.count(t) for c in e.cards if c is not None and c in game.cards)
                if got > story.biggest[seat][0]:
                    story.biggest[seat] = (got, t)
            elif isinstance(e, StageEnded) and e.kind == "round":
                story.rounds += 1
            elif isinstance(e, ScoreChanged) and 0 <= e.seat < n:
                story.cubes[e.seat] += sum(1 for p in e.parts if p.kind == "cube")
    return story


FACTS = (Fact("majorities", shown=True), Fact("rats_caught"))


def facts(match) -> list[dict[str, float]]:
    """Per seat, the statistics' figures from the tally: `majorities` (the scoring cubes it took at the end),
    `rats_caught` (the times the rats caught it)."""
    story = tally(match.game, match)
    return [{"majorities": cubes, "rats_caught": caught} for cubes, caught in zip(story.cubes, story.caught)]


def feel(match) -> Feel:
    """The lab's figures of a game from the tally: every seat's points after each round as if the game had ended
    there (the chart's lines), and for the whole game `rats_caught` (the times the rats caught a seat),
    `cubes_taken` (the scoring cubes taken at the end) and `biggest_take` (the most items of one type a single
    take brought)."""
    game = match.game
    story = tally(game, match)
    cubes = {t: list(v) for t, v in game.view(match.state, 0)["cubes"].items()}
    series = cubes_by_round(game, match, collections(game, match), cubes)
    return Feel("round", series, story.rounds,
                (("rats_caught", sum(story.caught)), ("cubes_taken", sum(story.cubes)),
                 ("biggest_take", max((got for got, _t in story.biggest), default=0))))


def recap(game, match) -> Recap:
    names = match.names
    n = len(names)
    events = public_events(match)
    end = game_end(events)
    winners = list(end.winners) if end is not None else []
    cubes = {t: list(v) for t, v in game.view(match.state, 0)["cubes"].items()}   # face up all game
    colls = collections(game, match)
    tallies = [counts(game, c) for c in colls]
    items = [it for it, _r in tallies]
    rats = [r for _i, r in tallies]
    awards = awards_from_record(match, n)
    if awards is None:   # not over yet: who would take them now
        awards = {t: [(v, s) for v, s in zip(cubes[t], seats) if s is not None]
                  for t, seats in all_awards(items, rats, cubes).items()}
    points = [0] * n
    for t in TYPES:
        for value, s in awards[t]:
            points[s] += value

    # --- the majority table ------------------------------------------------------------------------------
    columns = tuple(Column(t, type_name(t), t, tuple(str(v) for v in cubes[t])) for t in TYPES) + \
        (Column("rats", _("rats"), RAT),)
    rows = []
    any_rat_win = any_tie = False
    for s in range(n):
        cells = [Cell(ngettext("{n} point", "{n} points", points[s]).format(n=points[s]))]
        for t in TYPES:
            cell, won_on_rats, tied = _cell(items, rats, awards[t], cubes[t], s, t)
            any_rat_win |= won_on_rats
            any_tie |= tied
            cells.append(cell)
        cells.append(Cell(str(rats[s])))
        rows.append(MatrixRow(s, tuple(cells)))
    notes = [_("Framed: the cube taken (filled: the type's higher cube)")]
    if any_rat_win:
        notes.append(_("*: won the tie on rat cards"))
    if any_tie:
        notes.append(_("=: still tied, that cube stays untaken"))
    matrix = Matrix("majority", _("Majorities"), columns, tuple(rows), "  ·  ".join(notes), grow=1.0)

    # --- the story of the collections ----------------------------------------------------------------------
    story = tally(game, match, events)
    caught, biggest, rounds = story.caught, story.biggest, story.rounds
    most = max(b[0] for b in biggest) if n else 0
    stat_rows = []
    for s in range(n):
        got, t = biggest[s]
        take = item_count(t, got) if got else "–"
        stat_rows.append(StatRow(s, (str(len(colls[s])), str(caught[s]), take),
                                 (False, False, got > 0 and got == most)))
    stats = Stats("collections", _("The collections"), (_("cards"), _("caught by the rats"), _("biggest take")),
                  tuple(stat_rows))

    def note(s):
        won = [t for t in TYPES for _v, w in awards[t] if w == s]
        if not won:
            return _("no cube taken")
        return ngettext("{n} cube taken", "{n} cubes taken", len(won)).format(n=len(won))
    summary = ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)
    table = standings(range(n), winners, key=lambda s: points[s], score=lambda s: str(points[s]), note=note)
    chart = Chart("rounds", _("Cubes held after each round"), cubes_by_round(game, match, colls, cubes),
                  x_title=_("rounds"), optional=True)
    return Recap(game.id, headline(names, winners), table, summary, _("points"), (matrix, stats, chart))


def _cell(items, rats, taken, cubes, s, t) -> tuple[Cell, bool, bool]:
    """A seat's items of a type with the cube it took (badge; lead: the type's higher cube), `*` when it won
    the tie on rats, `=` when it stays tied and a cube is left untaken; and whether those two apply."""
    count = items[s][t]
    if not count:
        return Cell("0", "dim"), False, False
    same = [o for o in range(len(items)) if o != s and items[o][t] == count]
    mine = [(i, v) for i, (v, w) in enumerate(taken) if w == s]
    if mine:
        value = mine[0][1]
        on_rats = any(rats[o] < rats[s] for o in same)
        text = _("{n}*").format(n=count) if on_rats else str(count)
        # the type's higher cube: no other seat that took one of its cubes ranks above (cubes may be equal)
        lead = all((count, rats[s]) > (items[o][t], rats[o]) for _v, o in taken if o != s)
        return Cell(text, "lead" if lead else "second", badge=str(value)), on_rats, False
    untaken = len(taken) < len(cubes)
    if untaken and any(rats[o] == rats[s] for o in same):
        return Cell(_("{n}=").format(n=count), "tie"), False, True
    return Cell(str(count)), False, False
