"""Are a tip's stated facts true of the table it is shown on? The tips (the table's coach line) are English
sentences here; each fact they state is counted again from the view, written in the test, not read from the
code that made the tip.

`problems(game, view, legal, coach) -> list[str]` ([] when every stated fact holds); the explorer calls it at
random reachable positions, tests/insight/test_favour_cards.py over bot-played games."""
from __future__ import annotations

import re

TYPES = ("ring", "coin", "pearl", "crown", "goblet", "necklace")
PIRATZ_MOST = re.compile(r"Taking (\w+) now collects the most: (\d+) cards?\.")
PIRATE_TAKES = re.compile(r"a pirate (?:ends your turn and )?takes (a cannon or )?(all )?(\d+) (?:of your )?cards")


def piratz_counts(view):
    """Per type, (items of it, cards) on the face-up cards showing it: counted here from the view."""
    out = {}
    for t in TYPES:
        cards = [c for c in view["table"] if t in view["card_items"][c]]
        out[t] = (sum(view["card_items"][c].count(t) for c in cards), len(cards))
    return out


def pirataki_threat(view, seat):
    """(cards held, cards a pirate takes, holds a cannon): counted here from the view."""
    held = len(view["ships"][seat]) + len(view["reserves"][seat])
    return held, (held if held <= 3 else 3), any(c.startswith("cannon-") for c in view["reserves"][seat])


def _piratz(game, view, legal, coach) -> list[str]:
    from piratetable.games.piratz.words import type_plural
    out = []
    counts = piratz_counts(view)
    found = PIRATZ_MOST.search(coach)
    if found:
        plural = {type_plural(t): t for t in TYPES}
        t, n = plural.get(found.group(1)), int(found.group(2))
        most = max(c for _i, c in counts.values())
        if t is None or not n == counts[t][1] == most:
            out.append(f"{coach!r}: the takes collect {counts}")
    rats = sum(1 for c in view["table"] if "rat" in view["card_items"][c])
    if "A rat lies face up" in coach and not (rats and any(a.verb == "reveal" for a in legal)):
        out.append(f"{coach!r}: {rats} rat cards face up")
    caught = re.search(r"one of the (\d+) face-up rat cards", coach)
    if caught and int(caught.group(1)) != rats:
        out.append(f"{coach!r}: {rats} rat cards face up")
    buried = re.search(r"buries one of the (\d+) face-up cards", coach)
    if buried and int(buried.group(1)) != len(view["table"]):
        out.append(f"{coach!r}: {len(view['table'])} cards face up")
    return out


def _pirataki(game, view, legal, coach) -> list[str]:
    out = []
    seat = view["current_player"]
    if view["phase"] not in ("turn", "drawing") or "pirate" not in coach or "Both piles are empty" in coach:
        return out
    held, lose, cannon = pirataki_threat(view, seat)
    if held == 0:
        return [] if "takes nothing" in coach or "only ends your turn" in coach else [f"{coach!r}: holds nothing"]
    if held == 1:
        return [] if "your only card" in coach else [f"{coach!r}: holds one card"]
    found = PIRATE_TAKES.search(coach)
    if not found:
        return [f"{coach!r}: says no count of the cards a pirate takes"]
    if int(found.group(3)) != lose or bool(found.group(2)) != (held <= 3) or bool(found.group(1)) != cannon:
        out.append(f"{coach!r}: holds {held} cards, a pirate takes {lose}, cannon: {cannon}")
    pile = view["draw_pile_cards"] if view["draw_pile"] else view["discard_cards"]
    pirates = sum(1 for c in pile if c.startswith("pirate-"))
    odds = re.search(r"(\d+) of the (\d+) cards to come (?:is a pirate|are pirates)", coach)
    if odds and (int(odds.group(1)), int(odds.group(2))) != (pirates, len(pile)):
        out.append(f"{coach!r}: {pirates} pirates among {len(pile)} cards")
    if "No pirate is among the cards to come" in coach and pirates:
        out.append(f"{coach!r}: {pirates} pirates to come")
    return out


CHECKS = {"piratz": _piratz, "pirataki": _pirataki}


def problems(game, view, legal, coach: str) -> list[str]:
    """What the tip `coach` (English) says that the table does not bear out."""
    check = CHECKS.get(game.id)
    return check(game, view, legal, coach) if check is not None and coach else []
