"""Every scene fits every window from 960×600 to 3840×2160 and every table size: a probe screen records each text
blitted on it and each panel drawn, and the test fails when a text leaves the window or its panel, or overlaps
another text or a button."""
from __future__ import annotations

import random

import pygame
import pytest
from pygame_gui.elements import UIButton

from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.ui import art
from piratetable.ui.app import App
from piratetable.ui.bots import decide
from piratetable.ui.scene import Scene
from piratetable.ui.settings import Settings
from piratetable.ui.text import TextCache

from .helpers import step

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ("en", "ru", "it", "ko")
NAMES = ["Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan", "Черная Борода",
         "김선장", "Bartholomew Roberts", "Ching Shih", "Jean Lafitte", "Olivier Levasseur"]


class Probe(pygame.Surface):
    """A screen that remembers where text surfaces went."""

    texts: dict = {}

    def reset(self):
        self.seen: list[tuple[str, pygame.Rect]] = []
        self.panels: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):
        text = Probe.texts.get(id(source))
        if text is not None and text.strip():
            at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)[:2]
            size = pygame.Rect(area).size if area is not None else source.get_size()
            self.seen.append((text, pygame.Rect(at, size)))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def probe(monkeypatch):
    render = TextCache.render

    def recording_render(self, text, size, colour=(240, 230, 210), bold=False):
        surf = render(self, text, size, colour, bold)
        Probe.texts[id(surf)] = text
        return surf

    monkeypatch.setattr(TextCache, "render", recording_render)
    panel = art.panel

    def recording_panel(surface, rect, *args, **kwargs):
        if isinstance(surface, Probe):
            surface.panels.append(pygame.Rect(rect))
        return panel(surface, rect, *args, **kwargs)

    monkeypatch.setattr(art, "panel", recording_panel)
    veil = Scene.draw_veil

    def forgetting_veil(self, surface):   # what lies under a veil (a modal's background) is not checked
        if isinstance(surface, Probe):
            surface.reset()
        return veil(self, surface)

    monkeypatch.setattr(Scene, "draw_veil", forgetting_veil)
    yield
    Probe.texts.clear()


def shoot(app) -> Probe:
    screen = Probe(app.size, pygame.SRCALPHA)
    screen.reset()
    real = app.screen
    app.screen = screen
    try:
        app.draw()
    finally:
        app.screen = real
    return screen


def problems_of(app, screen: Probe, where: str) -> list[str]:
    out = []
    bounds = pygame.Rect((0, 0), app.size).inflate(2, 2)
    buttons = [b.rect for b in _widgets(app.manager.get_root_container()) if isinstance(b, UIButton) and b.visible]
    blits = screen.seen
    for i, (text, rect) in enumerate(blits):
        if not bounds.contains(rect):
            out.append(f"{where}: {text!r} leaves the window at {rect}")
            continue
        home = [p for p in screen.panels if p.collidepoint(rect.center) and p.width * p.height > rect.width * 4]
        if home:
            panel = min(home, key=lambda p: p.width * p.height)
            if not panel.inflate(4, 4).contains(rect):
                out.append(f"{where}: {text!r} {rect} runs out of its panel {panel}")
        for b in buttons:
            if _overlap(rect, b) > 0.25:
                out.append(f"{where}: {text!r} {rect} lies under a button {b}")
                break
        for other, orect in blits[i + 1:]:
            if other != text and _overlap(rect, orect) > 0.3:
                out.append(f"{where}: {text!r} {rect} overlaps {other!r} {orect}")
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> float:
    c = a.clip(b)
    return c.width * c.height / max(1, min(a.width * a.height, b.width * b.height))


def _widgets(container):
    for el in getattr(container, "elements", []):
        yield el
        inner = el.get_container() if hasattr(el, "get_container") else None
        if inner is not None and inner is not el:
            yield from _widgets(inner)


def played(game_id: str, n: int, moves: int = 12) -> Match:
    # one person at the screen (no pass-the-screen curtain), the others bots
    match = Match(load_config(game_id), [Seat(NAMES[0])] + [Seat(NAMES[i], "easy") for i in range(1, n)], 4)
    rng = random.Random(2)
    for _ in range(moves):
        if match.over:
            break
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])
    return match


_finished: dict = {}


def finished(game_id: str, n: int) -> Match:
    """A match played to its end by easy bots (cached)."""
    if (game_id, n) not in _finished:
        match = played(game_id, n, 0)
        while not match.over:
            seat = match.current
            view, legal, stream = match.bot_inputs(seat)
            match.play(decide(match.game, "easy", seat, view, legal, stream))
        _finished[(game_id, n)] = match
    return _finished[(game_id, n)]


CASES = [("piraten_kapern", 2), ("piraten_kapern", 5), ("piratz", 2), ("piratz", 4), ("pirataki", 2),
         ("pirataki", 4), ("petrangola", 3), ("petrangola", 6), ("petrangola", 12)]


def check(app, where: str, problems: list, seen: dict) -> None:
    screen = shoot(app)
    seen[where] = len(screen.seen)
    problems += problems_of(app, screen, where)


# every language at the three usual sizes; a 4K screen in a Latin and the Korean face (the slowest to draw)
RUNS = [(size, lang) for size in SIZES for lang in LANGUAGES] + [((3840, 2160), "en"), ((3840, 2160), "ko")]


@pytest.mark.parametrize("size,lang", RUNS, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_every_scene_fits_the_window(size, lang, probe, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant", coach="always", language=lang, odds=True))
    problems: list[str] = []
    seen: dict = {}
    try:
        step(app, 2)
        check(app, "title", problems, seen)
        from piratetable.ui.scenes.curtain import CurtainScene
        from piratetable.ui.scenes.guide import GuideScene
        from piratetable.ui.scenes.load import LoadScene
        from piratetable.ui.scenes.new_game import NewGameScene
        from piratetable.ui.scenes.pause import PauseScene
        from piratetable.ui.scenes.results import ResultsScene
        from piratetable.ui.scenes.rules import RulesScene
        from piratetable.ui.scenes.settings import SettingsScene
        from piratetable.ui.scenes.table import TableScene
        app.push(SettingsScene(app))
        step(app, 2)
        check(app, "settings", problems, seen)
        app.reset_to(LoadScene(app))
        step(app, 2)
        check(app, "load", problems, seen)
        for game_id, n in CASES:
            app.last_setup = {"game": game_id, "seats": [{"name": NAMES[i], "kind": "human"} for i in range(n)]}
            app.reset_to(NewGameScene(app))
            step(app, 2)
            check(app, f"new game {game_id} {n}", problems, seen)
            table = TableScene(app, played(game_id, n))
            app.reset_to(table)
            step(app, 3)
            check(app, f"table {game_id} {n}", problems, seen)
            app.push(PauseScene(app, table))
            step(app, 2)
            check(app, f"pause {game_id} {n}", problems, seen)
            app.reset_to(ResultsScene(app, finished(game_id, n)))
            step(app, 3)
            check(app, f"results {game_id} {n}", problems, seen)
        for game_id in ("piraten_kapern", "piratz", "pirataki", "petrangola"):
            app.reset_to(GuideScene(app, load_config(game_id)))
            step(app, 2)
            check(app, f"guide {game_id}", problems, seen)
            app.reset_to(RulesScene(app, Match(load_config(game_id), [Seat("A"), Seat("B"), Seat("C")]).game))
            step(app, 2)
            check(app, f"rules {game_id}", problems, seen)
        app.reset_to(CurtainScene(app, NAMES[8]))
        step(app, 2)
        check(app, "curtain", problems, seen)
        from piratetable.ui.scenes.statistics import StatisticsScene
        app.reset_to(StatisticsScene(app))         # the results above recorded their games
        step(app, 2)
        check(app, "statistics", problems, seen)
        from piratetable.ui.scenes.replay import ReplayScene
        for game_id, n in (("piraten_kapern", 2), ("petrangola", 6)):
            replay = ReplayScene(app, finished(game_id, n))
            app.reset_to(replay)
            step(app, 2)
            check(app, f"replay {game_id} start", problems, seen)
            replay.step_to(5)
            step(app, 2)
            check(app, f"replay {game_id} move 5", problems, seen)
    finally:
        app.close()
    # the probe sees the texts blitted on the screen itself (results and rules compose theirs first: their own
    # layout tests check them)
    empty = [where for where, n in seen.items() if not where.startswith("results") and n < (8 if where.startswith("table") else 1)]
    assert not empty, f"the probe saw (almost) no text in {empty}"
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems[:40])
