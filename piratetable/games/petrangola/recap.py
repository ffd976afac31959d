"""Petrangola's recap, from the public record of events: the order in which the seats went out (seats out after
the same hand share a place), the rebuys (who came back, when, with how many tokens, and the pot after it), and
who took the pot and how big it was. Hands stay out of it: only what was shown to everybody counts."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.events import ScoreChanged, SeatBack, SeatOut, StageStarted, TurnStarted
from ...i18n import _, ngettext
from ...narrate import join_names
from ...table.recap import (
    Chart,
    Fact,
    Feel,
    Highlight,
    Recap,
    Series,
    StatRow,
    Stats,
    Timeline,
    TimelineStep,
    game_end,
    headline,
    public_events,
    standings,
)
from .events import Knocked, PotChanged, PotWon, Showdown


@dataclass
class Story:
    hands: int = 0
    out_hand: dict = field(default_factory=dict)       # seat -> the hand after which it was out for good
    outs: list = field(default_factory=list)           # (hand, seat) in the order they went out for good
    rebuys: list = field(default_factory=list)         # (hand, seat, tokens, pot after)
    pot: int | None = None                             # the pot taken
    pot_seat: int | None = None
    showdowns: dict = field(default_factory=dict)      # seat -> showdowns it was in
    lost: dict = field(default_factory=dict)           # seat -> showdowns it lost a token at
    petrangolone: dict = field(default_factory=dict)   # seat -> tokens won with a Petrangolone
    knocks: dict = field(default_factory=dict)         # seat -> knocks
    knock_turns: list = field(default_factory=list)    # (hand, turn of that hand it came on, from 1) per knock
    tokens: dict = field(default_factory=dict)         # seat -> [(hand, tokens after it)] while it plays


FACTS = (Fact("hands"), Fact("hands_survived", shown=True), Fact("petrangolone"))


def facts(match) -> list[dict[str, float]]:
    """Per seat, the statistics' figures from the tally: `hands` (showdowns it was in), `hands_survived` (those it
    lost no token at), `petrangolone` (showdowns it won a token at with a Petrangolone)."""
    story = tally(match)
    out: list[dict[str, float]] = []
    for seat in range(len(match.seats)):
        hands = story.showdowns.get(seat, 0)
        out.append({"hands": hands, "hands_survived": hands - story.lost.get(seat, 0),
                    "petrangolone": story.petrangolone.get(seat, 0)})
    return out


def tally(match) -> Story:
    story = Story()
    hand = 0
    back: dict[int, int] = {}      # seat -> tokens it came back with (this hand)
    now = dict(enumerate(match.game.scores(match.state)))    # tokens at the end, corrected backwards below
    changes: list[tuple[int, int, int]] = []                  # (hand, seat, delta)
    turn = 0                       # the turns of this hand so far
    for group in public_events(match):
        for e in group:
            if isinstance(e, TurnStarted):
                turn += 1
            elif isinstance(e, StageStarted) and e.kind == "hand":
                hand, turn = e.number, 0
                story.hands = max(story.hands, e.number)
            elif isinstance(e, SeatOut) and e.final and e.seat not in story.out_hand:
                story.out_hand[e.seat] = hand
                story.outs.append((hand, e.seat))
            elif isinstance(e, SeatBack):
                back[e.seat] = 0
            elif isinstance(e, ScoreChanged) and e.seat in back and any(p.kind == "rebuy" for p in e.parts):
                back[e.seat] = e.total
                changes.append((hand, e.seat, e.delta))
            elif isinstance(e, ScoreChanged):
                changes.append((hand, e.seat, e.delta))
            elif isinstance(e, PotChanged):
                for seat, tokens in back.items():
                    story.rebuys.append((hand, seat, tokens, e.pot))
                back = {}
            elif isinstance(e, Showdown):
                for res in e.results:
                    story.showdowns[res.seat] = story.showdowns.get(res.seat, 0) + 1
                    if res.delta < 0:
                        story.lost[res.seat] = story.lost.get(res.seat, 0) + 1
                    elif res.delta > 0:
                        story.petrangolone[res.seat] = story.petrangolone.get(res.seat, 0) + 1
            elif isinstance(e, Knocked):
                story.knocks[e.seat] = story.knocks.get(e.seat, 0) + 1
                story.knock_turns.append((hand, turn))
            elif isinstance(e, PotWon):
                story.pot, story.pot_seat = e.pot, e.seat
    for seat, tokens in back.items():   # a rebuy without a pot change (a stake of 0)
        story.rebuys.append((hand, seat, tokens, None))
    # tokens after each hand: from the tokens at the end back through every change (the start is the config's)
    start = dict(now)
    for _hand, seat, delta in changes:
        start[seat] -= delta
    held = dict(start)
    for seat in held:
        story.tokens[seat] = [(0, held[seat])]
    for h, seat, delta in changes:
        held[seat] += delta
        story.tokens[seat].append((h, held[seat]))   # out and back in the same hand: both show
    for seat, line in story.tokens.items():   # a seat still in carries its tokens to the last hand
        if seat not in story.out_hand and line[-1][0] < story.hands:
            line.append((story.hands, held[seat]))
    return story


def feel(match) -> Feel:
    """The lab's figures of a game from the tally: every seat's tokens after each hand (the chart's lines), and
    for the whole game `knocks`, `knock_turn` (the mean turn of its hand a knock came on, counted from 1; None
    without a knock), `showdowns` (a seat in a showdown, counted per seat), `tokens_lost` (at showdowns),
    `rebuys`."""
    story = tally(match)
    n = len(match.seats)
    knock_turn = (sum(t for _h, t in story.knock_turns) / len(story.knock_turns)) if story.knock_turns else None
    return Feel("hand", tuple(Series(s, tuple(story.tokens.get(s, ()))) for s in range(n)), story.hands,
                (("knocks", len(story.knock_turns)), ("knock_turn", knock_turn),
                 ("showdowns", sum(story.showdowns.values())), ("tokens_lost", sum(story.lost.values())),
                 ("rebuys", len(story.rebuys))))


def recap(game, match) -> Recap:
    names = match.names
    n = len(names)
    story = tally(match)
    end = game_end(public_events(match))
    winners = list(end.winners) if end is not None else []
    tokens = list(game.scores(match.state))          # tokens are public
    rebought = {seat: hand for hand, seat, _t, _p in story.rebuys}

    def key(s):   # the winner is placed first by `standings`; the later out, the better; still in: best
        return story.out_hand.get(s, story.hands + 1), tokens[s]

    def note(s):
        parts = []
        if s in winners and story.pot is not None:
            parts.append(ngettext("took the pot of {n} chip", "took the pot of {n} chips", story.pot).format(
                n=story.pot))
        elif s in story.out_hand:
            parts.append(_("out in hand {n}").format(n=story.out_hand[s]))
        if s in rebought:
            parts.append(_("rebought in hand {n}").format(n=rebought[s]))
        return "  ·  ".join(parts)

    def score(s):
        return str(tokens[s])
    table = standings(range(n), winners, key=key, score=score, note=note)

    # the story in order: who went out after which hand, who came back
    steps = []
    outs_by_hand: dict[int, list[int]] = {}
    for hand, seat in story.outs:
        if seat not in winners:
            outs_by_hand.setdefault(hand, []).append(seat)
    events: list[tuple[int, int, tuple[str, tuple]]] = [(hand, 0, ("out", tuple(seats)))
                                                         for hand, seats in outs_by_hand.items()]
    events += [(hand, 1, ("rebuy", (seat, t, pot))) for hand, seat, t, pot in story.rebuys]
    for hand, _order, (kind, data) in sorted(events, key=lambda x: (x[0], x[1])):
        when = _("Hand {n}").format(n=hand)
        if kind == "out":
            seats = tuple(data)
            text = ngettext("{names} is out", "{names} are out", len(seats)).format(names=join_names(names, seats))
            steps.append(TimelineStep(when, text, "out", seats, "bad"))
        else:
            seat, t, pot = data
            text = ngettext("{name} rebuys: back with {n} token", "{name} rebuys: back with {n} tokens", t).format(
                name=names[seat], n=t)
            if pot is not None:
                text += "  ·  " + ngettext("pot {n} chip", "pot {n} chips", pot).format(n=pot)
            steps.append(TimelineStep(when, text, "token", (seat,), "good"))
    timeline = Timeline("outs", _("Out, in order"), tuple(steps))
    sections: list[Highlight | Timeline | Chart | Stats] = []
    if story.pot is not None and story.pot_seat is not None:
        text = ngettext("{name} takes the pot: {n} chip", "{name} takes the pot: {n} chips", story.pot).format(
            name=names[story.pot_seat], n=story.pot)
        if story.rebuys:
            text += "  ·  " + ngettext("{n} rebuy paid into it", "{n} rebuys paid into it",
                                       len(story.rebuys)).format(n=len(story.rebuys))
        sections.append(Highlight("pot", text, "chip", story.pot_seat))
    sections.append(timeline)
    rows = tuple(StatRow(s, (str(story.showdowns.get(s, 0)), str(story.lost.get(s, 0)),
                             str(story.petrangolone.get(s, 0)), str(story.knocks.get(s, 0))))
                 for _pl, s in sorted((st.place, st.seat) for st in table))
    sections.append(Chart("tokens", _("Tokens after each hand"),
                          tuple(Series(s, tuple(story.tokens.get(s, ()))) for s in range(n)), x_title=_("hands"),
                          optional=True))
    sections.append(Stats("hands", _("The showdowns"), (_("showdowns"), _("tokens lost"), _("Petrangolone"),
                                                       _("knocks")), rows, optional=True))
    summary = ngettext("{n} hand", "{n} hands", story.hands).format(n=story.hands)
    if story.rebuys:
        summary += "  ·  " + ngettext("{n} rebuy", "{n} rebuys", len(story.rebuys)).format(n=len(story.rebuys))
    if end is not None and end.reason == "nobody_left":
        summary += "  ·  " + _("nobody was left: the last dealer wins")
    return Recap(game.id, headline(names, winners), table, summary, _("tokens"), tuple(sections))
