"""Pirataki: the sentences of its insight part's reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
"""
from __future__ import annotations

from ...engine.actions import Action
from ...i18n import _, ngettext
from ...insight.words import percent, quoted, worth
from ...table.standard import coach_line as _fit
from . import insight as pa


def _value_points(value: float) -> str:
    """A worth of the normal bot's scale, in value points (docs/insight.md): "about 4.0 value points" ("next to
    nothing" for a worth that rounds to 0)."""
    if round(value, 2) == 0:
        return _("next to nothing")
    return _("about {value} value points").format(value=worth(value))


def _pirataki_search(game, r) -> str:
    """What the hard bot's search found (`SearchResult`), against the other candidate with the best mean."""
    s = r.search
    action = _pirataki_action(r)
    mine = s.mean(action) if action is not None else None
    found = s.runner_up(action) if action is not None else None
    if mine is None or found is None:
        return ""
    rival, theirs = found
    if percent(mine) == percent(theirs):
        return ngettext("An estimated {mine} chance to win, as much as with {rival} ({n} sampled play).",
                        "An estimated {mine} chance to win, as much as with {rival} ({n} sampled plays).",
                        s.plays).format(n=s.plays, rival=quoted(game, rival), mine=percent(mine))
    return ngettext("An estimated {mine} chance to win against {theirs} for {rival} ({n} sampled play).",
                    "An estimated {mine} chance to win against {theirs} for {rival} ({n} sampled plays).",
                    s.plays).format(n=s.plays, rival=quoted(game, rival), mine=percent(mine),
                                    theirs=percent(theirs))


def _pirataki_action(r):
    """The move a Pirataki reason explains (None where it does not say)."""
    if isinstance(r, pa.DrawFirst):
        return Action("draw")
    if isinstance(r, pa.DrawRisk):
        return Action("draw" if r.draw else "stop")
    if isinstance(r, pa.BuyPart):
        return Action("buy", (r.card,))
    if isinstance(r, pa.PayPirate):
        return Action("cannon") if r.cannon else Action("lose", tuple(r.cards))
    if isinstance(r, pa.PassTurn):
        return Action("pass")
    return None


def _pirate_chance(r) -> str:
    if not r.pirates:
        return _("No pirate can come: no card left is one.")
    return ngettext("{pirate} chance of a pirate ({pirates} of {cards} card).",
                    "{pirate} chance of a pirate ({pirates} of {cards} cards).", r.cards).format(
        pirate=percent(r.pirate), pirates=r.pirates, cards=r.cards)


def reason_text(game, r) -> str | None:
    """The sentence of a Pirataki reason (None: not one of this game's)."""
    if isinstance(r, pa.AgainstWorths):
        inner = reason_text(game, r.reason) or ""
        return (inner + " " + _("By these worths, {better} is the stronger move.").format(
            better=quoted(game, r.better))).strip()
    search = _pirataki_search(game, r) if getattr(r, "search", None) is not None else ""
    if isinstance(r, (pa.DrawFirst, pa.DrawRisk)):
        risk = r.risk if isinstance(r, pa.DrawFirst) else r
        if search:
            return _pirate_chance(risk) + " " + search
        text = ngettext("{pirate} chance of a pirate ({pirates} of {cards} card): a draw brings {gain}, a pirate "
                        "costs {cost}; on balance a draw is worth {value}.",
                        "{pirate} chance of a pirate ({pirates} of {cards} cards): a draw brings {gain}, a pirate "
                        "costs {cost}; on balance a draw is worth {value}.", risk.cards).format(
            pirate=percent(risk.pirate), pirates=risk.pirates, cards=risk.cards,
            gain=_value_points(risk.expected_gain), cost=_value_points(risk.pirate_cost),
            value=_value_points(risk.value))
        if risk.margin:
            text += " " + _("The bot draws while a draw is worth more than {margin}.").format(
                margin=_value_points(risk.margin))
        if isinstance(r, pa.DrawFirst) and r.part_worth is not None:
            text += " " + _("A part bought is worth {worth} to you, the gold it costs {gold}.").format(
                worth=_value_points(r.part_worth), gold=_value_points(r.gold_worth or 0))
        return text
    if isinstance(r, pa.BuyPart):
        if search:
            return (_("It completes your ship.") + " " + search) if r.completes else search
        if r.completes:
            return _("It completes your ship.")
        text = _("The part is worth {worth} to you, the gold it costs {gold}.").format(
            worth=_value_points(r.worth), gold=_value_points(r.gold_worth))
        if not r.draw:
            text += " " + _("Nothing can be drawn.")
        return text
    if isinstance(r, pa.PayPirate):
        if search:
            return search
        if r.cheapest:
            return _("The cheapest payment: {cost} to you.").format(cost=_value_points(r.cost))
        return _("It costs you {cost}; the cheapest payment costs {cheapest}.").format(
            cost=_value_points(r.cost), cheapest=_value_points(r.cheapest_cost))
    if isinstance(r, pa.PassTurn):
        if search:
            return _("Both piles are empty.") + " " + search
        if r.buys:
            return _("Both piles are empty; passing rather than buying a part.")
        return _("Both piles are empty and no part can be bought.")
    return None


def odds_text(game, o) -> str | None:
    """The sentence of Pirataki odds (None: not this game's)."""
    if not isinstance(o, pa.DrawOdds) or not o.cards:
        return None
    if not o.pirates:
        return _("The next card is no pirate: no card left is one.")
    return ngettext("The next card is a pirate: {n} of {cards} card ({percent}).",
                    "The next card is a pirate: {n} of {cards} cards ({percent}).", o.cards).format(
        n=o.pirates, cards=o.cards, percent=percent(o.pirate))


# --- the coach: the first-game tip of a decision ----------------------------------------------------------------
def coach_text(game, tip: pa.PATip | None) -> str:
    """The coach's line for `tip` (`insight.coach`): what this decision is and what each option does, with this
    turn's figures (the price of a part, the pirate odds, how many cards a pirate takes, or the cannon that stops
    it) — the analysis's, the ones the odds and the reasons state ("" for no tip)."""
    if tip is None:
        return ""
    facts = tip.facts
    phase, mine, price = facts.phase, facts.colour, facts.price
    colour = game.words().colour(mine) if mine else ""
    held, loss, cannon = facts.held, facts.loses, facts.cannon
    if phase == "pirate":
        return _pirate(tip)
    if price > 0:
        cost = ngettext("for {price} gold", "for {price} gold", price).format(price=price)
    else:
        cost = _("for nothing")
    if held == 0:
        pirate = _("a pirate only ends your turn (you hold nothing yet)")
        short = _("a pirate takes nothing yet")
    elif cannon and held > 1:   # a cannon given up instead stops the pirate (a lone cannon is simply lost)
        if held <= 3:
            pirate = ngettext("a pirate ends your turn and takes a cannon or all {n} of your cards",
                              "a pirate ends your turn and takes a cannon or all {n} of your cards",
                              held).format(n=held)
            short = ngettext("a pirate takes a cannon or all {n} cards",
                             "a pirate takes a cannon or all {n} cards", held).format(n=held)
        else:
            pirate = ngettext("a pirate ends your turn and takes a cannon or {n} of your cards",
                              "a pirate ends your turn and takes a cannon or {n} of your cards",
                              loss).format(n=loss)
            short = ngettext("a pirate takes a cannon or {n} cards",
                             "a pirate takes a cannon or {n} cards", loss).format(n=loss)
    elif held <= 3:
        if held == 1:
            pirate = _("a pirate ends your turn and takes your only card")
            short = _("a pirate takes your only card")
        else:
            pirate = ngettext("a pirate ends your turn and takes all {n} of your card",
                              "a pirate ends your turn and takes all {n} of your cards", held).format(n=held)
            short = ngettext("a pirate takes all {n} of your card", "a pirate takes all {n} of your cards",
                             held).format(n=held)
    else:
        pirate = ngettext("a pirate ends your turn and takes {n} of your cards",
                          "a pirate ends your turn and takes {n} of your cards", loss).format(n=loss)
        short = ngettext("a pirate takes {n} of your cards", "a pirate takes {n} of your cards", loss).format(n=loss)
    odds = _pirate_odds(facts)
    if phase == "turn":
        if tip.passes:
            if tip.buy:
                line = _("Both piles are empty, so nothing can be drawn: buy a {colour} part {cost}, or pass.").format(
                    colour=colour, cost=cost)
            else:
                line = _("Both piles are empty, so nothing can be drawn: pass.")
            return _fit(line, _("When every player passes in a row, the game ends with no winner."))
        if mine:
            draw = _("Draw: a {colour} part joins your ship, other cards go to your reserve, {pirate}.").format(
                colour=colour, pirate=pirate)
        else:
            draw = _("Draw: the first part of a free colour starts your ship, other cards go to your reserve, "
                     "{pirate}.").format(pirate=pirate)
        if tip.buy:
            buy = _("Buy a {colour} part from a rival's reserve {cost}: it joins your ship and ends your turn. Or "
                    "draw: {colour} parts join your ship, {pirate}.").format(colour=colour, cost=cost, pirate=short)
            return _fit(buy, odds)
        return _fit(draw, odds)
    if phase == "drawing":
        n = facts.drawn
        if not tip.draw:
            if n == 1:
                return _("Nothing is left to draw: stop to keep the card you drew.")
            return ngettext("Nothing is left to draw: stop to keep the {n} card you drew.",
                            "Nothing is left to draw: stop to keep the {n} cards you drew.", n).format(n=n)
        if mine:
            line = _("Each card you draw joins your ship if it is {colour}; {pirate}.").format(
                colour=colour, pirate=pirate)
        else:
            line = _("Each card you draw goes to your reserve, a free colour's part starts your ship; {pirate}."
                     ).format(pirate=pirate)
        stop = _("Stop to keep the card you drew.") if n == 1 else \
            ngettext("Stop to keep the {n} card you drew.", "Stop to keep the {n} cards you drew.", n).format(n=n)
        return _fit(line, stop, odds)
    return ""


def _pirate(tip) -> str:
    """A pirate was drawn: what it takes, and the cannon that may stop it."""
    held, need, cannon = tip.facts.held, tip.facts.loses, tip.cannon
    if held <= need:
        if held == 1:
            return _("A pirate takes your only card, unless you give up a cannon alone instead.") if cannon \
                else _("A pirate takes your only card.")
        line = (ngettext("A pirate takes all {n} of your card, unless you give up a cannon alone instead.",
                         "A pirate takes all {n} of your cards, unless you give up a cannon alone instead.", held)
                if cannon else ngettext("A pirate takes all {n} of your card.", "A pirate takes all {n} of your "
                                        "cards.", held)).format(n=held)
        return line
    line = ngettext("A pirate! Give up {n} of your {held} cards, or a cannon alone and keep the rest.",
                    "A pirate! Give up {n} of your {held} cards, or a cannon alone and keep the rest.", need) \
        if cannon else ngettext("A pirate! Give up {n} of your {held} cards.",
                                "A pirate! Give up {n} of your {held} cards.", need)
    return _fit(line.format(n=need, held=held),
                _("Gold and spare cards hurt least, parts of your own ship most."))


def _pirate_odds(facts: pa.PAAnalysis) -> str:
    """"3 of the 20 cards to come are pirates." (the deck, or the discard pile that will be shuffled in)."""
    if not facts.cards:
        return ""
    n = facts.pirates
    if not n:
        return _("No pirate is among the cards to come.")
    return ngettext("{n} of the {total} cards to come is a pirate.", "{n} of the {total} cards to come are pirates.",
                    n).format(n=n, total=facts.cards)
