"""The How-to-play guides as data (piratetable/table/guide.py, games/<id>/guide.py) and the rules texts players
read (games/<id>/rules.md): pages made from the config, its own numbers in every variant, never a card id or
notation, and no developer spec left in a rules.md."""
import re
from pathlib import Path

import pytest

from piratetable.config.loader import find_configs, load_config, load_config_text
from piratetable.engine.registry import BUILTIN, game_class
from piratetable.table.guide import BACK, CARD, DIE, ICON, Page, Picture, fallback_pages, pages_for
from tests.fakegame import RACE_CONFIG, Race

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(BUILTIN)


def game_of(game_id, variant=None, options=None):
    config = load_config(game_id, variant)
    if options:
        config = config.with_options(options)
    return game_class(game_id)(config)


def shipped():
    return [(e.config.game, e.config.variant) for e in find_configs(include_user=False) if e.config is not None
            and e.config.game in BUILTIN]


def text_of(pages) -> str:
    return "\n".join(w for page in pages for w in page.words)


def card_ids(game) -> set:
    if game.id == "piraten_kapern":
        return set(game.cards)
    if game.id == "piratz":
        return set(game.cards)
    if game.id == "pirataki":
        return set(game.all_cards)
    return set(game.deck.cards)


def test_every_shipped_config_has_a_guide_of_one_to_three_illustrated_pages():
    configs = shipped()
    assert {g for g, _v in configs} == set(GAMES)
    for game_id, variant in configs:
        game = game_of(game_id, variant)
        pages = pages_for(game)
        assert 1 <= len(pages) <= 3, (game_id, variant, len(pages))
        for page in pages:
            assert isinstance(page, Page) and page.title and page.paragraphs, (game_id, page.title)
            assert page.pictures, f"{game_id}: page {page.title!r} has no picture"
            for pic in page.pictures:
                assert isinstance(pic, Picture) and pic.items and pic.title, (game_id, pic)


def test_pictures_name_only_things_the_game_has():
    for game_id, variant in shipped():
        game = game_of(game_id, variant)
        ids = card_ids(game)
        faces = set(getattr(getattr(game, "content", None), "faces", ()) or ())
        for page in pages_for(game):
            for pic in page.pictures:
                if pic.kind == CARD:
                    assert set(pic.items) <= ids, (game_id, pic.items)
                elif pic.kind == DIE:
                    assert set(pic.items) <= faces, (game_id, pic.items)
                elif pic.kind == BACK:
                    assert all(item == "" for item in pic.items)
                else:
                    assert pic.kind == ICON and all(isinstance(i, str) and i for i in pic.items)


def test_every_card_type_of_piraten_kapern_is_shown_with_its_count():
    for variant in (None, "classic"):
        game = game_of("piraten_kapern", variant)
        pages = pages_for(game)
        shown = [cid for page in pages for pic in page.pictures if pic.kind == CARD for cid in pic.items]
        in_deck = [c.id for c in game.content.cards if c.count]
        assert sorted(shown) == sorted(in_deck)
        total = sum(c.count for c in game.content.cards)
        assert f"The deck holds {total} pirate cards" in text_of(pages)


def test_piraten_kapern_shows_its_own_target_and_card_counts():
    assert "8000" in text_of(pages_for(game_of("piraten_kapern")))
    classic = text_of(pages_for(game_of("piraten_kapern", "classic")))
    assert "6000" in classic and "8000" not in classic
    assert "Peace" not in classic and "Zombie" not in classic
    other = text_of(pages_for(game_of("piraten_kapern", options={"target": 4500})))
    assert "**4500 points**" in other and "8000" not in other
    config = load_config("piraten_kapern")
    text = config.text.replace("  - id: treasure_island\n    count: 4", "  - id: treasure_island\n    count: 7")
    assert text != config.text
    game = game_class("piraten_kapern")(load_config_text(text, config.path))
    words = text_of(pages_for(game))
    assert "Treasure Island ×7" in words and "The deck holds 44 pirate cards" in words


def test_piraten_kapern_scoring_comes_from_the_config():
    config = load_config("piraten_kapern")
    text = config.text.replace("{size: 3, points: 100}", "{size: 3, points: 150}").replace(
        "full_chest: 500", "full_chest: 750")
    game = game_class("piraten_kapern")(load_config_text(text, config.path))
    words = text_of(pages_for(game))
    assert "3\u00a0=\u00a0150" in words and "750 more" in words
    assert "150 points: a set" in words            # the example roll, scored by the game's scorer


def test_pirataki_shows_its_own_ship_price_and_counts():
    words = text_of(pages_for(game_of("pirataki")))
    assert "pay 3 gold" in words and "Gold ×20" in words and "Pirate ×8" in words and "Cannon ×3" in words
    cheap = text_of(pages_for(game_of("pirataki", options={"ship_price": 2})))
    assert "pay 2 gold" in cheap and "pay 3 gold" not in cheap and "2 buy a ship part" in cheap
    discard = text_of(pages_for(game_of("pirataki", options={"price_to": "discard"})))
    assert "discard 3 gold" in discard
    kept = text_of(pages_for(game_of("pirataki", options={"free_empty_colour": False})))
    assert "keeps its colour" in kept


def test_petrangola_shows_its_own_tokens_stake_and_options():
    words = text_of(pages_for(game_of("petrangola")))
    assert "starts with 3 tokens" in words and "1 chip each" in words and "Asso 11" in words
    other = pages_for(game_of("petrangola", options={"tokens": 5, "stake": 0, "knock_without_swap": False,
                                                    "run_low_wins": False}))
    text = text_of(other)
    assert "starts with 5 tokens" in text and "chip" not in text and "pot" not in text
    assert "knock** without swapping" not in text and "the higher rank wins" in text
    kinds = [pic.title for pic in other[1].pictures]
    assert kinds == ["Petrangolone", "Sequence", "Run", "Points"]


def test_piratz_shows_its_own_cubes_and_rule_options():
    words = text_of(pages_for(game_of("piratz")))
    assert "3 of each, worth 4, 3, 2 or 1 points" in words and "16 in the deck" in words
    assert "6 cards are left out" in words
    config = load_config("piratz")
    text = config.text.replace("cubes: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]",
                               "cubes: [2, 2, 2, 3, 3, 3, 5, 5, 5, 8, 8, 8]")
    assert text != config.text
    game = game_class("piratz")(load_config_text(text, config.path))
    assert "worth 8, 5, 3 or 2 points" in text_of(pages_for(game))
    refuse = text_of(pages_for(game_of("piratz", options={"rats_must_take": False})))
    assert "or none" in refuse


NOTATION = [
    re.compile(r"`"),                              # backticked notation or ids
    re.compile(r"\[decision", re.I),
    re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),          # snake_case: option names, phases, card ids
    re.compile(r"\b(reroll|swapall|guardian \d|island \d|rat none|lose [a-z]+-\d)"),   # action notation
]


def test_no_page_text_shows_a_card_id_or_notation():
    for game_id, variant in shipped():
        game = game_of(game_id, variant)
        words = text_of(pages_for(game))
        for pattern in NOTATION:
            assert not pattern.search(words), f"{game_id}: {pattern.pattern!r} in {pattern.search(words).group(0)!r}"
        for cid in card_ids(game):
            plain_word = re.fullmatch(r"[a-z]+", cid) is not None    # "pirate", "gold": also plain words
            if plain_word:
                continue
            assert not re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w-])", words), f"{game_id}: card id {cid!r}"


def test_a_game_without_a_guide_gets_one_page_from_its_config(monkeypatch):
    from piratetable.engine import registry
    monkeypatch.setitem(registry._cache, "race", Race)
    game = Race(load_config_text(RACE_CONFIG.replace("title: Race", "title: Race\ndescription: Roll to 10."),
                                 "race.yaml"))
    pages = fallback_pages(game)
    assert pages_for(game) == pages
    assert len(pages) == 1 and pages[0].title == "Race"
    assert "Roll to 10." in pages[0].paragraphs and "For 2 to 4 players." in pages[0].paragraphs


def test_a_picture_needs_a_known_kind_and_an_item():
    with pytest.raises(ValueError):
        Picture("sticker", ("x",))
    with pytest.raises(ValueError):
        Picture(CARD, ())


# --- the rules players read ----------------------------------------------------------------------------------
DEV_SPEC = [re.compile(r"\[decision", re.I), re.compile(r"Source:"), re.compile(r"`"),
            re.compile(r"snapshot", re.I), re.compile(r"scenario", re.I),
            re.compile(r"\d{3}_[0-9a-f]{16}"), re.compile(r"\.\./shared|/work/")]


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_md_is_written_for_players(game_id):
    text = (ROOT / "piratetable" / "games" / game_id / "rules.md").read_text(encoding="utf-8")
    for pattern in DEV_SPEC:
        found = pattern.search(text)
        assert found is None, f"{game_id}/rules.md: {found.group(0)!r}"
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), "an option or phase name in the rules players read"
    for line in text.splitlines():     # a table narrow enough for the Rules screen at 960 px
        if line.startswith("|"):
            assert len(line) <= 100, f"{game_id}/rules.md: a wide table row: {line}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_developer_spec_lives_in_docs_rules_and_points_nowhere_outside(game_id):
    spec = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    assert "## Notation" in spec and "## State snapshot" in spec and "## Options" in spec
    assert "(our decision" in spec and "[decision" not in spec
    assert not re.search(r"\d{3}_[0-9a-f]{16}|\.\./shared|/work/|seed `", spec)
    doc = (ROOT / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
    assert f"(../rules/{game_id}.md)" in doc


def test_petrangola_works_examples_from_its_rules():
    """The rules' points a first game stumbles on, shown with cards: Fante-7-6 of one suit is a sequence, the lower
    run beats the higher (the higher with the variant), points count in one suit, keeping the widow is a knock."""
    game = game_of("petrangola")
    page = pages_for(game)[2]
    by_title = {pic.title: pic for pic in page.pictures}
    assert by_title["Sequence to the Fante"].items == ("JC", "7C", "6C")
    assert by_title["Run of Due"].text == "beats a run of Re: the lower run wins"
    assert by_title["Points 18"].items == ("AD", "7D", "2C")         # the rules' example 1
    assert by_title["Points 10"].text == "three suits: one card counts; it loses to 18 points"
    assert "The widow kept" in by_title and "**Keeping the widow is a knock.**" in " ".join(page.paragraphs)
    high = pages_for(game_of("petrangola", options={"run_low_wins": False}))[2]
    assert {pic.title: pic.text for pic in high.pictures}["Run of Re"] == "beats a run of Due: the higher run wins"
