"""Each broken config under tests/configs/broken/ gives exactly its message: `file:line:column: key.path: …`."""
from pathlib import Path

import pytest

from piratetable.config.loader import load_config_file
from piratetable.engine.errors import ConfigError

FOLDER = Path(__file__).parent.parent / "configs" / "broken"

EXPECTED = [
    ('bad_players_range.yaml',
     '8:10: players.min: min (4) is above max (3)'),
    ('pg_bad_tokens.yaml',
     "13:11: rules.tokens: must be an integer, not a string 'zero'"),
    ('pk_duplicate_key.yaml',
     "12:3: duplicate key 'target' (first at line 11)"),
    ('pk_misspelt_option.yaml',
     "11:3: rules.targte: unknown key (did you mean 'target'?) (valid keys: target, guardian_saves_third_skull)"),
    ('pk_negative_count.yaml',
     '41:12: cards[1].count: must be at least 0, not -1'),
    ('pk_sexagesimal_target.yaml',
     "11:11: rules.target: must be an integer, not a string '1:30'"),
    ('pk_unknown_effect.yaml',
     "44:13: cards[1].effect: 'tripple' is not one of none, treasure_island, double, guardian, start_with, pool, skulls, sea_battle, peace, zombie, shipwreck"),
    ('pk_unknown_face.yaml',
     "15:26: dice.faces[2]: 'parot' is not one of skull, monkey, parrot, saber, coin, diamond (did you mean 'parrot'?)"),
    ('pk_yes_is_not_a_boolean.yaml',
     "12:31: rules.guardian_saves_third_skull: must be true or false, not a string 'yes'"),
    ('pt_bad_price_to.yaml',
     "11:13: rules.price_to: 'bank' is not one of seller, discard"),
    ('pz_unknown_option.yaml',
     "11:3: rules.open_colections: unknown key (did you mean 'open_collections'?) (valid keys: open_collections, rats_must_take)"),
    ('unknown_game.yaml',
     "3:7: game: unknown game 'piraten_kaper' (did you mean 'piraten_kapern'?) (registered: petrangola, pirataki, piraten_kapern, piratz)"),
]


def test_every_broken_config_has_an_expected_message():
    assert sorted(p.name for p in FOLDER.glob("*.yaml")) == sorted(name for name, _ in EXPECTED)


@pytest.mark.parametrize("name, message", EXPECTED, ids=[n for n, _ in EXPECTED])
def test_broken_config_gives_its_exact_message(name, message):
    with pytest.raises(ConfigError) as info:
        load_config_file(FOLDER / name)
    first = str(info.value).splitlines()[0]
    if "(registered: " in message:  # installed plug-ins join the list of registered games
        head, listed = message.split("(registered: ")
        got_head, got_listed = first.split("(registered: ")
        assert got_head == f"{FOLDER / name}:{head}"
        assert set(listed.rstrip(")").split(", ")) <= set(got_listed.rstrip(")").split(", "))
    else:
        assert first == f"{FOLDER / name}:{message}"
