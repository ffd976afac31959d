"""Piratz's table, built from a seat's view (no pygame): what can be picked, what each pick and button plays, the
previews, the majority table, what a seat may see, and that every text is in the game's words."""
import dataclasses
import random
import re

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.chance import Chance
from piratetable.engine.events import CardsMoved, for_viewer
from piratetable.games.piratz.rules import Piratz
from piratetable.table.model import CardView, Choice, Matrix, Pick, Tiles, Zone, show
from piratetable.table.select import Selection
from piratetable.table.standard import SeatInfo

SEATS = [SeatInfo("Ann"), SeatInfo("Ben", "normal"), SeatInfo("Cleo", "easy"), SeatInfo("Dan", "hard")]
CUBES = {"ring": [4, 1], "coin": [3, 2], "pearl": [4, 3], "crown": [2, 1], "goblet": [3, 1], "necklace": [4, 2]}


def game(**options):
    cfg = load_config("piratz")
    return Piratz(cfg.with_options(options) if options else cfg)


def start(players=2, deck=(), cubes=None, **options):
    g = game(**options)
    rig = {"deck": list(deck)}
    if cubes:
        rig["cubes"] = cubes
    ch = Chance(0, rig)
    return g, g.start(players, ch), ch


def play(g, s, ch, *actions):
    for a in actions:
        g.apply(s, a, ch)


def table_of(g, s, seat=None):
    seat = g.current_player(s) if seat is None else seat
    legal = g.legal_actions(s) if g.current_player(s) == seat else []
    return g.table(g.view(s, seat), legal, SEATS[:s.ctx.players])


def face_up(t) -> Zone:
    return t.zone("table")


def card(t, cid) -> CardView:
    return next(c for c in face_up(t).cards if c.key == cid)


def tiles(t) -> dict:
    return {tile.key: tile for e in t.elements() if isinstance(e, Tiles) for tile in e.tiles}


def majority(t) -> Matrix:
    return next(e for e in t.elements() if isinstance(e, Matrix))


def played(t, *picks):
    """The action the clicks on `picks` play at once (or None), and the last outcome."""
    sel = Selection(t)
    out = None
    for p in picks:
        out = sel.toggle(p, next((c.why for c in face_up(t).cards if c.pick == p), ""))
    return (str(out.action) if out.action is not None else None), out


# --- revealing, taking ---------------------------------------------------------------------------------------
def test_with_nothing_face_up_only_the_draw_pile_or_space_reveals_and_the_types_say_why():
    g, s, ch = start(deck=["goblet-1"])
    t = table_of(g, s)
    assert [(gr.id, gr.key) for gr in t.groups] == [("reveal", "space")]
    assert str(Selection(t).press(t.groups[0]).action) == "reveal"
    top = t.zone("deck").cards[0]
    assert top.card is None and top.pick == Pick("deck")
    assert played(t, Pick("deck"))[0] == "reveal"
    ring = tiles(t)["ring"]
    assert ring.pick is None and ring.shortcut == "" and "reveal one first" in ring.why
    assert "reveal one" in t.hint


def test_a_type_tile_takes_at_once_and_its_preview_is_every_card_the_take_collects():
    g, s, ch = start(deck=["ring-2", "pair-ring-coin", "coin-1"])
    play(g, s, ch, "reveal", "end", "reveal", "end", "reveal")
    t = table_of(g, s)
    ring = tiles(t)["ring"]
    assert (ring.pick, ring.shortcut, ring.sub, ring.active) == (Pick("type", "ring"), "1", "3 face up", True)
    assert tiles(t)["pearl"].sub == "none face up" and not tiles(t)["pearl"].active
    assert Selection(t).previews(Pick("type", "ring")) == ("ring-2", "pair-ring-coin")
    assert Selection(t).previews(Pick("type", "coin")) == ("pair-ring-coin", "coin-1")
    assert played(t, Pick("type", "coin"))[0] == "take coin"
    assert [gr.id for gr in t.groups] == ["best", "end"]     # no second reveal: not the last shovel
    best = next(gr for gr in t.groups if gr.id == "best")
    assert best.key == "t" and Selection(t).ready("best").label == "Take rings (3)"
    assert str(Selection(t).press(best).action) == "take ring"


def test_hovering_a_take_previews_the_majority_table_it_would_leave():
    g, s, ch = start(players=3, deck=["ring-2", "pair-ring-coin"], cubes=CUBES)
    s.collections = [[], ["ring-1", "coin-1"], ["x-ring"]]
    play(g, s, ch, "reveal", "end", "reveal")           # seat 1 now sees both cards face up
    t = table_of(g, s)
    m = majority(t)
    previews = {pick: (caption, {r.seat: r.cells for r in rows}) for pick, caption, rows in m.previews}
    take_ring, take_coin = Pick("type", "ring"), Pick("type", "coin")
    assert set(previews) == {take_ring, take_coin} and previews[take_ring][0] == "If you take rings:"
    now = {r.seat: r.cells for r in m.rows}
    ring, coin = 1, 2
    after = previews[take_ring][1]
    # seat 1 would hold 1 + 2 + 1 = 4 rings and lead them (the 4 cube), and 2 coins (the 3 cube)
    assert (now[1][ring].text, after[1][ring].text, after[1][ring].badge) == ("1=", "4", "4")
    assert (after[1][coin].text, after[1][coin].badge) == ("2", "3")
    assert after[2][ring].badge == "1" and after[1][-1].text == "0 · 4"    # x-ring's seat drops to the 1
    assert after[0] == now[0]                                            # the others' rows stay as they are
    assert majority(table_of(g, s, seat=0)).previews == ()                # not its turn: nothing to preview


def test_an_item_on_a_card_takes_its_type_and_a_card_of_one_type_takes_it_anywhere():
    g, s, ch = start(deck=["pair-ring-coin", "necklace-3"])
    play(g, s, ch, "reveal", "end", "reveal")
    t = table_of(g, s)
    pair, single = card(t, "pair-ring-coin"), card(t, "necklace-3")
    assert pair.parts == (Pick("type", "ring"), Pick("type", "coin")) and pair.pick is None
    assert pair.why == "That card shows ring and coin: click the one to take."
    assert single.pick == Pick("type", "necklace") and single.parts == (Pick("type", "necklace"),) * 3
    assert played(t, Pick("type", "necklace"))[0] == "take necklace"


def test_the_draw_pile_says_why_it_cannot_reveal_a_second_card():
    g, s, ch = start(deck=["ring-1"])
    play(g, s, ch, "reveal")
    top = table_of(g, s).zone("deck").cards[0]
    assert top.pick is None and "One card per turn" in top.why


def test_the_last_shovel_reveals_again_and_has_no_end():
    g, s, ch = start(deck=["ring-1", "coin-1", "pearl-1"])
    play(g, s, ch, "reveal", "take ring")               # seat 0 must bury, but nothing lies face up: aside
    assert g.current_player(s) == 1
    play(g, s, ch, "reveal")
    t = table_of(g, s)
    assert [gr.id for gr in t.groups] == ["reveal", "best"]
    assert Selection(t).ready("reveal").label == "Reveal another card"
    assert "Last shovel" in t.hint


# --- the shovel, the rats ---------------------------------------------------------------------------------
def test_in_the_bury_phase_a_click_or_a_number_buries_and_the_types_are_closed():
    g, s, ch = start(deck=["ring-2", "coin-1", "pearl-1"])
    play(g, s, ch, "reveal", "end", "reveal", "end", "reveal", "take pearl")
    t = table_of(g, s)
    zone = face_up(t)
    assert zone.number_keys and [c.badges for c in zone.cards] == [("num:1",), ("num:2",)]
    assert [c.pick for c in zone.cards] == [Pick("card", "ring-2"), Pick("card", "coin-1")]
    assert played(t, Pick("card", "coin-1"))[0] == "bury coin-1"
    assert Selection(t).previews(Pick("card", "coin-1")) == ("coin-1",)
    ring = tiles(t)["ring"]
    assert ring.pick is None and ring.shortcut == "" and "Place your shovel" in ring.why
    assert "Place your shovel" in t.zone("deck").cards[0].why
    assert t.groups == ()                                 # two cards: a click or a number chooses


def test_a_single_card_to_bury_also_goes_with_enter():
    g, s, ch = start(deck=["ring-2", "coin-1"])
    play(g, s, ch, "reveal", "end", "reveal", "take coin")
    t = table_of(g, s)
    assert [(gr.id, gr.key, gr.label) for gr in t.groups] == [("one", "return", "Bury the card with 2 rings")]
    assert str(Selection(t).ready("one").action) == "bury ring-2"


def test_caught_by_the_rats_a_rat_card_is_taken_and_a_plain_card_is_refused_with_the_reason():
    g, s, ch = start(deck=["rat-ring", "ring-1", "rat-coin"])
    play(g, s, ch, "reveal", "end", "reveal", "end", "reveal")
    assert s.ctx.phase == "rats"
    t = table_of(g, s)
    plain = card(t, "ring-1")
    assert plain.dim and plain.pick == Pick("card", "ring-1")
    action, out = played(t, Pick("card", "ring-1"))
    assert action is None and out.refused and "shows no rat" in out.message
    assert played(t, Pick("card", "rat-ring"))[0] == "rat rat-ring"
    assert [gr.id for gr in t.groups] == []                # the rats must be obeyed: no decline
    assert "Ann must take" in face_up(t).note
    assert not tiles(t)["ring"].pick and "may not name a type" in tiles(t)["ring"].why


def test_where_the_rules_allow_it_n_declines_the_rat_card():
    g, s, ch = start(deck=["rat-ring", "rat-coin"], rats_must_take=False)
    play(g, s, ch, "reveal", "end", "reveal")
    t = table_of(g, s)
    decline = next(gr for gr in t.groups if gr.id == "decline")
    assert (decline.key, decline.label) == ("n", "No rat card")
    assert str(Selection(t).press(decline).action) == "rat none"
    assert "N to decline" in t.hint and "Ben may take" in face_up(t).note


# --- the majority table, the score card, the collections -------------------------------------------------------
def test_the_majority_table_shows_the_cubes_who_takes_them_and_the_rat_tie_breaks():
    g, s, ch = start(players=3, cubes=CUBES)
    s.collections = [["ring-2", "rat-coin"], ["ring-1", "x-ring", "coin-1"], ["ring-3", "x-coin"]]
    t = table_of(g, s)
    m = majority(t)
    assert [c.key for c in m.columns] == ["ring", "coin", "pearl", "crown", "goblet", "necklace", "rats"]
    assert m.columns[0].sub == ("4", "1") and m.columns[0].title == "ring"
    rows = {r.seat: r.cells for r in m.rows}
    ring, coin = 1, 2                                      # cell 0 is the row's shovel line
    assert (rows[2][ring].text, rows[2][ring].tone, rows[2][ring].badge) == ("3", "lead", "4")
    # seats 0 and 1 show 2 rings each: seat 0's rat card wins the second cube
    assert (rows[0][ring].text, rows[0][ring].tone, rows[0][ring].badge) == ("2*", "second", "1")
    assert (rows[1][ring].text, rows[1][ring].badge) == ("2", "")      # lost the tie on rats
    # one coin each: seat 0's rat card takes the 3, seats 1 and 2 stay tied and nobody takes the 2
    assert rows[0][coin].tone == "lead" and rows[0][coin].badge == "3"
    assert (rows[0][coin].text, rows[1][coin].text, rows[1][coin].tone) == ("1*", "1=", "tie")
    assert rows[2][coin].text == "1=" and rows[2][coin].badge == ""
    assert rows[0][3].text == "0" and rows[0][3].tone == "dim"
    assert rows[0][-1].text == "1 · 2" and rows[1][-1].text == "0 · 3"
    assert rows[0][0].text == "holds the shovel"
    score = {r.seat: r for r in t.score.rows}
    assert score[2].total == "4" and ("3 rings", "4") in score[2].parts
    assert score[0].total == "4" and ("2 rings", "1") in score[0].parts and ("a coin", "3") in score[0].parts


def test_a_click_on_a_seats_row_shows_its_collection():
    g, s, ch = start(deck=["ring-2", "coin-1"])
    play(g, s, ch, "reveal", "end", "reveal", "take coin", "bury ring-2")
    t = table_of(g, s)
    assert [r.pick for r in t.score.rows] == [show("collection:0"), show("collection:1")]
    assert [r.pick for r in majority(t).rows] == [show("collection:0"), show("collection:1")]
    theirs = t.zone("collection:1")
    assert theirs in t.hidden_zones and [c.card for c in theirs.cards] == ["coin-1"]
    assert theirs.title == "Ben's collection: 1 card  ·  0 rat cards"
    assert t.zone("collection:0").empty == "No card collected yet."
    assert {r.seat: r.tags for r in t.score.rows}[1] == ("sits out",)
    assert majority(t).rows[1].cells[0].text == "shovel on 2 rings"
    under = face_up(t).payload.buried
    assert [(seat, cv.card, cv.caption) for seat, cv in under] == [(1, "ring-2", "Ben")]


def cards_in(t) -> set:
    """Every card id the table holds anywhere (zones, hidden zones, the painters' data)."""
    out = set()

    def walk(x):
        if isinstance(x, CardView):
            out.add(x.card)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                if f.name != "action":
                    walk(getattr(x, f.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)
    walk(t)
    return out - {None}


def test_closed_collections_keep_the_other_seats_cards_scores_and_items_out_of_a_seats_table():
    g, s, ch = start(deck=["pair-ring-coin", "ring-3", "coin-1"], open_collections=False, cubes=CUBES,
                     players=3)
    play(g, s, ch, "reveal", "end", "reveal", "take ring")      # nothing left face up: Ben's shovel goes aside
    hidden = set(s.collections[1])
    assert hidden == {"pair-ring-coin", "ring-3"}
    t = table_of(g, s, seat=0)
    assert not cards_in(t) & hidden
    assert [r.total for r in t.score.rows] == ["–", "–", "–"]
    assert all(not r.parts for r in t.score.rows)
    theirs = next(r for r in majority(t).rows if r.seat == 1)
    assert [c.text for c in theirs.cells[1:]] == ["?"] * 6 + ["? · 2"]
    assert all(not c.badge for r in majority(t).rows for c in r.cells)
    zone = t.zone("collection:1")
    assert zone.cards == () and "closed" in zone.empty and zone.title == "Ben's collection: 2 cards"
    own = table_of(g, s, seat=1)
    assert hidden <= cards_in(own)


def test_a_seat_that_is_not_to_play_gets_no_choices_and_its_clicks_say_wait():
    g, s, ch = start(deck=["ring-1"])
    play(g, s, ch, "reveal")
    t = table_of(g, s, seat=1)
    assert t.choices == () and t.groups == () and t.hint == ""
    assert tiles(t)["ring"].why == "Wait for your turn." and card(t, "ring-1").why == "Wait for your turn."
    assert t.zone("deck").cards[0].why == "Wait for your turn."
    assert [r.marker for r in t.score.rows] == ["turn", ""]


# --- words, zone ids ---------------------------------------------------------------------------------------
TEXT_FIELDS = {"title", "subtitle", "hint", "status", "caption", "why", "tooltip", "note", "empty", "sub", "label",
               "need", "text", "banner", "name", "total", "tags", "parts", "heading", "big", "lines"}


def texts(t) -> list[str]:
    out = []

    def walk(x, name=""):
        if isinstance(x, str):
            if name in TEXT_FIELDS:
                out.append(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                if f.name not in ("action",):
                    walk(getattr(x, f.name), f.name)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y, name)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y, name)
    walk(t)
    return out


@pytest.mark.parametrize("players,seed,closed", [(2, 1, False), (3, 2, True), (4, 3, False)])
def test_every_text_of_every_table_of_a_game_is_in_words_and_every_moved_zone_is_on_the_table(players, seed, closed):
    g = game(open_collections=not closed)
    ch = Chance(seed)
    s = g.start(players, ch)
    ids = re.compile(r"\b(" + "|".join(re.escape(c) for c in sorted(g.cards, key=len, reverse=True)) + r")\b")
    notation = re.compile(r"\b(take|bury|rat|reveal|end) [a-z]+[-#]|open_collections|rats_must_take|\brat none\b")
    rng = random.Random(seed)
    for _ in range(400):
        if g.is_over(s):
            break
        for seat in range(players):
            t = table_of(g, s, seat)
            assert len(texts(t)) > 30
            for text in texts(t):
                assert not ids.search(text), text
                assert not notation.search(text), text
        legal = g.legal_actions(s)
        events = g.apply(s, legal[rng.randrange(len(legal))], ch)
        t = table_of(g, s, 0)
        zones = {e.id for e in t.elements() if isinstance(e, Zone)} | {f"buried:{i}" for i in range(players)}
        for e in for_viewer(events, 0):
            if isinstance(e, CardsMoved):
                assert e.src in zones and e.dst in zones, e
    assert g.is_over(s)
    for text in texts(table_of(g, s, 0)):
        assert not ids.search(text), text


def test_a_choice_carries_the_legal_action_objects():
    g, s, ch = start(deck=["ring-1"])
    play(g, s, ch, "reveal")
    legal = g.legal_actions(s)
    t = g.table(g.view(s, 0), legal, SEATS[:2])
    assert t.choices and all(isinstance(c, Choice) and any(c.action is a for a in legal) for c in t.choices)
    assert {str(c.action) for c in t.choices} == {str(a) for a in legal}


def test_the_tip_names_the_take_that_collects_the_most_cards():
    """Reported: "Taking coins now collects the most: 1 card" while goblets collected 2 (the type was picked by
    items, then its cards were counted). The tip, the take button and insight read one count (`takes`)."""
    g, s, ch = start(2, deck=["coin-3", "goblet-1", "goblet-2"])
    play(g, s, ch, "reveal", "end", "reveal", "end", "reveal")
    t = table_of(g, s)
    assert "Taking goblets now collects the most: 2 cards." in t.coach
    assert Selection(t).ready("best").label == "Take goblets (3)"
    from piratetable.games.piratz.table import most_collected, takes
    view = g.view(s, 0)
    assert takes(view)["coin"] == (3, 1) and takes(view)["goblet"] == (3, 2)
    assert most_collected(view) == "goblet"
