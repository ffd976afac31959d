"""The table of a game that builds none of its own: the score card and one button per legal action."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import _
from .model import Box, Choice, Group, Info, ScoreCard, Table
from .standard import score_rows


def basic_table(game, view: Mapping[str, Any], legal: list, seats) -> Table:
    """Every legal action as a button (by verb), the scores, and the game's name; enough to play any game."""
    words = game.words()
    seat = view.get("seat", 0)
    choices, groups = [], []
    for i, action in enumerate(legal):
        label = words.action(action)
        args = getattr(action, "args", ())
        if args:
            label = f"{label} {' '.join(words.card(a) for a in args)}"
        choices.append(Choice(action, f"a{i}", label))
        groups.append(Group(f"a{i}", label, str(i + 1) if i < 9 else ""))
    over = view.get("over")
    info = Info("status", game.name, _("Game over") if over else "", "", ())
    return Table(title=game.name, viewer=seat, layout=Box("col", (info,)),
                 score=ScoreCard(_("Score card"), score_rows(view, seats)),
                 hint=_("Choose an action below.") if legal else "", choices=tuple(choices),
                 groups=tuple(groups))
