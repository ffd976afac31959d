"""Petrangola's table, built from one seat's view: 3 to 12 seats around an oval (the viewer at the bottom with the
hand large, play running to the right), each other seat a plate with its three cards (backs, except a card seen
taken from the monte and every hand from a showdown on), its tokens, the dealer button, knocked and out marks and
what it did last this hand; the pot, the monte (or the widow while the dealer decides), the hand number, the
dealer, the knock and the final turns in the middle; the score card; the choices (pair a hand card with a monte
card, at most two pairs, then swap; pass; swap all; knock; keep or reject the widow; rebuy or decline).

Privacy: only the view is read. Another seat's card is put on the table only when the view shows it (face up
from the monte, or at a showdown); a hidden card is a back whose key names its place, never its id.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...engine.actions import Action
from ...engine.events import Acted, CardsShown, GameEnded, ScoreChanged, SeatBack, SeatOut, StageEnded, StageStarted
from ...engine.view import seat_of
from ...i18n import _, join_list, ngettext
from ...narrate import signed
from ...table.model import Box, CardView, Choice, Group, Pick, Reveal, RevealHand, ScoreCard, SeatArea, Table, Zone
from ...table.standard import SeatInfo, score_rows, seat_kind, seat_label
from .events import AllPassed, Knocked, PotChanged, PotWon, Showdown
from .insight import HAND_PICK, MONTE_PICK, coach
from .insight_words import coach_text
from .scoring import classify, label
from .view import PetrangolaView, PublicMove

SWAPPING = ("play", "final")
SHOWN = ("rebuy", "over")       # from a showdown until the next deal every hand lies face up


# --- what the painters of the custom zones read (ui/games/petrangola/painters.py) ------------------------------
@dataclass(frozen=True)
class PlatePayload:
    """Another seat's plate (painter `plate`): its `tokens`, and its hand's kind when all three cards were known as
    the table was built (`kind`, "" else: a kind the cards show later is a showdown replaying)."""

    tokens: int
    kind: str = ""


@dataclass(frozen=True)
class HandPayload:
    """The viewer's own hand (painter `mine`): its `tokens` (`tokens_note` said when there are none), the
    (text, tone) `lines` of its result or final turn, whether it deals (`dealer`), and whether the keys 1–3 pick
    its cards now (`keys`)."""

    tokens: int
    tokens_note: str
    lines: tuple[tuple[str, str], ...]
    dealer: bool
    keys: bool


@dataclass(frozen=True)
class MontePayload:
    """The middle of the table (painter `centre`, the monte or the widow): the (text, tone) `lines` above it,
    whether the keys 4–6 pick its cards now (`keys`), the `pot` in chips and its words (`pot_text`), the cards
    left in the `stock`."""

    lines: tuple[tuple[str, str], ...]
    keys: bool
    pot: int
    pot_text: str
    stock: int


def hand_pick(card: str) -> Pick:
    return Pick(HAND_PICK, card)


def monte_pick(card: str) -> Pick:
    return Pick(MONTE_PICK, card)


def kind_of(game, cards) -> str:
    """A hand's kind as a caption ("Points 20", "Sequence to the Re"); "" unless all three cards are known."""
    if len(cards) != 3 or None in cards:
        return ""
    return label(*classify(game.deck, cards), game.deck)


def build(game, view: PetrangolaView, legal: list[Action], seats: Sequence[SeatInfo]) -> Table:
    n, me, phase = view["players"], view["seat"], view["phase"]
    cur = view["current_player"]
    my_turn = cur == me and bool(legal)
    swapping = my_turn and phase in SWAPPING
    notes = last_moves(view)
    # play runs to the right: seat me+1 sits lower right; a spectator (a replay of an unfinished game) sits at no
    # seat, and every seat is a plate
    order = [(me + j) % n for j in range(1, n)] if me is not None else list(range(n))
    plates = tuple(_plate(game, view, seats, s, notes) for s in order)
    mine = _me(game, view, seats, swapping, my_turn) if me is not None else None
    centre = _centre(game, view, seats, swapping, my_turn)
    hidden = [Zone("deck", count=view["stock_count"], style="pile")]
    choices, groups = _choices(game, view, legal) if my_turn else ((), ())
    over = view["over"]
    banner = _("Game over") if over else _("Hand {n} · pot {pot}").format(n=view["hand_number"], pot=view["pot"])
    title = game.config.title
    return Table(title=_(game.name), subtitle=_(title) if title != game.name else "", viewer=me,
                 layout=Box("col", (centre,)), score=ScoreCard(_("Score card"), _rows(game, view, seats), banner),
                 seats=plates, seat_style="ring", me=mine, hint=_hint(view, legal) if my_turn else "",
                 coach=coach_text(game, coach(game, view, legal), seats) if my_turn else "",
                 question=_question(view, seats) if my_turn else "",
                 status=_status(view, seats), choices=choices, groups=groups, hidden_zones=tuple(hidden),
                 direction="right")


# --- what each seat did last this hand (from the view's public moves) -----------------------------------------
def move_note(move: PublicMove) -> str:
    verb, final = move["verb"], move["phase"] == "final"
    if verb == "keep":
        return _("kept the widow: knocked")
    if verb == "reject":
        return _("rejected the widow")
    if verb == "pass":
        return _("passed (final)") if final else _("passed")
    if verb == "swap":
        k = len(move["give"])
        return (ngettext("swapped {n} (final)", "swapped {n} (final)", k) if final else
                ngettext("swapped {n}", "swapped {n}", k)).format(n=k)
    if verb == "swapall":
        return _("swapped all (final)") if final else _("swapped all: knocked")
    if verb == "knock":
        return _("KNOCKED")
    return ""


def last_moves(view: PetrangolaView) -> dict[int, str]:
    """seat -> what it did last in the hand being played."""
    return {m["seat"]: move_note(m) for m in view.get("moves") or []}


# --- the seats -------------------------------------------------------------------------------------------------
def _result(view: PetrangolaView, s):
    """(kind, value, token change) of seat `s` at the showdown on the table (None when there is none)."""
    if phase_shown(view) and view["last_showdown"] and view["last_showdown"][s]:
        r = view["last_showdown"][s]
        return r["kind"], r["value"], int(r.get("tokens") or 0)
    return None


def phase_shown(view: PetrangolaView) -> bool:
    return view["phase"] in SHOWN


def _hand_cards(game, view: PetrangolaView, s, *, pickable=False, why="") -> tuple[CardView, ...]:
    """Seat `s`'s cards as the viewer may see them: its own (when looked at), a card seen taken from the monte,
    every hand from a showdown on; any other card is a back keyed by its place."""
    if not view["in_hand"][s]:
        return ()
    out = []
    public = view["public_cards"][s]
    for i, c in enumerate(view["hands"][s]):
        seen = c if c is not None else (public[i] if i < len(public) else None)
        if seen is None:
            out.append(CardView(f"hand:{s}/{i}", None, why=why, tooltip=_("A card face down")))
            continue
        tip = card_tip(game, seen)
        if c is None:
            tip += "\n" + _("Seen taken from the monte")
        out.append(CardView(seen, seen, pick=hand_pick(seen) if pickable else None, why=why, tooltip=tip))
    if any(cv.card is None for cv in out):     # a back keeps its place: where a card was taken in is public
        return tuple(out)
    return tuple(sorted(out, key=lambda cv: in_order(game, cv.card)))


def in_order(game, card) -> int:
    """A card's place in the game's order: suit by suit as the deck lists them, each suit high to low (the
    rules' sequence order). A hand whose cards are all known is drawn in this order, and its keys 1–3 and its
    clicks pick the card drawn there (picks name cards, never places in the model's hand)."""
    return game.deck.index.get(card, len(game.deck.cards))


def card_tip(game, card: str) -> str:
    value = game.deck.value(card)
    return game.words().card(card) + "\n" + ngettext("worth {n} point", "worth {n} points", value).format(n=value)


def _marks(view: PetrangolaView, s) -> tuple[str, ...]:
    marks = []
    if s == view["dealer"]:
        marks.append("dealer")
    if s == view["knocker"] and view["phase"] in SWAPPING:
        marks.append("knock")
    if view["out"][s]:
        marks.append("out")
    return tuple(marks)


def _tone(view: PetrangolaView, s) -> str:
    if view["over"] and s in view["winners"]:
        return "winner"
    if s == view["current_player"]:
        return "turn"
    return "out" if view["out"][s] else ""


def plate_status(game, view: PetrangolaView, seats: Sequence[SeatInfo], s, notes, known: str = "") -> str:
    """The line under a seat's plate: its showdown result, its knock, its hand when all three cards are known
    (`known`), what it did last, or who it is."""
    result = _result(view, s)
    phase = view["phase"]
    if result is not None:
        kind, value, delta = result
        text = label(kind, value, game.deck)
        text = text + "  " + signed(delta) if delta else text
        if view["out"][s]:      # out of tokens: said in words on the line (the plate has no room for a second)
            text += "  ·  " + (_("rebuy?") if s in view["rebuy_queue"] else _("out"))
        return text
    if s == view["knocker"] and phase in SWAPPING:
        return _("KNOCKED")
    if known and view.get("open") and notes.get(s):   # a replay showing every card: the hand and the last move
        return known + "  ·  " + notes[s]
    if known:                         # all three seen taken from the monte: everybody knows the hand
        return known
    if notes.get(s):
        return notes[s]
    if view["out"][s]:
        return _("no tokens: rebuy?") if s in view["rebuy_queue"] else _("out of the game")
    if phase == "widow" and s == view["dealer"]:
        return _("deciding on the widow")
    if phase == "final" and s in view["to_play"]:
        return _("final turn now") if s == view["current_player"] else _("final turn to come")
    kind = seat_kind(seats, s)
    return kind + "  ·  " + _("rebought") if view["rebought"][s] else kind


def _plate(game, view: PetrangolaView, seats: Sequence[SeatInfo], s, notes) -> SeatArea:
    cards = _hand_cards(game, view, s, why=_("Only your own cards and the monte can be chosen."))
    known = kind_of(game, [c.card for c in cards])
    # a seat out of tokens says so once, on its status line (a second note beside its tokens met that line on a
    # crowded table); the X mark beside its name says it too
    zone = Zone(f"hand:{s}", cards=cards, style="custom", painter="plate", owner=s, size="small",
                payload=PlatePayload(view["scores"][s], known))
    return SeatArea(s, seat_label(seats, s), plate_status(game, view, seats, s, notes, known), (zone,),
                    _marks(view, s), _tone(view, s))


def _me(game, view: PetrangolaView, seats: Sequence[SeatInfo], swapping, my_turn) -> SeatArea:
    me, phase = seat_of(view), view["phase"]
    if swapping:
        why = _("At most two pairs: Swap all (A) exchanges all three cards.")
    elif my_turn and phase == "widow":
        why = _("First keep (K) or reject (R) the widow.")
    elif my_turn:
        why = _("Nothing to swap now.")
    else:
        why = _("Wait for your turn.")
    cards = _hand_cards(game, view, me, pickable=swapping, why=why)
    known = [c.card for c in cards]
    if not view["in_hand"][me]:
        note = _("You are out") if view["out"][me] else _("Not in this hand")
    elif None in known:
        note = _("Your dealt hand") if phase == "widow" else _("Face down")
    else:
        note = kind_of(game, known)
    lines = []
    if phase == "widow" and None in known and view["in_hand"][me]:
        lines.append((_("face down: the dealer does not look at it before deciding"), ""))
    result = _result(view, me)
    if result is not None:
        delta = result[2]
        lines.append((_("+1 token: Petrangolone") if delta > 0 else _("−1 token: lowest hand") if delta < 0
                      else _("safe this hand"), "good" if delta > 0 else "bad" if delta < 0 else ""))
    elif phase == "final" and me in view["to_play"]:
        lines.append((_("Your final turn now") if view["current_player"] == me else _("Your final turn is to come"),
                      "warn"))
    tokens = view["scores"][me]
    zone = Zone(f"hand:{me}", cards=cards, style="custom", painter="mine", owner=me, size="large", note=note,
                number_keys=True, payload=HandPayload(tokens, _("no tokens"), tuple(lines), me == view["dealer"],
                                                      swapping))
    sub = []          # (the tokens are drawn beside the hand, where a showdown replaying updates them)
    if me == view["dealer"]:
        sub.append(_("you deal"))
    if view["out"][me]:
        sub.append(_("no tokens left: rebuy?") if me in view["rebuy_queue"] else _("out of the game"))
    elif view["rebought"][me]:
        sub.append(_("rebought"))
    if me == view["knocker"] and phase in SWAPPING:
        sub.append(_("you knocked"))
    return SeatArea(me, seat_label(seats, me), ", ".join(sub), (zone,), _marks(view, me), _tone(view, me))


# --- the middle of the table -----------------------------------------------------------------------------------
def centre_lines(view: PetrangolaView, seats: Sequence[SeatInfo]) -> tuple[tuple[str, str], ...]:
    """(text, tone) lines above the monte: the hand and its dealer, then what the table waits for."""
    phase, names = view["phase"], lambda ss: join_list(seat_label(seats, s) for s in ss)
    dealer = seat_label(seats, view["dealer"])
    if phase == "over":
        lines = [(_("Game over"), "good")]
        if view["winners"]:
            who = names(view["winners"])
            lines.append((_("{who} wins the pot!").format(who=who) if view["pot"] else
                          _("{who} wins!").format(who=who), "good"))
        return tuple(lines)
    lines = [(_("Hand {n}  ·  {who} deals").format(n=view["hand_number"], who=dealer), "good")]
    if phase == "widow":
        if view["seat"] == view["dealer"]:
            lines.append((_("You look at the widow: keep it or reject it?"), ""))
        else:
            lines.append((_("{who} looks at the widow: keep or reject?").format(who=dealer), ""))
    elif phase == "final" and view["knocker"] is not None:
        knocker = seat_label(seats, view["knocker"])
        to_play = view["to_play"]
        if len(to_play) > 3:       # the plates and the score card name every seat still to play
            rest = ngettext("{first} and {n} more", "{first} and {n} more", len(to_play) - 2).format(
                first=", ".join(seat_label(seats, s) for s in to_play[:2]), n=len(to_play) - 2)
        else:
            rest = names(to_play)
        lines.append((_("{who} knocked  ·  final turns: {rest}").format(who=knocker, rest=rest)
                      if view["to_play"] else _("{who} knocked").format(who=knocker), "bad"))
    elif phase == "play":
        lines.append((_("Swap with the monte, pass or knock"), ""))
    elif phase == "rebuy" and view["current_player"] is not None:
        lines.append((_("{who} is out of tokens: rebuy or decline?").format(
            who=seat_label(seats, view["current_player"])), "warn"))
    return tuple(lines)


def direction() -> str:
    return _("Play runs to the right, as the arrows on the rim show: the seat on your right plays after you.")


def _centre(game, view: PetrangolaView, seats: Sequence[SeatInfo], swapping, my_turn):
    """The middle of the table: the monte or the widow (digits 4–6 pick its cards on the viewer's turn; 1–3 the
    hand's), the pot, the stock, the lines."""
    phase = view["phase"]
    pot, stock = view["pot"], view["stock_count"]
    middle = MontePayload(centre_lines(view, seats), swapping, pot, _("Pot {n}").format(n=pot), stock)
    if phase == "widow":
        widow = view["widow"] or []
        seen = bool(widow) and None not in widow
        why = _("Keep the widow (K) or reject it (R).") if my_turn else _("The dealer decides about the widow.")
        cards = tuple(CardView(c if c is not None else f"widow/{i}", c, why=why,
                               tooltip=card_tip(game, c) if c is not None else _("A card face down"))
                      for i, c in enumerate(widow))
        if not seen:
            title = _("Widow (face down)")
        elif view["seat"] == view["dealer"]:
            title = _("Your widow: {hand}").format(hand=kind_of(game, list(widow)))
        else:  # a replay showing every card
            title = _("The widow: {hand}").format(hand=kind_of(game, list(widow)))
        return Zone("widow", title, cards, style="custom", painter="centre", payload=middle,
                    tooltip=direction(), number_keys=4 if my_turn else 0)
    if swapping:
        why = _("At most two pairs: Swap all (A) exchanges all three cards.")
    elif my_turn:
        why = _("Nothing to swap now.")
    else:
        why = _("Wait for your turn.")
    cards = tuple(CardView(c, c, pick=monte_pick(c) if swapping else None, why=why, tooltip=card_tip(game, c))
                  for c in view["monte"])
    zone = Zone("monte", _("Monte"), cards, style="custom", painter="centre", payload=middle,
                empty=_("The monte comes with the widow"), tooltip=direction(), number_keys=4 if my_turn else 0)
    return zone


# --- the score card, the hint, the status ----------------------------------------------------------------------
def _rows(game, view: PetrangolaView, seats: Sequence[SeatInfo]):
    tags, parts = {}, {}
    for s in range(view["players"]):
        t = []
        if s == view["dealer"]:
            t.append(_("dealer"))
        if view["out"][s]:
            t.append(_("out"))
        elif view["rebought"][s]:
            t.append(_("rebought"))
        if s == view["knocker"] and view["phase"] in SWAPPING:
            t.append(_("knocked"))
        if view["phase"] == "final" and s in view["to_play"] and s != view["current_player"]:
            t.append(_("final turn"))
        tags[s] = t
        res = (view["last_showdown"] or [None] * (s + 1))[s]
        if res:
            parts[s] = ((_("Last showdown: {hand}").format(hand=label(res["kind"], res["value"], game.deck)),
                         signed(int(res.get("tokens") or 0))),)
    return score_rows(view, seats, tags=tags, parts=parts)


def _hint(view: PetrangolaView, legal: list[Action]) -> str:
    phase = view["phase"]
    verbs = {a.verb for a in legal}
    if phase == "widow":
        return _("Your widow lies in the middle, seen by you alone: keep it as your hand (K, that knocks) or reject "
                 "it (R).")
    if phase == "rebuy":
        return _("You have lost your last token: rebuy (R) to come back, or decline (D) and leave the game.")
    if phase == "final":
        return _("Final turn: pair cards (1–3, 4–6) and S to swap, A to swap all, P to pass.")
    if "knock" in verbs:
        return _("Pair cards (click, or 1–3 and 4–6), S swaps; P pass, K knock, A swap all.")
    return _("Pair cards (click, or 1–3 and 4–6), S swaps; P pass, A swap all (a knock).")


def _question(view: PetrangolaView, seats: Sequence[SeatInfo]) -> str:
    """The rebuy question, asked large beside its buttons (the one decision a player out of tokens makes)."""
    if view["phase"] != "rebuy":
        return ""
    return _("{who}, you have no tokens left: rebuy or leave the game?").format(who=seat_label(seats, view["seat"]))


def _status(view: PetrangolaView, seats: Sequence[SeatInfo]) -> str:
    return " — ".join(text for text, _tone in centre_lines(view, seats))


# --- the choices -------------------------------------------------------------------------------------------------
def _choices(game, view: PetrangolaView, legal: list[Action]):
    hand = list(view["hands"][seat_of(view)])
    monte = view["monte"]
    out, groups = [], []
    verbs = [a.verb for a in legal]
    for a in legal:
        if a.verb == "swap":
            given, taken = a.args[0::2], a.args[1::2]
            after = [taken[given.index(c)] if c in given else c for c in hand]
            k = len(given)
            text = ngettext("Swap {n} pair: {hand}", "Swap {n} pairs: {hand}", k).format(n=k, hand=kind_of(game, after))
            picks = tuple(p for g, t in zip(given, taken) for p in (hand_pick(g), monte_pick(t)))
            out.append(Choice(a, "swap", text, picks, match="pairs"))
        else:
            out.append(Choice(a, a.verb, _label(a.verb, view)))
    stake = view["stake"]
    if "keep" in verbs:
        groups.append(Group("keep", _label("keep", view), "k", tooltip=_(
            "Your widow becomes your hand; your unseen dealt hand goes face up as the monte, and everyone else "
            "gets one final turn.")))
    if "reject" in verbs:
        groups.append(Group("reject", _label("reject", view), "r",
                            tooltip=_("The widow goes face up as the monte and you see your dealt hand.")))
    if "rebuy" in verbs:
        groups.append(Group("rebuy", _label("rebuy", view), "r", tooltip=ngettext(
            "Pay {n} chip into the pot and come back with as many tokens as the poorest player still in.",
            "Pay {n} chips into the pot and come back with as many tokens as the poorest player still in.",
            stake).format(n=stake)))
    if "decline" in verbs:
        groups.append(Group("decline", _label("decline", view), "d", tooltip=_("Leave the game for good.")))
    if "pass" in verbs:
        groups.append(Group("pass", _label("pass", view), "p", tooltip=_("Keep your hand as it is.")))
    if "swap" in verbs:
        groups.append(Group("swap", _("Swap chosen"), "s", need=_(
            "Pair cards first: click a card of your hand, then the monte card to take for it (or keys 1–3, "
            "then 4–6)."), tooltip=_("Click a card of your hand and a card of the monte to pair them (keys 1–3 and "
                                     "4–6), up to two pairs; then Swap. C clears the pairs.")))
    if "swapall" in verbs:
        groups.append(Group("swapall", _label("swapall", view), "a", tooltip=_(
            "Take the whole monte ({hand}) for your three cards.").format(hand=kind_of(game, list(monte)))))
    if "knock" in verbs:
        groups.append(Group("knock", _label("knock", view), "k",
                            tooltip=_("Keep your hand: everyone else takes one final turn.")))
    return tuple(out), tuple(groups)


def _label(verb: str, view: PetrangolaView) -> str:
    stake = view["stake"]
    return {"keep": _("Keep the widow (knock)"), "reject": _("Reject the widow"), "pass": _("Pass"),
            "swapall": _("Swap all") if view["phase"] == "final" else _("Swap all & knock"),
            "knock": _("Knock"), "decline": _("Decline"),
            "rebuy": ngettext("Rebuy ({n} chip)", "Rebuy ({n} chips)", stake).format(n=stake) if stake
            else _("Rebuy")}.get(verb, _("Play"))


# --- the showdown, as the whole table sees it ----------------------------------------------------------------------
def reveal(game, events, seats) -> Reveal | None:
    """The showdown a move ended in, from its events as everybody knows them: every hand face up with what it
    makes, the lowest marked in words and what each hand costs or brings (the tokens left), who is out, the pot,
    and what comes next (a rebuy, the next deal, the winner). None when the move ends in no showdown."""
    return _showdown(game, list(events), seats)


def last_reveal(game, events_of, moves: int, seats) -> Reveal | None:
    """The last hand that ended in a showdown, as everybody at the table saw it (the "Last hand" panel): who
    knocked (or that everyone passed), every hand shown with what it made, who lost or gained a token, who went
    out, who rebought and who declined, the pot. Read from the public events only (`events_of(i)`: decision i as
    a spectator knows it, -1 the start; `moves` decisions so far), so it holds no card that was not shown. None
    before the first showdown."""
    at = next((i for i in range(moves - 1, -1, -1) if any(isinstance(e, Showdown) for e in events_of(i))), None)
    if at is None:
        return None
    here = list(events_of(at))
    show = next(i for i, e in enumerate(here) if isinstance(e, Showdown))
    events = list(here)
    if not any(isinstance(e, StageStarted) and e.kind == "hand" for e in here[show:]):
        for i in range(at + 1, moves):     # the rebuys that followed it, up to the next deal
            group = events_of(i)
            events += group
            if any(isinstance(e, StageStarted) and e.kind == "hand" for e in group):
                break
    before = here[:show]                  # how the hand came to its showdown: back to its deal
    i = at
    while i >= 0 and not any(isinstance(e, StageStarted) and e.kind == "hand" for e in before):
        i -= 1
        before = list(events_of(i)) + before
    deal = max((j for j, e in enumerate(before) if isinstance(e, StageStarted) and e.kind == "hand"), default=-1)
    knocker = next((e.seat for e in before[deal + 1:] if isinstance(e, Knocked)), None)
    passed = any(isinstance(e, AllPassed) for e in before[deal + 1:])
    lead = (_("{who} knocked").format(who=seat_label(seats, knocker)) if knocker is not None else
            _("Everyone passed in a row.") if passed else "")
    return _showdown(game, events, seats, lead=lead, last=True)


def _showdown(game, events, seats, lead: str | None = None, last: bool = False) -> Reveal | None:
    at = next((i for i, e in enumerate(events) if isinstance(e, Showdown)), None)
    if at is None:
        return None
    show: Showdown = events[at]
    words = game.words()
    names = [s.name for s in seats]
    first = next((i for i, e in enumerate(events) if isinstance(e, CardsShown)), at)
    number = next((e.number for e in events[at:] if isinstance(e, StageEnded) and e.kind == "hand"), None)
    hands = [_shown_hand(game, seats, r) for r in show.results]
    later = events[at + 1:]
    gone = {e.seat for e in later if isinstance(e, SeatOut) and e.final}
    back = {e.seat for e in later if isinstance(e, SeatBack)}
    if last:                              # what came of each hand after the showdown: out, or back in
        hands = [replace(h, outcome=h.outcome + "  ·  " + (_("rebought") if h.seat in back else _("out")))
                 if h.seat in back | gone else h for h in hands]
    lines = _after_showdown(words, names, seats, later, show.pot, gone, back)
    move = words.line(events[:first], names)
    if last:
        title = _("Last hand · hand {n}").format(n=number) if number is not None else _("Last hand")
        return Reveal(title, tuple(hands), "  ·  ".join(x for x in (lead, move) if x), tuple(lines))
    title = _("Showdown · hand {n}").format(n=number) if number is not None else _("Showdown")
    return Reveal(title, tuple(hands), move, tuple(lines))


def _shown_hand(game, seats, r) -> RevealHand:
    """One hand of a showdown: its cards in order, its kind, what it cost or won."""
    n = r.tokens
    if r.delta < 0:
        outcome = _("loses a token: none left") if n == 0 else \
            ngettext("loses a token: {n} left", "loses a token: {n} left", n).format(n=n)
        mark, tone = _("Lowest hand"), "bad"
    elif r.delta > 0:
        outcome = ngettext("gains a token: {n} now", "gains a token: {n} now", n).format(n=n)
        mark, tone = "", "good"
    else:
        outcome = ngettext("safe: {n} token", "safe: {n} tokens", n).format(n=n)
        mark, tone = "", ""
    shown = tuple(sorted(r.cards, key=lambda c: in_order(game, c)))
    return RevealHand(r.seat, seat_label(seats, r.seat), shown, label(r.kind, r.value, game.deck), outcome, mark,
                      tone)


def _after_showdown(words, names, seats, later, pot, gone, back) -> list[tuple[str, str]]:
    """The lines of what followed a showdown (outs, rebuys, the pot, the game's end, the next hand)."""
    declined = {e.seat for e in later if isinstance(e, Acted) and e.action.verb == "decline"}
    lines: list[tuple[str, str]] = []
    for e in later:
        if isinstance(e, SeatOut) and not e.final and e.seat not in gone | back:
            lines.append((_("{who} is out of tokens: rebuy or decline?").format(who=seat_label(seats, e.seat)),
                          "bad"))
        elif isinstance(e, SeatOut) and e.final:
            lines.append((_("{who} declines the rebuy and is out of the game.").format(
                who=seat_label(seats, e.seat)) if e.seat in declined else words.tell(e, names), "bad"))
        elif isinstance(e, ScoreChanged) and e.seat in back and any(p.kind == "rebuy" for p in e.parts):
            lines.append((words.tell(e, names) or "", ""))
        elif isinstance(e, PotChanged):
            pot = e.pot
        elif isinstance(e, (PotWon, GameEnded)):
            line = words.tell(e, names)
            if line:
                lines.append((line, "good"))
        elif isinstance(e, StageStarted) and e.kind == "hand":
            lines.append((words.tell(e, names), ""))
    if pot and not any(isinstance(e, PotWon) for e in later):
        lines.insert(0, (ngettext("The pot holds {n} chip.", "The pot holds {n} chips.", pot).format(n=pot), ""))
    return lines
