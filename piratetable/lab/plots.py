"""The sweep's plots (matplotlib, Agg backend: the `lab` extra, pip install '.[lab]') and its self-contained
HTML report (the plots embedded as base64 PNG). Without matplotlib the tables and records are still written
and the HTML says how to get the plots."""
from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable

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


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _integer(values) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    _pyplot().close(fig)
    return buf.getvalue()


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p")
LINES = ("-", "--", "-.", ":")

# One estimate per cell: a name and, per report, (value, low, high) of its 95% interval (None: the cell has none).
Series = tuple[str, Callable[[dict], "tuple[float, float, float] | None"]]


def figure_kind(reports: list[dict]) -> str:
    """The plot a sweep gets from its keys: `lines` (one numeric key: its values on the x axis), `points` (one
    key of names or booleans, or more than three keys: one labelled point per cell, nothing joined), `heatmap`
    (two keys: one row per value of the first, one column per value of the second), `multiples` (three keys: a
    heatmap of the last two for each value of the first, side by side)."""
    keys = list(reports[0]["assignment"])
    if len(keys) == 1:
        return "lines" if _numeric([r["assignment"][keys[0]] for r in reports]) else "points"
    return {2: "heatmap", 3: "multiples"}.get(len(keys), "points")


def _values(reports: list[dict], key: str) -> list:
    return list(dict.fromkeys(r["assignment"][key] for r in reports))


def _label(reports: list[dict]) -> list[str]:
    return [", ".join(f"{v}" for v in r["assignment"].values()) for r in reports]


def _game_name(reports: list[dict]) -> str:
    return reports[0].get("name", reports[0]["game"])


def share_series(reports: list[dict], by: str) -> list[Series]:
    """Each player's (or seat's) win share with its Wilson interval."""
    out: list[Series] = []
    for i in range(reports[0]["players"]):
        name = f"player {i} ({reports[0]['per_player'][i]['level']})" if by == "player" else f"seat {i}"

        def get(r, i=i):
            row = r["per_player"][i] if by == "player" else r["per_seat"][i]
            return row["win_rate"], row["ci95"][0], row["ci95"][1]
        out.append((name, get))
    return out


def feel_series() -> list[Series]:
    """Lead changes per game (mean, normal interval) and the comebacks' share (Wilson) of each cell."""
    def lead(r):
        f = r.get("feel")
        return (f["lead_changes"]["mean"], *f["lead_changes"]["ci95"]) if f else None

    def comebacks(r):
        f = r.get("feel")
        return (f["comebacks"]["share"], *f["comebacks"]["ci95"]) if f and f["comebacks"]["n"] else None
    return [("lead changes per game", lead), ("comebacks (share of the games with one winner)", comebacks)]


def metric_figure(reports: list[dict], series: list[Series], title: str, ylabel: str, ref: float | None = None,
                  together: bool = True):
    """A matplotlib Figure of estimates per cell, the kind chosen by `figure_kind`: lines with interval bars
    (`together`: every series on one axis, else one panel each), labelled points, a heatmap per series with the
    estimate, its interval and a `*` (interval excluding `ref`) written in every cell, or small multiples of
    heatmaps for three keys. `ref`: the reference line (the even share)."""
    reports = [r for r in reports if r is not None]
    kind = figure_kind(reports)
    if kind in ("heatmap", "multiples"):
        return _heatmaps(reports, series, title, ref)
    return _lines(reports, series, title, ylabel, ref, kind, together)


def _lines(reports, series, title, ylabel, ref, kind, together):
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator
    keys = list(reports[0]["assignment"])
    if kind == "lines":
        xs = [r["assignment"][keys[0]] for r in reports]
    else:
        xs = list(range(len(reports)))
    panels = 1 if together else len(series)
    fig, axes = plt.subplots(1, panels, figsize=(7 if panels == 1 else 4.6 * panels, 4.2), squeeze=False,
                             layout="constrained")
    span = (max(xs) - min(xs)) or 1
    for j, (name, get) in enumerate(series):
        ax = axes[0][0 if together else j]
        points = [(x, get(r)) for x, r in zip(xs, reports) if get(r) is not None]
        if not points:
            continue
        dodge = (j - (len(series) - 1) / 2) * 0.012 * span if together else 0.0   # bars side by side
        px = [x + dodge for x, _v in points]
        ys = [v[0] for _x, v in points]
        err = [[v[0] - v[1] for _x, v in points], [v[2] - v[0] for _x, v in points]]
        # a marker and a line style per series as well as a colour: readable in grey and by colour-blind eyes;
        # cells that are not values of one number are never joined by a line
        ax.errorbar(px, ys, yerr=err, marker=MARKERS[j % len(MARKERS)],
                    linestyle=LINES[j % len(LINES)] if kind == "lines" else "none", capsize=3, label=name)
        if not together:
            ax.set_title(name, fontsize="medium")
    for ax in axes[0]:
        if ref is not None:
            ax.axhline(ref, color="grey", linestyle=":", label="even share")
        ax.set_xlabel(keys[0] if kind == "lines" else " / ".join(keys))
        if kind == "lines" and _integer(xs):
            if len(set(xs)) <= 12:
                ax.set_xticks(sorted(set(xs)))      # integer keys: ticks at their values, never 2.5
            else:
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        elif kind == "points":
            ax.set_xticks(xs)
            ax.set_xticklabels(_label(reports), rotation=30 if len(xs) > 3 else 0,
                               ha="right" if len(xs) > 3 else "center")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel(ylabel)
    if together:
        axes[0][0].legend(fontsize="small")
    fig.suptitle(f"{_game_name(reports)}: {title}")
    return fig


def _heatmaps(reports, series, title, ref):
    """Two keys: one heatmap per series (rows: the first key's values, columns: the second's). Three keys: a row
    of heatmaps per series, one for each value of the first key."""
    plt = _pyplot()
    keys = list(reports[0]["assignment"])
    outer = _values(reports, keys[0]) if len(keys) == 3 else [None]
    rk, ck = keys[-2], keys[-1]
    rows_v, cols_v = _values(reports, rk), _values(reports, ck)
    by_cell = {tuple(r["assignment"].values()): r for r in reports}
    grid_rows, grid_cols = (len(series), len(outer)) if len(keys) == 3 else \
        (-(-len(series) // min(3, len(series))), min(3, len(series)))
    w = max(2.6, 0.95 * len(cols_v) + 1.2)
    h = max(2.2, 0.62 * len(rows_v) + 1.3)
    fig, axes = plt.subplots(grid_rows, grid_cols, figsize=(min(20, w * grid_cols), min(28, h * grid_rows)),
                             squeeze=False, layout="constrained")
    def scale(gets):
        values = [e[0] for e in (get(r) for get in gets for r in reports) if e is not None]
        if ref is not None:     # the shares: one scale for all, white at the even share, above red, below blue
            half = max([abs(v - ref) for v in values] + [0.05])
            return ref - half, ref + half, "RdBu_r"
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        return (lo - 1, hi + 1, "viridis") if lo == hi else (lo, hi, "viridis")
    shared = scale([get for _n, get in series]) if ref is not None else None
    image = None
    for j, (name, get) in enumerate(series):
        vmin, vmax, cmap = shared or scale([get])   # a figure other than a share: its own scale
        for k, o in enumerate(outer):
            ax = axes[j][k] if len(keys) == 3 else axes[j // grid_cols][j % grid_cols]
            data = [[float("nan")] * len(cols_v) for _ in rows_v]
            for a, rv in enumerate(rows_v):
                for b, cv in enumerate(cols_v):
                    r = by_cell.get((rv, cv) if o is None else (o, rv, cv))
                    est = get(r) if r is not None else None
                    if est is None:
                        continue
                    data[a][b] = est[0]
                    mark = "*" if ref is not None and (est[1] > ref or est[2] < ref) else ""
                    text = f"{_short(est[0])}{mark}\n[{_short(est[1])}, {_short(est[2])}]"
                    shade = (est[0] - vmin) / (vmax - vmin) if vmax > vmin else 0.5
                    ax.text(b, a, text, ha="center", va="center", fontsize=7,
                            color="white" if (shade < 0.2 or shade > 0.8 if cmap == "RdBu_r" else shade < 0.55)
                            else "black")
            image = ax.imshow(data, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto")
            ax.set_xticks(range(len(cols_v)))
            ax.set_xticklabels([str(v) for v in cols_v], fontsize=8)
            ax.set_yticks(range(len(rows_v)))
            ax.set_yticklabels([str(v) for v in rows_v], fontsize=8)
            ax.set_xlabel(ck, fontsize=8)
            ax.set_ylabel(rk, fontsize=8)
            ax.set_title(name if o is None else f"{name}\n{keys[0]}={o}", fontsize=8)
            if shared is None and k == len(outer) - 1:
                fig.colorbar(image, ax=ax, shrink=0.8)
    for extra in range(len(series), grid_rows * grid_cols) if len(keys) == 2 else ():
        axes[extra // grid_cols][extra % grid_cols].set_visible(False)
    if image is not None and shared is not None:
        bar = fig.colorbar(image, ax=[a for row in axes for a in row if a.get_visible()], shrink=0.6)
        bar.set_label(title + (f" (white middle: even share {ref:.3f})" if ref is not None else ""), fontsize=8)
    legend = "in each cell: the estimate, its 95% interval"
    if ref is not None:
        legend += f"; * = the interval excludes the even share {ref:.3f}"
    fig.suptitle(f"{_game_name(reports)}: {title}\n{legend}", fontsize=9)
    return fig


def _short(v: float) -> str:
    return f"{v:.2f}" if abs(v) < 10 else f"{v:.0f}"


def share_figure(reports: list[dict], by: str = "player"):
    """Win share per player (or per seat) in every cell, with the 95% Wilson intervals."""
    reports = [r for r in reports if r is not None]
    return metric_figure(reports, share_series(reports, by), f"win share per {by}",
                         "win share (95% Wilson interval)", ref=reports[0]["even_share"])


def win_share_plot(reports: list[dict], by: str = "player") -> bytes:
    return _png(share_figure(reports, by))


def feel_figure(reports: list[dict]):
    """Lead changes per game and the comebacks' share in every cell, with their intervals (lab/feel.py)."""
    reports = [r for r in reports if r is not None]
    return metric_figure(reports, feel_series(), "feel", "per cell (95% interval)", together=False)


def length_figure(reports: list[dict], records: list[list[dict]]):
    """The game-length distribution of every cell (box plots, in the game's unit)."""
    from .report import length_key
    plt = _pyplot()
    pairs = [(r, recs) for r, recs in zip(reports, records) if r is not None]
    unit = length_key(pairs[0][0])           # trips, rounds, hands, turns
    field = "turns" if unit == "turns" else "stages"
    data = [[x[field] for x in recs if x["winners"] is not None] or [0] for _, recs in pairs]
    labels = [", ".join(str(v) for v in r["assignment"].values()) for r, _ in pairs]
    wide = len(pairs) > 6 or max(len(x) for x in labels) > 10
    fig, ax = plt.subplots(figsize=(min(12, max(7, 0.45 * len(pairs) + 2)), 4.2))
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(pairs) + 1))
    ax.set_xticklabels(labels, rotation=30 if wide else 0, ha="right" if wide else "center")
    ax.set_xlabel(" / ".join(pairs[0][0]["assignment"]))
    ax.set_ylabel(f"game length ({unit})")
    ax.set_title(f"{_game_name([p[0] for p in pairs])}: game length per cell (box: quartiles, triangle: mean)")
    ax.grid(alpha=0.3)
    return fig


def length_plot(reports: list[dict], records: list[list[dict]]) -> bytes:
    return _png(length_figure(reports, records))


def make_plots(reports, records) -> dict[str, bytes]:
    """{file name: PNG bytes} of the sweep's plots (feel.png when the game gives its feel)."""
    out = {"win_share_per_player.png": win_share_plot(reports, "player"),
           "win_share_per_seat.png": win_share_plot(reports, "seat"),
           "game_length.png": length_plot(reports, records)}
    if any(r is not None and r.get("feel") for r in reports):
        out["feel.png"] = _png(feel_figure(reports))
    return out


PAGE_WIDTH = 1200      # px: the page's content; with its padding the report fits a 1280 px wide screen
PAGE_PADDING = 16


def html_report(title: str, command: str, table_rows: list[dict], images: dict[str, bytes],
                note: str, extra: str = "", even: float | None = None) -> str:
    """A self-contained HTML page that fits a 1280 px wide screen: the command, the tables as the text output
    shows them (every share with its interval, `*` where the interval excludes the even share `even`, then the
    feel), scrolled sideways inside the page when wider than it, the plots (base64 PNG, shrunk to the page's
    width), the legend and the interval note."""
    from .sweep import SWEEP_LEGEND, display_table, sweep_keys
    esc = html.escape
    keys = sweep_keys(table_rows)
    tables = []
    for feel in (False, True):
        headers, cells, marked = display_table(table_rows, keys, even, feel)
        if not headers:
            continue
        head = "".join(f"<th>{esc(h)}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td class=\"sig\">{esc(c)}</td>" if m else f"<td>{esc(c)}</td>"
                                        for c, m in zip(line, marks)) + "</tr>"
                       for line, marks in zip(cells, marked))
        heading = "<h2>Feel per cell</h2>" if feel else "<h2>Cells</h2>"
        tables.append(f'{heading}<div class="wide"><table><tr>{head}</tr>{body}</table></div>')
    figs = "".join(f'<figure><img alt="{esc(name)}" src="data:image/png;base64,'
                   f'{base64.b64encode(data).decode("ascii")}"><figcaption>{esc(name)}</figcaption></figure>'
                   for name, data in images.items())
    if not images:
        figs = f"<p><b>Plots skipped:</b> matplotlib is not installed ({esc(LAB_INSTALL)}).</p>"
    legend = f"<p>{esc(SWEEP_LEGEND.format(even=even))}</p>" if even is not None else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{esc(title)}</title>
<style>*{{box-sizing:border-box}}
body{{font-family:sans-serif;margin:0 auto;padding:8px {PAGE_PADDING}px;max-width:{PAGE_WIDTH + 2 * PAGE_PADDING}px}}
.wide{{max-width:100%;overflow-x:auto}}table{{border-collapse:collapse;font-size:85%;white-space:nowrap}}
td,th{{border:1px solid #bbb;padding:2px 6px;text-align:right}}th{{background:#eee}}td.sig{{font-weight:bold}}
figure{{display:block;margin:1em 0;max-width:100%}}img{{max-width:100%;height:auto}}
code{{background:#f4f4f4;white-space:pre-wrap;overflow-wrap:anywhere}}</style></head>
<body><h1>{esc(title)}</h1><p><code>{esc(command)}</code></p>
{"".join(tables)}{legend}<p>{esc(note)}</p>
<h2>Plots</h2>{figs}{extra}</body></html>
"""
