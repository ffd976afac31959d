"""Pirataki in words: the names of cards, colours, decisions and score parts, every event's phrase on its own and
within the line of its decision, and the rules that the log never shows a card id or the notation and that every
phrase goes through the translation."""
import re

import pytest

from piratetable import i18n
from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.events import Acted, CardsMoved, GameEnded, PileShuffled, ScoreChanged, ScorePart, TurnStarted
from piratetable.engine.match import Match, Seat
from piratetable.engine.registry import game_class
from piratetable.games.pirataki.events import ColourClaimed, ColourFreed, PirateAttack
from tests.helpers import bot_move

from .helpers import GAME, make_game, state_with

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
W = GAME.words()


def lines(game, rig, actions, players=2):
    """The log line of each action on a rigged deck."""
    chance = Chance(0, {"deck": list(rig)})
    state = game.start(players, chance)
    words = game.words()
    return [words.line(game.apply(state, a, chance), NAMES) for a in actions]


def renamed(**names):
    """The shipped config with other display names for its colours (ids unchanged)."""
    text = load_config("pirataki").text
    for colour_id, name in names.items():
        text = re.sub(rf'(id: {colour_id}, +name: )"[^"]*"', rf'\1"{name}"', text)
    return game_class("pirataki")(load_config_text(text, "renamed.yaml"))


# --- names of things --------------------------------------------------------------------------------------
def test_a_card_is_named_as_the_game_names_it():
    assert [W.card(c) for c in ("red-3", "blue-6", "gold-13", "pirate-2", "cannon-1")] == [
        "red part 3", "blue part 6", "gold", "a pirate", "a cannon"]
    assert W.card(None) == "a card"
    assert W.ship_card("red-4") == "the red ship's part 4"


def test_several_cards_are_grouped_by_kind():
    assert W.cards(["gold-1", "gold-7", "cannon-2"]) == "2 gold and a cannon"
    assert W.cards(["red-5", "red-2", "gold-3"]) == "red parts 2 and 5 and 1 gold"
    assert W.cards(["blue-1", "yellow-3", "red-3"]) == "blue part 1, yellow part 3 and red part 3"
    assert W.cards(["green-1", "green-2", "green-4", "cannon-1", "cannon-3"]) == "green parts 1, 2 and 4 and 2 cannons"
    assert W.cards(["pirate-1"]) == "a pirate" and W.cards(["pirate-1", "pirate-2"]) == "2 pirates"
    assert W.cards([None, None]) == "2 cards" and W.cards([None]) == "a card" and W.cards([]) == "no card"


def test_a_colour_is_named_by_the_config_as_a_common_word_or_a_proper_name():
    assert [W.colour(c) for c in GAME.colour_ids] == ["blue", "yellow", "red", "green"]
    game = renamed(red="Deep sea", blue="Royal Navy", green="GREEN")
    assert [game.words().colour(c) for c in ("red", "blue", "green")] == ["deep sea", "Royal Navy", "GREEN"]
    assert game.words().card("red-2") == "deep sea part 2"
    assert W.colour(None) == "no colour"


def test_the_zones_have_names():
    assert [W.zone(z) for z in ("deck", "discard", "pirate", "ship:1", "reserve:0")] == [
        "the deck", "the discard pile", "the pirate", "the ship", "the reserve"]


def test_every_decision_has_a_button_label_in_words():
    assert [W.action(Action(v)) for v in ("draw", "stop", "pass", "cannon")] == [
        "Draw a card", "Stop", "Pass", "Give up a cannon"]
    assert W.action(Action("buy", ("red-4",))) == "Buy red part 4 for 3 gold"
    assert make_game(ship_price=0).words().action(Action("buy", ("red-4",))) == "Buy red part 4 for nothing"
    assert W.action(Action("lose", ("blue-2", "gold-1", "gold-5"))) == "Give up blue part 2 and 2 gold"


def test_a_ship_score_part_is_told_with_its_points():
    assert W.part(ScorePart("ship_card", 2, 2, "red")) == "2 parts of the red ship +2"
    assert W.part(ScorePart("ship_card", -1, 1, "blue")) == "1 part of the blue ship −1"
    assert W.part(ScorePart("ship_card", 1, 1)) == "1 ship card +1"


# --- each event on its own ----------------------------------------------------------------------------------
@pytest.mark.parametrize("event, phrase", [
    (Acted(0, Action("stop")), "Anna stops."),
    (Acted(1, Action("pass")), "Ben passes: the deck and the discard pile are empty."),
    (Acted(0, Action("draw")), None),
    (Acted(0, Action("buy", ("red-3",))), None),
    (PileShuffled("discard", "deck", 1), "The deck is empty: the discard pile (1 card) is shuffled into a new deck."),
    (PileShuffled("discard", "deck", 12),
     "The deck is empty: the discard pile (12 cards) is shuffled into a new deck."),
    (CardsMoved(("pirate-3",), "deck", "pirate", 0), "Anna draws a pirate."),
    (CardsMoved(("gold-3",), "deck", "reserve:1", 1), "Ben draws gold."),
    (CardsMoved(("cannon-3",), "deck", "reserve:1", 1), "Ben draws a cannon."),
    (CardsMoved(("blue-3",), "deck", "reserve:1", 1), "Ben draws a part of the blue ship (to the reserve)."),
    (CardsMoved(("red-3",), "deck", "ship:2", 2), "Cleo draws a part of the red ship."),
    (CardsMoved(("pirate-3",), "pirate", "discard"), "The pirate goes to the discard pile."),
    (CardsMoved(("red-2",), "reserve:0", "ship:0", 0), "A red part from the reserve joins Anna's ship."),
    (CardsMoved(("red-2", "red-5"), "reserve:0", "ship:0", 0), "2 red parts from the reserve join Anna's ship."),
    (CardsMoved(("red-2",), "reserve:1", "ship:0", 0), "Anna takes the red ship's part 2 from Ben's reserve."),
    (CardsMoved(("gold-1", "gold-2", "gold-3"), "reserve:0", "reserve:1", 0), "Anna pays Ben 3 gold."),
    (CardsMoved(("gold-1", "cannon-1"), "reserve:0", "discard", 0),
     "Anna puts 1 gold and a cannon on the discard pile."),
    (CardsMoved(("red-1",), "ship:0", "discard", 0), "Anna puts red part 1 on the discard pile."),
    (CardsMoved(("red-1",), "ship:0", "reserve:0", 0), "red part 1 goes from the ship to the reserve."),
    (CardsMoved(("red-1", "gold-2"), "ship:0", "reserve:0", 0),
     "red part 1 and 1 gold go from the ship to the reserve."),
    (ScoreChanged(0, 1, 4, (ScorePart("ship_card", 1, 1, "red"),)), "Anna's red ship: 4/6."),
    (ColourClaimed(3, "green"), "Dora claims the green ship."),
    (ColourFreed(3, "green"), "The green ship is empty: green is free again."),
    (PirateAttack(0, 3, True), "Anna must give up 3 cards or a cannon."),
    (PirateAttack(0, 2, True), "Anna must give up 2 cards or a cannon."),
    (PirateAttack(1, 3, False), "Ben must give up 3 cards."),
    (TurnStarted(1), None),
    (GameEnded((1,), "ship_complete"), "Ben completes the ship and wins."),
    (GameEnded((), "passes"), "Every player passed in a row: the game ends without a winner."),
])
def test_each_event_has_its_own_phrase(event, phrase):
    assert W.tell(event, NAMES) == phrase


def test_the_win_names_the_colour_when_the_line_holds_the_last_ship_change():
    events = [Acted(1, Action("draw")), CardsMoved(("red-6",), "deck", "ship:1", 1),
              ScoreChanged(1, 1, 6, (ScorePart("ship_card", 1, 1, "red"),)), GameEnded((1,), "ship_complete")]
    assert W.line(events, NAMES) == "Ben draws a part of the red ship (6/6). Ben completes the red ship and wins."


# --- the lines of whole decisions ----------------------------------------------------------------------------
def test_draws_tell_the_card_and_the_ships_count_and_a_claim():
    assert lines(GAME, ["red-2", "gold-1", "red-5", "blue-1", "cannon-2"], ["draw"] * 5 + ["stop"]) == [
        "Anna draws a part of the red ship and claims it (1/6).",
        "Anna draws gold.",
        "Anna draws a part of the red ship (2/6).",
        "Anna draws a part of the blue ship (to the reserve).",
        "Anna draws a cannon.",
        "Anna stops."]


def test_a_claim_tells_the_reserve_cards_that_join_the_ship():
    base = ["red-1", "blue-3", "blue-5", "gold-1", "gold-2", "pirate-1", "gold-3"]
    actions = ["draw"] * 6 + ["lose red-1 gold-1 gold-2", "draw", "stop", "draw"]
    assert lines(GAME, base + ["blue-1"], actions)[-1] == (
        "Anna draws a part of the blue ship and claims it; 2 blue parts from the reserve join it (3/6).")
    one = ["red-1", "blue-3", "gold-4", "gold-1", "gold-2", "pirate-1", "gold-3", "blue-1"]
    assert lines(GAME, one, actions)[-1] == (
        "Anna draws a part of the blue ship and claims it; a blue part from the reserve joins it (2/6).")


def test_a_pirate_with_a_choice_says_what_it_asks_and_the_payment_what_it_takes():
    rig = ["red-1", "red-2", "gold-1", "gold-2", "cannon-1", "pirate-1"]
    told = lines(GAME, rig, ["draw"] * 6 + ["lose gold-1 gold-2 cannon-1"])
    assert told[-2] == "Anna draws a pirate and must give up 3 cards or a cannon."
    assert told[-1] == "Anna gives up 2 gold and a cannon."
    told = lines(GAME, rig, ["draw"] * 6 + ["lose red-2 gold-1 gold-2"])
    assert told[-1] == "Anna gives up red part 2 and 2 gold; the red ship is down to 1/6."
    assert lines(GAME, rig, ["draw"] * 6 + ["cannon"])[-1] == "Anna gives up a cannon instead."
    told = lines(GAME, ["red-1", "gold-1", "gold-2", "blue-2", "pirate-1"], ["draw"] * 5 + ["lose red-1 gold-1 gold-2"])
    assert told[-2] == "Anna draws a pirate and must give up 3 cards."
    assert told[-1] == "Anna gives up red part 1 and 2 gold. The red ship is empty: red is free again."
    assert lines(GAME, ["gold-1", "cannon-1", "pirate-1"], ["draw"] * 3)[-1] == (
        "Anna draws a pirate and must give up 2 cards or a cannon.")


def test_a_pirate_loss_by_itself_says_what_was_lost():
    assert lines(GAME, ["red-2", "gold-1", "pirate-4"], ["draw"] * 3)[-1] == (
        "Anna draws a pirate and loses red part 2 and 1 gold. The red ship is empty: red is free again.")
    assert lines(GAME, ["pirate-4"], ["draw"]) == ["Anna draws a pirate but has nothing to lose."]
    assert lines(GAME, ["cannon-1", "pirate-4"], ["draw"] * 2)[-1] == "Anna draws a pirate and loses a cannon."
    keep = make_game(free_empty_colour=False)
    assert lines(keep, ["red-2", "pirate-4"], ["draw"] * 2)[-1] == (
        "Anna draws a pirate and loses red part 2; the red ship is down to 0/6.")


def test_a_buy_names_the_card_the_seller_the_price_and_the_ships_count():
    rig = ["red-1", "gold-4", "gold-2", "gold-9", "red-3"]
    actions = ["draw"] * 4 + ["stop", "draw", "stop", "buy red-3"]
    assert lines(GAME, rig, actions)[-1] == "Anna buys the red ship's part 3 from Ben for 3 gold (2/6)."
    assert lines(make_game(price_to="discard"), rig, actions)[-1] == (
        "Anna buys the red ship's part 3 from Ben for 3 gold, paid to the discard pile (2/6).")
    free = make_game(ship_price=0)
    assert lines(free, ["red-1", "red-3"], ["draw", "stop", "draw", "stop", "buy red-3"])[-1] == (
        "Anna takes the red ship's part 3 from Ben for nothing (2/6).")


def test_the_reshuffle_the_claim_of_a_whole_ship_and_the_win_are_told_in_order():
    game = make_game("pirataki_small.yaml")
    rig = ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6", "pirate-1", "gold-1", "blue-1", "blue-2",
           "blue-3", "blue-4", "blue-5", "gold-2", "gold-3", "cannon-1", "blue-6", "red-1"]
    actions = ["draw", "stop", *["draw"] * 5, "stop", "draw", "draw", "stop", *["draw"] * 8, "stop", "draw", "draw"]
    assert lines(game, rig, actions)[-1] == (
        "The deck is empty: the discard pile (2 cards) is shuffled into a new deck. Ben draws a part of the red "
        "ship and claims it; 5 red parts from the reserve join it (6/6). Ben completes the red ship and wins.")


def test_passes_and_the_draw_game_are_told():
    game = make_game("pirataki_no_pirates.yaml")
    rig = ["blue-1", "red-1", "red-2", "red-3", "red-4", "red-5", "gold-1",
           "red-6", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "gold-2", "gold-3", "cannon-1"]
    told = lines(game, rig, ["draw"] * 7 + ["stop"] + ["draw"] * 9 + ["stop", "pass", "pass"])
    assert told[-2] == "Anna passes: the deck and the discard pile are empty."
    assert told[-1] == ("Ben passes: the deck and the discard pile are empty. "
                        "Every player passed in a row: the game ends without a winner.")


def test_a_match_fills_the_log_with_player_names():
    match = Match(load_config("pirataki"), [Seat("Anna"), Seat("Boris")], seed=3)
    match.play("draw")
    assert match.log(None)[0].startswith("Anna draws ")


def test_refusals_name_cards_in_words():
    state = state_with(GAME, colors=["red", None], ships=[["red-1"], []], reserves=[["gold-1"], ["blue-4", "red-4"]])
    assert GAME.refusal_reason(state, Action("buy", ("blue-4",))) == (
        "blue part 4 is not of your colour (red): you can buy only parts of your own ship")
    assert GAME.refusal_reason(state, Action("buy", ("red-1",))) == "red part 1 is already in your ship"
    assert GAME.refusal_reason(state, Action("buy", ("red-2",))) == "red part 2 is not in an opponent's reserve"
    assert GAME.refusal_reason(state, Action("buy", ("red-4",))) == "a ship card costs 3 gold and you hold 1"
    pirate = state_with(GAME, colors=["red", None], ships=[["red-1"], []],
                        reserves=[["gold-1", "gold-2", "cannon-1"], []], phase="pirate", drawn=["pirate-1"])
    assert GAME.refusal_reason(pirate, Action("lose", ("red-2",))) == (
        "red part 2: not among your cards (ship and reserve)")
    assert GAME.refusal_reason(pirate, Action("lose", ("red-1", "gold-1"))) == "you hold 4 cards: give up exactly 3"
    assert GAME.refusal_reason(pirate, Action("draw")) == (
        "a pirate ended your turn: give up 3 of your cards or a cannon")
    small = state_with(GAME, reserves=[["gold-1", "gold-2"], []], phase="pirate", drawn=["pirate-1"])
    assert GAME.refusal_reason(small, Action("cannon")) == "you hold no cannon"
    assert GAME.refusal_reason(small, Action("lose", ("gold-1",))) == "you hold 2 cards: give up all of them"


# --- never an id, never notation, always translatable -------------------------------------------------------
def random_logs(game, games=4, levels=("random", "normal", "easy")):
    for seed in range(games):
        low, high = game.min_players, game.max_players
        players = low + seed % (high - low + 1)
        seats = [Seat(n, levels[(seed + i) % len(levels)]) for i, n in enumerate(NAMES[:players])]
        match = Match(game.config, seats, seed=seed + 1)
        while not match.over and len(match.history) < 1500:
            match.play(bot_move(match, match.current))
        yield match, match.log(None)


ID = re.compile(r"(?<![\w-])[a-z][a-z0-9_]*-\d+(?![\w-])")


@pytest.mark.parametrize("game", [GAME, make_game(price_to="discard", free_empty_colour=False),
                                  make_game(ship_price=0), make_game("pirataki_small.yaml"),
                                  make_game("pirataki_no_pirates.yaml")],
                         ids=["default", "discard-keep", "free", "small", "no-pirates"])
def test_no_log_line_nor_button_of_random_games_shows_a_card_id_or_the_notation(game):
    told = 0
    for match, log in random_logs(game, games=8):
        assert len(log) == len(match.history)
        for line, entry in zip(log, match.history):
            assert line, entry.action
            hit = ID.search(line)
            assert hit is None, (hit.group(0), line)
            assert "{seat:" not in line and "{" not in line and "}" not in line
            if " " in entry.action:
                assert entry.action not in line, line
            for card in match.game.all_cards:
                assert card not in line, (card, line)
            label = match.game.words().action(match.game.parse_action(entry.action))
            assert ID.search(label) is None and (" " not in entry.action or entry.action not in label), label
            told += 1
    assert told > 100


def test_colours_are_told_by_their_config_names_never_by_their_ids():
    game = renamed(red="Scarlet", blue="Royal Navy", yellow="Amber", green="Jade")
    joined = " ".join(line for _, log in random_logs(game, games=3) for line in log)
    assert "scarlet" in joined and "Royal Navy" in joined and "amber" in joined and "jade" in joined
    for colour_id in ("red", "blue", "yellow", "green"):
        assert re.search(rf"\b{colour_id}\b", joined) is None, colour_id


class Pseudo(i18n.gettext.NullTranslations):
    """A pseudo-language that brackets every translated phrase: text outside brackets was not translatable."""

    def gettext(self, message):
        return "⟦" + message + "⟧"

    def ngettext(self, singular, plural, n):
        return "⟦" + (singular if n == 1 else plural) + "⟧"


def outside_brackets(text):
    depth, outside = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth -= 1
        elif depth == 0:
            outside.append(ch)
    assert depth == 0, text
    return "".join(outside).strip()


def test_every_phrase_of_the_log_the_buttons_and_the_refusals_goes_through_the_translation(monkeypatch):
    monkeypatch.setattr(i18n, "_current", Pseudo())
    texts = [line for _, log in random_logs(make_game(price_to="discard", free_empty_colour=False), games=3)
             for line in log]
    texts += [line for _, log in random_logs(make_game("pirataki_no_pirates.yaml"), games=2) for line in log]
    texts += [W.action(a) for a in (Action("draw"), Action("stop"), Action("pass"), Action("cannon"),
                                    Action("buy", ("red-4",)), Action("lose", ("red-1", "gold-2", "cannon-1")))]
    state = state_with(GAME, colors=["red", None], ships=[["red-1"], []], reserves=[["gold-1"], ["blue-4", "red-4"]])
    texts += [GAME.refusal_reason(state, Action(v, a)) for v, a in (("buy", ("blue-4",)), ("buy", ("red-4",)),
                                                                      ("stop", ()), ("lose", ()), ("pass", ()))]
    assert len(texts) > 100
    for text in texts:
        assert outside_brackets(text) == "", text
