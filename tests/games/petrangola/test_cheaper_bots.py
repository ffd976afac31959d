"""The Petrangola bots' and rules' cheaper ways of counting (issue 30) give what the plain ways gave: the swap
actions of a position, the rollout model's moves and draws (the hard bot's rollouts), a showdown's scores, a
cloned state, the belief's weights, the normal bot's deals, its least risky wait and its view's hands; each is
compared with a straightforward copy of the code it replaced (or the engine's own), on many random positions. A
deck without three aces has no Petrangolone for the bots' shortcuts."""
import random

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.games.petrangola.belief import shortlist_for
from piratetable.games.petrangola.rules import Petrangola


def _game(**options):
    config = load_config("petrangola")
    return Petrangola(config.with_options(options) if options else config)


def _swap_actions_before(game, hand, monte):
    """`Petrangola._swap_actions` as it was built before (one Action at a time)."""
    index = game.deck.index
    hs = sorted(hand, key=index.__getitem__)
    ms = sorted(monte, key=index.__getitem__)
    out = [Action("swap", (g, t)) for g in hs for t in ms]
    for i in range(len(hs)):
        for t1 in ms:
            for j in range(i + 1, len(hs)):
                for t2 in ms:
                    if t2 != t1:
                        out.append(Action("swap", (hs[i], t1, hs[j], t2)))
    return tuple(out)


def test_the_swap_actions_are_the_same_actions_in_the_same_order():
    game = _game()
    rng = random.Random(7)
    cards = list(game.deck.cards)
    for _ in range(300):
        rng.shuffle(cards)
        hand, monte = cards[:3], cards[3:6]
        got = game._swap_actions(hand, monte)
        assert got == _swap_actions_before(game, hand, monte)
        assert all(type(a) is Action and type(a.args) is tuple for a in got)
        assert [str(a) for a in got] == [str(a) for a in _swap_actions_before(game, hand, monte)]


class _RolloutModelBefore:
    """`RolloutModel.act` as it was before its speed-up (issue 30): every hand on offer looked up in turn, every
    opponent's best of six in full."""

    def __init__(self, model):
        self.m = model

    def act(self, state, seat, rng):
        m_ = self.m
        idx = m_.idx
        hand, monte = state.hands[seat], state.monte
        h = [idx[c] for c in hand]
        m = [idx[c] for c in monte]
        final = state.ctx.phase == "final"
        if not final:
            mine_k, mine_s = m_.p3(*h), m_.p3(*m)
            if set(h) <= m_.aces:
                return Action("knock")
            if set(m) <= m_.aces:
                return Action("swapall")
            knock = self._knock(state, seat, h, m, mine_k, mine_s, rng)
            if knock is not None:
                return knock
        best = m_.p3(*h)
        best_pick = None
        for i in range(3):
            for j in range(3):
                r = list(h)
                r[i] = m[j]
                v = m_.p3(*r)
                if v > best:
                    best, best_pick = v, ((i, j),)
        for i1, i2 in ((0, 1), (0, 2), (1, 2)):
            for j1 in range(3):
                for j2 in range(3):
                    if j1 == j2:
                        continue
                    r = list(h)
                    r[i1], r[i2] = m[j1], m[j2]
                    v = m_.p3(*r)
                    if v > best:
                        best, best_pick = v, ((i1, j1), (i2, j2))
        if final and m_.p3(*m) > best:
            return Action("swapall")
        if best_pick is None:
            return Action("pass")
        return Action("swap", tuple(x for i, j in best_pick for x in (hand[i], monte[j])))

    def _knock(self, state, seat, h, m, mine_k, mine_s, rng):
        from piratetable.bots.sampling import samples as draw_samples
        m_ = self.m
        opponents = [s for s in range(state.ctx.players) if state.in_hand[s] and s != seat]
        share = 1.0 / (len(opponents) + 1)
        limit = share * m_.knock_risk / 100
        k = len(opponents)
        options = []
        if m_.game.options.knock_without_swap and m_.q(mine_k) ** k < limit:
            options.append(("knock", mine_k, m))
        if m_.q(mine_s) ** k < limit:
            options.append(("swapall", mine_s, h))
        if not options:
            return None
        seen = set(h) | set(m)
        known, need = [], []
        for s in opponents:
            pub = state.public[s]
            mine = [m_.idx[c] for i, c in enumerate(state.hands[s]) if pub[i]]
            seen.update(mine)
            known.append(mine)
            need.append(3 - len(mine))
        unseen = [i for i in range(m_.n) if i not in seen]
        deals = []
        for drawn in draw_samples(rng, unseen, sum(need), m_.samples):
            pos, hands = 0, []
            for kn, nd in zip(known, need):
                hands.append(kn + drawn[pos:pos + nd])
                pos += nd
            deals.append(hands)
        best, best_risk = None, 2.0
        for verb, mine, left in options:
            lose = sum(all(m_.best6(*hand, *left) >= mine for hand in hands) for hands in deals)
            if lose / len(deals) < best_risk:
                best, best_risk = verb, lose / len(deals)
        return Action(best) if best is not None and best_risk < limit else None


def _easy_game(game, players: int, seed, rng_seed, moves: int):
    """Each position of a game of `easy` bots (the state, played on after it is looked at, and the seat to play),
    up to `moves` moves or the end."""
    from piratetable.engine.chance import Chance
    chance = Chance(seed, record=False)
    state = game.start(players, chance)
    bots = [game.make_bot("easy", s) for s in range(players)]
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if state.ctx.phase == "over":
            return
        seat = game.current_player(state)
        yield state, seat
        game.apply(state, bots[seat].choose(game.view(state, seat), game.legal_actions(state), rng), chance)


def _turns(game, players: int, seed: str):
    """Every play and final turn of a few hands of `easy` bots (full states: what a rollout acts on)."""
    for state, seat in _easy_game(game, players, seed, seed, 400):
        if state.ctx.phase in ("play", "final"):
            yield state, seat


@pytest.mark.parametrize("players, options", [(3, {}), (5, {}), (4, {"knock_without_swap": False}),
                                              (3, {"run_low_wins": False})])
def test_the_rollout_model_acts_as_before_and_draws_the_same(players, options):
    from piratetable.games.petrangola.bots import _model
    game = _game(**options)
    checked = 0
    for knock_risk in (30, 100, 400):      # higher: more knocks weighed on deals
        model = _model(game, 16, knock_risk)
        before = _RolloutModelBefore(model)
        for state, seat in _turns(game, players, f"model/{players}/{knock_risk}"):
            for trial in range(3):
                mine, theirs = random.Random(trial), random.Random(trial)
                assert model.act(state, seat, mine) == before.act(state, seat, theirs)
                assert mine.getstate() == theirs.getstate()
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("run_low_wins", [True, False])
def test_a_showdown_scored_with_the_memo_is_scored_as_without(run_low_wins):
    from piratetable.games.petrangola import scoring
    game = _game(run_low_wins=run_low_wins)
    rng = random.Random(3)
    cards = list(game.deck.cards)
    memo: dict = {}
    for trial in range(400):
        rng.shuffle(cards)
        players = rng.randint(2, 12)
        hands = {s: cards[3 * i:3 * i + 3] for i, s in enumerate(rng.sample(range(12), players))}
        if trial % 50 == 0:     # now and then a Petrangolone and a tie
            aces = [c for c in game.deck.cards if game.deck.rank_of[c] == 0][:3]
            first = next(iter(hands))
            hands[first] = aces
        expected = scoring.score_showdown(game.deck, hands, run_low_wins)
        assert scoring.score_showdown(game.deck, hands, run_low_wins, memo) == expected
        assert scoring.score_showdown(game.deck, {s: list(reversed(h)) for s, h in hands.items()}, run_low_wins,
                                      memo) == expected
    assert 0 < len(memo) <= scoring.MEMO_SIZE


def _mutable_ids(value, out):
    """The ids of every list, dict and set inside `value` (a state's fields)."""
    if isinstance(value, (list, dict, set)):
        out.add(id(value))
        for x in (value.values() if isinstance(value, dict) else value):
            _mutable_ids(x, out)
    elif hasattr(value, "__dict__"):
        for x in vars(value).values():
            _mutable_ids(x, out)
    return out


@pytest.mark.parametrize("players", [3, 6])
def test_a_cloned_state_is_what_the_engines_copy_makes_and_shares_nothing_mutable(players):
    from piratetable.engine.chance import Chance
    from piratetable.engine.state import copy_state
    game = _game()
    chance = Chance(f"clone/{players}", record=False)
    state = game.start(players, chance)
    bots = [game.make_bot("easy", s) for s in range(players)]
    rng = random.Random(players)
    phases = set()
    for _ in range(300):
        if state.ctx.phase == "over":
            break
        phases.add(state.ctx.phase)
        copy, engine_copy = game.clone(state), copy_state(state)
        assert copy == engine_copy == state
        assert list(vars(copy)) == list(vars(state))
        assert copy.ctx is not state.ctx and copy.ctx == state.ctx
        assert not _mutable_ids(copy, set()) & _mutable_ids(state, set())
        seat = game.current_player(state)
        game.apply(state, bots[seat].choose(game.view(state, seat), game.legal_actions(state), rng), chance)
    assert {"widow", "play", "final"} <= phases


def _seat_weight_before(belief, view, seat, hand, k):
    """`Belief.seat_weight` as it was before its speed-up (issue 30): every move's fit from the view itself, the
    hands on offer listed (`Tables.results`) and counted; times the tilt towards stronger hands added since
    (issue 28) for a seat that has played its hand, its hand's rank among the strengths counted here apart."""
    import math

    from piratetable.games.petrangola.belief import MISFIT, RANKED, TILT
    idx, tab = belief.idx, belief.tab

    def safe(power, percent):
        risk = tab.risk(power, k)
        limit = percent / 100 / (k + 1)
        return 1.0 if risk < limit * 0.7 else 0.5 if risk < limit * 1.4 else MISFIT

    def fit(move, hand):
        verb, phase = move["verb"], move["phase"]
        if verb == "keep":
            return safe(tab.p3(*hand), belief.keep_risk)
        if verb in ("reject", "swapall"):
            return 1.0
        monte = [idx[c] for c in move["monte"]]
        if len(monte) != 3:
            return 1.0
        mine = tab.p3(*hand)
        if verb == "knock":
            return safe(mine, belief.knock_risk)
        w = 1.0
        if phase == "play" and safe(max(mine, tab.p3(*monte)), belief.knock_risk) == 1.0:
            w *= MISFIT
        results = tab.results(hand, monte, phase == "final")
        if verb == "pass":
            made = mine
        else:
            after = list(hand)
            for g, t in zip(move["give"], move["take"]):
                after[after.index(idx[g])] = idx[t]
            made = tab.p3(*after)
        better = sum(1 for r in results if r > made)
        return w * (MISFIT if better >= shortlist_for(belief.shortlist, k) else RANKED if better else 1.0)

    own = [m for m in view.get("moves") or [] if m["seat"] == seat]
    w = 1.0
    if any(m["verb"] != "reject" for m in own):
        strengths = sorted(set(tab.t))
        w = math.exp(TILT * strengths.index(tab.p3(*hand)) / len(strengths))
    current = list(hand)
    for move in reversed(view.get("moves") or []):
        if move["seat"] != seat:
            continue
        before = list(current)
        if move["verb"] == "swap":
            for g, t in zip(move["give"], move["take"]):
                before[before.index(idx[t])] = idx[g]
        elif move["verb"] == "swapall":
            before = [idx[c] for c in move["give"]]
        w *= fit(move, before)
        current = before
    return w


@pytest.mark.parametrize("players, options", [(3, {}), (5, {}), (4, {"knock_without_swap": False})])
def test_the_beliefs_weights_are_the_same_numbers(players, options):
    from piratetable.games.petrangola.belief import Belief
    game = _game(**options)
    normal = game.config.content.normal
    rng = random.Random(players)
    weighed = set()
    for state, seat in _turns(game, players, f"belief/{players}"):
        view = game.view(state, seat)
        belief = Belief(game, seat, normal.knock_risk, normal.keep_risk, normal.shortlist)
        k = sum(view["in_hand"]) - 1
        unseen = [game.deck.index[c] for c in game.unseen_cards(view)]
        for s in range(players):
            if s == seat or not view["in_hand"][s]:
                continue
            for _ in range(4):
                drawn = iter(rng.sample(unseen, 3))
                hand = [game.deck.index[c] if c is not None else next(drawn) for c in view["public_cards"][s]]
                got = belief.seat_weight(view, s, hand, k)
                assert got == _seat_weight_before(belief, view, s, hand, k)
                weighed.add(got)
    assert len(weighed) >= 4        # fits, misfits and the ranked made hands among them


def _deals_before(bot, view, opponents, rng, count, extra=0):
    """`NormalBot._deals` as it was before its speed-up (issue 30): the samples of `relabelled`, then each
    opponent's cards picked from each of them."""
    from itertools import chain

    from piratetable.bots.sampling import picker, relabelled
    idx = bot.idx
    unseen = [idx[c] for c in bot.game.unseen_cards(view)]
    known, places, drawn = [], [], 0
    for s in opponents:
        mine = [idx[c] for c in view["public_cards"][s] if c is not None]
        need = len(view["hands"][s]) - len(mine)
        places += range(drawn, drawn + need)
        drawn += need
        places += [-1 - len(known) - i for i in range(len(mine))]
        known += mine
    total = drawn + extra
    deals = relabelled(rng, unseen, total, count)
    k = len(opponents)
    if not k:
        return [([], deal[drawn:] if extra else ()) for deal in deals]
    pick = picker(tuple(total + len(known) + p if p < 0 else p for p in places))
    tail = tuple(reversed(known))
    it = iter(chain.from_iterable(pick(deal + tail) for deal in deals))
    hands = list(zip(it, it, it))
    return [(hands[j:j + k], deal[drawn:] if extra else ()) for j, deal in zip(range(0, len(hands), k), deals)]


@pytest.mark.parametrize("players", [3, 6, 12])
def test_the_normal_bots_deals_are_the_same_deals(players):
    from piratetable.games.petrangola.bots import NormalBot
    game = _game()
    known = 0
    for state, seat in _turns(game, players, f"deals/{players}"):
        view = game.view(state, seat)
        bot = NormalBot(game, seat)
        opponents = [s for s in range(players) if view["in_hand"][s] and s != seat]
        known += sum(c is not None for s in opponents for c in view["public_cards"][s])
        for count, extra in ((48, 0), (10, 3), (120, 0)):
            mine, theirs = random.Random(count), random.Random(count)
            hidden = sum(c is None for s in opponents for c in view["public_cards"][s])
            if hidden + extra > len(game.unseen_cards(view)):
                with pytest.raises(ValueError):
                    bot._deals(view, opponents, mine, count, extra)
                with pytest.raises(ValueError):
                    _deals_before(bot, view, opponents, theirs, count, extra)
                continue
            got = bot._deals(view, opponents, mine, count, extra)
            expected = _deals_before(bot, view, opponents, theirs, count, extra)
            assert [(list(h), tuple(x)) for h, x in got] == [(list(h), tuple(x)) for h, x in expected]
            assert mine.getstate() == theirs.getstate()
            by_deal = bot._hands_of[1]
            assert by_deal == [tuple(bot.lookup.rows[a][b][c] for a, b, c in h) for h, _ in got]
    assert known > 0        # opponents seen taking cards from the monte


def test_a_deck_without_three_aces_has_no_petrangolone_for_the_bots():
    """The bots' shortcuts for Petrangolone (three aces) are taken only when the deck has three aces: with two
    suits the strongest hand is a sequence, whose risk is counted as any other's."""
    from pathlib import Path

    from piratetable.config.loader import load_config_text
    from piratetable.games.petrangola.bots import NormalBot, _model

    from .test_pinned_bots import _risk_after_before
    text = (Path(__file__).resolve().parents[3] / "configs" / "petrangola.yaml").read_text(encoding="utf-8")
    text = text.replace("    - {id: S, name: Spade, icon: swords}\n", "").replace(
        "    - {id: B, name: Bastoni, icon: batons}\n", "").replace("players: {min: 3, max: 12}",
                                                                    "players: {min: 3, max: 5}")
    game = Petrangola(load_config_text(text, "two-suits.yaml"))
    bot = NormalBot(game, 0)
    assert bot._top == -1 and bot.lookup.petrangolone == -1 and _model(game, 16, 30).petrangolone == -1
    rng = random.Random(5)
    cards = list(game.deck.cards)
    best = ["AD", "KD", "HD"]       # the strongest hand of this deck: the sequence to the Asso
    rest = [c for c in cards if c not in best]
    for _ in range(30):
        rng.shuffle(rest)
        monte, others = rest[:3], [game.deck.index[c] for c in rest[3:]]
        samples = []
        for _ in range(20):
            drawn = rng.sample(others, 6)
            samples.append(([drawn[:3], drawn[3:]], []))
        for to_come in ({1, 2}, {2}, set()):
            assert bot._risk_after(best, monte, samples, [1, 2], to_come) == \
                _risk_after_before(bot, best, monte, samples, [1, 2], to_come)
        # one opponent, holding the other sequence to the Asso (a tie: the lowest hand) in some deals
        tied = [game.deck.index[c] for c in ("AC", "KC", "HC")]
        alone = [([tied if i % 3 == 0 else rng.sample(others, 3)], []) for i in range(12)]
        assert bot._risk_after(best, monte, alone, [1], {1}) == _risk_after_before(bot, best, monte, alone, [1], {1})
    for players in (3, 5):
        model = _model(game, 16, 400)
        before = _RolloutModelBefore(model)
        for state, seat in _turns(game, players, f"two-suits/{players}"):
            mine, theirs = random.Random(1), random.Random(1)
            assert model.act(state, seat, mine) == before.act(state, seat, theirs)
            assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("players", [3, 7])
def test_the_views_hands_and_public_cards_are_what_they_were(players):
    """`_view` lays out each seat's hand and its face-up cards as before its speed-up (issue 30), for every
    seat, a spectator and the open view."""
    game = _game()
    for state, _to_play in _easy_game(game, players, f"views/{players}", players, 250):
        for seat in [*range(players), None]:
            for everything in (False, True):
                view = game._view(state, seat, everything)
                shown = everything or game._shown_now(state)
                hands = [list(h) if shown or (s == seat and game._sees_own_hand(state, seat)) else [None] * len(h)
                         for s, h in enumerate(state.hands)]
                pub = [[c if (p[i] if i < len(p) else False) else None for i, c in enumerate(h)]
                       for h, p in zip(state.hands, state.public)]
                assert view["hands"] == hands and view["public_cards"] == pub


@pytest.mark.parametrize("players", [3, 6])
def test_the_least_risky_choice_is_the_same_in_the_rules_order_and_in_any_other(players):
    """The waits in the rules' order (pass, the swaps as `_swap_actions` lists them, perhaps swap all: ranked all
    at once) and in any other order or subset (ranked one by one) give the choice the earlier code made."""
    from piratetable.games.petrangola.bots import NormalBot

    from .test_pinned_bots import _least_risky_before, _positions
    game = _game()
    bot = NormalBot(game, 0)
    rng = random.Random(30 + players)
    for hand, monte, samples, opponents, to_come in _positions(game, rng, players, 30, 30):
        canonical = [Action("pass")] + list(game._swap_actions(hand, monte))
        shuffled = list(canonical)
        rng.shuffle(shuffled)
        for actions in (canonical, canonical + [Action("swapall")], shuffled, canonical[:20]):
            for come in (to_come, set()):
                assert bot._least_risky(actions, hand, monte, samples, opponents, come) == \
                    _least_risky_before(bot, actions, hand, monte, samples, opponents, come)
