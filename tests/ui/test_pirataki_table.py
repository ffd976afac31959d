"""Pirataki at the table, headless: bots to the results, buying by a click on a reserve card, choosing the cards a
pirate takes and confirming, the action bar's keys, hotseat to a win, Cyrillic, other window sizes."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.games.pirataki import Renderer
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.settings import Settings
from piratetable.ui.text import TEXT, _has_glyph

from .helpers import click, click_element, press, run_until, start_table, step


def match_of(seats, seed=3, rig=()):
    """A Pirataki match; `rig` fixes the next cards drawn (the match's chance takes them first)."""
    match = Match(load_config("pirataki"), seats, seed)
    if rig:
        match.chance.rig["deck"] = list(rig)
    return match


def last_of(match, seat):
    """The last action `seat` played (a bot may already have moved after it)."""
    return [e.action for e in match.history if e.seat == seat][-1]


def bar_button(table, text):
    for spec, btn in zip(table.specs, table.pool):
        if text in spec.label:
            return spec, btn
    raise AssertionError(f"no action button with {text!r}: {[s.label for s in table.specs]}")


def target(table, card=None, group=None, seat=None):
    for t in table.renderer.targets:
        if (card is None or t.card == card) and (group is None or t.group == group) and \
                (seat is None or t.seat == seat):
            return t
    raise AssertionError(f"no click target for {card or group}")


def test_the_pirataki_table_uses_its_own_renderer(app):
    table = start_table(app, match_of([Seat("Anna"), Seat("Bot", "easy")]))
    assert isinstance(table.renderer, Renderer)


def test_a_game_of_bots_plays_through_to_the_results_screen(app):
    match = match_of([Seat("Mary", "normal"), Seat("Anne", "easy"), Seat("Jack", "normal")], seed=11)
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    assert match.over and match.game.winners(match.state)
    assert len(match.log(None)) == len(match.history) > 10


def test_clicking_a_card_of_my_colour_in_an_opponents_reserve_buys_it(app):
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["red-1", "gold-1", "gold-2", "gold-3", "red-4"])
    for action in ("draw", "draw", "draw", "draw", "stop", "draw", "stop"):
        match.play(action)
    assert match.current == 0 and "red-4" in match.view(0)["reserves"][1]
    table = start_table(app, match)
    assert any("Buy red-4" in s.label for s in table.specs)
    click(app, target(table, card="red-4", seat=1).rect.center)
    assert last_of(match, 0) == "buy red-4"
    assert match.view(0)["ships"][0] == ["red-1", "red-4"]


def test_clicking_a_card_i_cannot_buy_explains_why(app):
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["red-1", "gold-1", "red-2"])
    for action in ("draw", "draw", "stop", "draw", "stop"):
        match.play(action)
    table = start_table(app, match)
    n = len(match.history)
    click(app, target(table, card="red-2", seat=1).rect.center)
    assert len(match.history) == n
    assert table.message is not None and "costs 3 gold and you hold 1" in table.message[0]


def pirate_table(app, with_cannon=False):
    """Anna builds red (red-1) and holds gold-1, gold-2, blue-2 (and cannon-1), then draws a pirate."""
    rig = ["red-1", "gold-1", "gold-2", "blue-2"] + (["cannon-1"] if with_cannon else []) + ["pirate-1"]
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=rig)
    for _ in rig:
        match.play("draw")
    assert match.view(0)["phase"] == "pirate"
    return match, start_table(app, match)


def test_choosing_three_cards_and_confirming_gives_them_to_the_pirate(app):
    match, table = pirate_table(app)
    spec, _ = bar_button(table, "Give up chosen (0/3)")
    assert not spec.enabled
    gold = target(table, group="gold", seat=0).rect.center
    click(app, gold)
    click(app, gold)
    click(app, target(table, card="blue-2", seat=0).rect.center)
    assert sorted(table.renderer.selected) == ["blue-2", "gold-1", "gold-2"]
    spec, button = bar_button(table, "Give up chosen (3/3)")
    assert spec.enabled
    click_element(app, button)
    assert last_of(match, 0) == "lose blue-2 gold-1 gold-2"
    assert match.view(0)["ships"][0] == ["red-1"] and match.view(0)["reserves"][0] == []


def test_a_chosen_card_is_unchosen_by_a_second_click_and_a_fourth_is_refused(app):
    match, table = pirate_table(app)
    ship = target(table, card="red-1", seat=0).rect.center
    click(app, ship)
    click(app, ship)
    assert table.renderer.selected == []
    gold = target(table, group="gold", seat=0).rect.center
    click(app, gold)
    click(app, gold)
    click(app, ship)
    click(app, target(table, card="blue-2", seat=0).rect.center)
    assert len(table.renderer.selected) == 3 and "blue-2" not in table.renderer.selected
    assert "chosen already" in table.message[0]


def test_enter_with_too_few_cards_chosen_says_what_to_do_and_plays_nothing(app):
    match, table = pirate_table(app)
    n = len(match.history)
    click(app, target(table, card="blue-2", seat=0).rect.center)
    press(app, pygame.K_RETURN)
    assert len(match.history) == n
    assert table.message is not None


def test_suggest_then_enter_gives_up_gold_first(app):
    match, table = pirate_table(app)
    press(app, pygame.K_a)
    press(app, pygame.K_RETURN)
    assert last_of(match, 0) == "lose blue-2 gold-1 gold-2"


def test_the_cannon_button_gives_up_a_cannon_instead(app):
    match, table = pirate_table(app, with_cannon=True)
    press(app, pygame.K_c)
    assert last_of(match, 0) == "cannon"
    assert match.view(0)["reserves"][0] == ["gold-1", "gold-2", "blue-2"]


def test_draw_and_stop_keys_and_a_click_on_the_deck(app):
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["gold-1", "gold-2"])
    table = start_table(app, match)
    press(app, pygame.K_d)
    assert match.history[-1].action == "draw"
    click(app, target(table, seat=-1).rect.center)
    assert [e.action for e in match.history] == ["draw", "draw"]
    press(app, pygame.K_s)
    assert last_of(match, 0) == "stop"


def test_two_humans_play_hotseat_to_a_win_with_the_keyboard(app):
    match = match_of([Seat("Anna"), Seat("Ben")], seed=21)
    start_table(app, match)
    for _ in range(600):
        if match.over:
            break
        view = match.view(match.current)
        if view["phase"] == "pirate":
            press(app, pygame.K_a)
            press(app, pygame.K_RETURN)
        elif view["phase"] == "turn":
            verbs = [a.verb for a in match.legal()]
            press(app, pygame.K_b if verbs.count("buy") == 1 else pygame.K_d if "draw" in verbs else pygame.K_p)
        else:
            can_draw = any(a.verb == "draw" for a in match.legal())
            press(app, pygame.K_d if can_draw and len(view["drawn"]) < 2 else pygame.K_s)
    assert match.over and match.game.winners(match.state)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=400)


def test_the_games_name_is_drawn_with_cyrillic_glyphs():
    pygame.font.init()
    name = load_config("pirataki").title
    assert "Пирататак" in name
    assert all(_has_glyph(ch) for ch in "Пирататак")
    assert TEXT.render(name, 20).get_width() > TEXT.render("Pirataki ()", 20).get_width()


@pytest.mark.parametrize("size,players", [((1920, 1080), 4), ((960, 600), 3), ((1280, 720), 2)])
def test_the_table_draws_at_other_window_sizes(size, players):
    a = App(size=size, settings=Settings(speed="instant"))
    try:
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "normal") for i in range(1, players)]
        match = match_of(seats, seed=5)
        table = start_table(a, match)
        step(a, 2)
        assert table.renderer.targets
        for t in table.renderer.targets:
            assert table.play_rect.contains(t.rect) or table.play_rect.colliderect(t.rect)
    finally:
        a.close()
