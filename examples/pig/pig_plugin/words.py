"""Pig in words."""
from __future__ import annotations

from piratetable.i18n import _
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
