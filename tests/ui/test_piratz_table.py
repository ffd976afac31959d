"""Piratz at the table, headless, through the one table renderer: bots to the results, taking by a click on a
treasure type or on an item of a face-up card, the preview of what a take collects, burying by a click on a card,
the rats, the action bar's keys, the collections shown over the table, closed collections, hotseat to the end,
the cards' moves, other window sizes."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.table.model import Pick, Tiles, show
from piratetable.table.stage import MOVE
from piratetable.ui.app import App
from piratetable.ui.games.piratz.painters import Painters
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings
from piratetable.ui.table.renderer import TableRenderer

from .helpers import click, press, run_until, start_table, step

TINY = Path(__file__).resolve().parents[1] / "scenarios" / "piratz" / "decks" / "tiny.yaml"


def match_of(seats, seed=3, rig=(), **options):
    """A Piratz match; `rig` fixes the next cards revealed (the match's chance takes them first)."""
    cfg = load_config("piratz")
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, seats, seed)
    if rig:
        match.chance.rig["deck"] = list(rig)
    return match


def last_of(match, seat):
    """The last action `seat` played (a bot may already have moved after it)."""
    return [e.action for e in match.history if e.seat == seat][-1]


def target(table, pick, key=None):
    """The click target drawn for `pick` (on the card or tile `key`)."""
    for t in table.renderer.look.targets:
        if t.pick == pick and (key is None or t.key == key):
            return t
    raise AssertionError(f"no target {pick} {key}: {[(t.pick, t.key) for t in table.renderer.look.targets]}")


def tile(table, t):
    return target(table, Pick("type", t), t)


def card_target(table, cid):
    """The target of a face-up card's body (not one of its items)."""
    rect = table.renderer.look.cards[cid][0]
    for t in reversed(table.renderer.look.targets):
        if t.key == cid and t.rect.size == rect.size:
            return t
    raise AssertionError(cid)


def bar_labels(table):
    return [label for _g, label, _e, _t in table.action_bar.entries]


def two_humans(rig=(), **options):
    return match_of([Seat("Anna"), Seat("Ben")], rig=rig, **options)


def test_the_piratz_table_uses_the_one_table_renderer_with_its_painters(app):
    table = start_table(app, match_of([Seat("Anna"), Seat("Bot", "easy")]))
    assert isinstance(table.renderer, TableRenderer) and isinstance(table.renderer.painters, Painters)


def test_a_game_of_bots_plays_through_to_the_results_screen(app):
    match = match_of([Seat("Mary", "normal"), Seat("Anne", "easy"), Seat("Jack", "normal")], seed=11)
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    assert match.over and match.game.winners(match.state)
    assert len(match.log(None)) == len(match.history) > 10


def test_a_click_on_a_treasure_type_takes_it(app):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end", "reveal"):
        match.play(action)
    table = start_table(app, match)
    click(app, tile(table, "ring").rect.center)
    assert last_of(match, 0) == "take ring"
    assert match.view(0)["collections"][0] == ["ring-2", "pair-ring-coin"]
    assert match.view(0)["phase"] == "bury"


def test_hovering_a_type_or_an_item_previews_the_cards_the_take_collects(app, monkeypatch):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end", "reveal"):
        match.play(action)
    table = start_table(app, match)
    mouse = [tile(table, "ring").rect.center]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse[0])
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    step(app, 2)
    look = table.renderer.look
    assert look.hover == Pick("type", "ring") and look.previews == {"ring-2", "pair-ring-coin"}
    assert look.matrix_preview == "If you take rings:"     # and the majority table shows what it would change
    mouse[0] = target(table, Pick("type", "coin"), "pair-ring-coin").rect.center
    step(app, 2)
    assert table.renderer.look.previews == {"pair-ring-coin", "coin-1"}
    assert table.renderer.look.matrix_preview == "If you take coins:"
    mouse[0] = (2, 2)
    step(app, 2)
    assert table.renderer.look.previews == set() and table.renderer.look.matrix_preview == ""
    assert len(match.history) == 5


def test_a_click_on_a_card_buries_it(app):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end", "reveal", "take ring"):
        match.play(action)
    table = start_table(app, match)
    assert match.view(0)["phase"] == "bury"
    click(app, card_target(table, "coin-1").rect.center)
    assert last_of(match, 0) == "bury coin-1"
    assert match.view(1)["buried"] == ["coin-1", None]


def test_a_click_on_one_item_of_a_card_with_several_types_takes_that_type(app):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end"):
        match.play(action)
    table = start_table(app, match)
    click(app, target(table, Pick("type", "coin"), "pair-ring-coin").rect.center)
    assert last_of(match, 0) == "take coin"
    assert match.view(0)["collections"][0] == ["pair-ring-coin"]


def test_a_click_on_a_card_with_several_types_but_not_on_an_item_says_what_to_do(app):
    match = two_humans(rig=["pair-ring-coin"])
    match.play("reveal")
    match.play("end")
    table = start_table(app, match)
    card = card_target(table, "pair-ring-coin").rect
    items = [t.rect for t in table.renderer.look.targets if t.key == "pair-ring-coin" and t.pick]
    assert len(items) == 2
    spot = next((x, y) for x in range(card.left + 1, card.right - 1, 2) for y in range(card.top + 1, card.bottom - 1, 2)
                if not any(r.collidepoint((x, y)) for r in items))
    click(app, spot)
    assert len(match.history) == 2
    assert table.message and "click the one to take" in table.message[0]


def test_a_click_on_a_single_type_card_takes_its_type(app):
    match = two_humans(rig=["necklace-3"])
    match.play("reveal")
    match.play("end")
    table = start_table(app, match)
    click(app, card_target(table, "necklace-3").rect.center)
    assert last_of(match, 1) == "take necklace"


def test_the_rats_a_click_on_a_rat_card_takes_it_and_a_plain_card_is_refused_with_a_reason(app):
    match = two_humans(rig=["rat-ring", "ring-1", "rat-coin"])
    for action in ("reveal", "end", "reveal", "end", "reveal"):
        match.play(action)
    assert match.view(0)["phase"] == "rats"
    table = start_table(app, match)
    click(app, card_target(table, "ring-1").rect.center)
    assert len(match.history) == 5 and "shows no rat" in table.message[0]
    press(app, pygame.K_2)                    # the plain card by its number: refused too
    assert len(match.history) == 5 and "shows no rat" in table.message[0]
    click(app, card_target(table, "rat-ring").rect.center)
    assert last_of(match, 0) == "rat rat-ring"
    assert match.view(0)["phase"] == "bury"


def test_no_rat_card_button_when_the_rules_allow_declining(app):
    match = two_humans(rig=["rat-ring", "rat-coin"], rats_must_take=False)
    for action in ("reveal", "end", "reveal"):
        match.play(action)
    table = start_table(app, match)
    assert any("No rat card" in label for label in bar_labels(table))
    press(app, pygame.K_n)
    assert last_of(match, 1) == "rat none"


def test_keys_reveal_end_take_by_number_and_bury_by_number(app):
    match = two_humans(rig=["ring-2", "coin-1", "pearl-1"])
    table = start_table(app, match)
    assert bar_labels(table) == ["Reveal a card  [Space]"]
    press(app, pygame.K_SPACE)
    assert last_of(match, 0) == "reveal"
    assert bar_labels(table) == ["Take rings (2)  [T]", "End the turn  [E]"]
    press(app, pygame.K_e)
    assert last_of(match, 0) == "end"
    press(app, pygame.K_SPACE)
    press(app, pygame.K_2)             # 2 = coin: a digit chooses …
    assert last_of(match, 1) == "reveal" and table.renderer.selection.items() == {Pick("type", "coin")}
    press(app, pygame.K_RETURN)        # … and Enter (or a click) confirms
    assert last_of(match, 1) == "take coin"
    press(app, pygame.K_1)             # the bury phase: 1 = the first face-up card
    press(app, pygame.K_RETURN)
    assert last_of(match, 1) == "bury ring-2"


def test_t_takes_the_type_with_most_items_face_up_and_enter_buries_the_only_card(app):
    match = two_humans(rig=["ring-2", "coin-1"])
    for action in ("reveal", "end", "reveal"):
        match.play(action)
    table = start_table(app, match)
    press(app, pygame.K_t)
    assert last_of(match, 1) == "take ring"
    assert bar_labels(table) == ["Bury the card with a coin  [Enter]"]
    press(app, pygame.K_RETURN)
    assert last_of(match, 1) == "bury coin-1"


def test_a_click_on_the_draw_pile_reveals(app):
    match = two_humans(rig=["goblet-1"])
    table = start_table(app, match)
    click(app, target(table, Pick("deck")).rect.center)
    assert last_of(match, 0) == "reveal" and match.view(0)["table"] == ["goblet-1"]
    click(app, table.renderer.look.zones["deck"].center)     # a second reveal: refused with the reason
    assert len(match.history) == 1 and "One card per turn" in table.message[0]


def test_a_click_out_of_turn_is_refused_with_a_message(app):
    match = match_of([Seat("Anna"), Seat("Bot", "normal")], rig=["ring-1"])
    match.play("reveal")
    match.play("end")  # now the bot's turn
    table = start_table(app, match)
    renderer = table.renderer
    renderer.show(match.game.table(match.view(0), [], table.seat_info))   # the bot's turn, seen by Anna
    step(app, 0)
    app.top.draw(app.screen)
    spots = [t.rect.center for t in renderer.look.targets if t.key in ("ring", "ring-1", "deck:top")]
    assert len(spots) == 3
    for spot in spots:
        outcome = renderer.click(spot)
        assert outcome.action is None and outcome.message == "Wait for your turn."


def test_closed_collections_show_counts_only_and_no_scores(app):
    match = two_humans(rig=["ring-2", "coin-1"], open_collections=False)
    for action in ("reveal", "end", "reveal", "take coin", "bury ring-2"):
        match.play(action)
    app.reset_to(TableScene(app, match))
    step(app, 2)
    assert isinstance(app.top, CurtainScene)   # hidden collections: the screen is handed over first
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    shown = table.renderer.table
    assert shown.viewer == 0 and [r.total for r in shown.score.rows] == ["–", "–"]
    assert table.renderer.look.cards.keys().isdisjoint({"coin-1"})
    click(app, table.renderer.score_rows[1].center)
    assert table.renderer.overlay == "collection:1"
    assert shown.zone("collection:1").cards == ()


def test_two_humans_play_hotseat_to_the_end_with_keys_and_clicks(app):
    # the scenarios' tiny designer deck (ids with #n, a rat-only card) keeps the game short
    cfg = load_config("piratz", str(TINY))
    match = Match(cfg, [Seat("Anna"), Seat("Ben")], 7)
    table = start_table(app, match)
    for _ in range(400):
        if match.over:
            break
        before = len(match.history)
        view = match.view(match.current)
        phase = view["phase"]
        if phase == "bury":
            press(app, pygame.K_1)
            press(app, pygame.K_RETURN)
        elif phase == "rats":
            first_rat = view["table"].index(view["table_rats"][0]) + 1
            press(app, getattr(pygame, f"K_{first_rat}"))
            press(app, pygame.K_RETURN)
        elif phase == "turn" and not view["table"]:
            press(app, pygame.K_SPACE)
        elif phase == "turn" or (phase == "revealed" and len(view["table"]) >= 3) or \
                (view["last_shovel"] and not view["can_reveal"]):
            tiles = next(e for e in table.renderer.table.elements() if isinstance(e, Tiles)).tiles
            best = max(tiles, key=lambda t: int(t.sub.split()[0]) if t.sub[0].isdigit() else 0)
            click(app, tile(table, best.key).rect.center)
        elif view["last_shovel"]:
            press(app, pygame.K_SPACE)
        else:
            press(app, pygame.K_e)
        assert len(match.history) > before, (view["phase"], view["table"], table.message)
    assert match.over and match.game.winners(match.state)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=400)


@pytest.mark.parametrize("size,players", [((1920, 1080), 4), ((960, 600), 3), ((1280, 720), 2)])
def test_the_table_draws_at_other_window_sizes(size, players):
    a = App(size=size, settings=Settings(speed="instant"))
    try:
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "normal") for i in range(1, players)]
        match = match_of(seats, seed=5, rig=["rich-ring-crown", "rat-rcp", "pair-coin-goblet"])
        for action in ("reveal", "end"):
            match.play(action)
        table = start_table(a, match)
        step(a, 2)
        look = table.renderer.look
        assert {t.key for t in look.targets} >= {"ring", "necklace", "deck:top"}
        assert {t.pick for t in look.targets} >= {show("collection:0"), show(f"collection:{players - 1}")}
        for t in look.targets:
            assert table.play_rect.contains(t.rect) or table.score_rect.contains(t.rect), t
        for rect, _card in look.cards.values():
            assert table.play_rect.contains(rect)
    finally:
        a.close()


def test_a_click_on_a_seats_row_shows_its_cards_and_a_second_click_closes(app):
    match = two_humans(rig=["ring-2", "coin-1"])
    for action in ("reveal", "end", "reveal", "take coin", "bury ring-2"):
        match.play(action)
    table = start_table(app, match)
    row = next(t for t in table.renderer.look.targets if t.pick == show("collection:1") and
               table.play_rect.contains(t.rect))                          # the majority table's row
    click(app, row.rect.center)
    assert table.renderer.overlay == "collection:1" and len(match.history) == 5
    assert [c.card for c in table.renderer.table.zone("collection:1").cards] == ["coin-1"]
    click(app, row.rect.center)
    assert table.renderer.overlay is None and len(match.history) == 5
    click(app, table.renderer.score_rows[0].center)                        # the score card's row
    assert table.renderer.overlay == "collection:0"


def test_the_cards_move_between_the_zones_the_events_name():
    """A reveal slides the card from the draw pile onto the table, a take slides the cards to the seat's score
    row (collections are hidden zones), a bury slides the card under the shovel."""
    a = App(settings=Settings(speed="normal"))
    try:
        step(a, 2)
        match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["ring-2", "pair-ring-coin", "coin-1"])
        for action in ("reveal", "end", "reveal", "end"):
            match.play(action)
        table = start_table(a, match)
        renderer = table.renderer
        press(a, pygame.K_SPACE, frames=3)
        st = renderer.stages[0]
        assert st.kind == MOVE and st.moves == [("coin-1", "coin-1", "deck", "table")]
        assert renderer._src["coin-1"][0] == renderer.look.zones["deck"]    # from the draw pile, face down
        run_until(a, lambda: not renderer.busy(), frames=120)
        press(a, pygame.K_1, frames=1)                                     # take rings
        press(a, pygame.K_RETURN, frames=3)
        st = renderer.stages[0]
        assert [m[3] for m in st.moves] == ["collection:0", "collection:0"]
        assert "collection:0" not in renderer.look.zones and 0 in renderer.score_rows
        run_until(a, lambda: not renderer.busy(), frames=120)
        press(a, pygame.K_1, frames=1)                                     # bury the coin
        press(a, pygame.K_RETURN, frames=3)
        st = renderer.stages[0]
        assert st.moves == [("coin-1", "coin-1", "table", "buried:0")]
        assert renderer.look.zones["buried:0"].colliderect(renderer.look.zones["table"])
    finally:
        a.close()


def test_closed_collections_hand_the_screen_over_behind_the_curtain_and_open_ones_do_not(app):
    """With `open_collections: false` each seat's collection is hidden from the others: two humans get the
    "Pass to" curtain at every hand-over, and the table behind it shows the incoming seat's view only."""
    closed = two_humans(rig=["ring-2"], open_collections=False)
    assert closed.game.hidden_information
    app.reset_to(TableScene(app, closed))
    step(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.name == closed.seats[0].name
    press(app, pygame.K_RETURN)
    table = app.top
    for action in ("reveal", "end"):         # seat 0 ends its turn: the screen goes to seat 1
        assert table.play(action)
        step(app, 2)
    assert app.top is table and table.driver.handing_to == 1   # seat 0 sees the end of its turn, then passes on
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name == closed.seats[1].name
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 1

    opened = two_humans(rig=["ring-2"])
    assert not opened.game.hidden_information
    table = start_table(app, opened)
    for action in ("reveal", "end"):
        assert table.play(action)
        step(app, 2)
    assert app.top is table and opened.current == 1


@pytest.mark.parametrize("lang_names", [("pearl", "crown"), ("진주", "왕관"), ("жемчужина", "корона")])
def test_an_item_name_stays_inside_a_small_card(lang_names, monkeypatch):
    """Found playing at 960×600 in Korean: a face-up card of two items (57×82 px) printed its lower name, "왕관",
    across the card's bottom border. The names stay inside the card's frame at every size."""
    from types import SimpleNamespace

    from piratetable.ui import art as shared
    from piratetable.ui.games.piratz import art as A
    pygame.init()
    texts: set = set()
    real_render = A.TEXT.render

    def render(*args, **kw):
        img = real_render(*args, **kw)
        texts.add(id(img))
        return img
    placed: list = []

    class Card(pygame.Surface):
        def blit(self, source, dest, *args, **kw):
            if id(source) in texts:
                placed.append(pygame.Rect(dest[0], dest[1], *source.get_size()) if not isinstance(dest, pygame.Rect)
                              else pygame.Rect(dest))
            return super().blit(source, dest, *args, **kw)
    monkeypatch.setattr(A, "TEXT", SimpleNamespace(render=render))
    def smoothscale(img, size):     # a name squeezed to its slot is still a name
        out = pygame.transform.smoothscale(img, size)
        if id(img) in texts:
            texts.add(id(out))
        return out
    monkeypatch.setattr(A, "pygame", SimpleNamespace(**{n: getattr(pygame, n) for n in dir(pygame)
                                                        if not n.startswith("__")}
                                                     | {"Surface": Card, "transform": SimpleNamespace(
                                                         smoothscale=smoothscale)}))
    monkeypatch.setattr(shared, "cached", lambda key, draw: draw())
    for w, h in ((57, 82), (66, 96), (80, 116), (112, 162)):
        placed.clear()
        A.card_face("t", ("pearl", "crown"), (w, h), names=lang_names)
        inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 14), -max(4, w // 14))
        assert len(placed) == 2, placed
        assert all(r.bottom <= inner.bottom for r in placed), ((w, h), placed, inner)
