"""Every way a Piratz reason's own figures could fail to favour the move it explains, or be untrue of the table.

`problems(game, view, legal, seat, action, reason) -> list[str]` ([] when none). Written from what the reason
classes mean (piratetable/games/piratz/insight.py, docs/insight.md), not from the code that makes them:

- every number is finite; a chance lies in [0, 1]; the reason is about `action`;
- `values` name legal actions only, `action` among them, and a reason's `value` is `action`'s value there;
- a reason without `search` was decided by those values: no legal action may be worth more, unless the reason
  is a `WeakerChoice`, which says openly that `best` is worth more (and then `best` must really be the best);
- a reason with `search` (the hard bot's search decided): `action` is one of the candidates; a rival replaces
  the first choice only with a lead over it above `switch` standard errors; a candidate whose mean is above
  `action`'s is allowed only while its own lead over the first choice is within that noise (the words say "too
  little to tell from luck");
- the facts of the table: a take's items and cards, the chance of a rat and of being caught, counted here
  from the view.
"""
from __future__ import annotations

from fractions import Fraction

from piratetable.engine.actions import Action
from piratetable.games.piratz import insight as pz
from piratetable.insight import OnlyMove

from .favour_common import chance, finite, told

# the moves whose reasons are checked: every bot level's and a person's (None); a weaker choice says so openly
LEVELS = (None, "random", "easy", "normal", "hard")

EPS = 1e-9


def _counts(view, t):
    """(items of t, cards) on the face-up cards that show t: what a take of t collects."""
    items = cards = 0
    for c in view["table"]:
        shown = view["card_items"][c]
        if t in shown:
            cards += 1
            items += sum(1 for i in shown if i == t)
    return items, cards


def _rat_chances(view):
    """The next card: the chance of a rat and of being caught, from the cards the seat has not seen."""
    ci = view["card_items"]
    pool = view["unseen"]["cards"] if view["draw_pile"] > 0 else view["discard_cards"]
    if not pool:
        return Fraction(0), Fraction(0)
    rat = Fraction(sum(1 for c in pool if "rat" in ci[c]), len(pool))
    up = any("rat" in ci[c] for c in view["table"])
    return rat, (rat if up else Fraction(0))


def _search_problems(action, s) -> list[str]:
    out = []
    if not isinstance(s, pz.SearchResult):
        return [f"search is {s!r}, not a SearchResult"]
    if s.worlds < 1:
        out.append(f"a search of {s.worlds} worlds")
    cands = [s.first] + [r.action for r in s.rivals]
    if action not in cands:
        return out + [f"{action} is not among the searched candidates {cands}"]
    out += chance("the first choice's chance to win", s.share)
    for a, mean, se, n, share, first_share in s.rivals:
        if not 1 <= n <= s.worlds:
            out.append(f"{a} played in {n} of {s.worlds} worlds")
        if se < 0:
            out.append(f"{a}: a negative standard error {se}")
        if not -1 - EPS <= mean <= 1 + EPS:
            out.append(f"{a}: a difference of win shares {mean} outside [-1, 1]")
        out += chance(f"{a}'s chance to win", share) + chance("the first choice's chance to win", first_share)
        if abs(share - first_share - mean) > 1e-6:
            out.append(f"{a}: chances to win {share:.4f} against {first_share:.4f} over the same worlds, but a mean "
                       f"difference {mean:.4f}")
        if n == s.worlds and abs(first_share - s.share) > 1e-6:
            out.append(f"{a} was played in every world, but the first choice's chance there {first_share:.4f} is not "
                       f"its chance over the search {s.share:.4f}")
    # the figures the words state: the move's chance to win and the one it is compared with, over the same worlds
    against = s.against(action)
    if against is not None:
        other, mine, theirs, _n = against
        if mine < theirs - EPS and action != s.first:
            out.append(f"the search switched to {action} ({mine:.4f}) though {other} gave more ({theirs:.4f})")
    rival = {r.action: (r.mean, r.se) for r in s.rivals}
    mine = 0.0 if action == s.first else rival[action][0]
    if action != s.first:
        mean, se = rival[action]
        if not mean > s.switch * se:
            out.append(f"the search switched to {action} with a lead of {mean:.4f} over {s.first}, not above "
                       f"{s.switch} x its standard error {se:.4f}")
    for a, (mean, se) in rival.items():
        if a != action and mean > mine + EPS and mean > s.switch * se:
            out.append(f"the search's figures favour {a} (mean {mean:.4f}, clearly above the first choice) over "
                       f"{action} (mean {mine:.4f})")
    if action != s.first and mine < -EPS:
        out.append(f"the search chose {action}, behind the first choice {s.first} ({mine:.4f})")
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
    about = getattr(reason, "action", None)
    if about != action:
        out.append(f"the reason {type(reason).__name__} is about {about}, not {action}")
    values = dict(getattr(reason, "values", ()))
    if values:
        if not set(values) <= set(legal):
            out.append(f"values of actions that are not legal: {set(values) - set(legal)}")
        if action not in values:
            out.append(f"no value for {action}")
        elif abs(values[action] - reason.value) > EPS:
            out.append(f"value {reason.value} is not {action}'s value {values[action]}")
    rat, caught = _rat_chances(view)
    for name in ("rat", "caught"):
        if hasattr(reason, name):
            out += chance(name, getattr(reason, name))
    if isinstance(reason, pz.WeakerChoice):
        top = max(values.values()) if values else None
        if reason.best not in values or abs(values[reason.best] - reason.best_value) > EPS:
            out.append(f"WeakerChoice's best {reason.best} is not worth {reason.best_value}")
        elif top is not None and reason.best_value < top - EPS:
            out.append(f"WeakerChoice's best {reason.best} ({reason.best_value}) is not the best ({top})")
        if not reason.value < reason.best_value:
            out.append(f"a WeakerChoice worth {reason.value}, not below {reason.best_value}")
        return out + told(game, reason)
    search = getattr(reason, "search", None)
    if search is not None and not (isinstance(search, tuple) and not search):
        out += _search_problems(action, search)
        if isinstance(search, pz.SearchResult) and action == search.first and search.runner_up(action) is not None:
            rival, margin, _n = search.runner_up(action)
            if margin < 0 and rival in values and values[action] < values[rival] - EPS:
                out.append(f"kept its first choice {action} (worth {values[action]}) behind {rival} in the search, "
                           f"though {rival} is worth more ({values[rival]})")
    elif values and action in values:
        better = [(a, v) for a, v in values.items() if v > values[action] + EPS]
        if better:
            a, v = max(better, key=lambda av: av[1])
            out.append(f"{type(reason).__name__}: {action} is worth {values[action]:.3f} but {a} is worth {v:.3f}, "
                       "and the reason does not say it is the weaker choice")
    if isinstance(reason, pz.TakeNow):
        items, cards = _counts(view, reason.type)
        if (reason.items, reason.cards) != (items, cards):
            out.append(f"taking {reason.type} collects {items} items on {cards} cards, not "
                       f"{reason.items} on {reason.cards}")
        for name, other in (("reveal_value", Action("reveal")), ("end_value", Action("end"))):
            shown = getattr(reason, name)
            if (shown is None) != (other not in values) or (shown is not None and abs(shown - values[other]) > EPS):
                out.append(f"{name} {shown} is not the value of {other} ({values.get(other)})")
        if abs(reason.caught - float(caught)) > EPS:
            out.append(f"a chance of being caught {reason.caught}, not {float(caught)}")
    if isinstance(reason, pz.RevealNext):
        if abs(reason.rat - float(rat)) > EPS or abs(reason.caught - float(caught)) > EPS:
            out.append(f"rat {reason.rat} / caught {reason.caught}, not {float(rat)} / {float(caught)}")
    if isinstance(reason, (pz.RevealNext, pz.EndTurn)):
        takes = {a.args[0]: v for a, v in values.items() if a.verb == "take"}
        if (reason.take_value is None) != (not takes):
            out.append(f"take_value {reason.take_value} with takes {takes}")
        elif takes and abs(reason.take_value - max(takes.values())) > EPS:
            out.append(f"the best take is worth {max(takes.values())}, not {reason.take_value}")
    if isinstance(reason, pz.BuryDenies) and reason.denied < 0:
        out.append(f"a bury that denies {reason.denied} (negative)")
    if isinstance(reason, pz.TakeRat) and reason.card is not None:
        items = tuple(i for i in view["card_items"][reason.card] if i != "rat")
        if reason.items != items:
            out.append(f"the rat card shows {items}, not {reason.items}")
    return out + told(game, reason)
