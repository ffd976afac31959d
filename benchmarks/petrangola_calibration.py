"""Is Petrangola's "chance that your hand is the lowest" true? The figures the Odds line and the hint show, against
what then happens at the table.

Bot games are played (seat s plays the level `--bots[s % len]`); at every decision of a seat in the widow, play
and final phases the script asks `insight.odds` for that seat (its view only, seeded by the seat's bot stream, as
the table asks) and records each figure with the event it predicts:

- `now`: the chance that the seat's hand is the (tied) lowest against the other hands as they are. The event: in
  the true state at that moment no other hand in play is weaker (a tie for the lowest loses; three aces never do).
- `final`: the chance that the hand is the lowest at the showdown once the players still to move have had their
  turn. The event: a copy of the game in which the seat keeps this hand (the widow: keep; play: knock; a final
  turn: pass) is played on by the seats' own bots to the showdown, and the seat loses a token there.
- `knock` (seats of level `hard` only): the hard bot's own chance for a knock it weighed in play, the share of
  its search's endings in which the knock left its hand the lowest (`games/petrangola/insight.py` `decide`'s record; its reason prints
  it as a count). The event: the knock played on by the seats' own bots, as for `final`. Grouped by tenths.
- `searched` and `odds_searched` (seats of level `hard`, with the table's figures): where its search weighed
  keeping the hand (the widow kept, a knock without a swap, a final turn passed), the share of the endings in
  which that left the hand the lowest, and the Odds line's `final` at the same moment; the event as for `final`.
  The last line compares the two on those decisions.

Each group prints its Brier score (the mean squared distance of the printed chance from the event, 1 or 0).

The figures are grouped by what the table prints for them: `shown` (default) the words of `games/petrangola/insight_words.py` (the
estimate through the measured calibration, `games/petrangola/insight.py` `shown`), `raw` the estimate itself as
"about N%" (the words before the calibration). Per group: the decisions, the mean printed chance, the share of
them in which the event happened and its Wilson 95 % interval; "fits" when the printed chance lies in it.
`--fit` prints the calibration knots (isotonic regression of the events on the estimates, both figures pooled)
in the form `games/petrangola/insight.py` keeps them.

Run: .venv/bin/python benchmarks/petrangola_calibration.py [--games N] [--players 3,4,6] [--bots normal,easy]
[--seed S] [--words shown|raw] [--knock-only] [--fit] [--save FILE] [--load FILE] [--quick]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from piratetable.preflight import require_libraries  # noqa: E402

require_libraries(__file__)

from piratetable import insight  # noqa: E402
from piratetable.config.loader import load_config  # noqa: E402
from piratetable.engine.actions import Action  # noqa: E402
from piratetable.engine.chance import Chance  # noqa: E402
from piratetable.engine.runner import step  # noqa: E402
from piratetable.engine.streams import bot_rng, bot_seed  # noqa: E402
from piratetable.games.petrangola.insight import decide, shown  # noqa: E402
from piratetable.games.petrangola.insight_words import lowest_chance  # noqa: E402
from piratetable.games.petrangola.rules import Petrangola  # noqa: E402
from piratetable.games.petrangola.scoring import strength  # noqa: E402
from piratetable.insight.words import about  # noqa: E402
from piratetable.lab.stats import wilson  # noqa: E402

KEEP = {"widow": Action("keep"), "play": Action("knock"), "final": Action("pass")}
KNOTS = (0.0, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)


def lowest_now(game, state, seat: int) -> bool:
    """The seat's hand, in the true state, is the (tied) lowest of the hands in play (three aces never are)."""
    deck, low = game.deck, game.options.run_low_wins
    if all(deck.rank_of[c] == 0 for c in state.hands[seat]):
        return False
    mine = strength(deck, state.hands[seat], low)
    return all(strength(deck, state.hands[s], low) >= mine
               for s in range(state.ctx.players) if s != seat and state.in_hand[s])


def lowest_at_showdown(game, state, seat: int, keep: Action, bots, tag: str) -> bool | None:
    """Keep the hand (`keep`), let the seats' bots play on to the showdown: did the seat lose a token there?"""
    if keep not in game.legal_actions(state):
        return None
    copy = game.clone(state)
    chance = Chance(f"calibration/{tag}")
    start = copy.ctx.stages
    step(game, copy, keep, chance, check=False)
    ply = 0
    while copy.ctx.stages == start and not game.is_over(copy):
        who = game.current_player(copy)
        legal = game.legal_actions(copy)
        action = bots[who].choose(game.view(copy, who), legal, bot_rng(f"calibration/{tag}", who, ply))
        step(game, copy, action, chance, check=False)
        ply += 1
    result = copy.last_showdown[seat] if copy.last_showdown else None
    return bool(result and result["tokens"] < 0)


def play(game, players: int, levels: list[str], seed: str, records: list, odds_too: bool = True) -> int:
    """One game; appends (figure, players, estimate, happened) to `records`; returns its decisions."""
    chance = Chance(seed)
    state = game.start(players, chance)
    bots = [game.make_bot(levels[s % len(levels)], s) for s in range(players)]
    decisions = ply = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        odds = insight.odds(game, view, seat, seed=bot_seed(seed, seat, ply)) if odds_too else None
        if odds is not None and len(legal) > 1 and odds.kind != "petrangolone":
            decisions += 1
            if odds.phase != "widow":
                records.append(("now", players, odds.now, lowest_now(game, state, seat)))
            event = lowest_at_showdown(game, state, seat, KEEP[odds.phase], bots, f"{seed}/{decisions}")
            if event is not None:
                records.append(("final", players, odds.final, event))
        if levels[seat % len(levels)] == "hard" and len(legal) > 1:
            action, record = decide(game, view, legal, seat, bot_rng(seed, seat, ply), "hard")
            _knock_figure(game, state, seat, record, bots, f"{seed}/k{ply}", players, records)
            if odds is not None and odds.kind != "petrangolone":
                _searched_figure(game, state, seat, record, odds.final, bots, f"{seed}/s{ply}", players, records)
        else:
            action = bots[seat].choose(view, legal, bot_rng(seed, seat, ply))
        step(game, state, action, chance, check=False)
        ply += 1
    return decisions


def _knock_figure(game, state, seat: int, record: dict, bots, tag: str, players: int, records: list) -> None:
    """The hard bot's own knock chance: when its search weighed a knock in play (`decide`'s record), the share
    of its endings in which the knock left the hand the lowest, against a knock played on by the seats' bots."""
    search = record.get("search")
    if not search or search.get("phase") != "play":
        return
    for action, lowest in zip(search["candidates"], search["lowest"]):
        if action.verb in ("knock", "swapall"):
            event = lowest_at_showdown(game, state, seat, action, bots, tag)
            if event is not None:
                records.append(("knock", players, lowest, event))
                return


def _searched_figure(game, state, seat: int, record: dict, final: float, bots, tag: str, players: int,
                     records: list) -> None:
    """The two figures of one event side by side: when the hard bot's search weighed keeping its hand (the widow
    kept, a knock without a swap, a final turn passed), the share of its endings in which that left the hand the
    lowest (its reason's count) and the Odds line's `final` estimate at the same moment, both against that move
    played on by the seats' bots."""
    search = record.get("search")
    if not search:
        return
    keep = KEEP[search["phase"]]
    for action, lowest in zip(search["candidates"], search["lowest"]):
        if action == keep:
            event = lowest_at_showdown(game, state, seat, action, bots, tag)
            if event is not None:
                records.append(("searched", players, lowest, event))
                records.append(("odds_searched", players, final, event))
            return


def paired(records: list) -> None:
    """The search's figure and the Odds line's printed figure on the same decisions (`_searched_figure`)."""
    search = [(p, h) for f, _n, p, h in records if f == "searched"]
    odds = [(shown(p), h) for f, _n, p, h in records if f == "odds_searched"]
    if not search:
        return
    gaps = [abs(a - b) for (a, _), (b, _) in zip(search, odds)]
    print(f"\nthe same {len(search)} decisions: Brier score of the search's figure {brier(search):.3f}, of the "
          f"Odds line's {brier(odds):.3f}; they differ by {sum(gaps) / len(gaps):.3f} on average, by more than 15 "
          f"points in {sum(1 for g in gaps if g > 0.15) / len(gaps):.0%} of them")


def _printed(p: float, words: str) -> str:
    return lowest_chance(p) if words == "shown" else about(p)


def _band(text: str) -> str:
    """Ten-point bands above 10 % (one row per printed figure below)."""
    digits = "".join(ch for ch in text if ch.isdigit())
    if digits and "<" not in text and ">" not in text and int(digits) >= 10:
        low = min(90, int(digits) // 10 * 10)
        return f"about {low}–{low + 9}%" if low < 90 else "about 90–100%"
    return text


def brier(rows: list) -> float:
    """Mean squared distance of the (printed) chances from the events (1 happened, 0 not)."""
    return sum((p - (1.0 if happened else 0.0)) ** 2 for p, happened in rows) / max(1, len(rows))


def _decile(p: float) -> str:
    low = min(90, int(p * 100 + 1e-9) // 10 * 10)
    return f"{low}–{low + 9}%" if low < 90 else "90–100%"


def report(records: list, words: str) -> None:
    for name in ("now", "final", "knock", "searched", "odds_searched"):
        rows = [(p, happened) for figure, _n, p, happened in records if figure == name]
        if name in ("knock", "searched", "odds_searched") and not rows:
            continue
        # the hard bot's own figures as its reason prints them (a count of endings); the table's through `words`
        w = "raw" if name in ("knock", "searched") else words
        scored = [(shown(p) if w == "shown" else p, happened) for p, happened in rows]
        print(f"\n{name}: {len(rows)} decisions (words: {w}), Brier score {brier(scored):.3f}")
        print(f"{'printed':<16} {'decisions':>9} {'printed':>8} {'realised':>9}  {'95% interval':<16} fits")
        groups: dict[str, list] = {}
        for p, happened in rows:
            # the knock figure: the reliability bins are tenths (a few decisions per printed percent below 10)
            label = _decile(p) if name in ("knock", "searched") else _band(_printed(p, w))
            groups.setdefault(label, []).append((shown(p) if w == "shown" else p, happened))
        for label, items in sorted(groups.items(), key=lambda kv: sum(p for p, _ in kv[1]) / len(kv[1])):
            n = len(items)
            k = sum(1 for _, h in items if h)
            mean = sum(p for p, _ in items) / n
            low, high = wilson(k, n)
            fits = "yes" if low - 0.005 <= mean <= high + 0.005 else "NO"
            print(f"{label:<16} {n:>9} {mean:>8.1%} {k / n:>9.1%}  [{low:.1%}, {high:.1%}]{'':<4} {fits}")


def isotonic(points: list[tuple[float, float]]) -> list[tuple[float, float, int]]:
    """Pool-adjacent-violators: (mean x, mean y, weight) blocks with non-decreasing y (equal x pooled first)."""
    pooled: dict[float, list[float]] = {}
    for x, y in points:
        acc = pooled.setdefault(x, [0.0, 0])
        acc[0] += y
        acc[1] += 1
    blocks: list[list[float]] = []
    for x in sorted(pooled):
        total, n = pooled[x]
        blocks.append([x, total / n, n])
        while len(blocks) > 1 and blocks[-2][1] >= blocks[-1][1]:
            x2, y2, w2 = blocks.pop()
            x1, y1, w1 = blocks.pop()
            w = w1 + w2
            blocks.append([(x1 * w1 + x2 * w2) / w, (y1 * w1 + y2 * w2) / w, w])
    return [(x, y, int(w)) for x, y, w in blocks]


def fit(records: list) -> tuple[tuple[float, float], ...]:
    """Calibration knots: at each of KNOTS the isotonic fit of the events on the estimates (interpolated between
    the blocks' centres), made strictly increasing."""
    blocks = isotonic([(p, 1.0 if happened else 0.0) for f, _n, p, happened in records if f in ("now", "final")])
    xs, ys = [b[0] for b in blocks], [b[1] for b in blocks]
    out, last = [], -1.0
    for x in KNOTS:
        if x <= xs[0]:
            y = ys[0]
        elif x >= xs[-1]:
            y = ys[-1] + (1.0 - ys[-1]) * (x - xs[-1]) / (1.0 - xs[-1]) if xs[-1] < 1 else ys[-1]
        else:
            i = next(j for j in range(1, len(xs)) if xs[j] >= x)
            y = ys[i - 1] + (ys[i] - ys[i - 1]) * (x - xs[i - 1]) / (xs[i] - xs[i - 1])
        y = 1.0 if x == 1.0 else max(y, last + 0.002)
        out.append((x, round(y, 3)))
        last = y
    return tuple(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per seat count (default 20)")
    ap.add_argument("--players", default="3,4,6", help="seat counts, comma-separated (default 3,4,6)")
    ap.add_argument("--bots", default="normal,easy", help="the seats' levels, in turn (default normal,easy)")
    ap.add_argument("--seed", default="calibration", help="seed prefix (default calibration)")
    ap.add_argument("--words", choices=("shown", "raw"), default="shown",
                    help="group by the printed chance (shown) or by the raw estimate (raw)")
    ap.add_argument("--knock-only", action="store_true",
                    help="only the hard bot's own knock chance (seats of level hard; no table odds: quicker)")
    ap.add_argument("--fit", action="store_true", help="print calibration knots fitted on these games")
    ap.add_argument("--quick", action="store_true", help="one short game at 3 seats (a few seconds)")
    ap.add_argument("--save", help="also write the records (figure, seats, estimate, event) to this JSON file")
    ap.add_argument("--load", help="read the records from this JSON file instead of playing")
    args = ap.parse_args(argv)
    game = Petrangola(load_config("petrangola"))
    counts = [3] if args.quick else [int(p) for p in args.players.split(",")]
    games = 1 if args.quick else args.games
    levels = args.bots.split(",")
    records: list = []
    if args.load:
        records = [tuple(r) for r in json.loads(Path(args.load).read_text())]
        counts = sorted({r[1] for r in records})
        print(f"{len(records)} records from {args.load}")
    else:
        started = time.process_time()
        decisions = 0
        for players in counts:
            for g in range(games):
                decisions += play(game, players, levels, f"{args.seed}/{players}/{g}", records, not args.knock_only)
        print(f"{decisions} decisions in {games} game(s) per seat count {counts}, seats {','.join(levels)}, "
              f"{time.process_time() - started:.0f} s CPU")
    if args.save:
        Path(args.save).write_text(json.dumps(records))
    report(records, args.words)
    paired(records)
    if args.fit:
        print("\nCALIBRATION = (" + ", ".join(f"({x}, {y})" for x, y in fit(records)) + ")")
        for players in counts:
            print(f"  {players} seats:", ", ".join(f"({x}, {y})" for x, y in fit(
                [r for r in records if r[1] == players])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
