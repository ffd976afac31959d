"""Insight in words: the one-line reason of a hint or of a bot's move, and the odds line, in the game's words.

UI-free (no pygame): every sentence goes through `_()`/`ngettext`, every face, card and treasure is named by the
game's own `words.py`, every action by `words.action(...)`. Exact figures are shown as exact (a fraction and its
percentage); estimates say "about".
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .. import i18n
from ..i18n import _, ngettext
from .base import NoInsight, OnlyMove

# --- numbers ------------------------------------------------------------------------------------------------
# Written the language's way (i18n.number, i18n.percent: "31%", "31 %", "2,4"). An exact chance is a percentage,
# with its fraction only where the fraction is short enough to read at a glance (a denominator of at most
# SHORT_FRACTION: "11/36 (31%)"; 21875/209952 is shown as "10%"). A worth never reads "0.0": a worth that small
# is written with the two decimals that show it ("0.04"), or "0".
SHORT_FRACTION = 100


def percent(p) -> str:
    """A chance as a percentage: "31%" (under 1 % but possible: "<1%"; over 99 % but not sure: ">99%")."""
    p = float(p)
    if 0 < p < 0.01:
        return "<" + i18n.percent(0.01)
    if 0.99 < p < 1:
        return ">" + i18n.percent(0.99)
    return i18n.percent(p)


def exact(p) -> str:
    """An exact chance: "11/36 (31%)" where the fraction is short, else the percentage alone; 0 and 1 as "0%" and
    "100%"."""
    f = Fraction(p).limit_denominator(10 ** 9)
    if f in (0, 1) or f.denominator > SHORT_FRACTION:
        return percent(f)
    return f"{f.numerator}/{f.denominator} ({percent(f)})"


def about(p) -> str:
    """An estimated chance: "about 23%"."""
    return _("about {percent}").format(percent=percent(p))


def _points(value: float, measure: str = "points") -> str:
    """A Piraten Kapern value: points of the trip, or (final round, sudden death) the chance to win."""
    if measure == "race":
        return _("{percent} to win").format(percent=percent(min(1.0, max(0.0, value))))
    n = int(round(value))
    return ngettext("{n} point", "{n} points", n).format(n=f"−{-n}" if n < 0 else n)     # a real minus sign


def _worth(value: float) -> str:
    """An estimated worth: one decimal ("2.4"); a worth that would print as 0.0 gets the decimals that show it
    ("0.04"), or "0"."""
    if round(value, 1) == 0:
        return i18n.number(value, 2) if round(value, 2) else i18n.number(0)
    return i18n.number(value, 1)


def _words(game):
    return game.words()


# --- Piraten Kapern -----------------------------------------------------------------------------------------


def _faces(faces) -> str:
    from ..games.piraten_kapern.words import face_count
    from ..games.piratz.words import join_words
    counts = Counter(faces)
    return join_words([face_count(face, n) for face, n in counts.items()])


def _order(a: float, b: float, m: str) -> int:
    """How `a` compares with `b` as a player reads them: 0 when they print alike (never "beats" between two
    figures that look the same), else the sign of a - b."""
    if _points(a, m) == _points(b, m):
        return 0
    return 1 if a > b else -1


def _pk(game, r) -> str | None:
    from . import piraten_kapern as pk
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


def _pk_odds(game, o) -> str | None:
    from . import piraten_kapern as pk
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


# --- Piratz and Pirataki: the search's figures, moves by name ----------------------------------------------


def _quoted(game, action) -> str:
    """A move as its button says it, quoted: “Reveal a card”."""
    return _("“{action}”").format(action=_words(game).action(action))


def _points_of_share(x: float) -> str:
    """A difference of two chances (shares) in percentage points: "3 percentage points"."""
    n = int(round(abs(x) * 100))
    return ngettext("{n} percentage point", "{n} percentage points", n).format(n=n)


# --- Piratz -------------------------------------------------------------------------------------------------


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
            rounds=rounds, rival=_quoted(game, rival))
    if lead < 0:     # a rival ahead, but not clearly (the bot keeps the normal bot's first choice then)
        text = _("{rounds}, {rival} gave about {pp} more chance to win, too little to tell from luck.").format(
            rounds=rounds, rival=_quoted(game, rival), pp=_points_of_share(lead))
        values = dict(r.values)
        if r.action == s.first and rival in values:
            text += " " + _("The bot keeps its first estimate: worth about {value} points against about {other} "
                            "points.").format(value=_worth(values[r.action]), other=_worth(values[rival]))
        return text
    return _("{rounds}, this gave about {pp} more chance to win than {rival}.").format(
        rounds=rounds, rival=_quoted(game, rival), pp=_points_of_share(lead))


def _piratz(game, r) -> str | None:
    from . import piratz as pz
    if isinstance(r, pz.WeakerChoice):
        if _worth(r.value) == _worth(r.best_value):
            return _("Worth about {value} points, about as much as {best}.").format(
                value=_worth(r.value), best=_quoted(game, r.best))
        return _("Worth about {value} points, though {best} is worth about {other} points.").format(
            value=_worth(r.value), best=_quoted(game, r.best), other=_worth(r.best_value))
    if getattr(r, "search", None) is not None:
        text = _piratz_search(game, r)
        if isinstance(r, pz.RevealNext) and text:
            text += " " + _("{rat} chance that the next card shows a rat.").format(rat=percent(r.rat))
        if text:
            return text
    if isinstance(r, pz.TakeNow):
        other = max((v for v in (r.reveal_value, r.end_value) if v is not None), default=None)
        if other is None:
            return _("Worth about {value} points, the best take.").format(value=_worth(r.value))
        return _("Worth about {value} points; revealing on or ending is worth about {other} points, with {caught} "
                 "chance that the rats catch you.").format(value=_worth(r.value), other=_worth(other),
                                                           caught=percent(r.caught))
    if isinstance(r, pz.RevealNext):
        if r.take_value is None:
            return _("Nothing worth taking yet; {rat} chance that the next card shows a rat.").format(
                rat=percent(r.rat))
        return _("Worth about {value} points against about {take} points for the best take now; {rat} chance "
                 "that the next card shows a rat.").format(value=_worth(r.value), take=_worth(r.take_value),
                                                           rat=percent(r.rat))
    if isinstance(r, pz.EndTurn):
        if r.take_value is None:
            return _("Worth about {value} points, the best take.").format(value=_worth(r.value))
        return _("Worth about {value} points against about {take} points for the best take now.").format(
            value=_worth(r.value), take=_worth(r.take_value))
    if isinstance(r, pz.TakeRat):
        if r.card is None:
            return _("Worth about {value} points, more than any rat card.").format(value=_worth(r.value))
        return _("Worth about {value} points, the best of the rat cards.").format(value=_worth(r.value))
    if isinstance(r, pz.BuryDenies):
        return _("It would give a rival about {denied} points.").format(denied=_worth(r.denied))
    return None


def _piratz_odds(game, o) -> str | None:
    from . import piratz as pz
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
                caught=exact(o.caught), cost=_worth(o.cost))
    return text


# --- Pirataki -----------------------------------------------------------------------------------------------


def _value_points(value: float) -> str:
    """A worth of the normal bot's scale, in value points (docs/insight.md): "about 4.0 value points" ("next to
    nothing" for a worth that rounds to 0)."""
    if round(value, 2) == 0:
        return _("next to nothing")
    return _("about {value} value points").format(value=_worth(value))


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
                        s.plays).format(n=s.plays, rival=_quoted(game, rival), mine=percent(mine))
    return ngettext("An estimated {mine} chance to win against {theirs} for {rival} ({n} sampled play).",
                    "An estimated {mine} chance to win against {theirs} for {rival} ({n} sampled plays).",
                    s.plays).format(n=s.plays, rival=_quoted(game, rival), mine=percent(mine),
                                    theirs=percent(theirs))


def _pirataki_action(r):
    """The move a Pirataki reason explains (None where it does not say)."""
    from ..engine.actions import Action
    from . import pirataki as pa
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


def _pirataki(game, r) -> str | None:
    from . import pirataki as pa
    if isinstance(r, pa.AgainstWorths):
        inner = _pirataki(game, r.reason) or ""
        return (inner + " " + _("By these worths, {better} is the stronger move.").format(
            better=_quoted(game, r.better))).strip()
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


def _pirataki_odds(game, o) -> str | None:
    from . import pirataki as pa
    if not isinstance(o, pa.DrawOdds) or not o.cards:
        return None
    if not o.pirates:
        return _("The next card is no pirate: no card left is one.")
    return ngettext("The next card is a pirate: {n} of {cards} card ({percent}).",
                    "The next card is a pirate: {n} of {cards} cards ({percent}).", o.cards).format(
        n=o.pirates, cards=o.cards, percent=percent(o.pirate))


# --- Petrangola ---------------------------------------------------------------------------------------------


def lowest_chance(p) -> str:
    """An estimated chance of holding the lowest hand, as the table prints it: the bots' estimate through its
    measured calibration (`insight.petrangola.shown`)."""
    from ..games.petrangola.insight import shown
    q = shown(p)
    return about(0.99 if 0.99 < q < 1 else q)     # "about 99%", not "about >99%"


_chance = lowest_chance


def _threshold(limit) -> str:
    """A bot's threshold on that estimate, on the same printed scale."""
    from ..games.petrangola.insight import shown
    return percent(shown(limit))


def _alike(a, b) -> bool:
    """Two estimated chances that print alike (a sentence must not compare them as if they differed)."""
    return _chance(a) == _chance(b)


def _limit_text(risk, limit, widow: bool) -> str:
    """"About 5% chance that your hand is the lowest after the others' turns, below the 10% the bot accepts" (the
    two compared as they are; "just below" when they print alike)."""
    below, alike = risk < limit, _threshold(risk) == _threshold(limit)
    if widow:
        if below:
            text = (_("{risk} chance that the widow is the lowest hand after the others' turns, just below the "
                      "{limit} the bot accepts.") if alike else
                    _("{risk} chance that the widow is the lowest hand after the others' turns, below the {limit} "
                      "the bot accepts."))
        else:
            text = (_("{risk} chance that the widow is the lowest hand after the others' turns, not below the "
                      "{limit} the bot accepts.") if alike else
                    _("{risk} chance that the widow is the lowest hand after the others' turns, above the {limit} "
                      "the bot accepts."))
    elif below:
        text = (_("{risk} chance that your hand is the lowest after the others' turns, just below the {limit} the "
                  "bot accepts.") if alike else
                _("{risk} chance that your hand is the lowest after the others' turns, below the {limit} the bot "
                  "accepts."))
    else:
        text = (_("{risk} chance that your hand is the lowest after the others' turns, not below the {limit} the "
                  "bot accepts.") if alike else
                _("{risk} chance that your hand is the lowest after the others' turns, above the {limit} the bot "
                  "accepts."))
    return text.format(risk=_chance(risk), limit=_threshold(limit))


def _petrangola_swap(r) -> str:
    if not _alike(r.before, r.after):
        if r.later:
            if r.after < r.before:
                text = _("After the others' turns, the chance that your hand is the lowest falls from {before} to "
                         "{after}.")
            else:
                text = _("After the others' turns, the chance that your hand is the lowest rises from {before} to "
                         "{after}.")
        elif r.after < r.before:
            text = _("The chance that your hand is the lowest now falls from {before} to {after}.")
        else:
            text = _("The chance that your hand is the lowest now rises from {before} to {after}.")
        return text.format(before=_chance(r.before), after=_chance(r.after))
    if r.later and not _alike(r.before_now, r.after_now):
        if r.after_now < r.before_now:
            text = _("After the others' turns, the chance that your hand is the lowest stays at {after}; now it "
                     "falls from {before_now} to {after_now}.")
        else:
            text = _("After the others' turns, the chance that your hand is the lowest stays at {after}; now it "
                     "rises from {before_now} to {after_now}.")
        return text.format(after=_chance(r.after), before_now=_chance(r.before_now), after_now=_chance(r.after_now))
    if r.later:
        text = (_("The chance that your hand is the lowest stays at {after} after the others' turns and {now} now; "
                  "the new hand is stronger.") if r.stronger else
                _("The chance that your hand is the lowest stays at {after} after the others' turns and {now} now."))
    else:
        text = (_("The chance that your hand is the lowest stays at {after}; the new hand is stronger.")
                if r.stronger else _("The chance that your hand is the lowest stays at {after}."))
    return text.format(after=_chance(r.after), now=_chance(r.after_now))


def _petrangola_pass(r) -> str:
    if r.best_swap is None:
        return _("No swap is possible: {risk} chance that your hand is the lowest.").format(risk=_chance(r.before))
    if r.best_after < r.before:
        if _alike(r.best_after, r.before):
            text = (_("{risk} chance that your hand is the lowest after the others' turns; the best swap would "
                      "leave about the same ({after}).") if r.later else
                    _("{risk} chance that your hand is the lowest now; the best swap would leave about the same "
                      "({after})."))
        else:
            text = (_("{risk} chance that your hand is the lowest after the others' turns; the best swap would "
                      "make it {after}.") if r.later else
                    _("{risk} chance that your hand is the lowest now; the best swap would make it {after}."))
        return text.format(risk=_chance(r.before), after=_chance(r.best_after))
    if r.among:
        return ngettext("Of the {n} swap safest now, not one lowers the chance that your hand is the lowest after "
                        "the others' turns ({risk}).",
                        "Of the {n} swaps safest now, not one lowers the chance that your hand is the lowest after "
                        "the others' turns ({risk}).", r.among).format(n=r.among, risk=_chance(r.before))
    if r.later:
        return _("No swap lowers the chance that your hand is the lowest after the others' turns ({risk}).").format(
            risk=_chance(r.before))
    return _("No swap lowers the chance that your hand is the lowest now ({risk}).").format(risk=_chance(r.before))


def _shares(a: float, b: float) -> tuple[str, str]:
    """Two shares as percentages with the fewest decimals (1 to 3) that tell them apart."""
    for digits in (1, 2, 3):
        x, y = i18n.percent(a, digits), i18n.percent(b, digits)    # the language's way: 12,5 % in Russian
        if x != y:
            break
    return x, y


def _petrangola_search(game, r) -> str:
    n, mine = r.endings, round(r.lowest * r.endings)
    if r.rival is None:
        return ngettext("In {n} sampled ending of this hand, your hand is the lowest in {mine}.",
                        "In {n} sampled endings of this hand, your hand is the lowest in {mine}.", n).format(
            n=n, mine=mine)
    theirs, rival = round(r.rival_lowest * n), _words(game).action(r.rival)
    if mine <= theirs:
        return ngettext("In {n} sampled ending of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).",
                        "In {n} sampled endings of this hand, your hand is the lowest in {mine} with this move and "
                        "in {theirs} with the next best choice ({rival}).", n).format(
            n=n, mine=mine, theirs=theirs, rival=rival)
    share, rival_share = _shares(r.value, r.rival_value)
    if share == rival_share:
        text = ngettext("In {n} sampled ending of this hand, this move keeps as large a share of the table's tokens "
                        "yours as the next best choice ({rival}): {share}; your hand is the lowest in {mine} of "
                        "them against {theirs}.",
                        "In {n} sampled endings of this hand, this move keeps as large a share of the table's "
                        "tokens yours as the next best choice ({rival}): {share}; your hand is the lowest in {mine} "
                        "of them against {theirs}.", n)
    else:
        text = ngettext("In {n} sampled ending of this hand, this move keeps the larger share of the table's tokens "
                        "yours ({share} against {rival_share} with the next best choice, {rival}), though your hand "
                        "is the lowest in {mine} of them against {theirs}.",
                        "In {n} sampled endings of this hand, this move keeps the larger share of the table's tokens "
                        "yours ({share} against {rival_share} with the next best choice, {rival}), though your hand "
                        "is the lowest in {mine} of them against {theirs}.", n)
    return text.format(n=n, mine=mine, theirs=theirs, rival=rival, share=share, rival_share=rival_share)


def _petrangola_rule(game, r) -> str:
    words = _words(game)
    hand = words.hand(r.kind, r.value)
    points = (ngettext("{n} point", "{n} points", r.points).format(n=r.points) if r.points is not None else "")
    gain = r.gain if r.gain is not None else 1
    if r.verb == "keep":
        return _("The widow holds {hand}; the easy bot keeps a widow of at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "reject":
        return _("The widow holds {hand}; the easy bot keeps only a widow of at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "knock":
        return _("Your hand holds {hand}; the easy bot knocks with at least {points}.").format(
            hand=hand, points=points)
    if r.verb == "swapall":
        return _("The monte holds {hand}, more than your hand; the easy bot takes a monte of at least "
                 "{points}.").format(hand=hand, points=points)
    if r.verb == "swap":
        return _("The best swap of one card: it makes {hand}.").format(hand=hand)
    if r.verb == "pass":
        if gain <= 1:
            text = (_("Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of one "
                      "card makes it stronger.") if points else
                    _("Your hand holds {hand}, and no swap of one card makes it stronger."))
            return text.format(hand=hand, points=points)
        text = (ngettext("Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of "
                         "one card makes it {n} point stronger.",
                         "Your hand holds {hand}, less than the {points} the easy bot knocks with, and no swap of "
                         "one card makes it {n} points stronger.", gain) if points else
                ngettext("Your hand holds {hand}, and no swap of one card makes it {n} point stronger.",
                         "Your hand holds {hand}, and no swap of one card makes it {n} points stronger.", gain))
        return text.format(hand=hand, points=points, n=gain)
    return _("The strongest hand on offer: {hand}.").format(hand=hand)


def _petrangola(game, r) -> str | None:
    from ..games.petrangola.scoring import PETRANGOLONE, classify
    from . import petrangola as pe
    if isinstance(r, pe.Despite):
        inner = _petrangola(game, r.reason) or ""
        if r.better is None:
            return inner
        return inner + " " + _("On these figures the bot would choose: {action}.").format(
            action=_words(game).action(r.better))
    if isinstance(r, pe.KnockNow):
        if r.hand and classify(game.deck, r.hand)[0] == PETRANGOLONE:
            return _("Petrangolone never loses.")
        return _limit_text(r.risk, r.limit, False)
    if isinstance(r, pe.WidowChoice):
        return _limit_text(r.risk, r.limit, True)
    if isinstance(r, pe.SwapLowersRisk):
        return _petrangola_swap(r)
    if isinstance(r, pe.StandPat):
        return _petrangola_pass(r)
    if isinstance(r, pe.SearchChoice):
        return _petrangola_search(game, r)
    if isinstance(r, pe.RuleOfThumb):
        return _petrangola_rule(game, r)
    if isinstance(r, pe.RebuyChoice):
        if r.rebuy:
            return ngettext("Back in the game for a stake of {stake} chip.",
                            "Back in the game for a stake of {stake} chips.", r.stake).format(stake=r.stake)
        return ngettext("Out of the game rather than paying {stake} chip.",
                        "Out of the game rather than paying {stake} chips.", r.stake).format(stake=r.stake)
    return None


def _petrangola_odds(game, o) -> str | None:
    from . import petrangola as pe
    if not isinstance(o, pe.LowestOdds):
        return None
    from ..games.petrangola.scoring import PETRANGOLONE
    if o.kind == PETRANGOLONE:
        return _("Petrangolone never loses.")
    if o.phase == "widow":
        text = _("{risk} chance that the widow is the lowest hand after the others' turns (an estimate from "
                 "{samples} sample deals).")
        return text.format(risk=_chance(o.final), samples=o.samples)
    if o.to_come == 0:
        text = _("{now} chance that your hand is the lowest at the showdown (an estimate from {samples} sample "
                 "deals).")
    elif _alike(o.now, o.final):
        text = _("{now} chance that your hand is the lowest, now and after the others' turns (an estimate from "
                 "{samples} sample deals).")
    else:
        text = _("{now} chance that your hand is the lowest now, {final} after the others' turns (an estimate from "
                 "{samples} sample deals).")
    return text.format(now=_chance(o.now), final=_chance(o.final), samples=o.samples)


_REASONS = {"piraten_kapern": _pk, "piratz": _piratz, "pirataki": _pirataki, "petrangola": _petrangola}
_ODDS = {"piraten_kapern": _pk_odds, "piratz": _piratz_odds, "pirataki": _pirataki_odds,
         "petrangola": _petrangola_odds}


# --- the public functions -----------------------------------------------------------------------------------


def reason_text(game, reason) -> str:
    """One sentence: why (the reason alone, without the action)."""
    if isinstance(reason, OnlyMove):
        return _("The only move.")
    if isinstance(reason, NoInsight):
        return _("The strongest bot's choice.")
    tell = _REASONS.get(getattr(game, "id", ""))
    text = tell(game, reason) if tell is not None else None
    if not text:
        return _("The strongest bot's choice.")
    return text[:1].upper() + text[1:]     # "about 20% chance …" begins a sentence


def hint_text(game, hint) -> str:
    """The hint's line: "Stop and score: 700 points now beats an expected 520 points from re-rolling …"."""
    return _("{action}. {why}").format(action=_words(game).action(hint.action), why=reason_text(game, hint.reason))


def odds_text(game, odds) -> str:
    """The odds line ("" when there is nothing to weigh)."""
    if odds is None:
        return ""
    tell = _ODDS.get(getattr(game, "id", ""))
    return (tell(game, odds) if tell is not None else None) or ""
