"""Petrangola config validation: the shipped 40-card deck loads; impossible decks fail with file:line:column."""
from pathlib import Path

import pytest

from piratetable.config.loader import load_config_file, load_config_text
from piratetable.engine.errors import ConfigError

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = (ROOT / "configs" / "petrangola.yaml").read_text(encoding="utf-8")


def problems_of(text):
    with pytest.raises(ConfigError) as exc:
        load_config_text(text, "bad.yaml")
    return exc.value.problems


def line_of(text, fragment, nth=0):
    return [i for i, line in enumerate(text.splitlines(), 1) if fragment in line][nth]


def test_shipped_config_is_the_40_card_italian_deck_with_the_spec_defaults():
    cfg = load_config_file(ROOT / "configs" / "petrangola.yaml")
    deck = cfg.content.deck
    assert len(deck.cards) == 40 and len(set(deck.cards)) == 40
    assert [s.id for s in deck.suits] == ["D", "C", "S", "B"]
    assert [s.icon for s in deck.suits] == ["coins", "cups", "swords", "batons"]
    assert [r.id for r in deck.ranks] == ["A", "K", "H", "J", "7", "6", "5", "4", "3", "2"]
    assert [r.value for r in deck.ranks] == [11, 10, 10, 10, 7, 6, 5, 4, 3, 2]
    assert {"AD", "HS", "7C", "2B"} <= set(deck.cards)
    r = cfg.rules
    assert (r.knock_without_swap, r.run_low_wins, r.tokens, r.stake) == (True, True, 3, 1)
    assert (cfg.players_min, cfg.players_max) == (3, 12)


def test_a_duplicate_rank_is_an_error_at_its_line():
    text = SHIPPED.replace('{id: "6", name: Sei, value: 6}', '{id: "7", name: Sei, value: 6}')
    (problem,) = problems_of(text)
    assert problem.startswith(f"bad.yaml:{line_of(text, 'name: Sei')}:")
    assert "deck.ranks[5].id" in problem and "duplicate rank '7'" in problem


def test_a_duplicate_suit_is_an_error_at_its_line():
    text = SHIPPED.replace("{id: B, name: Bastoni", "{id: D, name: Bastoni")
    (problem,) = problems_of(text)
    assert problem.startswith(f"bad.yaml:{line_of(text, 'Bastoni')}:") and "duplicate suit 'D'" in problem


def test_an_unknown_suit_icon_is_an_error_naming_the_valid_icons():
    text = SHIPPED.replace("icon: swords", "icon: sword")
    (problem,) = problems_of(text)
    assert problem.startswith(f"bad.yaml:{line_of(text, 'icon: sword}')}:")
    assert "deck.suits[2].icon" in problem and "swords" in problem and "did you mean" in problem


def test_a_deck_too_small_for_the_maximum_players_is_an_error():
    # 3 suits x 10 ranks = 30 cards: 12 players need 3*12+3 = 39
    text = SHIPPED.replace("    - {id: B, name: Bastoni, icon: batons}\n", "")
    (problem,) = problems_of(text)
    assert problem.startswith(f"bad.yaml:{line_of(text, 'suits:')}:") or problem.startswith("bad.yaml:")
    assert "deck" in problem and "30 cards" in problem and "39" in problem


def test_a_smaller_deck_is_fine_when_players_max_is_lower():
    text = SHIPPED.replace("    - {id: B, name: Bastoni, icon: batons}\n", "").replace(
        "players: {min: 3, max: 12}", "players: {min: 3, max: 9}")
    cfg = load_config_text(text, "small.yaml")
    assert len(cfg.content.deck.cards) == 30


def test_card_ids_that_run_together_are_an_error():
    # rank A + suit KD and rank AK + suit D both make 'AKD'
    text = SHIPPED.replace("{id: C, name: Coppe", "{id: KD, name: Coppe").replace(
        '{id: "2", name: Due', '{id: AK, name: Due')
    (problem,) = problems_of(text)
    assert "'AKD' is made twice" in problem


def test_an_unknown_rule_option_is_an_error_with_a_suggestion():
    text = SHIPPED.replace("run_low_wins: true", "run_low_win: true")
    problems = problems_of(text)
    assert any("rules.run_low_win" in p and "did you mean" in p for p in problems)


def test_tokens_must_be_at_least_one_and_stake_not_negative():
    assert any("rules.tokens" in p for p in problems_of(SHIPPED.replace("tokens: 3 ", "tokens: 0 ")))
    assert any("rules.stake" in p for p in problems_of(SHIPPED.replace("stake: 1 ", "stake: -1 ")))


def test_a_rank_value_must_be_an_integer():
    text = SHIPPED.replace("value: 11}", "value: eleven}")
    (problem,) = problems_of(text)
    assert "deck.ranks[0].value" in problem and problem.startswith(f"bad.yaml:{line_of(text, 'eleven')}:")


def test_bot_parameters_are_validated():
    problems = problems_of(SHIPPED.replace("samples: 120", "samples: 1"))
    assert any("bots.normal.samples" in p for p in problems)


def test_the_config_is_built_into_the_schemas_frozen_content_classes():
    from piratetable.games.petrangola.schema import Deck, HardBotParams, PetrangolaContent, PetrangolaRules, Rank, Suit
    cfg = load_config_file(ROOT / "configs" / "petrangola.yaml")
    assert isinstance(cfg.rules, PetrangolaRules) and isinstance(cfg.content, PetrangolaContent)
    deck = cfg.content.deck
    assert isinstance(deck, Deck) and all(isinstance(s, Suit) for s in deck.suits)
    assert all(isinstance(r, Rank) for r in deck.ranks)
    assert isinstance(cfg.content.hard, HardBotParams)
    assert deck.rank("HC").name == "Cavallo" and deck.suit("HC").name == "Coppe"


def test_a_config_without_hard_bot_parameters_gets_the_defaults():
    from piratetable.games.petrangola.schema import HARD_DEFAULTS
    start = SHIPPED.index("  hard:")
    text = SHIPPED[:start]
    assert "rebuy_worth" not in text
    cfg = load_config_text(text, "old.yaml")
    hard = cfg.content.hard
    assert {k: getattr(hard, k) for k in HARD_DEFAULTS} == HARD_DEFAULTS
