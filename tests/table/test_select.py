"""Picking items narrows the legal actions: set choices, pairs choices, instant choices, refusals with reasons."""
from piratetable.table.model import Box, Choice, Group, Pick, ScoreCard, Table
from piratetable.table.select import Selection


def table(*choices):
    groups = tuple({c.group: Group(c.group, c.group.title(), need=f"need {c.group}") for c in choices}.values())
    return Table("T", 0, Box("col", ()), ScoreCard("S", ()), choices=choices, groups=groups)


def test_a_set_choice_is_ready_only_when_exactly_its_picks_are_chosen():
    one, two, three = Pick("die", 1), Pick("die", 2), Pick("die", 3)
    s = Selection(table(Choice("reroll 1 2", "reroll", "Re-roll 2", (one, two)),
                        Choice("reroll 1 2 3", "reroll", "Re-roll 3", (one, two, three))))
    assert s.ready("reroll") is None
    s.toggle(Pick("die", 1))
    assert s.ready("reroll") is None
    s.toggle(Pick("die", 2))
    assert s.ready("reroll").action == "reroll 1 2"
    s.toggle(Pick("die", 3))
    assert s.ready("reroll").action == "reroll 1 2 3"
    s.toggle(Pick("die", 3))
    assert s.ready("reroll").action == "reroll 1 2"


def test_a_pick_no_choice_uses_is_refused_with_the_items_own_reason():
    s = Selection(table(Choice("reroll 1 2", "reroll", "", (Pick("die", 1), Pick("die", 2)))))
    out = s.toggle(Pick("die", 7), why="skulls are never re-rolled")
    assert out.refused and out.message == "skulls are never re-rolled" and s.empty


def test_a_choice_without_picks_is_always_ready_and_pressing_an_unready_group_says_what_is_needed():
    t = table(Choice("stop", "stop", "Stop"), Choice("reroll 1 2", "reroll", "", (Pick("die", 1), Pick("die", 2))))
    s = Selection(t)
    s.toggle(Pick("die", 1))
    assert s.ready("stop").action == "stop"
    out = s.press(t.groups[1])
    assert out.action is None and out.message == "need reroll"


def test_an_instant_choice_plays_on_the_click_that_completes_it():
    s = Selection(table(Choice("take ring", "take", "", (Pick("type", "ring"),), confirm=False),
                        Choice("take coin", "take", "", (Pick("type", "coin"),), confirm=False)))
    assert s.toggle(Pick("type", "coin")).action == "take coin"


def test_an_instant_choice_waits_while_a_bigger_choice_could_still_be_picked():
    s = Selection(table(Choice("a", "g", "", (Pick("x"),), confirm=False),
                        Choice("b", "g", "", (Pick("x"), Pick("y")))))
    assert s.toggle(Pick("x")).action is None
    assert s.ready("g").action == "a"


def test_pairs_are_made_of_one_item_of_each_side_in_either_order():
    swap2 = Choice("swap 7C AD 2B KS", "swap", "",
                   (Pick("hand", "7C"), Pick("monte", "AD"), Pick("hand", "2B"), Pick("monte", "KS")), "pairs")
    swap1 = Choice("swap 7C AD", "swap", "", (Pick("hand", "7C"), Pick("monte", "AD")), "pairs")
    s = Selection(table(swap1, swap2))
    s.toggle(Pick("monte", "AD"))
    s.toggle(Pick("hand", "7C"))
    assert s.ready("swap").action == "swap 7C AD"
    s.toggle(Pick("hand", "2B"))
    assert s.ready("swap") is None          # a pick waits for its partner
    s.toggle(Pick("monte", "KS"))
    assert s.ready("swap").action == "swap 7C AD 2B KS"


def test_a_second_pick_of_the_same_side_replaces_the_waiting_one_and_a_pair_unpicks_as_a_whole():
    s = Selection(table(Choice("swap 7C AD", "swap", "", (Pick("hand", "7C"), Pick("monte", "AD")), "pairs"),
                        Choice("swap 2B AD", "swap", "", (Pick("hand", "2B"), Pick("monte", "AD")), "pairs")))
    s.toggle(Pick("hand", "7C"))
    s.toggle(Pick("hand", "2B"))
    assert s.pending == Pick("hand", "2B")
    s.toggle(Pick("monte", "AD"))
    assert s.ready("swap").action == "swap 2B AD"
    s.toggle(Pick("monte", "AD"))
    assert s.empty


def test_more_pairs_than_any_choice_allows_are_refused_with_the_limit():
    pairs = (Pick("hand", "a"), Pick("monte", "x"), Pick("hand", "b"), Pick("monte", "y"))
    s = Selection(table(Choice("two", "swap", "", pairs, "pairs")))
    for p in pairs:
        s.toggle(p)
    s.toggle(Pick("hand", "c"))
    out = s.toggle(Pick("monte", "z"))
    assert out.refused and "cannot be chosen" in out.message or "At most" in out.message


def test_previews_name_what_an_instant_choice_acts_on():
    s = Selection(table(Choice("take ring", "take", "", (Pick("type", "ring"),), confirm=False, affects=("c1", "c2"))))
    assert s.previews(Pick("type", "ring")) == ("c1", "c2") and s.previews(Pick("type", "coin")) == ()
