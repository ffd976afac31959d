"""Petrangola `normal`: its deals now (issue 30) against the deals before. Two parts, in one process:

1. The spread of the risk the bot judges on: at positions of `normal` games (play turns), the chance that the
   seat's hand is the lowest once the others improve (what its knock and its waits are decided on), estimated
   again and again with each way of dealing, against a reference of 4,000 independent deals: the root mean
   square error (percentage points) and the CPU time per estimate. The ways: `old` (120 independent deals, as
   `random.sample` draws them: the bot before), `design-120` (120 deals of the fixed design relabelled by one
   random order, `bots/sampling.relabelled`), `new` (the bot now: the design with `deal_count` deals, fewer with
   more opponents).
2. Matches, fixed seeds, seats rotated: one `new` seat against `old` seats (`--old`: the bot before issue 30,
   `dec6`, the bot of 2026-12-06 with twice the deals against more than two opponents and every table's full
   shortlist, or `dec7`, the bot of the morning of 2026-12-07 with a third more deals against more than two)
   (3 seats: 1 against 2; 6 seats: 1 against 5); the new seat's win share with its 95% Wilson interval against
   the even share, the share of the hands it played to a showdown that it lost against the old seats'
   (difference with its 95% interval: many hands per game, so a finer figure than the wins), and the CPU time of
   each kind of seat per decision.

The `old` bot is defined here only (the normal bot with its deals of before); it is not a level of the app.

Run:  .venv/bin/python benchmarks/petrangola_normal.py [--positions 60] [--repeats 20] [--games 3=1500,6=600]
          [--old independent|dec6|dec7] [--seed 1] [--quick]
`--quick`: 4 positions, 3 repeats and 2 games per table cut after 40 actions (a few seconds; the figures mean
little), which tests/test_benchmarks.py runs."""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.bots.sampling import samples as draw_samples  # noqa: E402
from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.runner import play_out  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.petrangola.bots import NormalBot, deal_count  # noqa: E402
from piratetable.games.petrangola.events import Showdown  # noqa: E402
from piratetable.games.petrangola.rules import Petrangola  # noqa: E402
from piratetable.lab.stats import diff_proportions, wilson  # noqa: E402

QUICK = {"positions": 4, "repeats": 3, "games": "3=2,6=2", "max_actions": 40}   # --quick
REFERENCE = 4000


class OldNormal(NormalBot):
    """The normal bot with its deals of before issue 30: `samples` independent deals, each drawn as
    `random.Random.sample` draws it, at every decision (the judgement on them is the same code)."""

    deals_when_needed = False

    def _samples(self, view, opponents, rng, count, extra=0):
        idx = self.idx
        unseen = [idx[c] for c in self.game.unseen_cards(view)]
        plan, pos = [], 0
        for s in opponents:
            known = [idx[c] for c in view["public_cards"][s] if c is not None]
            need = len(view["hands"][s]) - len(known)
            plan.append((known, pos, pos + need))
            pos += need
        total = pos + extra
        return [([known + drawn[a:b] for known, a, b in plan], drawn[pos:total])
                for drawn in draw_samples(rng, unseen, total, count)]

    def _shortlist(self, opponents):
        return self.p.shortlist      # every table (before 2026-12-07)


class Dec6Normal(NormalBot):
    """The normal bot of 2026-12-06 (`--old dec6`): its deals made as now, but `samples` x 2 / opponents of them
    against more than two opponents (48 at 6 seats, now 19), and the `shortlist` best waits re-checked at every
    table (now at most 3 against more than three opponents)."""

    def _samples(self, view, opponents, rng, count, extra=0):
        return self._deals(view, opponents, rng, max(min(count, 10), round(count * 2 / max(2, len(opponents)))),
                           extra)

    def _shortlist(self, opponents):
        return self.p.shortlist


class Dec7Normal(NormalBot):
    """The normal bot of the morning of 2026-12-07 (`--old dec7`): `samples` x 4 / opponents² deals against more
    than two opponents (19 at 6 seats, now 14); its re-checks as now."""

    def _samples(self, view, opponents, rng, count, extra=0):
        return self._deals(view, opponents, rng, deal_count(count, len(opponents), factor=4), extra)


OLD = {"independent": OldNormal, "dec6": Dec6Normal, "dec7": Dec7Normal}


def positions(game, players: int, count: int, seed: str) -> list:
    """(view, seat) of play turns of normal games, every fifth such turn, until `count`."""
    out: list = []
    g = 0
    while len(out) < count:
        chance = Chance(f"{seed}/pos/{players}/{g}", record=False)
        state = game.start(players, chance)
        bots = [NormalBot(game, s) for s in range(players)]
        rngs = [bot_rng(f"{seed}/pos/{g}", s) for s in range(players)]
        turn = 0
        while not game.is_over(state) and len(out) < count:
            seat = game.current_player(state)
            view = game.view(state, seat)
            if view["phase"] == "play":
                turn += 1
                if turn % 5 == 0:
                    out.append((view, seat))
            action = bots[seat].choose(view, game.legal_actions(state), rngs[seat])
            game.apply(state, action, chance)
        g += 1
    return out


def risk(bot, deals, view, seat) -> float:
    opponents = [s for s in range(view["players"]) if view["in_hand"][s] and s != seat]
    return bot._risk_after(view["hands"][seat], view["monte"], deals, opponents, set(opponents))


def spread(args) -> None:
    print("1. the spread of the risk after the others improve (percentage points), against "
          f"{REFERENCE} independent deals")
    for players in (3, 6):
        game = Petrangola(load_config("petrangola"))
        old, new = OldNormal(game, 0), NormalBot(game, 0)
        places = positions(game, players, args.positions, args.seed)
        # way -> (the bot judging, its way of dealing 120 deals' worth)
        ways = {"old": (old, old._samples), "design-120": (new, new._deals), "new": (new, new._samples)}
        errors = {w: 0.0 for w in ways}
        cpu = {w: 0.0 for w in ways}
        n = 0
        for i, (view, seat) in enumerate(places):
            old.seat = new.seat = seat
            opponents = [s for s in range(view["players"]) if view["in_hand"][s] and s != seat]
            truth = risk(old, old._samples(view, opponents, random.Random(f"ref/{i}"), REFERENCE), view, seat)
            for r in range(args.repeats):
                for way, (bot, deal) in ways.items():
                    start = time.process_time()
                    deals = deal(view, opponents, random.Random(f"{args.seed}/{i}/{r}/{way}"), 120)
                    value = risk(bot, deals, view, seat)
                    cpu[way] += time.process_time() - start
                    errors[way] += (value - truth) ** 2
                n += 1
        deals = deal_count(120, players - 1)
        print(f"   {players} seats, {len(places)} positions x {args.repeats}: "
              + ", ".join(f"{w} {100 * math.sqrt(errors[w] / n):.2f} pp ({cpu[w] / n * 1000:.2f} ms)"
                          for w in ways) + f"   (new: {deals} deals)")


def match(args) -> None:
    print(f"2. one new normal seat against old normal seats ({args.old}), seats rotated")
    for item in args.games.split(","):
        players, games = (int(x) for x in item.split("="))
        game = Petrangola(load_config("petrangola"))
        wins = 0.0
        cpu = {"new": 0.0, "old": 0.0}
        asked = {"new": 0, "old": 0}
        hands = {"new": 0, "old": 0}     # seats' hands played to a showdown
        lost = {"new": 0, "old": 0}      # of them lost (a token lost)
        for g in range(games):
            seed = f"{args.seed}/match/{players}/{g}"
            me = g % players
            bots = [NormalBot(game, s) if s == me else OLD[args.old](game, s) for s in range(players)]
            rngs = [bot_rng(seed, s) for s in range(players)]

            def decide(state, bots=bots, rngs=rngs, me=me, game=game, cpu=cpu, asked=asked):
                seat = state.ctx.current
                kind = "new" if seat == me else "old"
                start = time.process_time()
                action = bots[seat].choose_in(state, game.legal_actions(state), rngs[seat])
                cpu[kind] += time.process_time() - start
                asked[kind] += 1
                return action

            def showdowns(state, action, events, me=me, hands=hands, lost=lost):
                for ev in events:
                    if isinstance(ev, Showdown):
                        for r in ev.results:
                            kind = "new" if r.seat == me else "old"
                            hands[kind] += 1
                            lost[kind] += r.delta < 0

            chance = Chance(seed, record=False)
            state = game.start(players, chance)
            outcome = play_out(game, state, chance, [decide] * players, args.max_actions, observe=showdowns)
            if outcome.winners and me in outcome.winners:
                wins += 1 / len(outcome.winners)
        lo, hi = wilson(wins, games)
        print(f"   {players} seats, {games} games: new wins {wins / games:.3f} (95% {lo:.3f}-{hi:.3f}), even share "
              f"{1 / players:.3f}; CPU per decision new {cpu['new'] / max(1, asked['new']) * 1000:.2f} ms, "
              f"old {cpu['old'] / max(1, asked['old']) * 1000:.2f} ms")
        if hands["new"] and hands["old"]:
            d = diff_proportions(lost["new"], hands["new"], lost["old"], hands["old"])
            print(f"      hands lost at a showdown: new {lost['new']}/{hands['new']} ({lost['new'] / hands['new']:.4f}), "
                  f"old {lost['old']}/{hands['old']} ({lost['old'] / hands['old']:.4f}); new - old "
                  f"{d['diff']:+.4f} (95% {d['ci95'][0]:+.4f} to {d['ci95'][1]:+.4f})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60, help="positions per table size (default 60; 0: no spread part)")
    ap.add_argument("--repeats", type=int, default=20, help="estimates per position and way (default 20)")
    ap.add_argument("--games", default="3=1500,6=600", help="SEATS=GAMES,... (default 3=1500,6=600)")
    ap.add_argument("--old", choices=sorted(OLD), default="independent",
                    help="the old seats of the matches: the bot before issue 30 (independent deals, default), "
                    "the bot of 2026-12-06 (dec6: more deals and re-checks with more opponents) or of 2026-12-07 "
                    "(dec7: a third more deals with more than two opponents)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--max-actions", type=int, default=5000, help="cut a game after this many actions")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds")
    args = parse_quick(ap, argv, QUICK)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.2f}")
    if args.positions > 0:
        spread(args)
    match(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
