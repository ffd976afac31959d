"""Picking items narrows the legal actions: set choices, pairs choices, instant choices, refusals with reasons."""
from piratetable.table.model import Box, Choice, Group, ScoreCard, Table
from piratetable.table.select import Selection


def table(*choices):
    groups = tuple({c.group: Group(c.group, c.group.title(), need=f"need {c.group}") for c in choices}.values())
    return Table("T", 0, Box("col", ()), ScoreCard("S", ()), choices=choices, groups=groups)


def test_a_set_choice_is_ready_only_when_exactly_its_picks_are_chosen():
    s = Selection(table(Choice("reroll 1 2", "reroll", "Re-roll 2", ("die:1", "die:2")),
                        Choice("reroll 1 2 3", "reroll", "Re-roll 3", ("die:1", "die:2", "die:3"))))
    assert s.ready("reroll") is None
    s.toggle("die:1")
    assert s.ready("reroll") is None
    s.toggle("die:2")
    assert s.ready("reroll").action == "reroll 1 2"
    s.toggle("die:3")
    assert s.ready("reroll").action == "reroll 1 2 3"
    s.toggle("die:3")
    assert s.ready("reroll").action == "reroll 1 2"


def test_a_pick_no_choice_uses_is_refused_with_the_items_own_reason():
    s = Selection(table(Choice("reroll 1 2", "reroll", "", ("die:1", "die:2"))))
    out = s.toggle("die:7", why="skulls are never re-rolled")
    assert out.refused and out.message == "skulls are never re-rolled" and s.empty


def test_a_choice_without_picks_is_always_ready_and_pressing_an_unready_group_says_what_is_needed():
    t = table(Choice("stop", "stop", "Stop"), Choice("reroll 1 2", "reroll", "", ("die:1", "die:2")))
    s = Selection(t)
    s.toggle("die:1")
    assert s.ready("stop").action == "stop"
    out = s.press(t.groups[1])
    assert out.action is None and out.message == "need reroll"


def test_an_instant_choice_plays_on_the_click_that_completes_it():
    s = Selection(table(Choice("take ring", "take", "", ("type:ring",), confirm=False),
                        Choice("take coin", "take", "", ("type:coin",), confirm=False)))
    assert s.toggle("type:coin").action == "take coin"


def test_an_instant_choice_waits_while_a_bigger_choice_could_still_be_picked():
    s = Selection(table(Choice("a", "g", "", ("x",), confirm=False), Choice("b", "g", "", ("x", "y"))))
    assert s.toggle("x").action is None
    assert s.ready("g").action == "a"


def test_pairs_are_made_of_one_item_of_each_side_in_either_order():
    swap2 = Choice("swap 7C AD 2B KS", "swap", "", ("hand:7C", "monte:AD", "hand:2B", "monte:KS"), "pairs")
    swap1 = Choice("swap 7C AD", "swap", "", ("hand:7C", "monte:AD"), "pairs")
    s = Selection(table(swap1, swap2))
    s.toggle("monte:AD")
    s.toggle("hand:7C")
    assert s.ready("swap").action == "swap 7C AD"
    s.toggle("hand:2B")
    assert s.ready("swap") is None          # a pick waits for its partner
    s.toggle("monte:KS")
    assert s.ready("swap").action == "swap 7C AD 2B KS"


def test_a_second_pick_of_the_same_side_replaces_the_waiting_one_and_a_pair_unpicks_as_a_whole():
    s = Selection(table(Choice("swap 7C AD", "swap", "", ("hand:7C", "monte:AD"), "pairs"),
                        Choice("swap 2B AD", "swap", "", ("hand:2B", "monte:AD"), "pairs")))
    s.toggle("hand:7C")
    s.toggle("hand:2B")
    assert s.pending == "hand:2B"
    s.toggle("monte:AD")
    assert s.ready("swap").action == "swap 2B AD"
    s.toggle("monte:AD")
    assert s.empty


def test_more_pairs_than_any_choice_allows_are_refused_with_the_limit():
    pairs = ("hand:a", "monte:x", "hand:b", "monte:y")
    s = Selection(table(Choice("two", "swap", "", pairs, "pairs")))
    for p in pairs:
        s.toggle(p)
    s.toggle("hand:c")
    out = s.toggle("monte:z")
    assert out.refused and "cannot be chosen" in out.message or "At most" in out.message


def test_previews_name_what_an_instant_choice_acts_on():
    s = Selection(table(Choice("take ring", "take", "", ("type:ring",), confirm=False, affects=("c1", "c2"))))
    assert s.previews("type:ring") == ("c1", "c2") and s.previews("type:coin") == ()
