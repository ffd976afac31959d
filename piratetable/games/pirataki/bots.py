"""Pirataki bots. They read only their seat's view (everything is public, including the draw pile's make-up);
their parameters are the config's `bots:` section."""
from __future__ import annotations

from dataclasses import dataclass

from ...bots.base import Bot
from ...bots.search import SearchBot
from ...engine.actions import Action
from ...engine.runner import play_out, step
from ...engine.view import seat_of
from .schema import KINDS as _KINDS
from .schema import kind_of as _kind
from .view import PiratakiLightView, PiratakiView

_CANNON = Action("cannon")


class _PiratakiBot(Bot[PiratakiView]):
    """Shared helpers: turning a chosen set of cards into the canonical `lose` action."""

    def _lose(self, cards: list[str], legal: list[Action]) -> Action:
        action = self.game.parse_action(" ".join(["lose", *cards]))
        if action in legal:
            return action
        return next(a for a in legal if a.verb in ("lose", "cannon"))


class EasyBot(_PiratakiBot):
    """Simple thresholds: buys whenever it can, draws a fixed number of cards a turn, and pays a pirate with a
    cannon if it has one, else with gold first, then reserve cards, then ship cards."""

    level = "easy"

    def choose(self, view: PiratakiView, legal, rng):
        verbs = {a.verb: a for a in legal}
        buys = [a for a in legal if a.verb == "buy"]
        if view["phase"] == "turn":
            if buys:
                return buys[0]
            return verbs.get("draw") or verbs["pass"]
        if view["phase"] == "drawing":
            if "draw" in verbs and len(view["drawn"]) < self.game.content.easy.draws:
                return verbs["draw"]
            return verbs["stop"]
        if "cannon" in verbs:
            return verbs["cannon"]
        seat = seat_of(view)
        reserve, ship = view["reserves"][seat], view["ships"][seat]
        order = ([c for c in reserve if _kind(c) == "gold"] + [c for c in reserve if _kind(c) != "gold"]
                 + list(reversed(ship)))
        return self._lose(order[:3], legal)


class NormalBot(_PiratakiBot):
    """Weighs every card by what it is worth to this seat (config `bots.normal`): draws again while the expected
    gain of one more card, over the draw pile's make-up, beats the expected loss to a pirate; buys when a ship card
    is worth more than its gold; gives a pirate the least valuable cards (or the cannon, when cheaper)."""

    level = "normal"

    def __init__(self, game, seat):
        super().__init__(game, seat)
        self.p = game.content.normal

    # --- worth of cards ----------------------------------------------------------------------------------
    def _held_worth(self, view: PiratakiLightView, card: str) -> int:
        """What losing `card` (held by this seat) would cost."""
        seat, p = seat_of(view), self.p
        mine = view["colors"][seat]
        kind = _kind(card)
        if kind == "gold":
            return p.gold if mine is not None else p.idle_gold
        if kind == "cannon":
            return p.cannon
        if kind == mine:
            return p.ship_card
        if mine is None and kind not in view["colors"]:
            return p.spare_part
        return p.other_card

    def _gain(self, view: PiratakiLightView, kind: str) -> int:
        """What drawing a card of `kind` (not a pirate) would bring."""
        seat, p = seat_of(view), self.p
        mine = view["colors"][seat]
        size = view["ship_size"]
        if mine is not None and kind == mine:
            return p.last_card if len(view["ships"][seat]) + 1 >= size else p.ship_card
        if mine is None and kind not in _KINDS and kind not in view["colors"]:
            joining = sum(1 for c in view["reserves"][seat] if _kind(c) == kind)
            if 1 + joining >= size:
                return p.last_card
            return p.claim + joining * (p.ship_card - p.spare_part)
        if kind == "gold":
            return p.gold if mine is not None else p.idle_gold
        if kind == "cannon":
            return p.cannon
        return p.spare_part if mine is None and kind not in view["colors"] else p.other_card

    def _pirate_cost(self, view: PiratakiLightView) -> tuple[int, list[str] | None]:
        """The cheapest way to pay a pirate now: (cost, cards to lose) or (cost, None) for the cannon."""
        seat = seat_of(view)
        ship = view["ships"][seat]
        held = ship + view["reserves"][seat]
        worth = [self._held_worth(view, c) for c in held]
        n_ship = len(ship)
        # cheapest first; among equals reserve cards before ship cards, the newest first
        ranked = sorted(range(len(held)), key=lambda i: (worth[i], i < n_ship, -i))[:3]
        lose = [held[i] for i in ranked]
        cost = sum(worth[i] for i in ranked)
        if self.p.cannon < cost and any(c.startswith("cannon-") for c in view["reserves"][seat]):
            return self.p.cannon, None
        return cost, lose

    def draw_gain(self, view: PiratakiLightView) -> float:
        """Expected gain of drawing one more card (negative: the pirate risk outweighs it)."""
        pile = view["deck_composition"] if view["draw_pile"] else view["discard_composition"]
        total = sum(pile.values())
        if not total:
            return float("-inf")
        gain = sum(n * self._gain(view, kind) for kind, n in pile.items() if kind != "pirate" and n)
        loss = pile.get("pirate", 0) * self._pirate_cost(view)[0]
        return (gain - loss) / total

    # --- choosing ------------------------------------------------------------------------------------
    def _best_buy(self, view: PiratakiLightView, buys: list[Action]) -> Action | None:
        seat, p = seat_of(view), self.p
        price = view["options"]["ship_price"]
        mine = view["colors"][seat]
        completes = len(view["ships"][seat]) + 1 >= view["ship_size"]
        worth = p.last_card if completes else p.ship_card
        if worth <= price * p.gold:
            return None

        def seller_threat(action):
            card = action.args[0]
            seller = next(q for q, r in enumerate(view["reserves"]) if card in r)
            colour = view["colors"][seller]
            can_use_gold = colour is not None and any(
                _kind(c) == colour for q, r in enumerate(view["reserves"]) if q != seller for c in r)
            return (can_use_gold and view["options"]["price_to"] == "seller", len(view["ships"][seller]),
                    self.game.order.get(card, 0))

        return min(buys, key=seller_threat) if mine is not None else None

    def choose(self, view: PiratakiLightView, legal, rng):
        verbs = {a.verb: a for a in legal}
        phase = view["phase"]
        if phase == "turn":
            buys = [a for a in legal if a.verb == "buy"]
            buy = self._best_buy(view, buys) if buys else None
            if buy is None and "pass" in verbs and buys:
                buy = min(buys, key=lambda a: self.game.order.get(a.args[0], 0))
            if buy is not None:
                return buy
            return verbs.get("draw") or verbs["pass"]
        if phase == "drawing":
            if "draw" in verbs and self.draw_gain(view) > self.p.margin:
                return verbs["draw"]
            return verbs["stop"]
        cost, lose = self._pirate_cost(view)
        if lose is None:   # the cannon is the cheapest: it is in the reserve, so it may be fired
            return verbs["cannon"]
        return self._lose(lose, legal)


class PiratakiSearch(SearchBot):
    """The generic search with a quicker rollout: the normal bot decides on a light view (only the keys it
    reads, the piles as counts) and pays pirates without the list of every 3-card choice being built. The
    moves are the normal bot's own."""

    def policy(self, seat: int) -> NormalBot:
        bot = super().policy(seat)
        assert isinstance(bot, NormalBot), bot   # the rollout level: the normal bot
        return bot

    def rollout(self, state, chance, rng, start) -> float:
        game = self.game

        def policy(state, seat):
            bot = self.policy(seat)
            if state.ctx.phase == "pirate":
                _, lose = bot._pirate_cost(game.light_view(state, seat))
                return _CANNON if lose is None else Action("lose", tuple(game.sort_cards(lose)))
            legal = game.legal_actions(state)
            return legal[0] if len(legal) == 1 else bot.choose(game.light_view(state, seat), legal, rng)

        play_out(game, state, chance, policy, self.rollout_actions,
                 stop=lambda s: game.rollout_done(s, self.seat, start))
        return game.evaluate(state, self.seat)


@dataclass(frozen=True)
class SearchResult:
    """The `hard` bot's decision record (`HardBot.record`): what its search (bots/search.py: UCB1 over sampled
    plays) weighed when it chose. `plays` sampled plays in all, each one candidate then the rest of the turn and
    `turns` turns of normal bots, the position reached valued by the position model (value.py) as the seat's
    chance to win; `options`: per candidate (action, plays, mean): how often it was tried and its mean estimated
    chance to win (a share in [0, 1]). The bot plays the candidate with the highest mean. For a pirate's payment
    the candidates are the few the bot put to the search (`HardBot._pay`), not every legal payment."""

    plays: int
    turns: int
    options: tuple[tuple[Action, int, float], ...]

    def mean(self, action: Action) -> float | None:
        return next((m for a, _n, m in self.options if a == action), None)

    def runner_up(self, action: Action) -> tuple[Action, float] | None:
        """The other candidate with the highest mean: (it, its mean)."""
        others = [(a, m) for a, _n, m in self.options if a != action]
        return max(others, key=lambda am: am[1]) if others else None


class HardBot(_PiratakiBot):
    """Information-set Monte Carlo search (bots/search.py) with the normal bot as rollout policy: each iteration
    rebuilds the state from the view (`Pirataki.determinize`; only the draws are unknown), plays one candidate
    action and the rest of the turn, and values the position at the start of the next turn with the fitted
    position model (`Pirataki.estimate`, value.py). A pirate is paid by the same search among a few candidates
    (`_pay`).

    `record`: what its last decision was chosen on (`SearchResult`: the search's figures), None after a decision
    with one legal action or a payment whose every way gives up the same kinds of card — what insight's reasons
    show for its moves."""

    level = "hard"

    def __init__(self, game, seat):
        super().__init__(game, seat)
        p = game.content.hard
        self.search = PiratakiSearch(game, seat, iterations=p.iterations, rollout_level="normal",
                                     exploration=p.exploration / 1000)
        self.record: SearchResult | None = None

    def choose(self, view: PiratakiView, legal, rng):
        self.record = None
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "pirate":
            return self._pay(view, legal, rng)
        return self._search(view, legal, rng)

    def _search(self, view: PiratakiView, candidates: list[Action], rng) -> Action:
        """The search's choice among `candidates` (as `SearchBot.choose`: the highest mean, then the most plays),
        its figures kept in `record`."""
        visits, totals = self.search.root(view, candidates, rng)
        best = max(range(len(candidates)),
                   key=lambda k: (totals[k] / visits[k] if visits[k] else -1.0, visits[k]))
        self.record = SearchResult(
            plays=sum(visits), turns=self.game.content.hard.horizon,
            options=tuple((candidates[i], visits[i], totals[i] / visits[i])
                          for i in range(len(candidates)) if visits[i]))
        return candidates[best]

    def payment_choices(self, view: PiratakiView, legal: list[Action]) -> list[Action]:
        """One `lose`/`cannon` action per distinct outcome: cards of one kind, from the ship or from the
        reserve, are interchangeable."""
        seat = seat_of(view)
        ship = set(view["ships"][seat])
        seen, out = set(), []
        for action in legal:
            key = ("cannon",) if action.verb == "cannon" else \
                tuple(sorted((_kind(c), c in ship) for c in action.args))
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out

    def _pay(self, view: PiratakiView, legal, rng):
        """A few candidates — the normal bot's choice, the cannon, and the best two distinct losses by the
        position model right after paying — compared by the search's rollouts."""
        game = self.game
        scored: list[tuple[float, int, Action]] = []
        for action in self.payment_choices(view, legal):
            state = game.determinize(view, rng)
            step(game, state, action, None, check=False)  # paying a pirate draws nothing
            scored.append((-game.evaluate(state, self.seat), len(scored), action))
        scored.sort()
        candidates = [self.search.policy(self.seat).choose(view, legal, rng)]
        candidates += [a for a in legal if a.verb == "cannon"] + [a for _, _, a in scored[:2]]
        unique: list[Action] = []
        for action in candidates:
            if action not in unique:
                unique.append(action)
        return unique[0] if len(unique) == 1 else self._search(view, unique, rng)
