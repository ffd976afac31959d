"""Every scene's keys are data (`ui/keys.py`; the scene's `keys`): over every scene, in the states that make each of
its commands available, a press of any key of its table runs the command the table binds that key to (and nothing
when none of them may run now); every command of the table runs something and every keyed command is reached by
its key; and every button (or tooltip) that shows a key ("Back   [Esc]", "OK (Enter)") runs, when pressed, the
command of that key — so a label and a binding cannot disagree.

The commands are replaced by recorders: what each does is the other tests' business (the keys that did X before
the tables still do X there)."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton, UITextEntryLine

from piratetable import savegame
from piratetable.bots.base import decide
from piratetable.config.loader import load_config
from piratetable.engine.match import Match, Seat
from piratetable.table.standard import SeatInfo
from piratetable.ui.paths import saves_dir
from piratetable.ui.scenes.curtain import CurtainScene
from piratetable.ui.scenes.guide import GuideScene
from piratetable.ui.scenes.load import LoadScene
from piratetable.ui.scenes.message import MessageScene
from piratetable.ui.scenes.new_game import NewGameScene
from piratetable.ui.scenes.pause import PauseScene
from piratetable.ui.scenes.replay import ReplayScene
from piratetable.ui.scenes.results import ResultsScene
from piratetable.ui.scenes.rules import RulesScene
from piratetable.ui.scenes.save_dialog import SaveDialog
from piratetable.ui.scenes.settings import SettingsScene
from piratetable.ui.scenes.showdown import ShowdownScene
from piratetable.ui.scenes.statistics import StatisticsScene
from piratetable.ui.scenes.table import TableScene
from piratetable.ui.scenes.title import TitleScene
from piratetable.ui.scenes.workshop import WorkshopScene

from .helpers import run_until, step

_played: dict = {}


def finished(game_id: str, n: int = 3, seed: int = 4) -> Match:
    """A finished game of easy bots (seat 0 a person)."""
    if (game_id, n) not in _played:
        match = Match(load_config(game_id), [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(1, n)], seed)
        while not match.over:
            view, legal, stream = match.bot_inputs(match.current)
            match.play(decide(match.game, "easy", match.current, view, legal, stream))
        _played[(game_id, n)] = match
    return _played[(game_id, n)]


def after_a_showdown() -> Match:
    """Petrangola, one person and two bots, played on at random until it is the person's turn after a showdown."""
    match = Match(load_config("petrangola"), [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")], 3)
    rng = random.Random(3)
    while match.state.hand_number < 2 or match.current != 0:
        legal = match.legal()
        rebuy = [a for a in legal if a.verb == "rebuy"]
        match.play(rebuy[0] if rebuy else legal[rng.randrange(len(legal))])
    return match


def show(app, scene, over=None):
    """`scene` on top (over `over`), settled."""
    app.reset_to(over or scene)
    step(app, 2)
    if over is not None:
        app.push(scene)
        step(app, 2)
    run_until(app, lambda: app.top is scene and not scene.working(), frames=600)
    return scene


def new_game(app, focus=None):
    scene = show(app, NewGameScene(app))
    if focus is not None:            # the keyboard focus on the game tabs: Left and Right change the game
        scene.focus_ring.key = focus
        scene.resize()
        step(app, 1)
    return scene


def load(app, saved: bool):
    if saved:
        saves_dir().mkdir(parents=True, exist_ok=True)
        savegame.save(finished("piratz"), saves_dir() / "evening.json")
    return show(app, LoadScene(app))


def save_dialog(app):      # (the name has the keys: Enter ends it, and saves)
    return show(app, SaveDialog(app, finished("piratz")), over=TitleScene(app))


def replay(app, typing: bool):
    scene = show(app, ReplayScene(app, finished("petrangola")))
    if typing:
        scene.enter_move()
        step(app, 1)
    return scene


def showdown(app, recall: bool):
    match = finished("petrangola")
    infos = [SeatInfo(s.name, s.bot) for s in match.seats]
    reveal = next(r for e in match.history for r in (match.game.reveal(e.events, infos),) if r is not None)
    return show(app, ShowdownScene(app, match.game, reveal, recall=recall))


def table(app, match, review: bool = False):
    scene = TableScene(app, match, review=review)
    app.reset_to(scene)
    step(app, 3)
    while app.top is not scene:          # a curtain before the first person's cards
        app.top.close(True)
        step(app, 2)
    run_until(app, lambda: not scene.renderer.busy())
    return scene


def handing_over(app):
    """Petrangola between two people: the first has played; the screen is to be passed on."""
    scene = table(app, Match(load_config("petrangola"), [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], 2))
    scene.play(scene.match.legal()[0])
    run_until(app, lambda: scene.driver.handing_to is not None and not scene.renderer.busy() and app.top is scene)
    step(app, 2)
    return scene


def pause(app):
    under = table(app, Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Ben")], 5))
    return show(app, PauseScene(app, under), over=under)


def workshop_changed(app):
    """The Workshop with a change made (Undo may run)."""
    app.workshop = None
    scene = show(app, WorkshopScene(app), over=TitleScene(app))
    scene.change(1)
    scene.resize()
    step(app, 1)
    return scene


STATES = {
    TitleScene: [lambda app: show(app, TitleScene(app))],
    NewGameScene: [new_game, lambda app: new_game(app, focus=("games", 0))],
    SettingsScene: [lambda app: show(app, SettingsScene(app), over=TitleScene(app))],
    LoadScene: [lambda app: load(app, saved=False), lambda app: load(app, saved=True)],
    SaveDialog: [save_dialog],
    StatisticsScene: [lambda app: show(app, StatisticsScene(app))],
    GuideScene: [lambda app: show(app, GuideScene(app, None)), lambda app: show(app, GuideScene(app, "piratz"))],
    RulesScene: [lambda app: show(app, RulesScene(app))],
    ReplayScene: [lambda app: replay(app, typing=False), lambda app: replay(app, typing=True)],
    ResultsScene: [lambda app: show(app, ResultsScene(app, finished("pirataki")))],
    PauseScene: [pause],
    ShowdownScene: [lambda app: showdown(app, recall=False), lambda app: showdown(app, recall=True)],
    CurtainScene: [lambda app: show(app, CurtainScene(app, "Ann"))],
    MessageScene: [lambda app: show(app, MessageScene(app, "Note", "The configs are read again.")),
                   lambda app: show(app, MessageScene(app, "Which?", "Choose.", [("a", "Alpha"), ("b", "Beta"),
                                                                                ("c", "Gamma")], default="b"))],
    WorkshopScene: [lambda app: show(app, WorkshopScene(app), over=TitleScene(app)), workshop_changed],
    TableScene: [lambda app: table(app, Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Ben")], 5)),
                 lambda app: table(app, finished("piratz"), review=True),
                 handing_over, lambda app: table(app, after_a_showdown())],
}


def recording(scene) -> list[str]:
    """Replace what the scene's commands run by recorders; the names run, in order."""
    ran: list[str] = []
    scene.commands = lambda: {c.name: (lambda name=c.name: ran.append(name)) for c in scene.keys}
    return ran


def press(app, code: int, shift: bool, ctrl: bool = False) -> None:
    mod = (pygame.KMOD_LSHIFT if shift else 0) | (pygame.KMOD_LCTRL if ctrl else 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    step(app, 2)           # (a key a text field takes comes back as its event the frame after)


def buttons(element) -> list[UIButton]:
    """Every visible button inside `element` (scrolling lists and containers too)."""
    out = []
    todo = [element]
    while todo:
        el = todo.pop()
        if isinstance(el, UIButton) and el.visible:
            out.append(el)
        inner = el.get_container() if hasattr(el, "get_container") else None
        todo += list(getattr(el, "elements", [])) + ([inner] if inner is not None and inner is not el else [])
    return out


def fields(element) -> list[UITextEntryLine]:
    """Every visible text field inside `element`."""
    out = []
    todo = [element]
    while todo:
        el = todo.pop()
        if isinstance(el, UITextEntryLine) and el.visible:
            out.append(el)
        todo += list(getattr(el, "elements", []))
    return out


KEY_SHOWN = re.compile(r"\[([^\[\]]+)\]\s*$|\(([^()]+)\)\s*$")


def shown_key(text: str, names: set[str]) -> str | None:
    """The key a label or tooltip shows at its end: "[Esc]"; "(Enter)" where that names a key."""
    m = KEY_SHOWN.search(text or "")
    if m is None:
        return None
    return m.group(1) or (m.group(2) if m.group(2) in names else None)


@pytest.mark.parametrize("kind", list(STATES), ids=lambda k: k.__name__)
def test_every_key_of_a_scenes_table_runs_its_command_and_every_label_shows_its_key(app, kind):
    keys = kind.keys
    assert keys is not None, f"{kind.__name__} declares no keys"
    names = {c.key_name() for c in keys if c.key_name is not None}
    reached: set[str] = set()
    for make in STATES[kind]:
        scene = make(app)
        assert isinstance(scene, kind) and app.top is scene
        assert set(scene.commands()) == set(keys.commands), "every command runs something, and only commands run"
        real = scene.commands()
        ran = recording(scene)
        # a key of the table runs the one command it binds that may run now (none when none may)
        for c in keys:
            for code in c.keys:
                ran.clear()
                press(app, code, c.shift, c.ctrl)
                assert app.top is scene
                owners = [d.name for d in keys if code in d.keys and (c.shift or not d.shift)
                          and (c.ctrl or not d.ctrl)]
                owners = [n for n in owners if keys[n].ctrl] or owners if c.ctrl else owners
                may = [name for name in owners if scene.command_active(name)]
                assert len(ran) <= 1 and set(ran) <= set(may), (c.name, pygame.key.name(code), ran, may)
                if may and not (c.game_first and scene.key_taken(code)):
                    assert ran, f"{pygame.key.name(code)} ran none of {may}"
                reached |= set(ran)
        # a button that shows a key runs the command of that key
        skip = set(scene.action_bar.pool) - set(scene.command_buttons()) if isinstance(scene, TableScene) else set()
        labelled = 0
        for button in buttons(scene.root):
            if button in skip:       # the table's moves: their keys are the game's choices (`Group.key`)
                continue
            for text in (button.text, button.tool_tip_text):
                key = shown_key(text, names)
                if key is None:
                    continue
                name = scene.command_buttons().get(button)
                assert name is not None and keys.key(name) == key, (text, name)
                if button.is_enabled and scene.command_active(name):
                    ran.clear()
                    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
                    assert ran == [name], (text, ran)
                labelled += 1
        # a text field whose placeholder shows a key: that key gives it the keys ("Go to [G]")
        for entry in fields(scene.root):
            key = shown_key(entry.placeholder_text or "", names)
            if key is not None and not app.text_entry_focused():
                named = [c.name for c in keys if c.key_name is not None and keys.key(c.name) == key]
                assert named and scene.command_active(named[0]), (entry.placeholder_text, named)
                real[named[0]]()
                assert entry.is_focused, (entry.placeholder_text, named)
                app.manager.set_focus_set(None)
                labelled += 1
        assert labelled or kind is CurtainScene, f"no button of {kind.__name__} shows a key"
    unreached = {c.name for c in keys if c.keys} - reached
    assert not unreached, f"keys of {kind.__name__} that run nothing in any state: {sorted(unreached)}"


WRITTEN = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_SPACE: "Space",
           pygame.K_TAB: "Tab", pygame.K_LEFT: "←", pygame.K_RIGHT: "→", pygame.K_UP: "↑", pygame.K_DOWN: "↓",
           pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_HOME: "Home", pygame.K_END: "End",
           pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-", pygame.K_EQUALS: "+", pygame.K_PLUS: "+", pygame.K_KP_PLUS: "+"}


def written(code: int, shift: bool, ctrl: bool = False) -> str:
    """How a key is written on a button (in English)."""
    name = WRITTEN.get(code) or pygame.key.name(code).upper()
    return f"Ctrl+{name}" if ctrl else f"Shift+{name}" if shift else name


@pytest.mark.parametrize("kind", list(STATES), ids=lambda k: k.__name__)
def test_the_key_a_command_shows_is_one_of_its_keys(kind):
    """A label shows the command's `key_name`: it must name a key that runs the command."""
    from piratetable.ui.keys import APP_KEYS
    for keys in (kind.keys, APP_KEYS):
        for c in keys:
            if c.keys:
                assert keys.key(c.name) in {written(code, c.shift, c.ctrl) for code in c.keys}, (kind.__name__, c.name)
            else:
                assert c.key_name is None, f"{c.name} shows a key it has not"


def _function_of(node, parents: dict) -> str:
    """The name of the function `node` is in ("" at the module's level)."""
    while id(node) in parents and not isinstance(node, ast.FunctionDef):
        node = parents[id(node)]
    return getattr(node, "name", "")


def test_no_scene_reads_a_key_outside_its_table():
    """A scene names a key (`pygame.K_…`) only in its table (a `Command`, or a module constant one is built from),
    and reads no key code itself — but the table scene, which hands the keys its commands leave to the game's own
    choices (`TableRenderer.key`: the game's table names them)."""
    import piratetable.ui
    ui = Path(piratetable.ui.__file__).parent
    stray = []
    for path in sorted((ui / "scenes").glob("*.py")) + [ui / "form_focus.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Command":
                allowed |= {id(n) for n in ast.walk(node)}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                allowed |= {id(n) for n in ast.walk(node)}
        parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("K_") and id(node) not in allowed:
                stray.append(f"{path.name}:{node.lineno} {node.attr}")
            if isinstance(node, ast.Attribute) and node.attr == "key" and getattr(node.value, "id", "") == "event" \
                    and (path.name, _function_of(node, parents)) != ("table.py", "_input"):
                stray.append(f"{path.name}:{node.lineno} event.key")
    assert stray == []
