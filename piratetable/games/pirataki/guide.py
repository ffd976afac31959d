"""How to play Pirataki: two illustrated pages (the goal and a turn with the four kinds of cards; pirates and
colours with each colour's ship), every number from the config (the ship's size, the price of a part, where the
gold goes, the counts of gold, pirates and cannons, the colours and their emblems) and its options."""
from __future__ import annotations

from ...i18n import _, ngettext, pgettext
from ...table.guide import Page, card


def emblem_name(emblem: str) -> str:
    """The name of an emblem a ship card shows (drawn icons; a config may name another, shown as written), in
    a context of its own: Pirataki's skull emblem is not Piraten Kapern's skull die face."""
    names = {"anchor": pgettext("Pirataki emblem", "anchor"), "skull": pgettext("Pirataki emblem", "skull"),
             "compass": pgettext("Pirataki emblem", "compass"), "wheel": pgettext("Pirataki emblem", "wheel")}
    return names.get(emblem, emblem.replace("_", " "))


def pages(game) -> list[Page]:
    return [_turn_page(game), _pirates_page(game)]


def _first(game, kind: str) -> str | None:
    return f"{kind}-1" if f"{kind}-1" in game.order else None


# --- page 1: the goal and a turn --------------------------------------------------------------------------------
def _turn_page(game) -> Page:
    content, options = game.content, game.options
    size, price = content.ship_size, options.ship_price
    if options.price_to == "seller":
        buy = ngettext("**Buy**: instead of drawing, pay {price} gold to an opponent and take a part of your colour "
                       "from their reserve. That ends your turn.",
                       "**Buy**: instead of drawing, pay {price} gold to an opponent and take a part of your colour "
                       "from their reserve. That ends your turn.", price).format(price=price)
    else:
        buy = ngettext("**Buy**: instead of drawing, discard {price} gold and take a part of your colour from an "
                       "opponent's reserve. That ends your turn.",
                       "**Buy**: instead of drawing, discard {price} gold and take a part of your colour from an "
                       "opponent's reserve. That ends your turn.", price).format(price=price)
    paragraphs = (
        ngettext("Be the first to build the whole ship of your colour: all {n} part.",
                 "Be the first to build the whole ship of your colour: all {n} parts.", size).format(n=size),
        _("On your turn, **draw** cards one at a time and show them. After a ship part, gold or a cannon you "
          "may draw again or stop."),
        _("Your first part of a colour nobody builds gives you that colour and starts your ship; parts of that "
          "colour in your reserve join it. Later parts of your colour go straight to your ship; every other "
          "card goes to your **reserve**."),
        buy,
    )
    pictures = []
    if content.colours:
        pictures.append(card(f"{content.colours[0].id}-1", _("A ship part"),
                             _("yours go to your ship, the others to your reserve")))
    if _first(game, "gold"):
        pictures.append(card("gold-1", _("Gold ×{n}").format(n=content.gold),
                             ngettext("{price} buys a ship part", "{price} buy a ship part", price).format(
                                 price=price)))
    if _first(game, "pirate"):
        pictures.append(card("pirate-1", _("Pirate ×{n}").format(n=content.pirates),
                             _("ends your turn and takes 3 of your cards")))
    if _first(game, "cannon"):
        pictures.append(card("cannon-1", _("Cannon ×{n}").format(n=content.cannons),
                             _("give it up to a pirate instead")))
    return Page(_("The goal and a turn"), paragraphs, tuple(pictures))


# --- page 2: pirates and colours ----------------------------------------------------------------------------------
def _pirates_page(game) -> Page:
    content, options = game.content, game.options
    words = game.words()
    paragraphs = [
        _("**Pirate!** Your turn ends at once. Give up 3 of your cards: gold, reserve cards, even parts of your "
          "ship. With 3 cards or fewer you lose them all. A **cannon** saves you: give up just one cannon "
          "instead."),
    ]
    if options.free_empty_colour:
        paragraphs.append(_("A ship that loses its last part frees its colour for anyone to claim."))
    else:
        paragraphs.append(_("A ship that loses every part keeps its colour: its owner can still rebuild it."))
    paragraphs.append(_("Every card is in plain view. When the deck runs out, the discard pile is shuffled into "
                        "a new deck."))
    pictures = []
    for colour in content.colours:
        name = words.colour(colour.id)
        title = _("The {colour} ship").format(colour=name)
        text = ngettext("{n} part, marked with the {emblem}", "{n} parts, marked with the {emblem}",
                        colour.cards).format(n=colour.cards, emblem=emblem_name(colour.emblem))
        pictures.append(card(f"{colour.id}-1", title, text))
    return Page(_("Pirates and colours"), tuple(paragraphs), tuple(pictures))
