"""Pirataki at the table, headless, through the one table renderer: bots to the results, buying by a click on a
reserve card, choosing the cards a pirate takes and confirming, the action bar's keys, the cards moving from the
events, hover previews and tooltips, hotseat to a win, Cyrillic, other window sizes."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.games.pirataki.schema import kind_of
from piratetable.table.model import Pick
from piratetable.table.stage import MOVE
from piratetable.ui.app import App
from piratetable.ui.games.pirataki.painters import Painters
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings
from piratetable.ui.table.renderer import TableRenderer
from piratetable.ui.text import TEXT, has_glyph

from .helpers import click, click_element, press, run_until, start_table, step


def match_of(seats, seed=3, rig=()):
    """A Pirataki match; `rig` fixes the next cards drawn (the match's chance takes them first)."""
    match = Match(load_config("pirataki"), seats, seed)
    if rig:
        match.chance.rig["deck"] = list(rig)
    return match


def last_of(match, seat):
    """The last action `seat` played (a bot may already have moved after it)."""
    return str([e.action for e in match.history if e.seat == seat][-1])


def bar_button(table, text):
    """(enabled, button) of the visible action-bar button whose label contains `text`."""
    for (_group, label, enabled, _tip), btn in zip(table.action_bar.entries, table.action_bar.pool):
        if text in label:
            return enabled, btn
    raise AssertionError(f"no action button with {text!r}: {[b[1] for b in table.action_bar.entries]}")


def target(table, key):
    """The click target of the card `key` (a pile of gold or cannons: the target of the whole pile)."""
    for t in reversed(table.renderer.look.targets):
        if t.key == key:
            return t
    raise AssertionError(f"no click target for {key}: {[t.key for t in table.renderer.look.targets]}")


def pile_target(table, seat, kind):
    """The target of a seat's gold or cannon pile (its key is the card a click would choose next)."""
    zone = table.renderer.look.zones[f"reserve:{seat}"]
    for t in reversed(table.renderer.look.targets):
        if t.key.startswith(kind + "-") and zone.colliderect(t.rect):
            return t
    raise AssertionError(f"no {kind} pile in reserve:{seat}")


def chosen(table):
    return sorted(str(p.id) for p in table.renderer.selection.items())


def hover(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 3)


def test_the_pirataki_table_is_drawn_by_the_table_renderer_with_its_painters(app):
    table = start_table(app, match_of([Seat("Anna"), Seat("Bot", "easy")]))
    assert type(table) is TableScene and isinstance(table.renderer, TableRenderer)
    assert isinstance(table.renderer.painters, Painters)
    t = table.renderer.table
    assert t.seat_style == "panels" and [a.seat for a in t.seats] == [0, 1]
    look = table.renderer.look
    assert {"deck", "discard", "pirate", "odds", "ship:0", "reserve:0", "ship:1", "reserve:1"} <= set(look.zones)


def test_a_game_of_bots_plays_through_to_the_results_screen(app):
    match = match_of([Seat("Mary", "normal"), Seat("Anne", "easy"), Seat("Jack", "normal")], seed=11)
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    assert match.over and match.game.winners(match.state)
    assert len(match.log(None)) == len(match.history) > 10


def buy_match():
    """Anna builds red with three gold; Bot holds red-4 in his reserve."""
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["red-1", "gold-1", "gold-2", "gold-3", "red-4"])
    for action in ("draw", "draw", "draw", "draw", "stop", "draw", "stop"):
        match.play(action)
    assert match.current == 0 and "red-4" in match.view(0)["reserves"][1]
    return match


def test_clicking_a_card_of_my_colour_in_an_opponents_reserve_buys_it(app):
    match = buy_match()
    table = start_table(app, match)
    enabled, _btn = bar_button(table, "Buy red part 4 for 3 gold")
    assert enabled
    t = target(table, "red-4")
    assert table.renderer.look.zones["reserve:1"].contains(t.rect) and t.pick == Pick("card", "red-4")
    click(app, t.rect.center)
    assert last_of(match, 0) == "buy red-4"
    assert match.view(0)["ships"][0] == ["red-1", "red-4"]


def test_hovering_a_card_to_buy_shows_its_price_and_previews_the_gold_it_costs(app):
    table = start_table(app, buy_match())
    hover(app, target(table, "red-4").rect.center)
    assert table.renderer.look.hover == Pick("card", "red-4")
    assert table.renderer.look.previews == {"gold-1", "gold-2", "gold-3"}
    assert target(table, "red-4").tooltip == "Buy red part 4 for 3 gold"


def test_b_buys_the_one_part_that_can_be_bought(app):
    match = buy_match()
    start_table(app, match)
    press(app, pygame.K_b)
    assert last_of(match, 0) == "buy red-4"


def test_clicking_a_card_i_cannot_buy_explains_why(app):
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["red-1", "gold-1", "red-2"])
    for action in ("draw", "draw", "stop", "draw", "stop"):
        match.play(action)
    table = start_table(app, match)
    n = len(match.history)
    click(app, target(table, "red-2").rect.center)
    assert len(match.history) == n
    assert table.message is not None and table.message[0] == "A ship card costs 3 gold and you hold 1."


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
    enabled, _ = bar_button(table, "Give up the 3 chosen")
    assert not enabled
    click(app, pile_target(table, 0, "gold").rect.center)
    click(app, pile_target(table, 0, "gold").rect.center)      # each click on the pile takes one more
    click(app, target(table, "blue-2").rect.center)
    assert chosen(table) == ["blue-2", "gold-1", "gold-2"]
    enabled, button = bar_button(table, "Give up the 3 chosen")
    assert enabled
    click_element(app, button)
    assert last_of(match, 0) == "lose blue-2 gold-1 gold-2"
    assert match.view(0)["ships"][0] == ["red-1"] and match.view(0)["reserves"][0] == []


def test_a_chosen_card_is_unchosen_by_a_second_click_and_a_fourth_is_refused(app):
    match, table = pirate_table(app)
    ship = target(table, "red-1").rect.center
    assert table.renderer.look.zones["ship:0"].collidepoint(ship)
    click(app, ship)
    click(app, ship)
    assert chosen(table) == []
    click(app, pile_target(table, 0, "gold").rect.center)
    click(app, pile_target(table, 0, "gold").rect.center)
    click(app, ship)
    click(app, target(table, "blue-2").rect.center)
    assert chosen(table) == ["gold-1", "gold-2", "red-1"]
    assert table.message[0] == "3 cards are chosen already: click one again to unchoose it."
    click(app, pile_target(table, 0, "gold").rect.center)       # all chosen: a click on the pile gives one back
    assert chosen(table) == ["gold-1", "red-1"]


def test_enter_with_too_few_cards_chosen_says_what_to_do_and_plays_nothing(app):
    match, table = pirate_table(app)
    n = len(match.history)
    click(app, target(table, "blue-2").rect.center)
    press(app, pygame.K_RETURN)
    assert len(match.history) == n
    assert table.message is not None and table.message[0].startswith("Choose 3 of your cards to give up")


def test_a_suggests_the_cheapest_cards_gold_first_and_enter_gives_them_up(app):
    match, table = pirate_table(app)
    press(app, pygame.K_a)
    assert chosen(table) == ["blue-2", "gold-1", "gold-2"]
    press(app, pygame.K_RETURN)
    assert last_of(match, 0) == "lose blue-2 gold-1 gold-2"


def test_the_cheapest_button_gives_them_up_in_one_click(app):
    match, table = pirate_table(app)
    enabled, button = bar_button(table, "Give up the cheapest")
    assert enabled
    click_element(app, button)
    assert last_of(match, 0) == "lose blue-2 gold-1 gold-2"


def test_the_cannon_button_gives_up_a_cannon_instead(app):
    match, table = pirate_table(app, with_cannon=True)
    bar_button(table, "Use a cannon")
    press(app, pygame.K_c)
    assert last_of(match, 0) == "cannon"
    assert match.view(0)["reserves"][0] == ["gold-1", "gold-2", "blue-2"]


def test_during_a_pirate_a_click_on_the_deck_says_why_it_does_not_draw(app):
    match, table = pirate_table(app)
    n = len(match.history)
    click(app, table.renderer.look.zones["deck"].center)
    assert len(match.history) == n and table.message[0].startswith("Pay the pirate first")


def test_draw_and_stop_keys_and_a_click_on_the_deck(app):
    match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["gold-1", "gold-2"])
    table = start_table(app, match)
    press(app, pygame.K_d)
    assert str(match.history[-1].action) == "draw"
    click(app, table.renderer.look.zones["deck"].center)
    assert [str(e.action) for e in match.history] == ["draw", "draw"]
    press(app, pygame.K_s)
    assert last_of(match, 0) == "stop"


def test_a_missing_part_tells_where_it_lies(app):
    table = start_table(app, buy_match())
    ship = table.renderer.look.zones["ship:0"]
    tips = [t.tooltip for t in table.renderer.look.targets if ship.contains(t.rect) and not t.key]
    assert "Red part 4 is missing: it lies in Bot's reserve." in tips and len(tips) == 5


# --- the cards move from the events -------------------------------------------------------------------------------
def animated(size=(1280, 720)):
    a = App(size=size, settings=Settings(speed="normal"))
    step(a, 2)
    return a


def moves_after(app, table, key):
    """Press `key`, step one frame; the moves of the renderer's stages (key, card, from, to)."""
    press(app, key, frames=1)
    return [m for st in table.renderer.stages if st.kind == MOVE for m in st.moves]


def test_a_draw_slides_from_the_deck_into_the_ship_and_lands_glowing():
    a = animated()
    try:
        match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["red-1", "gold-1"])
        table = start_table(a, match)
        deck = pygame.Rect(table.renderer.look.zones["deck"])
        assert moves_after(a, table, pygame.K_d) == [("red-1", "red-1", "deck", "ship:0")]
        step(a, 2)
        assert table.renderer.look.flying == {"red-1"}
        assert table.renderer._src["red-1"][0] == deck
        assert table.renderer.look.zones["ship:0"].contains(table.renderer.look.cards["red-1"][0])
        run_until(a, lambda: not table.renderer.busy(), frames=300)
        step(a, 1)
        assert table.renderer.look.fresh.get("red-1", 0) > 0
        assert moves_after(a, table, pygame.K_d) == [("gold-1", "gold-1", "deck", "reserve:0")]
    finally:
        a.close()


def test_a_buy_slides_from_the_sellers_reserve_into_the_buyers_ship():
    a = animated()
    try:
        table = start_table(a, buy_match())
        moves = moves_after(a, table, pygame.K_b)
        assert ("red-4", "red-4", "reserve:1", "ship:0") in moves
        assert ("gold-1", "gold-1", "reserve:0", "reserve:1") in moves
        while table.renderer.stages and table.renderer.stages[0].moves[0][0] != "red-4":
            step(a, 1)
        step(a, 2)
        assert table.renderer.look.zones["reserve:1"].contains(table.renderer._src["red-4"][0])   # the gold came first
        assert table.renderer.look.zones["ship:0"].contains(table.renderer.look.cards["red-4"][0])
    finally:
        a.close()


def test_a_loss_slides_into_the_discard_pile():
    a = animated()
    try:
        match, table = pirate_table(a)
        press(a, pygame.K_a)
        moves = moves_after(a, table, pygame.K_RETURN)
        assert moves == [("blue-2", "blue-2", "reserve:0", "discard"), ("gold-1", "gold-1", "reserve:0", "discard"),
                         ("gold-2", "gold-2", "reserve:0", "discard"), ("pirate-1", "pirate-1", "pirate", "discard")]
        step(a, 2)
        r = table.renderer
        assert r.look.flying == {"blue-2", "gold-1", "gold-2"}
        assert all(r.look.zones["reserve:0"].contains(r._src[k][0]) for k in r.look.flying)
        while r.stages and r.stages[0].moves[0][0] != "pirate-1":
            step(a, 1)
        step(a, 2)
        assert r.look.flying == {"pirate-1"} and r.look.zones["pirate"].contains(r._src["pirate-1"][0])
    finally:
        a.close()


def test_every_frame_of_a_draw_that_claims_a_colour_shows_one_table(drawn, monkeypatch):
    """Frame by frame, while the draw that claims red is shown: the seat's line ("no colour yet — drew 1" or
    "red ship — drew 2"), the ship as painted (without a colour, or red) and the cards drawn this turn all tell
    the same table — the old one while the card flies, or the new one — never the old line beside a red ship."""
    import re
    painted = []
    real = Painters._ship

    def ship(self, s, zone, rect, look, ex):
        if zone.id == "ship:0":
            painted.append(ex.colour or next((kind_of(c.card) for c in zone.cards if c.card), ""))   # as painted
        return real(self, s, zone, rect, look, ex)

    monkeypatch.setattr(Painters, "_ship", ship)
    a = animated()
    try:
        match = match_of([Seat("Anna"), Seat("Bot", "easy")], rig=["gold-1", "red-1"])
        table = start_table(a, match)
        press(a, pygame.K_d)                                  # gold: to the reserve, no colour yet
        run_until(a, lambda: not table.renderer.busy(), frames=300)
        step(a, 2)
        press(a, pygame.K_d, frames=0)                        # red part 1: the ship is red
        frames = 0
        while True:
            drawn.clear()
            painted.clear()
            a.dirty = True
            step(a, 1)
            frames += 1
            line = next(t for t in drawn if "drew" in t and ("ship" in t or "colour" in t))
            title = next(t for t in drawn if re.search(r"drew \d+ cards?$", t))
            colour = "red" if line.startswith("Red ship") else ("" if line.startswith("no colour yet") else "?")
            assert painted == [colour], (frames, line, painted)
            assert re.search(r"drew (\d+)", line).group(1) == re.search(r"drew (\d+)", title).group(1), \
                (frames, line, title)
            if not table.renderer.busy():    # this frame showed the new table at rest
                break
        assert frames > 60 and colour == "red" and "drew 2" in line   # the stages were drawn, to the new table
    finally:
        a.close()


# --- whole games, text, sizes ---------------------------------------------------------------------------------------
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
    assert all(has_glyph("latin", ch) for ch in "Пирататак")
    assert TEXT.render(name, 20).get_width() > TEXT.render("Pirataki ()", 20).get_width()


@pytest.mark.parametrize("size,players", [((1920, 1080), 4), ((960, 600), 3), ((1280, 720), 2)])
def test_the_table_draws_at_other_window_sizes(size, players):
    a = App(size=size, settings=Settings(speed="instant"))
    try:
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "normal") for i in range(1, players)]
        match = match_of(seats, seed=5)
        for _ in range(12):
            if match.current != 0:
                break
            match.play("draw")
        table = start_table(a, match)
        step(a, 2)
        look = table.renderer.look
        view = match.view(0)
        assert look.targets and set(look.cards) >= {c for pile in view["ships"] + view["reserves"] for c in pile}
        for t in look.targets:
            assert table.play_rect.contains(t.rect), t
        for seat in range(players):
            panel = table.renderer._placement.seats[seat][1]
            assert panel.contains(look.zones[f"ship:{seat}"]) and panel.contains(look.zones[f"reserve:{seat}"])
    finally:
        a.close()
