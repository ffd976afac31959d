"""Piraten Kapern's table, built from a seat's view: what can be picked, what each button plays, what it says."""
from piratetable.table.model import DiceArea, Info, Pick
from piratetable.table.select import Selection
from piratetable.table.standard import SeatInfo

from .test_rules import play, start

SEATS = [SeatInfo("Ann"), SeatInfo("Ben", "normal")]


def table_of(game, state, seat=0):
    legal = game.legal_actions(state) if game.current_player(state) == seat else []
    return game.table(game.view(state, seat), legal, SEATS)


def info(t, id_):
    return next(e for e in t.elements() if isinstance(e, Info) and e.id == id_)


def test_before_the_first_roll_only_roll_is_offered_and_dice_say_why():
    game, state, chance = start()
    t = table_of(game, state)
    assert [g.id for g in t.groups] == ["roll"] and t.groups[0].key == "space"
    assert all(d.pick is None and d.face is None for d in t.tray("dice").dice)
    assert "Roll first" in t.tray("dice").dice[0].why


def test_after_a_roll_skulls_cannot_be_picked_and_a_reroll_needs_its_exact_dice():
    game, state, chance = start(deck=["pirate"], dice="skull monkey monkey parrot parrot coin coin diamond".split())
    play(game, state, chance, "roll")
    t = table_of(game, state)
    dice = t.tray("dice").dice
    assert dice[0].pick is None and "never re-rolled" in dice[0].why and dice[0].state == "locked"
    s = Selection(t)
    assert s.toggle(dice[0].pick or Pick("die", 1), dice[0].why).refused
    s.toggle(Pick("die", 2))
    assert s.ready("reroll") is None
    s.toggle(Pick("die", 3))
    choice = s.ready("reroll")
    assert str(choice.action) == "reroll 2 3" and choice.label == "Re-roll 2 chosen"
    assert s.ready("stop").label == f"Stop: score +{game.trip_points(state)}"


def test_the_trip_panel_says_what_a_stop_scores_and_why():
    game, state, chance = start(deck=["pirate"], dice="monkey monkey parrot parrot diamond diamond coin coin".split())
    play(game, state, chance, "roll")
    panel = info(table_of(game, state), "trip")
    assert panel.big == "Stop now: +800" and panel.tone == "good"
    assert panel.lines[0] == "2 coins +200 · 2 diamonds +200 · doubled (Pirate) +400"


def test_the_island_button_plays_the_set_with_the_chosen_dice_toggled():
    game, state, chance = start(deck=["treasure_island"],
                                dice="monkey monkey monkey parrot parrot coin coin diamond".split())
    play(game, state, chance, "roll")
    play(game, state, chance, "island 1 2")
    t = table_of(game, state)
    area = next(e for e in t.elements() if isinstance(e, DiceArea))
    assert area.positions == (1, 2) and t.tray("dice").dice[0].state == "away"
    s = Selection(t)
    s.toggle(Pick("die", 2))
    s.toggle(Pick("die", 6))
    assert str(s.ready("island").action) == "island 1 6"


def test_on_skull_island_the_others_pending_loss_shows_while_it_runs():
    game, state, chance = start(players=3, deck=["skull_2"],
                                dice="skull skull monkey monkey parrot coin coin diamond".split())
    play(game, state, chance, "roll")
    t = table_of(game, state)
    assert info(t, "trip").big == "Skull Island: each other player loses 400"
    area = next(e for e in t.elements() if isinstance(e, DiceArea))
    assert area.tone == "dark" and area.positions == (1, 2)


def test_a_seat_that_is_not_to_play_gets_no_choices_and_no_hint():
    game, state, chance = start()
    t = table_of(game, state, seat=1)
    assert t.choices == () and t.groups == () and t.hint == ""
    assert [r.marker for r in t.score.rows] == ["turn", ""]


def test_the_cards_coin_and_skulls_lie_in_the_tray_as_tokens_after_the_dice():
    game, state, chance = start(deck=["gold"], dice="monkey monkey parrot parrot diamond diamond coin saber".split())
    tray = table_of(game, state).tray("dice")
    assert [(t.face, t.label) for t in tray.tokens] == [("coin", "card")]   # before the first roll too
    assert "never rolled" in tray.tokens[0].why and len(tray.dice) == 8
    game, state, chance = start(deck=["skull_2"], dice="monkey monkey parrot parrot diamond diamond coin saber".split())
    assert [t.face for t in table_of(game, state).tray("dice").tokens] == ["skull", "skull"]
    game, state, chance = start(deck=["pirate"], dice="monkey monkey parrot parrot diamond diamond coin saber".split())
    assert table_of(game, state).tray("dice").tokens == ()
