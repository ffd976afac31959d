"""The replay viewer: opened from the results and from the Load screen, steps with ← → Home End, changes the
viewing seat (hidden cards stay hidden for it), shows every card only once the game is over, exports the text
record next to the save."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from piratetable import savegame
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.table import in_order
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.replay import ReplayScene
from piratetable.ui.scenes.results import ResultsScene

from ..explorer.checks import named_cards
from .helpers import click, click_element, press, step
from .test_layout import finished

PIRATZ_CLOSED = {"open_collections": False}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))


def test_from_the_results_step_through_and_export(app, tmp_path):
    match = finished("petrangola", 3)
    app.reset_to(ResultsScene(app, match))
    step(app, 2)
    click_element(app, app.top.replay_button)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay.position == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.replay.position == 2 and scene.move_line()
    press(app, pygame.K_LEFT)
    assert scene.replay.position == 1
    press(app, pygame.K_END)
    assert scene.replay.position == len(match.history)
    press(app, pygame.K_HOME)
    assert scene.replay.position == 0
    # the viewing seat: its own view, so another seat's hidden hand stays hidden
    press(app, pygame.K_RIGHT, frames=2)
    viewer = scene.replay.viewer
    press(app, pygame.K_s)
    assert scene.replay.viewer == (viewer + 1) % 3
    assert scene.renderer.table.viewer == scene.replay.viewer
    press(app, pygame.K_a)                                  # the game is over: every card may show
    assert scene.replay.revealed
    press(app, pygame.K_e)
    written = next((tmp_path).rglob("replay-petrangola-*.txt"))
    assert written.read_text(encoding="utf-8").startswith("Game: ") and str(written) in scene.note
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ResultsScene)


def test_an_unfinished_game_keeps_its_hidden_cards(app):
    match = Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben", "easy"), Seat("Cleo", "easy")], 4)
    for _ in range(3):
        match.play(match.legal()[0])
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    press(app, pygame.K_a)
    assert not app.top.replay.revealed and app.top.note
    assert not app.top.buttons["all"].is_enabled


def test_the_load_screen_opens_a_replay_and_export_writes_beside_the_save(app, tmp_path):
    from piratetable.ui.paths import saves_dir
    match = finished("piraten_kapern", 2)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my game.json"
    savegame.write_json_atomic(path, savegame.to_json(match))
    app.reset_to(LoadScene(app))
    step(app, 2)
    click_element(app, app.top.replay_btn)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.path == path
    press(app, pygame.K_e)
    assert path.with_suffix(".txt").exists()


def _hidden_backs(table) -> int:
    """How many cards the table draws face down (a card of None)."""
    return sum(1 for e in table.elements() for c in getattr(e, "cards", ()) if c.card is None)


def test_show_all_cards_turns_the_table_face_up_and_a_hides_them_again(app):
    match = finished("petrangola", 3)
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    scene = app.top
    press(app, pygame.K_RIGHT, frames=2)
    backs = _hidden_backs(scene.renderer.table)
    assert backs                                            # the other seats' hands are face down
    label = scene.buttons["all"].text
    press(app, pygame.K_a)
    assert scene.replay.revealed and _hidden_backs(scene.renderer.table) < backs
    hands = scene.renderer.table
    assert scene.buttons["all"].text != label
    for s in (1, 2):                                        # another seat's hand: face up, the real cards
        seat_cards = [c.card for c in hands.zone(f"hand:{s}").cards]
        held = scene.replay.snapshot()["hands"][s]             # drawn in the game's order (suit, then rank)
        assert seat_cards == sorted(held, key=lambda c: in_order(match.game, c))
    press(app, pygame.K_a)
    assert not scene.replay.revealed and _hidden_backs(scene.renderer.table) == backs


def test_a_game_that_hides_nothing_has_nothing_to_show(app):
    app.reset_to(ReplayScene(app, finished("pirataki", 2)))
    step(app, 2)
    assert not app.top.buttons["all"].is_enabled
    press(app, pygame.K_a)
    assert not app.top.replay.revealed and app.top.note


def test_jump_to_a_move_by_slider_track_number_and_page_keys(app):
    match = finished("piraten_kapern", 2)
    app.reset_to(ReplayScene(app, match))
    step(app, 2)
    scene = app.top
    length = scene.replay.length
    assert length > 30
    # a click on the slider's bar goes there (pygame_gui's slider only drags its handle)
    bar = scene.slider.rect
    click(app, (bar.x + bar.width * 3 // 4, bar.centery))
    assert abs(scene.replay.position - length * 3 / 4) <= max(2, length // 20)
    assert scene.slider.get_current_value() == scene.replay.position
    # dragging the handle moves it too: the slider's own event
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=5, ui_element=scene.slider,
                                         ui_object_id="#replay_slider"))
    step(app, 2)
    assert scene.replay.position == 5
    # G, a number, Enter
    press(app, pygame.K_g)
    assert app.text_entry_focused()
    scene.move_entry.set_text("17")
    press(app, pygame.K_RETURN)
    assert scene.replay.position == 17 and not app.text_entry_focused() and scene.move_entry.get_text() == ""
    assert scene.slider.get_current_value() == 17
    press(app, pygame.K_s)                                  # a shortcut again once the entry is left
    assert scene.replay.viewer == 1
    # past the end goes to the end; keys page by ten
    press(app, pygame.K_g)
    scene.move_entry.set_text("99999")
    press(app, pygame.K_RETURN)
    assert scene.replay.position == length
    press(app, pygame.K_PAGEUP)
    assert scene.replay.position == length - 10
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEDOWN)
    assert scene.replay.position == length
    # while typing, letters are not shortcuts, and Esc leaves the entry, not the replay
    press(app, pygame.K_g)
    press(app, pygame.K_s, unicode="s")
    assert scene.replay.viewer == 1
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and not app.text_entry_focused()


def _hidden_now(game, state) -> set:
    """The cards no one but their holder has seen at this point (or no one at all), from the full state: in
    Petrangola the hands' cards not seen taken from the monte, the widow and the stock (until a showdown lays
    the hands face up); in Piratz with closed collections every collection and the draw pile (until the end)."""
    phase = state.ctx.phase
    if game.id == "petrangola":
        hidden = set(state.stock) | set(state.widow or [])
        if phase not in ("rebuy", "over"):
            for seat, hand in enumerate(state.hands):
                public = state.public[seat]
                hidden |= {c for i, c in enumerate(hand) if not (i < len(public) and public[i])}
        return hidden
    return set() if phase == "over" else set(state.draw) | {c for col in state.collections for c in col}


def _table_cards(table) -> set:
    return {c.card for e in table.elements() for c in getattr(e, "cards", ()) if c.card is not None} | \
        {c.card for a in table.seats + ((table.me,) if table.me else ()) for z in a.items
         for c in getattr(z, "cards", ()) if c.card is not None}


@pytest.mark.parametrize("gid,options,moves", [("petrangola", None, 30), ("piratz", PIRATZ_CLOSED, 24)])
def test_an_unfinished_hotseat_game_replayed_from_the_load_screen_shows_no_hidden_card(app, drawn, gid, options,
                                                                                         moves):
    """Three people at one screen, a game that hides cards, saved unfinished: Load → Replay, every move and
    every seat switch draws no card that only its holder (or no one) has seen, on the table or in the move line.
    The replay shows the whole table's view and says why; Show all cards stays off."""
    from piratetable.ui.paths import saves_dir
    from piratetable.ui.scenes.title import TitleScene
    cfg = load_config(gid)
    if options:
        cfg = cfg.with_options(options)
    match = Match(cfg, [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 11)
    while match.moves < moves:
        seat = match.current
        view, legal, rng = match.bot_inputs(seat)
        match.play(match.game.make_bot("easy", seat).choose(view, legal, rng))
    assert not match.over and match.game.hidden_information
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    savegame.write_json_atomic(folder / "hotseat.json", savegame.to_json(match))
    app.reset_to(TitleScene(app))
    step(app, 2)
    press(app, pygame.K_l)
    assert isinstance(app.top, LoadScene)
    press(app, pygame.K_p)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    game = scene.match.game
    seen = []
    original = scene.renderer.draw

    def draw(surface, rect, score_rect, k):
        table = scene.renderer.displayed
        seen.append((scene.replay.position, scene.replay.viewer, _table_cards(table),
                     _hidden_now(game, scene.replay._state)))
        return original(surface, rect, score_rect, k)

    scene.renderer.draw = draw
    step(app, 2)
    assert scene.replay.viewer is None and "hidden cards stay hidden" in scene.note
    texts = []

    def look_around():
        """Every seat switch at this point, with what was drawn."""
        for _ in range(len(match.seats) + 1):
            drawn.clear()
            press(app, pygame.K_s)
            app.dirty = True
            step(app, 1)
            texts.append((_hidden_now(game, scene.replay._state), list(drawn)))

    look_around()
    for _ in range(scene.replay.length):
        press(app, pygame.K_RIGHT)
        look_around()
    press(app, pygame.K_a)                                  # not over: every card stays hidden
    assert not scene.replay.revealed
    press(app, pygame.K_HOME)
    look_around()
    assert {n for n, *_ in seen} == set(range(scene.replay.length + 1))
    for n, viewer, cards, hidden in seen:
        assert not cards & hidden, (n, viewer, sorted(cards & hidden))
    assert {v for _, v, *_ in seen} == {None}
    for hidden, lines in texts:
        named = named_cards(lines, game, frozenset(hidden))    # by name, or by id where names say only items
        assert not named, (sorted(named), lines)
    assert any("whole table" in line for _h, lines in texts for line in lines)
