"""`sweep`: values and ranges, the grid, variants built as validated config text, clear errors for bad keys and
values, the same seeds in every cell, the files it writes, plots with matplotlib and a message without."""
import base64
import json
import sys

import pytest
import yaml

from piratetable.cli import main
from piratetable.config.loader import load_config
from piratetable.engine.errors import PirateTableError
from piratetable.lab import plots
from piratetable.lab.records import read_records
from piratetable.lab.simulate import run_simulation
from piratetable.lab.sweep import build_cells, grid, parse_set, run_sweep, set_key, variant_text


def test_values_lists_and_ranges():
    assert parse_set("rules.target=4000,6000,8000") == ("rules.target", [4000, 6000, 8000])
    assert parse_set("cards.pirate.count=2..6") == ("cards.pirate.count", [2, 3, 4, 5, 6])
    assert parse_set("rules.target=0..1000..500") == ("rules.target", [0, 500, 1000])
    assert parse_set("rules.rats_must_take=true,false") == ("rules.rats_must_take", [True, False])
    assert parse_set("a=yes,x") == ("a", ["yes", "x"])       # YAML 1.2: yes stays a string
    for bad in ("rules.target", "=1", "rules.target=", "x=1..b", "x=1,,2"):
        with pytest.raises(PirateTableError):
            parse_set(bad)


def test_the_grid_is_the_product_of_the_sets():
    cells = grid([("a", [1, 2]), ("b", ["x", "y", "z"])])
    assert len(cells) == 6 and cells[0] == {"a": 1, "b": "x"} and cells[-1] == {"a": 2, "b": "z"}
    with pytest.raises(PirateTableError, match="each key once"):
        grid([("a", [1]), ("a", [2])])


def test_keys_by_name_by_position_and_by_id():
    data = {"rules": {"target": 1}, "cards": [{"id": "gold", "count": 4}, {"id": "pirate", "count": 4}]}
    assert set_key(data, "rules.target", 5)["rules"]["target"] == 5
    assert set_key(data, "cards.pirate.count", 2)["cards"][1]["count"] == 2
    assert set_key(data, "cards.0.count", 1)["cards"][0]["count"] == 1
    assert data["rules"]["target"] == 1   # a copy
    with pytest.raises(PirateTableError, match="cards has no 'parrot'.*gold, pirate"):
        set_key(data, "cards.parrot.count", 1)
    with pytest.raises(PirateTableError, match=r"\(top\) has no 'rulez'"):
        set_key(data, "rulez.target", 1)


def test_a_variant_is_config_text_validated_by_the_loader():
    base = load_config("piraten_kapern")
    text = variant_text(base.text, {"rules.target": 4000, "cards.pirate.count": 2})
    data = yaml.safe_load(text)
    assert data["rules"]["target"] == 4000
    assert [c["count"] for c in data["cards"] if c["id"] == "pirate"] == [2]
    [(assignment, cfg)] = build_cells(base, [("rules.target", [4000])])
    assert cfg.rules.target == 4000 and cfg.text == variant_text(base.text, {"rules.target": 4000})


def test_an_invalid_value_names_the_key_and_the_value():
    base = load_config("piraten_kapern")
    with pytest.raises(PirateTableError) as err:
        build_cells(base, [parse_set("rules.target=abc")])
    assert "rules.target=abc" in str(err.value) and "rules.target" in str(err.value).split("\n", 1)[1]
    with pytest.raises(PirateTableError, match="did you mean 'target'"):
        build_cells(base, [parse_set("rules.targte=10")])


def test_every_cell_plays_the_same_seeds_and_a_cell_equal_to_the_base_matches_simulate():
    base = load_config("piraten_kapern")
    cells, reports, run = run_sweep(base, [("rules.target", [2000, 8000])], 2, 6, 3, ["easy", "random"])
    assert [r["assignment"] for r in reports] == [{"rules.target": 2000}, {"rules.target": 8000}]
    assert [x["seed"] for x in run.records[0]] == [x["seed"] for x in run.records[1]]
    plain = run_simulation("piraten_kapern", 2, 6, 3, bots="easy,random", keep_records=True)
    assert plain["records"] == run.records[1]
    assert reports[0]["length"]["trips"]["mean"] < reports[1]["length"]["trips"]["mean"]


def _sweep(tmp_path, *extra):
    out = tmp_path / "out"
    code = main(["sweep", "--game", "piraten_kapern", "--players", "2", "--bots", "easy,random", "--games", "4",
                 "--set", "rules.target=2000,4000", "--set", "cards.pirate.count=2..3", "--progress", "none",
                 "--out-dir", str(out), *extra])
    return code, out


def test_the_sweep_writes_its_table_and_records_without_matplotlib(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out = _sweep(tmp_path)
    assert code == 0
    text = capsys.readouterr().out
    assert "pip install '.[lab]'" in text and "rules.target" in text and "mean_trips" in text
    summary = read_records(out / "summary.csv")
    assert [(r["rules.target"], r["cards.pirate.count"]) for r in summary] == \
        [("2000", "2"), ("2000", "3"), ("4000", "2"), ("4000", "3")]
    records = read_records(out / "records.csv")
    assert len(records) == 16 and set(records[0]) >= {"rules.target", "cards.pirate.count", "seed", "winners"}
    cells = json.loads((out / "summary.json").read_text())["cells"]
    assert len(cells) == 4 and cells[0]["assignment"] == {"rules.target": 2000, "cards.pirate.count": 2}
    html = (out / "report.html").read_text()
    assert "Plots skipped" in html and "pip install &#x27;.[lab]&#x27;" in html
    assert not list(out.glob("*.png"))


def test_the_sweep_plots_and_embeds_them_in_the_html(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    code, out = _sweep(tmp_path)
    assert code == 0
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["feel.png", "game_length.png", "win_share_per_player.png", "win_share_per_seat.png"]
    html = (out / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 4
    start = html.index("data:image/png;base64,") + len("data:image/png;base64,")
    assert base64.b64decode(html[start:html.index('"', start)])[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_numeric_key_plots_against_its_values(tmp_path):
    pytest.importorskip("matplotlib")
    base = load_config("piraten_kapern")
    cells, reports, run = run_sweep(base, [("rules.target", [1000, 2000])], 2, 3, 1, ["random", "random"])
    images = plots.make_plots(reports, run.records)
    assert all(data[:4] == b"\x89PNG" for data in images.values())


def test_a_bad_value_stops_the_sweep_before_any_game(tmp_path, capsys):
    assert main(["sweep", "--game", "piraten_kapern", "--players", "2", "--games", "2",
                 "--set", "rules.target=1000,big", "--out-dir", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "rules.target=big" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()
