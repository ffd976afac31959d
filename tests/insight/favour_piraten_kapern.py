"""Do a Piraten Kapern reason's own figures favour the move it explains? Written from what each reason class
claims (docs/insight.md), not from the code that makes them.

The figures are the exact solver's, the figures the `hard` bot chooses on: a hint's reason, and the reason of a
hard bot's move, must favour it. The weaker-choice reasons (StopDespiteReroll, RerollDespiteStop) say openly that
the other choice was worth more; they are the reasons of people's and weaker bots' moves."""
from __future__ import annotations

import math

from piratetable.games.piraten_kapern import insight as pk

LEVELS = ("hard",)      # the bot levels whose moves are chosen on these figures


def _tol(measure: str) -> float:
    return 0.05 if measure == "points" else 1e-4      # the solver iterates to 0.01 points (race: tie-break 1e-6)


def problems(game, view, legal, seat, action, reason) -> list[str]:
    out = []
    if isinstance(reason, pk.PlayingFor):   # the hard bot's trip plan: chosen on the chance to win the game
        if not 0 <= reason.points_win <= reason.win + 1e-12 <= 1 + 1e-9:
            out.append(f"the plan's chance to win {reason.win} below the points plan's {reason.points_win}")
        if reason.goal and getattr(reason.reason, "goal", reason.goal) != reason.goal:
            out.append(f"the plan's goal {reason.goal}, the move's figures for {reason.reason.goal}")
        reason = reason.reason
    verb = action.verb
    m = getattr(reason, "measure", "points")
    t = _tol(m)
    for name in ("now", "expected_reroll", "value", "save_value", "stop_value", "roll_value", "best_value"):
        v = getattr(reason, name, None)
        if isinstance(v, float) and not math.isfinite(v):
            out.append(f"{name} = {v} is not finite")
    if isinstance(reason, pk.StopBeatsReroll):
        if verb != "stop":
            out.append(f"a stop's reason for {action}")
        if reason.expected_reroll is not None and reason.now < reason.expected_reroll - t:
            out.append(f"says a stop ({reason.now}) beats the re-roll ({reason.expected_reroll})")
    elif isinstance(reason, pk.RerollBeatsStop):
        if verb not in ("reroll", "island"):
            out.append(f"a re-roll's reason for {action}")
        if reason.expected_reroll < reason.now - t:
            out.append(f"says the re-roll ({reason.expected_reroll}) beats stopping ({reason.now})")
        if not 0 <= reason.bust <= 1:
            out.append(f"bust chance {reason.bust}")
    elif isinstance(reason, pk.StopDespiteReroll):
        if verb != "stop" or reason.now > reason.expected_reroll + t:
            out.append(f"a weaker stop whose figures favour it: {reason.now} vs {reason.expected_reroll}")
    elif isinstance(reason, pk.RerollDespiteStop):
        if verb not in ("reroll", "island") or reason.expected_reroll > reason.now + t:
            out.append(f"a weaker re-roll whose figures favour it: {reason.expected_reroll} vs {reason.now}")
    elif isinstance(reason, pk.UseGuardian):
        if verb != "guardian":
            out.append(f"a Guardian's reason for {action}")
        if reason.value < reason.now - t:
            out.append(f"the Guardian ({reason.value}) below stopping ({reason.now})")
        if reason.expected_reroll is not None and reason.value < reason.expected_reroll - t:
            out.append(f"the Guardian ({reason.value}) below the best re-roll ({reason.expected_reroll})")
    elif isinstance(reason, pk.GuardianSave):
        if reason.save != (verb == "guardian"):
            out.append(f"save={reason.save} for {action}")
        better = reason.save_value - reason.stop_value
        if (better < -t) if reason.save else (better > t):
            out.append(f"chose {'to save' if reason.save else 'to stop'}: save {reason.save_value}, stop "
                       f"{reason.stop_value}")
    elif isinstance(reason, pk.SkullIslandChoice):
        if reason.roll != (verb == "roll"):
            out.append(f"roll={reason.roll} for {action}")
        if reason.roll_value is not None:
            better = reason.roll_value - reason.stop_value
            if (better < -t) if reason.roll else (better > t):
                out.append(f"chose {'to roll' if reason.roll else 'to stop'}: roll {reason.roll_value}, stop "
                           f"{reason.stop_value}")
    return out


def agrees(game, view, legal, seat, hint) -> list[str]:
    """Hint and Odds give the same figure for the same quantity at the same moment: a hinted re-roll's chance
    and values are those of the odds line for the same dice; a hinted stop's are those of the stop and the
    best re-roll."""
    from piratetable.insight import odds
    r, a = hint.reason, hint.action
    if isinstance(r, pk.PlayingFor):
        r = r.reason
    out = []
    if view["phase"] != "choose":
        return out
    if a.verb == "reroll" and isinstance(r, pk.RerollBeatsStop):
        o = odds(game, view, seat, positions=tuple(int(x) for x in a.args))
        pairs = (("bust", float(o.bust), r.bust), ("re-roll value", o.reroll_value, r.expected_reroll),
                 ("stop value", o.stop_value, r.now))
    elif a.verb == "stop" and isinstance(r, pk.StopBeatsReroll):
        o = odds(game, view, seat)
        pairs = (("stop value", o.stop_value, r.now),) + (
            (("best re-roll value", o.best_value, r.expected_reroll),) if r.expected_reroll is not None else ())
    else:
        return out
    for name, shown, said in pairs:
        if shown is None or said is None or abs(shown - said) > 1e-9:
            out.append(f"the odds line's {name} {shown} against the hint's {said}")
    return out
