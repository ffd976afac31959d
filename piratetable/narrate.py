"""Events told in words: the log lines, the names of a game's things, the parts of a score.

A game's `words.py` subclasses `Narrator` for its own vocabulary and events; a plugin without one gets these
defaults. Text is made here, per viewer (from events already redacted for that viewer) and per language (every
phrase goes through `piratetable.i18n`); nothing ever parses it back.
"""
from __future__ import annotations

import re

from .engine.events import (
    Acted,
    CardsMoved,
    CardsShown,
    DiceRolled,
    Event,
    GameEnded,
    PileShuffled,
    ScoreChanged,
    ScorePart,
    SeatBack,
    SeatOut,
    StageEnded,
    StageStarted,
    TurnStarted,
)
from .i18n import _, join_list, ngettext

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def seat_name(names, seat: int | None) -> str:
    """The name of a seat for a log line."""
    if seat is None:
        return _("nobody")
    if 0 <= seat < len(names):
        return names[seat]
    return _("Seat {n}").format(n=seat + 1)


def join_names(names, seats) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo"."""
    return join_list(seat_name(names, s) for s in seats)


def signed(points: int) -> str:
    """+300, −500 (a real minus sign), 0."""
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


class Narrator:
    """The shared phrasing; subclass per game (its `words.py` defines `Words(Narrator)`)."""

    # Which events sound like a setback (the "bust" cue): event classes, and `StageEnded.outcome` values.
    SETBACKS: tuple[type, ...] = (SeatOut,)
    SETBACK_OUTCOMES: frozenset[str] = frozenset()

    def __init__(self, game):
        self.game = game

    def cue(self, events) -> str | None:
        """The sound a pause on these events deserves, by name (`piratetable.ui.sound`): "win" when the game
        ends, "bust" for a setback (a failed trip, a seat out …), else None."""
        if any(isinstance(e, GameEnded) for e in events):
            return "win"
        for e in events:
            if isinstance(e, self.SETBACKS) or (isinstance(e, StageEnded) and e.outcome in self.SETBACK_OUTCOMES):
                return "bust"
        return None

    # --- names of the game's things --------------------------------------------------------------------
    def face(self, face: str) -> str:
        """A die face's name."""
        return face.replace("_", " ")

    def faces(self, faces) -> str:
        return ", ".join(self.face(f) for f in faces)

    def card(self, card_id: str | None) -> str:
        """A card's name (a hidden card: "a card")."""
        if card_id is None:
            return _("a hidden card")
        return card_id.split("#")[0].replace("_", " ").replace("-", " ")

    def cards(self, cards) -> str:
        hidden = sum(1 for c in cards if c is None)
        named = [self.card(c) for c in cards if c is not None]
        if hidden:
            named.append(ngettext("{n} hidden card", "{n} hidden cards", hidden).format(n=hidden))
        return ", ".join(named) if named else _("no card")

    def zone(self, zone_id: str) -> str:
        """A zone's name (`deck`, `hand:2` …)."""
        return zone_id.split(":")[0].replace("_", " ")

    def stage(self, kind: str) -> str:
        return {"trip": _("trip"), "round": _("round"), "hand": _("hand")}.get(kind, kind)

    def action(self, action) -> str:
        """A decision in words (a button label); the default shows the verb."""
        return str(getattr(action, "verb", action)).replace("_", " ").capitalize()

    def part(self, part: ScorePart) -> str:
        """One part of a score change in words, with its points."""
        what = f" {self.face(part.what)}" if part.what else ""
        count = f"{part.count}×" if part.count else ""
        return f"{count}{what.strip() or part.kind.replace('_', ' ')} {signed(part.points)}".strip()

    def parts(self, parts) -> str:
        return ", ".join(self.part(p) for p in parts)

    # --- telling events ------------------------------------------------------------------------------
    def line(self, events: list[Event], names) -> str:
        """One log line for the events of one decision (or of the start of the game)."""
        phrases = [self.tell(e, names) for e in events]
        return " ".join(p for p in phrases if p)

    def tell(self, event: Event, names) -> str | None:
        """A phrase for one event, or None when it needs none (each event class has a `tell_…` method)."""
        method = getattr(self, "tell_" + _CAMEL.sub("_", type(event).__name__).lower(), None)
        return method(event, names) if method is not None else None

    def tell_acted(self, e: Acted, names) -> str | None:
        return _("{who}: {what}.").format(who=seat_name(names, e.seat), what=self.action(e.action))

    def tell_dice_rolled(self, e: DiceRolled, names) -> str:
        return _("{who} rolls {faces}.").format(who=seat_name(names, e.seat), faces=self.faces(e.faces))

    def tell_cards_moved(self, e: CardsMoved, names) -> str:
        return _("{cards}: {src} → {dst}.").format(cards=self.cards(e.cards), src=self.zone(e.src),
                                                  dst=self.zone(e.dst))

    def tell_cards_shown(self, e: CardsShown, names) -> str:
        return _("{zone} shows {cards}.").format(zone=self.zone(e.zone), cards=self.cards(e.cards))

    def tell_pile_shuffled(self, e: PileShuffled, names) -> str:
        return _("The {src} ({n}) is shuffled into a new {dst}.").format(src=self.zone(e.src), n=e.count,
                                                                        dst=self.zone(e.dst))

    def tell_score_changed(self, e: ScoreChanged, names) -> str:
        return _("{who} {delta} (now {total}).").format(who=seat_name(names, e.seat), delta=signed(e.delta),
                                                        total=e.total)

    def tell_turn_started(self, e: TurnStarted, names) -> None:
        return None

    def tell_stage_started(self, e: StageStarted, names) -> None:
        return None

    def tell_stage_ended(self, e: StageEnded, names) -> None:
        return None

    def tell_seat_out(self, e: SeatOut, names) -> str:
        return _("{who} is out.").format(who=seat_name(names, e.seat))

    def tell_seat_back(self, e: SeatBack, names) -> str:
        return _("{who} is back in.").format(who=seat_name(names, e.seat))

    def tell_game_ended(self, e: GameEnded, names) -> str:
        if not e.winners:
            return _("The game is over without a winner.")
        if len(e.winners) == 1:
            return _("{who} wins the game.").format(who=seat_name(names, e.winners[0]))
        return _("{who} share the win.").format(who=join_names(names, e.winners))
