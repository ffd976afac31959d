"""Petrangola's Italian cards as Italian players know them: corner indices as Italian decks print them (numerals, 1
for the ace, the figures' initials in the language shown, never the card ids' English letters), suit pips at every
card size (never a count in writing), and the hand drawn in the game's order with a click picking the card drawn."""
from __future__ import annotations

import pygame
import pytest

from piratetable import i18n
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import sprites
from piratetable.ui.games.petrangola import art as PA
from piratetable.ui.games.petrangola.painters import Painters

SIZES = [(16, 23), (20, 29), (26, 38), (34, 49), (43, 62), (50, 72), (59, 86), (80, 116), (110, 160)]


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@pytest.fixture
def game():
    return Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 1).game


@pytest.fixture
def language():
    def use(code):
        i18n.set_language(code)
        sprites.clear()
    yield use
    i18n.set_language("en")
    sprites.clear()


@pytest.mark.parametrize("code, figures", [("it", ["1", "R", "C", "F"]), ("en", ["1", "R", "C", "F"]),
                                           ("ru", ["1", "Кр", "Кн", "В"]), ("ko", ["1", "레", "카", "판"])])
def test_corner_indices_are_numerals_and_the_figures_initials_in_the_language_shown(game, language, drawn, code,
                                                                                    figures):
    language(code)
    painters = Painters(game)
    deck = game.deck
    for rank, corner in zip(deck.ranks, figures + [r.id for r in deck.ranks[4:]]):
        drawn.clear()
        painters.card_face(rank.id + "C", (80, 116))
        assert corner in drawn, (rank.name, drawn)
        assert not {"A", "K", "H", "J"} & set(drawn), (rank.name, drawn)   # the card ids' letters


def test_figures_that_start_alike_get_the_letter_that_tells_them_apart(game, language):
    language("ru")                   # Король and Конь
    words = game.words()
    corners = [words.corner(r.id + "D") for r in game.deck.ranks]
    assert len(set(corners)) == len(corners)


def _suit_pixels(surf: pygame.Surface, rect: pygame.Rect, icon: str) -> int:
    light, dark = PA.SUIT_COLOURS[icon]
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surf.get_at((x, y))[:3]
            if any(sum(abs(a - b) for a, b in zip(c, ref)) < 60 for ref in (light, dark)):
                n += 1
    return n


@pytest.mark.parametrize("size", SIZES)
def test_number_cards_show_suit_pips_at_every_size_and_never_a_written_count(game, drawn, size):
    sprites.clear()
    painters = Painters(game)
    w, h = size
    middle = pygame.Rect(int(w * 0.3), int(h * 0.3), w - 2 * int(w * 0.3), h - 2 * int(h * 0.3))
    for rank in game.deck.ranks[4:]:                     # 7 … 2
        for suit in game.deck.suits:
            drawn.clear()
            face = painters.card_face(rank.id + suit.id, size)
            assert not any("×" in t for t in drawn), (rank.id, suit.id, size, drawn)
            assert _suit_pixels(face, middle, suit.icon) > 0, (rank.id, suit.id, size)
    # more pips, more suit colour in the middle: the 7 is not drawn as the 2
    seven = painters.card_face("7D", size)
    two = painters.card_face("2D", size)
    whole = pygame.Rect(0, 0, w, h)
    assert _suit_pixels(seven, whole, "coins") > _suit_pixels(two, whole, "coins")


def _unsorted_swap_turn(app):
    """A swap turn of Anna's whose dealt hand is not in the game's order (seed searched once: 6 deals one)."""
    from piratetable.games.petrangola.table import in_order

    from .test_petrangola_table import my_swap_turn
    match, table = my_swap_turn(app)
    hand = table.view["hands"][0]
    assert list(hand) != sorted(hand, key=lambda c: in_order(match.game, c))    # the model's order is not sorted
    return match, table


def test_the_hand_is_drawn_in_the_games_order_and_a_click_picks_the_card_drawn(app):
    from piratetable.games.petrangola.table import in_order

    from .helpers import click, press
    match, table = _unsorted_swap_turn(app)
    deck = match.game.deck
    look = table.renderer.look
    mine = [t for t in look.targets if t.pick is not None and t.pick.kind == "hand"]
    drawn_order = [t.pick.id for t in sorted(mine, key=lambda t: t.rect.x)]
    assert drawn_order == sorted(table.view["hands"][0], key=lambda c: in_order(match.game, c))
    suits = [deck.suit_of[c] for c in drawn_order]
    assert suits == sorted(suits)                                   # suit by suit, each high to low
    leftmost = min(mine, key=lambda t: t.rect.x)
    click(app, leftmost.rect.center)
    assert table.renderer.selection.pending == leftmost.pick        # the click picks the card drawn there
    press(app, pygame.K_c)
    press(app, pygame.K_1)                                          # the key 1: the first card drawn
    assert table.renderer.selection.pending == leftmost.pick
