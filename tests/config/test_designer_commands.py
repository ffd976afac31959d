"""The designer's commands: `schema` (JSON Schema from the validator's own schema), `new-variant`, `diff`, and user
configs found by the name the app shows for them (PIRATETABLE_HOME is a fresh folder per test: conftest)."""
import copy
import json
import re

import jsonschema
import pytest

from piratetable.cli import main
from piratetable.config.json_schema import config_json_schema
from piratetable.config.loader import config_files, load_config, shipped_config_dir, user_config_dir
from piratetable.config.yamlsafe import read_yaml
from piratetable.engine.registry import known_ids
from piratetable.lab.configs import resolve_config

GAMES = ("piraten_kapern", "piratz", "pirataki", "petrangola")


def plain(path) -> dict:
    return read_yaml(path.read_text(encoding="utf-8"), str(path)).plain()


def errors(data: dict, game: str | None = None) -> list[str]:
    validator = jsonschema.Draft202012Validator(config_json_schema(game or data["game"]))
    return [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


# --- schema ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [*GAMES, "pig"])
def test_the_schema_is_valid_json_schema_in_draft_2020_12_and_draft_7(game, capsys):
    if game not in known_ids():
        pytest.skip("the example plug-in is not installed")
    assert main(["schema", game]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft7Validator.check_schema(schema)   # what editors' YAML language servers read
    assert schema["properties"]["game"] == {"const": game, "description": schema["properties"]["game"]["description"]}
    assert schema["additionalProperties"] is False and {"game", "title", "players"} <= set(schema["required"])


def test_every_shipped_config_validates_against_its_schema():
    files = [p for p, _ in config_files(include_user=False)]
    assert {plain(p)["game"] for p in files} >= set(GAMES)
    for path in files:
        assert errors(plain(path)) == [], path


def test_the_schema_carries_ranges_choices_descriptions_and_defaults():
    pk = config_json_schema("piraten_kapern")
    target = pk["properties"]["rules"]["properties"]["target"]
    assert target["type"] == "integer" and target["minimum"] == 1 and target["maximum"] == 10_000_000
    assert target["default"] == 8000 and target["description"] == "the score that starts the final round"
    effects = [shape["properties"]["effect"]["const"] for shape in pk["properties"]["cards"]["items"]["oneOf"]]
    assert "sea_battle" in effects and "zombie" in effects
    price_to = config_json_schema("pirataki")["properties"]["rules"]["properties"]["price_to"]
    assert price_to["enum"] == ["seller", "discard"] and price_to["default"] == "seller"
    cubes = config_json_schema("piratz")["properties"]["cubes"]
    assert cubes["items"] == {"type": "integer", "minimum": 0, "maximum": 99} and cubes["minItems"] == 1


def _broken(game, change):
    data = copy.deepcopy(plain(shipped_config_dir() / f"{game}.yaml"))
    change(data)
    return data


@pytest.mark.parametrize("game, change, where", [
    ("piraten_kapern", lambda d: d["rules"].update(target="8000"), "rules.target"),          # wrong type
    ("piraten_kapern", lambda d: d["rules"].update(target=0), "rules.target"),               # out of range
    ("piraten_kapern", lambda d: d["rules"].update(targte=5000), "rules"),                   # unknown key
    ("piraten_kapern", lambda d: d["dice"]["faces"].append("star"), "dice.faces.6"),         # bad enum
    ("piraten_kapern", lambda d: d["cards"][1].update(factor="two"), "cards.1"),             # an effect's parameter
    ("piraten_kapern", lambda d: d["cards"][0].update(sabers=2), "cards.0"),                 # another effect's one
    ("piraten_kapern", lambda d: d["cards"][0].update(id="Treasure Island"), "cards.0"),     # pattern
    ("piratz", lambda d: d["cards"][0]["items"].append("parrot"), "cards.0.items.1"),        # not an item
    ("pirataki", lambda d: d["rules"].update(price_to="bank"), "rules.price_to"),
    ("pirataki", lambda d: d["colours"][0].update(rgb="blue"), "colours.0.rgb"),
    ("petrangola", lambda d: d["rules"].update(tokens=100), "rules.tokens"),
    ("petrangola", lambda d: d["bots"]["easy"].pop("swap_gain"), "bots.easy"),               # a required key
    ("petrangola", lambda d: d["players"].update(max=13), "players.max"),
    ("petrangola", lambda d: d.update(game="piratz"), "game"),
])
def test_a_broken_config_does_not_validate_against_the_schema(game, change, where):
    found = errors(_broken(game, change), game)
    assert found and any(e.startswith(where + ":") for e in found), found


# --- variant names ----------------------------------------------------------------------------------------------
def write_user(name: str, text: str):
    folder = user_config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def shipped_text(game="piraten_kapern") -> str:
    return (shipped_config_dir() / f"{game}.yaml").read_text(encoding="utf-8")


def test_a_user_file_is_found_by_the_name_the_app_shows_its_file_name_and_user_name():
    write_user("piraten_kapern_quick.yaml", shipped_text().replace("target: 8000", "target: 3000"))
    for name in ("quick", "user:quick", "piraten_kapern_quick.yaml", "piraten_kapern_quick"):
        cfg = resolve_config("piraten_kapern", name)
        assert cfg.rules.target == 3000 and cfg.variant == "user:quick", name
    assert resolve_config(None, "quick").game == "piraten_kapern"
    assert load_config("piraten_kapern", "user:quick").rules.target == 3000   # a scenario's `config: user:quick`


def test_an_unknown_name_gets_a_did_you_mean_and_the_broken_files_are_marked(capsys):
    write_user("piraten_kapern_quick.yaml", shipped_text())
    write_user("wreck.yaml", "game: piraten_kapern\ntitle: [\n")
    assert main(["simulate", "--game", "piraten_kapern", "--config", "quikc", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert "did you mean 'quick'?" in err and "quick (piraten_kapern_quick.yaml)" in err
    assert "wreck (wreck.yaml, broken" in err and "Traceback" not in err
    assert main(["validate", "quikc"]) == 2
    assert "did you mean 'quick'?" in capsys.readouterr().err


def test_a_short_name_of_two_games_is_refused_naming_both():
    write_user("piraten_kapern_quick.yaml", shipped_text())
    write_user("piratz_quick.yaml", shipped_text("piratz"))
    assert resolve_config("piratz", "quick").game == "piratz"
    with pytest.raises(Exception, match="piraten_kapern_quick.yaml, piratz_quick.yaml"):
        resolve_config(None, "quick")


# --- new-variant ------------------------------------------------------------------------------------------------
def test_new_variant_writes_a_valid_copy_that_validate_and_simulate_find_by_its_name(capsys):
    assert main(["new-variant", "piraten_kapern", "quick"]) == 0
    out, err = capsys.readouterr()
    path = user_config_dir() / "piraten_kapern_quick.yaml"
    assert out.strip() == str(path) and path.is_file()
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=schemas/piraten_kapern.schema.json\n")
    assert "piratetable validate" in text and "--config quick --baseline default" in text
    schema = json.loads((user_config_dir() / "schemas" / "piraten_kapern.schema.json").read_text(encoding="utf-8"))
    assert schema == config_json_schema("piraten_kapern")
    assert main(["validate", "quick"]) == 0
    assert f"ok   {path}" in capsys.readouterr().out
    assert main(["simulate", "--game", "piraten_kapern", "--config", "quick", "--games", "2", "--progress", "none",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["config"] == "user:quick" and report["games"] == 2


def test_new_variant_from_another_variant_and_its_refusals(capsys):
    assert main(["new-variant", "piraten_kapern", "short", "--from", "classic"]) == 0
    capsys.readouterr()
    assert resolve_config("piraten_kapern", "short").rules.target == 6000
    refusals = [
        (["new-variant", "piraten_kapern", "short"], "exists already"),                     # never overwrites
        (["new-variant", "piraten_kapern", "classic"], "ships a variant named 'classic'"),
        (["new-variant", "piraten_kapern", "Big Ship"], "cannot name a variant"),
        (["new-variant", "piraten_kapren", "quick"], "unknown game 'piraten_kapren'"),
        (["new-variant", "piraten_kapern", "quick", "--from", "clasic"], "did you mean 'classic'?"),
    ]
    for args, says in refusals:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err and err.count("\n") == 1, err
    write_user("wreck.yaml", "game: piraten_kapern\ntitle: [\n")
    assert main(["new-variant", "piraten_kapern", "fixed", "--from", "wreck"]) == 2
    assert "wreck.yaml:3:1" in capsys.readouterr().err
    assert sorted(p.name for p in user_config_dir().glob("*.yaml")) == ["piraten_kapern_short.yaml", "wreck.yaml"]


# --- diff -------------------------------------------------------------------------------------------------------
def edit(path, *pairs):
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def test_diff_of_a_variant_against_its_base_lists_exactly_the_changes_made(capsys):
    assert main(["new-variant", "piraten_kapern", "quick"]) == 0
    path = user_config_dir() / "piraten_kapern_quick.yaml"
    capsys.readouterr()
    assert main(["diff", "default", "quick", "--game", "piraten_kapern"]) == 0
    assert "no differences" in capsys.readouterr().out
    guardian = re.search(r"  - id: guardian\n(?:    .*\n)+", path.read_text(encoding="utf-8")).group(0)
    edit(path, ("target: 8000", "target: 5000"), ("  - id: pirate\n    count: 4", "  - id: pirate\n    count: 6"),
         (guardian, "  - id: storm\n    count: 2\n    name: Storm\n    effect: skulls\n    skulls: 1\n"),
         ("full_chest: 500", "full_chest: 500  # the same value, a new comment"))
    assert main(["diff", "default", "quick", "--game", "piraten_kapern"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["4 differences:",
                         "  option target (the score that starts the final round): 8000 → 5000",
                         "  card removed: Guardian (guardian), 4 cards",
                         "  card added: Storm (storm), 2 cards",
                         "  card Pirate (pirate): 4 → 6 cards"]
    assert main(["diff", "quick", "default", "--json"]) == 1      # the game from the user file
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "piraten_kapern" and report["a"]["variant"] == "user:quick"
    assert [(c["path"], c["kind"], c["before"], c["after"]) for c in report["changes"]] == [
        ("rules.target", "changed", 5000, 8000),
        ("cards.storm", "removed", {"id": "storm", "count": 2, "name": "Storm", "summary": "", "text": "",
                                    "effect": "skulls", "skulls": 1}, None),
        ("cards.guardian", "added", None, report["changes"][2]["after"]),
        ("cards.pirate.count", "changed", 6, 4)]
    assert report["changes"][2]["after"]["name"] == "Guardian"


def test_diff_in_each_games_words():
    from piratetable.config.diff import diff_configs
    piratz = resolve_config("piratz", None)
    text = shipped_text("piratz").replace("rats_must_take: true", "rats_must_take: false")
    write_user("piratz_calm.yaml", text)
    assert [c.text for c in diff_configs(piratz, resolve_config("piratz", "calm"))] == [
        "option rats_must_take (a player caught by the rats must take the rat card (off: may decline it)): true → false"]
    pk = [c.text for c in diff_configs(resolve_config("piraten_kapern", "classic"),
                                       resolve_config("piraten_kapern", "default"))]
    assert "option target (the score that starts the final round): 6000 → 8000" in pk
    assert "card added: Peace (peace), 2 cards" in pk


def test_diff_refusals(capsys):
    write_user("piratz_calm.yaml", shipped_text("piratz"))
    for args, says in [(["diff", "default", "classic"], "name the game (--game GAME)"),
                       (["diff", "default", "clasic", "--game", "piraten_kapern"], "did you mean 'classic'?"),
                       (["diff", "calm", str(shipped_config_dir() / "piraten_kapern.yaml")], "A is a config of piratz, B of piraten_kapern"),
                       (["diff", "default", "classic", "--game", "pirates"], "unknown game 'pirates'")]:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err, err
