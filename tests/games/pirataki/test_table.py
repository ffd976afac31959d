"""Pirataki's table, built from a seat's view: the zones the events name, what can be picked and why not, what
each button plays and says, the odds, the seat panels, and that nothing is said with card ids."""
import random
import re

from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.events import CardsMoved, PileShuffled
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.table import PilePayload, ShipPayload
from piratetable.table.model import CardView, Group, Pick, SeatArea, Zone
from piratetable.table.select import Selection
from piratetable.table.standard import SeatInfo

from .helpers import GAME, state_with

SEATS = [SeatInfo("Ann"), SeatInfo("Ben", "normal"), SeatInfo("Cleo", "easy"), SeatInfo("Dan", "hard")]
CARD_ID = re.compile(r"\b(blue|yellow|red|green|gold|pirate|cannon)-\d+\b")


def table_of(game, state, seat=0, seats=SEATS):
    legal = game.legal_actions(state) if game.current_player(state) == seat else []
    return game.table(game.view(state, seat), legal, seats[:state.ctx.players])


def rigged(rig, actions, players=2, game=GAME):
    chance = Chance(0, {"deck": list(rig)})
    state = game.start(players, chance)
    for text in actions:
        game.apply(state, text, chance)
    return state, chance


def card(t, key) -> CardView:
    for e in t.elements():
        if isinstance(e, Zone):
            for cv in e.cards:
                if cv.key == key:
                    return cv
    raise AssertionError(f"no card {key}")


def group(t, gid) -> Group:
    return next(g for g in t.groups if g.id == gid)


def texts(t):
    """Every string a player can read on the table."""
    out = [t.title, t.subtitle, t.hint, t.status, t.score.title, t.score.banner]
    for row in t.score.rows:
        out += [row.name, row.total, row.sub, *row.tags]
    for area in t.seats:
        out += [area.title, area.sub]
    for e in t.elements():
        for name in ("title", "note", "empty", "tooltip", "heading", "big"):
            out.append(getattr(e, name, ""))
        if isinstance(e, Zone):
            for cv in e.cards:
                out += [cv.caption, cv.why, cv.tooltip]
            if isinstance(e.payload, ShipPayload):
                out += [text for _n, text in e.payload.missing]
    for c in t.choices:
        out.append(c.label)
    for g in t.groups:
        out += [g.label, g.need, g.tooltip]
    return [s for s in out if s]


# --- the zones ------------------------------------------------------------------------------------------------
def test_every_zone_the_events_name_is_on_the_table_of_every_seat_in_random_games():
    rng = random.Random(4)
    for players in (2, 3, 4):
        chance = Chance(players)
        state = GAME.start(players, chance)
        for _ in range(300):
            if GAME.is_over(state):
                break
            legal = GAME.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            tables = [table_of(GAME, state, s) for s in range(players)]
            events = GAME.apply(state, action, chance)
            for e in events:
                if isinstance(e, (CardsMoved, PileShuffled)):
                    for t in tables:
                        assert t.zone(e.src) is not None and t.zone(e.dst) is not None, (e, action)


def test_the_cards_of_ships_and_reserves_are_keyed_by_their_ids_and_the_pirate_waits_in_its_zone():
    state, _ = rigged(["red-1", "gold-1", "gold-2", "blue-2", "pirate-1"], ["draw"] * 5)
    t = table_of(GAME, state)
    assert [cv.key for cv in t.zone("ship:0").cards] == ["red-1"]
    assert [cv.key for cv in t.zone("reserve:0").cards] == ["gold-1", "gold-2", "blue-2"]
    drawn = t.zone("pirate")
    assert drawn.cards[-1].key == "pirate-1" and drawn.cards[-1].caption == "Pirate!"
    assert [cv.key for cv in drawn.cards[:-1]] == ["drawn/red-1", "drawn/gold-1", "drawn/gold-2", "drawn/blue-2"]
    assert drawn.title == "Ann drew 5 cards"


def test_the_deck_shows_its_count_never_its_next_card_and_its_contents_in_words():
    state, _ = rigged(["green-3", "gold-1"], ["draw"])
    for seat in (0, 1):
        deck = table_of(GAME, state, seat).zone("deck")
        assert deck.cards == () and deck.count == len(state.deck) == 54
        assert deck.tooltip.startswith("In the deck:\n") and "green parts 1, 2, 4, 5 and 6, 20 gold" in deck.tooltip
        shown = {cv.card for e in table_of(GAME, state, seat).elements() if isinstance(e, Zone) for cv in e.cards}
        assert shown == {"green-3"}   # gold-1, the next card, shows nowhere


def test_the_odds_count_the_deck_and_then_the_discard_pile_that_will_be_reshuffled():
    state = state_with(GAME, ships=[["red-1"], []], colors=["red", None])
    odds = table_of(GAME, state).zone("odds")
    n = len(state.deck)
    assert odds.title == "In the deck" and odds.note == f"Pirate odds 8/{n} ({round(800 / n)}%)"
    assert dict(odds.payload.counts)["pirate"] == 8 and "8 pirates" in odds.tooltip
    state.discard, state.deck = state.deck[:10], []
    odds = table_of(GAME, state).zone("odds")
    pirates = sum(1 for c in state.discard if c.startswith("pirate"))
    assert odds.title == "Next: the discard pile, reshuffled"
    assert odds.note == f"Pirate odds {pirates}/10 ({round(100 * pirates / 10)}%)"


# --- the seats ------------------------------------------------------------------------------------------------
def test_one_panel_per_seat_with_its_name_colour_emblem_and_colour_name():
    state = state_with(GAME, players=3, colors=["red", None, "blue"], ships=[["red-1"], [], ["blue-2", "blue-5"]],
                       reserves=[["gold-1"], [], []])
    t = table_of(GAME, state)
    assert t.seat_style == "panels" and [a.seat for a in t.seats] == [0, 1, 2]
    ann, ben, cleo = t.seats
    assert isinstance(ann, SeatArea) and ann.title == "Ann (you)" and ann.tone == "turn"
    assert ann.emblem == "emblem:red" and ann.sub.startswith("Red ship")
    assert ben.emblem == "emblem:" and ben.sub == "no colour yet"
    assert cleo.sub == "Blue ship"
    ship = t.zone("ship:1")
    assert ship.payload.free == ("yellow", "green") and ship.payload.colour == ""
    missing = dict(t.zone("ship:2").payload.missing)
    assert sorted(missing) == [1, 3, 4, 6] and missing[1] == "Blue part 1 is missing: it lies in the deck."
    row = t.score.rows[0]
    assert row.tags == ("to play", "Red", "1 gold") and row.total == "1"


def test_a_winner_is_marked_and_the_table_says_the_game_is_over():
    state, _ = rigged(["red-1", "red-2", "red-3", "red-4", "red-5", "red-6"], ["draw"] * 6)
    assert GAME.is_over(state)
    t = table_of(GAME, state)
    assert t.seats[0].tone == "winner" and t.seats[0].marks == ("winner",)
    assert t.score.banner == "Game over" and t.choices == () and t.hint == ""
    assert t.zone("deck").payload == PilePayload("The game is over.")


# --- drawing, stopping, passing -------------------------------------------------------------------------------
def test_a_click_on_the_deck_draws_at_once_and_d_draws_too():
    state = GAME.start(2, Chance(0))
    t = table_of(GAME, state)
    assert [g.id for g in t.groups] == ["draw"] and group(t, "draw").key == "d"
    assert t.zone("deck").pick == Pick("deck")
    assert Selection(t).toggle(Pick("deck")).action == Action("draw")
    assert Selection(t).press(group(t, "draw")).action == Action("draw")
    assert t.hint.startswith("Draw a card (D). Pirate odds 8/55")


def test_after_a_draw_stop_says_how_many_were_drawn():
    state, _ = rigged(["gold-1", "gold-2"], ["draw", "draw"])
    t = table_of(GAME, state)
    assert [g.id for g in t.groups] == ["draw", "stop"]
    assert group(t, "draw").label == "Draw again" and group(t, "stop").label == "Stop (2 drawn)"
    assert Selection(t).press(group(t, "stop")).action == Action("stop")


def test_with_both_piles_empty_the_deck_says_why_and_p_passes():
    state = state_with(GAME)
    state.deck = []
    t = table_of(GAME, state)
    assert [g.id for g in t.groups] == ["pass"] and group(t, "pass").key == "p"
    assert t.zone("deck").pick is None
    assert t.zone("deck").payload.why.startswith("The deck and the discard pile are both empty")


# --- buying -----------------------------------------------------------------------------------------------------
def buy_state():
    """Ann builds red and holds gold-1, gold-2, gold-3; Ben holds red-4 and gold-4 in his reserve."""
    return state_with(GAME, colors=["red", "green"], ships=[["red-1"], ["green-1"]],
                      reserves=[["gold-1", "gold-2", "gold-3", "gold-9"], ["red-4", "gold-4", "blue-2"]])


def test_a_click_on_a_part_of_my_colour_in_an_opponents_reserve_buys_it_at_once():
    t = table_of(GAME, buy_state())
    cv = card(t, "red-4")
    assert cv.pick == Pick("card", "red-4") and cv.badges == ("buy",) and cv.tooltip == "Buy red part 4 for 3 gold"
    s = Selection(t)
    assert s.previews(Pick("card", "red-4")) == ("gold-1", "gold-2", "gold-3")
    assert s.toggle(Pick("card", "red-4")).action == Action.of("buy", "red-4")
    b = group(t, "buy")
    assert b.label == "Buy red part 4 for 3 gold" and b.key == "b"
    assert Selection(t).press(b).action == Action.of("buy", "red-4")
    assert t.hint.startswith("Draw a card (D), or buy: click a card of your colour")


def test_with_several_parts_to_buy_b_asks_for_a_click():
    state = buy_state()
    state.reserves[1].append("red-5")
    t = table_of(GAME, state)
    b = group(t, "buy")
    assert b.label == "Buy: click a card (2 can be bought)"
    out = Selection(t).press(b)
    assert out.refused and out.action is None and "Click a card of your colour" in out.message
    assert Selection(t).toggle(Pick("card", "red-5")).action == Action.of("buy", "red-5")


def test_a_card_i_cannot_buy_says_why_in_the_games_words():
    state = buy_state()
    t = table_of(GAME, state)
    assert card(t, "blue-2").pick is None
    assert card(t, "blue-2").why == "Blue part 2 is not of your colour (red): you can buy only parts of your own ship."
    assert card(t, "gold-4").why == "Only ship parts can be bought: click a red part in an opponent's reserve."
    assert card(t, "green-1").why.startswith("Cards in a ship stay there")
    assert card(t, "gold-1").why == "Your cards are chosen only to pay a pirate."
    state.reserves[0] = ["gold-1"]
    assert card(table_of(GAME, state), "red-4").why == "A ship card costs 3 gold and you hold 1."
    state.colors[0], state.ships[0] = None, []
    assert card(table_of(GAME, state), "red-4").why == \
        "You have no colour yet: only a player building a ship can buy."


def test_a_seat_that_is_not_to_play_gets_no_choices_and_every_click_says_wait():
    t = table_of(GAME, buy_state(), seat=1)
    assert t.choices == () and t.groups == () and t.hint == "" and t.select_all == ()
    assert card(t, "red-4").pick is None and card(t, "gold-1").why == "Wait for your turn."
    assert t.zone("deck").pick is None and t.zone("deck").payload.why == "Wait for your turn."


# --- paying a pirate ------------------------------------------------------------------------------------------
def pirate_state(cannon=False):
    """Ann builds red (red-1), holds gold-1, gold-2, blue-2 (and cannon-1), and has drawn a pirate."""
    rig = ["red-1", "gold-1", "gold-2", "blue-2"] + (["cannon-1"] if cannon else []) + ["pirate-1"]
    state, _ = rigged(rig, ["draw"] * len(rig))
    assert state.ctx.phase == "pirate"
    return state


def test_three_chosen_cards_make_the_payment_ready_a_second_click_unchooses_a_fourth_is_refused():
    t = table_of(GAME, pirate_state())
    lose = group(t, "lose")
    assert lose.key == "return" and lose.label == "Give up the 3 chosen"
    s = Selection(t)
    assert s.press(lose).refused and "Choose 3 of your cards" in s.press(lose).message
    for c in ("red-1", "gold-1", "blue-2"):
        assert card(t, c).pick == Pick("card", c)
        assert not s.toggle(card(t, c).pick).refused
    assert s.ready("lose").action == Action("lose", ("blue-2", "red-1", "gold-1"))
    out = s.toggle(Pick("card", "gold-2"), card(t, "gold-2").why)
    assert out.refused and out.message == "3 cards are chosen already: click one again to unchoose it."
    s.toggle(Pick("card", "red-1"))
    assert s.ready("lose") is None
    s.toggle(Pick("card", "gold-2"))
    assert s.press(lose).action == Action("lose", ("blue-2", "gold-1", "gold-2"))


def test_the_suggestion_picks_gold_first_and_the_cheapest_button_plays_it():
    t = table_of(GAME, pirate_state())
    assert t.select_all == (Pick("card", "gold-1"), Pick("card", "gold-2"), Pick("card", "blue-2"))
    s = Selection(t)
    s.pick_all()
    assert s.ready("lose").action == Action("lose", ("blue-2", "gold-1", "gold-2"))
    cheapest = group(t, "cheapest")
    assert Selection(t).press(cheapest).action == Action("lose", ("blue-2", "gold-1", "gold-2"))
    assert cheapest.tooltip.startswith("Blue part 2 and 2 gold: gold first")
    assert "A pirate! Click 3 of your cards to give up, then Enter" in t.hint


def test_the_cannon_button_and_the_hint_offer_a_cannon_when_there_is_one():
    t = table_of(GAME, pirate_state(cannon=True))
    assert [g.id for g in t.groups] == ["lose", "cannon", "cheapest"]
    assert group(t, "cannon").key == "c" and Selection(t).press(group(t, "cannon")).action == Action("cannon")
    assert t.hint == "A pirate! Click 3 cards to give up and Enter (A: the cheapest), or C: a cannon."
    # the suggestion spares the cannon and the ship: gold, then the spare blue part
    assert t.select_all == (Pick("card", "gold-1"), Pick("card", "gold-2"), Pick("card", "blue-2"))


def test_during_a_pirate_the_deck_and_the_other_seats_cards_say_what_to_do():
    state = pirate_state()
    state.reserves[1] = ["gold-7"]
    t = table_of(GAME, state)
    assert t.zone("deck").pick is None
    assert t.zone("deck").payload.why.startswith("Pay the pirate first")
    assert card(t, "gold-7").pick is None and card(t, "gold-7").why.startswith("The pirate takes your own cards")
    assert t.zone("reserve:0").payload.need == 3 and t.zone("reserve:1").payload.need == 0


# --- words ---------------------------------------------------------------------------------------------------------
def test_no_text_on_any_table_names_a_card_by_its_id_in_random_games():
    rng = random.Random(9)
    for players in (2, 4):
        chance = Chance(players + 10)
        state = GAME.start(players, chance)
        for _ in range(200):
            if GAME.is_over(state):
                break
            for seat in range(players):
                for text in texts(table_of(GAME, state, seat)):
                    assert not CARD_ID.search(text), text
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.randrange(len(legal))], chance)


def test_a_renamed_colour_is_shown_by_its_new_name_everywhere():
    text = re.sub(r'(id: red, +name: )"[^"]*"', r'\1"Crimson"', load_config("pirataki").text)
    game = game_class("pirataki")(load_config_text(text, "renamed.yaml"))
    state = buy_state()
    t = table_of(game, state)
    assert t.seats[0].sub.startswith("Crimson ship") and t.score.rows[0].tags[1] == "Crimson"
    assert card(t, "red-4").tooltip == "Buy crimson part 4 for 3 gold"
    assert card(t, "blue-2").why.endswith("is not of your colour (crimson): you can buy only parts of your own ship.")
    assert not any("red" in s.lower() for s in texts(t)), [s for s in texts(t) if "red" in s.lower()]


def test_the_tip_says_a_cannon_stops_the_pirate():
    """Reported: the tip said a pirate "takes 3 of your cards" while the player held a cannon (giving up the
    cannon instead stops the pirate)."""
    state, _ = rigged(["cannon-1", "gold-1", "gold-2", "gold-3"], ["draw", "draw", "draw", "draw"])
    coach = table_of(GAME, state).coach
    assert "a pirate ends your turn and takes a cannon or 3 of your cards" in coach, coach
    state, _ = rigged(["cannon-1", "gold-1"], ["draw", "draw"])
    coach = table_of(GAME, state).coach
    assert "a pirate ends your turn and takes a cannon or all 2 of your cards" in coach, coach
    state, _ = rigged(["gold-1", "gold-2", "gold-3", "gold-4"], ["draw", "draw", "draw", "draw"])
    coach = table_of(GAME, state).coach
    assert "a pirate ends your turn and takes 3 of your cards" in coach and "cannon" not in coach, coach
