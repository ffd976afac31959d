"""Pirataki: the sentences of its insight part's reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
"""
from __future__ import annotations

from ...engine.actions import Action
from ...i18n import _, ngettext
from ...insight.words import percent, quoted, worth
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
