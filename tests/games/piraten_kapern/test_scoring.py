"""Scoring a trip: every score change carries parts that add up to it."""
from .test_rules import start


def test_a_stop_emits_a_score_change_whose_parts_add_up_and_then_the_end_of_the_trip():
    from piratetable.engine.events import ScoreChanged, StageEnded
    game, state, chance = start(deck=["ship_3"], dice="monkey monkey monkey saber saber saber saber skull".split())
    game.apply(state, "roll", chance)
    events = game.apply(state, "stop", chance)
    change = next(e for e in events if isinstance(e, ScoreChanged))
    assert (change.seat, change.delta, change.total) == (0, 800, 800)
    assert sum(p.points for p in change.parts) == 800
    assert [p.kind for p in change.parts] == ["set", "set", "battle_won"]
    ended = next(e for e in events if isinstance(e, StageEnded))
    assert (ended.kind, ended.seat, ended.outcome) == ("trip", 0, "stopped")
    assert events.index(change) < events.index(ended)


def test_the_parts_of_every_stop_add_up_to_its_points_for_every_card_and_every_roll():
    import itertools
    game, _, _ = start()
    faces = game.faces
    for card in game.content.cards:
        scorer = game.scorers[card.id]
        for dice in itertools.combinations_with_replacement(faces, 8):
            counts = scorer.counts(dice)
            assert sum(p.points for p in scorer.stop_parts(counts)) == scorer.stop_points(counts), (card.id, dice)
