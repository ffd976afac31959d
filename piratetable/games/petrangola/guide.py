"""How to play Petrangola: three illustrated pages (the goal and a hand; the hands, high to low, with example hands
drawn from the config's deck; worked examples from the rules: a sequence such as Fante-7-6, the lower run beating
the higher, points counted in one suit, keeping the widow as a knock), every number from the config (tokens, the
stake, the card values) and its options (knocking without a swap, which run wins). Every example is checked with
the game's own scoring and left out when the deck cannot show it."""
from __future__ import annotations

from ...i18n import _, join_list, ngettext
from ...table.guide import Page, back, cards, icon
from .schema import HAND_SIZE
from .scoring import PETRANGOLONE, POINTS, RUN, SEQUENCE, best_suit_sum, classify, label, strength


def pages(game) -> list[Page]:
    return [_hand_page(game), _hands_page(game), _worked_page(game)]


def _card(deck, rank: int, suit: int) -> str | None:
    if 0 <= rank < len(deck.ranks) and 0 <= suit < len(deck.suits):
        return deck.ranks[rank].id + deck.suits[suit].id
    return None


# --- page 1: the goal and a hand --------------------------------------------------------------------------------
def _hand_page(game) -> Page:
    options, deck = game.options, game.deck
    tokens, stake = options.tokens, options.stake
    if stake:
        goal = ngettext("Everyone starts with {n} token: your life. The lowest hand of each deal loses a token, "
                        "and the last player with tokens wins the pot.",
                        "Everyone starts with {n} tokens: your lives. The lowest hand of each deal loses a token, "
                        "and the last player with tokens wins the pot.", tokens).format(n=tokens)
    else:
        goal = ngettext("Everyone starts with {n} token: your life. The lowest hand of each deal loses a token, "
                        "and the last player with tokens wins.",
                        "Everyone starts with {n} tokens: your lives. The lowest hand of each deal loses a token, "
                        "and the last player with tokens wins.", tokens).format(n=tokens)
    if options.knock_without_swap:
        turn = _("In turn, to the right: **pass**, **swap** one or two cards with the monte, **swap all** "
                 "three (a knock), or **knock** without swapping.")
    else:
        turn = _("In turn, to the right: **pass**, **swap** one or two cards with the monte, or **swap all** "
                 "three, which is a knock.")
    paragraphs = (
        goal,
        ngettext("Each player gets {n} card face down. The dealer also gets the **widow**, {n} more card only "
                 "they see. The dealer keeps it (a knock: their own card goes face up) or rejects it (it goes "
                 "face up). The face-up card is the **monte**.",
                 "Each player gets {n} cards face down. The dealer also gets the **widow**, {n} more cards only "
                 "they see. The dealer keeps it (a knock: their own cards go face up) or rejects it (it goes "
                 "face up). The face-up cards are the **monte**.", HAND_SIZE).format(n=HAND_SIZE),
        turn,
        _("After a knock, everyone else has one last turn. Then all hands are shown, and the lowest loses a "
          "token; players tied for lowest each lose one."),
    )
    monte = [c for c in (_card(deck, 1, 1), _card(deck, 5, 2), _card(deck, len(deck.ranks) - 3, 3)) if c]
    pictures = [back(_("Your hand"), _("{n} cards, face down").format(n=HAND_SIZE), count=HAND_SIZE)]
    if len(monte) == HAND_SIZE:
        pictures.append(cards(monte, _("The monte"), _("face up, to swap with")))
    pictures.append(icon("token", _("Tokens"), ngettext("{n} each: lose them all and you are out",
                                                        "{n} each: lose them all and you are out", tokens).format(
        n=tokens)))
    pictures.append(icon("dealer", _("The dealer"), _("deals, and decides on the widow")))
    pictures.append(icon("knock", _("A knock"), _("then one last turn each")))
    if stake:
        pictures.append(icon("chip", _("The stake"), ngettext("{n} chip each into the pot",
                                                              "{n} chips each into the pot", stake).format(n=stake)))
    return Page(_("The goal and a hand"), paragraphs, tuple(pictures))


# --- page 2: the hands --------------------------------------------------------------------------------------------
def _values(deck) -> str:
    """The card values in words: "Asso 11; Re, Cavallo and Fante 10; the others their number"."""
    def plain(rank) -> bool:
        return rank.id.isdigit() and int(rank.id) == rank.value
    special = [r for r in deck.ranks if not plain(r)]
    groups: list[tuple[int, list[str]]] = []
    for r in special:
        if groups and groups[-1][0] == r.value:
            groups[-1][1].append(_(r.name))
        else:
            groups.append((r.value, [_(r.name)]))
    parts = [_("{names} {value}").format(names=join_list(names), value=value) for value, names in groups]
    if len(special) < len(deck.ranks):
        parts.append(_("the others their number"))
    return "; ".join(parts)


def _hands_page(game) -> Page:
    options, deck = game.options, game.deck
    stake = options.stake
    rebuy = _("**Out of tokens?** Once per game you may **rebuy**: pay the stake again and come back with as many "
              "tokens as the player still in with the fewest.") if stake else \
        _("**Out of tokens?** Once per game you may **rebuy**: come back with as many tokens as the player "
          "still in with the fewest.")
    paragraphs = (
        _("Card values: {values}.").format(values=_values(deck)),
        _("Every hand is one of these four kinds, best first. Between two hands of one kind, the caption says "
          "which wins; equal hands tie."),
        rebuy,
    )
    return Page(_("Hands, high to low"), paragraphs, tuple(_examples(game)))


def _examples(game) -> list:
    """One example hand of each kind the deck allows, checked with the game's own scoring."""
    deck, options = game.deck, game.options
    n = len(deck.ranks)
    out = []

    def add(ids, kind, title, text):
        if None in ids or len(set(ids)) != HAND_SIZE or classify(deck, ids)[0] != kind:
            return
        out.append(cards(ids, title, text))

    add([_card(deck, 0, s) for s in range(3)], PETRANGOLONE, _("Petrangolone"),
        _("three aces: it never loses, and wins a token"))
    top = min(3, max(0, n - 3))
    add([_card(deck, top + k, 1) for k in range(3)], SEQUENCE, _("Sequence"),
        _("three in a row in one suit; the higher top card wins"))
    low, high = deck.ranks[-1], deck.ranks[1] if n > 2 else deck.ranks[-1]
    if options.run_low_wins:
        run_text = _("three of one rank; the lower rank wins ({low} beats {high})").format(low=_(low.name),
                                                                                  high=_(high.name))
    else:
        run_text = _("three of one rank; the higher rank wins ({high} beats {low})").format(low=_(low.name),
                                                                                   high=_(high.name))
    add([_card(deck, n - 1, s) for s in range(3)], RUN, _("Run"), run_text)
    points = [_card(deck, 0, 0), _card(deck, min(4, n - 1), 0), _card(deck, n - 1, 1)]
    if None not in points:
        add(points, POINTS, _("Points"),
            _("the best sum in one suit: {n}").format(n=best_suit_sum(deck, points)))
    return out


# --- page 3: worked examples (rules.md "Hands, high to low" and "Examples") ------------------------------------
def _worked_page(game) -> Page:
    deck, options = game.deck, game.options
    words = game.words()
    n = len(deck.ranks)
    low = options.run_low_wins

    def hand(ids) -> str:
        return label(*classify(deck, ids), deck)

    def beats(a, b) -> bool:
        return None not in a and None not in b and strength(deck, a, low) > strength(deck, b, low)

    out = []
    # a sequence through the figures and the numbers: Fante-7-6 of one suit (rules: "J-7-6 and so on")
    seq = [_card(deck, k, 1) for k in (3, 4, 5)]
    if None not in seq and classify(deck, seq)[0] == SEQUENCE:
        out.append(cards(seq, hand(seq), _("{cards}: in a row, since the ranks go {order}").format(
            cards=join_list([_(deck.ranks[k].name) for k in (3, 4, 5)]),
            order=", ".join(_(r.name) for r in deck.ranks[:6]) + " …")))
    # runs: the lower rank wins (2-2-2 beats K-K-K), or the higher one with the variant
    bottom = [_card(deck, n - 1, s) for s in range(3)]
    top = [_card(deck, 1, s) for s in range(3)] if n > 2 else [None]
    if None not in bottom + top and classify(deck, bottom)[0] == RUN == classify(deck, top)[0]:
        win, lose = (bottom, top) if beats(bottom, top) else (top, bottom)
        why = _("the lower run wins") if low else _("the higher run wins")
        out.append(cards(win, hand(win), _("beats {other}: {why}").format(other=words.hand(*classify(deck, lose)),
                                                                         why=why)))
    # points: the best sum of one suit (rules, example 1)
    eighteen = [_card(deck, 0, 0), _card(deck, min(4, n - 1), 0), _card(deck, n - 1, 1)]
    ten = [_card(deck, 1, 3), _card(deck, min(4, n - 1), 1), _card(deck, min(6, n - 1), 2)]
    if beats(eighteen, ten) and classify(deck, eighteen)[0] == POINTS == classify(deck, ten)[0]:
        out.append(cards(eighteen, hand(eighteen), _("only one suit counts: {cards}").format(
            cards=join_list(words.card(c) for c in eighteen[:2]))))
        out.append(cards(ten, hand(ten), _("three suits: one card counts; it loses to {hand}").format(
            hand=words.hand(*classify(deck, eighteen)))))
    paragraphs = (
        _("A hand of one kind always beats every hand of a lower kind: any sequence beats any run, any run beats "
          "any points."),
        _("**Keeping the widow is a knock.** The dealer who keeps the widow takes it as their hand, their own "
          "unseen cards go face up as the monte, and everyone else takes one final turn before the showdown. "
          "The dealer who rejects it has not knocked: the turns go round as usual."),
    )
    out.append(back(_("The widow kept"), _("the dealer's new hand: a knock"), count=HAND_SIZE))
    return Page(_("Worked examples"), paragraphs, tuple(out))
