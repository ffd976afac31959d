"""Pirataki's table, built from a seat's view: the deck and the discard pile with their counts and contents (a
click on the deck draws), what the deck holds and the pirate odds of the next draw, the cards drawn this turn
(the pirate being paid last), and one panel per seat — its name, colour emblem and colour name, its ship as the
ship picture with the parts it has, its reserve grouped by kind (or the free colours while it has no ship).

Choices: a click on a part of my colour in an opponent's reserve buys it (B when there is one such part); a
pirate is paid by choosing the cards it takes (my ship and reserve cards; gold and cannons by their pile) and
Enter, or the cheapest cards in one click (A chooses them), or a cannon (C); D draws, S stops, P passes."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.view import seat_of
from ...i18n import _, ngettext, percent
from ...table.model import Box, CardView, Choice, Group, Pick, ScoreCard, SeatArea, SeatsSlot, Table, Zone
from ...table.standard import SeatInfo, score_rows, seat_label
from .insight import coach, next_pile
from .insight_words import coach_text
from .schema import KINDS, kind_of
from .view import PiratakiView

DECK = "deck"             # the deck zone's id
DRAW = Pick("deck")       # what a click on it picks: a draw


# --- what the painters of the custom zones read (ui/games/pirataki/painters.py) -------------------------------
@dataclass(frozen=True)
class ShipPayload:
    """A seat's ship (painter `ship`; the recap's too): its `colour` ("" before its first part), the `size` of a
    ship (the parts it shows), the `free` colours (shown while it has none), and where each `missing` part lies:
    (part number, the words of a tooltip)."""

    colour: str
    size: int
    free: tuple[str, ...]
    missing: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class ReservePayload:
    """A seat's reserve (painter `reserve`): how many of its cards the pirate being paid takes (`need`; 0 when it
    is not this seat's to pay)."""

    need: int


@dataclass(frozen=True)
class PilePayload:
    """The deck or the discard pile (painter `pile`): why a click on it does nothing now (`why`, "" none), and
    whether it is drawn dimmed (`dim`: the discard pile)."""

    why: str
    dim: bool = False


@dataclass(frozen=True)
class OddsPayload:
    """The make-up of the pile the next card comes from (painter `odds`): (kind, count) per kind, pirates,
    gold and cannons first, then the colours."""

    counts: tuple[tuple[str, int], ...]


def card_pick(card: str) -> Pick:
    """What a click on a card picks (the cards of ships and reserves are keyed by their ids)."""
    return Pick("card", card)


def build(game, view: PiratakiView, legal: list[Action], seats: Sequence[SeatInfo]) -> Table:
    words = game.words()
    seat, cur, phase, over = view["seat"], view["current_player"], view["phase"], view["over"]
    players = view["players"]
    my_turn = bool(legal) and cur == seat
    colours = {c["id"]: c for c in view["colour_info"]}
    by_verb: dict[str, list] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    held = list(view["ships"][cur]) + list(view["reserves"][cur]) if cur is not None else []
    need = min(3, len(held)) if phase == "pirate" else 0
    buys = {a.args[0]: a for a in by_verb.get("buy", ())}
    price = view["options"]["ship_price"]
    where = _whereabouts(view, seats)

    def card_view(card: str, owner: int, in_ship: bool) -> CardView:
        name = words.card(card)
        badges: tuple[str, ...] = ()
        pick, why, tip = None, "", name
        if card in buys:
            pick, badges = card_pick(card), ("buy",)
            tip = words.action(buys[card])
        elif my_turn and phase == "pirate" and owner == cur:
            pick = card_pick(card)
            why = ngettext("{n} card is chosen already: click it again to unchoose it.",
                           "{n} cards are chosen already: click one again to unchoose it.", need).format(n=need)
        else:
            why = _why(words, view, card, owner, in_ship, my_turn, price)
        return CardView(card, card, badges=badges, pick=pick, why=why, tooltip=tip)

    # --- the seats ---------------------------------------------------------------------------------------
    humans = sum(1 for s in seats if s.human)
    free = tuple(c for c in colours if c not in view["colors"])
    areas = []
    for s in range(players):
        colour = view["colors"][s]
        ship_cards = tuple(card_view(c, s, True) for c in view["ships"][s])
        missing = tuple((n, _("{card} is missing: it lies {where}.").format(
            card=words.card(f"{colour}-{n}").capitalize(), where=where[f"{colour}-{n}"]))
            for n in range(1, colours[colour]["cards"] + 1) if f"{colour}-{n}" in where) if colour else ()
        ship = Zone(f"ship:{s}", _("Ship"), ship_cards, style="custom", painter="ship", owner=s,
                    payload=ShipPayload(colour or "", view["ship_size"], free, missing),
                    grow=0.8 if players <= 2 else 1.3)
        reserve = view["reserves"][s]
        res = Zone(f"reserve:{s}", ngettext("Reserve ({n} card)", "Reserve ({n} cards)", len(reserve)).format(
            n=len(reserve)), tuple(card_view(c, s, False) for c in reserve), style="custom", painter="reserve",
            owner=s, empty=_("empty"), payload=ReservePayload(need if s == cur else 0), grow=1)
        name = seat_label(seats, s)
        if s == seat and humans == 1 and seats[s].human:
            name = _("{name} (you)").format(name=name)
        winner = over and s in (view["winners"] or [])
        areas.append(SeatArea(s, name, _seat_sub(view, colours, s), (ship, res),
                              marks=("winner",) if winner else (),
                              tone="winner" if winner else ("turn" if s == cur and not over else ""),
                              emblem=f"emblem:{colour or ''}"))

    # --- the piles and this turn's cards -----------------------------------------------------------------
    n_deck, n_disc = view["draw_pile"], view["discard"]
    deck_why = "" if "draw" in by_verb else _deck_why(view, my_turn)
    deck = Zone(DECK, _("Deck"), style="custom", painter="pile", count=n_deck,
                pick=DRAW if "draw" in by_verb else None, empty=_("empty"),
                tooltip=_contents(words, _("In the deck:"), view["draw_pile_cards"]),
                payload=PilePayload(deck_why))
    discard = Zone("discard", _("Discard pile"), style="custom", painter="pile", count=n_disc, empty=_("empty"),
                   tooltip=_contents(words, _("On the discard pile:"), view["discard_cards"]),
                   payload=PilePayload("", dim=True))
    odds = _odds_zone(words, view)
    layout = Box("row", (Box("col", (Box("row", (deck, discard), grow=0.36), odds, _drawn_zone(words, view, seats)),
                             grow=0.36), SeatsSlot()))

    # --- choices -----------------------------------------------------------------------------------------
    choices, groups, select_all = [], [], ()
    if my_turn:
        choices, groups, select_all = _choices(words, view, by_verb, need, price)
    banner = _("Game over") if over else _("ship of {n} wins").format(n=view["ship_size"])
    rows = score_rows(view, seats, tags={s: _score_tags(view, colours, s) for s in range(players)})
    return Table(title=_(game.name), viewer=seat, layout=layout, score=ScoreCard(_("Score card"), rows, banner),
                 subtitle=_(game.config.title) if game.config.title != game.name else "",
                 seats=tuple(areas), seat_style="panels", hint=_hint(view, by_verb, need) if my_turn else "",
                 coach=coach_text(game, coach(game, view, legal)) if my_turn else "",
                 status=_("The first complete ship of {n} parts wins.").format(n=view["ship_size"]),
                 choices=tuple(choices), groups=tuple(groups), select_all=select_all)


# --- pieces ----------------------------------------------------------------------------------------------
def _colour_name(colours, colour: str) -> str:
    return _(colours[colour]["name"])


def _seat_sub(view: PiratakiView, colours, s: int) -> str:
    colour = view["colors"][s]
    text = _("{colour} ship").format(colour=_colour_name(colours, colour)) if colour else _("no colour yet")
    if s == view["current_player"] and not view["over"]:
        n = len(view["drawn"])
        status = {"pirate": _("pays a pirate"),
                  "drawing": ngettext("drew {n}", "drew {n}", n).format(n=n)}.get(view["phase"], "")
        if status:
            text = f"{text}  —  {status}"
    return text


def _score_tags(view: PiratakiView, colours, s: int) -> list[str]:
    colour = view["colors"][s]
    gold = sum(1 for c in view["reserves"][s] if kind_of(c) == "gold")
    return [_colour_name(colours, colour) if colour else _("no colour"), ngettext("{n} gold", "{n} gold", gold).format(
        n=gold)]


def _whereabouts(view: PiratakiView, seats: Sequence[SeatInfo]) -> dict[str, str]:
    """Where each card not in a ship lies, for the tooltips of a ship's missing parts."""
    out = {c: _("in the deck") for c in view["draw_pile_cards"]}
    out.update({c: _("on the discard pile") for c in view["discard_cards"]})
    for s, reserve in enumerate(view["reserves"]):
        for c in reserve:
            out[c] = _("in {name}'s reserve").format(name=seat_label(seats, s))
    return out


def _contents(words, heading: str, cards) -> str:
    return f"{heading}\n{words.cards(cards)}" if cards else ""


def _deck_why(view: PiratakiView, my_turn: bool) -> str:
    if view["over"]:
        return _("The game is over.")
    if not my_turn:
        return _("Wait for your turn.")
    if view["phase"] == "pirate":
        return _("Pay the pirate first: choose the cards to give up, or use a cannon.")
    return _("The deck and the discard pile are both empty: nothing can be drawn.")


def _why(words, view: PiratakiView, card: str, owner: int, in_ship: bool, my_turn: bool, price: int) -> str:
    """Why a click on `card` (in `owner`'s ship or reserve) does nothing now."""
    if view["over"]:
        return _("The game is over.")
    if not my_turn:
        return _("Wait for your turn.")
    me = seat_of(view)     # (on its turn: the seat to play)
    phase = view["phase"]
    mine = view["colors"][me]
    if phase == "pirate":
        return _("The pirate takes your own cards: choose them in your ship and your reserve.")
    if owner == me:
        return _("Your cards are chosen only to pay a pirate.")
    if in_ship:
        return _("Cards in a ship stay there: only cards in a reserve can be bought.")
    kind = kind_of(card)
    if kind in KINDS:
        if mine is None:
            return _("Only ship parts can be bought, once you build a ship.")
        return _("Only ship parts can be bought: click a {colour} part in an opponent's reserve.").format(
            colour=words.colour(mine))
    if phase == "drawing":
        return _("You have drawn this turn: a buy replaces drawing, at the start of a turn.")
    if mine is None:
        return _("You have no colour yet: only a player building a ship can buy.")
    if kind != mine:
        return _("{card} is not of your colour ({colour}): you can buy only parts of your own ship.").format(
            card=words.card(card).capitalize(), colour=words.colour(mine))
    gold = sum(1 for c in view["reserves"][me] if kind_of(c) == "gold")
    return _("A ship card costs {price} gold and you hold {gold}.").format(price=price, gold=gold)


def _odds_line(view: PiratakiView) -> str:
    pile, total, _src = next_pile(view)
    if not total:
        return ""
    pirates = pile.get("pirate", 0)
    return _("Pirate odds {n}/{total} ({percent})").format(n=pirates, total=total, percent=percent(pirates / total))


def _odds_zone(words, view: PiratakiView) -> Zone:
    """What the next card can be: the make-up of the deck (or of the discard pile, when it is reshuffled)."""
    pile, total, src = next_pile(view)
    title = {"deck": _("In the deck"), "discard": _("Next: the discard pile, reshuffled")}.get(
        src, _("Both piles are empty"))
    order = ("pirate", "gold", "cannon") + tuple(c["id"] for c in view["colour_info"])
    counts = tuple((k, pile.get(k, 0)) for k in order) if total else ()
    lines = []
    for kind, n in counts:
        if kind == "pirate":
            lines.append(ngettext("{n} pirate", "{n} pirates", n).format(n=n))
        elif kind == "gold":
            lines.append(ngettext("{n} gold", "{n} gold", n).format(n=n))
        elif kind == "cannon":
            lines.append(ngettext("{n} cannon", "{n} cannons", n).format(n=n))
        else:
            lines.append(ngettext("{n} {colour} part", "{n} {colour} parts", n).format(n=n,
                                                                                       colour=words.colour(kind)))
    return Zone("odds", title, style="custom", painter="odds", note=_odds_line(view), payload=OddsPayload(counts),
                tooltip="\n".join([title] + lines) if lines else "", grow=0.2)


def _drawn_zone(words, view: PiratakiView, seats: Sequence[SeatInfo]) -> Zone:
    """The cards drawn this turn. The pirate being paid is the last of them: this zone carries the events'
    `pirate` id, so a pirate flies from the deck to here and from here to the discard pile."""
    drawn = list(view["drawn"])
    cur = view["current_player"]
    winners = view["winners"] or []
    who = cur if cur is not None else (winners[0] if winners else None)
    pirate = drawn[-1] if view["phase"] == "pirate" and drawn else None
    cards = []
    for i, card in enumerate(drawn):
        if card == pirate and i == len(drawn) - 1:
            cards.append(CardView(card, card, caption=_("Pirate!"), tooltip=words.card(card)))
        else:
            cards.append(CardView(f"drawn/{card}", card, tooltip=words.card(card)))
    if drawn:
        title = ngettext("{name} drew {n} card", "{name} drew {n} cards", len(drawn)).format(
            name=seat_label(seats, who), n=len(drawn))
    else:
        title = _("Drawn this turn")
    return Zone("pirate", title, tuple(cards), style="fan", size="large" if len(drawn) <= 2 else "normal",
                empty=_("no card drawn yet this turn"), grow=0.44)


def _hint(view: PiratakiView, by_verb, need: int) -> str:
    phase = view["phase"]
    odds = _odds_line(view)
    if phase == "pirate":
        if "cannon" in by_verb:
            return ngettext("A pirate! Click {n} card to give up and Enter (A: the cheapest), or C: a cannon.",
                            "A pirate! Click {n} cards to give up and Enter (A: the cheapest), or C: a cannon.",
                            need).format(n=need)
        return ngettext("A pirate! Click {n} of your cards to give up, then Enter (A: the cheapest).",
                        "A pirate! Click {n} of your cards to give up, then Enter (A: the cheapest).", need).format(
            n=need)
    if phase == "turn":
        if "pass" in by_verb:
            return _("The deck and the discard pile are empty: buy a card, or pass (P).") if "buy" in by_verb else \
                _("The deck and the discard pile are empty: pass (P).")
        if "buy" in by_verb:
            return _("Draw a card (D), or buy: click a card of your colour in a rival's reserve. {odds}").format(
                odds=odds).strip()
        return _("Draw a card (D). {odds}").format(odds=odds).strip()
    if phase == "drawing":
        if "draw" not in by_verb:
            return _("Nothing left to draw: stop (S).")
        return _("Draw again (D) or stop and keep your cards (S). {odds}").format(odds=odds).strip()
    return ""


def _suggestion(view: PiratakiView, need: int) -> list[str]:
    """The cheapest cards to give a pirate: gold first, then spare reserve cards, then cannons, the ship last
    (its newest parts first)."""
    cur = seat_of(view)    # (on its turn: the seat to play)
    reserve = list(view["reserves"][cur])
    gold = [c for c in reserve if kind_of(c) == "gold"]
    spare = [c for c in reserve if kind_of(c) not in KINDS]
    cannons = [c for c in reserve if kind_of(c) == "cannon"]
    return (gold + spare + cannons + list(reversed(view["ships"][cur])))[:need]


def _choices(words, view: PiratakiView, by_verb, need: int, price: int):
    choices: list[Choice] = []
    groups: list[Group] = []
    select_all: tuple[Pick, ...] = ()
    phase = view["phase"]
    if "draw" in by_verb:
        draw = by_verb["draw"][0]
        label = _("Draw a card") if phase == "turn" else _("Draw again")
        choices.append(Choice(draw, "draw", label))
        choices.append(Choice(draw, "deck", label, (DRAW,), confirm=False))
        groups.append(Group("draw", label, "d", tooltip=_("or click the deck"), keys=("space",)))
    if "stop" in by_verb:
        n = len(view["drawn"])
        label = ngettext("Stop ({n} drawn)", "Stop ({n} drawn)", n).format(n=n)
        choices.append(Choice(by_verb["stop"][0], "stop", label))
        groups.append(Group("stop", label, "s", tooltip=_("end the turn and keep the cards drawn")))
    buys = by_verb.get("buy", ())
    gold_mine = [c for c in view["reserves"][seat_of(view)] if kind_of(c) == "gold"]    # (the seat to play's)
    for a in buys:
        choices.append(Choice(a, "buy", words.action(a), (card_pick(a.args[0]),), confirm=False,
                              affects=tuple(gold_mine[:price])))
    if len(buys) == 1:
        label = words.action(buys[0])
        choices.append(Choice(buys[0], "buy", label))
        groups.append(Group("buy", label, "b", tooltip=_("or click the card in its owner's reserve")))
    elif buys:
        groups.append(Group("buy", ngettext("Buy: click a card ({n} can be bought)",
                                            "Buy: click a card ({n} can be bought)", len(buys)).format(n=len(buys)),
                            "b", need=_("Click a card of your colour in an opponent's reserve to buy it.")))
    loses = by_verb.get("lose", ())
    if loses:
        label = _("Give up the chosen card") if need == 1 else \
            ngettext("Give up the {n} chosen", "Give up the {n} chosen", need).format(n=need)
        for a in loses:
            choices.append(Choice(a, "lose", label, tuple(card_pick(c) for c in a.args)))
        groups.append(Group("lose", label, "return", need=ngettext(
                "Choose {n} of your cards to give up (click them; gold and cannons by their pile), then press Enter.",
                "Choose {n} of your cards to give up (click them; gold and cannons by their pile), then press Enter.",
                need).format(n=need)))
    if "cannon" in by_verb:
        label = _("Use a cannon")
        choices.append(Choice(by_verb["cannon"][0], "cannon", label))
        groups.append(Group("cannon", label, "c", tooltip=_("a cannon stops the pirate: you keep all your cards")))
    if loses:
        cheapest = _suggestion(view, need)
        action = next((a for a in loses if set(a.args) == set(cheapest)), None)
        if action is not None:
            select_all = tuple(card_pick(c) for c in cheapest)
            label = _("Give up the cheapest")
            choices.append(Choice(action, "cheapest", label))
            groups.append(Group("cheapest", label, tooltip=_(
                "{cards}: gold first, then spare parts and cannons, your ship last (A chooses them, to change "
                "before Enter)").format(cards=words.cards(action.args).capitalize())))
    if "pass" in by_verb:
        choices.append(Choice(by_verb["pass"][0], "pass", _("Pass")))
        groups.append(Group("pass", _("Pass"), "p", tooltip=_("the deck and the discard pile are empty")))
    return choices, groups, select_all
