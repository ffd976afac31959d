"""Piratz: the sentences of its insight part's tips, reasons and odds (`insight.py`), told in the game's words.

The game's `insight_words` part (found by `Game.part`): `reason_text(game, reason)` and `odds_text(game, odds)`
give the sentence for one of this game's typed values, or None for a value they do not know;
`piratetable.insight.words.reason_text / odds_text` call them and fall back to the shared sentences.
`coach_text(game, tip)` is the first-game tip's line (the table's coach), from the same analysis.
"""
from __future__ import annotations

from ...i18n import _, ngettext
from ...insight.words import exact, percent, quoted, worth
from ...table.standard import coach_line as _fit
from . import insight as pz
from .words import type_plural


def _piratz_search(game, r) -> str:
    """What the hard bot's search found (`SearchResult`, from its decision record): the move's chance to win and
    that of the candidate it is compared with (`SearchResult.against`), over the same rounds played out."""
    found = r.search.against(r.action)
    if found is None:
        return ""
    rival, mine, theirs, n = found
    rounds = ngettext("In {n} round played out from here", "In {n} rounds played out from here", n).format(n=n)
    fields = {"rounds": rounds, "rival": quoted(game, rival), "mine": percent(mine), "theirs": percent(theirs)}
    if percent(mine) == percent(theirs):
        return _("{rounds}, this and {rival} gave about the same chance to win: {mine}.").format(**fields)
    if mine < theirs:     # a rival ahead, but not clearly (the bot keeps the normal bot's first choice then)
        text = _("{rounds}, {rival} gave a {theirs} chance to win against {mine} for this, too little more to tell "
                 "from luck.").format(**fields)
        values = dict(r.values)
        if r.action == r.search.first and rival in values:
            text += " " + _("The bot keeps its first estimate: worth about {value} points against about {other} "
                            "points.").format(value=worth(values[r.action]), other=worth(values[rival]))
        return text
    return _("{rounds}, this gave a {mine} chance to win against {theirs} for {rival}.").format(**fields)


def reason_text(game, r) -> str | None:
    """The sentence of a Piratz reason (None: not one of this game's)."""
    if isinstance(r, pz.WeakerChoice):
        if worth(r.value) == worth(r.best_value):
            return _("Worth about {value} points, about as much as {best}.").format(
                value=worth(r.value), best=quoted(game, r.best))
        return _("Worth about {value} points, though {best} is worth about {other} points.").format(
            value=worth(r.value), best=quoted(game, r.best), other=worth(r.best_value))
    if getattr(r, "search", None) is not None:
        text = _piratz_search(game, r)
        if isinstance(r, pz.RevealNext) and text:
            text += " " + _("{rat} chance that the next card shows a rat.").format(rat=percent(r.rat))
        if text:
            return text
    if isinstance(r, pz.TakeNow):
        other = max((v for v in (r.reveal_value, r.end_value) if v is not None), default=None)
        if other is None:
            return _("Worth about {value} points, the best take.").format(value=worth(r.value))
        return _("Worth about {value} points; revealing on or ending is worth about {other} points, with {caught} "
                 "chance that the rats catch you.").format(value=worth(r.value), other=worth(other),
                                                           caught=percent(r.caught))
    if isinstance(r, pz.RevealNext):
        if r.take_value is None:
            return _("Nothing worth taking yet; {rat} chance that the next card shows a rat.").format(
                rat=percent(r.rat))
        return _("Worth about {value} points against about {take} points for the best take now; {rat} chance "
                 "that the next card shows a rat.").format(value=worth(r.value), take=worth(r.take_value),
                                                           rat=percent(r.rat))
    if isinstance(r, pz.EndTurn):
        if r.take_value is None:
            return _("Worth about {value} points, the best take.").format(value=worth(r.value))
        return _("Worth about {value} points against about {take} points for the best take now.").format(
            value=worth(r.value), take=worth(r.take_value))
    if isinstance(r, pz.TakeRat):
        if r.card is None:
            return _("Worth about {value} points, more than any rat card.").format(value=worth(r.value))
        return _("Worth about {value} points, the best of the rat cards.").format(value=worth(r.value))
    if isinstance(r, pz.BuryDenies):
        return _("It would give a rival about {denied} points.").format(denied=worth(r.denied))
    return None


def odds_text(game, o) -> str | None:
    """The sentence of Piratz odds (None: not this game's)."""
    if not isinstance(o, pz.RevealOdds) or not o.cards:
        return None
    if not o.rat_cards:
        text = _("The next card shows no rat: no card left shows one.")
    else:
        text = ngettext("The next card shows a rat: {n} of {cards} card ({percent}).",
                        "The next card shows a rat: {n} of {cards} cards ({percent}).", o.cards).format(
            n=o.rat_cards, cards=o.cards, percent=percent(o.rat))
    if o.caught:
        if round(o.cost, 1) == 0:
            text += " " + _("The rats catch you with {caught}; that would cost next to nothing (an "
                            "estimate).").format(caught=exact(o.caught))
        else:
            text += " " + _("The rats catch you with {caught}; that costs about {cost} points (an estimate).").format(
                caught=exact(o.caught), cost=worth(o.cost))
    return text


# --- the coach: the first-game tip of a decision ----------------------------------------------------------------
def coach_text(game, tip: pz.PZTip | None) -> str:
    """The coach's line for `tip` (`insight.coach`): what this decision is and what each option does, with the
    cards on the table (the take that collects most, how many rat cards or face-up cards there are) — the
    analysis's counts, the ones the odds and the reasons state ("" for no tip)."""
    if tip is None:
        return ""
    tell = {"turn": _turn, "revealed": _revealed, "rats": _rats, "bury": _bury}.get(tip.facts.phase)
    return tell(tip) if tell is not None else ""


def _most(tip) -> str:
    best = tip.facts.most
    if best is None:
        return ""
    n = tip.facts.collects(best)[1]
    return ngettext("Taking {types} now collects the most: {n} card.",
                    "Taking {types} now collects the most: {n} cards.", n).format(types=type_plural(best), n=n)


def _rat_risk(tip) -> str:
    return _("A rat lies face up: if you reveal another rat, the rats catch you.") if tip.rat_risk else ""


def _turn(tip) -> str:
    cubes = _("At the end each type's cubes go to the players holding most of it.")
    if not tip.take:
        if tip.facts.last_shovel:
            return _fit(_("No card lies face up, so reveal one. With the last shovel you may reveal card after "
                          "card until you take a type."), cubes)
        return _fit(_("No card lies face up, so reveal one; then take a type at once, or end your turn and keep "
                      "your shovel."), cubes)
    if not tip.reveal:
        return _fit(_("Nothing is left to reveal: name a type to collect every face-up card showing it, then "
                      "bury a card and sit out."), _most(tip))
    if tip.rat_risk:
        return _fit(_("Reveal a card, or take a type now to collect every face-up card showing it."), _rat_risk(tip),
                    _most(tip))
    return _fit(_("Reveal a card, or take a type now: it collects every face-up card showing it, then you bury "
                  "a card and sit out."), _most(tip), cubes)


def _revealed(tip) -> str:
    if tip.facts.last_shovel:
        if tip.reveal:
            line = _("Last shovel: reveal as often as you like, or take a type to collect every face-up card "
                     "showing it.")
        else:
            line = _("Last shovel and nothing left to reveal: take a type to collect every face-up card showing "
                     "it.")
        return _fit(line, _rat_risk(tip), _most(tip))
    line = _("Take a type to collect every face-up card showing it, then bury one and sit out; or end your turn "
             "and keep your shovel.")
    return _fit(line, _most(tip))


def _rats(tip) -> str:
    n = tip.rat_cards
    if tip.decline:
        line = _("Caught by the rats: you may not name a type. Take the face-up rat card or none;") if n == 1 \
            else ngettext("Caught by the rats: you may not name a type. Take one of the {n} face-up rat card "
                          "or none;",
                          "Caught by the rats: you may not name a type. Take one of the {n} face-up rat cards "
                          "or none;", n).format(n=n)
    else:
        line = _("Caught by the rats: you may not name a type. Take the face-up rat card;") if n == 1 \
            else ngettext("Caught by the rats: you may not name a type. Take one of the {n} face-up rat card;",
                          "Caught by the rats: you may not name a type. Take one of the {n} face-up rat cards;",
                          n).format(n=n)
    return _fit(line + " " + _("then you bury a card and sit out."),
                _("Its items count, and more rat cards win ties."))


def _bury(tip) -> str:
    n = tip.facts.face_up
    line = _("Your shovel buries the face-up card: nobody can take it this round.") if n == 1 else \
        ngettext("Your shovel buries one of the {n} face-up card: nobody can take it this round.",
                 "Your shovel buries one of the {n} face-up cards: nobody can take it this round.", n).format(n=n)
    return _fit(line, _("Bury the card a rival wants most; you sit out until the round ends.") if n > 1 else
                _("You sit out until the round ends."))
