"""Piraten Kapern: the sentences of its insight part's reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
"""
from __future__ import annotations

from collections import Counter

from ...i18n import _, join_list, ngettext
from ...insight.words import exact, percent
from . import insight as pk
from .words import face_count


def _points(value: float, measure: str = "points") -> str:
    """A Piraten Kapern value: points of the trip, or (final round, sudden death) the chance to win."""
    if measure == "race":
        return _("{percent} to win").format(percent=percent(min(1.0, max(0.0, value))))
    n = int(round(value))
    return ngettext("{n} point", "{n} points", n).format(n=f"−{-n}" if n < 0 else n)     # a real minus sign


def _faces(faces) -> str:
    counts = Counter(faces)
    return join_list([face_count(face, n) for face, n in counts.items()])


def _order(a: float, b: float, m: str) -> int:
    """How `a` compares with `b` as a player reads them: 0 when they print alike (never "beats" between two
    figures that look the same), else the sign of a - b."""
    if _points(a, m) == _points(b, m):
        return 0
    return 1 if a > b else -1


def reason_text(game, r) -> str | None:
    """The sentence of a Piraten Kapern reason (None: not one of this game's)."""
    m = getattr(r, "measure", "points")
    if isinstance(r, pk.StopBeatsReroll):
        if r.expected_reroll is None:
            return _("{now} now; no re-roll is possible.").format(now=_points(r.now, m))
        fields = dict(now=_points(r.now, m), reroll=_points(r.expected_reroll, m), faces=_faces(r.reroll_faces),
                      bust=percent(r.bust))
        if _order(r.now, r.expected_reroll, m) == 0:
            return _("{now} now, as much as an expected {reroll} from re-rolling the {faces} ({bust} chance that "
                     "the trip ends).").format(**fields)
        return _("{now} now beats an expected {reroll} from re-rolling the {faces} ({bust} chance that the trip "
                 "ends).").format(**fields)
    if isinstance(r, pk.RerollBeatsStop):
        fields = dict(now=_points(r.now, m), reroll=_points(r.expected_reroll, m), faces=_faces(r.reroll_faces),
                      bust=percent(r.bust))
        if _order(r.expected_reroll, r.now, m) == 0:
            text = _("An expected {reroll} from re-rolling the {faces}, as much as {now} now ({bust} chance that "
                     "the trip ends).").format(**fields)
        else:
            text = _("An expected {reroll} from re-rolling the {faces} beats {now} now ({bust} chance that the trip "
                     "ends).").format(**fields)
        if r.island:
            text = _("{faces} on Treasure Island.").format(faces=_faces(r.island)) + " " + text
        return text
    if isinstance(r, pk.StopDespiteReroll):
        return _("{now} now, though re-rolling the {faces} is worth an expected {reroll}.").format(
            now=_points(r.now, m), reroll=_points(r.expected_reroll, m), faces=_faces(r.reroll_faces))
    if isinstance(r, pk.RerollDespiteStop):
        return _("An expected {reroll} from re-rolling the {faces}, though stopping is worth {now} now.").format(
            now=_points(r.now, m), reroll=_points(r.expected_reroll, m), faces=_faces(r.reroll_faces))
    if isinstance(r, pk.UseGuardian):
        return _("An expected {value} with the Guardian against {now} now.").format(
            value=_points(r.value, m), now=_points(r.now, m))
    if isinstance(r, pk.GuardianSave):
        fields = dict(value=_points(r.save_value, m), now=_points(r.stop_value, m))
        if r.save:
            return _("An expected {value} from saving the third skull against {now} now.").format(**fields)
        order = _order(r.stop_value, r.save_value, m)
        if order > 0:
            return _("{now} now beats an expected {value} from saving the third skull.").format(**fields)
        if order == 0:
            return _("{now} now, as much as an expected {value} from saving the third skull.").format(**fields)
        return _("{now} now, though saving the third skull is worth an expected {value}.").format(**fields)
    if isinstance(r, pk.SkullIslandChoice):
        if r.roll_value is None:
            return _("{now} now; no re-roll is possible.").format(now=_points(r.stop_value, m))
        fields = dict(value=_points(r.roll_value, m), ends=percent(r.ends), now=_points(r.stop_value, m))
        order = _order(r.roll_value, r.stop_value, m)
        if r.roll:
            if order > 0:
                return _("An expected {value} from rolling on ({ends} chance of no new skull) beats {now} "
                         "now.").format(**fields)
            if order == 0:
                return _("An expected {value} from rolling on ({ends} chance of no new skull), as much as {now} "
                         "now.").format(**fields)
            return _("An expected {value} from rolling on ({ends} chance of no new skull), though stopping is worth "
                     "{now} now.").format(**fields)
        if order < 0:
            return _("{now} now beats an expected {value} from rolling on ({ends} chance of no new skull).").format(
                **fields)
        if order == 0:
            return _("{now} now, as much as an expected {value} from rolling on ({ends} chance of no new "
                     "skull).").format(**fields)
        return _("{now} now, though rolling on is worth an expected {value} ({ends} chance of no new skull).").format(
            **fields)
    if isinstance(r, pk.FirstRoll):
        if r.skull_island:
            return _("{bust} chance that the first roll ends the trip at once, {island} chance of Skull "
                     "Island.").format(bust=percent(r.bust), island=percent(r.skull_island))
        return _("{bust} chance that the first roll ends the trip at once.").format(bust=percent(r.bust))
    if isinstance(r, pk.ZombieRoll):
        return _("{sabers} of the {needed} sabers needed against the zombies.").format(sabers=r.sabers,
                                                                                        needed=r.needed)
    return None


def odds_text(game, o) -> str | None:
    """The sentence of Piraten Kapern odds (None: not this game's)."""
    m = getattr(o, "measure", "points")
    if isinstance(o, pk.RerollOdds):
        if o.ends_trip:
            text = _("Re-rolling the {faces} is this trip's last roll (Shipwreck); skulls do not end it.").format(
                faces=_faces(o.faces))
        else:
            text = _("Re-rolling the {faces} ends the trip with a chance of {bust}.").format(
                faces=_faces(o.faces), bust=exact(o.bust))
        best = o.best_value if o.best_value is not None else o.reroll_value
        if o.best_positions is not None and tuple(sorted(o.positions)) != tuple(sorted(o.best_positions)):
            return text + " " + _("Stop now: {now}; this re-roll: an expected {this}; the best re-roll: an expected "
                                  "{best}.").format(now=_points(o.stop_value, m), this=_points(o.reroll_value, m),
                                                    best=_points(best, m))
        return text + " " + _("Stop now: {now}; the best re-roll: an expected {best}.").format(
            now=_points(o.stop_value, m), best=_points(best, m))
    if isinstance(o, pk.RerollNotPossible):
        text = {
            "skull": _("Skulls are never re-rolled (the Guardian re-rolls one skull on its own): choose at least two "
                       "dice that are not skulls."),
            "island": _("Dice on Treasure Island are not re-rolled: take them off the island first, or choose "
                        "others."),
            "too_few": _("A re-roll needs at least two dice: choose at least two dice that are not skulls."),
        }.get(o.problem, _("Too few dice are free to re-roll."))
        if o.best_value is None:
            return text + " " + _("Stop now: {now}.").format(now=_points(o.stop_value, m))
        return text + " " + _("Stop now: {now}; the best re-roll: an expected {best}.").format(
            now=_points(o.stop_value, m), best=_points(o.best_value, m))
    if isinstance(o, pk.GuardianOdds):
        text = _("The Guardian re-rolls this skull: a skull again with a chance of {again}.").format(
            again=exact(o.again))
        if o.best_value is None:
            return text + " " + _("Stop now: {now}; the Guardian: an expected {value}.").format(
                now=_points(o.stop_value, m), value=_points(o.value, m))
        return text + " " + _("Stop now: {now}; the Guardian: an expected {value}; the best re-roll: an expected "
                              "{best}.").format(now=_points(o.stop_value, m), value=_points(o.value, m),
                                                best=_points(o.best_value, m))
    if isinstance(o, pk.FirstRollOdds):
        return _("{bust} chance that the first roll ends the trip at once, {island} chance of Skull "
                 "Island.").format(bust=exact(o.bust), island=exact(o.skull_island))
    if isinstance(o, pk.SkullIslandOdds):
        text = _("{ends} chance of no new skull.").format(ends=exact(o.ends))
        if o.roll_value is None:
            return text
        return text + " " + _("Stop now: {now}; the best re-roll: an expected {best}.").format(
            now=_points(o.stop_value, m), best=_points(o.roll_value, m))
    if isinstance(o, pk.GuardianSaveOdds):
        return _("An expected {value} from saving the third skull against {now} now.").format(
            value=_points(o.save_value, m), now=_points(o.stop_value, m))
    return None
