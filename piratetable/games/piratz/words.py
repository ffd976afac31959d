"""Piratz in words: treasure types, rats and cards told by what they show (never by their ids), decisions named for
buttons, the cubes of a score, and every event told as a log phrase.

Narration sees events already redacted for the viewer: a card of another seat's closed collection arrives as None
and is told as "a card" / "3 cards". A decision's events are told together (`line`): the type named and the cards
it collects make one phrase, and the end of a round counts the buried cards it sends to the discard pile.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ...engine.actions import Action
from ...engine.events import (
    Acted,
    CardsMoved,
    Event,
    GameEnded,
    PileShuffled,
    ScoreChanged,
    ScorePart,
    StageEnded,
    TurnStarted,
)
from ...i18n import _, join_list, ngettext, npgettext, pgettext
from ...narrate import Narrator, join_names, seat_name
from .events import LastCard, RatsCaught, ShovelAside
from .schema import RAT, TYPES


def item_count(kind: str, n: int) -> str:
    """`n` items of one kind: "a ring", "2 rings", "a rat". Piratz's coin is a treasure on a card, not Piraten
    Kapern's die face: its words have a context of their own ("Piratz treasure"), so that each language names it as
    the Piratz rule sheet does (Korean 동전, where Piraten Kapern's face is 금화)."""
    if n == 1:
        return {"ring": _("a ring"), "coin": pgettext("Piratz treasure", "a coin"), "pearl": _("a pearl"),
                "crown": _("a crown"), "goblet": _("a goblet"), "necklace": _("a necklace"), RAT: _("a rat")}[kind]
    forms = {
        "ring": ngettext("{n} ring", "{n} rings", n), "coin": npgettext("Piratz treasure", "{n} coin", "{n} coins", n),
        "pearl": ngettext("{n} pearl", "{n} pearls", n), "crown": ngettext("{n} crown", "{n} crowns", n),
        "goblet": ngettext("{n} goblet", "{n} goblets", n), "necklace": ngettext("{n} necklace", "{n} necklaces", n),
        RAT: ngettext("{n} rat", "{n} rats", n),
    }
    return forms[kind].format(n=n)


def type_name(kind: str) -> str:
    """A treasure type (or the rat) by its name: "ring"."""
    return {"ring": _("ring"), "coin": pgettext("Piratz treasure", "coin"), "pearl": _("pearl"), "crown": _("crown"),
            "goblet": _("goblet"), "necklace": _("necklace"), RAT: _("rat")}[kind]


def type_plural(kind: str) -> str:
    """A treasure type as a player names it: "rings"."""
    return {"ring": _("rings"), "coin": pgettext("Piratz treasure", "coins"), "pearl": _("pearls"),
            "crown": _("crowns"), "goblet": _("goblets"), "necklace": _("necklaces"), RAT: _("rats")}[kind]


def items_phrase(items) -> str:
    """Items counted by kind, treasure types in the rules' order, the rat last: "2 rings, a coin and a rat"."""
    counts = Counter(items)
    return join_list([item_count(kind, counts[kind]) for kind in TYPES + (RAT,) if counts[kind]])


def points_phrase(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _collects_into(event: Event, seat: int) -> bool:
    return isinstance(event, CardsMoved) and event.src == "table" and event.dst == f"collection:{seat}"


def _buried_to_discard(event: Event) -> bool:
    return isinstance(event, CardsMoved) and event.src.startswith("buried:") and event.dst == "discard"


class Words(Narrator):
    """Piratz's vocabulary."""

    SETBACKS = (RatsCaught,)

    # --- names of the game's things --------------------------------------------------------------------
    def face(self, face: str) -> str:
        """An item's name (Piratz has no dice: its "faces" are the items a card shows)."""
        return type_name(face) if face in TYPES or face == RAT else super().face(face)

    def items(self, card_id: str) -> str:
        """What a card shows: "2 rings and a rat", "a pearl and a necklace"."""
        return items_phrase(self.game.cards[card_id].items)

    def card(self, card_id: str | None) -> str:
        """A card by its items ("a card with 2 rings and a rat"); a hidden one is "a card"."""
        if card_id is None or card_id not in self.game.cards:
            return _("a card")
        return _("a card with {items}").format(items=self.items(card_id))

    def the_card(self, card_id: str) -> str:
        """The card a decision names: "the card with 2 crowns"."""
        return _("the card with {items}").format(items=self.items(card_id))

    def cards(self, cards) -> str:
        """Several cards: each by its items, or (hidden) how many."""
        if not cards:
            return _("no card")
        if any(c is None for c in cards):
            n = len(cards)
            return _("a card") if n == 1 else ngettext("{n} card", "{n} cards", n).format(n=n)
        return join_list([self.card(c) for c in cards])

    def zone(self, zone_id: str) -> str:
        name = zone_id.partition(":")[0]
        return {"deck": _("the draw pile"), "table": _("the table"), "discard": _("the discard pile"),
                "buried": _("under a shovel"), "collection": _("a collection")}.get(name, super().zone(zone_id))

    def action(self, action: Action) -> str:
        verb = action.verb
        arg = action.args[0] if action.args else ""
        if verb == "reveal":
            return _("Reveal a card")
        if verb == "end":
            return _("End the turn")
        if verb == "take":
            return _("Take {types}").format(types=type_plural(arg))
        if verb == "rat":
            return _("Decline the rat card") if arg == "none" else _("Take {card}").format(card=self.the_card(arg))
        if verb == "bury":
            return _("Bury {card}").format(card=self.the_card(arg))
        return super().action(action)

    def part(self, part: ScorePart) -> str:
        """A cube taken: "4 for 5 rings" (its value, for the seat's items of that type)."""
        if part.kind == "cube":
            return _("{points} for {items}").format(points=part.points, items=item_count(part.what, part.count))
        return super().part(part)

    # --- a decision's events as one line -----------------------------------------------------------------
    def line(self, events, names) -> str:
        """One log line for a decision: a take or a rat card with the cards it collects, a round's end with the
        buried cards it discards and who starts the next, the winners with their points; the rest event by event."""
        events = list(events)
        totals = {e.seat: e.total for e in events if isinstance(e, ScoreChanged)}
        told: set[int] = set()
        phrases = []
        buried = 0          # buried cards sent to the discard pile since the last round end in this line
        ended: StageEnded | None = None
        phrase: str | None
        for i, e in enumerate(events):
            if i in told:
                continue
            if isinstance(e, Acted) and e.action.verb in ("take", "rat") and e.action.args != ("none",):
                j = next((k for k in range(i + 1, len(events)) if _collects_into(events[k], e.seat)), None)
                if j is not None:
                    told.add(j)
                phrase = self.collect(e, events[j] if j is not None else None, names)
            elif _buried_to_discard(e) and any(isinstance(x, StageEnded) for x in events[i + 1:]):
                buried += len(e.cards)
                continue
            elif isinstance(e, StageEnded):
                phrase = self.round_end(e, buried)
                buried, ended = 0, e
            elif isinstance(e, TurnStarted) and ended is not None:
                phrase = _("{who} starts round {n}.").format(who=seat_name(names, e.seat), n=ended.number + 1)
                ended = None
            elif isinstance(e, GameEnded) and e.winners and all(w in totals for w in e.winners):
                phrase = self.result(e, totals[e.winners[0]], names)
            else:
                phrase = self.tell(e, names)
            if phrase:
                phrases.append(phrase)
        return " ".join(phrases)

    def collect(self, acted: Acted, moved: CardsMoved | None, names) -> str:
        """A take (the type named and what it collects) or a rat card taken, as the viewer may know it."""
        who = seat_name(names, acted.seat)
        cards = moved.cards if moved is not None else ()
        if acted.action.verb == "rat":
            if not cards or cards[0] is None:
                return _("{who} takes a rat card.").format(who=who)
            return _("{who} takes {card}.").format(who=who, card=self.card(cards[0]))
        types = type_plural(acted.action.args[0])
        n = len(cards)
        if not n:
            return _("{who} names {types}: no face-up card shows one, nothing collected.").format(who=who,
                                                                                              types=types)
        if cards[0] is None:
            if n == 1:
                return _("{who} names {types} and collects a card.").format(who=who, types=types)
            return ngettext("{who} names {types} and collects {n} card.",
                            "{who} names {types} and collects {n} cards.", n).format(who=who, types=types, n=n)
        if n == 1:
            return _("{who} names {types} and collects {card}.").format(who=who, types=types,
                                                                        card=self.card(cards[0]))
        shown = [item for c in cards for item in self.game.cards[c].items]
        return _("{who} names {types} and collects {n} cards with {items}.").format(
            who=who, types=types, n=n, items=items_phrase(shown))

    def round_end(self, e: StageEnded, buried: int) -> str:
        """The end of a round with the number of buried cards it sends to the discard pile."""
        if not buried:
            return _("Round {n} ends: no card was buried.").format(n=e.number)
        if buried == 1:
            return _("Round {n} ends: a buried card goes to the discard pile.").format(n=e.number)
        return ngettext("Round {n} ends: {k} buried card goes to the discard pile.",
                        "Round {n} ends: {k} buried cards go to the discard pile.", buried).format(n=e.number,
                                                                                                   k=buried)

    def result(self, e: GameEnded, points: int, names) -> str:
        """The winners with their score."""
        if len(e.winners) == 1:
            return _("{who} wins with {points}.").format(who=seat_name(names, e.winners[0]),
                                                        points=points_phrase(points))
        return _("{who} share the win with {points} each.").format(who=join_names(names, e.winners),
                                                                   points=points_phrase(points))

    # --- each event on its own ---------------------------------------------------------------------------
    def tell_acted(self, e: Acted, names):
        who, verb = seat_name(names, e.seat), e.action.verb
        if verb == "take":
            return _("{who} names {types}.").format(who=who, types=type_plural(e.action.args[0]))
        if verb == "rat" and e.action.args == ("none",):
            return _("{who} declines the rat card.").format(who=who)
        if verb == "end":
            return _("{who} ends the turn.").format(who=who)
        return None   # reveal, rat CARD, bury: the card's move tells it

    def tell_cards_moved(self, e: CardsMoved, names):
        who = seat_name(names, e.seat)
        dst = e.dst.partition(":")[0]
        if e.src == "deck" and e.dst == "table":
            return _("{who} reveals {card}.").format(who=who, card=self.card(e.cards[0]))
        if dst == "collection":
            if any(c is None for c in e.cards):
                n = len(e.cards)
                if n == 1:
                    return _("{who} collects a card.").format(who=who)
                return ngettext("{who} collects {n} card.", "{who} collects {n} cards.", n).format(who=who, n=n)
            return _("{who} collects {cards}.").format(who=who, cards=self.cards(e.cards))
        if dst == "buried":
            return _("{who} buries {card} and sits out.").format(who=who, card=self.card(e.cards[0]))
        if e.src.startswith("buried:") and e.dst == "discard":
            return _("From under a shovel, {card} goes to the discard pile.").format(card=self.card(e.cards[0]))
        return super().tell_cards_moved(e, names)

    def tell_pile_shuffled(self, e: PileShuffled, names):
        if e.count == 1:
            return _("The draw pile is empty: the discard pile (a single card) becomes the new draw pile.")
        return ngettext("The draw pile is empty: the discard pile ({n} card) is shuffled into a new draw pile.",
                        "The draw pile is empty: the discard pile ({n} cards) is shuffled into a new draw pile.",
                        e.count).format(n=e.count)

    def tell_last_card(self, e: LastCard, names):
        return _("That was the last card of the draw pile: the game ends with this round.")

    def tell_cards_shown(self, e, names):
        return None          # the closed collections turned up at the end: the scores that follow tell them

    def tell_rats_caught(self, e: RatsCaught, names):
        who = seat_name(names, e.seat)
        if self.game.options.rats_must_take:
            return _("Rats! {who} is caught and must take a rat card.").format(who=who)
        return _("Rats! {who} is caught and may take a rat card.").format(who=who)

    def tell_shovel_aside(self, e: ShovelAside, names):
        return _("No card lies face up: {who}'s shovel goes aside, and {who} sits out.").format(
            who=seat_name(names, e.seat))

    def tell_stage_ended(self, e: StageEnded, names):
        return _("Round {n} ends.").format(n=e.number)

    def tell_score_changed(self, e: ScoreChanged, names):
        who = seat_name(names, e.seat)
        if not e.parts:
            return _("{who} scores no points.").format(who=who)
        return _("{who} scores {points}: {parts}.").format(who=who, points=points_phrase(e.total),
                                                          parts=self.parts(e.parts))


def fact_text(key: str, totals: Mapping[str, float]) -> str:
    """A fact of the statistics (the recap part's `FACTS`) in words, from a name's figures by key."""
    if key == "majorities":
        return _("majorities won: {n}").format(n=int(totals.get(key, 0)))
    return ""
