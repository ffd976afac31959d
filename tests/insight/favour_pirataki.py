"""Every way a Pirataki reason's own figures could fail to favour the move it explains, or be untrue of the table.

`problems(game, view, legal, seat, action, reason) -> list[str]` ([] when none). Written from what the reason
classes mean (piratetable/games/pirataki/insight.py, docs/insight.md), not from the code that makes them:

- every number is finite; a chance lies in [0, 1]; the reason is about `action`;
- with `search` (the hard bot's search decided): `action` is a candidate, every candidate was tried, each mean
  is a chance to win in [0, 1], and no candidate's mean is above `action`'s (the bot plays the highest mean);
- without `search` the normal bot's worths decided, in value points: a draw is worth more than the margin (a
  stop: not), a part bought is worth more than its gold (or nothing can be drawn), a first draw is not taken
  over a part worth more than its gold, a pass leaves no part to buy — unless the reason is `AgainstWorths`,
  which says openly that `better` is the stronger move by those worths (and its inner reason must really
  disfavour the move);
- a payment's cost is never below the cheapest payment's, and it is called the cheapest exactly when it costs
  no more;
- the facts of the table, counted here from the view: the pirates and cards of the pile the next card comes
  from, the drawn cards, the price of a part, the seller, whether a part completes the ship.
"""
from __future__ import annotations

from piratetable.engine.actions import Action
from piratetable.games.pirataki import insight as pa
from piratetable.insight import OnlyMove

from .favour_common import chance, finite, told

# the moves whose reasons are checked: every bot level's and a person's (None); a weaker choice says so openly
LEVELS = (None, "random", "easy", "normal", "hard")

EPS = 1e-9


def _kind(card: str) -> str:
    return card.rsplit("-", 1)[0]


def _pile(view):
    """(pirates, cards) of the pile the next card comes from: the deck, else the discard pile shuffled in."""
    cards = view["draw_pile_cards"] if view["draw_pile"] else view["discard_cards"]
    return sum(1 for c in cards if _kind(c) == "pirate"), len(cards)


def _action_of(reason):
    if isinstance(reason, pa.DrawFirst):
        return Action("draw")
    if isinstance(reason, pa.DrawRisk):
        return Action("draw" if reason.draw else "stop")
    if isinstance(reason, pa.BuyPart):
        return Action("buy", (reason.card,))
    if isinstance(reason, pa.PassTurn):
        return Action("pass")
    if isinstance(reason, pa.PayPirate):
        return Action("cannon") if reason.cannon else Action("lose", tuple(reason.cards))
    return None


def _search_problems(action, s) -> list[str]:
    if not isinstance(s, pa.SearchResult):
        return [f"search is {s!r}, not a SearchResult"]
    out = []
    means = {a: m for a, _n, m in s.options}
    if action not in means:
        return [f"{action} is not among the searched candidates {list(means)}"]
    if sum(n for _a, n, _m in s.options) != s.plays:
        out.append(f"{s.plays} plays, but the candidates' plays add up to {sum(n for _a, n, _m in s.options)}")
    for a, n, m in s.options:
        if n < 1:
            out.append(f"{a} never tried")
        out += chance(f"the mean chance to win of {a}", m)
    better = [(a, m) for a, m in means.items() if m > means[action] + EPS]
    if better:
        a, m = max(better, key=lambda am: am[1])
        out.append(f"the search's figures favour {a} ({m:.4f}) over {action} ({means[action]:.4f})")
    return out


def _worths_problems(game, view, legal, action, r) -> list[str]:
    """How the normal bot's worths in `r` disfavour `action` ([] when they favour it)."""
    if isinstance(r, pa.DrawRisk):
        if r.draw and not r.value > r.margin:
            return [f"a draw worth {r.value:.3f}, not above the margin {r.margin}"]
        if not r.draw and r.value > r.margin:
            return [f"a stop while a draw is worth {r.value:.3f}, above the margin {r.margin}"]
    if isinstance(r, pa.BuyPart) and r.draw and not r.worth > r.gold_worth:
        return [f"a buy of a part worth {r.worth} for gold worth {r.gold_worth}, though drawing was possible"]
    if isinstance(r, pa.DrawFirst) and r.part_worth is not None and r.part_worth > (r.gold_worth or 0):
        return [f"a draw rather than buying a part worth {r.part_worth} for gold worth {r.gold_worth}"]
    if isinstance(r, pa.PassTurn) and r.buys:
        return [f"a pass while {r.buys} parts could be bought"]
    return []


def _facts(game, view, legal, r) -> list[str]:
    out = []
    seat = view["seat"]
    risk = r.risk if isinstance(r, pa.DrawFirst) else r
    if isinstance(risk, pa.DrawRisk):
        pirates, cards = _pile(view)
        if (risk.pirates, risk.cards) != (pirates, cards):
            out.append(f"the pile holds {pirates} pirates of {cards} cards, not {risk.pirates} of {risk.cards}")
        if cards and abs(risk.pirate - pirates / cards) > EPS:
            out.append(f"a pirate chance {risk.pirate}, not {pirates}/{cards}")
        out += chance("pirate", risk.pirate)
        if risk.drawn != len(view["drawn"]):
            out.append(f"{risk.drawn} cards drawn, not {len(view['drawn'])}")
        if abs(risk.value - (risk.expected_gain - risk.pirate * risk.pirate_cost)) > 1e-6:
            out.append(f"a draw's balance {risk.value} is not its gain {risk.expected_gain} minus {risk.pirate} x "
                       f"{risk.pirate_cost}")
    if isinstance(r, pa.DrawFirst):
        buys = sum(1 for a in legal if a.verb == "buy")
        if r.buys != buys:
            out.append(f"{r.buys} buys, not {buys}")
        if (r.part_worth is None) != (buys == 0):
            out.append(f"a part's worth {r.part_worth} with {buys} buys")
    if isinstance(r, pa.BuyPart):
        owner = next((q for q, res in enumerate(view["reserves"]) if r.card in res), None)
        if r.seller != owner:
            out.append(f"the part lies in seat {owner}'s reserve, not seat {r.seller}'s")
        if r.price != view["options"]["ship_price"]:
            out.append(f"a price of {r.price}, not {view['options']['ship_price']}")
        if r.completes != (len(view["ships"][seat]) + 1 >= view["ship_size"]):
            out.append(f"completes={r.completes} for a ship of {len(view['ships'][seat])} of {view['ship_size']}")
        if r.draw != any(a.verb == "draw" for a in legal):
            out.append(f"draw={r.draw} though drawing is {'' if r.draw else 'not '}possible")
    if isinstance(r, pa.PayPirate):
        if r.cost < r.cheapest_cost:
            out.append(f"a payment costing {r.cost}, below the cheapest {r.cheapest_cost}")
        if r.cheapest != (r.cost <= r.cheapest_cost):
            out.append(f"cheapest={r.cheapest} for a cost {r.cost} against the cheapest {r.cheapest_cost}")
        if r.cannon and not any(_kind(c) == "cannon" for c in view["reserves"][seat]):
            out.append("a cannon given up by a seat without one")
    if isinstance(r, pa.PassTurn) and r.buys != sum(1 for a in legal if a.verb == "buy"):
        out.append(f"{r.buys} buys, not {sum(1 for a in legal if a.verb == 'buy')}")
    return out


def problems(game, view, legal, seat, action, reason) -> list[str]:
    out = finite(reason)
    action = game.canonical(action)
    if action not in legal:
        out.append(f"{action} is not legal")
    if isinstance(reason, OnlyMove):
        if reason.action != action:
            out.append(f"OnlyMove({reason.action}) explains {action}")
        if len(legal) != 1:
            out.append(f"OnlyMove with {len(legal)} legal actions")
        return out + told(game, reason)
    inner = reason.reason if isinstance(reason, pa.AgainstWorths) else reason
    about = _action_of(inner)
    if about is None or game.canonical(about) != action:
        out.append(f"the reason {type(inner).__name__} is about {about}, not {action}")
    out += _facts(game, view, legal, inner)
    search = getattr(inner, "search", None)
    if isinstance(reason, pa.AgainstWorths):
        if search is not None:
            out.append("AgainstWorths around a reason the search decided")
        if reason.better not in legal or reason.better == action:
            out.append(f"AgainstWorths names {reason.better} as the stronger move")
        if not _worths_problems(game, view, legal, action, inner):
            out.append(f"AgainstWorths, but the worths favour {action}")
        return out + told(game, reason)
    if search is not None:
        out += _search_problems(action, search)
    else:
        out += _worths_problems(game, view, legal, action, inner)
    return out + told(game, reason)
