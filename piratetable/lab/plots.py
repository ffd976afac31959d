"""The sweep's plots (matplotlib, Agg backend: the `lab` extra, pip install '.[lab]') and its self-contained
HTML report (the plots embedded as base64 PNG). Without matplotlib the tables and records are still written
and the HTML says how to get the plots."""
from __future__ import annotations

import base64
import html
import io
import json

LAB_INSTALL = "pip install '.[lab]'"


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _x(reports):
    """The x axis: the swept value when one key is swept, else the cells' labels."""
    keys = list(reports[0]["assignment"])
    if len(keys) == 1 and all(isinstance(r["assignment"][keys[0]], (int, float)) and
                              not isinstance(r["assignment"][keys[0]], bool) for r in reports):
        return [r["assignment"][keys[0]] for r in reports], keys[0], None
    labels = [", ".join(f"{v}" for v in r["assignment"].values()) for r in reports]
    return list(range(len(reports))), " / ".join(keys), labels


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return buf.getvalue()


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p")
LINES = ("-", "--", "-.", ":")


def win_share_plot(reports: list[dict], by: str = "player") -> bytes:
    """Win share per player (or per seat) against the swept value, with the 95% Wilson intervals."""
    plt = _pyplot()
    reports = [r for r in reports if r is not None]
    xs, xlabel, labels = _x(reports)
    fig, ax = plt.subplots(figsize=(7, 4.2))
    n = reports[0]["players"]
    for i in range(n):
        rows = [r["per_player"][i] if by == "player" else r["per_seat"][i] for r in reports]
        ys = [row["win_rate"] for row in rows]
        err = [[y - row["ci95"][0] for y, row in zip(ys, rows)], [row["ci95"][1] - y for y, row in zip(ys, rows)]]
        span = (max(xs) - min(xs)) or 1
        xs_i = [x + (i - (n - 1) / 2) * 0.012 * span for x in xs]   # dodged a little: bars side by side
        name = (f"player {i} ({reports[0]['per_player'][i]['level']})" if by == "player" else f"seat {i}")
        # a marker and a line style per series as well as a colour: readable in grey and by colour-blind eyes
        ax.errorbar(xs_i, ys, yerr=err, marker=MARKERS[i % len(MARKERS)], linestyle=LINES[i % len(LINES)],
                    capsize=3, label=name)
    ax.axhline(reports[0]["even_share"], color="grey", linestyle=":", label="even share")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("win share (95% Wilson interval)")
    ax.set_title(f"{reports[0].get('name', reports[0]['game'])}: win share per {by}")   # the game's name
    if labels:
        ax.set_xticks(xs)
        ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return _png(fig)


def length_plot(reports: list[dict], records: list[list[dict]]) -> bytes:
    """The game-length distribution of every cell (box plots, in the game's unit)."""
    plt = _pyplot()
    pairs = [(r, recs) for r, recs in zip(reports, records) if r is not None]
    unit = pairs[0][0]["length_unit"] + "s"
    field = "stages" if unit in pairs[0][0]["length"] else "turns"
    unit = unit if field == "stages" else "turns"
    data = [[x[field] for x in recs if x["winners"] is not None] or [0] for _, recs in pairs]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(pairs) + 1))
    ax.set_xticklabels([", ".join(str(v) for v in r["assignment"].values()) for r, _ in pairs],
                       rotation=30 if len(pairs) > 6 else 0, ha="right" if len(pairs) > 6 else "center")
    ax.set_xlabel(" / ".join(pairs[0][0]["assignment"]))
    ax.set_ylabel(f"game length ({unit})")
    ax.set_title(f"{pairs[0][0].get('name', pairs[0][0]['game'])}: game length per cell (box: quartiles, "
                 "triangle: mean)")
    ax.grid(alpha=0.3)
    return _png(fig)


def make_plots(reports, records) -> dict[str, bytes]:
    """{file name: PNG bytes} of the sweep's plots."""
    return {"win_share_per_player.png": win_share_plot(reports, "player"),
            "win_share_per_seat.png": win_share_plot(reports, "seat"),
            "game_length.png": length_plot(reports, records)}


def html_report(title: str, command: str, table_rows: list[dict], images: dict[str, bytes],
                note: str, extra: str = "") -> str:
    """A self-contained HTML page: the command, the table, the plots (base64 PNG), the interval note."""
    esc = html.escape
    fields = list(dict.fromkeys(k for r in table_rows for k in r))
    head = "".join(f"<th>{esc(str(f))}</th>" for f in fields)
    body = "".join("<tr>" + "".join(f"<td>{esc(_cell(r.get(f, '')))}</td>" for f in fields) + "</tr>"
                   for r in table_rows)
    figs = "".join(f'<figure><img alt="{esc(name)}" src="data:image/png;base64,'
                   f'{base64.b64encode(data).decode("ascii")}"><figcaption>{esc(name)}</figcaption></figure>'
                   for name, data in images.items())
    if not images:
        figs = f"<p><b>Plots skipped:</b> matplotlib is not installed ({esc(LAB_INSTALL)}).</p>"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:1100px}}table{{border-collapse:collapse;font-size:90%}}
td,th{{border:1px solid #bbb;padding:2px 6px;text-align:right}}th{{background:#eee}}
figure{{display:inline-block;margin:1em}}img{{max-width:100%}}code{{background:#f4f4f4}}</style></head>
<body><h1>{esc(title)}</h1><p><code>{esc(command)}</code></p>
<h2>Cells</h2><table><tr>{head}</tr>{body}</table><p>{esc(note)}</p>
<h2>Plots</h2>{figs}{extra}</body></html>
"""


def _cell(v) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    if isinstance(v, (dict, list)):
        return json.dumps(v)
    return str(v)
