"""Piraten Kapern's table, built from a seat's view: the pirate-card deck and the revealed card, the trip panel
with what a stop would score (and why), the skull meter, Treasure Island or Skull Island beside it, and the dice
tray; the score card; the choices (pick dice, then re-roll, put them on the island, call the Guardian, stop)."""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.actions import Action
from ...engine.events import ScorePart
from ...i18n import _, ngettext
from ...narrate import signed
from ...table.model import (
    Box,
    CardView,
    Choice,
    DiceArea,
    DiceTray,
    Die,
    Group,
    Info,
    Pick,
    ScoreCard,
    Table,
    Track,
    Zone,
)
from ...table.standard import SeatInfo, score_rows, seat_label
from .insight import POSITIONS, analyse, coach, die_pick
from .insight_words import coach_text
from .view import PKView


def build(game, view: PKView, legal: list[Action], seats: Sequence[SeatInfo]) -> Table:
    words = game.words()
    phase = view["phase"]
    seat, cur = view["seat"], view["current_player"]
    my_turn = cur == seat and bool(legal)
    mode = "skull" if phase == "skull_island" else ("treasure" if view["card_effect"] == "treasure_island" else "")
    note = "" if view["dice"] is not None else _("The dice are waiting for the first roll")
    tray = DiceTray("dice", _("Dice tray"), _dice(view, legal, mode, my_turn), note,
                    tokens=_card_tokens(game, words, view["card"]))
    deck = Zone("deck", _("Pirate cards"), style="pile", count=view["deck"], size="small",
                note=ngettext("{n} left", "{n} left", view["deck"]).format(n=view["deck"]),
                tooltip=_deck_list(words, view), grow=0)
    # the card's whole text on hover: a small card prints its effect cut with "…" (ui/games/piraten_kapern/art.py)
    effect = (words.card_text(view["card"]) or words.card_summary(view["card"])) if view["card"] else ""
    card = Zone("card", "", (CardView(view["card"], view["card"]),), style="pile", count=1, size="large", grow=0,
                tooltip=f"{words.card(view['card'])}: {effect}" if effect else "")
    trip = Info("trip", *_trip_lines(game, view, seats))
    layout = Box("col", (
        Box("row", (deck, card, Box("col", (trip, Box("row", (_meter(view), _beside(game, view, mode, my_turn)))),
                                    grow=3)), grow=1.25),
        Box("row", (tray,), grow=1),
    ))
    choices, groups = _choices(game, view, legal) if my_turn else ((), ())
    select_all = tuple(die_pick(p) for p in view["rollable"]) if my_turn and phase == "choose" else ()
    return Table(title=_(game.name), subtitle=_(game.config.title) if game.config.title != game.name else "",
                 viewer=seat, layout=layout, score=_score_card(words, view, seats),
                 hint=_hint(view, legal) if my_turn else "",
                 coach=coach_text(game, coach(game, view, legal)) if my_turn else "", status=_status(words, view),
                 choices=choices, groups=groups, select_all=select_all)


# --- the dice ----------------------------------------------------------------------------------------------------
def _die(view: PKView, p: int, mode: str, my_turn: bool, guardian_ok: bool) -> Die:
    """The die at position `p` in the tray: its face, whether it is locked or away, its pick and why not."""
    phase = view["phase"]
    dice = view["dice"]
    face = dice[p - 1] if dice else None
    state, label = "", ""
    if face == "skull":
        state, label = "locked", _("locked")
    if phase == "zombie" and face == "saber":
        label = _("kept")
    if (mode == "treasure" and p in view["island"]) or (mode == "skull" and face == "skull"):
        state = "away"
    pick, why = _die_pick(phase, p, face, guardian_ok) if my_turn else (None, "")
    return Die(p, face, state, label, pick, why)


def _die_pick(phase: str, p: int, face, guardian_ok: bool) -> tuple[Pick | None, str]:
    """(the die's pick or None, why it cannot be picked) on the player's own turn."""
    if face is None:
        return None, _("Roll first: press Space.") if phase == "first_roll" else ""
    if phase == "choose":
        if face == "skull" and not guardian_ok:
            return None, _("Skulls are never re-rolled.")
        return die_pick(p), ""
    if phase == "guardian_save":
        return (die_pick(p), "") if face == "skull" else (None, _("The Guardian re-rolls a skull: choose a skull die."))
    if phase == "skull_island":
        return None, _("On Skull Island all other dice roll together: Space rolls, S stops.")
    if phase == "zombie":
        return None, _("In a Zombie attack the rules choose the dice to roll: press Space.")
    return None, ""


def _dice(view: PKView, legal: list[Action], mode: str, my_turn: bool) -> tuple[Die, ...]:
    guardian_ok = any(a.verb == "guardian" for a in legal)
    return tuple(_die(view, p, mode, my_turn, guardian_ok) for p in POSITIONS)


def _beside(game, view: PKView, mode: str, my_turn: bool) -> DiceArea | Info:
    """Beside the skull meter: an island, or what the card asks for."""
    if mode == "treasure":
        return DiceArea("island", "dice", _("Treasure Island: safe dice"), tuple(view["island"]), "sand",
                        empty=_("choose dice, then I") if my_turn and view["phase"] == "choose" else "")
    if mode == "skull":
        return DiceArea("skull_island", "dice", _("Skull Island: skulls set aside"),
                        tuple(sorted(set(view["skull_positions"]))), "dark")
    return Info("goal", *_goal(game, view))


def _meter(view: PKView) -> Track:
    skulls, effect = view["skulls"], view["card_effect"]
    if effect == "zombie":
        meter_note = _("no limit: Zombie attack")
    elif effect == "shipwreck":
        meter_note = _("no limit: Shipwreck")
    elif view["phase"] == "skull_island":
        meter_note = _("Skull Island")
    else:
        meter_note = _("3 skulls end the trip")
    return Track("skulls", ngettext("Skulls: {n}", "Skulls: {n}", skulls).format(n=skulls), skulls, "skull",
                 slots=max(3, skulls), note=meter_note, tone="bad" if skulls >= 2 else "", grow=0.55)


# --- the score card ----------------------------------------------------------------------------------------------
def _score_card(words, view: PKView, seats: Sequence[SeatInfo]) -> ScoreCard:
    cur, dice = view["current_player"], view["dice"]
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
    return ScoreCard(_("Score card"), rows, banner)


# --- pieces ----------------------------------------------------------------------------------------------------
def _deck_list(words, view: PKView) -> str:
    rows = [f"{n} × {words.card(cid)}" for cid, n in view["deck_cards"].items() if n]
    return _("Still in the deck:") + "\n" + "\n".join(rows) if rows else _("The deck is empty.")


def _trip_lines(game, view: PKView, seats: Sequence[SeatInfo]):
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
        big = _("Skull Island: each other player loses {loss}").format(loss=analyse(game, view).island_loss)
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


def _goal(game, view: PKView):
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


def _status(words, view: PKView) -> str:
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


def _hint(view: PKView, legal: list[Action]) -> str:
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


def _choices(game, view: PKView, legal: list[Action]):
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


def trip_parts(view: PKView) -> list[ScorePart]:
    """The parts of what a stop would score now, from the view."""
    return [ScorePart(**p) for p in view["trip_parts"]]
