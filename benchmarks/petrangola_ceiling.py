"""Petrangola: how high can the `hard` bot's search go against two `normal` bots? An oracle measures the ceiling.

The oracle is the hard bot (`HardBot`: the normal bot's choice on its deals, then the search of knock or wait,
keep or reject and the final turns, `PetrangolaSearch`) whose deals are the TRUE state instead of its belief:
every deal it decides on is the others' real hands (and, at the widow, its own unseen dealt hand), and every
world its search plays is a copy of the real state (within a hand nothing else is hidden: the monte is face up,
the stock is dealt only at the next hand, after the showdown that ends a rollout). Everything else is the hard
bot's own: its candidates, its rollouts (every later move of the hand, the others' and its own, made the normal
bot's way, `RolloutModel`, each seat sampling its own unseen cards), `iterations` rollouts, the `CLEAR` test. An
honest bot of the same search sees less than this, so the oracle's figures bound what it can reach. Defined here
only (not a level of the app): the benchmark's loop hands it the true state before each of its decisions.

Two measures of a seat of each level in `--levels` (`oracle`, or a level of the game) against `normal` seats:
- `--games N`: whole games as `piratetable simulate --players P --bots LEVEL,normal,... --seed S` plays them
  (game g seeded `S/g`, the measured seat g % P, the bots' streams `bot_rng`: with `--levels hard` the same games
  as that command); the win share (a shared win counts 1/k) with its Wilson 95 % interval, and the share of its
  hands played to a showdown that it lost.
- `--hands N`: the paired deals of benchmarks/petrangola_hands.py (deal i is the first hand of a fresh game seeded
  `hands/i`, the measured seat i % P): the share of hands lost, and level against level on the same deals.
Prints figures only (and the CPU they took, and the load average); nothing here is a test.

Run: .venv/bin/python benchmarks/petrangola_ceiling.py [--levels oracle,hard] [--games N] [--seed S]
     [--hands N] [--first I] [--players P] [--jobs J] [--quick]
`--quick`: 2 hands and 1 game cut after 60 actions, `oracle` only (a few seconds; the figures mean little), which
tests/test_benchmarks.py runs.
"""
from __future__ import annotations

import argparse
import copy
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.runner import MAX_ACTIONS, play_out  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.petrangola.bots import HardBot, PetrangolaSearch  # noqa: E402
from piratetable.games.petrangola.events import Showdown  # noqa: E402
from piratetable.games.petrangola.rules import Petrangola  # noqa: E402
from piratetable.lab.stats import diff_proportions, wilson  # noqa: E402


class OracleSearch(PetrangolaSearch):
    """The hard bot's search, every world a copy of the true state (`oracle.truth`)."""

    def __init__(self, game, seat, iterations, model, oracle: OracleBot):
        super().__init__(game, seat, iterations, model)
        self.oracle = oracle

    def world(self, view, deal, opponents, rng):
        return self.game.clone(self.oracle.truth)


class OracleBot(HardBot):
    """The hard bot deciding on the truth: its deals are the real hands (`truth`, set by the caller before each
    decision), its search's worlds copies of the real state."""

    level = "oracle"

    def __init__(self, game, seat: int):
        super().__init__(game, seat)
        self.truth = None
        self.search = OracleSearch(game, seat, self.hp.iterations, self.search.model, self)

    def _samples(self, view, opponents, rng, count, extra=0):
        state, idx = self.truth, self.idx
        if state is None:
            raise RuntimeError("the oracle decides only on the true state (set `truth` first)")
        hands = []
        for s in opponents:
            hand = state.hands[s]
            # the view's visible cards are the truth's (a check that the truth is this decision's)
            assert all(c is None or c == t for c, t in zip(view["public_cards"][s], hand)), (s, view, hand)
            hands.append([idx[c] for c in hand])
        # the extra cards are asked for at the widow only: the dealer's own unseen dealt hand (the monte if kept)
        extras = [idx[c] for c in state.hands[self.seat]][:extra] if extra else []
        if extra:
            assert view["phase"] == "widow" and len(extras) == extra, (view["phase"], extra)
        return [(hands, extras)] * count


def make_bot(game, level: str, seat: int):
    return OracleBot(game, seat) if level == "oracle" else game.make_bot(level, seat)


def _decider(game, bot, rng, cpu: list | None = None):
    """A seat's decider for `play_out`; the oracle is shown the true state; `cpu` gathers [seconds, decisions]."""
    def decide(state):
        if isinstance(bot, OracleBot):
            bot.truth = state
        start = time.process_time()
        action = bot.choose_in(state, game.legal_actions(state), rng)
        if cpu is not None:
            cpu[0] += time.process_time() - start
            cpu[1] += 1
        return action
    return decide


def play_games(task) -> dict:
    """Games `indices` of the match, as `simulate` plays them (seeds `seed/g`, the level at seat g % players)."""
    level, players, seed, indices, max_actions = task
    game = Petrangola(load_config("petrangola"))
    wins, cpu = 0.0, [0.0, 0]
    by_size: dict[int, list[int]] = {}     # players in the hand -> [its hands at a showdown, of them lost]
    cpu0 = time.process_time()
    for g in indices:
        name = f"{seed}/{g}"
        me = g % players
        bots = [make_bot(game, level if s == me else "normal", s) for s in range(players)]
        rngs = [bot_rng(name, s) for s in range(players)]
        deciders = [_decider(game, bots[s], rngs[s], cpu if s == me else None) for s in range(players)]

        def showdowns(state, action, events, me=me):
            for ev in events:
                if isinstance(ev, Showdown):
                    for r in ev.results:
                        if r.seat == me:
                            got = by_size.setdefault(len(ev.results), [0, 0])
                            got[0] += 1
                            got[1] += r.delta < 0

        chance = Chance(name, record=False)
        state = game.start(players, chance)
        outcome = play_out(game, state, chance, deciders, max_actions, observe=showdowns)
        if outcome.winners and me in outcome.winners:
            wins += 1 / len(outcome.winners)
    return {"games": len(indices), "wins": wins, "by_size": by_size, "cpu": time.process_time() - cpu0,
            "my_cpu": cpu[0], "decisions": cpu[1]}


def play_hands(task) -> dict:
    """Deals `indices` of benchmarks/petrangola_hands.py: per deal, whether the measured seat lost the hand."""
    level, players, indices = task
    game = Petrangola(load_config("petrangola"))
    lost, logs, cpu = [], [], [0.0, 0]
    cpu0 = time.process_time()
    for i in indices:
        me = i % players
        chance = Chance(f"hands/{i}")
        state = game.start(players, chance)
        log: list = []
        lost.append(_hand(game, state, chance, level, me, f"hands/{i}", cpu, log))
        logs.append(log)
    return {"lost": lost, "logs": logs, "cpu": time.process_time() - cpu0, "my_cpu": cpu[0], "decisions": cpu[1]}


def _hand(game, state, chance, level: str, me: int, name: str, cpu: list, log: list) -> bool:
    """Play the hand of `state` to its showdown, seat `me` at `level`, the others `normal` (streams
    `bot_rng(name, seat)`); whether `me` lost it. `log` gets `me`'s decisions as (phase, verb, args)."""
    players = state.ctx.players
    bots = [make_bot(game, level if s == me else "normal", s) for s in range(players)]
    rngs = [bot_rng(name, s) for s in range(players)]
    deciders = [_decider(game, bots[s], rngs[s], cpu if s == me else None) for s in range(players)]
    mine = deciders[me]

    def logged(st):
        phase = st.ctx.phase
        action = mine(st)
        log.append((phase, action.verb, action.args))
        return action

    deciders[me] = logged
    stage = state.ctx.stages
    play_out(game, state, chance, deciders, MAX_ACTIONS, stop=lambda st: st.ctx.stages != stage)
    return state.last_showdown[me]["tokens"] < 0


def play_heads_up(task) -> dict:
    """Heads-up positions: game i of `normal` seats (seeded `headsup/i`) played to the start of its first hand
    with two players in (games that end before have none); the measured seat is one of the two (the first by
    seat when i is even). Each level in turn plays that hand from there (paired: the same position)."""
    levels, players, indices = task
    game = Petrangola(load_config("petrangola"))
    out = {level: {"lost": [], "cpu": [0.0, 0]} for level in levels}
    found = []
    cpu0 = time.process_time()
    for i in indices:
        name = f"headsup/{i}"
        chance = Chance(name, record=False)
        state = game.start(players, chance)
        bots = [game.make_bot("normal", s) for s in range(players)]
        rngs = [bot_rng(name, s) for s in range(players)]
        play_out(game, state, chance, [_decider(game, bots[s], rngs[s]) for s in range(players)], MAX_ACTIONS,
                 stop=lambda st: st.ctx.phase == "widow" and sum(st.in_hand) == 2)
        if game.is_over(state):
            continue
        found.append(i)
        me = [s for s in range(players) if state.in_hand[s]][i % 2]
        for level in levels:
            lost = _hand(game, game.clone(state), copy.deepcopy(chance), level, me, f"{name}/hand", out[level]["cpu"], [])
            out[level]["lost"].append(lost)
    return {"found": found, "levels": out, "cpu": time.process_time() - cpu0}


def _first_difference(a: list, b: list) -> str:
    """Where two logs of the same deal first part: the phase, and in play whether one knocks and the other waits."""
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    x, y = (a[k] if k < len(a) else None), (b[k] if k < len(b) else None)
    if x is None or y is None:
        return "no difference" if x is y else (x or y)[0]   # (none: the same decisions, another outcome)
    phase = x[0]
    if phase != "play":
        return phase
    knocks = (x[1] in ("knock", "swapall"), y[1] in ("knock", "swapall"))
    return "play: knock or wait" if knocks[0] != knocks[1] else "play: which knock" if knocks[0] else \
        "play: which pass or swap"


def _run(fn, tasks, jobs: int) -> list:
    if jobs > 1 and len(tasks) > 1:
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(fn, tasks)
    return [fn(t) for t in tasks]


def _chunks(first: int, count: int, parts: int) -> list[list[int]]:
    parts = max(1, min(parts, count))
    return [list(range(first + p, first + count, parts)) for p in range(parts)]


QUICK = {"levels": "oracle,normal", "hands": 2, "games": 1, "heads_up": 2, "max_actions": 60, "jobs": 1}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="oracle,hard", help="the measured seat's levels (oracle or a game level)")
    ap.add_argument("--games", type=int, default=0, help="whole games per level (as simulate plays them)")
    ap.add_argument("--seed", default="1", help="the games' seed (simulate's --seed)")
    ap.add_argument("--hands", type=int, default=400, help="paired deals per level (0: none)")
    ap.add_argument("--first", type=int, default=0, help="the first deal's number (default 0)")
    ap.add_argument("--heads-up", type=int, default=0, help="games whose first two-player hand is replayed "
                    "by every level (0: none)")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--max-actions", type=int, default=MAX_ACTIONS, help="cut a game after this many actions")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items()) + " unless given")
    args = parse_quick(ap, argv, QUICK)
    levels = args.levels.split(",")
    p = args.players
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{p} players, one seat of each level against {p - 1} normal; load average at the start {load:.2f}",
          flush=True)
    cpu_total = 0.0
    paired: dict[str, list] = {}
    paired_logs: dict[str, list] = {}
    for level in levels:
        if args.hands > 0:
            parts = _run(play_hands, [(level, p, ix) for ix in _chunks(args.first, args.hands, args.jobs)], args.jobs)
            by_deal: dict[int, bool] = {}
            for ix, part in zip(_chunks(args.first, args.hands, args.jobs), parts):
                by_deal.update(zip(ix, part["lost"]))
            logs: dict[int, list] = {}
            for ix, part in zip(_chunks(args.first, args.hands, args.jobs), parts):
                logs.update(zip(ix, part["logs"]))
            lost = [by_deal[i] for i in sorted(by_deal)]
            paired[level] = lost
            paired_logs[level] = [logs[i] for i in sorted(logs)]
            cpu = sum(x["cpu"] for x in parts)
            my_cpu, decisions = sum(x["my_cpu"] for x in parts), sum(x["decisions"] for x in parts)
            cpu_total += cpu
            k, n = sum(lost), len(lost)
            lo, hi = wilson(k, n)
            print(f"{level:<7} hands {args.first}-{args.first + n - 1}: lost {k} of {n}, {k / n:.3f} [{lo:.3f}, {hi:.3f}];"
                  f" {decisions} decisions, {my_cpu / max(1, decisions) * 1000:.0f} ms CPU each; {cpu:.1f} s CPU",
                  flush=True)
        if args.games > 0:
            tasks = [(level, p, args.seed, ix, args.max_actions) for ix in _chunks(0, args.games, args.jobs)]
            parts = _run(play_games, tasks, args.jobs)
            wins, games = sum(x["wins"] for x in parts), sum(x["games"] for x in parts)
            by_size: dict[int, list[int]] = {}
            for x in parts:
                for size, (h, k) in x["by_size"].items():
                    by_size.setdefault(size, [0, 0])
                    by_size[size][0] += h
                    by_size[size][1] += k
            hands, lost_n = sum(h for h, _ in by_size.values()), sum(k for _, k in by_size.values())
            cpu = sum(x["cpu"] for x in parts)
            my_cpu, decisions = sum(x["my_cpu"] for x in parts), sum(x["decisions"] for x in parts)
            cpu_total += cpu
            lo, hi = wilson(wins, games)
            hlo, hhi = wilson(lost_n, hands)
            print(f"{level:<7} games 0-{games - 1} (seed {args.seed}): wins {wins / games:.3f} [{lo:.3f}, {hi:.3f}] "
                  f"(even share {1 / p:.3f}); its hands lost at a showdown {lost_n} of {hands}, "
                  f"{lost_n / max(1, hands):.3f} [{hlo:.3f}, {hhi:.3f}]; "
                  f"{my_cpu / max(1, decisions) * 1000:.0f} ms CPU per decision; {cpu:.1f} s CPU", flush=True)
            for size in sorted(by_size, reverse=True):
                h, k = by_size[size]
                slo, shi = wilson(k, h)
                print(f"        with {size} players in the hand: lost {k} of {h}, {k / h:.3f} [{slo:.3f}, {shi:.3f}]"
                      f" (even share {1 / size:.3f})", flush=True)
    names = list(paired)
    for a, b in zip(names, names[1:]):
        x, y = paired[a], paired[b]
        only_a = sum(1 for u, v in zip(x, y) if u and not v)
        only_b = sum(1 for u, v in zip(x, y) if v and not u)
        d = diff_proportions(sum(x), len(x), sum(y), len(y))
        print(f"same deals: {a} lost {only_a} hands that {b} did not, {b} lost {only_b} that {a} did not; "
              f"{a} - {b} {d['diff']:+.3f} (95% {d['ci95'][0]:+.3f} to {d['ci95'][1]:+.3f}, as if unpaired)")
        where: dict[str, list[int]] = {}
        for u, v, la, lb in zip(x, y, paired_logs[a], paired_logs[b]):
            if u != v:
                where.setdefault(_first_difference(la, lb), [0, 0])[0 if u else 1] += 1
        for place, (ka, kb) in sorted(where.items()):
            print(f"    first different decision at {place}: {a} alone lost {ka}, {b} alone lost {kb}")
    if args.heads_up > 0:
        chunks = _chunks(0, args.heads_up, args.jobs)
        parts = _run(play_heads_up, [(levels, p, ix) for ix in chunks], args.jobs)
        cpu_total += sum(x["cpu"] for x in parts)
        found = sum(len(x["found"]) for x in parts)
        print(f"heads-up: the first two-player hand of {found} of {args.heads_up} normal games, replayed by each level")
        hu: dict[str, list] = {}
        for level in levels:
            hu[level] = [v for x in parts for v in x["levels"][level]["lost"]]
            my_cpu = sum(x["levels"][level]["cpu"][0] for x in parts)
            decisions = sum(x["levels"][level]["cpu"][1] for x in parts)
            k, n = sum(hu[level]), len(hu[level])
            lo, hi = wilson(k, n)
            print(f"{level:<7} heads-up: lost {k} of {n}, {k / max(1, n):.3f} [{lo:.3f}, {hi:.3f}]; "
                  f"{my_cpu / max(1, decisions) * 1000:.0f} ms CPU per decision", flush=True)
        for a, b in zip(levels, levels[1:]):
            only_a = sum(1 for u, v in zip(hu[a], hu[b]) if u and not v)
            only_b = sum(1 for u, v in zip(hu[a], hu[b]) if v and not u)
            print(f"same positions: {a} lost {only_a} hands that {b} did not, {b} lost {only_b} that {a} did not")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU of the games and hands: {cpu_total:.1f} s; load average at the end {load:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
