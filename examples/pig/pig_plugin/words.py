"""Pig in words."""
from __future__ import annotations

from collections.abc import Mapping

from piratetable.i18n import _, ngettext
from piratetable.narrate import Narrator, seat_name

from .events import Busted


class Words(Narrator):
    def action(self, action):
        return _("Roll") if action.verb == "roll" else _("Hold")

    def tell_acted(self, e, names):
        return _("{who} holds.").format(who=seat_name(names, e.seat)) if e.action.verb == "hold" else None

    def tell_dice_rolled(self, e, names):
        return _("{who} rolls a {face}.").format(who=seat_name(names, e.seat), face=e.faces[0])

    def tell_busted(self, e: Busted, names):
        return _("Bust! {who} loses the turn's {n} points.").format(who=seat_name(names, e.seat), n=e.lost)

    def tell_score_changed(self, e, names):
        return _("{who} banks {n} (now {total}).").format(who=seat_name(names, e.seat), n=e.delta, total=e.total)


def fact_text(key: str, totals: Mapping[str, float]) -> str:
    """A fact of the statistics (recap.py's FACTS) in words."""
    n = int(totals.get(key, 0))
    if key == "busts":
        return _("busts: {n}").format(n=n)
    if key == "best_turn":
        return _("best turn: {points}").format(points=ngettext("{n} point", "{n} points", n).format(n=n))
    return ""
