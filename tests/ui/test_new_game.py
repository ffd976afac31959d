"""The new-game screen: 12 seats fit at 960×600 (a scrolling list), two columns where there is room, and the
whole set-up works from the keyboard alone."""
from __future__ import annotations

import pygame
import pytest

from piratetable.ui.app import App
from piratetable.ui.scenes.new_game import BOT_NAMES, NewGameScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings

from .helpers import press, step


def open_new_game(app, game="petrangola", n=12):
    app.last_setup = {"game": game, "seats": [{"name": f"Seat {i + 1}", "kind": "human" if i == 0 else "easy"}
                                              for i in range(n)]}
    app.push(NewGameScene(app))
    step(app, 3)
    assert isinstance(app.top, NewGameScene)
    return app.top


def shift_tab(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                         scancode=0))
    step(app, 2)


@pytest.mark.parametrize("size,columns", [((960, 600), 1), ((1280, 720), 2), ((1920, 1080), 1)])
def test_twelve_seats_fit_every_window(size, columns, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_new_game(app)
        window = pygame.Rect((0, 0), size)
        assert len(scene.name_entries) == 12 and scene.seat_columns == columns
        for el in [scene.start, scene.back, scene.seed_entry, scene.add_button, scene.guide_button, scene.reload]:
            assert window.contains(el.rect) and not el.rect.colliderect(scene.seat_area), el
        assert scene.seed_entry.rect.bottom <= scene.start.rect.top
        if scene.seat_scrolls:   # the list scrolls inside its area
            assert scene.seat_list.vert_scroll_bar is not None
    finally:
        app.close()


def test_the_set_up_works_from_the_keyboard_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(960, 600), settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_new_game(app, "piratz", 2)
        assert scene.focus_items[scene.focus][0] == "start"            # Enter starts; Tab goes round
        press(app, pygame.K_TAB)
        assert app.top.focus_items[app.top.focus][0] == "games"
        press(app, pygame.K_RIGHT)                                     # the next game
        scene = app.top
        assert scene.game.id == "pirataki" and scene.focus_items[scene.focus][0] == "games"
        press(app, pygame.K_LEFT)
        scene = app.top
        assert scene.game.id == "piratz"
        press(app, pygame.K_TAB)                                       # the variants
        press(app, pygame.K_TAB)                                       # seat 1's name: typing goes there
        scene = app.top
        assert scene.focus_items[scene.focus] == ("name", scene.name_entries[0])
        assert app.text_entry_focused()
        press(app, pygame.K_TAB)                                       # seat 1's kind
        scene = app.top
        assert scene.focus_items[scene.focus] == ("kind", scene.kind_buttons[0]) and not app.text_entry_focused()
        press(app, pygame.K_RIGHT)                                     # human -> easy bot
        scene = app.top
        assert scene.seats[0]["kind"] == "easy" and scene.focus_items[scene.focus][0] == "kind"
        press(app, pygame.K_LEFT)                                      # and back to a person
        assert app.top.seats[0]["kind"] == "human"
        shift_tab(app)
        assert app.top.focus_items[app.top.focus][0] == "name"
        press(app, pygame.K_TAB)
        press(app, pygame.K_TAB)                                       # seat 1's × is disabled with 2 seats
        scene = app.top
        assert scene.focus_items[scene.focus] == ("name", scene.name_entries[1])
        for _ in range(2):
            press(app, pygame.K_DOWN)                                  # kind 2, then Add (× 2 is disabled)
        scene = app.top
        assert scene.focus_items[scene.focus][0] == "add"
        press(app, pygame.K_SPACE)                                     # Space presses it: a third seat
        scene = app.top
        assert len(scene.seats) == 3
        press(app, pygame.K_RETURN)                                    # Enter starts the game
        step(app, 3)
        assert isinstance(app.top, TableScene) and len(app.top.match.seats) == 3
    finally:
        app.close()


def test_the_focus_scrolls_a_long_seat_list(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(960, 600), settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_new_game(app)
        assert scene.seat_scrolls
        for _ in range(3 + 3 * 11):                                     # down to seat 12's name
            press(app, pygame.K_TAB, frames=1)
        scene = app.top
        kind, el = scene.focus_items[scene.focus]
        assert (kind, el) == ("name", scene.name_entries[11])
        step(app, 2)
        assert scene.seat_area.contains(scene.name_entries[11].rect)  # scrolled into view
        assert scene.seat_list.vert_scroll_bar.start_percentage > 0.3
    finally:
        app.close()


def key_a(app):
    """The A key as the OS sends it: the key, and the text it types where a text field takes it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    step(app, 2)


def test_a_shortcut_never_types_into_a_name_field(tmp_path, monkeypatch):
    """A adds a seat and again A adds another: the focus goes to the new seat's kind, never into its name field,
    where the next A would type "a" ("Blackbeardaaa"). Removing a seat does not put the focus in a name either."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_new_game(app, "petrangola", 3)
        names = [s["name"] for s in scene.seats]
        for _ in range(3):
            key_a(app)
        scene = app.top
        assert [e.get_text() for e in scene.name_entries] == [s["name"] for s in scene.seats]
        assert all(s["name"] in BOT_NAMES for s in scene.seats[3:])        # no "a" typed into any of them
        assert len(scene.seats) == 6 and [s["name"] for s in scene.seats][:3] == names
        assert not app.text_entry_focused() and scene.focus_items[scene.focus] == ("kind", scene.kind_buttons[-1])
        press(app, pygame.K_TAB, unicode="\t")
        key_a(app)                                                 # the focus on × 6: A still adds
        scene = app.top
        assert len(scene.seats) == 7 and not app.text_entry_focused()
        from pygame_gui import UI_BUTTON_PRESSED
        pygame.event.post(pygame.event.Event(UI_BUTTON_PRESSED, ui_element=scene.remove_buttons[-1]))
        step(app, 2)
        scene = app.top
        assert len(scene.seats) == 6 and not app.text_entry_focused()
        key_a(app)
        assert len(app.top.seats) == 7
    finally:
        app.close()


def test_the_focus_ring_is_not_drawn_under_a_question(tmp_path, monkeypatch):
    """Found playing: "Replace the unfinished game?" over the new-game screen hides its buttons but left the gold
    focus ring of Start (or of a seat's kind) drawn, an empty frame under the veil. The ring is the top scene's."""
    from piratetable.ui import palette as P
    from piratetable.ui.scenes.message import MessageScene
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed="instant"))
    try:
        step(app, 2)
        scene = open_new_game(app, n=3)
        ring = scene.focus_ring.rect().inflate(6, 6)
        drawn: list = []
        real = pygame.draw.rect

        def spy(surface, colour, rect, *args, **kw):
            if tuple(colour)[:3] == tuple(P.GOLD_LIGHT)[:3] and pygame.Rect(rect) == ring:
                drawn.append(rect)
            return real(surface, colour, rect, *args, **kw)
        monkeypatch.setattr(pygame.draw, "rect", spy)
        scene.draw(app.screen)
        assert drawn, "the ring is drawn while the new-game screen is on top"
        drawn.clear()
        app.push(MessageScene(app, "Replace the unfinished game?", "…", [("new", "Start the new game"),
                                                                           ("keep", "Keep it")]))
        step(app, 2)
        app.draw()
        assert drawn == []
    finally:
        app.close()


@pytest.mark.parametrize("size,scale", [((960, 600), 1.0), ((960, 600), 1.5), ((1280, 720), 1.5)])
def test_a_focused_seat_shows_whole_and_its_ring_stays_in_the_list(size, scale, tmp_path, monkeypatch):
    """Found playing: after seats were removed the focus ring covered the list's headings ("Name", "Human or
    bot"), and at 960×600 with text at 150 % (about 1.5 rows shown) a focused seat was scrolled half out of view.
    Seats removed from the top and from the bottom, then Tab through every seat control: the control is wholly
    in the list and its ring drawn inside it (whole at the top of the list)."""
    from pygame_gui import UI_BUTTON_PRESSED
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant", ui_scale=scale))
    try:
        step(app, 2)
        open_new_game(app)
        for which in (0, -1, 0):
            pygame.event.post(pygame.event.Event(UI_BUTTON_PRESSED, ui_element=app.top.remove_buttons[which]))
            step(app, 3)
            scene = app.top
            assert scene.seat_scrolls
            seen = 0
            for _ in range(len(scene.focus_items)):
                kind, el = scene.focus_items[scene.focus]
                if kind in ("name", "kind", "remove"):
                    seen += 1
                    app.draw()
                    where = (which, kind, scene.focus)
                    assert scene.seat_area.contains(el.rect), where
                    assert scene.ring_drawn is not None and scene.seat_area.contains(scene.ring_drawn), where
                    assert scene.ring_drawn == el.rect.inflate(6, 6).clip(scene.seat_area), where
                    if scene.seat_list.vert_scroll_bar.start_percentage == 0:
                        assert scene.ring_drawn == el.rect.inflate(6, 6), where     # whole at the top
                press(app, pygame.K_TAB, frames=2)
                scene = app.top
            assert seen == 3 * len(scene.seats)
    finally:
        app.close()


def test_a_bot_made_human_loses_the_bot_name_the_form_gave_it(tmp_path, monkeypatch):
    """Found playing: a set-up made in Russian came back in Korean with bots named "Бот 10"; made human, the seat
    kept "Бот 10", and the hotseat curtain said "Pass to Бот 10". A name the form gave a bot ("Bot 7", in any
    language) becomes a player's ("Player 2") when the seat turns human, as a pirate's name always did; a typed
    name stays."""
    from piratetable import i18n
    from piratetable.ui.setup_form import SetupForm
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    i18n.set_language("ru")
    try:
        bot = i18n._("Bot {n}").format(n=10)
    finally:
        i18n.set_language("ko")
    try:
        form = SetupForm({"game": "petrangola", "seats": [{"name": "Player 1", "kind": "human"},
                                                          {"name": bot, "kind": "normal"},
                                                          {"name": "Bot 11", "kind": "normal"},
                                                          {"name": "Long John", "kind": "normal"}]})
        for i in (1, 2, 3):
            while form.seats[i]["kind"] != "human":
                form.cycle_kind(i)
        names = [s["name"] for s in form.seats]
        assert bot == "Бот 10" and names[1] != bot and names[2] != "Bot 11", names
        assert names[1].endswith("2") and names[2].endswith("3") and names[3] == "Long John", names
    finally:
        i18n.set_language("en")


def test_a_remembered_set_up_says_the_forms_names_in_the_language_of_the_screen(tmp_path, monkeypatch):
    """Found playing: a set-up started in English came back in the Korean screen as "Player 1". The names the
    form gave ("Player {n}", "Bot {n}", in any of the program's languages) are said in the current language; a
    typed name and a pirate's name stay as they are."""
    from piratetable import i18n
    from piratetable.ui.setup_form import SetupForm
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    i18n.set_language("ru")
    try:
        player, bot = i18n._("Player {n}").format(n=1), i18n._("Bot {n}").format(n=10)
    finally:
        i18n.set_language("ko")
    try:
        form = SetupForm({"game": "petrangola", "seats": [{"name": player, "kind": "human"},
                                                          {"name": "Player 2", "kind": "human"},
                                                          {"name": bot, "kind": "normal"},
                                                          {"name": "Long John", "kind": "normal"},
                                                          {"name": "Player 2b", "kind": "human"}]})
        names = [s["name"] for s in form.seats]
        assert player == "Игрок 1" and bot == "Бот 10"
        assert names == [i18n._("Player {n}").format(n=1), i18n._("Player {n}").format(n=2),
                         i18n._("Bot {n}").format(n=10), "Long John", "Player 2b"], names
        assert names[0] != player and names[0] != "Player 1", names
    finally:
        i18n.set_language("en")
