"""How to play Piratz: three illustrated pages (the goal and a turn; rats, rounds and the end; scoring), with
example cards picked from the config's deck and every number from the config (cards, items per type, the scoring
cubes, the cards left out with two players) and its options (whether the rats' card must be taken)."""
from __future__ import annotations

from collections import Counter

from ...i18n import _, join_list, ngettext
from ...table.guide import Page, back, card, cards, icon, icons
from .schema import CUBES_PER_TYPE, RAT, TYPES
from .words import item_count, items_phrase, type_name, type_plural


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def pages(game) -> list[Page]:
    return [_turn_page(game), _rats_page(game), _scoring_page(game)]


def _first(game, test):
    return next((c for c in game.content.cards if test(c)), None)


# --- page 1: the goal and a turn --------------------------------------------------------------------------------
def _turn_page(game) -> Page:
    paragraphs = (
        _("Collect treasure. At the end, each of the six treasure types pays its scoring cubes to the players "
          "with the most of it, and the most points win."),
        _("On your turn, **reveal** the top card of the draw pile onto the table, or **take**. After a reveal "
          "you may still take, or end your turn."),
        _("**Take**: name a treasure type and collect every face-up card that shows it."),
        _("Then put your **shovel** on one face-up card: it is buried, and nobody can take it. You sit out for "
          "the rest of the round."),
        _("When only you still hold a shovel, you may reveal card after card until you take."),
    )
    pictures = [back(_("The draw pile"), _("reveal its top card"))]
    # an example take: the cards showing one type, and a card that does not show it
    multi = _first(game, lambda c: not c.rat and any(c.count(t) >= 2 for t in TYPES))
    kind = next((t for t in TYPES if multi is not None and multi.count(t) >= 2), TYPES[0])
    pair = _first(game, lambda c: not c.rat and c.count(kind) and len(set(c.items)) > 1)
    other = _first(game, lambda c: not c.count(kind) and not c.rat)
    shown = [c.id for c in (multi, pair) if c is not None]
    if shown:
        total = sum(game.cards[cid].count(kind) for cid in shown)
        pictures.append(cards(shown, _("Name {kind}").format(kind=type_plural(kind)),
                              _("you collect both cards: {items}").format(items=item_count(kind, total))
                              if len(shown) == 2 else _("you collect it: {items}").format(
                                  items=item_count(kind, total))))
    if other is not None:
        pictures.append(card(other.id, _("No {kind} on it").format(kind=type_name(kind)),
                             _("it stays on the table")))
    pictures.append(icon("shovel", _("Your shovel"), _("buries one face-up card")))
    return Page(_("The goal and your turn"), paragraphs, tuple(pictures))


# --- page 2: rats, rounds and the end -------------------------------------------------------------------------
def _rats_page(game) -> Page:
    if game.options.rats_must_take:
        caught = _("You take one of the face-up rat cards (the new one or an earlier one) instead of naming a "
                   "type, then bury a card and sit out.")
    else:
        caught = _("You may take one of the face-up rat cards (the new one or an earlier one), or none, instead "
                   "of naming a type; then bury a card and sit out.")
    paragraphs = (
        _("**Rats**: reveal a rat while another rat card lies face up, and the rats catch you.") + " " + caught,
        _("A round ends when every shovel is placed. Buried cards are discarded, the other cards stay on the "
          "table, and everyone gets their shovel back."),
        _("The game ends with the round in which the last card of the draw pile is revealed."),
    )
    rats = [c for c in game.content.cards if c.rat]
    pictures = []
    if len(rats) >= 2:
        pictures.append(cards([rats[0].id, rats[1].id], _("Two rats face up"), _("the rats catch you")))
    elif rats:
        pictures.append(card(rats[0].id, _("A rat card"), items_phrase(rats[0].items)))
    if rats:
        pictures.append(icon(RAT, _("Rat cards"), ngettext("{n} in the deck; they break ties",
                                                          "{n} in the deck; they break ties", len(rats)).format(
            n=len(rats))))
    pictures.append(icons(["shovel", "shovel"], _("Shovels"), _("back to everyone each round")))
    return Page(_("Rats, rounds and the end"), paragraphs, tuple(pictures))


# --- page 3: scoring ------------------------------------------------------------------------------------------
def _scoring_page(game) -> Page:
    content = game.content
    values = sorted(content.cubes, reverse=True)
    lo, hi = game.min_players, game.max_players
    two, more = CUBES_PER_TYPE.get(2, 1), CUBES_PER_TYPE.get(3, 2)
    paragraphs = [
        _("Count the items of each treasure type on the cards you collected."),
    ]
    if hi >= 3:
        paragraphs.append(ngettext(
            "With 3 or 4 players each type gets {n} scoring cube at random: the most items take it.",
            "With 3 or 4 players each type gets {n} scoring cubes at random: the most items take the higher "
            "cube, the second most the other.", more).format(n=more))
    if lo <= 2:
        paragraphs.append(ngettext(
            "With 2 players each type gets {n} cube, for the most items.",
            "With 2 players each type gets {n} cubes, for the most items.", two).format(n=two))
    paragraphs.append(_("Ties: more rat cards rank higher; players still tied take no cube for that place. "
                        "No item of a type, no cube. The highest total wins."))
    removed = sum(1 for c in content.cards if not c.two_player)
    if removed and lo <= 2:
        paragraphs.append(ngettext("With 2 players, {n} card is left out of the deck.",
                                   "With 2 players, {n} cards are left out of the deck.", removed).format(n=removed))
    counts: Counter[str] = Counter()
    for c in content.cards:
        counts.update(i for i in c.items if i != RAT)
    pictures = [icon(t, _cap(type_plural(t)), ngettext("{n} in the deck", "{n} in the deck", counts[t]).format(
        n=counts[t])) for t in TYPES if counts[t]]
    per_value = Counter(values)
    shown = sorted(per_value, reverse=True)
    each = {per_value[v] for v in shown}
    worth = join_list((str(v) for v in shown), "or")
    text = ngettext("{k} of each, worth {values} points", "{k} of each, worth {values} points", min(each)).format(
        k=min(each), values=worth) if len(each) == 1 else _("worth {values} points").format(values=worth)
    pictures.append(icons([f"cube:{v}" for v in shown], _("Scoring cubes"), text))
    return Page(_("Scoring"), tuple(paragraphs), tuple(pictures))
