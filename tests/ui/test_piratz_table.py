"""Piratz at the table, headless: bots to the results, taking by a click on a treasure type or on an item of a
face-up card, burying by a click on a card, the rats, the action bar's keys, closed collections, hotseat to the
end, other window sizes."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.games.piratz import Renderer
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings

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


def target(table, kind, type=None, card=None):
    for t in table.renderer.targets:
        if t.kind == kind and (type is None or t.type == type) and (card is None or t.card == card):
            return t
    raise AssertionError(f"no {kind} target for {type or card}: {[(t.kind, t.type, t.card) for t in table.renderer.targets]}")


def two_humans(rig=(), **options):
    return match_of([Seat("Anna"), Seat("Ben")], rig=rig, **options)


def test_the_piratz_table_uses_its_own_renderer(app):
    table = start_table(app, match_of([Seat("Anna"), Seat("Bot", "easy")]))
    assert isinstance(table.renderer, Renderer)


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
    click(app, target(table, "type", type="ring").rect.center)
    assert last_of(match, 0) == "take ring"
    assert match.view(0)["collections"][0] == ["ring-2", "pair-ring-coin"]
    assert match.view(0)["phase"] == "bury"


def test_a_click_on_a_card_buries_it(app):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end", "reveal", "take ring"):
        match.play(action)
    table = start_table(app, match)
    assert match.view(0)["phase"] == "bury"
    click(app, target(table, "card", card="coin-1").rect.center)
    assert last_of(match, 0) == "bury coin-1"
    assert match.view(1)["buried"] == ["coin-1", None]


def test_a_click_on_one_item_of_a_card_with_several_types_takes_that_type(app):
    match = two_humans(rig=["ring-2", "pair-ring-coin", "coin-1"])
    for action in ("reveal", "end", "reveal", "end"):
        match.play(action)
    table = start_table(app, match)
    click(app, target(table, "item", type="coin", card="pair-ring-coin").rect.center)
    assert last_of(match, 0) == "take coin"
    assert match.view(0)["collections"][0] == ["pair-ring-coin"]


def test_a_click_on_a_card_with_several_types_but_not_on_an_item_says_what_to_do(app):
    match = two_humans(rig=["pair-ring-coin"])
    match.play("reveal")
    match.play("end")
    table = start_table(app, match)
    card = target(table, "card", card="pair-ring-coin").rect
    items = [t.rect for t in table.renderer.targets if t.kind == "item" and t.card == "pair-ring-coin"]
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
    click(app, target(table, "card", card="necklace-3").rect.center)
    assert last_of(match, 1) == "take necklace"


def test_the_rats_a_click_on_a_rat_card_takes_it_and_a_plain_card_is_refused_with_a_reason(app):
    match = two_humans(rig=["rat-ring", "ring-1", "rat-coin"])
    for action in ("reveal", "end", "reveal", "end", "reveal"):
        match.play(action)
    assert match.view(0)["phase"] == "rats"
    table = start_table(app, match)
    click(app, target(table, "card", card="ring-1").rect.center)
    assert len(match.history) == 5 and "shows no rat" in table.message[0]
    click(app, target(table, "card", card="rat-ring").rect.center)
    assert last_of(match, 0) == "rat rat-ring"
    assert match.view(0)["phase"] == "bury"


def test_no_rat_card_button_when_the_rules_allow_declining(app):
    match = two_humans(rig=["rat-ring", "rat-coin"], rats_must_take=False)
    for action in ("reveal", "end", "reveal"):
        match.play(action)
    table = start_table(app, match)
    assert any("No rat card" in s.label for s in table.specs)
    press(app, pygame.K_n)
    assert last_of(match, 1) == "rat none"


def test_keys_reveal_end_take_by_number_and_bury_by_number(app):
    match = two_humans(rig=["ring-2", "coin-1", "pearl-1"])
    table = start_table(app, match)
    press(app, pygame.K_SPACE)
    assert last_of(match, 0) == "reveal"
    press(app, pygame.K_e)
    assert last_of(match, 0) == "end"
    press(app, pygame.K_SPACE)
    press(app, pygame.K_2)             # 2 = coin
    assert last_of(match, 1) == "take coin"
    press(app, pygame.K_1)             # the bury phase: 1 = the first face-up card
    assert last_of(match, 1) == "bury ring-2"
    assert table.renderer is not None


def test_a_click_on_the_draw_pile_reveals(app):
    match = two_humans(rig=["goblet-1"])
    table = start_table(app, match)
    click(app, target(table, "draw").rect.center)
    assert last_of(match, 0) == "reveal" and match.view(0)["table"] == ["goblet-1"]


def test_a_click_out_of_turn_is_refused_with_a_message(app):
    match = match_of([Seat("Anna"), Seat("Bot", "normal")], rig=["ring-1"])
    match.play("reveal")
    match.play("end")  # now the bot's turn
    table = start_table(app, match)
    table.renderer.hit(target(table, "type", type="ring").rect.center, table.view, table.play_rect, [], False)
    hit = table.renderer.hit(target(table, "type", type="ring").rect.center, table.view, table.play_rect, [], False)
    assert hit.action is None and "Wait" in hit.message


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
    view = table.view
    assert view["seat"] == 0 and view["items"][1] is None
    shown = table.renderer.shown(view)
    assert shown["scores"] == ["–", "–"]


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
        elif phase == "rats":
            first_rat = view["table"].index(view["table_rats"][0]) + 1
            press(app, getattr(pygame, f"K_{first_rat}"))
        elif phase == "turn" and not view["table"]:
            press(app, pygame.K_SPACE)
        elif phase == "turn" or (phase == "revealed" and len(view["table"]) >= 3) or \
                (view["last_shovel"] and not view["can_reveal"]):
            counts = table.renderer.table_counts(view)
            best = max(counts, key=counts.get)
            click(app, target(table, "type", type=best).rect.center)
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
        assert table.renderer.targets
        for t in table.renderer.targets:
            assert table.play_rect.contains(t.rect), t
    finally:
        a.close()


def test_a_click_on_a_score_card_row_shows_that_seats_cards_and_a_second_click_closes(app):
    match = two_humans(rig=["ring-2", "coin-1"])
    for action in ("reveal", "end", "reveal", "take coin", "bury ring-2"):
        match.play(action)
    table = start_table(app, match)
    click(app, next(t for t in table.renderer.targets if t.kind == "seat" and t.seat == 1).rect.center)
    assert table.renderer.show_seat == 1 and len(match.history) == 5
    assert any(t.kind == "overlay" for t in table.renderer.targets)
    click(app, next(t for t in table.renderer.targets if t.kind == "overlay").rect.center)
    assert table.renderer.show_seat is None and len(match.history) == 5


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
