"""A position's worth for the `hard` bot. Each seat's facts (its ship, gold, cannons, what it can buy, where the
missing parts of its colour lie, its place in the turn order, the best rival ship, the pirate odds of the pile)
go through one small neural network (one hidden layer, tanh) that gives the seat a strength; a seat's chance to
win is its share of the softmax over the seats (a conditional-logit model, so one network serves 2–4 players).

The weights are data: `value_model.json` beside this module, fitted by `benchmarks/pirataki_fit_value.py` on
positions at the start of turns in games between `normal` bots (the seat that went on to win is the label), so
the model estimates the win chances when everybody plays like the normal bot from here on — what a one-step
search over the normal bot's play needs. Everything in Pirataki is public, so the same function serves any
seat's view.
"""
from __future__ import annotations

import json
import math
from importlib import resources

INPUTS = (
    "parts_0", "parts_1", "parts_2", "parts_3", "parts_4", "parts_5",  # ship parts (one-hot)
    "colour",         # builds a ship
    "gold",           # gold / 10
    "buys",           # buys the gold pays for (capped at 4) / 2
    "cannons",        # cannons (capped at 2) / 2
    "buyable",        # parts of its colour in rivals' reserves / 3
    "buy_now",        # of those, as many as its gold buys / 2
    "in_deck",        # parts of its colour in the deck / 3
    "in_discard",     # parts of its colour in the discard pile / 3
    "claimable",      # without a colour: most reserve cards of one free colour / 3
    "free_odds",      # without a colour: the share of free-colour parts in the pile drawn next
    "exposure",       # its reserve cards of colours rivals build (they may buy them) / 3
    "held",           # cards held (capped at 20) / 10
    "order_0", "order_1", "order_2", "order_3",  # seats until its turn (0: it plays next)
    "rival_0", "rival_1", "rival_2", "rival_3", "rival_4", "rival_5",  # the best rival ship's parts
    "deck",           # cards in the deck / 55
    "pirate_odds",    # pirates' share of the pile drawn next
    "pirate_risk",    # pirate_odds × held
    "players",        # (players − 2) / 2
)


def load_model(name: str = "value_model.json") -> dict:
    """The network's weights: W1 (inputs × hidden), b1, w2 (hidden)."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    model = json.loads(text)
    if len(model["W1"]) != len(INPUTS):
        raise ValueError(f"{name}: {len(model['W1'])} input rows, expected {len(INPUTS)}")
    # columns per input, for a quick dot product per hidden unit
    model["cols"] = [list(col) for col in zip(*model["W1"])]
    return model


def seat_inputs(game, state) -> list[list[float]]:
    """The network's inputs, one row per seat, for `state` (at the start of a turn)."""
    n = state.ctx.players
    price = game.options.ship_price
    size = game.content.ship_size
    colors = state.colors
    counts = []
    for r in state.reserves:
        c: dict = {}
        for card in r:
            k = card.rsplit("-", 1)[0]
            c[k] = c.get(k, 0) + 1
        counts.append(c)
    deck: dict = {}
    for card in state.deck:
        k = card.rsplit("-", 1)[0]
        deck[k] = deck.get(k, 0) + 1
    disc: dict = {}
    for card in state.discard:
        k = card.rsplit("-", 1)[0]
        disc[k] = disc.get(k, 0) + 1
    pile = deck if state.deck else disc
    n_pile = max(1, len(state.deck) if state.deck else len(state.discard))
    pirate_odds = pile.get("pirate", 0) / n_pile
    parts_all = [min(len(s), size) for s in state.ships]
    free = [cid for cid in game.colour_ids if cid not in colors]
    rows = []
    for seat in range(n):
        mine = colors[seat]
        c = counts[seat]
        parts = parts_all[seat]
        gold = c.get("gold", 0)
        buys = min(gold // price if price > 0 else 4, 4)
        if mine is not None:
            buyable = sum(counts[q].get(mine, 0) for q in range(n) if q != seat)
            in_deck, in_disc, claim, free_odds = deck.get(mine, 0), disc.get(mine, 0), 0, 0.0
        else:
            buyable = in_deck = in_disc = 0
            claim = max((c.get(cid, 0) for cid in free), default=0)
            free_odds = sum(pile.get(cid, 0) for cid in free) / n_pile
        exposure = sum(c.get(colors[q], 0) for q in range(n) if q != seat and colors[q])
        held = min(parts + len(state.reserves[seat]), 20) / 10
        d = (seat - state.ctx.current) % n
        rival = max(parts_all[q] for q in range(n) if q != seat) if n > 1 else 0
        x = [0.0] * 6
        x[min(parts, 5)] = 1.0
        x += [1.0 if mine is not None else 0.0, gold / 10, buys / 2, min(c.get("cannon", 0), 2) / 2,
              buyable / 3, min(buyable, buys) / 2, in_deck / 3, in_disc / 3, claim / 3, free_odds,
              exposure / 3, held]
        order = [0.0] * 4
        order[min(d, 3)] = 1.0
        rivals = [0.0] * 6
        rivals[min(rival, 5)] = 1.0
        x += order + rivals
        x += [len(state.deck) / len(game.all_cards), pirate_odds, pirate_odds * held, (n - 2) / 2]
        rows.append(x)
    return rows


def strengths(model: dict, rows) -> list[float]:
    """The network's output per seat."""
    b1, w2, cols = model["b1"], model["w2"], model["cols"]
    out = []
    for x in rows:
        nz = [(i, v) for i, v in enumerate(x) if v]
        s = 0.0
        for h, col in enumerate(cols):
            a = b1[h]
            for i, v in nz:
                a += col[i] * v
            s += w2[h] * math.tanh(a)
        out.append(s)
    return out


def win_shares(strength: list[float]) -> list[float]:
    """Softmax of the seats' strengths."""
    top = max(strength)
    exps = [math.exp(s - top) for s in strength]
    total = sum(exps)
    return [e / total for e in exps]
