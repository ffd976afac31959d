"""Piraten Kapern in words: the names of faces, cards and score parts, and every event told as a log phrase."""
from __future__ import annotations

from collections.abc import Mapping

from ...engine.events import Acted, CardsMoved, DiceRolled, PileShuffled, ScoreChanged, ScorePart
from ...i18n import _, ngettext
from ...narrate import Narrator, seat_name, signed
from .events import ExtraTrip, FinalRoundStarted, GuardianMaySave, IslandChanged, SkullIslandStarted, SuddenDeath


def face_name(face: str, n: int = 1) -> str:
    """A die face in words, singular or plural."""
    forms = {
        "skull": ngettext("skull", "skulls", n), "monkey": ngettext("monkey", "monkeys", n),
        "parrot": ngettext("parrot", "parrots", n), "saber": ngettext("saber", "sabers", n),
        "coin": ngettext("coin", "coins", n), "diamond": ngettext("diamond", "diamonds", n),
    }
    return forms.get(face, face)


def face_count(face: str, n: int) -> str:
    """`n` dice of a face: "2 coins" (a language puts the count where it goes: "금화 2개")."""
    return _("{n} {faces}").format(n=n, faces=face_name(face, n))


class Words(Narrator):
    """Piraten Kapern's vocabulary."""

    SETBACK_OUTCOMES = frozenset({"skulls", "zombies_win", "shipwreck"})

    def face(self, face: str) -> str:
        return face_name(face)

    def card(self, card_id: str | None) -> str:
        card = self.game.cards.get(card_id) if card_id else None
        return _(card.name) if card is not None else super().card(card_id)

    def card_summary(self, card_id: str) -> str:
        card = self.game.cards.get(card_id)
        return _(card.summary) if card is not None and card.summary else ""

    def card_text(self, card_id: str) -> str:
        card = self.game.cards.get(card_id)
        return _(card.text) if card is not None and card.text else ""

    def zone(self, zone_id: str) -> str:
        return {"deck": _("pirate cards"), "card": _("the revealed card"), "dice": _("dice tray"),
                "island": _("Treasure Island")}.get(zone_id, super().zone(zone_id))

    def action(self, action) -> str:
        verb = action.verb
        if verb == "roll":
            return _("Roll")
        if verb == "reroll":
            return ngettext("Re-roll {n} die", "Re-roll {n} dice", len(action.args)).format(n=len(action.args))
        if verb == "island":
            return _("Set Treasure Island")
        if verb == "guardian":
            return _("Guardian: re-roll a skull")
        if verb == "stop":
            return _("Stop and score")
        return super().action(action)

    # --- score parts ---------------------------------------------------------------------------------
    def part_label(self, part: ScorePart) -> str:
        """A score part in words, without its points ("4 monkeys", "full treasure chest")."""
        k, n, what = part.kind, part.count, part.what
        if k == "set":
            if "+" in what:
                return _("set of {n} animals ({faces})").format(
                    n=n, faces=_(" and ").join(face_name(f, 2) for f in what.split("+")))
            return _("set of {n} {faces}").format(n=n, faces=face_name(what, n))
        if k == "treasure":
            return face_count(what, n)
        if k == "card_symbol":
            return _("the card's {face}").format(face=face_name(what))
        if k == "chest":
            return _("full treasure chest")
        if k == "multiplier":
            return _("doubled ({card})").format(card=self.card(what)) if n == 2 else \
                _("× {n} ({card})").format(n=n, card=self.card(what))
        if k == "battle_won":
            return _("sea battle won")
        if k == "battle_lost":
            return ngettext("sea battle lost ({n} saber)", "sea battle lost ({n} sabers)", n).format(n=n)
        if k == "peace_broken":
            return ngettext("Peace broken by {n} saber", "Peace broken by {n} sabers", n).format(n=n)
        if k == "third_skull":
            return ngettext("{n} skull", "{n} skulls", n).format(n=n)
        if k == "skull_island":
            return _("Skull Island")
        if k == "skull_island_loss":
            return ngettext("{n} skull on Skull Island", "{n} skulls on Skull Island", n).format(n=n)
        if k == "zombies_beaten":
            return ngettext("{n} saber beats the zombies", "{n} sabers beat the zombies", n).format(n=n)
        if k == "zombies_win":
            return ngettext("the zombies win ({n} saber)", "the zombies win ({n} sabers)", n).format(n=n)
        if k == "zombie_share":
            card = self.game.cards.get(what)
            return _("share of the zombies' {points}").format(points=card.zombie_points if card else part.points * n)
        return k.replace("_", " ")

    def part(self, part: ScorePart) -> str:
        if part.points == 0 and part.kind in ("third_skull", "skull_island", "zombies_win"):
            return self.part_label(part)
        return f"{self.part_label(part)} {signed(part.points)}"

    # --- events --------------------------------------------------------------------------------------
    def tell_acted(self, e: Acted, names):
        if e.action.verb == "stop":
            return _("{who} stops.").format(who=seat_name(names, e.seat))
        return None   # the dice or the island tell the rest

    def tell_dice_rolled(self, e: DiceRolled, names):
        who, faces, n = seat_name(names, e.seat), self.faces(e.faces), len(e.positions)
        if e.cause == "first":
            return _("{who} rolls {faces}.").format(who=who, faces=faces)
        if e.cause == "skull_island":
            return _("{who} rolls {n} dice on Skull Island: {faces}.").format(who=who, n=n, faces=faces)
        if e.cause == "zombie":
            return ngettext("{who} rolls {n} die against the zombies: {faces}.",
                            "{who} rolls {n} dice against the zombies: {faces}.", n).format(who=who, n=n,
                                                                                            faces=faces)
        if e.cause == "guardian":
            return _("{who} re-rolls the skull at {p} with the Guardian: {faces}.").format(
                who=who, p=e.positions[0], faces=faces)
        return _("{who} re-rolls {n} dice: {faces}.").format(who=who, n=n, faces=faces)

    def tell_island_changed(self, e: IslandChanged, names):
        who = seat_name(names, e.seat)
        if not e.positions:
            return _("{who} takes every die off Treasure Island.").format(who=who)
        return _("{who} keeps dice {positions} on Treasure Island.").format(
            who=who, positions=", ".join(map(str, e.positions)))

    def tell_cards_moved(self, e: CardsMoved, names):
        card = e.cards[0] if e.cards else None
        summary = self.card_summary(card) if card else ""
        return _("Card revealed: {card}.").format(card=self.card(card) + (f" ({summary})" if summary else ""))

    def tell_pile_shuffled(self, e: PileShuffled, names):
        return _("The deck is empty: the {n} revealed cards are shuffled into a new deck.").format(n=e.count)

    def tell_skull_island_started(self, e: SkullIslandStarted, names):
        return _("{n} skulls: {who} goes to Skull Island.").format(n=e.skulls, who=seat_name(names, e.seat))

    def tell_guardian_may_save(self, e: GuardianMaySave, names):
        return _("A third skull: the Guardian may save the trip.")

    def tell_score_changed(self, e: ScoreChanged, names):
        who = seat_name(names, e.seat)
        kinds = {p.kind for p in e.parts}
        if "third_skull" in kinds:
            skulls = next(p.count for p in e.parts if p.kind == "third_skull")
            rest = [p for p in e.parts if p.kind != "third_skull"]
            text = ngettext("{n} skull ends {who}'s trip", "{n} skulls end {who}'s trip", skulls).format(
                n=skulls, who=who)
            if rest:
                text += _(" (Treasure Island keeps {parts})").format(parts=self.parts(rest))
            return text + f": {signed(e.delta)}."
        if kinds & {"zombie_share", "skull_island_loss"}:
            why = self.parts(e.parts) if len(e.parts) > 1 else self.part_label(e.parts[0])
            if e.delta < 0:
                return _("{who} loses {points} ({why}).").format(who=who, points=-e.delta, why=why)
            return _("{who} gets {delta} ({why}).").format(who=who, delta=signed(e.delta), why=why)
        if kinds == {"skull_island"}:
            return _("{who} leaves Skull Island.").format(who=who)
        if not e.parts:
            return _("{who} {delta}.").format(who=who, delta=signed(e.delta))
        why = self.parts(e.parts) if len(e.parts) > 1 else self.part_label(e.parts[0])
        if e.delta < 0:
            return _("{who} loses {points}: {why}.").format(who=who, points=-e.delta, why=why)
        return _("{who} scores {delta}: {why}.").format(who=who, delta=signed(e.delta), why=why)

    def tell_final_round_started(self, e: FinalRoundStarted, names):
        return _("{who} has {score}: the final round starts.").format(who=seat_name(names, e.trigger),
                                                                    score=e.score)

    def tell_extra_trip(self, e: ExtraTrip, names):
        return _("{who} has been overtaken and takes one more trip.").format(who=seat_name(names, e.seat))

    def tell_sudden_death(self, e: SuddenDeath, names):
        return _("Nobody has {target}: sudden death.").format(target=e.target)

    def tell_game_ended(self, e, names):
        if e.reason == "pirate_magic":
            return _("Pirate magic! {who} wins the game.").format(who=seat_name(names, e.winners[0]))
        return super().tell_game_ended(e, names)


def fact_text(key: str, totals: Mapping[str, float]) -> str:
    """A fact of the statistics (the recap part's `FACTS`) in words, from a name's figures by key."""
    n = int(totals.get(key, 0))
    if key == "best_trip":
        return _("best trip: {points}").format(points=ngettext("{n} point", "{n} points", n).format(n=n))
    if key == "busts":
        return _("busts: {n}").format(n=n)
    if key == "skull_island":
        return _("Skull Island: {n}").format(n=n)
    return ""
