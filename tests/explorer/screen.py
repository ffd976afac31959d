"""The explorer at the screen: the same random reachable positions, drawn by the app at a window size, a text
scale and a language, with Odds, the hint and the tips on or off and items picked, then checked by the layout
probe of tests/ui/test_layout.py (every text inside the window and its panel, no text on another or under a
button) and for what the screen names.

One `App` serves a whole run (a window is slow to make); each look resizes it, sets its scale and language and
opens a fresh scene on the explored match. Bots never move on the screen here (their thinking is held), so the
position drawn is the position explored. Any error the app logs while drawing (a swallowed exception) fails the
look.
"""
from __future__ import annotations

import contextlib
import logging
from concurrent.futures import Future

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from piratetable.i18n import language
from piratetable.ui.settings import Settings

from ..ui.helpers import step
from ..ui.test_layout import probe_patches, problems_of, shoot
from . import checks as C
from .machine import STATS, Explorer
from .world import LANGUAGES

SIZES = ((960, 600), (1280, 720), (1920, 1080))
SCALES = (0.85, 1.0, 1.5)

_app = None


def app_for(size, scale: float, lang: str):
    """The run's App, at this window size, text scale and language."""
    global _app
    from piratetable.ui.app import App
    if _app is None:
        _app = App(size=size, settings=Settings(speed="instant", language=lang, ui_scale=scale))
        _app.collect_on_let_go = False   # a table dropped at every look: no full collection each time (App._drop)
        step(_app, 2)
    app = _app
    if app.size != tuple(size):
        app.windowed_size = tuple(size)
        app.screen = app._set_mode()
        app._after_resize()
    if app.settings.language != lang or language() != lang:   # (each test ends in English: tests/conftest.py)
        app.set_language(lang)
    if app.settings.ui_scale != scale:
        app.set_ui_scale(scale)
    return app


def close_app() -> None:
    global _app
    if _app is not None:
        _app.close()
        _app = None


class _Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@contextlib.contextmanager
def probing():
    """While drawing: the layout probe's notes (tests/ui/test_layout.py `probe_patches`: each text rendered or
    squeezed, each icon and panel, nothing under a modal's veil), the bots held, and logged errors collected."""
    from piratetable.ui import bots as ui_bots
    think = ui_bots.think
    errors = _Errors()
    root = logging.getLogger("piratetable")
    ui_bots.think = lambda match, seat: Future()       # a bot that never answers: the position stays put
    root.addHandler(errors)
    try:
        with probe_patches():
            yield errors
    finally:
        ui_bots.think = think
        root.removeHandler(errors)


def settle(app, scene, frames: int = 400) -> None:
    """Step until the scene shows the position at rest: no move being shown, the hint worked out."""
    for _ in range(frames):
        step(app, 1)
        hint = getattr(getattr(scene, "driver", None), "hint_future", None)
        busy = getattr(getattr(scene, "renderer", None), "busy", None)   # the table's renderer (not the recap's)
        if (hint is None or hint.done()) and (busy is None or not busy()):
            break
    step(app, 2)


class ScreenExplorer(Explorer):
    """The explored positions as the app draws them (see the module)."""

    @initialize(data=st.data())
    def screen_setup(self, data):
        self.size = data.draw(st.sampled_from(SIZES), label="window")
        self.scale = data.draw(st.sampled_from(SCALES), label="text scale")
        self.lang = data.draw(st.sampled_from(LANGUAGES), label="language")

    def _shoot(self, app, where: str, what: str, errors, known: set | None):
        """Draw the app's screen now and check it: the layout, no logged error, no card the viewer has not seen."""
        screen = shoot(app)
        problems = problems_of(app, screen, where)
        if problems:
            C.fail(f"layout_{what}", "\n".join(problems[:6]))
        if errors.records:
            record = errors.records[0]
            C.fail(f"logged_{what}", f"{where}: the app logged an error: {record.getMessage()} "
                                     f"{record.exc_info[1] if record.exc_info else ''}")
        if self.cards and known is not None:
            C.check_honest(f"honest_{what}", [t for t, _r in screen.seen], self.game, self.cards, known, where)
        STATS["screens"] += 1
        return screen

    @precondition(lambda self: self.looking())
    @rule(data=st.data())
    def table(self, data):
        self.look_table(size=self.size, scale=self.scale, lang=self.lang,
                        odds=data.draw(st.booleans(), label="odds"),
                        tips=data.draw(st.sampled_from(("always", "off")), label="tips"),
                        hint=data.draw(st.booleans(), label="hint"),
                        picks=data.draw(st.integers(0, 2 ** 16), label="picks"))

    def look_table(self, size, scale, lang, odds: bool, tips: str, hint: bool, picks: int) -> None:
        """The table of the seat at the screen with Odds, the tips and the hint on or off, then with items picked
        (a few of the table's pickable items, chosen by the `picks` seed)."""
        import random

        from piratetable.ui.scenes.table import TableScene
        size = tuple(size)
        where = self.where("table", size=size, scale=scale, lang=lang, odds=odds, tips=tips, hint=hint, picks=picks)
        with probing() as errors:
            app = app_for(size, scale, lang)
            app.settings.odds = odds
            app.settings.coach = tips
            scene = TableScene(app, self.match)
            app.reset_to(scene)
            settle(app, scene)
            seat = scene.screen_seat
            self._shoot(app, where, "table", errors, None if app.top is not scene else self.known_of(seat))
            if app.top is not scene or not scene.my_turn:
                return      # the pass-the-screen curtain (nothing of a hand may show: checked above), or a bot
            if hint:
                scene.ask_hint()
            table = scene.renderer.table
            items = sorted(C.pickables(table)) if table is not None else []
            rng = random.Random(picks)
            for p in rng.sample(items, rng.randint(0, min(4, len(items)))):
                scene.renderer.selection.toggle(p, play=False)
            scene.action_bar.dirty = True
            app.dirty = True
            settle(app, scene)
            self._shoot(app, f"{where} picked {sorted(scene.renderer.selection.items())}", "table_picked", errors,
                        self.known_of(seat))

    @precondition(lambda self: self.looking() and self.match.over)
    @rule()
    def results_screen(self):
        self.look_results_screen(size=self.size, scale=self.scale, lang=self.lang)

    def look_results_screen(self, size, scale, lang) -> None:
        """The results of a finished game, seen by everybody: only cards every seat has seen."""
        from piratetable.ui.scenes.results import ResultsScene
        size = tuple(size)
        where = self.where("results_screen", size=size, scale=scale, lang=lang)
        with probing() as errors:
            app = app_for(size, scale, lang)
            scene = ResultsScene(app, self.match)
            app.reset_to(scene)
            settle(app, scene)
            self._shoot(app, where, "results", errors, self.public())

    @precondition(lambda self: self.looking() and self.match.moves > 0)
    @rule(data=st.data())
    def replay_screen(self, data):
        self.look_replay_screen(size=self.size, scale=self.scale, lang=self.lang,
                                at=data.draw(st.integers(0, self.match.moves), label="move"),
                                seats=data.draw(st.integers(0, len(self.case.seats) - 1), label="seat presses"),
                                reveal=self.match.over and data.draw(st.booleans(), label="show all"))

    def look_replay_screen(self, size, scale, lang, at: int, seats: int = 0, reveal: bool = False) -> None:
        """The replay viewer at a move, after the Seat button pressed `seats` times (and Show all cards, once the
        game is over): only what the seat shown has seen (everybody, for the spectator an unfinished game that
        hides cards opens on), unless every card is shown."""
        from piratetable.ui.scenes.replay import ReplayScene
        size = tuple(size)
        where = self.where("replay_screen", size=size, scale=scale, lang=lang, at=at, seats=seats, reveal=reveal)
        with probing() as errors:
            app = app_for(size, scale, lang)
            scene = ReplayScene(app, self.match)
            app.reset_to(scene)
            settle(app, scene)
            scene.step_to(at)
            for _ in range(seats):
                scene.next_seat()
            if reveal:
                scene.show_all()
            settle(app, scene)
            viewer = scene.replay.viewer
            shown = None if scene.replay.revealed else self.public() if viewer is None else self.known_of(viewer)
            self._shoot(app, where, "replay", errors, shown)
