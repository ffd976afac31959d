"""Pig's table: the die, the turn's points at stake, the target; Roll (Space) and Hold (H)."""
from __future__ import annotations

from piratetable.i18n import _
from piratetable.table.model import Box, Choice, DiceTray, Die, Group, Info, ScoreCard, Table, Track
from piratetable.table.standard import score_rows, seat_label

from .insight import coach
from .insight_words import coach_text


def build(game, view, legal, seats):
    cur = view["current_player"]
    face = view["last"]
    die = DiceTray("dice", _("The die"), (Die(1, None if face is None else str(face)),),
                   note=_("Roll to start the turn") if face is None else "", grow=1, numbered=False)
    stake = Info("turn", seat_label(seats, cur) if cur is not None else _("The game is over"),
                 _("At stake: {n}").format(n=view["turn_points"]) if cur is not None else "",
                 "good" if view["turn_points"] else "",
                 (_("A {bust} loses the turn's points; hold to bank them.").format(bust=view["bust"]),
                  _("First to {target} wins.").format(target=view["target"])))
    meter = Track("stake", _("Points at stake"), view["turn_points"], "coin", grow=0.6)
    choices, groups = [], []
    for action in legal:
        if action.verb == "roll":
            choices.append(Choice(action, "roll", _("Roll")))
            groups.append(Group("roll", _("Roll"), "space"))
        else:
            choices.append(Choice(action, "hold", _("Hold: bank {n}").format(n=view["turn_points"])))
            groups.append(Group("hold", _("Hold: bank {n}").format(n=view["turn_points"]), "h"))
    return Table(title=game.name, viewer=view["seat"],
                 layout=Box("col", (Box("row", (stake, meter), grow=1), Box("row", (die,), grow=1.3))),
                 score=ScoreCard(_("Score card"), score_rows(view, seats), _("to {n}").format(n=view["target"])),
                 hint=_("Space rolls, H holds.") if legal else "", choices=tuple(choices), groups=tuple(groups),
                 coach=coach_text(game, coach(game, view, legal)))
