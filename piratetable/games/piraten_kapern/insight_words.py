"""Piraten Kapern: the sentences of its insight part's tips, reasons and odds (`insight.py`), told in the game's
words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
`coach_text(game, tip)` is the first-game tip's line (the table's coach), from the same analysis.
"""
from __future__ import annotations

from collections import Counter

from ...i18n import _, join_list, ngettext
from ...insight.words import exact, percent
from ...table.standard import coach_line as _fit
from . import insight as pk
from .words import face_count, face_name


def _measure(item):
    """The measure of odds or a reason: "points", "race", or ("goal", n) for the `hard` bot's trip plan."""
    m = getattr(item, "measure", "points")
    return ("goal", item.goal) if m == "goal" else m


def _points(value: float, measure="points") -> str:
    """A Piraten Kapern value: points of the trip, (final round, sudden death) the chance to win, or (a trip
    played for a goal) the chance to score the goal's points."""
    if isinstance(measure, tuple):
        n = measure[1]
        return ngettext("{percent} to score {n} point or more", "{percent} to score {n} points or more", n).format(
            percent=percent(min(1.0, max(0.0, value))), n=n)
    if measure == "race":
        return _("{percent} to win").format(percent=percent(min(1.0, max(0.0, value))))
    n = int(round(value))
    return ngettext("{n} point", "{n} points", n).format(n=f"−{-n}" if n < 0 else n)     # a real minus sign


def _faces(faces) -> str:
    counts = Counter(faces)
    return join_list([face_count(face, n) for face, n in counts.items()])


def _order(a: float, b: float, m) -> int:
    """How `a` compares with `b` as a player reads them: 0 when they print alike (never "beats" between two
    figures that look the same), else the sign of a - b."""
    if _points(a, m) == _points(b, m):
        return 0
    return 1 if a > b else -1


def reason_text(game, r) -> str | None:
    """The sentence of a Piraten Kapern reason (None: not one of this game's)."""
    if isinstance(r, pk.PlayingFor):
        inner = reason_text(game, r.reason) or ""
        fields = dict(win=percent(r.win), points=percent(r.points_win), n=r.goal)
        if r.goal:
            plan = ngettext("Playing this trip for {n} point or more: {win} to win the game, against {points} "
                            "playing for the most points.",
                            "Playing this trip for {n} points or more: {win} to win the game, against {points} "
                            "playing for the most points.", r.goal).format(**fields)
        else:
            plan = _("Playing this trip for the most points: {win} to win the game.").format(**fields)
        return f"{plan} {inner}".strip()
    m = _measure(r)
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
    m = _measure(o)
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


# --- the coach: the first-game tip of a decision ----------------------------------------------------------------
def coach_text(game, tip: pk.PKTip | None) -> str:
    """The coach's line for `tip` (`insight.coach`): what this decision is and what each option does, with this
    trip's figures — the analysis's, the ones the odds and the reasons state ("" for no tip)."""
    if tip is None:
        return ""
    facts = tip.facts
    card = game.cards[facts.card]
    tell = {"first_roll": _first_roll, "choose": _choose, "skull_island": _skull_island, "zombie": _zombie,
            "guardian_save": _guardian_save}.get(facts.phase)
    return tell(game, tip, card) if tell is not None else ""


def _skull_island(game, tip, card) -> str:
    facts = tip.facts
    per = facts.island_loss_per_skull
    line = _("Skull Island: you score nothing, but each other player loses {loss} ({per} a skull).").format(
        loss=facts.island_loss, per=per)
    more = _("Roll on: each new skull costs them {per} more, a roll without one ends it. Or stop now.").format(
        per=per)
    own = _("Sabers showing cost you {points}.").format(points=-facts.stop_points) if facts.stop_points < 0 else ""
    return _fit(line, more, own)


def _zombie(game, tip, card) -> str:
    facts = tip.facts
    return ngettext("Zombie attack, {n} saber so far: the dice showing neither skull nor saber roll until all "
                    "do; {need} sabers or more win you {points}, fewer give each other player {share}.",
                    "Zombie attack, {n} sabers so far: the dice showing neither skull nor saber roll until all "
                    "do; {need} sabers or more win you {points}, fewer give each other player {share}.",
                    facts.sabers).format(
        n=facts.sabers, need=facts.zombie_needed, points=card.zombie_points, share=facts.zombie_share)


def _guardian_save(game, tip, card) -> str:
    points = tip.facts.stop_points
    line = _("A third skull ends the trip unless the Guardian re-rolls one skull die (it may show a skull "
             "again).")
    if points > 0:
        end = _("Accepting the loss still banks {points} from the island.").format(points=points)
    elif points < 0:
        end = _("Accepting the loss costs {points}.").format(points=-points)
    else:
        end = _("Accepting the loss ends the trip with nothing.")
    return _fit(line, end)


def _basics(game) -> str:
    content = game.content
    smallest = content.sets[0][0] if content.sets else 3
    treasure = join_list([face_name(f) for f, _points in content.face_points])
    if treasure:
        return _("Sets of {n} or more alike and each {treasure} score; 3 skulls end the trip with "
                 "nothing.").format(n=smallest, treasure=treasure)
    return _("Sets of {n} or more alike score; 3 skulls end the trip with nothing.").format(n=smallest)


def _first_roll(game, tip, card) -> str:
    """Before the first roll: what this card changes (a card that changes the whole trip says only that)."""
    name = game.words().card(card.id)
    if card.zombie:
        return _("{card}: roll until every die shows a skull or a saber; {need} sabers win you {points}, with fewer "
                 "the others share them. Skulls do not stop you.").format(
            card=name, need=card.zombie_sabers, points=card.zombie_points)
    if card.shipwreck:
        treasures = join_list([face_name(f, 2) for f, _points in game.content.face_points])
        return _("{card}: two rolls at most and skulls never end this trip; only {treasure} score, {factor} times "
                 "their worth.").format(card=name, treasure=treasures, factor=card.factor)
    if card.battle_sabers:
        return _("Sea battle: stop with {need} sabers or more to win {bonus} on top of your dice; with fewer, or 3 "
                 "skulls, you lose {bonus}.").format(need=card.battle_sabers, bonus=card.battle_bonus)
    if card.peace_penalty:
        return _("{card}: stop with no saber showing and the trip's points count {factor} times; each saber showing at the "
                 "end costs {penalty}.").format(card=name, factor=card.factor, penalty=card.peace_penalty)
    if card.skulls:
        return _first_roll_skulls(game, tip, card, name)
    return _first_roll_card(game, tip, card, name)


def _first_roll_skulls(game, tip, card, name) -> str:
    island = _("4 skulls or more on this first roll send you to Skull Island.")
    skulls, left = tip.facts.skulls, tip.facts.skulls_to_bust
    if left <= 0:
        return _("{card}: the trip starts with {n} skulls, so the first roll ends it or sends you to Skull "
                 "Island.").format(card=name, n=skulls)
    if left == 1:
        line = _("{card}: the trip starts with {n} skulls; a third ends it with nothing.").format(card=name, n=skulls)
    else:
        line = ngettext("{card}: the trip starts with {n} skull; {left} more end it with nothing.",
                        "{card}: the trip starts with {n} skulls; {left} more end it with nothing.",
                        skulls).format(card=name, n=skulls, left=left)
    return _fit(line, island, _basics(game))


def _first_roll_card(game, tip, card, name) -> str:
    basics = _basics(game)
    island = _("4 skulls or more on this first roll send you to Skull Island.")
    if card.treasure_island:
        line = _("{card}: after a roll, dice put on the island are not re-rolled and still score if a third skull "
                 "ends the trip.").format(card=name)
        return _fit(line, basics)
    if card.guardian:
        line = (_("{card}: once this trip you may re-roll one skull die, even a third one.") if
                game.options.guardian_saves_third_skull else
                _("{card}: once this trip you may re-roll one skull die; a third skull still ends the trip.")).format(
            card=name)
        return _fit(line, basics)
    if card.factor > 1:
        line = _("{card}: this trip's points count {factor} times, and so do the others' losses on Skull "
                 "Island.").format(card=name, factor=card.factor)
        return _fit(line, basics)
    if card.extra:
        face, n = card.extra[0]
        line = ngettext("{card}: the trip starts with {n} extra {face}, scoring alone and in a set.",
                        "{card}: the trip starts with {n} extra {face}, scoring alone and in a set.", n).format(
            card=name, n=n, face=face_name(face, n))
        return _fit(line, basics)
    if card.pool:
        line = _("{card}: {faces} count together as one set.").format(
            card=name, faces=join_list([face_name(f, 2) for f in card.pool]))
        return _fit(line, basics, island)
    return _fit(_("First roll: all 8 dice.") + " " + basics, island)


def _stop_figure(points: int) -> str:
    if points > 0:
        return _("Stopping now banks {points}").format(points=points)
    if points < 0:
        return _("Stopping now costs {points}").format(points=-points)
    return _("Stopping now scores nothing")


def _danger(facts: pk.PKAnalysis) -> str:
    """How many more skulls end the trip, and what a bust leaves."""
    bust = {"battle": lambda: _("with a loss of {bonus}").format(bonus=facts.bust_loss),
            "peace": lambda: _("with nothing, and each saber showing costs {penalty}").format(penalty=facts.bust_loss),
            "island": lambda: _("but the dice on the island still score"),
            "guardian": lambda: _("unless the Guardian saves it")}.get(facts.bust, lambda: _("with nothing"))()
    skulls, left = facts.skulls, max(1, facts.skulls_to_bust)
    if skulls == 0:
        return _("No skull yet: 3 skulls end this trip {bust}.").format(bust=bust)
    if left == 1:
        return ngettext("{n} skull lies out: a third ends this trip {bust}.",
                        "{n} skulls lie out: a third ends this trip {bust}.", skulls).format(n=skulls, bust=bust)
    return ngettext("{n} skull lies out: {left} more end this trip {bust}.",
                    "{n} skulls lie out: {left} more end this trip {bust}.", skulls).format(
        n=skulls, left=left, bust=bust)


def _then(tip: pk.PKTip, stop: str) -> tuple[str, str]:
    """(what a stop banks with the battle or the peace, what a re-roll can do)."""
    facts = tip.facts
    if facts.battle_need and not facts.battle_won:
        figure = _("{stop} ({n} of {need} sabers)").format(stop=stop, n=facts.sabers, need=facts.battle_need)
        then = _("re-roll to find more sabers")
    elif facts.battle_need:
        figure, then = _("{stop} with the battle won").format(stop=stop), _("a re-roll can add more or lose the battle")
    elif facts.bust == "peace" and facts.sabers:
        figure = ngettext("{stop} ({n} saber shows)", "{stop} ({n} sabers show)", facts.sabers).format(
            stop=stop, n=facts.sabers)
        then = _("re-roll the sabers to make peace")
    elif max(1, facts.skulls_to_bust) == 1:
        figure, then = stop, _("a re-roll can add more or lose it all")
    else:
        figure, then = stop, _("re-rolling 2 dice or more can build bigger sets")
    if not tip.reroll:
        then = (_("take dice off Treasure Island to re-roll them") if tip.island else
                _("too few dice are free to re-roll"))
    return figure, then


def _choose(game, tip, card) -> str:
    facts = tip.facts
    stop = _stop_figure(facts.stop_points)
    if card.shipwreck:
        treasure = join_list([face_name(f, 2) for f, _points in game.content.face_points])
        line = (_("{stop}. Shipwreck: one re-roll is allowed, then the trip ends and scores its {treasure}.") if
                tip.reroll else _("{stop}. Shipwreck: too few dice are free to re-roll.")).format(
            stop=stop, treasure=treasure)
        return _fit(line, _("Skulls never end this trip."))
    figure, then = _then(tip, stop)
    sentence = _("{figure}; {then}.").format(figure=figure, then=then)
    extras = []
    if tip.island:
        extras.append(_("Dice on Treasure Island are not re-rolled."))
    if tip.guardian:
        extras.append(_("The Guardian may re-roll one skull, once this trip."))
    if card.pool:
        pooled = _("{faces} count as one set.").format(faces=join_list([face_name(f, 2) for f in card.pool]))
        extras.append(pooled[:1].upper() + pooled[1:])
    return _fit(_danger(facts), sentence, *extras)
