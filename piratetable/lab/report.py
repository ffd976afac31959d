"""From per-game records to the report a designer reads: win shares per player, per seat and per bot level
with Wilson intervals, seat advantage, game length in the game's own units, score distributions, draws — and
the comparison of a variant with its baseline, figure by figure, with intervals and significance."""
from __future__ import annotations

from .stats import describe, diff_means, diff_proportions, histogram, mean_ci, wilson

INTERVAL_NOTE = ("intervals: 95% Wilson score for win shares (a shared win counts 1/k to each of its k winners, "
                 "as a fractional count); differences: Newcombe's score interval for shares, normal (Welch) for "
                 "means; * = significant (the interval excludes 0); a mean per game: normal interval")


def _num(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _share(r: dict, seat: int) -> float:
    w = r["winners"]
    return 1.0 / len(w) if w and seat in w else 0.0


def _rate(total: float, n: int) -> dict:
    lo, hi = wilson(total, n)
    return {"win_rate": total / n if n else 0.0, "ci95": [lo, hi], "wins": total, "n": n}


def _per_player(records: list[dict], n: int, levels: list[str]) -> list[dict]:
    """Each player's win share (they rotate seats: seat = (player + shift) mod n), sole and shared wins, scores."""
    out = []
    for p in range(n):
        shares, scores, sole, shared = [], [], 0, 0
        for r in records:
            seat = (p + r["shift"]) % n
            shares.append(_share(r, seat))
            s = r["scores"][seat]
            scores.append(s if _num(s) else 0)
            if r["winners"] and seat in r["winners"]:
                sole += len(r["winners"]) == 1
                shared += len(r["winners"]) > 1
        rate = _rate(sum(shares), len(records))
        out.append({"player": p, "level": levels[p], "win_rate": rate["win_rate"], "ci95": rate["ci95"],
                    "wins": rate["wins"], "sole_wins": sole, "shared_wins": shared,
                    "mean_score": sum(scores) / len(scores) if scores else 0.0, "score": describe(scores)})
    return out


def _per_seat(records: list[dict], n: int) -> list[dict]:
    """Each seat's win share and its advantage over an even share (1/n), with intervals."""
    even = 1 / n
    out = []
    for seat in range(n):
        total = sum(_share(r, seat) for r in records)
        rate = _rate(total, len(records))
        scores = [r["scores"][seat] for r in records if _num(r["scores"][seat])]
        lo, hi = rate["ci95"]
        out.append({"seat": seat, "win_rate": rate["win_rate"], "ci95": rate["ci95"], "wins": total,
                    "advantage": rate["win_rate"] - even, "advantage_ci95": [lo - even, hi - even],
                    "significant": lo > even or hi < even, "score": describe(scores)})
    return out


def _per_level(per_player: list[dict], levels: list[str], games: int) -> list[dict]:
    """Each bot level's win share over the players at that level."""
    out = []
    for level in dict.fromkeys(levels):
        players = [p for p in range(len(levels)) if levels[p] == level]
        total = sum(per_player[p]["wins"] for p in players)
        out.append({"level": level, "players": len(players), **_rate(total, games * len(players))})
    return out


def unit_field(unit: str) -> str:
    """The record's field that counts the game's unit: `turns` for a game whose unit is the turn (Pirataki),
    else `stages` (trips, rounds, hands)."""
    return "turns" if unit == "turn" else "stages"


def length_key(report: dict) -> str:
    """The key of `report["length"]` in the game's unit ("trips", "rounds", "hands", "turns"); "turns" for a
    game whose stages never ended."""
    unit = report["length_unit"] + "s"
    return unit if unit in report["length"] else "turns"


def _lengths(finished: list[dict], unit: str) -> dict:
    """Game length in actions, turns and (where the game has them) its own stages."""
    lengths = {"actions": describe([r["length"] for r in finished]),
               "turns": describe([r["turns"] for r in finished])}
    if unit_field(unit) == "stages" and any(r["stages"] for r in finished):
        lengths[unit + "s"] = describe([r["stages"] for r in finished])
    return lengths


def _feel(finished: list[dict], unit: str) -> dict | None:
    """The feel figures over the finished games that have them (lab/feel.py): lead changes per game (their
    distribution and a 95% normal interval of the mean), the share of comebacks among the games with one winner
    (Wilson), and each of the game's own counts per game (distribution, interval of the mean)."""
    feels = [r["feel"] for r in finished if r.get("feel")]
    if not feels:
        return None
    lead = [f["lead_changes"] for f in feels]
    single = [f["comeback"] for f in feels if f["comeback"] is not None]
    k = sum(1 for c in single if c)
    lo, hi = wilson(k, len(single))
    counts = {}
    for key in dict.fromkeys(key for f in feels for key in f["counts"]):
        xs = [f["counts"][key] for f in feels if f["counts"].get(key) is not None]
        counts[key] = {**describe(xs), "ci95": mean_ci(xs)}
    return {"games": len(feels), "unit": unit, "lap": feels[0].get("lap", 1),
            "lead_changes": {**describe(lead), "ci95": mean_ci(lead)},
            "comebacks": {"games": k, "n": len(single), "share": k / len(single) if single else 0.0,
                          "ci95": [lo, hi]},
            "counts": counts}


def _winner_scores_and_margins(finished: list[dict]) -> tuple[list, list]:
    """The sole winners' scores and their margins over the runner-up (games with numeric scores)."""
    winner_scores, margins = [], []
    for r in finished:
        w = r["winners"]
        if len(w) == 1 and all(_num(s) for s in r["scores"]):
            best = r["scores"][w[0]]
            winner_scores.append(best)
            others = [s for i, s in enumerate(r["scores"]) if i != w[0]]
            if others:
                margins.append(best - max(others))
    return winner_scores, margins


def analyze(records: list[dict], meta: dict) -> dict:
    """The report of one cell. `meta`: game, config, players, bots (levels per player), seed, rotated,
    stage_kind, games_requested (and any more keys, copied)."""
    n = meta["players"]
    levels = meta["bots"]
    games = len(records)
    finished = [r for r in records if r["winners"] is not None]
    per_player = _per_player(records, n, levels)
    per_seat = _per_seat(records, n)
    unit = meta.get("stage_kind", "round")
    lengths = _lengths(finished, unit)
    winner_scores, margins = _winner_scores_and_margins(finished)
    return {
        **{k: v for k, v in meta.items() if k not in ("games_requested",)},
        "games": games, "games_requested": meta.get("games_requested", games),
        "interrupted": games < meta.get("games_requested", games),
        "even_share": 1 / n,
        "per_player": per_player, "per_seat": per_seat, "per_level": _per_level(per_player, levels, games),
        "first_seat": per_seat[0] if per_seat else None,
        "no_result": games - len(finished),
        "no_winner": sum(1 for r in finished if not r["winners"]),
        "shared_win_games": sum(1 for r in finished if r["winners"] and len(r["winners"]) > 1),
        "mean_length": sum(r["length"] for r in records) / games if games else 0.0,
        "length": lengths, "length_unit": unit,
        "winner_score": describe(winner_scores), "margin": describe(margins),
        "length_histogram": histogram([r[unit_field(unit)] if unit + "s" in lengths else r["turns"]
                                       for r in finished]),
        "feel": _feel(finished, unit),
        "interval_note": INTERVAL_NOTE,
    }


def compare(records: list[dict], base: list[dict], report: dict, base_report: dict) -> dict:
    """Each figure of `report` against `base_report` (the same seeds on the baseline config): difference, its
    95% interval and whether it is significant."""
    n = report["players"]
    out = {"baseline": base_report["config"], "baseline_path": base_report.get("config_path"),
           "per_player": [], "per_seat": [], "length": {}, "score": []}
    g, gb = report["games"], base_report["games"]
    for p in range(n):
        a, b = report["per_player"][p], base_report["per_player"][p]
        out["per_player"].append({"player": p, "level": a["level"], "value": a["win_rate"],
                                  "baseline": b["win_rate"], **diff_proportions(a["wins"], g, b["wins"], gb)})
    for s in range(n):
        a, b = report["per_seat"][s], base_report["per_seat"][s]
        out["per_seat"].append({"seat": s, "value": a["win_rate"], "baseline": b["win_rate"],
                                **diff_proportions(a["wins"], g, b["wins"], gb)})
    fin = [r for r in records if r["winners"] is not None]
    fin_b = [r for r in base if r["winners"] is not None]
    unit = report["length_unit"] + "s"
    one_per_turn = all(r["turns"] == r["stages"] for r in fin + fin_b)   # a turn is the unit (Piraten Kapern)
    for key, field in (("actions", "length"), ("turns", "turns"), (unit, "stages")):
        if key == "turns" and one_per_turn and unit in report["length"]:
            continue
        if field == "stages" and unit_field(report["length_unit"]) == "turns":
            continue   # the unit is the turn: compared above
        if key in report["length"] or key in base_report["length"]:
            xs, ys = [r[field] for r in fin], [r[field] for r in fin_b]
            if xs and ys:
                out["length"][key] = {"value": sum(xs) / len(xs), "baseline": sum(ys) / len(ys),
                                      **diff_means(xs, ys)}
    for p in range(n):
        xs = [r["scores"][(p + r["shift"]) % n] for r in records]
        ys = [r["scores"][(p + r["shift"]) % n] for r in base]
        xs, ys = [x for x in xs if _num(x)], [y for y in ys if _num(y)]
        if xs and ys:
            out["score"].append({"player": p, "value": sum(xs) / len(xs), "baseline": sum(ys) / len(ys),
                                 **diff_means(xs, ys)})
    fa, fb = report.get("feel"), base_report.get("feel")
    if fa and fb:
        xs, ys = _feel_values(fin, "lead_changes"), _feel_values(fin_b, "lead_changes")
        out["feel"] = {"lead changes": {"value": fa["lead_changes"]["mean"], "baseline": fb["lead_changes"]["mean"],
                                        **diff_means(xs, ys)}}
        ca, cb = fa["comebacks"], fb["comebacks"]
        if ca["n"] and cb["n"]:
            out["feel"]["comebacks"] = {"value": ca["share"], "baseline": cb["share"],
                                        **diff_proportions(ca["games"], ca["n"], cb["games"], cb["n"])}
        for key in fa["counts"]:
            xs, ys = _feel_values(fin, key), _feel_values(fin_b, key)
            if xs and ys:
                out["feel"][key.replace("_", " ")] = {"value": sum(xs) / len(xs), "baseline": sum(ys) / len(ys),
                                                      **diff_means(xs, ys)}
    out["no_winner"] = {"value": report["no_winner"] / g if g else 0.0,
                        "baseline": base_report["no_winner"] / gb if gb else 0.0,
                        **diff_proportions(report["no_winner"], g, base_report["no_winner"], gb)}
    return out


def _feel_values(records: list[dict], key: str) -> list:
    """A feel figure of every record that has it: `lead_changes`, or one of the game's counts."""
    out = []
    for r in records:
        f = r.get("feel")
        if not f:
            continue
        v = f["lead_changes"] if key == "lead_changes" else f["counts"].get(key)
        if v is not None:
            out.append(v)
    return out


def _ci(ci) -> str:
    return f"[{ci[0]:.3f}, {ci[1]:.3f}]"


def _ci2(ci) -> str:
    return f"[{ci[0]:.2f}, {ci[1]:.2f}]"


def _len_line(name: str, d: dict) -> str:
    if not d.get("n"):
        return f"  {name:<8} -"
    return (f"  {name:<8} mean {d['mean']:8.1f}  sd {d['sd']:7.1f}  median {d['median']:7.1f}  "
            f"10–90% {d['p10']:.0f}–{d['p90']:.0f}  min {d['min']:.0f}  max {d['max']:.0f}")


def format_report(report: dict) -> str:
    """The text summary of a report (and of its comparison with a baseline, when it has one)."""
    seats = "seats rotated" if report["rotated"] else "seats fixed"
    head = (f"{report['game']} ({report['config']}), {report['players']} players, {report['games']} games, "
            f"seed {report['seed']}, {seats}")
    lines = []
    if report.get("lost"):
        lines.append(f"STOPPED: the summary covers the {report['games']} of {report['games_requested']} games that "
                     "finished (worker processes were lost)")
    elif report.get("interrupted"):
        lines.append(f"INTERRUPTED: the summary covers the {report['games']} of {report['games_requested']} "
                     "games that finished")
    lines.append(head)
    lines.append(f"{'player':>6}  {'level':<8} {'win share':>9}  {'95% Wilson':<17} {'mean score':>10}")
    for p in report["per_player"]:
        lines.append(f"{p['player']:>6}  {p['level']:<8} {p['win_rate']:>9.3f}  {_ci(p['ci95']):<17} "
                     f"{p['mean_score']:>10.1f}")
    lines.append(f"{'seat':>6}  {'':<8} {'win share':>9}  {'95% Wilson':<17} {'advantage':>10}")
    for s in report["per_seat"]:
        star = " *" if s["significant"] else ""
        lines.append(f"{s['seat']:>6}  {'':<8} {s['win_rate']:>9.3f}  {_ci(s['ci95']):<17} "
                     f"{s['advantage']:>+10.3f}{star}")
    if len(report["per_level"]) > 1:
        lines.append("per bot level (share per player-game):")
        for lv in report["per_level"]:
            plural = "s" if lv["players"] != 1 else ""
            lines.append(f"  {lv['level']:<8} {lv['win_rate']:.3f} {_ci(lv['ci95'])} ({lv['players']} player{plural})")
    first = report["first_seat"]
    if first:
        lines.append(f"first-seat advantage {first['advantage']:+.3f} {_ci(first['advantage_ci95'])} against "
                     f"an even share of {report['even_share']:.3f}"
                     + (" (significant)" if first["significant"] else " (not significant)"))
    lines.append(f"game length (finished games; a {report['length_unit']} is the game's unit):")
    unit = report["length_unit"] + "s"
    for name, d in report["length"].items():
        if name == "turns" and unit != "turns" and report["length"].get(unit) == d:
            continue   # a turn is the unit (Piraten Kapern: one trip per turn)
        lines.append(_len_line(name, d))
    if report["winner_score"].get("n"):
        ws, mg = report["winner_score"], report["margin"]
        lines.append(f"winner's score median {ws['median']:.0f} (10–90% {ws['p10']:.0f}–{ws['p90']:.0f}); "
                     f"margin over the runner-up median {mg['median']:.0f} (10–90% {mg['p10']:.0f}–{mg['p90']:.0f})")
    lines.append(f"even share {report['even_share']:.3f}; mean game length {report['mean_length']:.1f} actions; "
                 f"no result (capped) {report['no_result']}; no winner {report['no_winner']}; "
                 f"shared wins {report['shared_win_games']}")
    if report.get("feel"):
        lines += format_feel(report["feel"])
    if "comparison" in report:
        lines.append(format_comparison(report["comparison"]))
    lines.append(report["interval_note"])
    if "games_per_second" in report:
        cpu = sum(w["cpu"] for w in report.get("workers", ())) + report.get("parent_cpu", 0.0)
        lines.append(f"{report['games_per_second']:.1f} games/s ({report['seconds']:.1f} s wall, "
                     f"{cpu:.1f} s CPU)")
    return "\n".join(lines)


FEEL_NOTE = ("a lead change: the leader (the seat alone at the top of the standings) differs from the last leader "
             "before it; a comeback: the one winner stood alone in last place in the second half of the game")


def format_feel(feel: dict) -> list[str]:
    """The feel block of the text report: lead changes, comebacks, the game's own counts per game."""
    unit = feel["unit"]
    lap = feel.get("lap", 1)
    when = f"each {unit}" if lap == 1 else f"every {lap} {unit}s, once around the table"
    lines = [f"feel (from each game's recap tally, {feel['games']} finished games; the standings after {when}):"]
    lc = feel["lead_changes"]
    lines.append(f"  {'lead changes':<20} mean {lc['mean']:7.2f} {_ci2(lc['ci95'])} per game  median "
                 f"{lc['median']:.0f}  10–90% {lc['p10']:.0f}–{lc['p90']:.0f}  max {lc['max']:.0f}")
    cb = feel["comebacks"]
    lines.append(f"  {'comebacks':<20} share {cb['share']:6.3f} {_ci(cb['ci95'])} of the {cb['n']} games with one "
                 "winner")
    for key, d in feel["counts"].items():
        if not d.get("n"):
            lines.append(f"  {key.replace('_', ' '):<20} -")
            continue
        lines.append(f"  {key.replace('_', ' '):<20} mean {d['mean']:7.2f} {_ci2(d['ci95'])} per game  median "
                     f"{d['median']:.1f}  10–90% {d['p10']:.1f}–{d['p90']:.1f}")
    lines.append("  " + FEEL_NOTE)
    return lines


def format_comparison(c: dict) -> str:
    lines = [f"against the baseline {c['baseline']} (the same seeds):",
             f"  {'figure':<22} {'this':>9} {'baseline':>9} {'difference':>11}  95% interval"]

    def row(name, d, fmt=".3f"):
        star = "  *" if d["significant"] else ""
        lines.append(f"  {name:<22} {d['value']:>9{fmt}} {d['baseline']:>9{fmt}} {d['diff']:>+11{fmt}}  "
                     f"[{d['ci95'][0]:{fmt}}, {d['ci95'][1]:{fmt}}]{star}")
    for d in c["per_player"]:
        row(f"player {d['player']} ({d['level']}) share", d)
    for d in c["per_seat"]:
        row(f"seat {d['seat']} share" + (" (first)" if d["seat"] == 0 else ""), d)
    for name, d in c["length"].items():
        row(f"mean {name}", d, ".1f")
    for d in c["score"]:
        row(f"player {d['player']} mean score", d, ".1f")
    for name, d in c.get("feel", {}).items():
        row(name if name == "comebacks" else f"mean {name}", d, ".3f" if name == "comebacks" else ".2f")
    row("no-winner games", c["no_winner"])
    return "\n".join(lines)
