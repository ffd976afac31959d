"""Petrangola in words: every phrase of `words.py`, log lines of whole decisions as each viewer reads them, and
the rule that no phrase ever shows a card id, a rank id, a zone id or the action notation."""
import re

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.events import (
    Acted,
    CardsMoved,
    CardsShown,
    GameEnded,
    ScoreChanged,
    ScorePart,
    SeatBack,
    SeatOut,
    StageEnded,
    StageStarted,
    TurnStarted,
    for_viewer,
)
from piratetable.engine.match import Match, Seat
from piratetable.games.petrangola.events import AllPassed, HandResult, HandSeen, Knocked, PotChanged, PotWon, Showdown
from piratetable.games.petrangola.rules import Petrangola
from piratetable.games.petrangola.words import Words
from tests.helpers import bot_move

GAME = Petrangola(load_config("petrangola"))
W = GAME.words()
NAMES = ["Anna", "Ben", "Cleo", "Dario"]

DEAL_3 = ["AD", "KD", "HD",   # seat 1 (right of dealer 0)
          "JD", "7D", "6D",   # seat 2
          "5D", "4D", "3D",   # seat 0, the dealer
          "2D", "AC", "KC"]   # the widow


def start(deck=DEAL_3, players=3, **setup):
    chance = Chance(0, {"deck": list(deck)})
    return GAME.start(players, chance, {"dealer": 0, **setup}), chance


def line(events, viewer):
    return W.line(for_viewer(events, viewer), NAMES)


# --- names ---------------------------------------------------------------------------------------------------
def test_the_game_tells_its_events_with_its_own_words():
    assert isinstance(W, Words)


def test_cards_are_named_by_the_config_decks_rank_and_suit_names():
    assert W.card("HC") == "Cavallo of Coppe" and W.card("7D") == "Sette of Denari" and W.card("2B") == "Due of Bastoni"
    assert W.the_card("AS") == "the Asso of Spade"
    assert W.card(None) == "a card" and W.the_card(None) == "a card"


def test_several_cards_are_listed_and_hidden_ones_only_counted():
    assert W.cards(["AD"]) == "the Asso of Denari"
    assert W.cards(["AD", "KC", "2S"]) == "the Asso of Denari, the Re of Coppe and the Due of Spade"
    assert W.cards([None]) == "a card" and W.cards([None, None, None]) == "3 cards"
    assert W.cards(["AD", None]) == "the Asso of Denari and 1 other card"
    assert W.cards(["AD", None, None]) == "the Asso of Denari and 2 other cards"
    assert W.cards([]) == "no card"


def test_hands_are_told_by_their_kind():
    assert W.hand("petrangolone", None) == "Petrangolone"
    assert W.hand("sequence", "K") == "a sequence to the Re"
    assert W.hand("run", "2") == "a run of Due"
    assert W.hand("points", 18) == "18 points" and W.hand("points", 1) == "1 point"
    assert W.rank("H") == "Cavallo"


def test_zones_have_names():
    assert [W.zone(z) for z in ("deck", "widow", "monte", "hand:3")] == ["stock", "widow", "monte", "hand"]


@pytest.mark.parametrize("action, label", [
    (Action("keep"), "Keep the widow"), (Action("reject"), "Reject the widow"), (Action("pass"), "Pass"),
    (Action("swapall"), "Swap all"), (Action("knock"), "Knock"), (Action("rebuy"), "Rebuy"),
    (Action("decline"), "Decline"),
    (Action("swap", ("2S", "AC")), "Swap the Due of Spade for the Asso of Coppe"),
    (Action("swap", ("KD", "2D", "HD", "KC")), "Swap the Re of Denari for the Due of Denari and the Cavallo of Denari"
                                               " for the Re of Coppe"),
])
def test_every_decision_has_a_button_label(action, label):
    assert W.action(action) == label


def test_score_parts_tell_the_hand_and_the_token_change():
    assert W.part(ScorePart("points", -1, what="18")) == "18 points: −1 token"
    assert W.part(ScorePart("petrangolone", 1)) == "Petrangolone: +1 token"
    assert W.part(ScorePart("sequence", 0, what="K")) == "a sequence to the Re"
    assert W.part(ScorePart("run", -1, what="2")) == "a run of Due: −1 token"
    assert W.part(ScorePart("rebuy", 2)) == "rebuy: 2 tokens" and W.part(ScorePart("rebuy", 1)) == "rebuy: 1 token"


# --- events one by one ----------------------------------------------------------------------------------------
def test_a_deal_is_told_to_each_seat_with_its_own_cards_only():
    assert W.tell(StageStarted("hand", 3, 0), NAMES) == "Anna deals hand 3."
    dealt = CardsMoved(("AD", "KD", "HD"), "deck", "hand:1", face_up=False, seen_by=frozenset({1}))
    assert W.tell(dealt, NAMES) == "Ben is dealt the Asso of Denari, the Re of Denari and the Cavallo of Denari."
    assert W.tell(dealt.redacted(2), NAMES) is None and W.tell(dealt.redacted(None), NAMES) is None
    widow = CardsMoved(("2D", "AC", "KC"), "deck", "widow", face_up=False, seen_by=frozenset({0}))
    assert W.tell(widow, NAMES) == "Anna looks at the widow: the Due of Denari, the Asso of Coppe and the Re of Coppe."
    assert W.tell(widow.redacted(1), NAMES) is None


def test_the_single_moves_have_phrases_of_their_own():
    widow = ("2D", "AC", "KC")
    assert W.tell(CardsMoved(widow, "widow", "monte", seat=0), NAMES) == \
        "The widow goes face up as the monte: the Due of Denari, the Asso of Coppe and the Re of Coppe."
    kept = CardsMoved(widow, "widow", "hand:0", seat=0, face_up=False, seen_by=frozenset({0}))
    assert W.tell(kept, NAMES) == \
        "Anna takes the widow into the hand: the Due of Denari, the Asso of Coppe and the Re of Coppe."
    assert W.tell(kept.redacted(1), NAMES) == "Anna takes the widow into the hand."
    assert W.tell(CardsMoved(("7D",), "hand:2", "monte", seat=2), NAMES) == \
        "Cleo puts the Sette of Denari face up in the monte."
    taken = "Cleo takes the Sette of Denari from the monte."
    assert W.tell(CardsMoved(("7D",), "monte", "hand:2", seat=2), NAMES) == taken
    assert W.tell(CardsMoved(("7D",), "monte", "hand:2"), NAMES) == taken     # the zone tells whose hand
    assert W.tell(CardsMoved((None,), "widow", "deck"), NAMES) == "From the widow to the stock: a card."


def test_two_moves_of_one_decision_are_told_together():
    give = CardsMoved(("KD", "HD"), "hand:1", "monte", seat=1)
    take = CardsMoved(("2D", "KC"), "monte", "hand:1", seat=1)
    assert W.tell_moves(give, take, NAMES) == \
        "Ben swaps the Re of Denari for the Due of Denari and the Cavallo of Denari for the Re of Coppe."
    all_give = CardsMoved(("AD", "KD", "HD"), "hand:1", "monte", seat=1)
    all_take = CardsMoved(("2D", "AC", "KC"), "monte", "hand:1", seat=1)
    assert W.tell_moves(all_give, all_take, NAMES) == (
        "Ben swaps the whole hand (the Asso of Denari, the Re of Denari and the Cavallo of Denari) for the monte"
        " (the Due of Denari, the Asso of Coppe and the Re of Coppe).")
    kept = CardsMoved(("2D", "AC", "KC"), "widow", "hand:0", seat=0, face_up=False, seen_by=frozenset({0}))
    dealt = CardsMoved(("5D", "4D", "3D"), "hand:0", "monte", seat=0)
    assert W.tell_moves(kept, dealt, NAMES) == (
        "Anna keeps the widow (the Due of Denari, the Asso of Coppe and the Re of Coppe) and puts the dealt hand"
        " face up as the monte: the Cinque of Denari, the Quattro of Denari and the Tre of Denari.")
    assert W.tell_moves(kept.redacted(2), dealt, NAMES) == (
        "Anna keeps the widow and puts the dealt hand face up as the monte: the Cinque of Denari, the Quattro of"
        " Denari and the Tre of Denari.")
    assert W.tell_moves(take, give, NAMES) is None                       # not one decision's pair
    assert W.tell_moves(give, CardsMoved(("2D",), "monte", "hand:2", seat=2), NAMES) is None


def test_the_decisions_that_need_words_of_their_own():
    assert W.tell(Acted(1, Action("pass")), NAMES) == "Ben passes."
    assert W.tell(Acted(0, Action("reject")), NAMES) == "Anna rejects the widow."
    assert W.tell(Acted(2, Action("decline")), NAMES) == "Cleo declines the rebuy and is out of the game."
    for verb in ("keep", "swapall", "knock", "rebuy"):
        assert W.tell(Acted(1, Action(verb)), NAMES) is None                  # their events tell them
    assert W.tell(Acted(1, Action("swap", ("AD", "2D"))), NAMES) is None


def test_the_dealt_hand_picked_up_is_named_to_its_holder_only():
    seen = HandSeen(0, "hand:0", ("5D", "4D", "3D"))
    assert W.tell(seen, NAMES) == \
        "Anna picks up the dealt hand: the Cinque of Denari, the Quattro of Denari and the Tre of Denari."
    assert W.tell(seen.redacted(1), NAMES) == "Anna picks up the dealt hand."
    assert W.tell(seen.redacted(None), NAMES) == "Anna picks up the dealt hand."


def test_knocks_and_passes_in_a_row():
    assert W.tell(Knocked(2), NAMES) == "Cleo knocks: everyone else takes one final turn."
    assert W.tell(AllPassed(), NAMES) == "Everyone passed in a row."


def test_the_showdown_tells_every_hand_and_who_gains_or_loses():
    results = (HandResult(0, ("AD", "7D", "2C"), "points", 18, -1, 2),
               HandResult(1, ("2S", "2D", "2B"), "run", "2", 0, 3),
               HandResult(2, ("KC", "HC", "JC"), "sequence", "K", 0, 3))
    assert W.tell(Showdown(results), NAMES) == \
        "Showdown: Anna 18 points, Ben a run of Due, Cleo a sequence to the Re. Anna loses a token."
    tie = (HandResult(0, ("AD", "AC", "AS"), "petrangolone", None, 1, 4),
           HandResult(1, ("2D", "3C", "4S"), "points", 4, -1, 0),
           HandResult(3, ("2C", "3S", "4D"), "points", 4, -1, 1))
    assert W.tell(Showdown(tie), NAMES) == ("Showdown: Anna Petrangolone, Ben 4 points, Dario 4 points. "
                                            "Anna gains a token. Ben and Dario each lose a token.")
    # the hands and the token changes are in that phrase: the shown cards and the changes add nothing
    assert W.tell(CardsShown("hand:0", ("AD", "7D", "2C")), NAMES) is None
    assert W.tell(ScoreChanged(0, -1, 2, (ScorePart("points", -1, what="18"),)), NAMES) is None


def test_going_out_rebuying_the_pot_and_the_end():
    assert W.tell(SeatOut(1), NAMES) == "Ben has no tokens left."
    assert W.tell(SeatOut(1, final=True), NAMES) == "Ben cannot rebuy and is out of the game."
    assert W.tell(SeatBack(1), NAMES) is None
    assert W.tell(ScoreChanged(1, 2, 2, (ScorePart("rebuy", 2),)), NAMES) == "Ben rebuys: back in with 2 tokens."
    assert W.tell(ScoreChanged(1, 1, 1, (ScorePart("rebuy", 1),)), NAMES) == "Ben rebuys: back in with 1 token."
    assert W.tell(ScoreChanged(1, 1, 1), NAMES) == "Ben +1 (now 1)."
    assert W.tell(PotChanged(5), NAMES) == "The pot is now 5 chips." and W.tell(PotChanged(1), NAMES) == \
        "The pot is now 1 chip."
    assert W.tell(PotChanged(0), NAMES) is None
    assert W.tell(PotWon(2, 5), NAMES) == "Cleo takes the pot of 5 chips." and W.tell(PotWon(2, 0), NAMES) is None
    assert W.tell(GameEnded((2,), "last_in"), NAMES) == "Cleo is the last player with tokens and wins the game."
    assert W.tell(GameEnded((1,), "nobody_left"), NAMES) == \
        "Nobody has a token left: Ben, the dealer of the last hand, wins the game."
    assert W.tell(GameEnded((), ""), NAMES) == "The game is over without a winner."
    for quiet in (TurnStarted(1), StageEnded("hand", 1, 0, "")):
        assert W.tell(quiet, NAMES) is None


# --- whole decisions, per viewer -----------------------------------------------------------------------------
def test_the_keep_line_names_the_widow_only_for_the_dealer():
    s, c = start()
    events = GAME.apply(s, "keep", c)
    mine, theirs, public = (line(events, v) for v in (0, 1, None))
    monte = "the Cinque of Denari, the Quattro of Denari and the Tre of Denari"
    assert mine == ("Anna keeps the widow (the Due of Denari, the Asso of Coppe and the Re of Coppe) and puts the"
                    f" dealt hand face up as the monte: {monte}. Anna knocks: everyone else takes one final turn.")
    assert theirs == public == (f"Anna keeps the widow and puts the dealt hand face up as the monte: {monte}."
                                " Anna knocks: everyone else takes one final turn.")


def test_the_reject_line_names_the_dealt_hand_only_for_the_dealer():
    s, c = start()
    events = GAME.apply(s, "reject", c)
    widow = "The widow goes face up as the monte: the Due of Denari, the Asso of Coppe and the Re of Coppe."
    assert line(events, 0) == ("Anna rejects the widow. " + widow + " Anna picks up the dealt hand: the Cinque of"
                               " Denari, the Quattro of Denari and the Tre of Denari.")
    assert line(events, 2) == line(events, None) == \
        "Anna rejects the widow. " + widow + " Anna picks up the dealt hand."


def test_a_showdown_line_tells_the_passes_the_hands_the_token_and_the_next_deal():
    s, c = start(DEAL_3 + DEAL_3)
    GAME.apply(s, "reject", c)
    GAME.apply(s, "pass", c)
    GAME.apply(s, "pass", c)
    events = GAME.apply(s, "pass", c)
    text = line(events, 2)
    assert text.startswith("Anna passes. Everyone passed in a row. Showdown: Anna a sequence to the Cinque, Ben a"
                           " sequence to the Asso, Cleo a sequence to the Fante. Anna loses a token. Ben deals hand 2.")
    # the next hand is dealt from the new dealer's right: Cleo first
    assert text.endswith("Cleo is dealt the Asso of Denari, the Re of Denari and the Cavallo of Denari.")
    assert "Ben looks at the widow" in line(events, 1) and "widow" not in line(events, 2)


def test_a_decline_is_told_once_and_a_skip_says_why():
    deck = ["2D", "3C", "4S", "2C", "3S", "4D", "AD", "KD", "JD", "7D", "7C", "7S"]   # seats 1 and 2 tie lowest
    s, c = start(deck, tokens=[3, 1, 1])
    for action in ("reject", "pass", "pass"):
        GAME.apply(s, action, c)
    shown = line(GAME.apply(s, "pass", c), None)
    assert shown.endswith("Ben and Cleo each lose a token. Ben has no tokens left. Cleo has no tokens left.")
    assert line(GAME.apply(s, "decline", c), None) == "Ben declines the rebuy and is out of the game."
    assert line(GAME.apply(s, "decline", c), None) == ("Cleo declines the rebuy and is out of the game. Anna takes"
                                                        " the pot of 3 chips. Anna is the last player with tokens"
                                                        " and wins the game.")
    s, c = start(["2D", "3C", "4S", "AD", "KD", "2C", "AC", "KC", "2S", "7D", "7C", "7S"], tokens=[3, 1, 3])
    s.rebought[1] = True
    for action in ("reject", "pass", "pass"):
        GAME.apply(s, action, c)
    assert "Ben has no tokens left. Ben cannot rebuy and is out of the game. Cleo deals hand 2." in \
        line(GAME.apply(s, "pass", c), None)


def test_a_rebuy_line():
    s, c = start(["2D", "3C", "4S", "AD", "KD", "2C", "AC", "KC", "2S", "7D", "7C", "7S"], tokens=[3, 1, 3])
    for action in ("reject", "pass", "pass", "pass"):
        GAME.apply(s, action, c)
    assert line(GAME.apply(s, "rebuy", c), None).startswith(
        "Ben rebuys: back in with 3 tokens. The pot is now 4 chips. Ben deals hand 2.")


# --- the no-id rule --------------------------------------------------------------------------------------------
CARD_ID = re.compile(r"\b(?:[AKHJ2-7][DCSB])\b")
NOTATION = re.compile(r"swapall|\bswap [AKHJ2-7]|hand:\d|\{|\}|None|_")
RANK_ID = re.compile(r"\b(?:to the|run of|the|[Oo]f) [AKHJ2-7]\b(?! (?:chips?|tokens?|cards?)\b)|\b[AKHJ]\b")


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2), (12, 3)])
def test_no_log_line_or_button_ever_shows_a_card_id_a_rank_id_or_notation(players, seed):
    seats = [Seat(f"P{i}", "random" if i % 2 else "easy") for i in range(players)]
    match = Match(load_config("petrangola"), seats, seed=seed)
    labels = set()
    while not match.over and len(match.history) < 600:
        labels.update(W.action(a) for a in match.legal())
        match.play(bot_move(match, match.current))
    lines = [text for viewer in list(range(players)) + [None] for text in match.log(viewer)]
    lines.append(W.line(list(match.start_events), match.names))
    lines += list(labels)
    assert len(lines) > 100 and all(lines)
    for text in lines:
        assert not CARD_ID.search(text), text
        assert not NOTATION.search(text), text
        assert not RANK_ID.search(text), text
