"""How to play Pig (the `guide` part): one page, every number from the config."""
from __future__ import annotations

from piratetable.i18n import _
from piratetable.table.guide import Page, dice, die


def pages(game) -> list[Page]:
    content = game.config.content
    safe = [str(f) for f in content.faces if f != content.bust]
    paragraphs = (
        _("Be the first to bank {target} points.").format(target=game.options.target),
        _("On your turn, **roll** the die as often as you dare: each face adds to the points at stake."),
        _("A **{face}** ends your turn, and the points at stake are lost.").format(face=content.bust),
        _("**Hold** to bank the points at stake; then the next player rolls."),
    )
    pictures = (dice(safe, _("Add to the stake")), die(str(content.bust), _("Bust"), _("the stake is lost")))
    return [Page(_("How to play Pig"), paragraphs, pictures)]
