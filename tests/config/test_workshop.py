"""The Workshop's model (piratetable/config/workshop.py): fields from the validator's schema, a change validated at
once with the validator's message on the field it names, undo, what changed, and "Save as" keeping the designer's
comments and the order of the keys (PIRATETABLE_HOME is a fresh folder per test: conftest)."""
from __future__ import annotations

import pytest

from piratetable.config.loader import load_config, load_config_file, load_config_text, user_config_dir
from piratetable.config.workshop import SaveRefused, Workshop, fields_of, guess_indent, step_for

GAMES = ("piraten_kapern", "piratz", "pirataki", "petrangola")


@pytest.mark.parametrize("game", GAMES)
def test_the_fields_come_from_the_schema_with_its_ranges_and_choices(game):
    cfg = load_config(game)
    fields = {f.dotted: f for f in fields_of(game, cfg.data)}
    assert fields["players.min"].kind == "int" and fields["players.max"].kind == "int"
    lo, hi = load_config(game).players_min, load_config(game).players_max
    assert fields["players.min"].low <= lo and fields["players.max"].high >= hi
    for key, value in cfg.data["rules"].items():     # every option of the rules is a field of its own kind
        kind = {bool: "bool", int: "int", str: "choice"}[type(value)]
        assert fields[f"rules.{key}"].kind == kind
    assert not any(f.dotted.split(".")[0] in ("game", "title", "description") for f in fields.values())


def test_the_kinds_follow_the_schema():
    w = Workshop(load_config("piraten_kapern"))
    target = w.field("rules.target")
    assert (target.kind, target.low, target.high) == ("int", 1, 10_000_000)
    assert target.doc == "the score that starts the final round"
    assert w.field("rules.guardian_saves_third_skull").kind == "bool"
    pirate = w.field("cards.pirate.count")
    assert (pirate.kind, pirate.low, pirate.entry, pirate.where, pirate.is_count) == ("int", 0, "Pirate",
                                                                                       "cards[1].count", True)
    assert w.field("cards.gold.face").choices == ("skull", "monkey", "parrot", "saber", "coin", "diamond")
    assert w.field("bots.hard.tolerance").kind == "number"
    price_to = Workshop(load_config("pirataki")).field("rules.price_to")
    assert (price_to.kind, price_to.choices) == ("choice", ("seller", "discard"))


def test_steps_are_round_and_clamped_to_the_range():
    w = Workshop(load_config("piraten_kapern"))
    target, count = w.field("rules.target"), w.field("cards.pirate.count")
    assert step_for(target, 8000) == 100 and step_for(target, 500) == 10 and step_for(count, 4) == 1
    assert w.step(target, -1) and w.value(target) == 7900
    w.set(count, 0)
    assert not w.step(count, -1), "below the schema's minimum: no change, nothing on the undo stack"
    assert w.value(count) == 0 and len(w.edits) == 2
    w.set(target, 10**9)
    assert w.value(target) == 10_000_000


def test_a_change_is_validated_at_once_and_the_message_sits_on_its_field():
    w = Workshop(load_config("piraten_kapern"))
    low, high = w.field("players.min"), w.field("players.max")
    w.set(high, 3)
    assert w.valid and w.config is not None and w.config.players_max == 3
    w.set(low, 4)
    assert not w.valid and w.config is None
    assert w.problems_of(low) == ["min (4) is above max (3)"]
    assert w.problems_of(high) == [] and w.changes() == []
    w.undo()
    assert w.valid and w.problems == [] and w.value(low) == 2


def test_a_problem_of_the_whole_config_is_said_apart():
    w = Workshop(load_config("piraten_kapern"))
    for f in w.fields:
        if f.is_count:
            w.set(f, 0)
    problems = [(p.field, p.message) for p in w.problems]
    assert problems == [(None, "the deck has no cards (every count is 0)")]


def test_undo_takes_every_change_back_in_order_and_restores_the_text():
    cfg = load_config("piratz")
    w = Workshop(cfg)
    rats, ring = w.field("rules.rats_must_take"), w.field("cards.x-ring.count")
    w.step(rats, 1)
    w.set(ring, 3)                          # a key left to its default: written by the change …
    assert "count: 3" in w.text() and w.dirty
    assert w.undo().field == ring
    assert "count" not in w.text().split("x-ring")[1].split("\n")[0]   # … and taken out again by its undo
    assert w.undo().field == rats
    assert w.undo() is None and not w.dirty
    assert w.text() == cfg.text


def test_what_changed_is_the_diff_in_the_games_words():
    w = Workshop(load_config("piraten_kapern"))
    w.set(w.field("rules.target"), 5000)
    w.set(w.field("cards.pirate.count"), 6)
    assert [c.text for c in w.changes()] == [
        "option target (the score that starts the final round): 8000 → 5000",
        "card Pirate (pirate): 4 → 6 cards"]
    assert w.changed(w.field("rules.target")) and not w.changed(w.field("cards.guardian.count"))


COMMENTED = """\
# my own notes at the top
game: piraten_kapern
title: Stormy seas   # the name in New game
players: {min: 2, max: 5}
scoring:
    full_chest: 500     # a comment the designer wrote
    skull_island_loss: 100
    sets:
        - {size: 3, points: 100}    # small sets
        - {size: 4, points: 200}
rules:
    guardian_saves_third_skull: false
    target: 8000      # keep me
dice: {faces: [skull, monkey, parrot, saber, coin, diamond]}
cards:
    - id: pirate
      count: 4
      name: Pirate
      effect: double   # doubles
"""


def test_save_as_keeps_the_comments_and_the_order_and_writes_nothing_before(tmp_path):
    source = tmp_path / "mine.yaml"
    source.write_text(COMMENTED, encoding="utf-8")
    w = Workshop(load_config_file(source, "mine"))
    w.set(w.field("rules.target"), 5000)
    w.set(w.field("cards.pirate.count"), 6)
    assert not user_config_dir().exists() or not any(user_config_dir().iterdir()), "nothing written before Save"
    path = w.save_as("stormy")
    assert path == user_config_dir() / "piraten_kapern_stormy.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=schemas/piraten_kapern.schema.json\n")
    assert "# Your variant 'stormy' of Piraten Kapern" in text
    body = text[text.index("game: piraten_kapern"):]
    expected = COMMENTED[COMMENTED.index("game:"):].replace("target: 8000      # keep me", "target: 5000      # keep me") \
        .replace("count: 4", "count: 6")
    assert body == expected, "only the two values changed: every comment, key order and indent kept"
    saved = load_config_file(path, "user:stormy")
    assert saved.rules.target == 5000 and saved.content.card("pirate").count == 6
    assert (user_config_dir() / "schemas" / "piraten_kapern.schema.json").is_file()


def test_save_as_refuses_a_shipped_name_a_bad_name_an_invalid_config_and_asks_before_overwriting():
    w = Workshop(load_config("piraten_kapern"))
    with pytest.raises(SaveRefused) as refused:
        w.save_as("classic")
    assert refused.value.reason == "shipped"
    with pytest.raises(SaveRefused) as refused:
        w.save_as("Bad Name")
    assert refused.value.reason == "name"
    w.set(w.field("rules.target"), 5000)
    first = w.save_as("quick")
    w.set(w.field("rules.target"), 6000)
    with pytest.raises(SaveRefused) as refused:
        w.save_as("quick")
    assert refused.value.reason == "exists" and refused.value.path == first
    assert load_config_file(first).rules.target == 5000, "refused: the file is untouched"
    assert w.save_as("quick", overwrite=True) == first
    assert load_config_file(first).rules.target == 6000
    w.set(w.field("players.min"), 5)
    w.set(w.field("players.max"), 4)
    with pytest.raises(SaveRefused) as refused:
        w.save_as("broken")
    assert refused.value.reason == "invalid" and not (user_config_dir() / "piraten_kapern_broken.yaml").exists()


@pytest.mark.parametrize("game", GAMES)
def test_the_text_of_an_unchanged_config_is_its_own(game):
    """Nothing moves in a shipped config that is not changed (its comments, its indents, its flow style)."""
    cfg = load_config(game)
    w = Workshop(cfg)
    # (Pirataki's colours are aligned with spaces inside their braces, which a round trip cannot keep: the
    # values are the same)
    assert w.text() == cfg.text or load_config_text(w.text()).data == cfg.data


def test_indents_are_guessed_from_the_file():
    assert guess_indent("a:\n  b: 1\nc:\n  - x\n") == (2, 2)
    assert guess_indent("a:\n    b: 1\nc:\n- x\n") == (4, 0)
    assert guess_indent(COMMENTED) == (4, 4)


def test_saving_your_own_variant_again_keeps_its_header():
    w = Workshop(load_config("piraten_kapern"))
    path = w.save_as("mine")
    assert "made by the Workshop from default (Piraten Kapern)" in path.read_text(encoding="utf-8")
    own = Workshop(load_config_file(path, "user:mine"))
    own.set(own.field("rules.target"), 4000)
    before = path.read_text(encoding="utf-8")
    assert own.save_as("mine", overwrite=True) == path
    after = path.read_text(encoding="utf-8")
    assert after == before.replace("target: 8000", "target: 4000"), "only the value changed, the header kept"


def test_the_round_trip_reader_builds_no_python_object(tmp_path):
    """The Workshop reads a config with ruamel's round-trip loader (`workshop._yaml`): a Python tag is kept as the
    tagged data it is (plain lists and strings), never built or run."""
    from piratetable.config.workshop import _yaml
    marker = tmp_path / "ran"
    doc = _yaml().load(f"a: !!python/object/apply:pathlib.Path.touch [!!python/object/apply:pathlib.Path ['{marker}']]\n")
    assert not marker.exists()
    assert isinstance(doc["a"], list) and list(doc["a"]) == [[str(marker)]]
