"""Per-game records as JSON Lines (`.jsonl`, `.ndjson`) or CSV (`.csv`): one line or row per game, with the
cell's swept values first when there are any. Columns: [swept keys…], config, game (index), seed, shift (how
far the players were rotated), capped, winners (seats; in CSV joined by ';'), actions, turns, stages (the
game's unit: trips, rounds, hands), level_<seat>, score_<seat>, then the game's feel from its recap tally
(`lab/feel.py`): lead_changes, comeback (true/false; empty without one winner), and the game's own counts
(busts, pirates_met, knocks …; empty for a capped game)."""
from __future__ import annotations

import csv
import json
from pathlib import Path

from ..engine.errors import PirateTableError

FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv"}


def record_format(path: str | Path) -> str:
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise PirateTableError(f"--out {path}: the records' format comes from the extension: .jsonl (JSON Lines) "
                               "or .csv")
    return fmt


def flat(record: dict, players: int, cell: dict | None = None, config: str | None = None) -> dict:
    """One record as a flat row: cell values, config, game, seed, shift, levels, winners, capped, lengths,
    scores per seat."""
    row = dict(cell or {})
    if config is not None:
        row["config"] = config
    winners = record["winners"]
    row.update({"game": record["game"], "seed": record["seed"], "shift": record["shift"],
                "capped": winners is None,
                "winners": list(winners or []),
                "actions": record["length"], "turns": record["turns"], "stages": record["stages"]})
    for seat in range(players):
        row[f"level_{seat}"] = record["seat_levels"][seat]
    for seat in range(players):
        row[f"score_{seat}"] = record["scores"][seat]
    feel = record.get("feel")
    if feel is not None:
        row["lead_changes"] = feel["lead_changes"]
        row["comeback"] = feel["comeback"]
        for key, value in feel["counts"].items():
            row[key if key not in row else f"count_{key}"] = value
    return row


def write_records(path: str | Path, rows: list[dict]) -> Path:
    """Write flat rows (see `flat`) in the format of the path's extension; returns the path."""
    path = Path(path)
    fmt = record_format(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        if fmt == "jsonl":
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        else:
            fields = list(dict.fromkeys(k for row in rows for k in row))
            writer = csv.DictWriter(fh, fieldnames=fields)
            writer.writeheader()
            for row in rows:   # a list (the winners) is one cell, its items joined by ';'
                writer.writerow({k: ";".join(map(str, v)) if isinstance(v, list) else v for k, v in row.items()})
    return path


def read_records(path: str | Path) -> list[dict]:
    """Read records written by `write_records` (CSV values come back as strings)."""
    path = Path(path)
    with path.open(encoding="utf-8", newline="") as fh:
        if record_format(path) == "jsonl":
            return [json.loads(line) for line in fh if line.strip()]
        return list(csv.DictReader(fh))
