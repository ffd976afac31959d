"""The Petrangola table, headless (SDL dummy driver): bots to the results, the hotseat curtain, a swap made by
clicking cards, and the renderer never being handed another seat's hidden cards."""
from __future__ import annotations

import pygame

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.games.petrangola import Renderer as PetrangolaRenderer
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene

from .helpers import click, press, run_until, step


def pg_match(seats, seed=3, dealer=None):
    return Match(load_config("petrangola"), seats, seed, {"dealer": dealer} if dealer is not None else None)


def start_table(app, match) -> TableScene:
    app.reset_to(TableScene(app, match))
    step(app, 2)
    return app.stack[0]


def record_draws(table) -> list:
    """Wrap the renderer's draw: every view it is handed, with the seat at the screen at that moment."""
    drawn = []
    original = table.renderer.draw

    def draw(surface, view, rect, anim):
        drawn.append((table.screen_seat, table.awaiting_curtain, view))
        return original(surface, view, rect, anim)

    table.renderer.draw = draw
    return drawn


def hidden_ok(view) -> bool:
    """Other seats' cards are face down (None) unless the hand is over (rebuy/over: shown at the showdown)."""
    if view["phase"] in ("rebuy", "over"):
        return True
    me = view["seat"]
    for s, hand in enumerate(view["hands"]):
        if s != me and any(c is not None for c in hand):
            return False
    if view["phase"] == "widow" and me == view["dealer"] and any(c is not None for c in view["hands"][me]):
        return False   # the dealer deciding has not seen the dealt hand
    return True


def test_the_table_uses_the_petrangola_renderer(app):
    table = start_table(app, pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")]))
    assert isinstance(table.renderer, PetrangolaRenderer)


def test_a_game_of_bots_plays_through_to_the_results_screen(app):
    match = pg_match([Seat("Ben", "easy"), Seat("Cleo", "normal"), Seat("Dario", "easy")], seed=5)
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    assert match.over and match.game.winners(match.state)


def test_three_humans_get_the_curtain_between_turns_and_nothing_is_drawn_behind_it(app):
    names = ["Anna", "Ben", "Cleo"]
    match = pg_match([Seat(n) for n in names], seed=4, dealer=0)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    table = app.stack[0]
    drawn = record_draws(table)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Anna"
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 0 and table.view["widow"][0] is not None
    press(app, pygame.K_r)                      # Anna rejects the widow
    assert match.history[-1].action == "reject"
    step(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Ben"
    curtain_frames = len(drawn)
    step(app, 5)
    assert len(drawn) == curtain_frames          # the table draws nothing while the curtain is up
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 1
    press(app, pygame.K_p)                       # Ben passes
    step(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Cleo"
    press(app, pygame.K_RETURN)
    step(app, 2)
    assert drawn and all(not behind for _, behind, _ in drawn)
    assert all(view["seat"] == seat and hidden_ok(view) for seat, _, view in drawn)
    # the log the table shows to each seat names no hidden card: Ben's and Cleo's hands stay unnamed
    hidden = set(match.state.hands[0]) | set(match.state.hands[2])
    assert not any(card in line for line in match.log(1) for card in hidden)


def test_a_swap_is_made_by_clicking_a_hand_card_and_a_monte_card(app):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], seed=6, dealer=2)
    table = start_table(app, match)
    run_until(app, lambda: match.current == 0 and table.my_turn, frames=600)
    step(app, 2)
    view = table.view
    assert view["phase"] in ("play", "final")
    renderer = table.renderer
    targets = {(where, card): rect for rect, where, card in renderer.targets}
    give, take = view["hands"][0][1], view["monte"][2]
    click(app, targets[("hand", give)].center)
    assert renderer.pending_hand == give
    click(app, targets[("monte", take)].center)
    assert renderer.pairs == [(give, take)]
    assert any("Swap 1 pair" in spec.label for spec in table.specs)
    before = len(match.history)
    press(app, pygame.K_s)
    assert len(match.history) > before          # (the bots may already have played after it)
    entry = match.history[before]
    assert entry.seat == 0 and entry.action == str(match.game.parse_action(f"swap {give} {take}"))


def test_keys_pair_cards_and_a_third_pair_is_refused_with_a_reason(app):
    match = pg_match([Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], seed=6, dealer=2)
    table = start_table(app, match)
    run_until(app, lambda: match.current == 0 and table.my_turn, frames=600)
    for key in (pygame.K_1, pygame.K_4, pygame.K_2, pygame.K_5):
        press(app, key)
    assert len(table.renderer.pairs) == 2
    press(app, pygame.K_3)
    press(app, pygame.K_6)
    assert len(table.renderer.pairs) == 2 and table.message and "two pairs" in table.message[0]
    press(app, pygame.K_c)
    assert table.renderer.pairs == []


def test_the_renderer_is_never_handed_another_seats_hidden_cards(app):
    match = pg_match([Seat("Anna")] + [Seat(f"Bot {i}", "easy") for i in range(1, 4)], seed=8)
    table = start_table(app, match)
    drawn = record_draws(table)
    keys = {"widow": pygame.K_r, "play": pygame.K_p, "final": pygame.K_p, "rebuy": pygame.K_r}
    for _ in range(8000):
        if isinstance(app.top, ResultsScene):
            break
        if app.top is table and table.my_turn:
            press(app, keys[table.view["phase"]], frames=1)   # Anna: reject, pass, rebuy
        step(app)
    assert isinstance(app.top, ResultsScene)
    assert len(drawn) > 20
    assert all(seat == 0 and view["seat"] == 0 for seat, _, view in drawn)
    assert all(hidden_ok(view) for _, _, view in drawn)
    assert any(view["phase"] == "play" and None in view["hands"][1] for _, _, view in drawn)
