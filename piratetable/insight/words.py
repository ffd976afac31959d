"""Insight in words: the one-line reason of a hint or of a bot's move, and the odds line, in the game's words.

UI-free (no pygame): every sentence goes through `_()`/`ngettext`, every face, card and treasure is named by the
game's own `words.py`, every action by `words.action(...)`. Exact figures are shown as exact (a fraction and its
percentage); estimates say "about".

The sentences of a game's own reasons and odds are the game's: its `insight_words` part (`insight_words.py` beside
its rules module, found by `Game.part`, as for a built-in game so for a plug-in) has `reason_text(game, reason)`
and `odds_text(game, odds)`, each returning the sentence or None. This module gives the numbers' shared forms
(`percent`, `exact`, `about`, `worth`, `quoted`), the sentences every game shares, and the public entry points.
"""
from __future__ import annotations

from fractions import Fraction

from .. import i18n
from ..i18n import _
from .base import NoInsight, OnlyMove

# --- numbers ------------------------------------------------------------------------------------------------
# Written the language's way (i18n.number, i18n.percent: "31%", "31 %", "2,4"). An exact chance is a percentage,
# with its fraction only where the fraction is short enough to read at a glance (a denominator of at most
# SHORT_FRACTION: "11/36 (31%)"; 21875/209952 is shown as "10%"). A worth never reads "0.0": a worth that small
# is written with the two decimals that show it ("0.04"), or "0".
SHORT_FRACTION = 100


def percent(p) -> str:
    """A chance as a percentage: "31%" (under 1 % but possible: "<1%"; over 99 % but not sure: ">99%")."""
    p = float(p)
    if 0 < p < 0.01:
        return "<" + i18n.percent(0.01)
    if 0.99 < p < 1:
        return ">" + i18n.percent(0.99)
    return i18n.percent(p)


def exact(p) -> str:
    """An exact chance: "11/36 (31%)" where the fraction is short, else the percentage alone; 0 and 1 as "0%" and
    "100%"."""
    f = Fraction(p).limit_denominator(10 ** 9)
    if f in (0, 1) or f.denominator > SHORT_FRACTION:
        return percent(f)
    return f"{f.numerator}/{f.denominator} ({percent(f)})"


def about(p) -> str:
    """An estimated chance: "about 23%"."""
    return _("about {percent}").format(percent=percent(p))


def worth(value: float) -> str:
    """An estimated worth: one decimal ("2.4"); a worth that would print as 0.0 gets the decimals that show it
    ("0.04"), or "0"."""
    if round(value, 1) == 0:
        return i18n.number(value, 2) if round(value, 2) else i18n.number(0)
    return i18n.number(value, 1)


def quoted(game, action) -> str:
    """A move as its button says it, quoted: “Reveal a card”."""
    return _("“{action}”").format(action=game.words().action(action))


PART = "insight_words"


def _told(game, name: str, value) -> str | None:
    """The sentence the game's `insight_words` part gives `value` through its function `name`, or None."""
    part = getattr(game, "part", None)
    module = part(PART) if part is not None else None
    tell = getattr(module, name, None) if module is not None else None
    return tell(game, value) if tell is not None else None


# --- the public functions -----------------------------------------------------------------------------------


def reason_text(game, reason) -> str:
    """One sentence: why (the reason alone, without the action)."""
    if isinstance(reason, OnlyMove):
        return _("The only move.")
    if isinstance(reason, NoInsight):
        return _("The strongest bot's choice.")
    text = _told(game, "reason_text", reason)
    if not text:
        return _("The strongest bot's choice.")
    return text[:1].upper() + text[1:]     # "about 20% chance …" begins a sentence


def hint_text(game, hint) -> str:
    """The hint's line: "Stop and score: 700 points now beats an expected 520 points from re-rolling …"."""
    return _("{action}. {why}").format(action=game.words().action(hint.action), why=reason_text(game, hint.reason))


def odds_text(game, odds) -> str:
    """The odds line ("" when there is nothing to weigh)."""
    if odds is None:
        return ""
    return _told(game, "odds_text", odds) or ""
