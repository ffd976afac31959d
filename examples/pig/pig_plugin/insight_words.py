"""Pig's insight in words (the `insight_words` part): the odds line, the reasons and the tip."""
from __future__ import annotations

from piratetable.i18n import _, ngettext
from piratetable.insight.words import exact, percent, worth

from .insight import BustOdds, PigTip, StakeChoice


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def odds_text(game, o) -> str | None:
    if not isinstance(o, BustOdds):
        return None
    text = _("The next roll shows a {face} with a chance of {bust}").format(face=o.bust_face, bust=exact(o.bust))
    if not o.at_stake:
        return text + "; " + _("nothing is at stake yet.")
    return text + ", " + _("losing the {points} at stake; on balance a roll is worth {gain} points.").format(
        points=_points(o.at_stake), gain=("+" if o.gain > 0 else "") + worth(float(o.gain)))


def reason_text(game, r) -> str | None:
    if not isinstance(r, StakeChoice):
        return None
    if r.hold and r.wins:
        return _("{points} at stake win the game.").format(points=_points(r.at_stake))
    fields = dict(points=_points(r.at_stake), limit=_points(r.threshold), bust=percent(r.bust))
    if r.hold:
        if r.at_stake >= r.threshold:
            return _("{points} at stake reach the {limit} the bot holds at.").format(**fields)
        return _("{points} at stake, below the {limit} the bot holds at: it would roll on.").format(**fields)
    if r.at_stake < r.threshold:
        return _("{points} at stake, below the {limit} the bot holds at; a roll loses them with {bust}.").format(
            **fields)
    return _("{points} at stake reach the {limit} the bot holds at: it would hold ({bust} to lose them).").format(
        **fields)


def coach_text(game, tip: PigTip | None) -> str:
    """The tip's line ("" for none)."""
    if tip is None:
        return ""
    f = tip.facts
    text = _("Each roll adds its face to the points at stake; a {face} loses them ({bust} on each roll).").format(
        face=f.bust_face, bust=percent(f.bust))
    if f.can_hold:
        text += " " + _("Hold banks {points}.").format(points=_points(f.at_stake))
    return text
