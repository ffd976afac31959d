"""Piraten Kapern's table, built from a seat's view: the pirate-card deck and the revealed card, the trip panel
with what a stop would score (and why), the skull meter, Treasure Island or Skull Island beside it, and the dice
tray; the score card; the choices (pick dice, then re-roll, put them on the island, call the Guardian, stop)."""
from __future__ import annotations

from ...engine.events import ScorePart
from ...i18n import _, join_list, ngettext
from ...narrate import signed
from ...table.model import Box, CardView, Choice, DiceArea, DiceTray, Die, Group, Info, ScoreCard, Table, Track, Zone
from ...table.standard import coach_line as _fit
from ...table.standard import score_rows, seat_label
from .schema import DICE
from .words import face_name

POSITIONS = tuple(range(1, DICE + 1))


def die_pick(p: int) -> str:
    return f"die:{p}"


def build(game, view: dict, legal: list, seats) -> Table:
    words = game.words()
    phase = view["phase"]
    seat, cur = view["seat"], view["current_player"]
    dice = view["dice"]
    island = tuple(view["island"])
    card_id = view["card"]
    effect = view["card_effect"]
    my_turn = cur == seat and bool(legal)
    skull_pos = set(view["skull_positions"])
    verbs = {a.verb for a in legal}
    guardian_ok = "guardian" in verbs

    # --- the dice ------------------------------------------------------------------------------------
    mode = "skull" if phase == "skull_island" else ("treasure" if effect == "treasure_island" else "")
    tray_dice = []
    for p in POSITIONS:
        face = dice[p - 1] if dice else None
        state, label, pick, why = "", "", None, ""
        if face == "skull":
            state, label = "locked", _("locked")
        if phase == "zombie" and face == "saber":
            label = _("kept")
        if (mode == "treasure" and p in island) or (mode == "skull" and face == "skull"):
            state = "away"
        if my_turn and face is not None:
            if phase == "choose":
                if face == "skull":
                    if guardian_ok:
                        pick = die_pick(p)
                    else:
                        why = _("Skulls are never re-rolled.")
                else:
                    pick = die_pick(p)
            elif phase == "guardian_save":
                pick = die_pick(p) if face == "skull" else None
                why = "" if pick else _("The Guardian re-rolls a skull: choose a skull die.")
            elif phase == "skull_island":
                why = _("On Skull Island all other dice roll together: Space rolls, S stops.")
            elif phase == "zombie":
                why = _("In a Zombie attack the rules choose the dice to roll: press Space.")
        elif my_turn and phase == "first_roll":
            why = _("Roll first: press Space.")
        tray_dice.append(Die(p, face, state, label, pick, why))
    note = "" if dice is not None else _("The dice are waiting for the first roll")
    tray = DiceTray("dice", _("Dice tray"), tuple(tray_dice), note, tokens=_card_tokens(game, words, card_id))

    # --- beside the skull meter: an island, or what the card asks for ----------------------------------
    beside: DiceArea | Info
    if mode == "treasure":
        beside = DiceArea("island", "dice", _("Treasure Island: safe dice"), island, "sand",
                          empty=_("choose dice, then I") if my_turn and phase == "choose" else "")
    elif mode == "skull":
        beside = DiceArea("skull_island", "dice", _("Skull Island: skulls set aside"),
                          tuple(sorted(skull_pos)), "dark")
    else:
        beside = Info("goal", *_goal(game, view))

    skulls = view["skulls"]
    if effect == "zombie":
        meter_note = _("no limit: Zombie attack")
    elif effect == "shipwreck":
        meter_note = _("no limit: Shipwreck")
    elif phase == "skull_island":
        meter_note = _("Skull Island")
    else:
        meter_note = _("3 skulls end the trip")
    meter = Track("skulls", ngettext("Skulls: {n}", "Skulls: {n}", skulls).format(n=skulls), skulls, "skull",
                  slots=max(3, skulls), note=meter_note, tone="bad" if skulls >= 2 else "", grow=0.55)

    deck = Zone("deck", _("Pirate cards"), style="pile", count=view["deck"], size="small",
                note=ngettext("{n} left", "{n} left", view["deck"]).format(n=view["deck"]),
                tooltip=_deck_list(words, view), grow=0)
    card = Zone("card", "", (CardView(card_id, card_id),), style="pile", count=1, size="large", grow=0)
    trip = Info("trip", *_trip_lines(game, view, seats))
    layout = Box("col", (
        Box("row", (deck, card, Box("col", (trip, Box("row", (meter, beside))), grow=3)), grow=1.25),
        Box("row", (tray,), grow=1),
    ))

    # --- the score card ------------------------------------------------------------------------------
    parts = tuple((words.part_label(p), signed(p.points)) for p in trip_parts(view)) \
        if cur is not None and dice is not None else ()
    tags = {}
    if cur is not None and dice is not None:
        tags[cur] = [_("trip {points}").format(points=signed(view["trip_points"]))]
    if view["final_round"]:
        for s in range(view["players"]):
            if s == view["trigger"]:
                tags.setdefault(s, []).append(_("started the final round"))
            elif s in view["to_play"]:
                tags.setdefault(s, []).append(_("last trip to come"))
    rows = score_rows(view, seats, tags=tags, parts={cur: parts} if cur is not None else {})
    if view["over"]:
        banner = _("Game over")
    elif view["sudden_death"]:
        banner = _("Sudden death")
    elif view["final_round"]:
        banner = _("Final round")
    else:
        banner = _("to {target}").format(target=view["target"])

    choices, groups = _choices(game, view, legal) if my_turn else ((), ())
    select_all = tuple(die_pick(p) for p in view["rollable"]) if my_turn and phase == "choose" else ()
    return Table(title=_(game.name), subtitle=_(game.config.title) if game.config.title != game.name else "",
                 viewer=seat, layout=layout, score=ScoreCard(_("Score card"), rows, banner),
                 hint=_hint(view, legal) if my_turn else "",
                 coach=_coach(game, view, legal) if my_turn else "", status=_status(words, view),
                 choices=choices, groups=groups, select_all=select_all)


# --- pieces ----------------------------------------------------------------------------------------------------
def _deck_list(words, view) -> str:
    rows = [f"{n} × {words.card(cid)}" for cid, n in view["deck_cards"].items() if n]
    return _("Still in the deck:") + "\n" + "\n".join(rows) if rows else _("The deck is empty.")


def _trip_lines(game, view, seats):
    """(heading, big line, tone, lines) of the trip panel."""
    words = game.words()
    cur = view["current_player"]
    if cur is None:
        return _("The game is over"), "", "", ()
    rolls = view["rolls"]
    heading = _("{name}'s trip").format(name=seat_label(seats, cur))
    if rolls:
        heading += "  ·  " + _("roll {n}").format(n=rolls)
    phase = view["phase"]
    points = view["trip_points"]
    if view["dice"] is None:
        big, tone = _("Roll to start the trip"), ""
    elif phase == "zombie":
        sabers = view["dice"].count("saber")
        card = game.cards[view["card"]]
        big = _("Zombie attack: {n} of {need} sabers").format(n=sabers, need=card.zombie_sabers)
        tone = "good" if sabers >= card.zombie_sabers else ""
    elif phase == "skull_island":
        card = game.cards[view["card"]]
        loss = view["skulls"] * game.content.skull_island_loss * card.island_factor
        big = _("Skull Island: each other player loses {loss}").format(loss=loss)
        tone = "bad"
    elif phase == "guardian_save":
        big, tone = _("Third skull: {points} unless the Guardian saves it").format(points=signed(points)), "bad"
    else:
        big = _("Stop now: {points}").format(points=signed(points))
        tone = "good" if points > 0 else ("bad" if points < 0 else "")
    parts = [words.part(p) for p in trip_parts(view)] if view["dice"] is not None else []
    lines = []
    if parts:
        lines.append(" · ".join(parts))
    summary = words.card_summary(view["card"])
    lines.append(_("Card: {card}").format(card=words.card(view["card"])) + (f" — {summary}" if summary else ""))
    if view["card_effect"] == "guardian":
        lines[-1] += "   ·   " + (_("Guardian: used") if view["guardian_used"] else _("Guardian: ready"))
    return heading, big, tone, tuple(lines)


def _goal(game, view):
    """(heading, big, tone, lines) of the panel that says what the card asks for."""
    effect = view["card_effect"]
    dice = view["dice"] or []
    sabers = sum(1 for d in dice if d == "saber")
    card = game.cards[view["card"]]
    if effect == "sea_battle":
        return (_("Sea battle"), _("Sabers: {n} of {need}").format(n=sabers, need=card.battle_sabers),
                "good" if sabers >= card.battle_sabers else "",
                (_("Stop with {need} sabers or more to win {bonus}; else lose it.").format(
                    need=card.battle_sabers, bonus=card.battle_bonus),))
    if effect == "peace":
        return (_("Peace"), _("Sabers showing: {n}").format(n=sabers), "bad" if sabers else "good",
                (_("Stop with no saber to double the trip; each saber costs {p}.").format(p=card.peace_penalty),))
    if effect == "zombie":
        return (_("Zombie attack"), _("Sabers: {n} of {need}").format(n=sabers, need=card.zombie_sabers), "",
                (_("Roll until every die shows a skull or a saber.").format(),))
    if effect == "shipwreck":
        return (_("Shipwreck"), _("Roll {n} of 2").format(n=view["rolls"]), "",
                (_("Only coins and diamonds score, doubled.").format(),))
    return (_("How a trip scores"), "", "",
            (_("Sets of 3 or more identical faces score."), _("Coins and diamonds: 100 each."),
             _("All 8 dice scoring: +500 chest.")))


def _status(words, view) -> str:
    if view["sudden_death"]:
        return _("Sudden death: the first trip to end with someone at {target} ends the game.").format(
            target=view["target"])
    if view["final_round"]:
        return _("Final round: every player takes one more trip.")
    return _("Target {target}").format(target=view["target"])


def _card_tokens(game, words, card_id) -> tuple:
    """What the card adds to the dice, as round tokens after them: its coin or diamond, its skulls."""
    card = game.cards.get(card_id) if card_id else None
    if card is None:
        return ()
    out = []
    for face, n in card.extra:
        for _i in range(n):
            out.append(Die(0, face, label=_("card"),
                           why=_("The card's {face}: it counts like a die showing it, and is never rolled.").format(
                               face=words.face(face))))
    for _i in range(card.skulls):
        out.append(Die(0, "skull", label=_("card"),
                       why=_("A skull printed on the card: it counts towards the three skulls.")))
    return tuple(out)


def _hint(view, legal) -> str:
    phase = view["phase"]
    verbs = {a.verb for a in legal}
    if phase == "first_roll":
        return _("Press Space to roll all 8 dice.")
    if phase == "choose":
        extra = []
        if "island" in verbs:
            extra.append(_("I: island"))
        if "guardian" in verbs:
            extra.append(_("G: Guardian"))
        if extra:
            return _("Click dice (or 1–8) to choose; R re-rolls them (2+), {extra}, S stops.").format(
                extra=", ".join(extra))
        return _("Click dice (or 1–8) to choose at least 2 to re-roll, then R; or S to stop and score.")
    if phase == "skull_island":
        return _("Skull Island: every new skull costs the others. Space rolls the other dice, S stops.")
    if phase == "zombie":
        return _("Zombie attack: roll until every die shows a skull or a saber.")
    if phase == "guardian_save":
        return _("A third skull! The Guardian may re-roll one skull (choose it, then G), or accept the loss (S).")
    return ""


def _coach(game, view, legal) -> str:
    """First-game tips: one line on what this decision is and what each option does, with this trip's figures
    (what a stop banks is the view's `trip_points`, the figure the Stop button shows)."""
    phase = view["phase"]
    verbs = {a.verb for a in legal}
    card = game.cards[view["card"]]
    points = view["trip_points"]
    if phase == "first_roll":
        return _coach_first_roll(game, view, card)
    if phase == "choose":
        return _coach_choose(game, view, card, verbs)
    if phase == "skull_island":
        per = game.content.skull_island_loss * card.island_factor
        line = _("Skull Island: you score nothing, but each other player loses {loss} ({per} a skull).").format(
            loss=view["skulls"] * per, per=per)
        more = _("Roll on: each new skull costs them {per} more, a roll without one ends it. Or stop now.").format(
            per=per)
        own = _("Sabers showing cost you {points}.").format(points=-points) if points < 0 else ""
        return _fit(line, more, own)
    if phase == "zombie":
        sabers = (view["dice"] or []).count("saber")
        share = card.zombie_points // max(1, view["players"] - 1)
        return ngettext("Zombie attack, {n} saber so far: the dice showing neither skull nor saber roll until all "
                        "do; {need} sabers or more win you {points}, fewer give each other player {share}.",
                        "Zombie attack, {n} sabers so far: the dice showing neither skull nor saber roll until all "
                        "do; {need} sabers or more win you {points}, fewer give each other player {share}.",
                        sabers).format(
            n=sabers, need=card.zombie_sabers, points=card.zombie_points, share=share)
    if phase == "guardian_save":
        line = _("A third skull ends the trip unless the Guardian re-rolls one skull die (it may show a skull "
                 "again).")
        if points > 0:
            end = _("Accepting the loss still banks {points} from the island.").format(points=points)
        elif points < 0:
            end = _("Accepting the loss costs {points}.").format(points=-points)
        else:
            end = _("Accepting the loss ends the trip with nothing.")
        return _fit(line, end)
    return ""


def _coach_first_roll(game, view, card) -> str:
    words = game.words()
    name = words.card(view["card"])
    content = game.content
    smallest = content.sets[0][0] if content.sets else 3
    treasure = join_list(face_name(f) for f, _points in content.face_points)
    if treasure:
        basics = _("Sets of {n} or more alike and each {treasure} score; 3 skulls end the trip with "
                   "nothing.").format(n=smallest, treasure=treasure)
    else:
        basics = _("Sets of {n} or more alike score; 3 skulls end the trip with nothing.").format(n=smallest)
    if card.zombie:
        return _("{card}: roll until every die shows a skull or a saber; {need} sabers win you {points}, with fewer "
                 "the others share them. Skulls do not stop you.").format(
            card=name, need=card.zombie_sabers, points=card.zombie_points)
    if card.shipwreck:
        treasures = join_list(face_name(f, 2) for f, _points in content.face_points)
        return _("{card}: two rolls at most and skulls never end this trip; only {treasure} score, {factor} times "
                 "their worth.").format(card=name, treasure=treasures, factor=card.factor)
    if card.battle_sabers:
        return _("Sea battle: stop with {need} sabers or more to win {bonus} on top of your dice; with fewer, or 3 "
                 "skulls, you lose {bonus}.").format(need=card.battle_sabers, bonus=card.battle_bonus)
    if card.peace_penalty:
        return _("{card}: stop with no saber showing and the trip's points count {factor} times; each saber showing at the "
                 "end costs {penalty}.").format(card=name, factor=card.factor, penalty=card.peace_penalty)
    island = _("4 skulls or more on this first roll send you to Skull Island.")
    if card.skulls:
        left = 3 - card.skulls
        if left <= 0:
            return _("{card}: the trip starts with {n} skulls, so the first roll ends it or sends you to Skull "
                     "Island.").format(card=name, n=card.skulls)
        if left == 1:
            line = _("{card}: the trip starts with {n} skulls; a third ends it with nothing.").format(
                card=name, n=card.skulls)
        else:
            line = ngettext("{card}: the trip starts with {n} skull; {left} more end it with nothing.",
                            "{card}: the trip starts with {n} skulls; {left} more end it with nothing.",
                            card.skulls).format(card=name, n=card.skulls, left=left)
        return _fit(line, island, basics)
    if card.treasure_island:
        line = _("{card}: after a roll, dice put on the island are not re-rolled and still score if a third skull "
                 "ends the trip.").format(card=name)
        return _fit(line, basics)
    if card.guardian:
        line = (_("{card}: once this trip you may re-roll one skull die, even a third one.") if
                view["guardian_saves_third_skull"] else
                _("{card}: once this trip you may re-roll one skull die; a third skull still ends the trip.")).format(card=name)
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
            card=name, faces=join_list(face_name(f, 2) for f in card.pool))
        return _fit(line, basics, island)
    return _fit(_("First roll: all 8 dice.") + " " + basics, island)


def _stop_figure(points: int) -> str:
    if points > 0:
        return _("Stopping now banks {points}").format(points=points)
    if points < 0:
        return _("Stopping now costs {points}").format(points=-points)
    return _("Stopping now scores nothing")


def _coach_choose(game, view, card, verbs) -> str:
    points, skulls = view["trip_points"], view["skulls"]
    dice = view["dice"] or []
    sabers = dice.count("saber")
    stop = _stop_figure(points)
    reroll = "reroll" in verbs
    if card.shipwreck:
        treasure = join_list(face_name(f, 2) for f, _points in game.content.face_points)
        line = (_("{stop}. Shipwreck: one re-roll is allowed, then the trip ends and scores its {treasure}.") if
                reroll else _("{stop}. Shipwreck: too few dice are free to re-roll.")).format(
            stop=stop, treasure=treasure)
        return _fit(line, _("Skulls never end this trip."))
    if card.battle_sabers:
        bust = _("with a loss of {bonus}").format(bonus=card.battle_bonus)
    elif card.peace_penalty:
        bust = _("with nothing, and each saber showing costs {penalty}").format(penalty=card.peace_penalty)
    elif card.treasure_island and view["island"]:
        bust = _("but the dice on the island still score")
    elif card.guardian and view["guardian_saves_third_skull"] and not view["guardian_used"]:
        bust = _("unless the Guardian saves it")
    else:
        bust = _("with nothing")
    left = max(1, 3 - skulls)
    if skulls == 0:
        danger = _("No skull yet: 3 skulls end this trip {bust}.").format(bust=bust)
    elif left == 1:
        danger = ngettext("{n} skull lies out: a third ends this trip {bust}.",
                          "{n} skulls lie out: a third ends this trip {bust}.", skulls).format(n=skulls, bust=bust)
    else:
        danger = ngettext("{n} skull lies out: {left} more end this trip {bust}.",
                          "{n} skulls lie out: {left} more end this trip {bust}.", skulls).format(
            n=skulls, left=left, bust=bust)
    if card.battle_sabers and sabers < card.battle_sabers:
        figure = _("{stop} ({n} of {need} sabers)").format(stop=stop, n=sabers, need=card.battle_sabers)
        then = _("re-roll to find more sabers")
    elif card.battle_sabers:
        figure = _("{stop} with the battle won").format(stop=stop)
        then = _("a re-roll can add more or lose the battle")
    elif card.peace_penalty and sabers:
        figure = ngettext("{stop} ({n} saber shows)", "{stop} ({n} sabers show)", sabers).format(stop=stop, n=sabers)
        then = _("re-roll the sabers to make peace")
    elif left == 1:
        figure, then = stop, _("a re-roll can add more or lose it all")
    else:
        figure, then = stop, _("re-rolling 2 dice or more can build bigger sets")
    if not reroll:
        then = (_("take dice off Treasure Island to re-roll them") if "island" in verbs else
                _("too few dice are free to re-roll"))
    sentence = _("{figure}; {then}.").format(figure=figure, then=then)
    extras = []
    if "island" in verbs:
        extras.append(_("Dice on Treasure Island are not re-rolled."))
    if "guardian" in verbs:
        extras.append(_("The Guardian may re-roll one skull, once this trip."))
    if card.pool:
        pooled = _("{faces} count as one set.").format(faces=join_list(face_name(f, 2) for f in card.pool))
        extras.append(pooled[:1].upper() + pooled[1:])
    return _fit(danger, sentence, *extras)


def _choices(game, view, legal):
    phase = view["phase"]
    island = set(view["island"])
    out = []
    for a in legal:
        if a.verb == "roll":
            label = {"first_roll": _("Roll all 8 dice"), "zombie": _("Roll (Zombie attack)"),
                     "skull_island": _("Roll again")}.get(phase, _("Roll"))
            out.append(Choice(a, "roll", label))
        elif a.verb == "reroll":
            n = len(a.args)
            out.append(Choice(a, "reroll", ngettext("Re-roll {n} chosen", "Re-roll {n} chosen", n).format(n=n),
                              tuple(die_pick(int(p)) for p in a.args)))
        elif a.verb == "island":
            target = {int(p) for p in a.args}
            moved = sorted(target ^ island)
            on, off = target - island, island - target
            label = _("Put chosen on island") if not off else (
                _("Take chosen off island") if not on else _("Move chosen on/off island"))
            out.append(Choice(a, "island", label, tuple(die_pick(p) for p in moved)))
        elif a.verb == "guardian":
            out.append(Choice(a, "guardian", _("Guardian: re-roll the skull at {p}").format(p=a.args[0]),
                              (die_pick(int(a.args[0])),)))
        elif a.verb == "stop":
            if phase == "guardian_save":
                label = _("Accept the loss")
            elif phase == "skull_island":
                label = _("Stop on Skull Island")
            else:
                label = _("Stop: score {points}").format(points=signed(view["trip_points"]))
            out.append(Choice(a, "stop", label))
    verbs = {c.group for c in out}
    groups = []
    if "roll" in verbs:
        groups.append(Group("roll", next(c.label for c in out if c.group == "roll"), "space"))
    if "reroll" in verbs:
        groups.append(Group("reroll", _("Re-roll chosen"), "r",
                            _("Choose at least 2 dice that are not skulls (click them or press 1–8), then R.")))
    if "island" in verbs:
        groups.append(Group("island", _("Put chosen on island"), "i",
                            _("Choose dice first (click them), then put them on Treasure Island.")))
    if "guardian" in verbs:
        groups.append(Group("guardian", _("Guardian: re-roll a skull"), "g",
                            _("Choose the one skull die the Guardian re-rolls (click it), then press G.")))
    if "stop" in verbs:
        groups.append(Group("stop", next(c.label for c in out if c.group == "stop"), "s"))
    return tuple(out), tuple(groups)


def trip_parts(view) -> list[ScorePart]:
    """The parts of what a stop would score now, from the view."""
    return [ScorePart(**p) for p in view["trip_parts"]]
