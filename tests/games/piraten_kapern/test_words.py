"""Piraten Kapern told in words: log lines in the game's terms, score parts named."""
from .test_rules import start


def test_the_log_speaks_in_the_games_terms_and_a_stop_names_its_parts():
    game, state, chance = start(deck=["pirate", "gold"],
                                dice="monkey monkey parrot parrot diamond diamond coin coin".split())
    words = game.words()
    names = ["Ann", "Ben"]
    line = words.line(game.apply(state, "roll", chance), names)
    assert line == "Ann rolls monkey, monkey, parrot, parrot, diamond, diamond, coin, coin."
    line = words.line(game.apply(state, "stop", chance), names)
    assert "Ann stops." in line
    assert "Ann scores +800: 2 coins +200, 2 diamonds +200, doubled (Pirate) +400." in line
    assert "Card revealed: Gold coin (start with a coin)." in line


def test_every_log_line_of_random_games_names_faces_and_cards_not_ids():
    import random

    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    cfg = load_config("piraten_kapern")
    ids = [c.id for c in cfg.content.cards if "_" in c.id]   # ids that are no English word
    for seed in range(4):
        match = Match(cfg, [Seat("A", "random"), Seat("B", "random"), Seat("C", "random")], seed=seed)
        rng = random.Random(seed)
        while not match.over and len(match.history) < 300:
            legal = match.legal()
            match.play(legal[rng.randrange(len(legal))])
        for line in match.log(None):
            assert line and not any(cid in line for cid in ids), line
            assert "reroll " not in line and "{seat" not in line
