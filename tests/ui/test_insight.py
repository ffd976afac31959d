"""The table's insight, driven headless: the hint (H and its header button), the odds line (O and Settings), why
a bot played its move (a click on its log entry), and the honesty of all three in a hotseat Petrangola game."""
from __future__ import annotations

import pygame
import pytest

from piratetable import insight
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.insight.words import hint_text, odds_text, reason_text
from piratetable.table.model import Pick
from piratetable.ui import insight as insight_ui
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.settings import SettingsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import load_settings
from tests.helpers import bot_move

from .helpers import click, click_element, press, run_until, start_table, step


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))




def on_screen(app, texts, wanted: str) -> bool:
    """Whether `wanted` is drawn (whole or wrapped: its first words) in a fresh frame."""
    texts.clear()
    if hasattr(app.top, "log_panel"):
        app.top.log_panel.key = None   # the log's rows are cached surfaces: draw them again
    app.dirty = True
    step(app, 1)
    head = " ".join(wanted.split()[:3])
    return any(head in t for t in texts)


def my_turn(app, gid, seats, seed=5):
    match = Match(load_config(gid), seats, seed)
    table = start_table(app, match)
    run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=3000)
    return match, table


def test_h_asks_the_hard_bot_off_the_ui_thread_and_draws_its_move_and_why(app, drawn):
    match, table = my_turn(app, "piraten_kapern", [Seat("Anna"), Seat("Ben", "easy")])
    press(app, pygame.K_h, frames=0)
    step(app, 1)
    assert table.driver.hint_for is not None
    run_until(app, lambda: table.driver.hint is not None, frames=600)
    expected = insight.hint(match.game, match.view(0), match.legal(), 0, match.bot_stream_seed(0))
    assert table.driver.hint.action == expected.action
    line = table.driver.hint_line()
    assert line == hint_text(match.game, expected) and line.startswith(match.game.words().action(expected.action))
    assert on_screen(app, drawn, line)
    assert table.insight_rect.height > 0 and not table.insight_rect.colliderect(table.play_rect)
    table.play(table.driver.hint.action)          # the position changes: the hint goes
    step(app, 2)
    assert table.driver.hint_for is None and table.driver.hint_line() == ""


def test_the_hint_button_sits_in_the_header_and_says_thinking_meanwhile(app, drawn, monkeypatch):
    match, table = my_turn(app, "pirataki", [Seat("Anna"), Seat("Ben", "easy")])
    assert table.hint_button.rect.right < table.rules_button.rect.x and table.hint_button.rect.y < table.play_rect.y
    from concurrent.futures import Future
    slow = Future()
    monkeypatch.setattr(insight_ui, "ask_hint", lambda m, s: slow)
    click_element(app, table.hint_button)
    assert table.driver.hint_line() == "Thinking…" and on_screen(app, drawn, "Thinking…")
    slow.set_result(insight.hint(match.game, match.view(0), match.legal(), 0, match.bot_stream_seed(0)))
    step(app, 2)
    assert table.driver.hint is not None and on_screen(app, drawn, table.driver.hint_line())


def test_no_hint_on_a_bots_turn(app, monkeypatch):
    from concurrent.futures import Future

    from piratetable.ui import bots as ui_bots
    monkeypatch.setattr(ui_bots, "think", lambda match, seat: Future())   # the bot never answers: its move would
    # end its turn and clear the message under test (a quick bot can move within the frame)
    match = Match(load_config("piratz"), [Seat("Ben", "easy"), Seat("Anna")], 3)
    table = start_table(app, match)
    assert match.current == 0 and table.screen_seat == 1
    press(app, pygame.K_h, frames=0)
    step(app, 1)
    assert table.driver.hint_for is None and table.message and table.message[1]


def test_o_toggles_the_odds_line_and_remembers_it(app, drawn):
    match, table = my_turn(app, "piratz", [Seat("Anna"), Seat("Ben", "easy")])
    assert not app.settings.odds and table.driver.odds_line() == ""
    press(app, pygame.K_o)
    assert app.settings.odds and load_settings()[0].odds
    line = table.driver.odds_line()
    assert line == odds_text(match.game, insight.odds(match.game, match.view(0), 0)) and "rat" in line
    assert on_screen(app, drawn, line)
    press(app, pygame.K_o)
    assert not app.settings.odds and not load_settings()[0].odds and table.driver.odds_line() == ""


def test_pk_odds_follow_the_chosen_dice(app):
    app.settings.odds = True
    match, table = my_turn(app, "piraten_kapern", [Seat("Anna"), Seat("Ben", "easy")], seed=1)
    if match.view(0)["phase"] == "first_roll":
        table.play(match.legal()[0])
        run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=600)
    if match.view(0)["phase"] != "choose":
        pytest.skip("the first roll ended the trip")
    best = table.driver.odds_line()
    assert "the trip" in best and "/" in best or "0%" in best
    dice = tuple(sorted(match.view(0)["rollable"])[:2])
    for die in dice:
        table.renderer.selection.toggle(Pick("die", die), "", play=False)
    chosen = table.driver.odds_line()
    one = insight.odds(match.game, match.view(0), 0, positions=dice)
    assert chosen == odds_text(match.game, one)


def test_pk_odds_speak_of_one_chosen_die_and_of_a_chosen_skull_without_ending_the_app(app):
    app.settings.odds = True
    match, table = my_turn(app, "piraten_kapern", [Seat("Anna"), Seat("Ben", "easy")], seed=1)
    if match.view(0)["phase"] == "first_roll":
        table.play(match.legal()[0])
        run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=600)
    if match.view(0)["phase"] != "choose":
        pytest.skip("the first roll ended the trip")
    die = sorted(match.view(0)["rollable"])[0]
    table.renderer.selection.toggle(Pick("die", die), "", play=False)
    step(app, 2)                      # drawn: the app used to end here (an infinite value told as points)
    line = table.driver.odds_line()
    assert "at least two dice" in line and "inf" not in line
    skulls = match.view(0)["skull_positions"]
    if skulls:
        table.renderer.selection.clear()
        table.renderer.selection.picks = [Pick("die", skulls[0]), Pick("die", die)]
        step(app, 2)
        assert "Skulls are never re-rolled" in table.driver.odds_line()


def test_the_settings_screen_has_the_odds_toggle(app):
    app.push(SettingsScene(app))
    step(app, 2)
    scene = app.top
    assert "Off" in scene.odds_button.text
    click_element(app, scene.odds_button)
    assert app.settings.odds and load_settings()[0].odds
    assert "On" in app.top.odds_button.text


def test_a_click_on_a_bots_log_entry_says_why_it_played_that(app, drawn):
    match = Match(load_config("piraten_kapern"), [Seat("Ben", "normal"), Seat("Anna")], 2)
    table = start_table(app, match)
    run_until(app, lambda: any(i < match.moves and match.history[i].seat == 0 for i in table.driver.explained), frames=6000)
    index = next(i for i in table.driver.explained if match.history[i].seat == 0)
    run_until(app, lambda: table.driver.why_text(index) not in (None, "Thinking…"), frames=600)
    app.dirty = True
    step(app, 1)
    rect = next(r for r, i in table.log_panel.hits if i == index)
    click(app, rect.center)
    assert index in table.driver.why_open
    assert on_screen(app, drawn, table.driver.why_text(index))
    rect = next(r for r, i in table.log_panel.hits if i == index)   # the open reason moved the entry up
    click(app, rect.center)
    assert index not in table.driver.why_open


def test_hotseat_petrangola_never_shows_one_seats_insight_to_another(app, drawn, monkeypatch):
    """Seat A's hint and odds never show while the curtain is up or seat B is at the screen; every hint and odds
    is computed from the view of the seat at the screen, with the curtain down."""
    app.settings.odds = True
    calls = []
    real_odds, real_hint = insight.odds, insight.hint

    def spy_odds(game, view, seat, **kw):
        calls.append(("odds", seat, view, table.screen_seat, table.driver.awaiting_curtain))
        return real_odds(game, view, seat, **kw)

    def spy_hint(game, view, legal, seat, seed):
        calls.append(("hint", seat, view, table.screen_seat, table.driver.awaiting_curtain))
        return real_hint(game, view, legal, seat, seed)

    monkeypatch.setattr(insight_ui.insight, "odds", spy_odds)
    monkeypatch.setattr(insight_ui.insight, "hint", spy_hint)
    match = Match(load_config("petrangola"), [Seat("Anna"), Seat("Ben"), Seat("Cleo", "easy")], 4,
                  {"dealer": 2})
    app.reset_to(TableScene(app, match))
    step(app, 3)
    table = app.stack[0]
    lines_of = {}
    for _turn in range(4):
        if isinstance(app.top, CurtainScene):
            texts = drawn[:]     # (the rows' badges show whether a row has a line or not: their room is kept)
            assert not any(t.startswith(("Odds", "Hint")) and t not in ("Odds [O]", "Hint [H]") for t in texts)
            press(app, pygame.K_RETURN)
        run_until(app, lambda: (table.my_turn and not table.renderer.busy()) or table.driver.handing_to is not None
                  or isinstance(app.top, CurtainScene), frames=3000)
        if not table.my_turn:
            if table.driver.handing_to is not None:
                assert table.driver.odds_line() == "" and table.driver.hint_line() == ""
                press(app, pygame.K_RETURN)
            continue
        seat = table.screen_seat
        press(app, pygame.K_h)
        run_until(app, lambda: table.driver.hint is not None, frames=600)
        lines_of[seat] = (table.driver.hint_line(), table.driver.odds_line())
        other = 1 - seat
        if other in lines_of:   # the other person's lines are not on this person's screen
            assert not on_screen(app, drawn, lines_of[other][1]) or lines_of[other][1] == table.driver.odds_line()
        table.play(table.driver.hint.action)
        step(app, 2)
        assert table.driver.hint_line() == ""
        if table.driver.handing_to is not None:
            assert table.driver.odds_line() == "" and not on_screen(app, drawn, lines_of[seat][0])
            press(app, pygame.K_RETURN)
            assert isinstance(app.top, CurtainScene)
            texts = drawn[:]
            drawn.clear()
            step(app, 3)
            assert not any(lines_of[seat][0][:20] in t or lines_of[seat][1][:20] in t for t in drawn)
            del texts
    assert set(lines_of) == {0, 1}
    for kind, seat, view, screen, curtain in calls:
        assert seat == screen and not curtain and view["seat"] == seat, (kind, seat, screen, curtain)


def test_a_petrangola_bots_reasons_wait_for_the_end_of_the_game(app, drawn):
    match = Match(load_config("petrangola"), [Seat("Ben", "easy"), Seat("Cleo", "easy"), Seat("Anna")], 4)
    table = start_table(app, match)
    run_until(app, lambda: table.my_turn and match.moves >= 2, frames=3000)
    step(app, 2)
    assert not table.driver.why_allowed
    assert not any("(?)" in t for t in drawn) and not table.driver.explained   # not even worked out meanwhile
    assert table.driver.why_text(0) is None and not table.toggle_why_at(table.log_panel.hits[-1][0].center)


def test_a_finished_petrangola_games_final_table_says_why_a_bot_played_that(app, drawn):
    """The final table (V from the results) is a new scene: the bots' reasons come from the record."""
    match = Match(load_config("petrangola"), [Seat("Ben", "easy"), Seat("Cleo", "easy"), Seat("Anna", "easy")], 4)
    while not match.over:
        match.play(bot_move(match, match.current))
    app.reset_to(TableScene(app, match, review=True))
    step(app, 3)
    table = app.top
    assert table.driver.why_allowed and table.driver.explained == {}
    index = match.moves - 1
    _open_reason(app, table, index)
    past = Match(match.config, match.seats, match.seed, match.setup)   # the match as the bot saw it
    for entry in match.history[:index]:
        past.play(entry.action)
    seat = match.history[index].seat
    view, legal, _rng = past.bot_inputs(seat)
    expected = insight.explain(match.game, view, legal, seat, match.history[index].action,
                               past.bot_stream_seed(seat), level=match.seats[seat].bot)   # that bot's own figures
    assert table.driver.why_text(index) == reason_text(match.game, expected)
    assert on_screen(app, drawn, table.driver.why_text(index))


def _open_reason(app, table, index):
    """Click the log entry of move `index` (shown with its (?)) and wait for its reason."""
    app.dirty = True
    table.log_panel.key = None
    step(app, 1)
    rect = next(r for r, i in table.log_panel.hits if i == index)
    click(app, rect.center)
    assert index in table.driver.why_open
    run_until(app, lambda: table.driver.why_text(index) not in (None, "Thinking…"), frames=1200)


@pytest.mark.parametrize("how", ["resume", "load"])
def test_a_bots_reasons_survive_resume_and_load(app, drawn, how):
    """A bot's log entry keeps its (?) after the game is resumed or loaded, and its reason is the one it had
    live: worked out again from the record (the match replayed to that move, the bot's own inputs)."""
    from piratetable.ui.paths import saves_dir
    from piratetable.ui.saves import AUTOSAVER
    from piratetable.ui.scenes.load import LoadScene
    from piratetable.ui.scenes.title import TitleScene
    match = Match(load_config("piraten_kapern"), [Seat("Ben", "normal"), Seat("Cleo", "easy"), Seat("Anna")], 2)
    table = start_table(app, match)
    run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=6000)
    index = match.moves - 1                      # Cleo's last move, just above Anna's turn
    assert match.history[index].seat == 1
    _open_reason(app, table, index)
    live = table.driver.why_text(index)
    assert live and on_screen(app, drawn, live)
    if how == "resume":
        assert AUTOSAVER.flush()
        app.reset_to(TitleScene(app))
        step(app, 2)
        press(app, pygame.K_r, frames=3)
    else:
        from piratetable import savegame
        path = saves_dir() / "evening.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        savegame.save(match, path)
        app.reset_to(LoadScene(app))
        step(app, 2)
        app.top._load(path)
        step(app, 3)
    table = app.top
    assert isinstance(table, TableScene) and table.match is not match and table.match.moves == match.moves
    assert table.driver.explained == {} and table.driver.why_open == set()
    table.log_panel.wrap_cache.clear()                    # the log's lines are drawn again, not taken from the cache
    assert on_screen(app, drawn, "click a bot's move (?) to see why")
    assert any(t.endswith("(?)") for t in drawn)
    _open_reason(app, table, index)
    assert table.driver.why_text(index) == live
    assert on_screen(app, drawn, live)


def _point(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 1)


def test_the_log_stays_put_under_the_pointer_while_bots_play(app, drawn):
    """While the pointer is over the log, new moves wait (a marker counts them) so that a click opens the reason
    of the line it was aimed at; the wheel or the pointer leaving shows them."""
    bots = [Seat(name, "easy") for name in ("Ben", "Cleo", "Dario", "Emma")]
    match = Match(load_config("piraten_kapern"), bots + [Seat("Anna")], 2)   # a long wait for Anna's turn
    table = start_table(app, match)
    run_until(app, lambda: match.moves >= 3, frames=3000)
    _point(app, table.log_rect.center)
    app.dirty = True
    step(app, 1)
    before = dict((i, r.copy()) for r, i in table.log_panel.hits)
    seen = max(before) + 1                       # the moves the log shows while the pointer is over it
    run_until(app, lambda: match.moves >= seen + 2, frames=6000)
    app.dirty = True
    step(app, 1)
    assert dict((i, r.copy()) for r, i in table.log_panel.hits) == before    # the same lines at the same places
    drawn.clear()
    app.dirty = True
    step(app, 1)
    waiting = match.moves - seen                 # the marker counts the moves that wait
    assert waiting >= 2 and any(t.startswith(f"{waiting} new moves") for t in drawn), [t for t in drawn if "new" in t]
    index = max(before)                          # a click aims at a line and opens that line's reason
    click(app, before[index].center, frames=1)
    assert table.driver.why_open == {index}
    table.driver.why_open.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0))
    step(app, 1)                                 # the wheel shows the new lines (and stays there)
    pin = table.log_panel.pin
    assert pin >= seen + waiting and max(i for _r, i in table.log_panel.hits) == pin - 1
    run_until(app, lambda: match.moves > pin, frames=6000)
    step(app, 1)
    assert max(i for _r, i in table.log_panel.hits) == pin - 1
    _point(app, (table.log_rect.x - 20, table.log_rect.y))   # the pointer leaves: the newest lines
    app.dirty = True
    step(app, 1)
    assert table.log_panel.pin is None and max(i for _r, i in table.log_panel.hits) == match.moves - 1
