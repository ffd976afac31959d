"""The flow: what comes next after a scene asks for it (`ui/outcomes.py`). The one place that builds scenes and
decides how they stack — pushed over the asking scene (a modal, a screen with Back), put in its place, or
everything closed first (a new match, the title). Scenes only name what they want (`App.go(outcome)`), so no
scene module imports another."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from . import outcomes as O


def _scene(module: str, name: str) -> Any:
    """The class `name` of `ui/scenes/<module>.py`, imported when it is first shown: the start imports only the
    title's module, not every scene's (and what they draw with: the table, the guide's Markdown, the replays)."""
    return getattr(importlib.import_module(f"{__package__}.scenes.{module}"), name)


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


def resume_now(app) -> None:
    """`piratetable --resume`: the title's Resume at once (its messages when there is nothing to resume); nothing
    when something else is up first (a message about a damaged settings file, say)."""
    if isinstance(app.top, _scene("title", "TitleScene")):
        app.top.resume()


def _guide(app, o: O.OpenGuide, then) -> None:
    _scene("guide", "open_guide")(app, o.game, page=o.page)


def _ask(app, o: O.Ask, then) -> None:
    app.push(_scene("message", "MessageScene")(app, o.title, o.text, list(o.choices) or None, default=o.default),
             on_result=then)


_FLOW: dict[type, Callable] = {
    O.ToTitle: _alone(lambda app, o: _scene("title", "TitleScene")(app)),
    O.OpenNewGame: _push(lambda app, o: _scene("new_game", "NewGameScene")(app)),
    O.OpenWorkshop: _push(lambda app, o: _scene("workshop", "WorkshopScene")(app)),
    O.OpenLoad: _push(lambda app, o: _scene("load", "LoadScene")(app)),
    O.OpenStatistics: _push(lambda app, o: _scene("statistics", "StatisticsScene")(app)),
    O.OpenSettings: _push(lambda app, o: _scene("settings", "SettingsScene")(app)),
    O.OpenGuide: _guide,
    O.OpenRules: _push(lambda app, o: _scene("rules", "RulesScene")(app, o.game, from_guide=o.from_guide)),
    O.StartMatch: _alone(lambda app, o: _scene("table", "TableScene")(app, o.match)),
    O.ViewFinalTable: _push(lambda app, o: _scene("table", "TableScene")(app, o.match, review=True)),
    O.ShowResults: _instead(lambda app, o: _scene("results", "ResultsScene")(app, o.match)),
    O.OpenReplay: _push(lambda app, o: _scene("replay", "ReplayScene")(app, o.match, o.path)),
    O.Pause: _push(lambda app, o: _scene("pause", "PauseScene")(app, o.table)),
    O.SaveGame: _push(lambda app, o: _scene("save_dialog", "SaveDialog")(app, o.match)),
    O.ShowReveal: _push(lambda app, o: _scene("showdown", "ShowdownScene")(app, o.game, o.reveal, o.events,
                                                                         recall=o.recall)),
    O.PassScreen: _push(lambda app, o: _scene("curtain", "CurtainScene")(app, o.name, o.table)),
    O.Ask: _ask,
}
