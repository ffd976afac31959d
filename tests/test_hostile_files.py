"""Damaged or hostile files (issue 16): configs, saves and scenarios that must give one clear message naming the
file (and line, key), quickly, and never a traceback."""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from piratetable import savegame
from piratetable.config.loader import find_configs, load_config, load_config_file, load_config_text
from piratetable.engine.errors import ConfigError, SaveError
from piratetable.engine.match import Match, Seat
from piratetable.fileio import remove_stale_temporaries, write_json_atomic
from piratetable.scenario import run_scenario

SHIPPED = Path(__file__).resolve().parent.parent / "configs"


def shipped(game: str) -> str:
    return (SHIPPED / f"{game}.yaml").read_text(encoding="utf-8")


def bomb(game: str = "piraten_kapern", levels: int = 9) -> str:
    """A billion-laughs file: a few hundred bytes, 9**levels values once every alias is expanded."""
    lines = [f"game: {game}", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def quick(fn, seconds=5.0):
    start = time.monotonic()
    result = fn()
    assert time.monotonic() - start < seconds, "took too long"
    return result


# --- configs -------------------------------------------------------------------------------------------------
def test_an_alias_bomb_is_refused_quickly_with_the_file_and_line():
    text = bomb()
    assert len(text) < 500
    with pytest.raises(ConfigError) as err:
        quick(lambda: load_config_text(text, "bomb.yaml"))
    assert re.match(r"bomb\.yaml:\d+:\d+: .*more than 200,000 values", str(err.value))


def test_an_alias_bomb_in_the_user_folder_is_listed_broken(piratetable_home):
    folder = piratetable_home / "configs"
    folder.mkdir()
    (folder / "laughs.yaml").write_text(bomb("petrangola"))
    entries = quick(lambda: find_configs(game_id="petrangola"))
    broken = [e for e in entries if e.path.name == "laughs.yaml"]
    assert broken and broken[0].config is None and "laughs.yaml:" in broken[0].error
    assert any(e.config is not None for e in entries)     # the rest still loads


def test_a_save_whose_config_text_is_a_bomb_gives_a_save_error():
    match = Match(load_config("piraten_kapern"), [Seat("Ann"), Seat("Ben")], seed=1)
    data = savegame.to_json(match)
    data["config"]["text"] = bomb()
    with pytest.raises(SaveError, match="config"):
        quick(lambda: savegame.from_json(data, "s.json"))


def test_a_huge_config_text_or_file_is_refused(tmp_path):
    text = shipped("piratz") + "# " + "x" * 1_100_000 + "\n"
    with pytest.raises(ConfigError, match=r"big.yaml:1:1: the file is too big"):
        load_config_text(text, "big.yaml")
    path = tmp_path / "piratz_huge.yaml"
    path.write_text(text + ("# " + "y" * 1000 + "\n") * 4000)
    with pytest.raises(ConfigError, match="too big"):
        load_config_file(path)


def petrangola_deck(suits: int, ranks: int) -> str:
    head, tail = shipped("petrangola").split("deck:")[0], "bots:" + shipped("petrangola").split("bots:")[1]
    s = "\n".join(f"    - {{id: S{i}x, name: S{i}, icon: coins}}" for i in range(suits))
    r = "\n".join(f"    - {{id: R{i}r, name: R{i}, value: 5}}" for i in range(ranks))
    return f"{head}deck:\n  suits:\n{s}\n  ranks:\n{r}\n{tail}"


@pytest.mark.parametrize("n", [40, 1000, 3000])
def test_a_huge_petrangola_deck_is_refused_quickly(n):
    with pytest.raises(ConfigError) as err:
        quick(lambda: load_config_text(petrangola_deck(n, n), "deck.yaml"), 8.0)
    assert re.search(r"deck\.yaml:\d+:\d+: deck(\.suits|\.ranks)?: ", str(err.value))


def test_validation_of_a_big_valid_config_is_near_linear():
    def cost(n):   # Piraten Kapern allows the most card entries (200; a Piratz deck is at most 60 cards)
        text = shipped("piraten_kapern").split("cards:")[0] + "cards:\n" + "".join(
            f"  - {{id: c{i}, count: 1, name: Card {i}, effect: start_with, face: coin}}\n" for i in range(n))
        start = time.perf_counter()
        load_config_text(text, "p.yaml")
        return time.perf_counter() - start
    small, big = min(cost(25) for _ in range(3)), min(cost(200) for _ in range(3))
    assert big < small * 8 * 3          # 8 times the cards: far from 64 times the time


def replace_line(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize("game,old,new,key", [
    ("piratz", "- {id: x-ring, items: [ring], two_player: false}", "- {id: x-ring, items: [ring], count: 2000}", "count"),
    ("piraten_kapern", "count: 4", "count: 1000000", "count"),
    ("piraten_kapern", "faces: [", "faces: [" + "skull, " * 10_000, "dice.faces"),
    ("piraten_kapern", "target: 8000", "target: 20000000", "rules.target"),
    ("petrangola", "tokens: 3 ", "tokens: 60 ", "rules.tokens"),
    ("pirataki", "gold: 20 ", "gold: 1000000 ", "gold"),
    ("pirataki", "ship_size: 6 ", "ship_size: 5000 ", "ship_size"),
])
def test_counts_no_game_can_be_played_with_are_refused(game, old, new, key):
    text = shipped(game)
    if old not in text:
        pytest.skip(f"the shipped {game} config changed: {old!r}")
    with pytest.raises(ConfigError) as err:
        quick(lambda: load_config_text(replace_line(text, old, new), f"{game}.yaml"))
    assert re.search(rf"{game}\.yaml:\d+:\d+: [\w.\[\]]*{re.escape(key)}\b", str(err.value)), str(err.value)


def test_a_target_no_lucky_game_reaches_within_the_action_cap_is_refused():
    text = replace_line(shipped("piraten_kapern"), "target: 8000", "target: 9000000")
    text = replace_line(text, "face_points: {coin: 100, diamond: 100}", "face_points: {}")
    for size, points in ((3, 100), (4, 200), (5, 500), (6, 1000), (7, 2000), (8, 4000)):
        text = replace_line(text, f"- {{size: {size}, points: {points}}}", f"- {{size: {size}, points: {size * 10}}}")
    with pytest.raises(ConfigError, match=r"pk\.yaml:\d+:\d+: rules\.target: 9000000 points cannot be reached"):
        load_config_text(text, "pk.yaml")


def test_a_title_from_a_file_is_bounded():
    text = replace_line(shipped("pirataki"), "title: ", "title: " + "T" * 5000 + " ")
    with pytest.raises(ConfigError, match=r"p\.yaml:\d+:\d+: title: is 5,\d+ characters long; at most 100"):
        load_config_text(text, "p.yaml")


def test_the_shipped_configs_stay_within_the_limits():
    for path in SHIPPED.glob("*.yaml"):
        load_config_file(path)


# --- saves ---------------------------------------------------------------------------------------------------
def a_match(game="piraten_kapern", seats=("Ann", "Ben", "Cy"), moves=3, config=None):
    match = Match(config or load_config(game), [Seat(n) for n in seats], seed=4)
    while len(match.history) < moves and not match.over:
        match.play(match.legal()[0])
    return match


def write(path: Path, data) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def damaged(tmp_path, change) -> Path:
    data = savegame.to_json(a_match())
    change(data)
    return write(tmp_path / "bad.json", data)


@pytest.mark.parametrize("text,fragment", [
    (json.dumps(savegame.to_json(a_match())).replace('"seed": 4', '"seed": ' + "9" * 5000), "not a save file"),
    ("[" * 1000 + "]" * 1000, "not a save file"),
    ("{" + '"a":' * 3 + "1}", "not a save file"),
])
def test_unreadable_json_is_a_save_error(tmp_path, text, fragment):
    path = write(tmp_path / "bad.json", text)
    with pytest.raises(SaveError, match=fragment) as err:
        savegame.load(path)
    assert str(path) in str(err.value)


@pytest.mark.parametrize("change,fragment", [
    (lambda d: d.update(actions=5), "actions: has the wrong type"),
    (lambda d: d.update(setup="abc"), "setup"),
    (lambda d: d.update(setup=5), "setup"),
    (lambda d: d.update(setup=[1, 2]), "setup"),
    (lambda d: d.update(setup={"scores": "abc"}), "setup"),
    (lambda d: d.update(setup={"nope": 1}), "setup"),
    (lambda d: d["seats"][0].update(name="Ann\x00"), r"seats\[0\]\.name: holds a control character"),
    (lambda d: d["seats"][0].update(name="A" * 5_000_000), r"seats\[0\]\.name: is 5,000,000 characters"),
    (lambda d: d["seats"][0].update(name=5), r"seats\[0\]\.name"),
    (lambda d: d["seats"][1].update(bot="wizard"), r"seats\[1\]\.bot: 'wizard' is not a bot level"),
    (lambda d: d.update(seats=[d["seats"][0]]), "seats: 1 seats"),
    (lambda d: d.update(seats=d["seats"] * 5), "seats: 15 seats"),
    (lambda d: d["actions"].append("x" * 3_000_000), r"actions\[3\]: 'xxx"),
    (lambda d: d["actions"].append("roll\x00"), r"actions\[3\]"),
    (lambda d: d.update(seed=2 ** 200), "seed: out of range"),
    (lambda d: d.update(seed="5"), "seed: has the wrong type"),
    (lambda d: d.update(chance=7), "chance"),
    (lambda d: d["config"].update(options={"target": "abc"}), "config"),
    (lambda d: d["config"].update(options=[1]), "config.options"),
    (lambda d: d.update(version=3), "version: 3 is not supported .*newer"),
    (lambda d: d.update(version="2"), "version: has the wrong type"),
])
def test_a_damaged_save_gives_one_save_error_naming_the_file_and_key(tmp_path, change, fragment):
    path = damaged(tmp_path, change)
    with pytest.raises(SaveError, match=fragment) as err:
        quick(lambda: savegame.load(path))
    message = str(err.value)
    assert message.startswith(str(path)) and len(message) < 2000 and "\x00" not in message


def test_every_game_refuses_a_setup_that_is_not_a_mapping(tmp_path):
    for game in ("piraten_kapern", "piratz", "pirataki", "petrangola"):
        for setup in ("abc", 5, [1, 2]):
            data = savegame.to_json(a_match(game, moves=0))
            data["setup"] = setup
            with pytest.raises(SaveError, match="setup"):
                savegame.from_json(data, "s.json")


def test_a_dangling_link_and_a_folder_in_saves_do_not_break_the_list(piratetable_home):
    from piratetable.ui.saves import list_saves, save_summary
    folder = piratetable_home / "saves"
    folder.mkdir()
    savegame.save(a_match(), folder / "good.json")
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    (folder / "dir.json").mkdir()
    (folder / "empty.json").write_text("")
    found = list_saves()
    assert {p.name for p in found} == {"good.json", "empty.json"}
    assert save_summary(folder / "empty.json") is None and save_summary(folder / "good.json") is not None


@pytest.mark.parametrize("game,options", [
    ("petrangola", {"stake": 0}),
    ("petrangola", {"tokens": 2, "knock_without_swap": False}),
    ("piratz", {"open_collections": False, "rats_must_take": False}),
    ("piraten_kapern", {"target": 3000}),
])
def test_options_set_on_top_of_a_config_survive_save_and_load(tmp_path, game, options):
    import random
    config = load_config(game).with_options(options)
    match = Match(config, [Seat("A", "random"), Seat("B", "random"), Seat("C", "random")], seed=9)
    rng = random.Random(2)
    while len(match.history) < 120 and not match.over:
        match.play(rng.choice(match.legal()))
    savegame.save(match, tmp_path / "o.json")
    back = savegame.load(tmp_path / "o.json")
    assert back.config.rules == match.config.rules and back.config.options == options
    assert back.game.snapshot(back.state) == match.game.snapshot(match.state)


def test_a_save_records_the_versions_and_version_1_files_still_load(tmp_path):
    import piratetable
    match = a_match()
    data = savegame.to_json(match)
    assert data["version"] == savegame.SAVE_VERSION == 2
    assert data["program"] == piratetable.__version__ and data["game_version"] == match.game.version
    old = {k: v for k, v in data.items() if k not in ("program", "game_version")}
    old["version"] = 1
    back = savegame.from_json(old, "old.json")
    assert [e.action for e in back.history] == [e.action for e in match.history]


# --- interrupted writes --------------------------------------------------------------------------------------
def test_stale_temporaries_are_removed_and_others_files_kept(tmp_path):
    tmp_path = tmp_path / "saves"
    tmp_path.mkdir()
    write_json_atomic(tmp_path / "autosave.json", {"a": 1})
    dead = tmp_path / "autosave.json.999999999.abcdefgh.tmp"      # a writer that is gone
    dead.write_text("{")
    mine = tmp_path / f"autosave.json.{os.getpid()}.abcd_fgh.tmp"
    mine.write_text("{")
    other = tmp_path / "notes.tmp"
    other.write_text("keep")
    removed = remove_stale_temporaries(tmp_path)
    assert set(removed) == {dead, mine}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "notes.tmp"]


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    write_json_atomic(tmp_path / "x.json", [1])
    assert len(synced) >= (2 if os.name == "posix" else 1)


# --- scenarios -----------------------------------------------------------------------------------------------
GAMES_RIG = [("piraten_kapern", "deck"), ("piraten_kapern", "dice"), ("piratz", "deck"), ("pirataki", "deck"),
             ("petrangola", "deck")]


@pytest.mark.parametrize("game,key", GAMES_RIG)
@pytest.mark.parametrize("value", ["5", "{a: 1}"])
def test_a_rig_that_is_not_a_list_is_a_scenario_error_with_file_and_line(tmp_path, game, key, value):
    path = tmp_path / "s.yaml"
    step = "roll" if game == "piraten_kapern" else "reveal" if game == "piratz" else "draw"
    path.write_text(f"game: {game}\nplayers: 3\nrig: {{{key}: {value}}}\nsteps:\n  - {step}\n")
    result = run_scenario(path)
    assert not result.passed
    assert re.match(rf"{re.escape(str(path))}:3:\d+: rig\.{key}: must be a list", result.failures[0])


@pytest.mark.parametrize("game,setup,key", [
    ("petrangola", "{dealer: abc}", "setup.dealer"),
    ("petrangola", "{tokens: 5}", "setup.tokens"),
    ("piraten_kapern", "{scores: abc}", "setup.scores"),
])
def test_a_bad_setup_value_names_the_file_and_line(tmp_path, game, setup, key):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {game}\nplayers: 3\nsetup: {setup}\nsteps:\n  - expect: {{over: false}}\n")
    result = run_scenario(path)
    assert not result.passed and result.failures[0].startswith(f"{path}:3:") and key in result.failures[0]


# --- special files (issue 26): only regular files are opened, and never more than the cap is read --------------
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                                reason="FIFOs and /dev/zero are POSIX")


def in_child(code: str, home: Path, timeout: float = 30.0):
    """Run `code` in a fresh Python with a memory cap and a timeout: a hang or an endless read fails the test
    instead of freezing (or swapping out) the machine running it."""
    import subprocess
    import sys

    def limit():  # pragma: no cover - runs in the child
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
    env = {**os.environ, "PIRATETABLE_HOME": str(home)}
    env.pop("DISPLAY", None)
    start = time.monotonic()
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                             timeout=timeout, preexec_fn=limit, cwd=Path(__file__).resolve().parent.parent)
    except subprocess.TimeoutExpired:
        pytest.fail(f"no answer in {timeout:.0f} s (blocked on a FIFO or reading a device?)")
    assert "Traceback" not in out.stderr and "MemoryError" not in out.stderr, out.stderr[-2000:]
    return out, time.monotonic() - start


def special_home(home: Path) -> Path:
    folder = home / "configs"
    folder.mkdir(exist_ok=True)
    os.mkfifo(folder / "stormy.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    return folder


REFUSED = r"not a regular file \(a (named pipe|device)"


@needs_fifo
@pytest.mark.parametrize("args,names", [
    (["validate", "/dev/zero"], ["/dev/zero:1:1: "]),
    (["validate"], ["stormy.yaml:1:1: ", "zero.yaml:1:1: "]),
    (["validate", "{home}/configs/stormy.yaml", "{home}/configs/zero.yaml"], ["stormy.yaml:1:1: ", "zero.yaml:1:1: "]),
    (["simulate", "--game", "piratz", "--config", "stormy", "--games", "1"], ["stormy.yaml:1:1: "]),
    (["simulate", "--game", "piratz", "--config", "zero.yaml", "--games", "1"], ["zero.yaml:1:1: "]),
    (["scenario", "{home}/scenario.yaml", "{home}/configs/stormy.yaml"], ["/dev/zero:1:1: ", "stormy.yaml:1:1: "]),
])
def test_the_cli_refuses_fifos_devices_and_links_to_them_at_once(piratetable_home, args, names):
    special_home(piratetable_home)
    (piratetable_home / "scenario.yaml").write_text("game: piratz\nconfig: /dev/zero\nplayers: 3\nsteps: []\n")
    args = [a.format(home=piratetable_home) for a in args]
    out, seconds = in_child(f"import sys; from piratetable.cli import main; sys.exit(main({args!r}))",
                            piratetable_home)
    text = out.stdout + out.stderr
    assert out.returncode == 1 and seconds < 20, text
    for name in names:
        assert re.search(re.escape(name) + REFUSED, text), text
    if "zero.yaml:1:1: " in names:
        assert "the link leads to: /dev/zero" in text


@needs_fifo
def test_the_loaders_listing_and_load_config_answer_at_once(piratetable_home):
    special_home(piratetable_home)
    code = """
from piratetable.config.loader import find_configs, load_config
from piratetable.engine.errors import ConfigError
from piratetable.ui.catalog import scan_configs, scanned_variant, wanted
scan = scan_configs()
scan.finished.result(timeout=15)          # New game's list, read on its thread
shown = [scanned_variant(f) for f in scan.take()]
for entry in find_configs(game_id=None) + [v for v in shown if wanted(v, "piratz")]:
    if entry.user:
        print("LISTED", entry.path.name, entry.game, "BROKEN" if entry.error else "ok", "|", entry.error)
for name in ("user:stormy", "user:zero", "/dev/zero", "stormy.yaml"):
    try:
        load_config("piratz", name, base=__import__("piratetable.config.loader").config.loader.user_config_dir())
    except ConfigError as exc:
        print("REFUSED", name, "|", exc)
"""
    out, seconds = in_child(code, piratetable_home)
    lines = out.stdout.splitlines()
    listed = [line for line in lines if line.startswith("LISTED")]
    assert len(listed) == 4 and all("BROKEN" in line for line in listed), out.stdout
    assert all(re.search(REFUSED, line) for line in listed)
    refused = [line for line in lines if line.startswith("REFUSED")]
    assert len(refused) == 4 and all(re.search(REFUSED, line) for line in refused), out.stdout
    assert seconds < 20


@needs_fifo
def test_saves_scenarios_and_settings_that_are_special_files_are_refused(piratetable_home):
    special_home(piratetable_home)
    os.mkfifo(piratetable_home / "pipe.json")
    code = f"""
from pathlib import Path
from piratetable import savegame
from piratetable.engine.errors import SaveError
from piratetable.scenario import run_scenario
from piratetable.ui.settings import load_settings
home = Path({str(piratetable_home)!r})
for path in (home / "pipe.json", Path("/dev/zero"), home / "configs" / "zero.yaml"):
    try:
        savegame.load(path)
    except SaveError as exc:
        print("SAVE", exc)
    settings, message = load_settings(path)
    print("SETTINGS", settings.speed, message)
print("SCENARIO", run_scenario(home / "configs" / "stormy.yaml").failures)
"""
    out, _seconds = in_child(code, piratetable_home)
    lines = out.stdout.splitlines()
    assert len([line for line in lines if line.startswith("SAVE") and re.search(REFUSED, line)]) == 3, out.stdout
    assert len([line for line in lines if line.startswith("SETTINGS normal") and "not a regular file" in line]) == 3
    assert re.search("stormy.yaml:1:1: " + REFUSED, out.stdout), out.stdout


def test_the_cap_is_enforced_on_what_is_read_not_on_the_size_the_file_claims(tmp_path):
    from piratetable.fileio import FileRefused, read_bytes, read_text
    status = Path("/proc/self/status")
    if status.exists() and status.stat().st_size == 0:   # a file that says 0 bytes and holds a kilobyte
        with pytest.raises(FileRefused, match="too big") as err:
            read_bytes(status, 100)
        assert err.value.kind == "big"
        assert len(read_bytes(status, 100, head=True)) == 100
    path = tmp_path / "c.yaml"
    path.write_bytes(b"a: 1\r\nb: 2\r\n")
    assert read_text(path, 12) == "a: 1\nb: 2\n"
    with pytest.raises(FileRefused, match=r"c\.yaml: the file is too big \(more than 11 bytes\)"):
        read_text(path, 11)
    with pytest.raises(FileRefused, match="not a regular file .a folder"):
        read_bytes(tmp_path, 100)
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "missing.yaml", 100)


@pytest.mark.parametrize("text", ['{"volume": ' + "1" * 5000 + "}", "[" * 100_000 + "]" * 100_000])
def test_a_settings_file_with_a_huge_number_or_deep_nesting_gives_the_defaults(piratetable_home, text):
    from piratetable.ui.settings import Settings, load_last_setup, load_settings
    path = piratetable_home / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings() and str(path) in message and "not valid JSON" in message
    (piratetable_home / "last_setup.json").write_text(text, encoding="utf-8")
    assert load_last_setup() == {}


# --- text from files (issue 26): no control characters, every name bounded ---------------------------------------
ANSI = r'"\e[31mRED\e[0m\e]0;pwned\a"'


@pytest.mark.parametrize("game,old,new,key", [
    ("piratz", "title: Piratz", f"title: {ANSI}", "title"),
    ("piratz", "title: Piratz", r'title: "Pira\0tz"', "title"),
    ("piratz", "title: Piratz", r'title: "Pira\x9btz"', "title"),        # C1: CSI on some terminals
    ("piratz", "title: Piratz", r'title: "two\nlines"', "title"),
    ("piratz", "description: Reveal", r'description: "\e[2J"  # Reveal', "description"),
    ("petrangola", "name: Denari", f"name: {ANSI}", "deck.suits[0].name"),
    ("petrangola", "name: Denari", "name: " + "D" * 900_000, "deck.suits[0].name"),
    ("pirataki", 'name: "Blue"', r'name: "Bl\u0007ue"', "colours[0].name"),
    ("pirataki", 'name: "Blue"', 'name: "' + "B" * 61 + '"', "colours[0].name"),
    ("piraten_kapern", "name: Treasure Island", r'name: "Treasure\u001b]0;x\u0007"', "cards[0].name"),
    ("piraten_kapern", "name: Treasure Island", "name: " + "T" * 5000, "cards[0].name"),
])
def test_control_characters_and_long_names_are_refused_with_file_line_and_column(game, old, new, key):
    text = replace_line(shipped(game), old, new)
    with pytest.raises(ConfigError) as err:
        quick(lambda: load_config_text(text, f"{game}.yaml"))
    message = str(err.value)
    assert re.match(rf"{game}\.yaml:\d+:\d+: {re.escape(key)}: (holds|is [\d,]+ characters long)", message), message
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", message) and len(message) < 300


def test_a_description_may_hold_line_breaks_and_names_up_to_60_characters():
    text = replace_line(shipped("piratz"), "description: Reveal", r'description: "Two\n\tlines."  # Reveal')
    assert load_config_text(text, "p.yaml").description.startswith("Two\n\tlines.")
    text = replace_line(shipped("petrangola"), "name: Denari", "name: " + "D" * 60)
    assert load_config_text(text, "p.yaml").content.deck.suits[0].name == "D" * 60


@pytest.mark.parametrize("text,shown", [
    ("a: &k [1]\n? *k\n: 2\n", "not a list [1]"),
    ("a: &k {x: 1}\n? *k\n: 2\n", "not a mapping {'x': 1}"),
    ("? [1, 2]\n: 2\n", "not a list [1, 2]"),
])
def test_a_key_that_is_not_a_name_is_said_without_internals(text, shown):
    with pytest.raises(ConfigError) as err:
        load_config_text("game: piratz\n" + text, "k.yaml")
    assert re.match(r"k\.yaml:\d+:\d+: a key must be a plain name, " + re.escape(shown) + "$", str(err.value))


def test_a_value_of_the_wrong_kind_is_quoted_plainly():
    text = replace_line(shipped("piratz"), "rats_must_take: true", "rats_must_take: {a: [1, {b: 2}]}")
    with pytest.raises(ConfigError) as err:
        load_config_text(text, "p.yaml")
    assert "rules.rats_must_take: must be true or false, not a mapping {'a': [1, {'b': 2}]}" in str(err.value)
    assert "Node" not in str(err.value)
