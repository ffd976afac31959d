"""The names of seat kinds and bot levels ("human", "bot · normal"): apart from `standard.py` (which gives them
too), so that the title's note about the autosave does not import the table model."""
from __future__ import annotations

from ..i18n import N_, _

# The bot levels' names (a game's `bot_levels` use these ids; another id shows as written).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level: str) -> str:
    """A bot level in the player's language ("normal" → "normal", "обычный"…)."""
    return _(LEVEL_NAMES.get(level, level))


def kind_name(bot: str | None) -> str:
    """"human" or "bot · normal" for a seat's bot level (None: a person)."""
    return _("bot · {level}").format(level=level_name(bot)) if bot else _("human")
