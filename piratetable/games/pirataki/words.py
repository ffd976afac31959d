"""Pirataki in words: the names of its cards, colours and decisions, and its events told as log lines.

A card is told as the game names it — "red part 3" ("the red ship's part 3" in a sentence), "gold", "a
pirate", "a cannon" — with the colour's name from the config (`Colour.name`, translated), never by its id. The
events of one decision are told together (`line`): a card drawn into a ship with the ship's new count, a pirate
with what it takes, a buy with its seller and price.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from ...engine.events import Acted, CardsMoved, Event, GameEnded, PileShuffled, ScoreChanged, ScorePart, zone_owner
from ...i18n import _, join_list, ngettext
from ...narrate import Narrator, seat_name, signed
from .events import ColourClaimed, ColourFreed, PirateAttack
from .schema import kind_of, number_of
from .scoring import SHIP_CARD


def _is_move(e: Event, src: str | None = None, dst: str | None = None) -> TypeGuard[CardsMoved]:
    return isinstance(e, CardsMoved) and (src is None or e.src == src) and (dst is None or e.dst == dst)


class Words(Narrator):
    """Pirataki's vocabulary."""

    SETBACKS = (PirateAttack,)

    # --- names of the game's things ------------------------------------------------------------------
    def colour(self, colour_id: str | None) -> str:
        """A colour's name inside a sentence ("red"): the config's name, translated; a name written like a
        common word ("Red", "Deep sea") loses its capital, a proper name ("Royal Navy") keeps it."""
        if not colour_id:
            return _("no colour")
        colour = self.game.content.colour(colour_id)
        if colour is None:
            return colour_id.replace("_", " ")
        name = _(colour.name)
        if name[:1].isupper() and name[1:] == name[1:].lower():
            name = name[:1].lower() + name[1:]
        return name

    def card(self, card_id: str | None) -> str:
        """A card's short name: "red part 3", "gold", "a pirate", "a cannon" (a hidden card: "a card")."""
        if card_id is None:
            return _("a card")
        kind = kind_of(card_id)
        if kind == "gold":
            return _("gold")
        if kind == "pirate":
            return _("a pirate")
        if kind == "cannon":
            return _("a cannon")
        if self.game.content.colour(kind) is not None:
            return _("{colour} part {n}").format(colour=self.colour(kind), n=number_of(card_id))
        return _("a card")

    def ship_card(self, card_id: str) -> str:
        """A ship card inside a sentence: "the red ship's part 3"."""
        return _("the {colour} ship's part {n}").format(colour=self.colour(kind_of(card_id)), n=number_of(card_id))

    def cards(self, cards) -> str:
        """Several cards, grouped: "red parts 2 and 5, 2 gold and a cannon" (in the order of their kinds'
        first appearance)."""
        groups: dict[str, list] = {}
        for card in cards:
            groups.setdefault("?" if card is None else kind_of(card), []).append(card)
        out = []
        for kind, members in groups.items():
            n = len(members)
            if kind == "gold":
                out.append(ngettext("{n} gold", "{n} gold", n).format(n=n))
            elif kind == "cannon":
                out.append(_("a cannon") if n == 1 else ngettext("{n} cannon", "{n} cannons", n).format(n=n))
            elif kind == "pirate":
                out.append(_("a pirate") if n == 1 else ngettext("{n} pirate", "{n} pirates", n).format(n=n))
            elif kind != "?" and self.game.content.colour(kind) is not None:
                numbers = [str(number_of(c)) for c in sorted(members, key=number_of)]
                out.append(ngettext("{colour} part {numbers}", "{colour} parts {numbers}", n).format(
                    colour=self.colour(kind), numbers=join_list(numbers)))
            else:
                out.append(_("a card") if n == 1 else ngettext("{n} card", "{n} cards", n).format(n=n))
        return join_list(out) if out else _("no card")

    def zone(self, zone_id: str) -> str:
        name = zone_id.split(":")[0]
        return {"deck": _("the deck"), "discard": _("the discard pile"), "pirate": _("the pirate"),
                "ship": _("the ship"), "reserve": _("the reserve")}.get(name, super().zone(zone_id))

    def action(self, action) -> str:
        """A decision as a button says it."""
        verb = action.verb
        if verb == "draw":
            return _("Draw a card")
        if verb == "stop":
            return _("Stop")
        if verb == "pass":
            return _("Pass")
        if verb == "cannon":
            return _("Give up a cannon")
        if verb == "lose":
            return _("Give up {cards}").format(cards=self.cards(action.args))
        if verb == "buy":
            price = self.game.options.ship_price
            if price <= 0:
                return _("Buy {card} for nothing").format(card=self.card(action.args[0]))
            return ngettext("Buy {card} for {price} gold", "Buy {card} for {price} gold", price).format(
                card=self.card(action.args[0]), price=price)
        return super().action(action)

    def part(self, part: ScorePart) -> str:
        """A score part: "2 parts of the red ship +2"."""
        if part.kind == SHIP_CARD:
            n = part.count
            if part.what:
                label = ngettext("{n} part of the {colour} ship", "{n} parts of the {colour} ship", n).format(
                    n=n, colour=self.colour(part.what))
            else:
                label = ngettext("{n} ship card", "{n} ship cards", n).format(n=n)
            return f"{label} {signed(part.points)}"
        return super().part(part)

    # --- events, one at a time -----------------------------------------------------------------------
    def _who(self, names, e: CardsMoved) -> str:
        seat = e.seat if e.seat is not None else zone_owner(e.dst)
        return seat_name(names, seat)

    def _size(self) -> int:
        return self.game.content.ship_size

    def tell_acted(self, e: Acted, names):
        verb = e.action.verb
        if verb == "stop":
            return _("{who} stops.").format(who=seat_name(names, e.seat))
        if verb == "pass":
            return _("{who} passes: the deck and the discard pile are empty.").format(who=seat_name(names, e.seat))
        return None  # draws, buys and payments are told by the cards they move

    def tell_pile_shuffled(self, e: PileShuffled, names):
        return ngettext("The deck is empty: the discard pile ({n} card) is shuffled into a new deck.",
                        "The deck is empty: the discard pile ({n} cards) is shuffled into a new deck.",
                        e.count).format(n=e.count)

    def tell_cards_moved(self, e: CardsMoved, names):
        who = self._who(names, e)
        src, dst = e.src.split(":")[0], e.dst.split(":")[0]
        first = e.cards[0] if e.cards else None
        if src == "deck":
            if dst == "pirate":
                return _("{who} draws a pirate.").format(who=who)
            kind = kind_of(first) if first else ""
            if kind == "gold":
                return _("{who} draws gold.").format(who=who)
            if kind == "cannon":
                return _("{who} draws a cannon.").format(who=who)
            if dst == "ship":
                return _("{who} draws a part of the {colour} ship.").format(who=who, colour=self.colour(kind))
            if self.game.content.colour(kind) is not None:
                return _("{who} draws a part of the {colour} ship (to the reserve).").format(
                    who=who, colour=self.colour(kind))
            return _("{who} draws {card}.").format(who=who, card=self.card(first))
        if src == "pirate":
            return _("The pirate goes to the discard pile.")
        if src == "reserve" and dst == "ship":
            owner = zone_owner(e.src)
            if owner == zone_owner(e.dst):   # claiming: reserve cards of the colour join the new ship
                n, colour = len(e.cards), self.colour(kind_of(first or ""))
                if n == 1:
                    return _("A {colour} part from the reserve joins {who}'s ship.").format(colour=colour, who=who)
                return ngettext("{n} {colour} part from the reserve joins {who}'s ship.",
                                "{n} {colour} parts from the reserve join {who}'s ship.", n).format(
                    n=n, colour=colour, who=who)
            return _("{who} takes {card} from {seller}'s reserve.").format(
                who=who, card=self.ship_card(first or ""), seller=seat_name(names, owner))
        if src == "reserve" and dst == "reserve":
            return _("{who} pays {seller} {cards}.").format(who=who, seller=seat_name(names, zone_owner(e.dst)),
                                                          cards=self.cards(e.cards))
        if dst == "discard":
            return _("{who} puts {cards} on the discard pile.").format(who=who, cards=self.cards(e.cards))
        return ngettext("{cards} goes from {src} to {dst}.", "{cards} go from {src} to {dst}.", len(e.cards)).format(
            cards=self.cards(e.cards), src=self.zone(e.src), dst=self.zone(e.dst))

    def tell_score_changed(self, e: ScoreChanged, names):
        colour = next((p.what for p in e.parts if p.kind == SHIP_CARD and p.what), "")
        return _("{who}'s {colour} ship: {total}/{size}.").format(who=seat_name(names, e.seat),
                                                                 colour=self.colour(colour), total=e.total,
                                                                 size=self._size())

    def tell_colour_claimed(self, e: ColourClaimed, names):
        return _("{who} claims the {colour} ship.").format(who=seat_name(names, e.seat), colour=self.colour(e.colour))

    def tell_colour_freed(self, e: ColourFreed, names):
        return _("The {colour} ship is empty: {colour} is free again.").format(colour=self.colour(e.colour))

    def tell_pirate_attack(self, e: PirateAttack, names):
        who = seat_name(names, e.seat)
        if e.cannon:
            return ngettext("{who} must give up {n} card or a cannon.", "{who} must give up {n} cards or a cannon.",
                            e.lose).format(who=who, n=e.lose)
        return ngettext("{who} must give up {n} card.", "{who} must give up {n} cards.", e.lose).format(who=who,
                                                                                                    n=e.lose)

    def tell_game_ended(self, e: GameEnded, names, colour: str = ""):
        if e.reason == "ship_complete" and e.winners:
            who = seat_name(names, e.winners[0])
            if colour:
                return _("{who} completes the {colour} ship and wins.").format(who=who, colour=self.colour(colour))
            return _("{who} completes the ship and wins.").format(who=who)
        if e.reason == "passes":
            return _("Every player passed in a row: the game ends without a winner.")
        return super().tell_game_ended(e, names)

    # --- the events of one decision, told together ---------------------------------------------------
    def line(self, events: list[Event], names) -> str:
        """One log line for the events of one decision: a draw with the ship's new count, a pirate with what
        it takes, a buy with its seller and price; every other event as `tell` says it."""
        acted = events[0] if events and isinstance(events[0], Acted) else None
        chose = acted is not None and acted.action.verb in ("lose", "cannon")
        colours: dict[int, str] = {}   # the colour each seat's ship had in these events (for the win)
        for e in events:
            if isinstance(e, ScoreChanged):
                colours[e.seat] = next((p.what for p in e.parts if p.what), colours.get(e.seat, ""))
        phrases = []
        i = 0
        while i < len(events):
            e = events[i]
            if _is_move(e, "deck") and e.dst.startswith("ship:"):
                phrase, i = self._draw_to_ship(events, i, names)
            elif _is_move(e, "deck", "pirate"):
                phrase, i = self._pirate(events, i + 1, names, drawn=True)
            elif chose and _is_move(e) and e.dst == "discard" and e.src != "pirate":
                phrase, i = self._pirate(events, i, names, drawn=False, cannon=acted is not None and acted.action.verb == "cannon")
            elif _is_move(e) and e.src.startswith("reserve:") and e.dst.startswith(("reserve:", "discard")) \
                    and acted is not None and acted.action.verb == "buy":
                phrase, i = self._buy(events, i, names)
            elif _is_move(e) and e.src.startswith("reserve:") and e.dst.startswith("ship:") \
                    and zone_owner(e.src) != zone_owner(e.dst):
                phrase, i = self._buy(events, i, names)
            elif isinstance(e, GameEnded):
                phrase, i = self.tell_game_ended(e, names, colours.get(e.winners[0], "") if e.winners else ""), i + 1
            else:
                phrase, i = self.tell(e, names), i + 1
            if phrase:
                phrases.append(phrase)
        return " ".join(phrases)

    def _score_after(self, events, i, seat):
        """(the ship's total, the index after it) when events[i] is that seat's ScoreChanged, else (None, i)."""
        if i < len(events) and isinstance(events[i], ScoreChanged) and events[i].seat == seat:
            return events[i].total, i + 1
        return None, i

    def _draw_to_ship(self, events, i, names):
        move = events[i]
        seat = zone_owner(move.dst)
        who, colour = seat_name(names, seat), self.colour(kind_of(move.cards[0]))
        total, i = self._score_after(events, i + 1, seat)
        claimed = i < len(events) and isinstance(events[i], ColourClaimed) and events[i].seat == seat
        if not claimed:
            if total is None:
                return self.tell_cards_moved(move, names), i
            return _("{who} draws a part of the {colour} ship ({total}/{size}).").format(
                who=who, colour=colour, total=total, size=self._size()), i
        i += 1
        joining = events[i] if i < len(events) and _is_move(events[i], f"reserve:{seat}", f"ship:{seat}") else None
        if joining is None:
            return _("{who} draws a part of the {colour} ship and claims it ({total}/{size}).").format(
                who=who, colour=colour, total=total if total is not None else 1, size=self._size()), i
        total, i = self._score_after(events, i + 1, seat)
        n = len(joining.cards)
        fields = dict(who=who, colour=colour, n=n, total=total if total is not None else 1 + n, size=self._size())
        if n == 1:
            return _("{who} draws a part of the {colour} ship and claims it; a {colour} part from the reserve joins "
                     "it ({total}/{size}).").format(**fields), i
        return ngettext("{who} draws a part of the {colour} ship and claims it; {n} {colour} part from the reserve "
                        "joins it ({total}/{size}).",
                        "{who} draws a part of the {colour} ship and claims it; {n} {colour} parts from the "
                        "reserve join it ({total}/{size}).", n).format(**fields), i

    def _pirate(self, events, i, names, drawn: bool, cannon: bool = False):
        """A pirate drawn (`drawn`: events[i - 1] was the draw) and what follows it, or a chosen payment from
        events[i]: the cards given up and the ship's new count."""
        seat, lost, total, colour = None, [], None, ""
        if drawn:
            seat = events[i - 1].seat
            if i < len(events) and isinstance(events[i], PirateAttack):
                return self._attack(events[i], names), i + 1
        while i < len(events) and _is_move(events[i]) and events[i].dst == "discard" and events[i].src != "pirate":
            move = events[i]
            seat = zone_owner(move.src)
            lost.extend(move.cards)
            i += 1
            if move.src.startswith("ship:"):
                colour = kind_of(move.cards[0])
                total, i = self._score_after(events, i, seat)
        if i < len(events) and _is_move(events[i], "pirate", "discard"):
            i += 1
        who = seat_name(names, seat)
        freed = i < len(events) and isinstance(events[i], ColourFreed)
        cards = self.cards(lost)
        if drawn and not lost:
            return _("{who} draws a pirate but has nothing to lose.").format(who=who), i
        if cannon:
            return _("{who} gives up a cannon instead.").format(who=who), i
        if total is not None and not freed:
            if drawn:
                text = _("{who} draws a pirate and loses {cards}; the {colour} ship is down to {total}/{size}.")
            else:
                text = _("{who} gives up {cards}; the {colour} ship is down to {total}/{size}.")
            return text.format(who=who, cards=cards, colour=self.colour(colour), total=total, size=self._size()), i
        text = _("{who} draws a pirate and loses {cards}.") if drawn else _("{who} gives up {cards}.")
        return text.format(who=who, cards=cards), i

    def _attack(self, e: PirateAttack, names) -> str:
        who = seat_name(names, e.seat)
        if e.cannon:
            return ngettext("{who} draws a pirate and must give up {n} card or a cannon.",
                            "{who} draws a pirate and must give up {n} cards or a cannon.", e.lose).format(
                who=who, n=e.lose)
        return ngettext("{who} draws a pirate and must give up {n} card.",
                        "{who} draws a pirate and must give up {n} cards.", e.lose).format(who=who, n=e.lose)

    def _buy(self, events, i, names):
        """A buy: the gold paid (none when a ship card is free), the card taken and the ship's new count."""
        pay = None
        if not events[i].dst.startswith("ship:"):
            pay, i = events[i], i + 1
            if i >= len(events) or not (_is_move(events[i]) and events[i].dst.startswith("ship:")):
                return self.tell_cards_moved(pay, names), i   # gold paid, nothing taken (a free card is a move)
        take = events[i]
        buyer, seller = zone_owner(take.dst), zone_owner(take.src)
        total, i = self._score_after(events, i + 1, buyer)
        if total is None:   # not a buy as the rules emit it: each move on its own
            told = [self.tell_cards_moved(m, names) for m in (pay, take) if m is not None]
            return " ".join(told), i
        fmt = dict(who=seat_name(names, buyer), seller=seat_name(names, seller), card=self.ship_card(take.cards[0]),
                   total=total, size=self._size())
        if pay is None:
            return _("{who} takes {card} from {seller} for nothing ({total}/{size}).").format(**fmt), i
        gold = len(pay.cards)
        if pay.dst == "discard":
            return ngettext("{who} buys {card} from {seller} for {gold} gold, paid to the discard pile "
                            "({total}/{size}).",
                            "{who} buys {card} from {seller} for {gold} gold, paid to the discard pile "
                            "({total}/{size}).", gold).format(gold=gold, **fmt), i
        return ngettext("{who} buys {card} from {seller} for {gold} gold ({total}/{size}).",
                        "{who} buys {card} from {seller} for {gold} gold ({total}/{size}).", gold).format(
            gold=gold, **fmt), i


def fact_text(key: str, totals: Mapping[str, float]) -> str:
    """A fact of the statistics (the recap part's `FACTS`) in words, from a name's figures by key."""
    if key == "ship_completed":
        return _("ship completed: {n}").format(n=int(totals.get(key, 0)))
    return ""
