"""The example plug-in gets everything a built-in game gets, through the same parts rule (`Game.part`): the odds
of its chance, a hint with its own reason, a bot's move explained, a first-game tip, its statistics facts and its
how-to-play page — each shown at the table (headless), by the same code the built-in games go through."""
from __future__ import annotations

import random
from fractions import Fraction

import pygame
import pytest

from piratetable import insight
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.insight.words import hint_text, odds_text, reason_text
from piratetable.ui.table.panels import coach_text
from tests.ui.helpers import click_element, press, run_until, start_table, step


@pytest.fixture
def app(pig_installed, tmp_path, monkeypatch):
    from piratetable.ui.app import App
    from piratetable.ui.settings import Settings
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    a = App(settings=Settings(speed="instant", coach="always"))
    step(a, 2)
    yield a
    a.close()




def shown(app, texts, wanted: str) -> bool:
    """Whether `wanted` is drawn (whole, or its first words where it wraps) in a fresh frame."""
    texts.clear()
    app.dirty = True
    step(app, 1)
    head = " ".join(wanted.split()[:3])
    return bool(wanted) and any(head in t for t in texts)


def rolled_to(app, match, table, points: int):
    """Roll at the table until seat 0 has at least `points` at stake on its turn."""
    run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=3000)
    for _ in range(200):
        if match.view(0)["turn_points"] >= points and table.my_turn:
            return
        press(app, pygame.K_SPACE)
        run_until(app, lambda: table.my_turn and not table.renderer.busy(), frames=3000)
    pytest.skip("no stake reached")


def pig_at_the_table(app, seed=5):
    match = Match(load_config("pig"), [Seat("Ann"), Seat("Bot", "normal")], seed=seed)
    return match, start_table(app, match)


def test_the_parts_are_found_by_the_rule_beside_the_rules_module(pig_installed):
    from piratetable.engine.registry import game_class
    from piratetable.insight import base
    cls = game_class("pig")
    for part in ("insight", "insight_words", "recap", "guide", "words", "table"):
        assert cls.part(part).__name__ == f"pig_plugin.{part}"
    assert cls.part("no_such_part") is None
    assert "pig" in base.games()


def test_the_odds_line_shows_the_exact_chance_to_bust_on_the_next_roll(app, drawn):
    app.settings.odds = True
    match, table = pig_at_the_table(app)
    rolled_to(app, match, table, 1)
    view = match.view(0)
    odds = insight.odds(match.game, view, 0)
    faces = match.game.config.content.faces
    assert odds.bust == Fraction(faces.count(match.game.config.content.bust), len(faces)) == Fraction(1, 6)
    assert odds.at_stake == view["turn_points"]
    assert odds.gain == Fraction(2 + 3 + 4 + 5 + 6, 6) - Fraction(view["turn_points"], 6)
    line = table.driver.odds_line()
    assert line == odds_text(match.game, odds) and "1/6 (17%)" in line
    assert f"{view['turn_points']} point" in line
    assert shown(app, drawn, line)


def test_the_hint_gives_pigs_own_reason_against_the_bots_threshold(app, drawn):
    from pig_plugin.insight import StakeChoice
    match, table = pig_at_the_table(app)
    rolled_to(app, match, table, 1)
    click_element(app, table.hint_button)     # the header's button (Pig's H key holds)
    assert table.driver.hint_for is not None
    run_until(app, lambda: table.driver.hint is not None, frames=600)
    view = match.view(0)
    expected = insight.hint(match.game, view, match.legal(), 0, match.bot_stream_seed(0))
    assert isinstance(expected.reason, StakeChoice) and table.driver.hint == expected
    hold_at = match.game.config.content.hold_at["normal"]
    assert expected.reason.threshold == min(hold_at, view["target"] - view["scores"][0])
    assert expected.action.verb == ("hold" if view["turn_points"] >= expected.reason.threshold else "roll")
    line = table.driver.hint_line()
    assert line == hint_text(match.game, expected) and "the bot holds at" in line
    assert "strongest bot's choice" not in line
    assert shown(app, drawn, line)


def test_a_bots_move_is_explained_against_its_own_levels_threshold(pig_installed):
    from pig_plugin.insight import StakeChoice
    match = Match(load_config("pig"), [Seat("Easy", "easy"), Seat("Bot", "normal")], seed=2)
    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        if match.over:
            break
        seat = match.current
        view, legal, _rng = match.bot_inputs(seat)
        action = match.game.make_bot(match.seats[seat].bot, seat).choose(view, legal, rng)
        why = insight.explain(match.game, view, legal, seat, action, match.bot_stream_seed(seat), match.seats[seat].bot)
        if len(legal) > 1:
            assert isinstance(why, StakeChoice)
            level_hold = match.game.config.content.hold_at[match.seats[seat].bot]
            assert why.threshold == min(level_hold, view["target"] - view["scores"][seat])
            assert "the bot holds at" in reason_text(match.game, why) or "win the game" in reason_text(match.game, why)
            seen.add((seat, action.verb))
        match.play(action)
    assert {(0, "hold"), (1, "hold"), (0, "roll"), (1, "roll")} <= seen


def test_the_coach_line_tells_the_bust_face_and_what_hold_banks(app, drawn):
    match, table = pig_at_the_table(app)
    rolled_to(app, match, table, 1)
    at_stake = match.view(0)["turn_points"]
    assert table.driver.coach_shown
    tip = coach_text(table.driver, table.coach_rect)
    assert "a 1 loses them (17% on each roll)" in tip and f"Hold banks {at_stake} point" in tip
    assert shown(app, drawn, tip)


def test_the_statistics_keep_pigs_facts_and_the_screen_tells_them(pig_installed, tmp_path):
    from pig_plugin.events import Busted

    from piratetable.engine.events import ScoreChanged
    from piratetable.stats import Stats
    from piratetable.ui.scenes.statistics import lines_for
    match = Match(load_config("pig"), [Seat("Ann", "easy"), Seat("Bot", "normal")], seed=4)
    rng = random.Random(1)
    while not match.over:
        view, legal, _rng = match.bot_inputs(match.current)
        match.play(match.game.make_bot(match.seats[match.current].bot, match.current).choose(view, legal, rng))
    events = [e for entry in match.history for e in entry.events]
    busts = sum(1 for e in events if isinstance(e, Busted) and e.seat == 0)
    best = max(e.delta for e in events if isinstance(e, ScoreChanged) and e.seat == 0)
    stats = Stats(tmp_path / "s.sqlite3")
    assert stats.record_game(match)
    (pig,) = stats.per_game("Ann")
    assert pig.game == "pig" and pig.fact("busts") == busts and pig.fact("best_turn") == best
    assert pig.fact("turns") > 0
    lines = [text for text, _indent, _heading in lines_for(stats, "Ann")]
    assert f"busts: {busts} · best turn: {best} points" in lines


def test_the_guide_shows_pigs_own_page(app, drawn):
    from piratetable.table.guide import pages_for
    from piratetable.ui.scenes.guide import open_guide
    match, _table = pig_at_the_table(app)
    pages = pages_for(match.game)
    assert [p.title for p in pages] == ["How to play Pig"]
    assert any("100 points" in p for p in pages[0].paragraphs)
    scene = open_guide(app, match.game)
    step(app, 2)
    assert app.top is scene and scene.pages == pages
    assert shown(app, drawn, "How to play Pig")
