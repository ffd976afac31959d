"""Fit the position model of the Pirataki `hard` bot (piratetable/games/pirataki/value.py).

Plays games between `normal` bots, records every position at the start of a turn with the seat that went on to
win, and fits the network (inputs → tanh hidden layer → one strength per seat, softmax over the seats) by
maximum likelihood with Adam. Needs numpy (only here: the game evaluates the network in plain Python).

    .venv/bin/python benchmarks/pirataki_fit_value.py --games 8000,3000,3000 --hidden 16 \
        --out piratetable/games/pirataki/value_model.json

`--games` gives the number of games for 2, 3 and 4 players (the shipped model: 8000,3000,3000, seed 1; about 15
minutes on this 2-core machine). It prints the log-loss on a held-out sixth of the games. `--quick`: 12 games and
20 steps, nothing written unless `--out` is given (a few seconds; the model means nothing); without numpy it
plays the games and skips the fit. tests/test_benchmarks.py runs it.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piratetable.preflight import parse_quick, require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.registry import game_class  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng  # noqa: E402
from piratetable.games.pirataki import value  # noqa: E402


def _game():
    return game_class("pirataki")(load_config("pirataki"))


def positions(args) -> list:
    """(inputs per position, winner) for each finished game of one chunk."""
    players, start, count, seed = args
    game = _game()
    out = []
    for g in range(start, start + count):
        key = f"{seed}/fit/{players}/{g}"
        chance = Chance(key)
        state = game.start(players, chance)
        bots = [game.make_bot("normal", s) for s in range(players)]
        rngs = [bot_rng(key, s) for s in range(players)]
        rows = []
        while not game.is_over(state):
            if state.ctx.phase == "turn":
                rows.append(value.seat_inputs(game, state))
            seat = state.ctx.current
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state), rngs[seat])
            step(game, state, action, chance, check=False)
        winners = game.winners(state)
        if winners:
            out.append((rows, winners[0]))
    return out


def fit(train: dict, test: dict, hidden: int, steps: int, seed: int):
    import numpy as np

    rng = np.random.default_rng(seed)
    d = len(value.INPUTS)
    params = {"W1": rng.normal(0, 0.3, (d, hidden)), "b1": np.zeros(hidden), "w2": rng.normal(0, 0.3, hidden)}

    def loss_grad(sets, l2=1e-4):
        total, count = 0.0, 0
        grads = {k: np.zeros_like(v) for k, v in params.items()}
        for x, y in sets.values():
            h = np.tanh(x @ params["W1"] + params["b1"])
            s = h @ params["w2"]
            s = s - s.max(1, keepdims=True)
            p = np.exp(s)
            p /= p.sum(1, keepdims=True)
            m = len(y)
            total -= np.log(p[np.arange(m), y] + 1e-12).sum()
            count += m
            onehot = np.zeros_like(p)
            onehot[np.arange(m), y] = 1
            ds = p - onehot
            grads["w2"] += np.einsum("mn,mnh->h", ds, h)
            dh = ds[:, :, None] * params["w2"][None, None, :] * (1 - h ** 2)
            grads["W1"] += np.einsum("mni,mnh->ih", x, dh)
            grads["b1"] += dh.sum((0, 1))
        for k in grads:
            grads[k] = grads[k] / count + 2 * l2 * params[k]
        return total / count, grads

    m1 = {k: np.zeros_like(v) for k, v in params.items()}
    m2 = {k: np.zeros_like(v) for k, v in params.items()}
    lr = 0.01
    for t in range(1, steps + 1):
        loss, grads = loss_grad(train)
        for k in params:
            m1[k] = 0.9 * m1[k] + 0.1 * grads[k]
            m2[k] = 0.999 * m2[k] + 0.001 * grads[k] ** 2
            params[k] -= lr * (m1[k] / (1 - 0.9 ** t)) / (np.sqrt(m2[k] / (1 - 0.999 ** t)) + 1e-8)
        if t % 250 == 0 or t == steps:
            per = {int(n): round(float(loss_grad({n: test[n]})[0]), 4) for n in test}
            print(f"step {t}: train {loss:.4f}, held-out {loss_grad(test)[0]:.4f} {per}", flush=True)
    return params


QUICK = {"games": "6,3,3", "steps": 20, "jobs": 1}   # --quick


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="8000,3000,3000", help="games for 2,3,4 players")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="")
    ap.add_argument("--quick", action="store_true", help="the smallest run, a few seconds: "
                    + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in QUICK.items())
                    + " unless given; without numpy, no fit")
    args = parse_quick(ap, argv, QUICK, lambda a: f"--games {a.games} --steps {a.steps}")
    try:
        import numpy as np
    except ImportError:
        if not args.quick:
            print("the fit needs numpy: pip install numpy (--quick plays the games without it)", file=sys.stderr)
            return 2
        np = None

    counts = [int(x) for x in args.games.split(",")]
    tasks = [(players, s, min(100, n - s), args.seed)
             for players, n in zip((2, 3, 4), counts) for s in range(0, n, 100)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        games = [g for part in pool.map(positions, tasks) for g in part]
    print(f"{len(games)} games, {sum(len(r) for r, _ in games)} positions ({time.perf_counter() - start:.1f} s)")
    if np is None:
        print("numpy is not installed: the fit is skipped (quick run)")
        return 0
    order = np.random.default_rng(args.seed).permutation(len(games))
    cut = len(games) * 5 // 6

    def sets(indices):
        out: dict = {}
        for i in indices:
            rows, winner = games[i]
            for r in rows:
                xs, ys = out.setdefault(len(r), ([], []))
                xs.append(r)
                ys.append(winner)
        return {n: (np.array(xs), np.array(ys)) for n, (xs, ys) in out.items()}

    params = fit(sets(order[:cut]), sets(order[cut:]), args.hidden, args.steps, args.seed)
    if args.out:
        model = {"inputs": list(value.INPUTS), "hidden": args.hidden,
                 "fitted": f"benchmarks/pirataki_fit_value.py --games {args.games} --hidden {args.hidden} "
                           f"--steps {args.steps} --seed {args.seed}"}
        model.update({k: np.round(v, 4).tolist() for k, v in params.items()})
        Path(args.out).write_text(json.dumps(model) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
