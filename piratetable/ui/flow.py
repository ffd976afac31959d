"""The flow: what comes next after a scene asks for it (`ui/outcomes.py`). The one place that builds scenes and
decides how they stack — pushed over the asking scene (a modal, a screen with Back), put in its place, or
everything closed first (a new match, the title). Scenes only name what they want (`App.go(outcome)`), so no
scene module imports another."""
from __future__ import annotations

from collections.abc import Callable

from . import outcomes as O
from .scenes.curtain import CurtainScene
from .scenes.guide import open_guide
from .scenes.load import LoadScene
from .scenes.message import MessageScene
from .scenes.new_game import NewGameScene
from .scenes.pause import PauseScene
from .scenes.replay import ReplayScene
from .scenes.results import ResultsScene
from .scenes.rules import RulesScene
from .scenes.save_dialog import SaveDialog
from .scenes.settings import SettingsScene
from .scenes.showdown import ShowdownScene
from .scenes.statistics import StatisticsScene
from .scenes.table import TableScene
from .scenes.title import TitleScene


def go(app, outcome: O.Outcome, then: Callable | None = None) -> None:
    """Show what `outcome` asks for; `then` receives the value the new scene closes with (modal scenes)."""
    handler = _FLOW.get(type(outcome))
    if handler is None:
        raise TypeError(f"no scene follows {outcome!r}")
    handler(app, outcome, then)


def _push(make) -> Callable:
    """Over the asking scene (Esc or Back comes back to it)."""
    return lambda app, o, then: app.push(make(app, o), on_result=then)


def _instead(make) -> Callable:
    """In the asking scene's place."""
    return lambda app, o, then: app.replace(make(app, o))


def _alone(make) -> Callable:
    """Every scene closed first."""
    return lambda app, o, then: app.reset_to(make(app, o))


def _guide(app, o: O.OpenGuide, then) -> None:
    open_guide(app, o.game, page=o.page)


def _ask(app, o: O.Ask, then) -> None:
    app.push(MessageScene(app, o.title, o.text, list(o.choices) or None, default=o.default), on_result=then)


_FLOW: dict[type, Callable] = {
    O.ToTitle: _alone(lambda app, o: TitleScene(app)),
    O.OpenNewGame: _push(lambda app, o: NewGameScene(app)),
    O.OpenLoad: _push(lambda app, o: LoadScene(app)),
    O.OpenStatistics: _push(lambda app, o: StatisticsScene(app)),
    O.OpenSettings: _push(lambda app, o: SettingsScene(app)),
    O.OpenGuide: _guide,
    O.OpenRules: _push(lambda app, o: RulesScene(app, o.game, from_guide=o.from_guide)),
    O.StartMatch: _alone(lambda app, o: TableScene(app, o.match)),
    O.ViewFinalTable: _push(lambda app, o: TableScene(app, o.match, review=True)),
    O.ShowResults: _instead(lambda app, o: ResultsScene(app, o.match)),
    O.OpenReplay: _push(lambda app, o: ReplayScene(app, o.match, o.path)),
    O.Pause: _push(lambda app, o: PauseScene(app, o.table)),
    O.SaveGame: _push(lambda app, o: SaveDialog(app, o.match)),
    O.ShowReveal: _push(lambda app, o: ShowdownScene(app, o.game, o.reveal, o.events, recall=o.recall)),
    O.PassScreen: _push(lambda app, o: CurtainScene(app, o.name)),
    O.Ask: _ask,
}
