"""`piratetable sweep`: vary config keys over values, simulate every cell of the grid with the same seeds.

Each variant is built as config TEXT: the base config's YAML is read with the project's safe loader into plain
data, the key is set, the data is dumped with `yaml.safe_dump` and validated by `load_config_text` like any
file (so the cell's text is what the work units carry, and an invalid value is refused before anything runs).

Key paths are dotted: `rules.target`, `players.max`, `bots.normal.samples`; a list is indexed by position
(`scoring.sets.0.points`) or, for a list of mappings with ids, by id (`cards.pirate.count`).
Values: `4000,6000,8000` (each read as YAML: `true`, `2`, `0.5`, `name`) or an integer range `2..6`
(inclusive; `0..1000..250` with a step)."""
from __future__ import annotations

import copy
import itertools

import yaml

from ..config.loader import Config, load_config_text
from ..config.yamlsafe import read_yaml
from ..engine.errors import ConfigError, PirateTableError


def parse_values(text: str, key: str) -> list:
    text = text.strip()
    if ".." in text and "," not in text:
        parts = text.split("..")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise PirateTableError(f"--set {key}={text}: a range is integers, a..b or a..b..step") from None
        if len(nums) not in (2, 3) or (len(nums) == 3 and nums[2] <= 0):
            raise PirateTableError(f"--set {key}={text}: a range is a..b or a..b..step (step above 0)")
        lo, hi = nums[0], nums[1]
        step = nums[2] if len(nums) == 3 else 1
        values = list(range(lo, hi + 1, step)) if lo <= hi else list(range(lo, hi - 1, -step))
        return values
    values = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise PirateTableError(f"--set {key}={text}: an empty value")
        try:
            values.append(read_yaml(part, "<--set>").plain())
        except ConfigError as exc:
            raise PirateTableError(f"--set {key}={part}: not a value ({exc})") from None
    return values


def parse_set(text: str) -> tuple[str, list]:
    """`rules.target=4000,6000` → ("rules.target", [4000, 6000])."""
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key or not values.strip():
        raise PirateTableError(f"--set {text}: write KEY=VALUES, e.g. rules.target=4000,6000,8000 or "
                               "cards.pirate.count=2..6")
    return key, parse_values(values, key)


def grid(sets: list[tuple[str, list]]) -> list[dict]:
    """The product of the sets, in order (the last key varies fastest)."""
    keys = [k for k, _ in sets]
    if len(set(keys)) != len(keys):
        raise PirateTableError("--set: each key once (" + ", ".join(keys) + ")")
    return [dict(zip(keys, combo)) for combo in itertools.product(*(v for _, v in sets))]


def _step(node, part: str, key: str, done: str):
    if isinstance(node, dict):
        if part not in node:
            return None
        return node[part]
    if isinstance(node, list):
        if part.lstrip("-").isdigit():
            i = int(part)
            return node[i] if -len(node) <= i < len(node) else None
        for item in node:
            if isinstance(item, dict) and str(item.get("id")) == part:
                return item
        return None
    return None


def _keys_at(node) -> str:
    if isinstance(node, dict):
        return ", ".join(map(str, node))
    if isinstance(node, list):
        ids = [str(i.get("id")) for i in node if isinstance(i, dict) and "id" in i]
        return f"0–{len(node) - 1}" + (f" or an id: {', '.join(ids)}" if ids else "")
    return "none (a value)"


def set_key(data, key: str, value):
    """A copy of `data` with `key` (dotted path) set to `value`; every part but the last must exist (the last
    may be new in a mapping: the validator then names it if it is unknown)."""
    data = copy.deepcopy(data)
    parts = key.split(".")
    node, done = data, ""
    for part in parts[:-1]:
        nxt = _step(node, part, key, done)
        if not isinstance(nxt, (dict, list)):
            raise PirateTableError(f"--set {key}: {done or '(top)'} has no {part!r} "
                                   f"(there: {_keys_at(node)})")
        node, done = nxt, f"{done}.{part}" if done else part
    last = parts[-1]
    if isinstance(node, dict):
        node[last] = value
    elif isinstance(node, list):
        if last.lstrip("-").isdigit() and -len(node) <= int(last) < len(node):
            node[int(last)] = value
        else:
            raise PirateTableError(f"--set {key}: {done} has no item {last!r} (there: {_keys_at(node)})")
    else:
        raise PirateTableError(f"--set {key}: {done} is a value, not a mapping")
    return data


def variant_text(base_text: str, assignment: dict, path: str = "<config>") -> str:
    data = read_yaml(base_text, path).plain()
    for key, value in assignment.items():
        data = set_key(data, key, value)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


def label(assignment: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in assignment.items())


def build_cells(base, sets: list[tuple[str, list]]) -> list[tuple[dict, Config]]:
    """[(assignment, Config)] for every cell of the grid, each validated; an invalid value is a PirateTableError
    naming the key, the value and the loader's message."""
    cells = []
    for assignment in grid(sets):
        text = variant_text(base.text, assignment, base.path)
        name = label(assignment)
        try:
            cfg = load_config_text(text, f"<{base.variant} with {name}>", f"{base.variant} [{name}]")
        except ConfigError as exc:
            raise PirateTableError(f"--set {name}: the variant is invalid:\n{exc}") from None
        cells.append((assignment, cfg))
    return cells


def run_sweep(base, sets, players: int, games: int, seed, levels: list[str], jobs: int = 1, cluster=None,
              max_actions: int = 5000, rotate: bool = True, progress="none", cells=None):
    """Simulate every cell with the same seeds (`cells`: those `build_cells` made already, else they are made
    here). Returns (cells, reports, run): reports[i] is the `analyze` report of cell i (with its `assignment`)."""
    from .execute import execute
    from .progress import Progress
    from .report import analyze
    from .simulate import check_run, meta_of
    from .units import make_units

    if cells is None:
        cells = build_cells(base, sets)
    for _, cfg in cells:
        check_run(cfg, players, games, jobs)
    units = []
    for i, (_, cfg) in enumerate(cells):
        units += make_units(i, cfg, levels, seed, games, max_actions, rotate, jobs)
    mode = "auto" if progress is True else "none" if progress is False else str(progress)
    run = execute(units, len(cells), jobs=jobs, cluster=cluster,
                  progress=Progress(games * len(cells), "games", mode=mode))
    reports: list[dict | None] = []
    for (assignment, cfg), recs in zip(cells, run.records):
        if not recs:
            reports.append(None)
            continue
        rep = analyze(recs, meta_of(cfg, players, levels, seed, games, rotate, max_actions))
        rep["assignment"] = assignment
        reports.append(rep)
    return cells, reports, run


def summary_rows(reports: list[dict | None]) -> list[dict]:
    """One flat row per cell: the swept values, games, each player's and seat's share with its interval
    (`_lo`, `_hi`), the mean and median length in the game's unit, no-winner games, then the feel: lead changes
    per game and the comebacks' share, each with its interval, and the mean per game of each of the game's own
    counts (`busts_per_game` …) with its interval."""
    from .report import length_key

    rows = []
    for rep in reports:
        if rep is None:
            continue
        row = dict(rep["assignment"])
        row["games"] = rep["games"]
        for p in rep["per_player"]:
            row[f"p{p['player']}_{p['level']}_share"] = round(p["win_rate"], 4)
            row[f"p{p['player']}_lo"] = round(p["ci95"][0], 4)
            row[f"p{p['player']}_hi"] = round(p["ci95"][1], 4)
        for s in rep["per_seat"]:
            row[f"seat{s['seat']}_share"] = round(s["win_rate"], 4)
            row[f"seat{s['seat']}_lo"] = round(s["ci95"][0], 4)
            row[f"seat{s['seat']}_hi"] = round(s["ci95"][1], 4)
        unit = length_key(rep)
        d = rep["length"][unit]
        row[f"mean_{unit}"] = round(d.get("mean", float("nan")), 2)
        row[f"median_{unit}"] = d.get("median")
        row["no_winner"] = rep["no_winner"]
        row["no_result"] = rep["no_result"]
        feel = rep.get("feel")
        if feel:
            _feel_columns(row, "lead_changes", feel["lead_changes"]["mean"], feel["lead_changes"]["ci95"])
            cb = feel["comebacks"]
            _feel_columns(row, "comebacks", cb["share"], cb["ci95"])
            for key, c in feel["counts"].items():
                if c.get("n"):
                    _feel_columns(row, f"{key}_per_game", c["mean"], c["ci95"])
        rows.append(row)
    return rows


def _feel_columns(row: dict, name: str, value: float, ci) -> None:
    row[name] = round(value, 4)
    row[f"{name}_lo"] = round(ci[0], 4)
    row[f"{name}_hi"] = round(ci[1], 4)


SWEEP_LEGEND = ("a share: the win share [its 95% Wilson interval]; * = that interval excludes the even share "
                "{even:.3f} (the player or seat wins more, or less, than chance explains); feel: the mean per "
                "game [95% normal interval], comebacks: the share of the games with one winner [Wilson]")


def is_feel(field: str) -> bool:
    """A feel column of a summary row (lab/feel.py)."""
    return field in ("lead_changes", "comebacks") or field.endswith("_per_game")


def _bounds(row: dict, field: str) -> tuple[str, str] | None:
    """The names of the `_lo`/`_hi` columns of an estimate column, when the row has them."""
    base = field[:-len("_share")] if field.endswith("_share") else field
    if base.startswith("p") and base[1:].split("_", 1)[0].isdigit():
        base = base.split("_", 1)[0]                      # p0_easy_share -> p0_lo, p0_hi
    lo, hi = f"{base}_lo", f"{base}_hi"
    return (lo, hi) if lo in row and hi in row else None


def display_table(rows: list[dict], keys: list[str], even: float | None,
                  feel: bool = False) -> tuple[list[str], list[list[str]], list[list[bool]]]:
    """(headers, cells, marked) of the sweep's table as people read it: every estimate with its interval in the
    same cell, `*` after a share whose interval excludes the even share (`marked`). `feel`: the feel table (the
    swept keys and the feel columns) instead of the shares'."""
    fields = [f for f in dict.fromkeys(k for r in rows for k in r) if not f.endswith(("_lo", "_hi"))]
    fields = [f for f in fields if f in keys or is_feel(f) == feel]
    if feel and all(f in keys for f in fields):
        return [], [], []
    headers, cells, marked = [], [], []
    for f in fields:
        bounds = any(_bounds(r, f) for r in rows)
        headers.append(f"{f} [95%]" if bounds and f not in keys else f)
    for r in rows:
        line, marks = [], []
        for f in fields:
            b = _bounds(r, f) if f not in keys else None
            fmt = _fmt if not is_feel(f) or f == "comebacks" else _fmt2
            text, mark = fmt(r.get(f, "")), False
            if b is not None:
                lo, hi = r[b[0]], r[b[1]]
                text = f"{text} [{fmt(lo)}, {fmt(hi)}]"
                if f.endswith("_share") and even is not None:
                    mark = lo > even or hi < even
                    text += "*" if mark else " "
            line.append(text)
            marks.append(mark)
        cells.append(line)
        marked.append(marks)
    return headers, cells, marked


def format_table(rows: list[dict], even: float | None = None) -> str:
    """The text table: shares with their intervals and significance marks, then the feel table (under
    "feel per cell"), then the legend."""
    if not rows:
        return "(no cell finished)"
    keys = sweep_keys(rows)
    out = []
    for feel in (False, True):
        headers, cells, _marks = display_table(rows, keys, even, feel)
        if not headers:
            continue
        widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
        if feel:
            out.append("")
            out.append("feel per cell (from each game's recap tally):")
        out.append("  ".join(h.rjust(w) for h, w in zip(headers, widths)))
        out += ["  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in cells]
    if even is not None:
        out.append(SWEEP_LEGEND.format(even=even))
    return "\n".join(out)


def sweep_keys(rows: list[dict]) -> list[str]:
    """The swept keys that lead every summary row (the columns before `games`)."""
    return list(rows[0])[:list(rows[0]).index("games")] if rows else []


def _fmt(v) -> str:
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return f"{v:.3f}" if abs(v) < 10 else f"{v:.1f}"
    return str(v)


def _fmt2(v) -> str:
    return f"{v:.2f}" if isinstance(v, float) else _fmt(v)
