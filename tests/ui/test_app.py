"""The desktop app, headless (SDL dummy driver set in tests/conftest.py): scenes, clicks, bots, saves."""
from __future__ import annotations

import json

import pygame
import pytest

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine import registry
from piratetable.engine.match import Match, Seat
from piratetable.table.model import Pick
from piratetable.ui.app import App, run
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.guide import GuideScene
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.new_game import NewGameScene
from piratetable.ui.scenes.pause import PauseScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.rules import RulesScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.settings import Settings, load_settings

from .helpers import click, click_element, open_new_game, press, run_until, start_table, step
from .hidden_game import SECRETS_CONFIG, SeatedSecrets, Secrets

pk_rules = pytest.importorskip("piratetable.games.piraten_kapern.rules")


def pk_match(seats, seed=7):
    return Match(load_config("piraten_kapern"), seats, seed)


def bar_button(table, text):
    """The visible action-bar button whose label contains `text`."""
    for (_group, label, _enabled, _tip), btn in zip(table.action_bar.entries, table.action_bar.pool):
        if text in label:
            return btn
    raise AssertionError(f"no action button with {text!r}: {[b[1] for b in table.action_bar.entries]}")


def die_at(table, p):
    """Where die `p` is drawn now (in the tray or on an island)."""
    return table.renderer.look.dice[p].center


def test_smoke_run_returns_zero_after_the_given_frames():
    assert run(smoke_frames=5) == 0


def test_title_new_game_button_opens_the_new_game_screen_with_the_registered_games(app):
    assert isinstance(app.top, TitleScene)
    click_element(app, app.top.buttons["new"])
    assert isinstance(app.top, NewGameScene)
    names = [g.name for g in app.top.games]
    assert "Piraten Kapern" in names


def test_esc_on_the_title_asks_before_quitting(app):
    """Everywhere else Esc is Back: two presses from New game must not close the app. On the title Esc asks;
    Esc again stays, Enter quits; Q (the Quit button's key) quits at once."""
    click_element(app, app.top.buttons["new"])
    assert isinstance(app.top, NewGameScene)
    press(app, pygame.K_ESCAPE)                      # back from New game
    assert isinstance(app.top, TitleScene) and app.running
    press(app, pygame.K_ESCAPE)                      # a second Esc: the question
    assert isinstance(app.top, MessageScene) and app.running and app.top.title == "Quit PirateTable?"
    assert app.top.default == "quit" and isinstance(app.stack[-2], TitleScene)
    press(app, pygame.K_ESCAPE)                      # a third: stay
    assert isinstance(app.top, TitleScene) and app.running
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)                      # Enter: quit
    assert not app.running and app.exit_status == 0


def test_q_on_the_title_quits_at_once(app):
    press(app, pygame.K_q)
    assert not app.running


def test_new_game_screen_starts_a_piraten_kapern_table_with_the_chosen_seats(app):
    click_element(app, app.top.buttons["new"])
    scene = app.top
    pk = [i for i, g in enumerate(scene.games) if g.id == "piraten_kapern"][0]
    click_element(app, scene.game_buttons[pk])
    scene = app.top
    assert scene.game.id == "piraten_kapern"
    click_element(app, scene.add_button)          # a third seat (a bot by default)
    click_element(app, scene.kind_buttons[1])     # seat 2: the next kind after "normal"
    click_element(app, scene.name_entries[0])    # type a name: the field takes the keyboard focus
    scene.name_entries[0].set_text("Anna")
    step(app, 1)
    click_element(app, scene.start)
    assert isinstance(app.top, TableScene)
    match = app.top.match
    assert len(match.seats) == 3 and match.seats[0].human and not match.seats[2].human
    press(app, pygame.K_SPACE)                    # the shortcut works at once: no stale focus swallows it
    assert match.history and match.history[0].action == "roll"


def test_a_game_of_bots_plays_through_to_the_results_screen_at_instant_speed(app):
    match = pk_match([Seat("Blackbeard", "normal"), Seat("Mary", "easy"), Seat("Anne", "normal")])
    start_table(app, match)
    run_until(app, lambda: isinstance(app.top, ResultsScene), frames=4000)
    assert match.over and match.game.winners(match.state)
    assert len(match.log(None)) == len(match.history) > 10


def test_clicking_dice_selects_them_and_the_reroll_button_plays_exactly_those_positions(app):
    match = pk_match([Seat("Anna"), Seat("Bot", "easy")], seed=3)
    table = start_table(app, match)
    click_element(app, bar_button(table, "Roll all"))
    assert match.history[-1].action == "roll"
    step(app, 2)
    view = table.view
    if view["phase"] != "choose" or len(view["rollable"]) < 2:
        pytest.skip("this seed does not leave two dice to re-roll")
    first, second = view["rollable"][:2]
    click(app, die_at(table, first))
    click(app, die_at(table, second))
    assert table.renderer.selection.items() == {Pick("die", first), Pick("die", second)}
    click_element(app, bar_button(table, "Re-roll 2 chosen"))
    assert match.history[1].seat == 0 and match.history[1].action == f"reroll {first} {second}"


def test_an_illegal_selection_explains_the_rule_instead_of_playing(app):
    # seed chosen so that the first roll shows a skull and the trip goes on
    for seed in range(1, 60):
        match = pk_match([Seat("Anna"), Seat("Bot", "easy")], seed=seed)
        match.play("roll")
        v = match.view(0)
        if v["phase"] == "choose" and v["skull_positions"] and v["rollable"]:
            break
    else:
        pytest.skip("no seed with a skull and a live trip")
    table = start_table(app, match)
    skull = table.view["skull_positions"][0]
    other = table.view["rollable"][0]
    click(app, die_at(table, skull))
    click(app, die_at(table, other))
    before = len(match.history)
    press(app, pygame.K_r)
    assert len(match.history) == before
    assert table.message is not None and "skull" in table.message[0] and table.message[1] is True


def test_keyboard_shortcuts_roll_and_stop(app):
    match = pk_match([Seat("Anna"), Seat("Bot", "easy")], seed=5)
    table = start_table(app, match)
    press(app, pygame.K_SPACE)
    assert match.history[-1].action == "roll"
    if table.view.get("phase") == "choose" and match.current == 0:
        press(app, pygame.K_s)
        assert match.history[1].action == "stop" and match.history[1].seat == 0


def test_every_action_is_autosaved_and_resume_brings_the_game_back(app, piratetable_home):
    match = pk_match([Seat("Anna"), Seat("Bo")], seed=9)
    start_table(app, match)
    press(app, pygame.K_SPACE)
    from piratetable.ui.saves import AUTOSAVER
    assert AUTOSAVER.flush()
    saved = json.loads((piratetable_home / "saves" / "autosave.json").read_text())
    assert saved["actions"] == [e.action for e in match.history] and saved["over"] is False
    app.reset_to(TitleScene(app))
    step(app, 2)
    title = app.top
    assert title.buttons["resume"].is_enabled
    press(app, pygame.K_r)
    assert isinstance(app.top, TableScene)
    assert [e.action for e in app.top.match.history] == [e.action for e in match.history]


def test_resume_of_a_broken_autosave_shows_a_message_not_a_traceback(app, piratetable_home):
    (piratetable_home / "saves").mkdir()
    (piratetable_home / "saves" / "autosave.json").write_text("{not json", encoding="utf-8")
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_r)
    assert isinstance(app.top, MessageScene)
    assert "autosave.json" in app.top.text and "JSON" in app.top.text


def test_resume_is_disabled_when_the_autosaved_game_is_finished(app, piratetable_home):
    (piratetable_home / "saves").mkdir()
    (piratetable_home / "saves" / "autosave.json").write_text(json.dumps({"over": True}), encoding="utf-8")
    app.reset_to(TitleScene(app))
    step(app, 2)
    assert not app.top.buttons["resume"].is_enabled


def test_a_bad_settings_file_gives_defaults_and_a_message(piratetable_home):
    (piratetable_home / "settings.json").write_text('{"speed": "warp", "fullscreen": 3}', encoding="utf-8")
    settings, problem = load_settings()
    assert settings == Settings() and "speed" in problem and "fullscreen" in problem
    (piratetable_home / "settings.json").write_text("]]", encoding="utf-8")
    a = App()
    try:
        step(a, 2)
        assert isinstance(a.top, MessageScene) and "settings" in a.top.text
        assert a.settings.speed == "normal"
    finally:
        a.close()


def test_settings_changes_are_saved(app, piratetable_home):
    from piratetable.ui.scenes.settings import SettingsScene
    app.push(SettingsScene(app))
    step(app, 2)
    click_element(app, app.top.speed_buttons["fast"])
    assert json.loads((piratetable_home / "settings.json").read_text())["speed"] == "fast"


def test_pause_menu_undo_shows_why_it_is_refused(app):
    match = pk_match([Seat("Anna"), Seat("Bo")], seed=4)
    table = start_table(app, match)
    press(app, pygame.K_SPACE)   # the roll revealed dice: chance decided after it
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    expected = "chance" if match.current == 0 else "another seat"
    undo = app.top.buttons["undo"]
    assert not undo.is_enabled                         # refused before it is tried: disabled, and why
    assert app.disabled_button_at(undo.rect.center) is undo and expected in undo.tool_tip_text
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 45)                                      # resting on it: the reason shows
    assert app._tip == (undo, None)
    text, refused = app.top.note
    assert refused and text.startswith("Cannot undo") and expected in text
    app.top.note = None
    press(app, pygame.K_u)                             # the key still answers with the reason
    text, refused = app.top.note
    assert refused and expected in text and match.moves
    press(app, pygame.K_ESCAPE)
    assert app.top is table


def test_pause_menu_saves_under_a_name(app, piratetable_home):
    match = pk_match([Seat("Anna"), Seat("Bo")], seed=4)
    start_table(app, match)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)
    dialog = app.top
    dialog.entry.set_text("my game")
    step(app, 1)
    click_element(app, dialog.ok)
    assert (piratetable_home / "saves" / "my game.json").is_file()
    assert isinstance(app.top, PauseScene) and "my game.json" in app.top.note[0]


def test_rules_screen_renders_the_rules_text_and_scrolls(app):
    press(app, pygame.K_h)                 # the title opens How to play; the detailed rules are one key further
    assert isinstance(app.top, GuideScene)
    press(app, pygame.K_r)
    scene = app.top
    assert isinstance(scene, RulesScene)
    step(app, 2)
    assert scene.doc_height > scene.page.height
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0


def test_a_broken_user_config_is_listed_with_its_error(app, piratetable_home):
    folder = piratetable_home / "configs"
    folder.mkdir()
    text = (load_config("piraten_kapern").text.replace("target: 8000", "target: lots"))
    (folder / "piraten_kapern_mine.yaml").write_text(text, encoding="utf-8")
    scene = open_new_game(app)
    broken = [v for v in scene.variants if v.user and v.error]
    assert broken and "target" in broken[0].error


def test_bots_think_off_the_ui_thread_and_the_seat_shows_thinking():
    a = App(settings=Settings(speed="normal"))
    try:
        match = pk_match([Seat("Bot A", "normal"), Seat("Bot B", "easy")])
        table = start_table(a, match)
        step(a, 2)
        assert table.renderer.thinking == 0 and table.driver.future is not None
        run_until(a, lambda: len(match.history) >= 1, frames=600)
        assert match.history[0].seat == 0
    finally:
        a.close()


@pytest.fixture
def secrets_registered(monkeypatch):
    monkeypatch.setitem(registry._cache, "secrets", Secrets)
    return load_config_text(SECRETS_CONFIG, "secrets.yaml")


def test_the_curtain_hides_the_table_between_two_humans_in_a_hidden_information_game(app, secrets_registered):
    match = Match(secrets_registered, [Seat("Ann"), Seat("Ben")], seed=1)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Ann" and app.top.opaque
    table = app.stack[-2]
    assert table.driver.awaiting_curtain
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 0
    press(app, pygame.K_1)   # a game without a table of its own: digits press its action buttons
    assert len(match.history) == 1
    step(app, 2)
    # Ann first sees what her move did — as everybody may see it: her own cards are no longer in what the
    # screen shows — then passes the screen on
    assert app.top is table and table.driver.handing_to == 1 and table.renderer.table.viewer == 0
    assert table.view["my_hand"] == [] and table.view["hands"][0] == len(match.state.hands[0])
    assert [b[1] for b in table.action_bar.entries] == ["Pass the screen to Ben  [Enter]"] and not table.my_turn
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Ben"
    assert table.renderer.table.viewer == 0      # Ben's table is built only once he is at the screen
    click(app, (10, 10))
    assert app.top is table
    assert table.view["seat"] == 1 and table.view["my_hand"] == match.view(1)["my_hand"]
    assert table.renderer.table.viewer == 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_curtains_button_sits_inside_its_dialog(size, tmp_path, monkeypatch):
    """At every window and text size, with a short or a long name: the button inside the dialog with room around
    it, the dialog inside the window, the name whole in the title."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    a = App(size=size, settings=Settings(speed="instant"))
    try:
        for scale in (0.85, 1.0, 1.5):
            a.set_ui_scale(scale)
            for name in ("Bo", "Bartholomew Roberts Jr"):
                a.reset_to(CurtainScene(a, name))
                step(a, 2)
                curtain = a.top
                room = round(12 * scale)
                assert curtain.box.inflate(-2 * room, -2 * room).contains(curtain.ready.rect), (scale, name)
                assert pygame.Rect((0, 0), size).contains(curtain.box)
                assert name in curtain.title and curtain.ready.rect.top >= curtain.sub_y + len(curtain.sub) * 20
    finally:
        a.close()


def test_a_game_with_no_view_for_a_spectator_raises_the_curtain_as_soon_as_the_move_is_played(app, monkeypatch):
    """Where the table cannot be shown as everybody may see it, the mover's cards do not stay on the screen: the
    curtain for the next person rises at once."""
    monkeypatch.setitem(registry._cache, "secrets", SeatedSecrets)
    match = Match(load_config_text(SECRETS_CONFIG, "secrets.yaml"), [Seat("Ann"), Seat("Ben")], seed=1)
    app.reset_to(TableScene(app, match))
    step(app, 3)
    table = app.stack[-2]
    press(app, pygame.K_RETURN)
    assert app.top is table and table.view["seat"] == 0
    press(app, pygame.K_1, frames=1)
    assert len(match.history) == 1 and table.driver.handing_to is None and table.driver.awaiting_curtain
    step(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.name == "Ben"


def test_no_curtain_with_one_human_and_a_bot_in_a_hidden_information_game(app, secrets_registered):
    match = Match(secrets_registered, [Seat("Ann"), Seat("Bot", "easy")], seed=1)
    table = start_table(app, match)
    press(app, pygame.K_1)
    run_until(app, lambda: len(match.history) >= 2, frames=300)
    assert app.top is table and table.screen_seat == 0


def test_a_game_without_a_table_of_its_own_gets_one_button_per_legal_action(app, secrets_registered):
    match = Match(secrets_registered, [Seat("Ann"), Seat("Bot", "easy")], seed=2)
    table = start_table(app, match)
    legal = match.legal()
    assert [g.label for g in table.renderer.table.groups] == [f"Play {a.args[0]}" for a in legal]
    click_element(app, table.action_bar.pool[len(legal) - 1])
    assert match.history[0].action == str(legal[-1])


def _first_trip_with(card, need, seats=None, tries=3000):
    """A match whose first trip has `card` and whose first roll satisfies `need(view)`."""
    for seed in range(1, tries):
        match = pk_match(seats or [Seat("Anna"), Seat("Bo")], seed=seed)
        if match.view(0)["card"] != card:
            continue
        match.play("roll")
        view = match.view(0)
        if match.current == 0 and view["phase"] == "choose" and need(view):
            return match
    pytest.skip(f"no seed with {card} and the wanted roll")


def test_put_chosen_dice_on_treasure_island_and_take_them_off_again(app):
    match = _first_trip_with("treasure_island", lambda v: len(v["rollable"]) >= 2)
    table = start_table(app, match)
    a, b = table.view["rollable"][:2]
    press(app, getattr(pygame, f"K_{a}"))
    press(app, getattr(pygame, f"K_{b}"))
    click_element(app, bar_button(table, "Put chosen on island"))
    assert match.history[-1].action == f"island {a} {b}" and table.view["island"] == [a, b]
    step(app, 2)
    from piratetable.table.model import DiceArea
    area = next(e for e in table.renderer.table.elements() if isinstance(e, DiceArea))
    assert area.positions == (a, b)           # drawn on the island, not in the tray
    assert die_at(table, a)[1] < table.renderer.look.zones["card"].bottom
    click(app, die_at(table, a))
    click_element(app, bar_button(table, "Take chosen off island"))
    assert match.history[-1].action == f"island {b}"


def test_the_guardian_rerolls_the_chosen_skull(app):
    match = _first_trip_with("guardian", lambda v: len(v["skull_positions"]) >= 1)
    table = start_table(app, match)
    skull = table.view["skull_positions"][0]
    click(app, die_at(table, skull))
    press(app, pygame.K_g)
    assert match.history[1].action == f"guardian {skull}"


def test_rerolling_a_single_die_is_refused_with_the_rule(app):
    match = _first_trip_with("pirate", lambda v: len(v["rollable"]) >= 1)
    table = start_table(app, match)
    press(app, getattr(pygame, f"K_{table.view['rollable'][0]}"))
    press(app, pygame.K_r)
    assert len(match.history) == 1 and "at least 2" in table.message[0]


def test_undo_of_a_move_without_chance_is_allowed_from_the_pause_menu(app):
    match = _first_trip_with("treasure_island", lambda v: len(v["rollable"]) >= 2)
    table = start_table(app, match)
    a = table.view["rollable"][0]
    press(app, getattr(pygame, f"K_{a}"))
    press(app, pygame.K_i)
    assert match.history[-1].action == f"island {a}"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_u)
    assert app.top.note == ("Your last move was taken back.", False)
    assert [e.action for e in match.history] == ["roll"] and table.view["island"] == []


def test_a_window_resize_rebuilds_the_table_without_losing_the_game(app):
    match = pk_match([Seat("Anna"), Seat("Bo")], seed=3)
    table = start_table(app, match)
    press(app, pygame.K_SPACE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    step(app, 3)
    assert app.size == (1000, 640) and app.top is table
    assert table.play_rect.right < 1000 and table.action_bar.pool[0].visible


def test_how_to_play_opens_from_the_new_game_screen_and_the_table(app):
    scene = open_new_game(app)
    pk = next(i for i, g in enumerate(scene.games) if g.id == "piraten_kapern")
    click_element(app, scene.game_buttons[pk])
    click_element(app, app.top.guide_button)
    guide = app.top
    assert isinstance(guide, GuideScene) and not guide.tabs and guide.game.id == "piraten_kapern"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, NewGameScene)
    table = start_table(app, pk_match([Seat("Anna"), Seat("Bo")]))
    press(app, pygame.K_F1)
    assert isinstance(app.top, GuideScene) and app.top.game is table.match.game
    press(app, pygame.K_ESCAPE)
    assert app.top is table


@pytest.mark.parametrize("code", ["it", "ru"])
def test_a_question_s_buttons_show_their_labels_whole_at_text_150(code):
    """At text 150 % an Italian player saw "Carica questa partita" touch both edges of its button, and Russian's
    "Продолжить правку (Esc)" did not fit its 220 px: a question's buttons grow as their labels need, inside the
    box, and each label prints whole."""
    from piratetable import i18n
    from piratetable.ui.scene import LABEL_PAD, font_of
    app = App(size=(960, 600), settings=Settings(speed="instant", ui_scale=1.5))
    try:
        app.set_language(code)
        step(app, 2)
        for yes, no in (("Load this game", "Keep it"), ("Start the new game", "Keep it"),
                        ("Drop them", "Keep editing"), ("Quit", "Stay")):
            scene = MessageScene(app, "?", "…", [("go", i18n._(yes)), ("keep", i18n._(no))], default="keep")
            app.push(scene)
            step(app, 2)
            go, keep = scene.buttons["go"], scene.buttons["keep"]
            assert i18n._(yes) == go.text and keep.text.startswith(i18n._(no))
            for button in (go, keep):
                assert font_of(button).size(button.text)[0] + LABEL_PAD <= button.rect.width, button.text
                assert scene.box.contains(button.rect)
            assert go.rect.right < keep.rect.left
            scene.close()
            step(app, 2)
    finally:
        app.close()
