"""Issue 29, item 4: the sweep's table shows intervals and significance marks, its plots are chosen by the keys
(lines with integer ticks, a heatmap for two keys, small multiples for three), the HTML report fits 1280 px, and
the feel figures (lead changes, comebacks, each game's own counts, from the recap's tally) reach `simulate`,
`sweep` and the records of every game; Pirataki's unit is the turn."""
import json
import re

import pytest

from piratetable.cli import main
from piratetable.config.loader import load_config
from piratetable.engine.registry import game_class
from piratetable.lab import plots
from piratetable.lab.play import play_one
from piratetable.lab.records import read_records
from piratetable.lab.simulate import format_report, run_simulation
from piratetable.lab.sweep import format_table, run_sweep, summary_rows
from piratetable.table.recap import Series

GAMES = [("piraten_kapern", 2, "trip", {"busts", "skull_island_visits", "skull_island_loss"}),
         ("piratz", 2, "round", {"rats_caught", "cubes_taken", "biggest_take"}),
         ("pirataki", 2, "turn", {"pirates_met", "cards_lost", "cannons_fired", "parts_bought"}),
         ("petrangola", 3, "hand", {"knocks", "knock_turn", "showdowns", "tokens_lost", "rebuys"})]


# --- the definitions --------------------------------------------------------------------------------------------
def test_lead_changes_skip_ties_and_count_each_new_leader():
    from piratetable.lab.feel import lead_changes
    rows = [(1, [5, 0]), (2, [5, 5]), (3, [5, 9]), (4, [9, 9]), (5, [10, 9]), (6, [12, 9])]
    assert lead_changes(rows) == 2            # 0 → (tie) → 1 → (tie) → 0
    assert lead_changes([(1, [1, 0]), (2, [1, 1]), (3, [2, 1])]) == 0   # A, tie, A: none


def test_a_comeback_is_the_winner_alone_last_in_the_second_half():
    from piratetable.lab.feel import comeback
    rows = [(1, [0, 5, 3]), (2, [1, 6, 3]), (3, [2, 6, 7]), (4, [9, 6, 7])]
    assert comeback(rows, [0], 4) is True     # alone last after unit 2 of 4
    assert comeback(rows[:1] + rows[3:], [0], 4) is False   # last only in the first half: no comeback
    assert comeback(rows, [0, 1], 4) is None  # no single winner
    assert comeback([(4, [3, 3, 9])], [0], 4) is False      # last but not alone


def test_standings_are_taken_after_each_round_of_the_table_and_at_the_end():
    from piratetable.lab.feel import standings
    from piratetable.table.recap import Feel
    feel = Feel("trip", (Series(0, ((0, 0), (1, 3), (5, 8))), Series(1, ((0, 0), (2, 4))), ), 5, lap=2)
    assert standings(feel) == [(2, [3, 4]), (4, [3, 4]), (5, [8, 4])]


# --- every game, from its recap tally ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,players,unit,counts", GAMES)
def test_every_game_gives_its_feel_from_its_recap_tally_without_changing_the_game(game_id, players, unit, counts):
    game = game_class(game_id)(load_config(game_id))
    levels = ["easy"] * players
    for g in range(3):
        plain = play_one(game, levels, f"5/{g}")
        felt = play_one(game, levels, f"5/{g}", feel=True)
        assert {k: v for k, v in felt.items() if k != "feel"} == plain      # the same game
        f = felt["feel"]
        assert f["unit"] == unit and set(f["counts"]) == counts
        # the units counted by the tally are the engine's: its stages, or where the turn is the unit its turns
        # (the engine counts the turns that ended; a Pirataki game won by a completed ship ends inside the
        # winner's turn, which the recap's tally counts)
        if unit == "turn":
            assert f["units"] - felt["turns"] in (0, 1)
        else:
            assert f["units"] == felt["stages"]
        assert f["lead_changes"] >= 0 and f["comeback"] in (True, False, None)


@pytest.mark.parametrize("game_id,players,unit,counts", GAMES)
def test_simulate_reports_and_records_the_feel(game_id, players, unit, counts, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert main(["simulate", "--game", game_id, "--players", str(players), "--bots", "easy", "--games", "4",
                 "--progress", "none", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "feel (from each game's recap tally" in text and "lead changes" in text and "comebacks" in text
    for key in counts:
        assert re.search(rf"^  {key.replace('_', ' ')} +(mean|-)", text, re.M), key
    records = read_records(out)
    assert len(records) == 4
    for r in records:
        assert set(r) >= {"lead_changes", "comeback"} | counts
        assert isinstance(r["lead_changes"], int)
    report = run_simulation(game_id, players, 4, 1, bots="easy")
    assert report["feel"]["games"] == 4 and set(report["feel"]["counts"]) == counts
    json.dumps(report)


@pytest.mark.parametrize("game_id,players,key,values,counts", [
    ("piraten_kapern", 2, "rules.target", "2000,3000", {"busts"}),
    ("piratz", 2, "rules.rats_must_take", "true,false", {"rats_caught"}),
    ("pirataki", 2, "rules.ship_price", "2..3", {"pirates_met", "parts_bought"}),
    ("petrangola", 3, "rules.tokens", "2..3", {"knocks", "knock_turn"})])
def test_sweep_reports_the_feel_per_cell(game_id, players, key, values, counts, tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["sweep", "--game", game_id, "--players", str(players), "--bots", "easy", "--games", "3",
                 "--set", f"{key}={values}", "--progress", "none", "--no-plots", "--out-dir", str(out)]) == 0
    text = capsys.readouterr().out
    assert "feel per cell (from each game's recap tally):" in text
    summary = read_records(out / "summary.csv")
    for row in summary:
        assert {"lead_changes", "lead_changes_lo", "comebacks"} <= set(row)
        assert {f"{c}_per_game" for c in counts} <= set(row)
    records = read_records(out / "records.csv")
    assert len(records) == 6 and all("lead_changes" in r for r in records)


def test_pirataki_names_its_unit_the_turn():
    report = run_simulation("pirataki", 2, 4, 1, bots="easy")
    assert report["length_unit"] == "turn" and "rounds" not in report["length"]
    text = format_report(report)
    assert "a turn is the game's unit" in text and not re.search(r"\brounds?\b", text)
    assert re.search(r"^  turns +mean", text, re.M)
    assert report["length_histogram"]["counts"] and sum(report["length_histogram"]["counts"]) == 4
    assert report["length_histogram"]["edges"][0] > 1      # the turns, not the stages (always 0 there)
    _cells, reports, _run = run_sweep(load_config("pirataki"), [("rules.ship_price", [2, 3])], 2, 3, 1,
                                      ["easy", "easy"])
    assert "mean_turns" in summary_rows(reports)[0]


# --- the text table ----------------------------------------------------------------------------------------------
def _reports(sets, games=6, game="piraten_kapern", players=2, levels=("easy", "random")):
    _cells, reports, run = run_sweep(load_config(game), sets, players, games, 1, list(levels))
    return reports, run


def test_the_text_table_prints_each_share_with_its_interval_and_marks_significance():
    reports, _run = _reports([("rules.target", [1000, 3000])], games=12)
    rows = summary_rows(reports)
    text = format_table(rows, even=0.5)
    lines = text.splitlines()
    assert "p0_easy_share [95%]" in lines[0] and "seat1_share [95%]" in lines[0]
    for row, line in zip(rows, lines[1:3]):
        for who in ("p0", "p1", "seat0", "seat1"):
            share = next(v for k, v in row.items() if k.startswith(f"{who}_") and k.endswith("_share"))
            lo, hi = row[f"{who}_lo"], row[f"{who}_hi"]
            mark = "*" if lo > 0.5 or hi < 0.5 else " "
            assert f"{share:.3f} [{lo:.3f}, {hi:.3f}]{mark}" in line + " "
    # easy against random: the easy bot's share is marked where its interval excludes the even share
    assert any(r["p0_lo"] > 0.5 for r in rows) and "*" in text
    assert "* = that interval excludes the even share 0.500" in text


# --- the plots ----------------------------------------------------------------------------------------------------
def _images(fig):
    return [ax for ax in fig.axes if ax.images]


def test_one_integer_key_gets_integer_ticks_at_its_values():
    pytest.importorskip("matplotlib")
    reports, _run = _reports([("cards.pirate.count", [2, 3, 4, 5])], games=2)
    fig = plots.share_figure(reports, "player")
    ax = fig.axes[0]
    assert plots.figure_kind(reports) == "lines" and not _images(fig)
    assert list(ax.get_xticks()) == [2, 3, 4, 5]
    assert all(float(t).is_integer() for t in ax.get_xticks())


def test_one_key_of_names_is_points_never_joined():
    pytest.importorskip("matplotlib")
    reports, _run = _reports([("rules.rats_must_take", [True, False])], games=2, game="piratz",
                             levels=("easy", "easy"))
    fig = plots.share_figure(reports, "seat")
    assert plots.figure_kind(reports) == "points"
    lines = [ln for ln in fig.axes[0].get_lines() if len(ln.get_xdata()) == 2 and ln.get_linestyle() != ":"]
    assert lines and all(ln.get_linestyle() == "None" for ln in lines)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["True", "False"]


def test_two_keys_get_a_heatmap_per_player_with_the_interval_in_each_cell():
    pytest.importorskip("matplotlib")
    reports, _run = _reports([("rules.target", [1000, 2000, 3000]), ("cards.pirate.count", [2, 4])], games=3)
    fig = plots.share_figure(reports, "player")
    assert plots.figure_kind(reports) == "heatmap"
    panels = _images(fig)
    assert len(panels) == 2                                   # one per player
    for ax in panels:
        assert ax.images[0].get_array().shape == (3, 2)       # rows: rules.target, columns: the pirates
        texts = [t.get_text() for t in ax.texts]
        assert len(texts) == 6 and all(re.fullmatch(r"\d\.\d\d\*?\n\[\d\.\d\d, \d\.\d\d\]", t) for t in texts)
        assert [t.get_text() for t in ax.get_yticklabels()] == ["1000", "2000", "3000"]
        assert [t.get_text() for t in ax.get_xticklabels()] == ["2", "4"]
    assert not [ln for ax in fig.axes for ln in ax.get_lines()]   # no line joins the cells
    # the feel figure of the same grid: one heatmap per figure
    assert len(_images(plots.feel_figure(reports))) == 2


def test_three_keys_get_small_multiples():
    pytest.importorskip("matplotlib")
    reports, _run = _reports([("rules.target", [1000, 2000]), ("cards.pirate.count", [2, 3, 4]),
                              ("scoring.full_chest", [0, 500])], games=2)
    fig = plots.share_figure(reports, "seat")
    assert plots.figure_kind(reports) == "multiples"
    panels = _images(fig)
    assert len(panels) == 2 * 2                               # seats × values of the first key
    assert all(ax.images[0].get_array().shape == (3, 2) for ax in panels)
    assert {ax.get_title().split("\n")[1] for ax in panels} == {"rules.target=1000", "rules.target=2000"}


# --- the HTML report ----------------------------------------------------------------------------------------------
def _css(html: str) -> dict[str, dict[str, str]]:
    style = html[html.index("<style>") + 7:html.index("</style>")]
    out = {}
    for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", style):
        decl = dict(tuple(x.strip() for x in d.split(":", 1)) for d in body.split(";") if ":" in d)
        for s in sel.split(","):
            out.setdefault(s.strip(), {}).update(decl)
    return out


def test_the_html_report_fits_1280_px_and_scrolls_a_wide_table_inside_the_page(tmp_path, capsys):
    out = tmp_path / "o"
    # 6 seats × 2 shares with intervals, the feel: a table far wider than a screen
    assert main(["sweep", "--game", "petrangola", "--players", "6", "--bots", "easy", "--games", "2",
                 "--set", "rules.tokens=2..3", "--progress", "none", "--out-dir", str(out)]) == 0
    html = (out / "report.html").read_text()
    css = _css(html)
    body = css["body"]
    px = [int(x) for x in re.findall(r"(\d+)px", body["padding"])]
    assert body["margin"].startswith("0 auto") and css["*"]["box-sizing"] == "border-box"
    assert int(body["max-width"].removesuffix("px")) <= 1280 and len(px) == 2
    assert css[".wide"]["overflow-x"] == "auto" and css[".wide"]["max-width"] == "100%"
    assert css["img"]["max-width"] == "100%"
    # every table sits in a scrolling box; the tables are wide indeed (their text alone)
    assert html.count("<table>") == 2 and html.count('<div class="wide"><table>') == 2
    widest = max(len(re.sub("<[^>]+>", " ", row)) for row in re.findall(r"<tr>.*?</tr>", html))
    assert widest * 6 > 1280
    assert "[95%]" in html and "* = that interval excludes the even share 0.167" in html
