"""Piratz: the sentences of its insight part's reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
"""
from __future__ import annotations

from ...i18n import _, ngettext
from ...insight.words import exact, percent, quoted, worth
from . import insight as pz


def _points_of_share(x: float) -> str:
    """A difference of two chances (shares) in percentage points: "3 percentage points"."""
    n = int(round(abs(x) * 100))
    return ngettext("{n} percentage point", "{n} percentage points", n).format(n=n)


def _piratz_search(game, r) -> str:
    """What the hard bot's search found (`SearchResult`), against the strongest other candidate."""
    s = r.search
    found = s.runner_up(r.action)
    if found is None:
        return ""
    rival, lead, n = found
    rounds = ngettext("In {n} round played out from here", "In {n} rounds played out from here", n).format(n=n)
    if round(abs(lead) * 100) == 0:
        return _("{rounds}, this and {rival} gave about the same chance to win.").format(
            rounds=rounds, rival=quoted(game, rival))
    if lead < 0:     # a rival ahead, but not clearly (the bot keeps the normal bot's first choice then)
        text = _("{rounds}, {rival} gave about {pp} more chance to win, too little to tell from luck.").format(
            rounds=rounds, rival=quoted(game, rival), pp=_points_of_share(lead))
        values = dict(r.values)
        if r.action == s.first and rival in values:
            text += " " + _("The bot keeps its first estimate: worth about {value} points against about {other} "
                            "points.").format(value=worth(values[r.action]), other=worth(values[rival]))
        return text
    return _("{rounds}, this gave about {pp} more chance to win than {rival}.").format(
        rounds=rounds, rival=quoted(game, rival), pp=_points_of_share(lead))


def reason_text(game, r) -> str | None:
    """The sentence of a Piratz reason (None: not one of this game's)."""
    if isinstance(r, pz.WeakerChoice):
        if worth(r.value) == worth(r.best_value):
            return _("Worth about {value} points, about as much as {best}.").format(
                value=worth(r.value), best=quoted(game, r.best))
        return _("Worth about {value} points, though {best} is worth about {other} points.").format(
            value=worth(r.value), best=quoted(game, r.best), other=worth(r.best_value))
    if getattr(r, "search", None) is not None:
        text = _piratz_search(game, r)
        if isinstance(r, pz.RevealNext) and text:
            text += " " + _("{rat} chance that the next card shows a rat.").format(rat=percent(r.rat))
        if text:
            return text
    if isinstance(r, pz.TakeNow):
        other = max((v for v in (r.reveal_value, r.end_value) if v is not None), default=None)
        if other is None:
            return _("Worth about {value} points, the best take.").format(value=worth(r.value))
        return _("Worth about {value} points; revealing on or ending is worth about {other} points, with {caught} "
                 "chance that the rats catch you.").format(value=worth(r.value), other=worth(other),
                                                           caught=percent(r.caught))
    if isinstance(r, pz.RevealNext):
        if r.take_value is None:
            return _("Nothing worth taking yet; {rat} chance that the next card shows a rat.").format(
                rat=percent(r.rat))
        return _("Worth about {value} points against about {take} points for the best take now; {rat} chance "
                 "that the next card shows a rat.").format(value=worth(r.value), take=worth(r.take_value),
                                                           rat=percent(r.rat))
    if isinstance(r, pz.EndTurn):
        if r.take_value is None:
            return _("Worth about {value} points, the best take.").format(value=worth(r.value))
        return _("Worth about {value} points against about {take} points for the best take now.").format(
            value=worth(r.value), take=worth(r.take_value))
    if isinstance(r, pz.TakeRat):
        if r.card is None:
            return _("Worth about {value} points, more than any rat card.").format(value=worth(r.value))
        return _("Worth about {value} points, the best of the rat cards.").format(value=worth(r.value))
    if isinstance(r, pz.BuryDenies):
        return _("It would give a rival about {denied} points.").format(denied=worth(r.denied))
    return None


def odds_text(game, o) -> str | None:
    """The sentence of Piratz odds (None: not this game's)."""
    if not isinstance(o, pz.RevealOdds) or not o.cards:
        return None
    if not o.rat_cards:
        text = _("The next card shows no rat: no card left shows one.")
    else:
        text = ngettext("The next card shows a rat: {n} of {cards} card ({percent}).",
                        "The next card shows a rat: {n} of {cards} cards ({percent}).", o.cards).format(
            n=o.rat_cards, cards=o.cards, percent=percent(o.rat))
    if o.caught:
        if round(o.cost, 1) == 0:
            text += " " + _("The rats catch you with {caught}; that would cost next to nothing (an "
                            "estimate).").format(caught=exact(o.caught))
        else:
            text += " " + _("The rats catch you with {caught}; that costs about {cost} points (an estimate).").format(
                caught=exact(o.caught), cost=worth(o.cost))
    return text
