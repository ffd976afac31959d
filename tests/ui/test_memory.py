"""The app stays lean over a long game: at a 12-seat Petrangola table of bots, at normal speed (every move
animated), every drawing cache stays within its byte budget, a card flying across the table is drawn at one size
(not at each size it passes through), and the log keeps only the lines it shows. Bytes are counted from what each
cache holds (pixels of its surfaces), not from the process's RSS, which is noisy."""
from __future__ import annotations

import pygame
import pytest

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import art
from piratetable.ui.app import App
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.settings import Settings
from piratetable.ui.text import TEXT

MOVES = 60


def pixels(value) -> int:
    """The bytes of pixels a cached value holds (a surface, or a tuple of them)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(pixels(v) for v in value)
    return 0


@pytest.fixture
def long_table(monkeypatch):
    """A 12-seat table of `easy` bots at normal speed, its caches given small budgets (1 MiB of art, 2 MiB of
    text: less than a long game draws); yields a function that plays on, drawing every frame, until `MOVES`
    moves are made, calling `each_frame(table)` after every frame, and returns the table."""
    app = App(settings=Settings(speed="normal"))
    monkeypatch.setattr(art.cached, "budget", 1 * art.MiB)
    monkeypatch.setattr(TEXT.cache, "budget", 2 * art.MiB)
    art.cached.clear()
    TEXT.clear()
    match = Match(load_config("petrangola"), [Seat(f"Bot {i + 1}", "easy") for i in range(12)], seed=3)
    app.reset_to(TableScene(app, match))
    app.step(1 / 30)

    def play(each_frame) -> TableScene:
        table = app.top
        for _ in range(40_000):
            app.dirty = True
            app.step(1 / 30)
            if isinstance(app.top, ResultsScene) or table.match.moves >= MOVES:
                break
            each_frame(table)
        assert table.match.moves >= MOVES or isinstance(app.top, ResultsScene)
        return table

    yield play
    app.close()
    art.cached.clear()
    TEXT.clear()


def test_a_long_game_keeps_each_cache_within_its_budget(long_table):
    """Every drawing cache stays within its byte budget (the text's is reached: the bound is tested, not merely
    unneeded); a card moving between two places of different sizes is drawn at the larger one and scaled per
    frame, so the card faces and backs asked of the painters come in a handful of sizes however many frames the
    moves take; and the log keeps the lines it shows (at most 40), not one per move."""
    most = {"art": 0, "text": 0}
    sizes: set[tuple[int, int]] = set()
    frames = [0]

    def watch(table):
        painters = table.renderer.painters
        if not frames[0]:
            face, back = painters.card_face, painters.card_back

            def card_face(cid, size, *a, **k):
                sizes.add(tuple(size))
                return face(cid, size, *a, **k)

            def card_back(size, *a, **k):
                sizes.add(tuple(size))
                return back(size, *a, **k)
            painters.card_face, painters.card_back = card_face, card_back
        frames[0] += 1
        if frames[0] % 5:
            return
        for name, cache in (("art", art.cached), ("text", TEXT.cache)):
            held = sum(pixels(v) for v in cache.values())
            assert held <= cache.bytes <= cache.budget, (name, held, cache.bytes, cache.budget)
            most[name] = max(most[name], held)

    table = long_table(watch)
    assert table.match.moves >= MOVES > 40
    assert most["text"] > art.MiB, most
    assert 0 < len(sizes) <= 8, sorted(sizes)
    assert 0 < len(table.log_panel.wrap_cache) <= 40
