"""Piratz in words: every event's phrase, the names of cards, types and decisions, the cubes of a score, and the
rules that the log never shows a card id or the notation and that every phrase is translatable."""
import re
from pathlib import Path

import pytest

from piratetable import i18n
from piratetable.config.loader import load_config
from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.engine.events import (
    Acted,
    CardsMoved,
    GameEnded,
    PileShuffled,
    ScoreChanged,
    ScorePart,
    StageEnded,
    TurnStarted,
    for_viewer,
)
from piratetable.engine.match import Match, Seat
from piratetable.games.piratz.events import LastCard, RatsCaught, ShovelAside
from piratetable.games.piratz.rules import Piratz
from piratetable.games.piratz.schema import TYPES
from tests.helpers import bot_move

NAMES = ["Anna", "Ben", "Cleo"]
TINY = Path(__file__).resolve().parents[2] / "scenarios" / "piratz" / "decks" / "tiny.yaml"


def game(config=None, **options):
    cfg = load_config("piratz", config)
    return Piratz(cfg.with_options(options) if options else cfg)


def lines(g, rig, actions, players=3, viewer=None, cubes=None):
    """The log line of each action, as `viewer` may know it."""
    ch = Chance(0, {"deck": list(rig), **({"cubes": cubes} if cubes else {})})
    s = g.start(players, ch)
    words = g.words()
    return [words.line(for_viewer(g.apply(s, a, ch), viewer), NAMES) for a in actions]


# --- names of things --------------------------------------------------------------------------------------
def test_a_card_is_told_by_its_items_types_first_and_the_rat_last():
    w = game().words()
    assert w.card("rat-ring") == "a card with a ring and a rat"
    assert w.card("ring-2") == "a card with 2 rings"
    assert w.card("rich-ring-crown") == "a card with 2 rings and 2 crowns"
    assert w.card("rat-rcp") == "a card with a ring, a coin, a pearl and a rat"
    assert w.items("pair-pearl-necklace") == "a pearl and a necklace"
    assert w.card(None) == "a card"
    assert w.cards([None, None, None]) == "3 cards" and w.cards(["coin-1"]) == "a card with a coin"
    assert w.cards([]) == "no card"


def test_every_treasure_type_and_the_rat_have_names_and_plurals():
    w = game().words()
    assert [w.face(t) for t in TYPES + ("rat",)] == ["ring", "coin", "pearl", "crown", "goblet", "necklace", "rat"]
    from piratetable.games.piratz.words import item_count, type_plural
    assert [type_plural(t) for t in TYPES] == ["rings", "coins", "pearls", "crowns", "goblets", "necklaces"]
    assert [item_count(t, 1) for t in TYPES + ("rat",)] == ["a ring", "a coin", "a pearl", "a crown", "a goblet",
                                                             "a necklace", "a rat"]
    assert item_count("necklace", 3) == "3 necklaces" and item_count("rat", 2) == "2 rats"


def test_a_designers_card_with_numbered_instances_and_only_a_rat_is_told_by_its_items():
    w = game(str(TINY)).words()
    assert w.card("gem#2") == "a card with a ring" and w.card("solo-rat") == "a card with a rat"
    assert w.card("big") == "a card with a ring, a coin, a goblet and a necklace"


def test_every_decision_has_a_button_label_in_words():
    w = game().words()
    label = w.action
    assert label(Action("reveal")) == "Reveal a card"
    assert label(Action("end")) == "End the turn"
    assert [label(Action("take", (t,))) for t in TYPES[:2]] == ["Take rings", "Take coins"]
    assert label(Action("rat", ("rat-coin",))) == "Take the card with a coin and a rat"
    assert label(Action("rat", ("none",))) == "Decline the rat card"
    assert label(Action("bury", ("rich-ring-crown",))) == "Bury the card with 2 rings and 2 crowns"


def test_zones_have_names():
    w = game().words()
    assert [w.zone(z) for z in ("deck", "table", "buried:1", "discard", "collection:0")] == [
        "the draw pile", "the table", "under a shovel", "the discard pile", "a collection"]


def test_a_cube_is_told_with_its_value_and_the_items_it_was_won_with():
    w = game().words()
    assert w.part(ScorePart("cube", 4, count=5, what="ring")) == "4 for 5 rings"
    assert w.part(ScorePart("cube", 1, count=1, what="goblet")) == "1 for a goblet"


# --- the phrases of the events, in lines ----------------------------------------------------------------
def test_a_reveal_and_an_end():
    got = lines(game(), ["pair-ring-coin"], ["reveal", "end"])
    assert got == ["Anna reveals a card with a ring and a coin.", "Anna ends the turn."]


def test_the_rats_must_or_may_be_obeyed():
    actions = ["reveal", "end", "reveal"]
    must = lines(game(), ["rat-ring", "rat-coin"], actions)[-1]
    assert must == "Ben reveals a card with a coin and a rat. Rats! Ben is caught and must take a rat card."
    may = lines(game(rats_must_take=False), ["rat-ring", "rat-coin"], actions)[-1]
    assert may.endswith("Rats! Ben is caught and may take a rat card.")


def test_a_rat_card_taken_or_declined():
    actions = ["reveal", "end", "reveal", "rat rat-ring"]
    open_ = lines(game(), ["rat-ring", "rat-coin"], actions)[-1]
    assert open_ == "Ben takes a card with a ring and a rat."
    closed = lines(game(open_collections=False), ["rat-ring", "rat-coin"], actions, viewer=0)[-1]
    assert closed == "Ben takes a rat card."
    own = lines(game(open_collections=False), ["rat-ring", "rat-coin"], actions, viewer=1)[-1]
    assert own == "Ben takes a card with a ring and a rat."
    declined = lines(game(rats_must_take=False), ["rat-ring", "rat-coin"], actions[:-1] + ["rat none"])[-1]
    assert declined == "Ben declines the rat card."


def test_a_take_names_the_type_and_what_it_collects():
    rig = ["ring-2", "pair-ring-coin", "pearl-1"]
    actions = ["reveal", "end", "reveal", "end", "reveal", "take ring"]
    assert lines(game(), rig, actions)[-1] == \
        "Cleo names rings and collects 2 cards with 3 rings and a coin."
    one = lines(game(), ["ring-2", "pearl-1"], ["reveal", "end", "reveal", "take pearl"])[-1]
    assert one == "Ben names pearls and collects a card with a pearl."
    none = lines(game(), ["ring-2"], ["reveal", "take crown"])[-1]
    assert none == "Anna names crowns: no face-up card shows one, nothing collected."


def test_a_closed_take_names_the_type_and_the_number_of_cards_only():
    g = game(open_collections=False)
    got = lines(g, ["pair-ring-coin", "ring-3", "coin-1"], ["reveal", "end", "reveal", "take ring"], viewer=0)[-1]
    assert got.startswith("Ben names rings and collects 2 cards.")
    one = lines(g, ["ring-2", "pearl-1"], ["reveal", "end", "reveal", "take pearl"], viewer=None)[-1]
    assert one == "Ben names pearls and collects a card."


def test_a_bury_and_a_shovel_set_aside():
    got = lines(game(), ["ring-2", "coin-1"], ["reveal", "end", "reveal", "take coin", "bury ring-2"])
    assert got[-1] == "Ben buries a card with 2 rings and sits out."
    aside = lines(game(), ["ring-2"], ["reveal", "take ring"])[-1]
    assert aside == ("Anna names rings and collects a card with 2 rings. No card lies face up: Anna's shovel goes "
                     "aside, and Anna sits out.")


def test_the_end_of_a_round_counts_the_buried_cards_and_names_who_starts_the_next():
    got = lines(game(), ["ring-1", "coin-1", "pearl-1"],
                ["reveal", "end", "reveal", "take coin", "bury ring-1", "reveal", "take pearl"], players=2)[-1]
    assert got == ("Anna names pearls and collects a card with a pearl. No card lies face up: Anna's shovel goes "
                   "aside, and Anna sits out. Round 1 ends: a buried card goes to the discard pile. "
                   "Ben starts round 2.")
    nobody = lines(game(), ["ring-1", "coin-1"], ["reveal", "take ring", "reveal", "take coin"], players=2)[-1]
    assert nobody.endswith("Round 1 ends: no card was buried. Anna starts round 2.")


def test_the_reshuffle_comes_before_the_revealed_card_and_the_last_card_is_announced():
    g = game()
    ch = Chance(0, {"deck": ["coin-1", "ring-3"]})
    s = g.start(2, ch)
    s.discard, s.draw = ["ring-1", "coin-1", "pearl-1"], []
    line = g.words().line(g.apply(s, "reveal", ch), NAMES)
    assert line == ("The draw pile is empty: the discard pile (3 cards) is shuffled into a new draw pile. "
                    "Anna reveals a card with a coin.")
    s.draw = ["ring-3"]
    g.apply(s, "end", ch)
    line = g.words().line(g.apply(s, "reveal", ch), NAMES)
    assert line == ("Ben reveals a card with 3 rings. That was the last card of the draw pile: the game ends with "
                    "this round.")


def test_the_end_of_the_game_tells_every_score_with_its_cubes_and_the_winner():
    g = game()
    cubes = {"ring": [4, 1], "coin": [3, 2], "pearl": [4, 3], "crown": [2, 1], "goblet": [3, 1], "necklace": [4, 2]}
    ch = Chance(0, {"deck": ["ring-3", "coin-1"], "cubes": cubes})
    s = g.start(3, ch)
    s.draw = ["ring-3", "coin-1"]
    for a in ("reveal", "take ring", "reveal"):
        g.apply(s, a, ch)
    line = g.words().line(g.apply(s, "take coin", ch), NAMES)
    assert line.endswith("Round 1 ends: no card was buried. Anna scores 4 points: 4 for 3 rings. "
                         "Ben scores 3 points: 3 for a coin. Cleo scores no points. Anna wins with 4 points.")


def test_a_shared_win_is_told_with_the_points_each():
    w = game().words()
    events = [ScoreChanged(0, 5, 5, (ScorePart("cube", 5, 2, "ring"),)),
              ScoreChanged(1, 5, 5, (ScorePart("cube", 3, 1, "coin"), ScorePart("cube", 2, 1, "pearl"))),
              GameEnded((0, 1))]
    assert w.line(events, NAMES) == ("Anna scores 5 points: 5 for 2 rings. Ben scores 5 points: 3 for a coin, "
                                     "2 for a pearl. Anna and Ben share the win with 5 points each.")


def test_each_event_also_has_a_phrase_of_its_own():
    w = game().words()
    tell = w.tell
    assert tell(Acted(0, Action("take", ("goblet",))), NAMES) == "Anna names goblets."
    assert tell(Acted(0, Action("reveal")), NAMES) is None      # the card's move tells it
    assert tell(CardsMoved(("ring-1", "coin-1"), "table", "collection:1", seat=1), NAMES) == \
        "Ben collects a card with a ring and a card with a coin."
    assert tell(CardsMoved((None,), "table", "collection:1", seat=1), NAMES) == "Ben collects a card."
    assert tell(CardsMoved(("crown-2",), "buried:2", "discard"), NAMES) == \
        "From under a shovel, a card with 2 crowns goes to the discard pile."
    assert tell(PileShuffled("discard", "deck", 1), NAMES) == \
        "The draw pile is empty: the discard pile (a single card) becomes the new draw pile."
    assert tell(LastCard(), NAMES).startswith("That was the last card")
    assert tell(RatsCaught(2), NAMES) == "Rats! Cleo is caught and must take a rat card."
    assert tell(ShovelAside(1), NAMES) == "No card lies face up: Ben's shovel goes aside, and Ben sits out."
    assert tell(StageEnded("round", 3), NAMES) == "Round 3 ends."
    assert tell(TurnStarted(1), NAMES) is None
    assert tell(ScoreChanged(2, 0, 0, ()), NAMES) == "Cleo scores no points."
    assert tell(GameEnded((1,)), NAMES) == "Ben wins the game."


# --- never an id, never notation, always translatable -------------------------------------------------------
def random_logs(config=None, games=3, **options):
    cfg = load_config("piratz", config)
    if options:
        cfg = cfg.with_options(options)
    for seed in range(games):
        players = 2 + seed % 3
        match = Match(cfg, [Seat(n, "random") for n in ["Anna", "Ben", "Cleo", "Dan"][:players]], seed=seed + 1)
        while not match.over:
            match.play(bot_move(match, match.current))
        for viewer in [None] + list(range(players)):
            yield match, viewer, match.log(viewer)


@pytest.mark.parametrize("config, options", [(None, {}), (None, {"open_collections": False}),
                                             (None, {"rats_must_take": False}), (str(TINY), {})])
def test_no_log_line_of_random_games_shows_a_card_id_or_the_notation(config, options):
    told = 0
    for match, _viewer, log in random_logs(config, **options):
        # a designer's id may be a plain word of the game's vocabulary (the tiny deck has a card `coins`)
        vocabulary = {w for t in TYPES + ("rat",) for w in (t, t + "s")}
        ids = {i for i in match.game.cards if i not in vocabulary}
        pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                             + r")(?![\w#-])")
        for line, entry in zip(log, match.history):
            assert line, entry.action
            hit = pattern.search(line)
            assert hit is None, (hit.group(0), line)
            assert "#" not in line and "{seat:" not in line
            if " " in entry.action:
                assert entry.action not in line, line
            told += 1
    assert told > 100


class Pseudo(i18n.gettext.NullTranslations):
    """A pseudo-language that brackets every translated phrase: text outside brackets was not translatable."""

    def gettext(self, message):
        return "⟦" + message + "⟧"

    def ngettext(self, singular, plural, n):
        return "⟦" + (singular if n == 1 else plural) + "⟧"


def test_every_phrase_of_the_log_and_of_the_buttons_goes_through_the_translation(monkeypatch):
    monkeypatch.setattr(i18n, "_current", Pseudo())
    for match, _viewer, log in random_logs(games=2, open_collections=False):
        for line in log + [match.game.words().action(a) for a in (Action("reveal"), Action("end"),
                                                                   Action("take", ("ring",)),
                                                                   Action("rat", ("rat-coin",)),
                                                                   Action("rat", ("none",)),
                                                                   Action("bury", ("ring-1",)))]:
            depth, outside = 0, []
            for ch in line:
                if ch == "⟦":
                    depth += 1
                elif ch == "⟧":
                    depth -= 1
                elif depth == 0:
                    outside.append(ch)
            assert depth == 0 and "".join(outside).strip() == "", line
