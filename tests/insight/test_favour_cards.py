"""Piratz and Pirataki advice agrees with itself and with the table.

- Over bot-played positions (several seeds and seat counts), the hint's reason and the reason of each bot
  level's own move (`explain(..., level=...)`) carry figures that favour the move (`favour_piratz`,
  `favour_pirataki`); the reasons of the normal and hard bots' own moves are never weaker-choice reasons (they
  chose on those very figures), and a person's move gets a reason whose figures say openly when it is the
  weaker choice.
- The tips (the table's coach line) state facts that are true of the table: counted here from the view, and
  from the one function the tips and insight read.
"""
from __future__ import annotations

import re

import pytest

from piratetable.games.pirataki import insight as pa
from piratetable.games.piratz import insight as pz
from piratetable.insight import explain, hint
from piratetable.insight.base import rng_of
from piratetable.insight.words import hint_text, percent, reason_text
from piratetable.table.standard import SeatInfo

from . import favour_pirataki, favour_piratz, tips
from .helpers import bot_positions, quick_hard

CHECKERS = {"piratz": favour_piratz.problems, "pirataki": favour_pirataki.problems}
LEVELS = ("easy", "normal", "hard")

# (game, players, options, seed, positions checked)
CASES = [("piratz", 2, None, 3, 16), ("piratz", 2, None, 8, 12), ("piratz", 3, {"open_collections": False}, 5, 5),
         ("piratz", 4, None, 2, 8), ("piratz", 4, {"open_collections": False}, 7, 4),
         ("pirataki", 2, None, 1, 12), ("pirataki", 3, None, 4, 10), ("pirataki", 4, None, 6, 8)]


def decisions(gid, players, options, seed, count):
    """Positions with a choice to make, from a game of bots of every level, spread over the game (on the config
    with the smaller hard search, `quick_hard`: a reason's figures favour its move at any size of the search)."""
    match, positions = bot_positions(gid, players, seed, 400, options, levels=("easy", "normal"),
                                     config=quick_hard(gid))
    chosen = [p for p in positions if len(p[2]) > 1]
    step = max(1, len(chosen) // count)
    return match.game, chosen[::step][:count]


@pytest.mark.parametrize("gid,players,options,seed,count", CASES)
def test_hint_and_bot_reasons_favour_the_move(gid, players, options, seed, count):
    game, positions = decisions(gid, players, options, seed, count)
    problems = CHECKERS[gid]
    assert positions
    searched = 0
    for seat, view, legal in positions:
        stream = f"{gid}/{seed}/{seat}/{len(view.get('drawn', ()))}/{view.get('round', 0)}"
        h = hint(game, view, legal, seat, stream)
        assert problems(game, view, legal, seat, h.action, h.reason) == [], (view, h)
        weaker = (pz.WeakerChoice, pa.AgainstWorths)
        assert not isinstance(h.reason, weaker), h
        searched += getattr(h.reason, "search", None) is not None
        for level in LEVELS:
            # the hard bot's move is the hint's (tests/insight/test_hints.py checks that it is)
            action = h.action if level == "hard" else game.make_bot(level, seat).choose(view, legal, rng_of(stream))
            r = explain(game, view, legal, seat, action, stream, level=level)
            assert problems(game, view, legal, seat, action, r) == [], (level, action, r)
            if level != "easy":
                assert not isinstance(r, weaker), (level, action, r)
            if level == "hard":
                assert r == h.reason                           # the same figures as the hint's
        person = legal[len(legal) // 2]                        # a person's move: no bot's figures
        r = explain(game, view, legal, seat, person, stream)
        assert problems(game, view, legal, seat, person, r) == [], (person, r)
    assert searched, "no hint came from the hard bot's search"


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
def test_a_pirataki_hard_move_is_explained_by_its_own_decision_record(players, seed):
    """Every hard decision with a choice — a first move, a draw or stop, a pirate's payment — is explained
    (`explain(..., level="hard")`, as the table's log asks) with the very record the bot kept when it chose
    (`HardBot.record`: its search's figures), the record's figures favour the move, and the words state its
    estimated chance to win. A payment whose every way gives up the same kinds of card is searched for nothing
    (no record): its reason is in the normal bot's worths, and it is the cheapest by them."""
    match, positions = bot_positions("pirataki", players, seed, 300, levels=("easy", "normal"),
                                     config=quick_hard("pirataki"))     # (a record is the record at any size)
    game = match.game
    chosen = [p for p in positions if len(p[2]) > 1]
    phases = set()
    for seat, view, legal in chosen[::max(1, len(chosen) // 14)]:
        stream = f"own/{seed}/{seat}/{len(view['drawn'])}"
        bot = game.make_bot("hard", seat)
        action = bot.choose(view, legal, rng_of(stream))
        r = explain(game, view, legal, seat, action, stream, level="hard")
        assert favour_pirataki.problems(game, view, legal, seat, action, r) == [], (action, r)
        inner = r.reason if isinstance(r, pa.AgainstWorths) else r
        phases.add(view["phase"])
        if bot.record is None:
            assert view["phase"] == "pirate" and len(bot.payment_choices(view, legal)) == 1, (action, r)
            assert isinstance(r, pa.PayPirate) and r.search is None and r.cheapest, r
            continue
        assert getattr(inner, "search", None) == bot.record, (action, r)
        mine = bot.record.mean(action)
        assert f"An estimated {percent(mine)} chance to win" in reason_text(game, r), reason_text(game, r)
    assert phases == {"turn", "drawing", "pirate"}, phases


def test_a_person_s_weaker_choice_says_so():
    """A take the normal bot's values rate below another is a WeakerChoice naming the better move, and its
    words say so ("though …")."""
    seen = 0
    for seed in (3, 4):
        match, positions = bot_positions("piratz", 2, seed, 60)
        for seat, view, legal in positions:
            for action in legal:
                if action.verb != "take":
                    continue
                r = explain(match.game, view, legal, seat, action, seed)
                if isinstance(r, pz.WeakerChoice):
                    seen += 1
                    assert r.value < r.best_value and r.best != action
                    assert favour_piratz.problems(match.game, view, legal, seat, action, r) == []
                    text = reason_text(match.game, r)
                    assert "though" in text or "as much as" in text, text
    assert seen


# --- the tips -----------------------------------------------------------------------------------------------

def test_the_piratz_tips_are_true_of_the_table():
    """Reported: "Taking coins now collects the most: 1 card" while goblets collected 2."""
    seats = [SeatInfo(f"P{i}") for i in range(4)]
    stated = 0
    for players, seed, options in ((2, 1, None), (3, 2, None), (4, 3, {"open_collections": False}), (2, 9, None)):
        match, positions = bot_positions("piratz", players, seed, 300, options, levels=("easy", "normal"))
        game = match.game
        for _seat, view, legal in positions:
            coach = game.table(view, legal, seats[:players]).coach
            stated += bool(tips.PIRATZ_MOST.search(coach))
            assert tips.problems(game, view, legal, coach) == []
    assert stated > 20


def test_the_pirataki_tips_are_true_of_the_table():
    """Reported: the tip said a pirate "takes 3 of your cards" while the player held a cannon (a cannon given up
    instead stops the pirate)."""
    seats = [SeatInfo(f"P{i}") for i in range(4)]
    with_cannon = stated = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 7), (3, 11)):
        match, positions = bot_positions("pirataki", players, seed, 400, levels=("easy", "normal"))
        game = match.game
        for _seat, view, legal in positions:
            coach = game.table(view, legal, seats[:players]).coach
            found = tips.PIRATE_TAKES.search(coach) if view["phase"] in ("turn", "drawing") else None
            stated += bool(found)
            with_cannon += bool(found and found.group(1))
            assert tips.problems(game, view, legal, coach) == []
    assert stated > 20 and with_cannon


def test_the_tips_and_insight_read_one_count():
    """The counts the tips state come from the functions that insight's odds and reasons read, and those
    agree with a count made here from the view."""
    from piratetable.games.pirataki.insight import pirate_threat
    from piratetable.games.piratz.table import most_collected, takes
    from piratetable.insight import odds
    checked = 0
    for players, seed in ((2, 1), (4, 3)):
        match, positions = bot_positions("piratz", players, seed, 120, levels=("easy", "normal"))
        for seat, view, legal in positions:
            counts = tips.piratz_counts(view)
            assert takes(view) == counts
            most = max(c for _i, c in counts.values())
            best = most_collected(view)
            assert (best is None) == (most == 0)
            if best is not None:
                assert counts[best][1] == most
                assert all(counts[t][0] <= counts[best][0] for t in counts if counts[t][1] == most)
            o = odds(match.game, view, seat)
            if o is not None and o.best_take is not None:
                assert (o.best_items, o.best_cards) == counts[o.best_take]
            for action in legal:
                r = explain(match.game, view, legal, seat, action, seed)
                if isinstance(r, pz.TakeNow):
                    assert (r.items, r.cards) == counts[r.type]
                    checked += 1
        match, positions = bot_positions("pirataki", players, seed, 200, levels=("easy", "normal"))
        for seat, view, _legal in positions:
            assert pirate_threat(view, seat) == tips.pirataki_threat(view, seat)
            o = odds(match.game, view, seat)
            if o is not None:
                drawer = view["current_player"]
                assert (o.held, o.lose, o.cannon) == tips.pirataki_threat(view, drawer)
    assert checked


# --- the words ----------------------------------------------------------------------------------------------

NUMBER = r"(-?\d+(?:\.\d+)?)"
# every number a reason prints comes with its unit: these are the forms that carry one
UNITS = re.compile("|".join([
    r"(?:<|>)?\d+%", r"\d+ of \d+ cards?", r"\d+/\d+", r"about -?\d+(?:\.\d+)? (?:value )?points",
    r"\d+ percentage points?", r"In \d+ rounds? played out", r"\(\d+ sampled plays?\)", r"\d+ gold",
    r"“[^”]*”",     # a move as its button says it
]))


def _favour_in_words(gid, action, text) -> list[str]:
    """Comparisons in the words of a reason that favour another move than `action` (what a reader sees)."""
    out = []
    if "though" in text or "too little to tell" in text or "By these worths" in text or "as much as" in text:
        return out      # a weaker choice, or a search that could not tell: said openly
    if gid == "piratz":
        for pattern in (r"Worth about " + NUMBER + r" points; revealing on or ending is worth about " + NUMBER,
                        r"Worth about " + NUMBER + r" points against about " + NUMBER):
            for mine, other in re.findall(pattern, text):
                if float(mine) < float(other):
                    out.append(f"{action}: {mine} against {other} in {text!r}")
    else:
        old = re.search(r"(\d+)% chance of a pirate \((\d+) of (\d+) cards\); a draw gains about " + NUMBER
                        + r", a pirate costs about " + NUMBER, text)
        if old:
            pirates, cards, gain, cost = int(old.group(2)), int(old.group(3)), float(old.group(4)), float(old.group(5))
            value = gain - pirates / cards * cost
            if abs(value) > 0.15 and (action.verb == "draw") != (value > 0):
                out.append(f"{action} while a draw is worth {value:.2f} by {text!r}")
        new = re.search(r"on balance a draw is worth about " + NUMBER, text)
        if new and float(new.group(1)) != 0 and (action.verb == "draw") != (float(new.group(1)) > 0):
            out.append(f"{action} while {text!r}")
        buy = re.search(r"The part is worth (?:about )?" + NUMBER + r"(?: value points)? to you, the gold (?:it costs )?"
                        r"(?:about )?" + NUMBER, text)
        if buy and action.verb == "buy" and "Nothing can be drawn" not in text and \
                float(buy.group(1)) <= float(buy.group(2)):
            out.append(f"{action} while {text!r}")
    found = re.search(r"An estimated (\d+)% chance to win against (\d+)%", text)
    if found and int(found.group(1)) < int(found.group(2)):
        out.append(f"{action}: {text!r}")
    return out


def _without_units(text) -> list[str]:
    """The numbers of `text` that come without a unit."""
    return re.findall(r"\d+(?:\.\d+)?", UNITS.sub("", text))


@pytest.mark.parametrize("gid,players,seed", [("piratz", 2, 4), ("piratz", 3, 6), ("pirataki", 2, 2),
                                              ("pirataki", 3, 5)])
def test_the_words_favour_the_move_and_carry_units(gid, players, seed):
    """Reported: "Take goblets. Worth about 1.8; revealing on or ending is worth about 2.4" (the hard bot's
    search chose the take, the words printed values favouring a reveal); Pirataki's "Stop. … a draw gains about
    4.0, a pirate costs about 15.0" where the search chose; "worth 7 to you" without a unit. What a reader
    sees in the hint and in a reason (a person's move included) never compares figures in another move's
    favour without saying so, and every number has its unit."""
    match, positions = bot_positions(gid, players, seed, 200, levels=("easy", "normal"),
                                     config=quick_hard(gid))     # (words favour the move at any size of search)
    game = match.game
    bad, units, seen = [], [], 0
    for seat, view, legal in [p for p in positions if len(p[2]) > 1][:20]:
        h = hint(game, view, legal, seat, seed)
        text = reason_text(game, h.reason)
        bad += _favour_in_words(gid, h.action, text)
        units += [(n, hint_text(game, h)) for n in _without_units(text)]
        for action in legal[:8]:
            text = reason_text(game, explain(game, view, legal, seat, action, seed))
            units += [(n, text) for n in _without_units(text)]
            seen += 1
    assert seen
    assert bad == []
    assert units == []
