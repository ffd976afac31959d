"""The recap of a finished game: what the results screen tells (no pygame).

A game's `games/<id>/recap.py` defines `recap(game, match) -> Recap`, computed from the match's PUBLIC record of
events (`public_events`: `match.events_for(None, i)` for every decision, the start included) and from what the
game shows everybody at its end; a game without one gets `default_recap` (standings and the last log lines). The
results scene (`ui/scenes/results.py`) draws a `Recap`: the standings on the left, the sections on the right.

The pieces:
- `Standing`: one seat's final place (1st, 2nd…; seats that tie share a place), its score and a short note;
- sections: `Highlight` (one line with an icon), `Stats` (a small table of figures per seat), `Chart` (lines
  over time, one per seat), `Timeline` (steps in order: who went out when), `Gallery` (one picture per seat,
  drawn by the game's painters from `Zone`s of the table model), `Matrix` (the table model's, e.g. Piratz's
  majorities), `Lines` (plain text lines).

Text in a recap is already in the player's language and the game's words (never ids or notation).

The recap part also gives the statistics their facts, from the same tally the recap tells (one count): `FACTS`,
a tuple of `Fact` (which figures are kept per seat and game, how they add up across games, which the statistics
screen tells), and `facts(match) -> list[dict[str, float]]`, the figures per seat. The screen's words for a fact
are the game's: its `words` part's `fact_text(key, totals)`. `facts_for` and `facts_declared` find them by the
parts rule (`Game.part`), for a built-in game and a plug-in alike.

The balance lab's "feel" figures come from the same tally too: `feel(match) -> Feel`, every seat's standing
after each of the game's units (the lines of the recap's chart) and the game's own counts for the whole game
(busts, pirates met, knocks …); `feel_for` finds it. The lab reads lead changes and comebacks off the standings
(`piratetable/lab/feel.py`, docs/lab.md).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine.events import Event, GameEnded
from ..i18n import _
from .model import Matrix, Zone

# --- the facts the statistics keep ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """A figure the statistics keep per seat and game (piratetable/stats.py), counted by the game's recap tally.

    - `key`: its stored name (kept as it is: statistics files written by older versions hold it);
    - `best`: across games the best (largest) is kept, else the sum;
    - `shown`: told on the statistics screen, in the game's words (`words.fact_text(key, totals)`, `totals` the
      name's figures of every fact of the game, by key)."""

    key: str
    best: bool = False
    shown: bool = False


def facts_declared(game_class) -> tuple[Fact, ...]:
    """The facts a game's recap part declares (`FACTS`; none for a game without)."""
    module = game_class.part("recap")
    return tuple(getattr(module, "FACTS", ())) if module is not None else ()


def facts_for(game, match) -> dict[int, dict[str, float]]:
    """Per seat, the game's facts for a match (its recap part's `facts(match)`; none for a game without)."""
    module = game.part("recap")
    count = getattr(module, "facts", None) if module is not None else None
    per_seat = count(match) if count is not None else [{} for _ in match.seats]
    return {seat: dict(figures) for seat, figures in enumerate(per_seat)}


@dataclass(frozen=True)
class Feel:
    """What the balance lab keeps of one game from the recap's tally.

    - `unit`: the game's unit of length (its `stage_kind`: trip, round, hand, turn);
    - `series`: each seat's standing after each unit, the x of a point being the units ended (0: the start),
      as the recap's chart draws it (a seat's line may skip units where it did not change);
    - `units`: the units the game lasted;
    - `lap`: the units of one round of the table (the number of seats when a unit is one seat's, as a trip or a
      turn is; 1 when every seat plays in each unit, as in a round or a hand): standings are compared after each;
    - `counts`: (key, figure) for the whole game, all seats together, in the game's own terms; a key reads as
      English with its `_` as spaces (`busts`, `pirates_met`); a figure is None when the game had none to
      give (e.g. the mean turn of a knock in a game without a knock)."""

    unit: str
    series: tuple[Series, ...]
    units: int
    counts: tuple[tuple[str, float | None], ...] = ()
    lap: int = 1


def feel_for(game, match) -> Feel | None:
    """The game's `Feel` of a finished match (its recap part's `feel(match)`; None for a game without one)."""
    module = game.part("recap")
    count = getattr(module, "feel", None) if module is not None else None
    return count(match) if count is not None else None


# --- the standings --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One seat's final position: `place` counts from 1; seats that tie share it (`shared`), the next place
    skips as many (1, 2, 2, 4)."""

    seat: int
    place: int
    score: str = ""
    shared: bool = False
    winner: bool = False
    note: str = ""                    # one short line: what decided the place ("out in hand 7", "best trip 900")


# --- sections ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Highlight:
    """One line worth a banner (e.g. who took the pot), with a painter icon before it."""

    id: str
    text: str
    icon: str = ""
    seat: int | None = None
    tone: str = "good"                # good | bad | ""


@dataclass(frozen=True)
class StatRow:
    seat: int
    cells: tuple[str, ...]
    best: tuple[bool, ...] = ()       # per cell: the best of its column (drawn framed, not by colour alone)


@dataclass(frozen=True)
class Stats:
    """A small table: one row per seat, one column per figure."""

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[StatRow, ...]
    note: str = ""
    optional: bool = False            # left out where the screen has no room for it


@dataclass(frozen=True)
class Series:
    """One seat's line: (x, value) points in order (x: the trip, round or hand after which the value held)."""

    seat: int
    points: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ChartMark:
    """A vertical mark at `x` (e.g. where the final round started)."""

    x: int
    label: str


@dataclass(frozen=True)
class Chart:
    """Values over time, one line per seat; `target` is drawn as a labelled horizontal line."""

    id: str
    title: str
    series: tuple[Series, ...]
    x_title: str = ""
    target: int | None = None
    target_label: str = ""
    marks: tuple[ChartMark, ...] = ()
    optional: bool = False


@dataclass(frozen=True)
class TimelineStep:
    """One moment of the story: when (e.g. "Hand 4"), an icon, the seats it concerns and what happened."""

    when: str
    text: str
    icon: str = ""
    seats: tuple[int, ...] = ()
    tone: str = ""                    # "" | good | bad


@dataclass(frozen=True)
class Timeline:
    id: str
    title: str
    steps: tuple[TimelineStep, ...]
    note: str = ""


@dataclass(frozen=True)
class Picture:
    """One seat's picture: zones drawn one above the other by the game's painters (custom zones such as a ship),
    with lines of text under them."""

    seat: int
    title: str
    zones: tuple[Zone, ...]
    lines: tuple[str, ...] = ()
    winner: bool = False


@dataclass(frozen=True)
class Gallery:
    id: str
    title: str
    pictures: tuple[Picture, ...]


@dataclass(frozen=True)
class Lines:
    id: str
    title: str
    lines: tuple[str, ...]


Section = Highlight | Stats | Chart | Timeline | Gallery | Matrix | Lines


@dataclass(frozen=True)
class Recap:
    """What the results screen shows of one finished game."""

    game: str                         # the game's id
    headline: str                     # "Anna wins!", "Shared win: Anna and Ben", "No winner"
    standings: tuple[Standing, ...]   # in place order
    summary: str = ""                 # one line under the headline ("23 trips · target 6000")
    score_title: str = ""             # what the score column counts ("points", "tokens", "ship cards")
    sections: tuple[Section, ...] = ()

    def standing(self, seat: int) -> Standing | None:
        return next((s for s in self.standings if s.seat == seat), None)


# --- helpers for a game's recap -----------------------------------------------------------------------------------
def public_events(match) -> list[list[Event]]:
    """The public record: the start's events, then each decision's, as a spectator may know them."""
    return [match.events_for(None, i) for i in range(-1, match.moves)]


def game_end(events: Iterable[Iterable[Event]]) -> GameEnded | None:
    """The game's end as the record tells it (None while it is not over)."""
    found = None
    for group in events:
        for e in group:
            if isinstance(e, GameEnded):
                found = e
    return found


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 21st."""
    if n % 100 in (11, 12, 13):
        return _("{n}th").format(n=n)
    return {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10, _("{n}th")).format(n=n)


def place_label(standing: Standing) -> str:
    """"1st", or "=2nd" for a shared place."""
    text = ordinal(standing.place)
    return _("={place}").format(place=text) if standing.shared else text


def rank(seats: Iterable[int], winners: Iterable[int], key: Callable[[int], object]) -> list[tuple[int, int, bool]]:
    """(seat, place, shared) in place order: the winners first (sharing 1st when there are several), then the
    others by `key` (higher first; equal keys share a place). A place is 1 + the seats ahead of it."""
    seats, winners = list(seats), [s for s in winners]
    wins = [s for s in seats if s in winners]
    rest = sorted((s for s in seats if s not in winners), key=lambda s: (_neg(key(s)), s))
    out = [(s, 1, len(wins) > 1) for s in wins]
    i = 0
    while i < len(rest):
        j = i
        while j < len(rest) and key(rest[j]) == key(rest[i]):
            j += 1
        place = len(wins) + i + 1
        out.extend((s, place, j - i > 1) for s in rest[i:j])
        i = j
    return out


def _neg(value):
    if isinstance(value, tuple):
        return tuple(_neg(v) for v in value)
    return -value


def standings(seats: Iterable[int], winners: Iterable[int], key: Callable[[int], object],
              score: Callable[[int], str], note: Callable[[int], str] = lambda s: "") -> tuple[Standing, ...]:
    """The standings from `rank`, with each seat's score text and note."""
    winners = list(winners)
    return tuple(Standing(s, place, score(s), shared, s in winners, note(s))
                 for s, place, shared in rank(seats, winners, key))


def headline(names, winners) -> str:
    """"Anna wins!", "Shared win: Anna and Ben", "No winner"."""
    from ..narrate import join_names
    winners = list(winners)
    if len(winners) == 1:
        return _("{name} wins!").format(name=names[winners[0]] if winners[0] < len(names) else "?")
    if winners:
        return _("Shared win: {names}").format(names=join_names(names, winners))
    return _("No winner")


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("-inf")


def default_recap(game, match) -> Recap:
    """A game without its own recap: the standings by score (the winners first) and the last moves."""
    events = public_events(match)
    end = game_end(events)
    winners = list(end.winners) if end is not None else list(game.winners(match.state))
    scores = list(game.scores(match.state))
    n = len(match.seats)

    def score(s):
        return "" if s >= len(scores) or scores[s] is None else str(scores[s])
    table = standings(range(n), winners, key=lambda s: _num(scores[s]) if s < len(scores) else float("-inf"),
                      score=score)
    last = tuple(match.log(None, last=8))
    sections = (Lines("last", _("Last moves"), last),) if last else ()
    return Recap(game.id, headline(match.names, winners), table, _("{n} moves").format(n=match.moves),
                 _("score"), sections)


def recap_for(game, match) -> Recap:
    """The game's recap (`games/<id>/recap.py`: `recap(game, match)`), else `default_recap`."""
    module = game.part("recap")
    build = getattr(module, "recap", None) if module is not None else None
    if build is None:
        return default_recap(game, match)
    return build(game, match)
