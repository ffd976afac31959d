"""Petrangola in words: cards by their names from the config deck ("the Asso of Coppe"), hands by their kind ("a
sequence to the Re", "18 points"), decisions as button labels, and every event told as a log phrase.

Narration only ever sees events already redacted for its viewer: a card it may not know arrives as None and is
told as "a card" (or not at all), never guessed at. No phrase ever shows a card id or the action notation.
"""
from __future__ import annotations

from collections.abc import Mapping

from ...engine.events import (
    Acted,
    CardsMoved,
    CardsShown,
    Event,
    GameEnded,
    ScoreChanged,
    ScorePart,
    SeatBack,
    SeatOut,
    StageStarted,
    zone_owner,
)
from ...i18n import _, join_list, ngettext, pgettext
from ...narrate import Narrator, join_names, seat_name
from .events import AllPassed, HandSeen, Knocked, PotChanged, PotWon, Showdown
from .schema import RANK_RUN, RANK_THE, RANK_TO, SUIT_OF
from .scoring import KINDS, PETRANGOLONE, POINTS, RUN, SEQUENCE


def _is_hand(zone_id: str) -> bool:
    return zone_id.startswith("hand:")


class Words(Narrator):
    """Petrangola's vocabulary."""

    def __init__(self, game):
        super().__init__(game)
        deck = game.deck
        self.deck = deck
        self._ranks = {r.id: r for r in deck.ranks}

    # --- names of the game's things ------------------------------------------------------------------
    def card(self, card_id: str | None) -> str:
        """A card by its names in the config, as a label ("Asso of Coppe"); a hidden card: "a card"."""
        if card_id is None or card_id not in self.deck.index:
            return _("a card")
        rank, suit = self.deck.rank(card_id), self.deck.suit(card_id)
        return _("{rank} of {suit}").format(rank=_(rank.name), suit=pgettext(SUIT_OF, suit.name))

    def the_card(self, card_id: str | None) -> str:
        """A card with its article, for a sentence ("the Asso of Coppe", Italian "l'Asso di Coppe"; a hidden card:
        "a card")."""
        if card_id is None or card_id not in self.deck.index:
            return _("a card")
        rank, suit = self.deck.rank(card_id), self.deck.suit(card_id)
        return _("the {rank} of {suit}").format(rank=pgettext(RANK_THE, rank.name), suit=pgettext(SUIT_OF, suit.name))

    def cards(self, cards) -> str:
        """"the Asso of Coppe, the Re of Denari and the Due of Spade"; hidden cards are counted, never named."""
        hidden = sum(1 for c in cards if c is None)
        named = [self.the_card(c) for c in cards if c is not None]
        if hidden:
            if named:
                named.append(ngettext("{n} other card", "{n} other cards", hidden).format(n=hidden))
            else:
                named.append(_("a card") if hidden == 1 else ngettext("{n} card", "{n} cards", hidden).format(n=hidden))
        return join_list(named) if named else _("no card")

    def rank(self, rank_id, context: str | None = None) -> str:
        """A rank's name (`context`: where a sentence puts it, e.g. RANK_RUN)."""
        rank = self._ranks.get(str(rank_id))
        if rank is None:
            return _("a rank")
        return pgettext(context, rank.name) if context else _(rank.name)

    def corner(self, card_id: str) -> str:
        """The index printed in a card's corners, as Italian decks print it: the number of a number card, 1 for the
        ace (the first rank), and for a figure the initial of its name in the language shown (Italian F, C, R;
        Russian В, Кн, Кр: two letters where two figures' names start alike). Never a card id's letter."""
        rank = self.deck.rank(card_id)
        if rank.id.isdigit():
            return rank.id
        if rank is self.deck.ranks[0]:
            return "1"
        name = _(rank.name)
        others = [_(r.name) for r in self.deck.ranks[1:] if not r.id.isdigit() and r is not rank]
        if not any(o[:1].casefold() == name[:1].casefold() for o in others):
            return name[:1].upper()
        for j in range(1, len(name)):   # first letter + the first letter that tells it from its look-alikes
            if all(o[j:j + 1].casefold() != name[j].casefold() for o in others if o[:1].casefold() == name[:1].casefold()):
                return name[:1].upper() + name[j].lower()
        return name[:2]

    def hand(self, kind: str, value) -> str:
        """A hand in words, as in a sentence: "Petrangolone", "a sequence to the Re", "a run of Due", "18 points"."""
        if kind == PETRANGOLONE:
            return _("Petrangolone")
        if kind == SEQUENCE:
            return _("a sequence to the {rank}").format(rank=self.rank(value, RANK_TO))
        if kind == RUN:
            return _("a run of {rank}").format(rank=self.rank(value, RANK_RUN))
        if kind == POINTS:
            n = int(value)
            return ngettext("{n} point", "{n} points", n).format(n=n)
        return _("a hand")

    def zone(self, zone_id: str) -> str:
        if _is_hand(zone_id):
            return _("hand")
        return {"deck": _("stock"), "widow": _("widow"), "monte": _("monte")}.get(zone_id, _("table"))

    def action(self, action) -> str:
        """A decision as a button label."""
        verb = action.verb
        if verb == "swap":
            return _("Swap {pairs}").format(pairs=self._pairs(action.args[0::2], action.args[1::2]))
        labels = {"keep": _("Keep the widow"), "reject": _("Reject the widow"), "pass": _("Pass"),
                  "swapall": _("Swap all"), "knock": _("Knock"), "rebuy": _("Rebuy"), "decline": _("Decline")}
        return labels.get(verb, _("Play"))

    def part(self, part: ScorePart) -> str:
        """A token change at a showdown ("18 points: −1 token") or a rebuy ("rebuy: 2 tokens")."""
        if part.kind == "rebuy":
            return ngettext("rebuy: {n} token", "rebuy: {n} tokens", part.points).format(n=part.points)
        if part.kind in KINDS:
            value = (int(part.what) if part.kind == POINTS else part.what) if part.what else None
            hand = self.hand(part.kind, value)
            if part.points == 0:
                return hand
            n = abs(part.points)
            sign = "+" if part.points > 0 else "−"
            return ngettext("{hand}: {sign}{n} token", "{hand}: {sign}{n} tokens", n).format(hand=hand, sign=sign,
                                                                                           n=n)
        return super().part(part)

    def _pairs(self, given, taken) -> str:
        """"the Asso of Coppe for the Re of Spade and …" (each card with its article)."""
        return _(" and ").join(_("{given} for {taken}").format(given=self.the_card(g), taken=self.the_card(t))
                               for g, t in zip(given, taken))

    # --- a decision's line -------------------------------------------------------------------------------
    def line(self, events: list[Event], names) -> str:
        """The events of one decision; a move out of a hand and the move back in that completes it are told
        together (a swap, the kept widow), and a decline is told once with its going out."""
        declined = {e.seat for e in events if isinstance(e, Acted) and e.action.verb == "decline"}
        phrases = []
        i = 0
        while i < len(events):
            e = events[i]
            nxt = events[i + 1] if i + 1 < len(events) else None
            if isinstance(e, CardsMoved) and isinstance(nxt, CardsMoved):
                phrase = self.tell_moves(e, nxt, names)
                if phrase is not None:
                    phrases.append(phrase)
                    i += 2
                    continue
            if not (isinstance(e, SeatOut) and e.final and e.seat in declined):
                phrase = self.tell(e, names)
                if phrase:
                    phrases.append(phrase)
            i += 1
        return " ".join(phrases)

    def tell_moves(self, first: CardsMoved, second: CardsMoved, names) -> str | None:
        """Two moves that make one decision: a swap (hand → monte, monte → hand), the kept widow (widow → hand,
        hand → monte); None for any other two."""
        seat = first.seat
        if seat is None or second.seat != seat:
            return None
        who, mine = seat_name(names, seat), f"hand:{seat}"
        if (first.src, first.dst, second.src, second.dst) == (mine, "monte", "monte", mine):
            if len(first.cards) == 3 and len(second.cards) == 3:
                return _("{who} swaps the whole hand ({given}) for the monte ({taken}).").format(
                    who=who, given=self.cards(first.cards), taken=self.cards(second.cards))
            return _("{who} swaps {pairs}.").format(who=who, pairs=self._pairs(first.cards, second.cards))
        if (first.src, first.dst, second.src, second.dst) == ("widow", mine, mine, "monte"):
            monte = self.cards(second.cards)
            if None in first.cards:
                return _("{who} keeps the widow and puts the dealt hand face up as the monte: {monte}.").format(
                    who=who, monte=monte)
            return _("{who} keeps the widow ({widow}) and puts the dealt hand face up as the monte: {monte}.").format(
                who=who, widow=self.cards(first.cards), monte=monte)
        return None

    # --- events --------------------------------------------------------------------------------------
    def tell_acted(self, e: Acted, names):
        who = seat_name(names, e.seat)
        verb = e.action.verb
        if verb == "pass":
            return _("{who} passes.").format(who=who)
        if verb == "reject":
            return _("{who} rejects the widow.").format(who=who)
        if verb == "decline":
            return _("{who} declines the rebuy and is out of the game.").format(who=who)
        return None   # keep, swap, swap all, knock and rebuy are told by their events

    def tell_stage_started(self, e: StageStarted, names):
        return _("{who} deals hand {n}.").format(who=seat_name(names, e.seat), n=e.number)

    def tell_cards_moved(self, e: CardsMoved, names):
        known = None not in e.cards
        cards = self.cards(e.cards)
        if e.src == "deck" and _is_hand(e.dst):
            # a seat's own cards, told only to the seat that looked at them
            return _("{who} is dealt {cards}.").format(who=seat_name(names, zone_owner(e.dst)), cards=cards) \
                if known else None
        if e.src == "deck" and e.dst == "widow":
            if not known or len(e.seen_by) != 1:
                return None
            (dealer,) = e.seen_by
            return _("{who} looks at the widow: {cards}.").format(who=seat_name(names, dealer), cards=cards)
        seat = e.seat
        if seat is None:
            seat = zone_owner(e.src) if _is_hand(e.src) else zone_owner(e.dst)
        who = seat_name(names, seat)
        if e.src == "widow" and e.dst == "monte":
            return _("The widow goes face up as the monte: {cards}.").format(cards=cards)
        if e.src == "widow" and _is_hand(e.dst):
            if not known:
                return _("{who} takes the widow into the hand.").format(who=who)
            return _("{who} takes the widow into the hand: {cards}.").format(who=who, cards=cards)
        if _is_hand(e.src) and e.dst == "monte":
            return _("{who} puts {cards} face up in the monte.").format(who=who, cards=cards)
        if e.src == "monte" and _is_hand(e.dst):
            return _("{who} takes {cards} from the monte.").format(who=who, cards=cards)
        return _("From the {src} to the {dst}: {cards}.").format(cards=cards, src=self.zone(e.src),
                                                                 dst=self.zone(e.dst))

    def tell_hand_seen(self, e: HandSeen, names):
        who = seat_name(names, e.seat)
        if None in e.cards:
            return _("{who} picks up the dealt hand.").format(who=who)
        return _("{who} picks up the dealt hand: {cards}.").format(who=who, cards=self.cards(e.cards))

    def tell_knocked(self, e: Knocked, names):
        return _("{who} knocks: everyone else takes one final turn.").format(who=seat_name(names, e.seat))

    def tell_all_passed(self, e: AllPassed, names):
        return _("Everyone passed in a row.")

    def tell_cards_shown(self, e: CardsShown, names):
        return None   # the showdown's phrase tells every hand

    def tell_score_changed(self, e: ScoreChanged, names):
        kinds = {p.kind for p in e.parts}
        if kinds == {"rebuy"}:
            return ngettext("{who} rebuys: back in with {n} token.", "{who} rebuys: back in with {n} tokens.",
                            e.total).format(who=seat_name(names, e.seat), n=e.total)
        if kinds and kinds <= set(KINDS):
            return None   # the showdown's phrase tells the token changes
        return super().tell_score_changed(e, names)

    def tell_showdown(self, e: Showdown, names):
        hands = ", ".join(_("{who} {hand}").format(who=seat_name(names, r.seat), hand=self.hand(r.kind, r.value))
                          for r in e.results)
        text = _("Showdown: {hands}.").format(hands=hands)
        losers = [r.seat for r in e.results if r.delta < 0]
        gainers = [r.seat for r in e.results if r.delta > 0]
        if gainers:
            text += " " + ngettext("{who} gains a token.", "{who} each gain a token.", len(gainers)).format(
                who=join_names(names, gainers))
        if losers:
            text += " " + ngettext("{who} loses a token.", "{who} each lose a token.", len(losers)).format(
                who=join_names(names, losers))
        return text

    def tell_seat_out(self, e: SeatOut, names):
        who = seat_name(names, e.seat)
        if e.final:
            return _("{who} cannot rebuy and is out of the game.").format(who=who)
        return _("{who} has no tokens left.").format(who=who)

    def tell_seat_back(self, e: SeatBack, names):
        return None   # the rebuy's score change tells it, with the tokens

    def tell_pot_changed(self, e: PotChanged, names):
        if not e.pot:
            return None
        return ngettext("The pot is now {n} chip.", "The pot is now {n} chips.", e.pot).format(n=e.pot)

    def tell_pot_won(self, e: PotWon, names):
        if not e.pot:
            return None
        return ngettext("{who} takes the pot of {n} chip.", "{who} takes the pot of {n} chips.", e.pot).format(
            who=seat_name(names, e.seat), n=e.pot)

    def tell_game_ended(self, e: GameEnded, names):
        if not e.winners:
            return super().tell_game_ended(e, names)
        who = seat_name(names, e.winners[0])
        if e.reason == "nobody_left":
            return _("Nobody has a token left: {who}, the dealer of the last hand, wins the game.").format(who=who)
        return _("{who} is the last player with tokens and wins the game.").format(who=who)


def fact_text(key: str, totals: Mapping[str, float]) -> str:
    """A fact of the statistics (the recap part's `FACTS`) in words, from a name's figures by key."""
    if key == "hands_survived":
        return _("hands survived: {n} of {total}").format(n=int(totals.get(key, 0)), total=int(totals.get("hands", 0)))
    return ""
