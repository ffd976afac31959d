"""Every scene fits every window from 960×600 to 3840×2160, every text scale (85–150 %) and every table size: a
probe screen records each text blitted on it (with its print size, and how much it was squeezed to fit), each
panel and each icon drawn, and the test fails when a text leaves the window or its panel, overlaps another text,
a button or an icon, is squeezed past reading, or a button's label is wider than the button. On the table it also
fails when a text of the table (a panel's lines, a caption, the target, the hint and the odds) is not drawn whole,
when the hint and odds rows print smaller than `MIN_PRINT`, or when showing them moves the felt."""
from __future__ import annotations

import contextlib
import dataclasses
import random
import sys
import weakref

import pygame
import pytest
from pygame_gui.elements import UIButton

from piratetable.config.loader import load_config
from piratetable.engine.events import for_viewer
from piratetable.engine.match import Match, Seat
from piratetable.table.model import DiceArea, DiceTray, Info, Pick, Track, Zone
from piratetable.table.standard import SeatInfo
from piratetable.ui import art
from piratetable.ui.app import App
from piratetable.ui.bots import decide
from piratetable.ui.scene import Scene
from piratetable.ui.settings import Settings
from piratetable.ui.table import elements
from piratetable.ui.table.painters import Painters

from .helpers import record_text, step

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ("en", "ru", "it", "ko")
NAMES = ["Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan", "Черная Борода",
         "김선장", "Bartholomew Roberts", "Ching Shih", "Jean Lafitte", "Olivier Levasseur"]
MIN_PRINT = 12        # px: the hint and odds rows never print smaller
MIN_SQUEEZE = 0.66    # a text squeezed narrower than this (two thirds of its width) to fit is as good as cut


class Probe(pygame.Surface):
    """A screen that remembers where text surfaces and icons went."""

    texts: dict = {}      # id(surface) -> its text
    facts: dict = {}      # id(surface) -> (weak reference to it, print size in px, squeeze: drawn width / full width)
    icons: dict = {}      # id(surface) -> weak reference to an icon the painters made

    def reset(self):
        self.seen: list[tuple[str, pygame.Rect]] = []
        self.prints: list[tuple[int, float]] = []        # per `seen`: (print size, squeeze)
        self.panels: list[pygame.Rect] = []
        self.pictures: list[pygame.Rect] = []            # icons (a skull, a cube, a coin …)

    def blit(self, source, dest, area=None, special_flags=0):
        at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)[:2]
        size = pygame.Rect(area).size if area is not None else source.get_size()
        text = Probe.texts.get(id(source))
        fact = Probe.facts.get(id(source))
        if text is not None and text.strip() and (fact is None or fact[0]() is source):
            self.seen.append((text, pygame.Rect(at, size)))
            self.prints.append(fact[1:] if fact is not None else (0, 1.0))
        elif id(source) in Probe.icons and Probe.icons[id(source)]() is source:
            self.pictures.append(pygame.Rect(at, size))
        return super().blit(source, dest, area, special_flags)


def _note(surf, text: str, size: int, squeeze: float) -> None:
    Probe.texts[id(surf)] = text
    Probe.facts[id(surf)] = (weakref.ref(surf), size, squeeze)


def recording_fit(fit):
    """`fit` that notes a squeezed text as that text, drawn narrower (and how much narrower)."""
    def squeezed(img, width):
        out = fit(img, width)
        fact = Probe.facts.get(id(img))
        if out is not img and id(img) in Probe.texts and fact is not None and fact[0]() is img:
            _note(out, Probe.texts[id(img)], fact[1], fact[2] * out.get_width() / max(1, img.get_width()))
        return out
    return squeezed


def fit_users(fit) -> list:
    """The UI modules whose own `fit` is `fit` (the table's and every game painters')."""
    return [module for name, module in list(sys.modules.items())
            if name.startswith("piratetable.ui") and getattr(module, "fit", None) is fit]


@contextlib.contextmanager
def probe_patches():
    """While drawing: every text rendered (and squeezed to fit), every icon and every panel is noted, so that a
    `Probe` screen knows what was blitted on it; what lies under a modal's veil is forgotten. The `probe`
    fixture and the screen explorer (tests/explorer/screen.py) draw under the same notes."""

    def noting(surf, text, size):
        _note(surf, text, int(size), 1.0)    # (with a weak reference: a surface made later at a freed one's id
                                             # is not taken for that text)

    icon = Painters.icon

    def recording_icon(self, name, size, filled=True):
        surf = icon(self, name, size, filled)
        Probe.icons[id(surf)] = weakref.ref(surf)
        return surf

    veil = Scene.draw_veil

    def forgetting_veil(self, surface):   # what lies under a veil (a modal's background) is not checked
        if isinstance(surface, Probe):
            surface.reset()
        return veil(self, surface)

    with pytest.MonkeyPatch.context() as mp:
        record_text(mp, noting)
        squeezed = recording_fit(elements.fit)
        for module in fit_users(elements.fit):
            mp.setattr(module, "fit", squeezed)
        mp.setattr(Painters, "icon", recording_icon)
        for name in ("panel", "parchment"):
            original = getattr(art, name)

            def recording_panel(surface, rect, *args, _original=original, **kwargs):
                if isinstance(surface, Probe):
                    surface.panels.append(pygame.Rect(rect))
                return _original(surface, rect, *args, **kwargs)

            mp.setattr(art, name, recording_panel)
        mp.setattr(Scene, "draw_veil", forgetting_veil)
        try:
            yield
        finally:
            Probe.texts.clear()
            Probe.facts.clear()
            Probe.icons.clear()


@pytest.fixture
def probe():
    with probe_patches():
        yield


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
    buttons = [b for b in _widgets(app.manager.get_root_container()) if isinstance(b, UIButton) and b.visible
               and _shown(b).width > 0]
    out += button_problems(buttons, where)
    blits = screen.seen
    prints = getattr(screen, "prints", [(0, 1.0)] * len(blits))
    for i, (text, rect) in enumerate(blits):
        if not bounds.contains(rect):
            out.append(f"{where}: {text!r} leaves the window at {rect}")
            continue
        if prints[i][1] < MIN_SQUEEZE:
            out.append(f"{where}: {text!r} {rect} is squeezed to {prints[i][1]:.0%} of its width to fit")
        home = [p for p in screen.panels if p.collidepoint(rect.center) and p.width * p.height > rect.width * 4]
        if home:
            panel = min(home, key=lambda p: p.width * p.height)
            if not panel.inflate(4, 4).contains(rect):
                out.append(f"{where}: {text!r} {rect} runs out of its panel {panel}")
        for b in buttons:
            if _overlap(rect, _shown(b)) > 0.25:
                out.append(f"{where}: {text!r} {rect} lies under a button {_shown(b)}")
                break
        for picture in getattr(screen, "pictures", ()):
            if _overlap(rect, picture) > 0.3:
                out.append(f"{where}: {text!r} {rect} lies on an icon {picture}")
                break
        for other, orect in blits[i + 1:]:     # (the same text a few pixels off: its shadow)
            far = abs(rect.x - orect.x) + abs(rect.y - orect.y) > max(4, min(rect.size) // 4)
            if (other != text or far) and _overlap(rect, orect) > 0.3:
                out.append(f"{where}: {text!r} {rect} overlaps {other!r} {orect}")
    return out


def button_problems(buttons, where: str) -> list[str]:
    """A button's label wider than the room inside its border is cut by pygame_gui (its end, with the points of
    "Stop: bank +600  [S]", is lost)."""
    out = []
    for b in buttons:     # (a one-glyph button — a scroll bar's arrow — is as narrow as its glyph allows)
        if len(b.text) > 2 and b.font is not None and b.font.size(b.text)[0] > b.rect.width - 8:
            out.append(f"{where}: the button {b.text!r} is cut: its label is {b.font.size(b.text)[0]} px wide, "
                       f"the button {b.rect.width} px")
    return out


def drawn_whole(screen: Probe, text: str) -> bool:
    """Whether `text` was drawn whole: on one line or on lines drawn one after the other (never cut with "…")."""
    seq = " ".join(" ".join(t.split()) for t, _r in screen.seen)
    return " ".join(text.split()) in seq


def table_texts(scene) -> list[str]:
    """What the table at the screen says and must show whole: the target and the status in the header, the
    panels' lines, the captions of the counters, trays and piles, the hint line and the odds line."""
    table = scene.renderer.displayed
    out = [table.subtitle, table.status] if table is not None else []
    for e in table.elements() if table is not None else ():
        if isinstance(e, Info):
            out += [e.heading, e.big, *e.lines]
        elif isinstance(e, Track):
            out += [e.title, e.note]
        elif isinstance(e, (DiceTray, DiceArea)):
            out += [e.title, e.note] if isinstance(e, DiceTray) else [e.title]
        elif isinstance(e, Zone) and e not in table.hidden_zones and e.style != "custom":   # (a painter's own)
            out += [e.title, e.note]
    out += [scene.driver.hint_line(), scene.driver.odds_line()]
    return [t for t in out if t and t.strip()]


def table_problems(scene, screen: Probe, where: str) -> list[str]:
    """The table's own checks (beside `problems_of`): its texts drawn whole, the insight rows readable."""
    table = scene.renderer.displayed
    header = (table.subtitle, table.status) if table is not None else ()
    out = [f"{where}: {text!r} is not drawn whole" for text in table_texts(scene) if not drawn_whole(screen, text)
           and not (text in header and text in getattr(scene, "header_cut", ""))]   # too long for the header: on hover
    rows = scene.insight_rect
    for (text, rect), (size, _squeeze) in zip(screen.seen, screen.prints):
        if rows.height > 0 and rows.contains(rect) and 0 < size < MIN_PRINT:
            out.append(f"{where}: {text!r} prints at {size} px in the hint and odds rows (under {MIN_PRINT})")
    return out


def _overlap(a: pygame.Rect, b: pygame.Rect) -> float:
    c = a.clip(b)
    return c.width * c.height / max(1, min(a.width * a.height, b.width * b.height))


def _shown(widget) -> pygame.Rect:
    """The part of a widget that shows: its rect clipped by every container it lies in (a seat scrolled out of a
    scrolling list is there, and hidden)."""
    rect, box = widget.rect.copy(), getattr(widget, "ui_container", None)
    for _ in range(20):
        if box is None:
            break
        rect = rect.clip(box.rect) if rect.colliderect(box.rect) else pygame.Rect(rect.x, rect.y, 0, 0)
        box = box.ui_container if getattr(box, "ui_container", None) is not box else None
    return rect


def _widgets(container):
    """Every widget inside `container`, the scenes' own containers' too (a container is its own container)."""
    for el in getattr(container, "elements", []):
        yield el
        inner = el.get_container() if hasattr(el, "get_container") else None
        if inner is not None and inner is not container:
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
        from piratetable.ui.scenes.showdown import ShowdownScene
        for n in (3, 12):                          # the showdown that says the most: every hand, its cost, the lines
            match = finished("petrangola", n)
            infos = [SeatInfo(s.name, s.bot) for s in match.seats]
            reveals = [match.game.reveal(for_viewer(e.events, None), infos) for e in match.history]
            reveal = max((r for r in reveals if r is not None), key=lambda r: (len(r.hands), len(r.lines)))
            app.reset_to(ShowdownScene(app, match.game, reveal))
            step(app, 2)
            check(app, f"showdown petrangola {n}", problems, seen)
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
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems[:60])


# --- text scale, and the table with its hint and odds rows ---------------------------------------------------------
def at_my_turn(game_id: str, n: int, seed: int, moves: int = 0, roll: bool = False) -> Match:
    """A match where the person at seat 0 (the others bots) is to play, after `moves` random moves of everybody;
    `roll`: Piraten Kapern's first roll made, so that there are dice to choose."""
    match = Match(load_config(game_id), [Seat(NAMES[0])] + [Seat(NAMES[i], "easy") for i in range(1, n)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])
    while match.current != 0:
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])
    if roll:
        match.play(next(a for a in match.legal() if str(a) == "roll"))
        assert match.current == 0, "this seed's first roll ends the trip: choose another"
    assert not match.over
    return match


# The states the table is checked in at every text scale: the longest odds line (two dice chosen) beside a sea
# battle, Treasure Island (three action buttons), the majority table of four, a Pirataki of four, Petrangola's
# ring of six and of twelve. (name: game, seats, seed, random moves first, roll, dice to choose)
STATES = {"pk sea battle, 2 dice chosen": ("piraten_kapern", 2, 9, 0, True, (2, 3)),
          "pk treasure island, 5 seats": ("piraten_kapern", 5, 2, 0, True, (4, 5)),
          "piratz 4": ("piratz", 4, 3, 14, False, ()),
          "pirataki 4": ("pirataki", 4, 3, 10, False, ()),
          "petrangola 6": ("petrangola", 6, 3, 0, False, ()),
          "petrangola 12": ("petrangola", 12, 3, 0, False, ())}
_hints: dict = {}


def hint_for(name: str, match: Match):
    """The hard bot's hint for the state `name` (worked out once, then shared by every run)."""
    if name not in _hints:
        from piratetable import insight
        _hints[name] = insight.hint(match.game, match.view(0), match.legal(), 0, match.bot_stream_seed(0))
    return _hints[name]


# Every size at every scale; each language at 150 % and at most sizes (all four at the tightest, 960×600 at
# 150 %); 100 % in all four languages at every size is `test_every_scene_fits_the_window`'s (with Odds on).
SCALE_RUNS = [((960, 600), 0.85, "ko"), ((960, 600), 1.0, "it"), ((960, 600), 1.5, "ru"), ((960, 600), 1.5, "ko"),
              ((960, 600), 1.5, "it"), ((960, 600), 1.5, "en"),
              ((1280, 720), 0.85, "ru"), ((1280, 720), 1.0, "ko"), ((1280, 720), 1.5, "it"), ((1280, 720), 1.5, "ru"),
              ((1920, 1080), 0.85, "it"), ((1920, 1080), 1.0, "en"), ((1920, 1080), 1.5, "ko")]


@pytest.mark.parametrize("size,scale,lang", SCALE_RUNS,
                         ids=[f"{w}x{h}-{round(s * 100)}-{lang}" for (w, h), s, lang in SCALE_RUNS])
def test_the_table_fits_every_text_scale_with_hint_and_odds(size, scale, lang, probe, tmp_path, monkeypatch):
    from concurrent.futures import Future

    from piratetable.ui import insight as insight_ui
    from piratetable.ui.scenes.settings import SettingsScene
    from piratetable.ui.scenes.table import TableScene
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant", coach="off", language=lang, odds=True, ui_scale=scale))
    problems: list[str] = []
    try:
        step(app, 2)
        app.push(SettingsScene(app))
        step(app, 2)
        problems += problems_of(app, shoot(app), "settings")
        for name, (game_id, n, seed, moves, roll, dice) in STATES.items():
            match = at_my_turn(game_id, n, seed, moves, roll)
            hint = hint_for(name, match)
            done: Future = Future()
            done.set_result(hint)
            monkeypatch.setattr(insight_ui, "ask_hint", lambda m, s, _done=done: _done)
            table = TableScene(app, match)
            app.reset_to(table)
            step(app, 2)
            assert table.my_turn and not table.renderer.busy()
            for d in dice:
                table._outcome(table.renderer.selection.toggle(Pick("die", d), play=False))
            step(app, 1)
            felt = table.play_rect.copy()
            table.ask_hint()
            step(app, 2)
            assert table.driver.hint is not None and table.driver._odds_on()
            screen = shoot(app)
            where = f"{name} with hint and odds"
            problems += problems_of(app, screen, where) + table_problems(table, screen, where)
            status = table.renderer.displayed.status
            if game_id == "piraten_kapern" and not drawn_whole(screen, status):    # the target is never cut
                problems.append(f"{where}: the target {status!r} is cut")
            if dice:
                assert "?" not in table.driver.odds_line() and table.driver.odds_line() != "—"
            if table.play_rect != felt:
                problems.append(f"{name}: showing the hint and the odds moved the felt from {felt} to {table.play_rect}")
            table.toggle_odds()
            table.driver._clear_hint()
            step(app, 2)
            assert not table.driver._odds_on() and table.driver.hint_line() == ""
            screen = shoot(app)
            problems += problems_of(app, screen, name) + table_problems(table, screen, name)
            if table.play_rect != felt:
                problems.append(f"{name}: hiding the hint and the odds moved the felt from {felt} to {table.play_rect}")
            table.toggle_odds()
    finally:
        app.close()
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_text_size_buttons_stay_under_the_pointer(size, tmp_path, monkeypatch):
    """Settings → Display → Text: pressing + (or −) again and again, the pointer stays on the button: the dialog
    grows with the text, the text size buttons stay where they are."""
    from piratetable.ui.scenes.settings import SettingsScene
    from piratetable.ui.settings import UI_SCALES

    from .helpers import click
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(speed="instant", ui_scale=UI_SCALES[0]))
    try:
        step(app, 2)
        app.push(SettingsScene(app))
        step(app, 2)
        scene = app.top
        where = (scene.scale_down.rect.copy(), scene.scale_value.rect.copy(), scene.scale_up.rect.copy())
        for scale, button in [(s, 2) for s in UI_SCALES[1:]] + [(s, 0) for s in reversed(UI_SCALES[:-1])]:
            click(app, where[button].center)
            assert app.settings.ui_scale == scale and app.top is scene
            now = (scene.scale_down.rect, scene.scale_value.rect, scene.scale_up.rect)
            assert now == where, f"at {scale:.0%} the text size buttons moved from {where} to {now}"
    finally:
        app.close()


# --- the table explorer's finds (tests/explorer/screen.py): each at the explored position it failed at ------------
def _app_at(size, scale: float, lang: str, monkeypatch, tmp_path, **settings) -> App:
    """The app at a window size, text scale and language; bots hold their move (the position stays put)."""
    from concurrent.futures import Future

    from piratetable.ui import bots as ui_bots
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    monkeypatch.setattr(ui_bots, "think", lambda match, seat: Future())
    app = App(size=size, settings=Settings(speed="instant", language=lang, ui_scale=scale, **settings))
    step(app, 2)
    return app


def _explored(game: str, variant: str, options: dict, seats: list, seed: int, actions=()) -> Match:
    from tests.explorer.world import Case
    return Case(game, variant, options, [tuple(s) for s in seats], seed, list(actions)).match()


TIP_STATES = {   # the tip wrapped onto more lines than its row holds, and ran out of its panel
    "piratz 960x600 150 % en": ((960, 600), "en", ("piratz", "default", {"open_collections": False,
                                                                        "rats_must_take": False},
                                                   [("Anne Bonny", None), ("Blackbeard", "random")], 1)),
    "pk 960x600 150 % it": ((960, 600), "it", ("piraten_kapern", "default", {"guardian_saves_third_skull": True,
                                                                             "target": None},
                                               [("Anne Bonny", None), ("Blackbeard", "random"), ("Mary Read", "hard"),
                                                ("Calico Jack", "easy"), ("Grace O'Malley", "random")], 67738)),
}


@pytest.mark.parametrize("name", TIP_STATES)
def test_a_tip_prints_smaller_to_fit_its_row_whole(name, probe, monkeypatch, tmp_path):
    from piratetable.ui.scenes.table import TableScene
    size, lang, case = TIP_STATES[name]
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path, coach="always")
    try:
        table = TableScene(app, _explored(*case))
        app.reset_to(table)
        step(app, 2)
        tip = table.renderer.table.coach
        assert tip and table.my_turn
        screen = shoot(app)
        assert problems_of(app, screen, name) == []
        assert drawn_whole(screen, tip) and not getattr(table, "coach_cut", "")
        tips = [(text, size) for (text, rect), (size, _s) in zip(screen.seen, screen.prints)
                if table.coach_rect.contains(rect)]
        assert tips and min(size for _t, size in tips) >= MIN_PRINT, tips
    finally:
        app.close()


def test_a_tip_longer_than_its_row_is_cut_and_shows_whole_on_hover(probe, monkeypatch, tmp_path):
    from piratetable.ui.scenes.table import TableScene
    size, lang, case = TIP_STATES["piratz 960x600 150 % en"]
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path, coach="always")
    try:
        table = TableScene(app, _explored(*case))
        app.reset_to(table)
        step(app, 2)
        long = " ".join(["Reveal a card, or take a type now to collect every face-up card showing it."] * 4)
        table.renderer.show(dataclasses.replace(table.renderer.table, coach=long))
        screen = shoot(app)
        assert problems_of(app, screen, "a long tip") == []
        assert getattr(table, "coach_cut", "") == long and not drawn_whole(screen, long)
        inside = [text for text, rect in screen.seen if table.coach_rect.contains(rect)]
        assert inside[-1].endswith("…")
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: table.coach_rect.center)
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        assert drawn_whole(shoot(app), long)
    finally:
        app.close()


@pytest.mark.parametrize("size,lang", [((960, 600), "it"), ((960, 600), "ko"), ((960, 600), "ru"), ((1280, 720), "en")],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_replay_buttons_show_every_seat_whole_at_150_percent(size, lang, probe, monkeypatch, tmp_path):
    """The explorer's find: in the replay viewer at 960×600, text 150 %, "Seat: Anne Bonny  [S]" (215 px in the
    buttons' own print) was cut in its 185 px button, and so was "Show all cards". Each button is as wide as its
    longest label needs (every seat's name); a label that still cannot fit drops its key first."""
    from piratetable.i18n import _
    from piratetable.ui.scenes.replay import ReplayScene
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
    try:
        seats = [("Anne Bonny", None), ("Blackbeard", None), ("Mary Read", "normal"), ("Grace O'Malley", "easy")]
        match = _explored("piratz", "default", {}, seats, 127123, ["reveal", "end", "reveal", "end"])
        scene = ReplayScene(app, match)
        app.reset_to(scene)
        step(app, 2)
        for seat, (name, _bot) in enumerate(seats):
            screen = shoot(app)
            assert problems_of(app, screen, f"seat {seat}") == []
            assert scene.buttons["seat"].text.startswith(_("Seat: {name}").format(name=name))
            assert scene.buttons["all"].text.startswith(_("Show all cards"))
            entry = scene.move_entry     # the move entry's placeholder ("Go to [G]") whole in the entry's print
            assert entry.font.size(_("Go to [G]"))[0] <= entry.rect.width - 2 * entry.padding[0] - 8
            scene.next_seat()
            step(app, 1)
    finally:
        app.close()


@pytest.mark.parametrize("size,lang", [((1280, 720), "it"), ((1280, 720), "en"), ((960, 600), "ru"),
                                       ((960, 600), "ko")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_results_buttons_fit_at_150_percent(size, lang, probe, monkeypatch, tmp_path):
    """The explorer's find: on the results at 1280×720, text 150 %, "Vedi il tavolo finale   [V]" (390 px in the
    large buttons' print) was cut in its 292 px button. A label drops its key, then prints smaller, to fit."""
    from piratetable.i18n import _
    from piratetable.ui.scenes.results import ResultsScene
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
    try:
        scene = ResultsScene(app, finished("piraten_kapern", 2))
        app.reset_to(scene)
        step(app, 2)
        assert problems_of(app, shoot(app), "results") == []
        for button, label in ((scene.rematch, _("Rematch")), (scene.view_table, _("View final table")),
                              (scene.to_title, _("Back to title")), (scene.replay_button, _("Replay"))):
            assert button.text.startswith(label), (button.text, label)
    finally:
        app.close()


@pytest.mark.parametrize("size,lang", [((960, 600), "ru"), ((960, 600), "en"), ((960, 600), "ko"), ((960, 600), "it"),
                                       ((1280, 720), "ru")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_new_game_buttons_fit_at_150_percent(size, lang, probe, monkeypatch, tmp_path):
    """Found playing at 960×600, text 150 %, in Russian: the new-game screen cut "Начать   [Enter]" and "Обновить
    конфигурации  [F5]" at their buttons' edges. Its buttons are labelled as the results' are: a label drops its
    key, then prints smaller, to fit."""
    from piratetable.i18n import _
    from piratetable.ui.scenes.new_game import NewGameScene
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
    try:
        scene = NewGameScene(app)
        app.reset_to(scene)
        step(app, 2)
        buttons = [b for b in _widgets(app.manager.get_root_container()) if isinstance(b, UIButton) and b.visible
                   and _shown(b).width > 0]
        assert button_problems(buttons, "new game") == []
        for button, label in ((scene.start, _("Start")), (scene.back, _("Back")),
                              (scene.reload, _("Reload configs")), (scene.guide_button, _("How to play"))):
            assert button.text.startswith(label[:4]), (button.text, label)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ru", "ko"])
def test_the_majority_rows_never_overlap_in_a_small_felt(lang, probe, monkeypatch, tmp_path):
    """The explorer's find: Piratz at 960×600, text 150 %, three or four seats: each row of the majority table
    printed the seat's name and under it its shovel ("holds the shovel") in print that stops shrinking at the
    felt's floor, so the shovel line lay on the next seat's name. Where the row cannot hold both lines the
    shovel goes beside the name, or (no room there either) into the row's tooltip."""
    from piratetable.ui.scenes.table import TableScene
    app = _app_at((960, 600), 1.5, lang, monkeypatch, tmp_path, coach="always")
    try:
        for n in (3, 4):
            seats = [(NAMES[i], None if i == 0 else "easy") for i in range(n)]
            table = TableScene(app, _explored("piratz", "default", {}, seats, 1788346, ["reveal", "end"]))
            app.reset_to(table)
            step(app, 2)
            screen = shoot(app)
            assert problems_of(app, screen, f"piratz {n} seats") == []
            for name, _bot in seats:
                assert any(text == name for text, _r in screen.seen), f"{name} is not drawn"
    finally:
        app.close()


def test_the_replay_move_line_follows_the_text_scale_and_shows_whole_on_hover(probe, monkeypatch, tmp_path):
    """The replay's move line printed at 15 px whatever the text scale (beside 21 px buttons at 150 %), in a box
    of fixed height; a line too long for the box was cut with no way to read it. Its box now holds two lines (three
    on a taller window) of the text scale's print; a longer line prints smaller, then is cut with "…" and shows
    whole on hover."""
    from piratetable.ui.scenes.replay import ReplayScene
    app = _app_at((960, 600), 1.5, "en", monkeypatch, tmp_path)
    try:
        match = _explored("piraten_kapern", "default", {}, [("Anne Bonny", None), ("Blackbeard", "easy")], 5, ["roll"])
        scene = ReplayScene(app, match)
        app.reset_to(scene)
        step(app, 2)
        scene.step_to(1)
        step(app, 1)
        line = scene.move_line()
        screen = shoot(app)
        assert problems_of(app, screen, "move line") == [] and drawn_whole(screen, line)
        sizes = [size for (text, _r), (size, _s) in zip(screen.seen, screen.prints) if text in line]
        assert sizes and min(sizes) >= round(15 * app.ui_scale), sizes
        long = " ".join([line] * 6)
        monkeypatch.setattr(ReplayScene, "move_line", lambda self: long)
        screen = shoot(app)
        assert problems_of(app, screen, "a long move line") == [] and not drawn_whole(screen, long)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (scene.play_rect.centerx, scene.play_rect.bottom + 20))
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        assert drawn_whole(shoot(app), long)
    finally:
        app.close()


RING_FLOOR = 11       # px: no text on Petrangola's table prints smaller (at 1280×720 and up; 960×600 as well)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_petrangola_reads_at_every_seat_count_and_language(size, probe, tmp_path, monkeypatch):
    """Petrangola at 3, 7 and 12 seats in the four languages: the probe's checks, no two plates overlapping, and no
    text of the table (plates, middle, own hand) under RING_FLOOR px."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    from piratetable.ui.scenes.table import TableScene
    app = App(size=size, settings=Settings(speed="instant", language="en"))
    problems: list[str] = []
    try:
        step(app, 2)
        for lang in LANGUAGES:
            app.set_language(lang)
            for n in (3, 7, 12):
                where = f"petrangola {n} {lang}"
                table = TableScene(app, played("petrangola", n, 30))
                app.reset_to(table)
                step(app, 2)
                screen = shoot(app)
                problems += problems_of(app, screen, where)
                plates = [r for _area, r in table.renderer._placement.seats.values()]
                problems += [f"{where}: plates {a} and {b} overlap" for i, a in enumerate(plates)
                             for b in plates[i + 1:] if a.colliderect(b)]
                felt = table.renderer._placement.rect          # the table top: plates, middle, own hand
                problems += [f"{where}: {text!r} prints at {px} px" for (text, rect), (px, _sq)
                             in zip(screen.seen, screen.prints) if 0 < px < RING_FLOOR and felt.contains(rect)]
    finally:
        app.set_language("en")
        app.close()
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("size,lang", [((960, 600), "ru"), ((960, 600), "it"), ((1280, 720), "ru"), ((960, 600), "ko")],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_piratz_discard_pile_never_cuts_a_word(size, lang, probe, tmp_path, monkeypatch):
    """Found playing Piratz at 960×600, text 150 %, in Russian: the discard pile's "закопанные в прошлых раундах"
    printed as "закопанн / ые в / прошлых" — a word cut in two, the last one lost. Its words print smaller to
    fit whole; a text still too long ends with "…"; a word wider than the pile even then, on hover only."""
    from piratetable.i18n import _
    from piratetable.ui.scenes.table import TableScene
    match = Match(load_config("piratz"), [Seat(NAMES[0])] + [Seat(NAMES[i], "easy") for i in (1, 2)], 4)
    rng = random.Random(2)
    while match.view(0)["discard"] == 0 or match.current != 0:
        legal = match.legal()
        match.play(legal[rng.randrange(len(legal))])
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
    try:
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 2)
        screen = shoot(app)
        pile = table.renderer.look.zones["discard"]
        note = _("buried in earlier rounds")
        lines = [text for text, r in screen.seen if pile.contains(r) and not text.isdigit()]
        words = " ".join(lines).split()
        if not words:     # a word wider than the pile even at the floor: the note on hover, with the pile's list
            assert any(t.rect == pile and t.tooltip.startswith(note) for t in table.renderer.look.targets)
            return
        assert all(w in note.split() for w in words[:-1]), lines
        assert words[-1] in note.split() or (words[-1].endswith("…") and " ".join(words)[:-1] in note), lines
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ru", "it", "ko"])
def test_the_cards_left_stay_clear_of_the_monte_keys_at_150_percent(lang, probe, tmp_path, monkeypatch):
    """Found playing at 960×600, text 150 %, twelve seats, in Russian: "Осталась 1 карта" under the deck ran into
    the monte's key "6" ("6Осталась 1 карта"). The caption wraps under the deck within the room beside the monte."""
    from piratetable.i18n import ngettext
    from piratetable.ui.scenes.table import TableScene
    match = _petrangola_at(12, lambda m: m.current == 0 and m.view(0)["phase"] in ("play", "final"))
    app = _app_at((960, 600), 1.5, lang, monkeypatch, tmp_path)
    try:
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 2)
        screen = shoot(app)
        stock = match.view(0)["stock_count"]
        left = ngettext("{n} card left", "{n} cards left", stock).format(n=stock)
        caption = [r for text, r in screen.seen if len(text) > 2 and text in left]
        keys = [r for text, r in screen.seen if text in ("4", "5", "6")]
        assert caption and keys, (left, [t for t, _r in screen.seen][:60])
        assert not [(c, k) for c in caption for k in keys if c.inflate(8, 0).colliderect(k)], (caption, keys)
    finally:
        app.close()


@pytest.mark.parametrize("size,lang", [((960, 600), "ru"), ((960, 600), "it"), ((960, 600), "en"), ((960, 600), "ko"),
                                       ((1280, 720), "ru")], ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_guide_buttons_fit_at_150_percent(size, lang, probe, monkeypatch, tmp_path):
    """Found playing at 960×600, text 150 %, in Russian: How to play's "Подробные правила  [R]" ran over its
    button's right edge. Its buttons are labelled as the results' are: a label drops its key, then prints smaller."""
    from piratetable.ui.scenes.guide import GuideScene
    app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
    try:
        for game_id in ("piraten_kapern", "petrangola"):
            app.reset_to(GuideScene(app, load_config(game_id)))
            step(app, 2)
            buttons = [b for b in _widgets(app.manager.get_root_container()) if isinstance(b, UIButton)
                       and b.visible and _shown(b).width > 0]
            assert button_problems(buttons, f"guide {game_id}") == []
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ru", "ko"])
def test_a_plate_name_stays_clear_of_its_cards_at_150_percent(lang, probe, tmp_path, monkeypatch):
    """Found playing at 960×600, text 150 %, twelve seats: the plates' cards and tokens were drawn over the lower
    half of the seat's name (the name prints at the ring's floor, taller than the plate's scaled room for it)."""
    from piratetable.ui.scenes.table import TableScene
    app = _app_at((960, 600), 1.5, lang, monkeypatch, tmp_path)
    problems: list[str] = []
    try:
        table = TableScene(app, played("petrangola", 12, 30))
        app.reset_to(table)
        step(app, 2)
        screen = shoot(app)
        renderer = table.renderer
        names = {a.seat: a.title for a in renderer.table.seats}
        cards = [r for r, _card in renderer.look.cards.values()]
        for seat, (_area, plate) in renderer._placement.seats.items():
            drawn = [r for text, r in screen.seen if plate.contains(r) and r.centery < plate.centery
                     and text.rstrip("…") and names[seat].startswith(text.rstrip("…")[:3])]
            assert drawn, (names[seat], plate)
            problems += [f"{names[seat]!r} {name} lies under a card {card}" for name in drawn for card in cards
                         if plate.contains(card) and name.colliderect(card)]
    finally:
        app.close()
    assert not problems, "\n".join(problems[:12])


def _petrangola_at(n: int, until, seed: int = 2) -> Match:
    """Petrangola with one person (seat 0) and n - 1 bots, played on by random legal moves until `until(match)`."""
    match = Match(load_config("petrangola"), [Seat(NAMES[0])] + [Seat(NAMES[i], "easy") for i in range(1, n)], seed)
    rng = random.Random(seed)
    while not match.over and not until(match):
        legal = match.legal()
        rebuy = [a for a in legal if a.verb == "rebuy"]        # everybody rebuys: the game goes on to the person's
        match.play(rebuy[0] if rebuy else legal[rng.randrange(len(legal))])
    return match


def test_the_rebuy_question_reads_at_twelve_seats_as_large_as_the_buttons(probe, tmp_path, monkeypatch):
    """Out of tokens with a rebuy to decide, at 12 seats and 960×600: the question is asked whole in the action
    bar, in the print of its buttons (it was a line of the hint row, 11 px at this size)."""
    from piratetable.ui.scenes.table import TableScene
    match = _petrangola_at(12, lambda m: m.state.ctx.phase == "rebuy" and m.current == 0)
    assert match.state.ctx.phase == "rebuy" and match.current == 0
    app = _app_at((960, 600), 1.0, "en", monkeypatch, tmp_path)
    problems: list[str] = []
    try:
        for lang in LANGUAGES:
            app.set_language(lang)
            table = TableScene(app, match)
            app.reset_to(table)
            step(app, 3)
            screen = shoot(app)
            problems += problems_of(app, screen, f"rebuy 12 {lang}")
            buttons = [b for b in table.action_bar.pool if b.visible]
            assert len(buttons) == 2 and all(b.rect.y >= table.bar_rect.y for b in buttons)
            bar_print = table.action_bar._pool_print[0][0]          # the print the bar gave its buttons
            if lang == "en":      # the question, wherever it is asked under the table, in the buttons' print
                asked = [px for (text, rect), (px, _sq) in zip(screen.seen, screen.prints) if "rebuy" in text
                         and rect.y > table.play_rect.bottom and not table.log_rect.colliderect(rect)]
                assert asked and max(asked) >= bar_print, (asked, bar_print)
            # the own area's line says it too, whole and beside the hand (it was squeezed under the cards)
            me = table.renderer.displayed.me
            mine = [table.renderer.look.cards[cv.key][0] for cv in me.items[0].cards]
            said = [rect for text, rect in screen.seen if text and text in me.sub and rect.x < mine[0].x]
            assert drawn_whole(screen, me.sub) and said and not any(r.colliderect(c) for r in said for c in mine), \
                (lang, me.sub)
            question = getattr(table.renderer.table, "question", "")
            assert question and NAMES[0] in question
            assert drawn_whole(screen, question), (lang, question)
            sizes = [px for (text, rect), (px, _sq) in zip(screen.seen, screen.prints)
                     if text.strip() and text.strip() in question and rect.colliderect(table.bar_rect)]
            assert sizes and min(sizes) >= bar_print >= 13, (lang, sizes, bar_print)
    finally:
        app.set_language("en")
        app.close()
    assert not problems, "\n".join(problems[:20])


def test_a_shortened_name_on_a_plate_shows_whole_on_hover(probe, tmp_path, monkeypatch):
    """Twelve seats at 960×600: a plate's name too long for it is shortened, and resting the mouse on it shows the
    full name."""
    from piratetable.ui.scenes.table import TableScene
    match = played("petrangola", 12, 30)
    app = _app_at((960, 600), 1.0, "en", monkeypatch, tmp_path)
    try:
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 3)
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (2, app.size[1] - 2))
        screen = shoot(app)
        plates = {seat: r for seat, (_area, r) in table.renderer._placement.seats.items()}
        cut = {seat: rect for seat, r in plates.items() for text, rect in screen.seen
               if r.contains(rect) and text.endswith("…") and NAMES[seat].startswith(text[:-1].rstrip())}
        assert "Bartholomew Roberts" in [NAMES[s] for s in cut] and len(cut) >= 3, [NAMES[s] for s in cut]

        def whole(screen, name):       # the full name drawn on the table (the score card names every seat whole)
            return any(text == name and not table.score_rect.colliderect(rect) for text, rect in screen.seen)

        for seat, at in cut.items():
            assert not whole(screen, NAMES[seat])
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda at=at: at.center)
            assert whole(shoot(app), NAMES[seat]), NAMES[seat]
    finally:
        app.close()


def test_a_name_cut_on_the_last_hand_panel_shows_whole_on_hover(probe, tmp_path, monkeypatch):
    """Twelve hands on the Last hand panel (Korean, 1280×720): a name cut with "…" on its hand's panel shows whole
    while the mouse rests on it."""
    from piratetable.ui.scenes.showdown import ShowdownScene
    from piratetable.ui.scenes.table import TableScene
    match = _petrangola_at(12, lambda m: m.state.hand_number == 2 and m.state.ctx.phase == "widow", seed=5)
    app = _app_at((1280, 720), 1.0, "ko", monkeypatch, tmp_path)
    try:
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 3)
        assert table.open_last_hand()
        step(app, 2)
        panel = app.top
        assert isinstance(panel, ShowdownScene) and panel.recall
        monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (2, 2))
        screen = shoot(app)
        names = {h.name for h in panel.reveal.hands}
        cut = {name: rect for text, rect in screen.seen if text.endswith("…") for name in names
               if name.startswith(text[:-1].rstrip())}
        assert "Bartholomew Roberts" in cut
        for name, rect in cut.items():
            assert not drawn_whole(screen, name)
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda rect=rect: rect.center)
            assert drawn_whole(shoot(app), name), name
    finally:
        app.set_language("en")
        app.close()


@pytest.mark.parametrize("size, least", [((960, 600), (78, 46)), ((1280, 720), (110, 64))],
                         ids=["960x600", "1280x720"])
def test_twelve_plates_use_three_sides_of_the_felt(size, least, tmp_path, monkeypatch):
    """Twelve seats: the eleven plates sit up the right side, across the top and down the left side of the felt (a
    ring of them left the corners empty and shrank them to 71×42 px at 960×600), apart, in the order play runs,
    clear of the table top and of the viewer's own area."""
    import math

    from piratetable.ui.scenes.table import TableScene
    app = _app_at(size, 1.0, "en", monkeypatch, tmp_path)
    try:
        table = TableScene(app, played("petrangola", 12, 30))
        app.reset_to(table)
        step(app, 2)
        pl = table.renderer._placement
        me = table.renderer.displayed.me.seat
        order = [(me + j) % 12 for j in range(1, 12)]           # play runs to the right from the viewer
        rects = [pl.seats[s][1] for s in order]
        assert all(r.width >= least[0] and r.height >= least[1] for r in rects), [r.size for r in rects]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert not any(r.colliderect(pl.oval) or r.colliderect(pl.me[1]) for r in rects)
        assert all(pl.rect.contains(r) for r in rects)
        assert rects[0].centerx > pl.oval.centerx and rects[-1].centerx < pl.oval.centerx     # right, then left
        angles = [pl.angles[s] for s in order]
        assert angles == sorted(angles, reverse=True) and angles[0] - angles[-1] < 2 * math.pi
    finally:
        app.close()


def test_the_lowest_hand_is_marked_whole_on_the_last_hand_panel_in_every_language(probe, tmp_path, monkeypatch):
    """Twelve hands at 960×600: the stamp that names the lowest hand in words ("Самая слабая рука") is printed
    whole on its panel in every language (it was cut to the width of the small cards: "Самая слабая…")."""
    from piratetable.ui.scenes.showdown import ShowdownScene
    from piratetable.ui.scenes.table import TableScene
    match = _petrangola_at(12, lambda m: m.state.hand_number == 2 and m.state.ctx.phase == "widow", seed=5)
    app = _app_at((960, 600), 1.0, "en", monkeypatch, tmp_path)
    try:
        for lang in LANGUAGES:
            app.set_language(lang)
            table = TableScene(app, match)
            app.reset_to(table)
            step(app, 2)
            assert table.open_last_hand()
            step(app, 2)
            panel = app.top
            assert isinstance(panel, ShowdownScene)
            screen = shoot(app)
            assert problems_of(app, screen, f"last hand {lang}") == []
            marks = {h.mark for h in panel.reveal.hands if h.mark}
            assert marks and all(drawn_whole(screen, mark) for mark in marks), (lang, marks)
            for hand, box, _rects in panel.panels:
                if hand.mark:
                    drawn = [rect for text, rect in screen.seen if text == hand.mark]
                    assert drawn and all(box.contains(r) for r in drawn), (lang, hand.name)
    finally:
        app.set_language("en")
        app.close()


# --- the Workshop ------------------------------------------------------------------------------------------------
class _Measured:
    """A finished Measure (its figures made up; the drawing is what is checked here)."""

    state, problem, done, total, fraction = "done", "", 400, 400, 1.0

    def __init__(self, players: int):
        from piratetable.lab.measure import LengthFigure, Measured, SeatFigure, Share
        seats = tuple(SeatFigure(s, Share(0.3 + 0.05 * s, 0.25, 0.4 + 0.05 * s), Share(0.33, 0.28, 0.38),
                                 Share(0.05 * s - 0.03, -0.1, 0.1 + 0.05 * s), s == 2) for s in range(players))
        self.result = Measured(200, players, "normal", 1 / players, seats,
                               LengthFigure("trips", 30.1, 50.0, Share(-19.9, -20.7, -19.0), True), 0)

    def poll(self):
        return False

    def cancel(self):
        pass


@pytest.mark.parametrize("size,lang", [(size, lang) for size in SIZES for lang in LANGUAGES],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
def test_the_workshop_fits_the_window(size, lang, probe, tmp_path, monkeypatch):
    """Every game's Workshop, one with a problem under its field, and Measure's results, at every size and in every
    language: nothing out of the window or its panel, on a button or on another text."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    from piratetable.ui.scenes.title import TitleScene
    from piratetable.ui.scenes.workshop import WorkshopScene
    app = App(size=size, settings=Settings(speed="instant", language=lang))
    problems: list[str] = []
    seen: dict = {}
    try:
        step(app, 2)
        check(app, "title", problems, seen)
        for game_id in ("piraten_kapern", "piratz", "pirataki", "petrangola"):
            app.workshop = None
            app.reset_to(TitleScene(app))
            scene = WorkshopScene(app)
            if game_id != scene.game_id:
                scene.model = type(scene.model)(load_config(game_id))
                app.workshop = scene.model
                scene.list.model = scene.model
            app.push(scene)
            step(app, 2)
            check(app, f"workshop {game_id}", problems, seen)
        model = scene.model
        model.set(model.field("players.min"), 6)       # Petrangola: more seats at least than at most, said under it
        model.set(model.field("players.max"), 4)
        scene.list.chosen = model.fields.index(model.field("players.min"))
        app.dirty = True
        step(app, 2)
        check(app, "workshop with a problem", problems, seen)
        model.undo()
        model.undo()
        scene.measuring = True
        scene.measure.job = _Measured(3)
        scene.resize()
        step(app, 2)
        check(app, "workshop measured", problems, seen)
    finally:
        app.close()
    assert all(n > 0 for n in seen.values()), seen
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_monte_reads_at_every_seat_count(size, probe, tmp_path, monkeypatch):
    """The monte is what a player swaps with: its cards stay readable at every seat count, 3 to 12, in a play turn
    (at least 30 px tall at 960×600, 40 at 1280×720). Found playing: with 5 to 8 seats the ring's plates on both
    sides squeezed the table top, and the monte's cards came out 14×20 px at 960×600 (19×27 at 1280×720), their
    suits coloured dots; a table of five seats and more now puts its plates on three sides of the felt, as nine
    and more did."""
    from piratetable.ui.scenes.table import TableScene
    app = _app_at(size, 1.0, "en", monkeypatch, tmp_path)
    smallest = {}
    try:
        for n in range(3, 13):
            match = _petrangola_at(n, lambda m: m.state.ctx.phase == "play" and m.current == 0
                                   and len(m.state.monte) == 3)
            table = TableScene(app, match)
            app.reset_to(table)
            step(app, 2)
            look = table.renderer.look
            monte = [r for r, _card in look.cards.values() if look.zones["monte"].contains(r)]
            assert len(monte) == 3, (n, monte)
            smallest[n] = min(r.height for r in monte)
    finally:
        app.close()
    floor = 30 if size == (960, 600) else 40
    assert all(h >= floor for h in smallest.values()), repr(smallest)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_game_info_says_when_it_is_cut(lang, probe, monkeypatch, tmp_path):
    """Found playing at 960×600, text 150 %: the variant's description under the list stopped mid-sentence with no
    sign that more was written. The last line that fits ends with "…" when the rest of its paragraph is left out —
    and only then: a whole description whose note about your own configs did not fit read "… банк.…" (Russian,
    1280×720, Petrangola). Every game at 960×600 and 1280×720, text 150 %."""
    from piratetable.config.loader import user_config_dir
    from piratetable.ui.scenes.new_game import KEYS, NewGameScene
    cut_inside = 0
    for size in ((960, 600), (1280, 720)):
        app = _app_at(size, 1.5, lang, monkeypatch, tmp_path)
        try:
            scene = NewGameScene(app)
            app.reset_to(scene)
            step(app, 4)
            for game in range(len(scene.games)):
                scene._game_pressed(game)
                step(app, 2)
                screen = shoot(app)
                drawn = [text for text, r in screen.seen if scene.info_rect.contains(r) and text.strip()]
                t, k = app.text, scene.k
                width = scene.info_rect.width - 28
                every = [(s, p) for p, (text, _c, size_, bold, wrap)
                         in enumerate(scene.form.info(user_config_dir(), KEYS.key("reload")))
                         for s in (t.wrap(text, round(size_ * k), width, bold) if wrap else [text])]
                assert drawn, "nothing drawn in the info panel"
                shown = [x for x in every if x[0].strip()][:len(drawn)]
                rest = every[every.index(shown[-1]) + 1:]
                where = (size, game, drawn[-3:])
                if rest and rest[0][1] == shown[-1][1]:         # its paragraph goes on: cut with "…"
                    cut_inside += 1
                    assert drawn[-1].endswith("…"), where
                else:
                    assert not drawn[-1].endswith("…") or shown[-1][0].endswith("…"), where
        finally:
            app.close()
    assert cut_inside, "the case this test is about: a paragraph cut at one of these sizes"


def _by_text_scale(size, monkeypatch, tmp_path, measure) -> dict:
    """`measure(table, screen)` at the person's turn of every state of `STATES`, English and Russian, at text 100,
    125 and 150 %: {(state, language): {scale: what it measured}}."""
    from piratetable.ui.scenes.table import TableScene
    out: dict = {}
    for lang in ("en", "ru"):
        for name, (game_id, n, seed, moves, roll, _dice) in STATES.items():
            for scale in (1.0, 1.25, 1.5):
                app = _app_at(size, scale, lang, monkeypatch, tmp_path, coach="off")
                try:
                    table = TableScene(app, at_my_turn(game_id, n, seed, moves, roll))
                    app.reset_to(table)
                    step(app, 2)
                    assert table.my_turn and table.renderer.displayed.status
                    out.setdefault((name, lang), {})[scale] = measure(table, shoot(app))
                finally:
                    app.close()
    return out


def _prints_in(screen, rect: pygame.Rect) -> list[int]:
    """The print sizes of the texts drawn inside `rect`, smallest first."""
    return sorted(px for (_t, r), (px, _s) in zip(screen.seen, screen.prints) if rect.contains(r) and px)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_status_line_prints_no_smaller_at_a_larger_text_scale(size, probe, tmp_path, monkeypatch):
    """Found playing at 150 %: "Anne Bonny, your move. Take a type (click it, or 1–6 and Enter) …" fitted one
    line at 100 % and printed in two smaller lines at 150 %, smaller than at 100 %. For every state of `STATES`,
    English and Russian: the status line's print at 125 % and 150 % is at least its print at 100 %."""
    got = _by_text_scale(size, monkeypatch, tmp_path,
                         lambda table, screen: min(_prints_in(screen, table.hint_rect), default=0))
    assert all(prints[1.0] > 0 for prints in got.values())
    problems = [f"{where}: the status prints at {prints} px by text scale" for where, prints in got.items()
                if min(prints[1.25], prints[1.5]) < prints[1.0]]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_felt_prints_no_smaller_at_a_larger_text_scale(size, probe, tmp_path, monkeypatch):
    """Found playing at 150 %: the header, the rows under the felt and the bar grew with the text, the felt got
    less room, and its print followed its size down — to 0.85 of the 100 % print in a 1280×720 window, where a
    person asked for larger text. For every state of `STATES`, English and Russian: the felt's print factor
    (`rooms.felt_boost`) makes up its lost size, and the median of its texts' print at 125 % and 150 % is within a
    pixel of that at 100 % (a text fitted to a plate or a box, which is smaller, prints smaller, as does a panel
    of text that must fit a shorter felt; before, the median fell 2 px at 150 % at 1280×720)."""
    from piratetable.ui.table.geometry import felt_k

    def measure(table, screen):
        sizes = _prints_in(screen, table.play_rect)
        return sizes[len(sizes) // 2], felt_k(table.play_rect, table.k) * table.renderer.boost

    got = _by_text_scale(size, monkeypatch, tmp_path, measure)
    problems = [f"{where}: the felt's (median print, print factor) {seen} by text scale"
                for where, seen in got.items() for scale in (1.25, 1.5)
                if seen[scale][0] < seen[1.0][0] - 1 or seen[scale][1] < seen[1.0][1] - 1e-9]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_score_card_badge_prints_smaller_before_it_is_cut(size, probe, tmp_path, monkeypatch):
    """Found playing in Russian at text 150 %: the score card's badge beside its title read "Раздач…" (Petrangola)
    and "побед…" (Pirataki), whole only on hover, where a smaller print would have shown it. For every state of
    `STATES` in Russian and Italian at 150 %: the badge is drawn whole, squeezed no narrower than the layout
    probe allows."""
    problems = []
    for lang in ("ru", "it"):
        for name, (game_id, n, seed, moves, roll, _dice) in STATES.items():
            app = _app_at(size, 1.5, lang, monkeypatch, tmp_path, coach="off")
            try:
                from piratetable.ui.scenes.table import TableScene
                table = TableScene(app, at_my_turn(game_id, n, seed, moves, roll))
                app.reset_to(table)
                step(app, 2)
                banner = table.renderer.displayed.score.banner
                screen = shoot(app)
                if banner and not drawn_whole(screen, banner):
                    problems.append(f"{name} {lang}: {banner!r} is cut")
                problems += [p for p in problems_of(app, screen, f"{name} {lang}") if "squeezed" in p]
            finally:
                app.close()
    assert not problems, "\n".join(problems)
