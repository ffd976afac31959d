"""Piratz's table, built from a seat's view: the draw pile (a click reveals), the face-up cards with their items
(a click on an item takes that type; a card showing one type: anywhere on it) and the cards under the shovels,
the discard pile, the row of the six treasure types (a click takes; 1–6 chooses and Enter takes; how many items
each shows face up), the majority table (the cubes on each type, every seat's items per type, its shovel, who would take which cube
now, rat tie-breaks, rats and cards per seat; closed collections: the others' card counts only), the score card.

Hovering a type (its tile, or an item on a card) previews the cards the take would collect. In the bury phase a
click on a face-up card (or its number and Enter) buries it; caught by the rats, a click on a rat card takes it
and a plain card is refused with the reason. A click on a seat's row (majority table or score card) shows its collected cards.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.actions import Action
from ...i18n import _, join_list, ngettext
from ...table.model import (
    Box,
    CardView,
    Cell,
    Choice,
    Column,
    Group,
    Matrix,
    MatrixRow,
    Pick,
    ScoreCard,
    Table,
    Tile,
    Tiles,
    Zone,
    show,
)
from ...table.standard import SeatInfo, score_rows, seat_label
from .insight import coach, collected_by, most_collected, takes
from .insight_words import coach_text
from .schema import RAT, TYPES
from .scoring import all_awards
from .view import PiratzView
from .words import item_count, items_phrase, type_name, type_plural


@dataclass(frozen=True)
class FaceUpPayload:
    """What the face-up cards' painter (`table`, ui/games/piratz/painters.py) draws beside them: the cards under
    the shovels, out of play this round (`buried`: (seat, card) in seat order), and how many `seats` may bury
    one (where each seat's next buried card goes)."""

    buried: tuple[tuple[int, CardView], ...]
    seats: int


DECK = Pick("deck")         # a click on the draw pile: reveal


def type_pick(t: str) -> Pick:
    """A click on a treasure type (its tile, or an item of it on a card): take it."""
    return Pick("type", t)


def card_pick(card: str) -> Pick:
    """A click on a face-up card (bury it; the rats: take it)."""
    return Pick("card", card)


def show_pick(seat: int) -> Pick:
    """A click on a seat's row: its collection opens over the table."""
    return show(f"collection:{seat}")


def build(game, view: PiratzView, legal: list[Action], seats: Sequence[SeatInfo]) -> Table:
    words = game.words()
    seat, cur, phase = view["seat"], view["current_player"], view["phase"]
    n = view["players"]
    my_turn = bool(legal) and cur == seat
    face_up = list(view["table"])
    verbs = {a.verb for a in legal}
    counts = table_counts(view)

    # --- the draw pile, the face-up cards, the discard pile --------------------------------------------
    reveal = "reveal" in verbs
    why_not = _why_not_reveal(view, my_turn)
    top = CardView("deck:top", None, pick=DECK if reveal else None, why="" if reveal else why_not)
    left = view["draw_pile"]
    note = ngettext("{n} left", "{n} left", left).format(n=left)
    if view["last_round"] and not view["over"]:
        note = _("{left} · last round").format(left=note)
    deck = Zone("deck", _("Draw pile"), (top,) if left else (), style="pile", count=left, note=note, size="small",
                empty=_("empty: the discard pile is shuffled in") if view["discard"] else _("empty"),
                pick=DECK if reveal and not left else None, grow=0)
    table_zone = Zone("table", _face_up_title(view), tuple(_face_up_card(view, c, i, my_turn, verbs)
                                                           for i, c in enumerate(face_up)),
                      style="custom", painter="table", note=_rat_warning(view, seats),
                      empty=_("No card lies face up.") if not view["over"] else "",
                      number_keys=my_turn and phase in ("bury", "rats"),
                      payload=FaceUpPayload(_buried(words, view, seats), n))
    discard = Zone("discard", _("Discard pile"), style="custom", painter="discard", count=view["discard"],
                   note=_("buried in earlier rounds"), empty=_("buried cards come here"),
                   tooltip=_discard_list(words, view), grow=0)

    # --- the treasure types, the majorities ----------------------------------------------------------
    take_ok = "take" in verbs
    tiles = []
    for i, t in enumerate(TYPES):
        k = counts[t]
        sub = ngettext("{n} face up", "{n} face up", k).format(n=k) if k else _("none face up")
        tiles.append(Tile(t, type_name(t), t, sub, type_pick(t) if take_ok else None,
                          "" if take_ok else _why_not_take(view, my_turn), str(i + 1) if take_ok else "",
                          k > 0))
    types = Tiles("types", tuple(tiles), grow=0)
    majority = _majority(view, seats, legal if my_turn else ())
    layout = Box("col", (Box("row", (deck, table_zone, discard), grow=1.0), types, majority))

    # --- the score card, the collections ---------------------------------------------------------------
    scores = view["scores"]
    totals = ["–" if v is None else str(v) for v in scores]
    tags = {s: [_("sits out")] for s in range(n) if not view["over"] and not view["shovels"][s]}
    rows = score_rows(view, seats, totals=totals, tags=tags, parts=_provisional_parts(view),
                      picks={s: show_pick(s) for s in range(n)})
    if view["over"]:
        banner = _("Game over")
    elif view["last_round"]:
        banner = _("Last round")
    else:
        banner = _("Round {n}").format(n=view["round"])
    collections = tuple(_collection(view, seats, s) for s in range(n))

    choices, groups = _choices(words, view, legal, counts) if my_turn else ((), ())
    title = game.config.title
    return Table(title=_(game.name), subtitle=_(title) if title != game.name else "", viewer=seat, layout=layout,
                 score=ScoreCard(_("Score card"), rows, banner), hint=_hint(view, legal) if my_turn else "",
                 coach=coach_text(game, coach(game, view, legal)) if my_turn else "",
                 status=_status(view), choices=choices, groups=groups, hidden_zones=collections)


# --- what is face up ----------------------------------------------------------------------------------------
def table_counts(view: PiratzView) -> dict[str, int]:
    """Items of each type face up: what a take of that type would collect."""
    return {t: items for t, (items, _cards) in takes(view).items()}


def _types_on(view: PiratzView, card) -> list[str]:
    items = view["card_items"][card]
    return [t for t in TYPES if t in items]


def _face_up_card(view: PiratzView, card, i, my_turn, verbs) -> CardView:
    """A face-up card: its item icons take their type; bury and rats: the card itself (by click or number)."""
    phase = view["phase"]
    items = view["card_items"][card]
    parts = tuple(type_pick(t) for t in items if t != RAT)
    number = (f"num:{i + 1}",)
    if my_turn and phase == "bury":
        return CardView(card, card, badges=number, pick=card_pick(card))
    if my_turn and phase == "rats":
        if RAT in items:
            return CardView(card, card, badges=number, pick=card_pick(card))
        return CardView(card, card, badges=number, pick=card_pick(card), dim=True,
                        why=_("That card shows no rat: the rats let you take only a rat card."))
    if not (my_turn and "take" in verbs):
        return CardView(card, card, why=_("Wait for your turn.") if not my_turn and not view["over"] else "")
    types = _types_on(view, card)
    if len(types) == 1:
        return CardView(card, card, pick=type_pick(types[0]), parts=parts)
    if not types:
        return CardView(card, card, why=_("That card shows only a rat: it is never taken by naming a type."))
    shows = join_list([type_name(t) for t in types])
    return CardView(card, card, parts=parts,
                    why=_("That card shows {types}: click the one to take.").format(types=shows))


def _buried(words, view: PiratzView, seats: Sequence[SeatInfo]) -> tuple[tuple[int, CardView], ...]:
    """(seat, card) per card under a shovel, in seat order: drawn beside the face-up cards, out of play."""
    out = []
    for s, card in enumerate(view["buried"]):
        if card is not None:
            name = seat_label(seats, s)
            tip = _("Under {name}'s shovel: {card}. Out of play this round.").format(name=name,
                                                                                   card=words.card(card))
            out.append((s, CardView(card, card, caption=name, tooltip=tip)))
    return tuple(out)


def _face_up_title(view: PiratzView) -> str:
    k = len(view["table"])
    title = ngettext("Face up: {n} card", "Face up: {n} cards", k).format(n=k)
    under = sum(1 for c in view["buried"] if c is not None)
    if under:
        title += "  ·  " + ngettext("{n} under a shovel", "{n} under shovels", under).format(n=under)
    return title


def _rat_warning(view: PiratzView, seats: Sequence[SeatInfo]) -> str:
    if view["table_rats"] and not view["over"]:
        if view["phase"] == "rats":
            who = seat_label(seats, view["current_player"])
            if view["rats_must_take"]:
                return _("Rats! {who} must take one of the face-up rat cards.").format(who=who)
            return _("Rats! {who} may take one of the face-up rat cards.").format(who=who)
        return _("A rat lies face up: whoever reveals another rat is caught by the rats.")
    return ""


def _discard_list(words, view: PiratzView) -> str:
    cards = view["discard_cards"]
    if not cards:
        return ""
    rows = [f"{k} × {words.card(c)}" for c, k in Counter(cards).items()]
    return _("In the discard pile:") + "\n" + "\n".join(rows)


# --- refusals ----------------------------------------------------------------------------------------------
def _why_not_now(view: PiratzView, my_turn) -> str | None:
    """Why nothing but the phase's own move can be made now (None: the move's own reason applies)."""
    if view["over"]:
        return ""
    if not my_turn:
        return _("Wait for your turn.")
    if view["phase"] == "bury":
        return _("Place your shovel first: click a face-up card to bury it.")
    return None


def _why_not_reveal(view: PiratzView, my_turn) -> str:
    why = _why_not_now(view, my_turn)
    if why is not None:
        return why
    if view["phase"] == "rats":
        return _("The rats caught you: click a face-up rat card to take it.")
    if not view["can_reveal"]:
        return _("No card can be revealed: the draw pile and the discard pile are empty. Take a type.")
    return _("One card per turn: take a type or end the turn (only the last shovel reveals again).")


def _why_not_take(view: PiratzView, my_turn) -> str:
    why = _why_not_now(view, my_turn)
    if why is not None:
        return why
    if view["phase"] == "rats":
        return _("The rats caught you: you may not name a type. Click a face-up rat card.")
    return _("No card lies face up: reveal one first.")


# --- the majority table --------------------------------------------------------------------------------------
def _majority(view: PiratzView, seats: Sequence[SeatInfo], legal=()) -> Matrix:
    rows = _majority_rows(view)
    if view["provisional"] is not None:
        note = _("*: won the tie on rats, =: still tied. Click a row: its cards.")
    else:
        note = _("Closed: the others show card counts. Click a row: its cards.")
    columns = tuple(Column(t, type_name(t), t, tuple(str(v) for v in view["cubes"][t])) for t in TYPES) + \
        (Column("rats", _("rats · cards"), RAT),)
    previews = tuple((type_pick(a.args[0]), _("If you take {types}:").format(types=type_plural(a.args[0])),
                      _majority_rows(_after_take(view, a.args[0])))
                     for a in legal if a.verb == "take" and collected_by(view, a.args[0]))
    return Matrix("majority", _("Cubes"), columns, rows, note, grow=0.3 + 0.22 * view["players"], previews=previews)


def _after_take(view: PiratzView, t: str) -> PiratzView:
    """The view's collections and cube holders as a take of `t` by the seat to play would leave them."""
    seat = view["current_player"]
    if seat is None:
        raise ValueError("the game is over: nobody takes")
    taken = collected_by(view, t)
    items = [dict(x) if x is not None else None for x in view["items"]]
    rats, sizes = list(view["rats"]), list(view["collection_sizes"])
    mine, my_rats = items[seat], rats[seat]
    for c in taken:
        for item in view["card_items"][c]:
            if item != RAT and mine is not None:
                mine[item] += 1
        if RAT in view["card_items"][c] and my_rats is not None:
            my_rats += 1
    rats[seat] = my_rats
    sizes[seat] += len(taken)
    after = view.copy()
    after["items"], after["rats"], after["collection_sizes"] = items, rats, sizes
    known = _open(after)
    if known is not None:
        after["provisional"] = all_awards(known[0], known[1], view["cubes"])
    return after


def _open(view: PiratzView) -> tuple[list[dict[str, int]], list[int], dict[str, list[int | None]]] | None:
    """Every seat's items and rats and the cubes' provisional holders, when the view shows them (open
    collections, or the game over); None when the others' collections are closed (then none of them shows)."""
    prov = view["provisional"]
    if prov is None:
        return None
    items = [x for x in view["items"] if x is not None]
    rats = [r for r in view["rats"] if r is not None]
    if len(items) < len(view["items"]) or len(rats) < len(view["rats"]):
        raise ValueError("cube holders are shown only when every collection is")
    return items, rats, prov


def _majority_rows(view: PiratzView) -> tuple:
    n = view["players"]
    items, rats, sizes = view["items"], view["rats"], view["collection_sizes"]
    rows = []
    for s in range(n):
        cells = [Cell(_shovel_line(view, s))]
        mine = items[s]
        for t in TYPES:
            if mine is None:
                cells.append(Cell("?", "dim"))
                continue
            cells.append(_count_cell(view, s, t, mine[t]))
        rat_text = "?" if rats[s] is None else str(rats[s])
        cells.append(Cell(f"{rat_text} · {sizes[s]}"))
        rows.append(MatrixRow(s, tuple(cells), show_pick(s)))
    return tuple(rows)


def _count_cell(view: PiratzView, s: int, t: str, count: int) -> Cell:
    """A seat's items of a type (`count`), with the cube it would take now (lead: the higher one); `*` marks a
    tie it wins on rats, `=` a tie still standing where a cube is at stake (nobody takes it)."""
    if not count:
        return Cell("0", "dim")
    known = _open(view)
    if known is None:
        return Cell(str(count))
    items, rats, prov = known
    winners = prov[t]
    tied = [o for o in range(len(items)) if o != s and items[o][t] == count]
    if s in winners:
        j = winners.index(s)
        text = _("{n}*").format(n=count) if any(rats[o] < rats[s] for o in tied) else str(count)
        return Cell(text, "lead" if j == 0 else "second", badge=str(view["cubes"][t][j]))
    ahead = sum(1 for o in range(len(items)) if (items[o][t], rats[o]) > (count, rats[s]))
    if any(rats[o] == rats[s] for o in tied) and ahead < len(winners):
        return Cell(_("{n}=").format(n=count), "tie")
    return Cell(str(count))


def _shovel_line(view: PiratzView, s) -> str:
    if view["over"]:
        return ""
    if view["shovels"][s]:
        return _("holds the shovel")
    card = view["buried"][s]
    if card is not None:
        return _("shovel on {items}").format(items=items_phrase(view["card_items"][card]))
    return _("shovel set aside")


def _provisional_parts(view: PiratzView) -> dict:
    """Per seat, the cubes it would take now, as the score card's parts ("5 rings": 4)."""
    known = _open(view)
    if known is None:
        return {}
    items, _rats, prov = known
    out: dict = {}
    for t in TYPES:
        for value, s in zip(view["cubes"][t], prov[t]):
            if s is not None:
                out.setdefault(s, []).append((item_count(t, items[s][t]), str(value)))
    return out


def _collection(view: PiratzView, seats: Sequence[SeatInfo], s) -> Zone:
    """A seat's collected cards (shown over the table by a click on its row); closed: no card, only the count."""
    cards, size, rats = view["collections"][s], view["collection_sizes"][s], view["rats"][s]
    title = ngettext("{name}'s collection: {n} card", "{name}'s collection: {n} cards", size).format(
        name=seat_label(seats, s), n=size)
    if rats is not None:
        title += "  ·  " + ngettext("{n} rat card", "{n} rat cards", rats).format(n=rats)
    if cards is None:
        return Zone(f"collection:{s}", title, owner=s, style="grid",
                    empty=_("Collections are closed in this game: only the number of cards shows."))
    return Zone(f"collection:{s}", title, tuple(CardView(c, c) for c in cards), style="grid", owner=s,
                empty=_("No card collected yet."))


# --- choices, hints -------------------------------------------------------------------------------------------
def _choices(words, view: PiratzView, legal: list[Action], counts):
    phase = view["phase"]
    out, groups = [], []
    takes = [a for a in legal if a.verb == "take"]
    singles = [a for a in legal if a.verb in ("bury", "rat") and a.args != ("none",)]
    for a in legal:
        arg = a.args[0] if a.args else ""
        if a.verb == "reveal":
            label = _("Reveal another card") if phase == "revealed" else _("Reveal a card")
            out.append(Choice(a, "reveal", label))
            out.append(Choice(a, "reveal", label, (DECK,), confirm=False))
            groups.append(Group("reveal", label, "space", tooltip=_("Turn the top card of the draw pile face up.")))
        elif a.verb == "take":
            out.append(Choice(a, "take", words.action(a), (type_pick(arg),), confirm=False,
                              affects=collected_by(view, arg)))
        elif a.verb == "end":
            out.append(Choice(a, "end", words.action(a)))
            groups.append(Group("end", words.action(a), "e", tooltip=_("Keep your shovel and pass the turn.")))
        elif a.verb == "rat" and arg == "none":
            out.append(Choice(a, "decline", _("No rat card")))
            groups.append(Group("decline", _("No rat card"), "n",
                                tooltip=_("The rules of this game let you decline the rat card.")))
        elif a.verb in ("rat", "bury"):
            out.append(Choice(a, a.verb, words.action(a), (card_pick(arg),), confirm=False, affects=(arg,)))
    best = most_collected(view)
    if takes and phase in ("turn", "revealed") and best is not None:
        a = next(x for x in takes if x.args == (best,))
        label = _("Take {types} ({n})").format(types=type_plural(best), n=counts[best])
        out.append(Choice(a, "best", label, affects=collected_by(view, best)))
        groups.append(Group("best", label, "t",
                            tooltip=_("Or click a type in the row, or an item on a card (1–6 chooses, "
                                      "Enter takes).")))
    if len(singles) == 1:
        a = singles[0]
        out.append(Choice(a, "one", words.action(a)))
        groups.append(Group("one", words.action(a), "return"))
    order = {"reveal": 0, "best": 1, "end": 2, "one": 3, "decline": 4}
    return tuple(out), tuple(sorted(groups, key=lambda g: order[g.id]))


def _hint(view: PiratzView, legal: list[Action]) -> str:
    phase = view["phase"]
    verbs = {a.verb for a in legal}
    if phase == "turn":
        if "take" not in verbs:
            return _("No card lies face up: reveal one (Space, or click the draw pile).")
        if "reveal" not in verbs:
            return _("Nothing left to reveal: take a type (click it, or 1–6 and Enter).")
        return _("Reveal (Space), or take without revealing: click a type or an item on a card (or 1–6, Enter).")
    if phase == "revealed":
        if view["last_shovel"]:
            return _("Last shovel: reveal again (Space) or take a type (click it, or 1–6 and Enter); there is no "
                     "ending the turn.")
        return _("Take a type (click it, or 1–6 and Enter), or end your turn (E) and keep your shovel.")
    if phase == "rats":
        if "rat" in verbs and any(a.args == ("none",) for a in legal):
            return _("Rats! Click a rat card to take it (or its number and Enter), or N to decline. Then you "
                     "bury and sit out.")
        return _("Rats! Click a rat card to take it (or its number and Enter). Then you bury and sit out.")
    if phase == "bury":
        return _("Place your shovel: click the face-up card to bury (or its number and Enter).")
    return ""


def _status(view: PiratzView) -> str:
    if view["over"]:
        return _("The game is over.")
    if view["last_round"]:
        return _("The draw pile ran out: the game ends with this round.")
    return _("Round {n}").format(n=view["round"])
