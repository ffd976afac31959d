"""The coach's tip, the odds line and the hint's reason read one analysis per game, so where they state the same fact
they state the same figure — and the tip never describes a move that is not legal.

Random reachable positions of every game (several seeds and seat counts; random legal play, as the coach's own
tests play) are looked at from every seat: the seat to play gets the tip (its typed value and its English line,
as the table shows it), the odds of its view and the reasons of its legal moves; the figures the tip states are
compared with theirs, and each with the rules' own figure where the table shows one (the Stop button, the view).
Petrangola's games are played at random and by easy bots (which knock on good hands); its tip's figures are
checked against the odds, the hard bot's reasons (on a few deals: the figures compared do not depend on them), the
easy bot's rules of thumb and what the rules give (a rebuy's tokens and stake).
"""
from __future__ import annotations

import random
import re

import pytest

from piratetable.engine.actions import Action
from piratetable.engine.chance import Chance
from piratetable.games.petrangola import insight as pg
from piratetable.games.petrangola.scoring import classify, label
from piratetable.games.piraten_kapern import insight as pk
from piratetable.insight.words import odds_text, reason_text
from piratetable.narrate import signed
from tests.table.test_coach import decisions, make_game, seats_of


def positions(gid, players, seed, options=None, every=1):
    """(game, state, seat to play, legal, table of that seat) at the decisions of one random game."""
    game = make_game(gid, options)
    seats = seats_of(players)
    for step, (state, seat, legal) in enumerate(decisions(game, players, seed)):
        if step % every == 0:
            yield game, state, seat, legal, game.table(game.view(state, seat), legal, seats)


def legal_verbs(legal) -> set[str]:
    return {a.verb for a in legal}


# --- Piraten Kapern ---------------------------------------------------------------------------------------------
def pk_stop_words(points: int) -> str:
    if points > 0:
        return f"Stopping now banks {points}"
    if points < 0:
        return f"Stopping now costs {-points}"
    return "Stopping now scores nothing"


def pk_choose(game, view, legal, seat, line, tip, table) -> None:
    facts = tip.facts
    verbs = legal_verbs(legal)
    odds = pk.odds(game, view, seat)
    stop = next(c for c in table.choices if c.group == "stop")
    assert stop.label.endswith(signed(odds.stop_points)), (stop.label, odds)        # the Stop button …
    assert facts.stop_points == odds.stop_points, (facts, odds)                    # … the odds line …
    if not game.cards[facts.card].shipwreck:
        assert pk_stop_words(odds.stop_points) in line, (line, odds)               # … and the tip say one figure
    else:
        assert line.startswith(pk_stop_words(odds.stop_points)), (line, odds)
    why = pk.reason(game, view, legal, seat, Action("stop"))
    if isinstance(why, pk.PlayingFor):                                             # the hard bot's trip plan
        why = why.reason
    if why.measure == "points":                                                    # the hint's reason says it too
        assert round(why.now) == odds.stop_points, (why, odds)
    if isinstance(odds, pk.RerollOdds) and not odds.ends_trip:
        assert (odds.skulls, odds.skulls_to_bust) == (facts.skulls, facts.skulls_to_bust), (facts, odds)
        assert ("a third ends this trip" in line) == (odds.skulls_to_bust == 1), (line, odds)
        third = re.search(r"(\d+) skulls? lies? out", line)
        assert (int(third.group(1)) if third else 0) == odds.skulls, (line, odds)
        loss = re.search(r"with a loss of (\d+)", line)
        if loss:                                   # a sea battle's bust: what the odds' bust costs
            assert -int(loss.group(1)) == odds.bust_points, (line, odds)
        if "unless the Guardian saves it" in line:    # the odds' bust holds the Guardian's save (if it can bust)
            assert odds.saveable > 0 or odds.bust == 0, (line, odds)
        else:
            assert odds.saveable == 0, (line, odds)
    if isinstance(odds, pk.RerollNotPossible) and odds.problem == "no_reroll":
        assert "too few dice are free to re-roll" in line, (line, odds)
    # the tip describes only moves the player has
    if any(s in line for s in ("re-roll to find", "re-roll the sabers", "a re-roll can", "re-rolling 2 dice",
                                "one re-roll is allowed")):
        assert "reroll" in verbs, (line, verbs)
    if "too few dice are free to re-roll" in line:
        assert "reroll" not in verbs and "island" not in verbs, (line, verbs)
    if "Dice on Treasure Island are not re-rolled" in line or "take dice off Treasure Island" in line:
        assert "island" in verbs, (line, verbs)          # (a line too long for the room drops its last parts)
    if "The Guardian may re-roll one skull" in line:
        assert "guardian" in verbs, (line, verbs)


def pk_check(game, view, legal, seat, line) -> None:
    """What the tip of `view` (the roller's) states, against the odds and the reasons."""
    tip = pk.coach(game, view, legal)
    facts = tip.facts
    table = game.table(view, legal, seats_of(view["players"]))
    phase = view["phase"]
    if phase == "choose":
        pk_choose(game, view, legal, seat, line, tip, table)
    elif phase == "skull_island":
        odds = pk.odds(game, view, seat)
        why = pk.reason(game, view, legal, seat, Action("stop"))
        if isinstance(why, pk.PlayingFor):                                         # the hard bot's trip plan
            why = why.reason
        per = odds.loss_per_skull
        assert per == why.loss_per_skull == facts.island_loss_per_skull, (odds, why, facts)
        assert f"each other player loses {odds.skulls * per} ({per} a skull)" in line, (line, odds)
    elif phase == "zombie":
        why = pk.reason(game, view, legal, seat, legal[0])
        assert f"Zombie attack, {why.sabers} saber" in line and f"{why.needed} sabers or more" in line, (line, why)
    elif phase == "guardian_save":
        odds = pk.odds(game, view, seat)
        points = odds.bust_points
        assert (f"banks {points} " in line if points > 0 else
                f"costs {-points}." in line if points < 0 else "with nothing" in line), (line, odds)
    elif phase == "first_roll":
        odds = pk.odds(game, view, seat)
        starts = re.search(r"the trip starts with (\d+) skulls?", line)
        if starts:
            assert int(starts.group(1)) == facts.skulls, (line, facts)
            assert odds.bust + odds.skull_island > 0, (line, odds)


@pytest.mark.parametrize("players,seed,options", [(2, 1, None), (3, 2, {"guardian_saves_third_skull": True}),
                                                  (4, 3, None), (2, 11, {"guardian_saves_third_skull": True})])
def test_piraten_kapern_tip_odds_and_reason_agree(players, seed, options):
    phases = set()
    for game, state, seat, legal, table in positions("piraten_kapern", players, seed, options):
        view = game.view(state, seat)
        phases.add(view["phase"])
        pk_check(game, view, legal, seat, table.coach)
        # every seat sees the roller's trip (it is public): its odds are the roller's, the same figures
        other = (seat + 1) % players
        if view["phase"] == "choose":
            assert pk.odds(game, game.view(state, other), other).stop_points == pk.coach(game, view, legal) \
                .facts.stop_points
    assert {"first_roll", "choose", "skull_island"} <= phases


# --- Piratz -----------------------------------------------------------------------------------------------------
def pz_check(game, view, legal, seat, line) -> None:
    from piratetable.games.piratz import insight as pz
    tip = pz.coach(game, view, legal)
    verbs = legal_verbs(legal)
    odds = pz.odds(game, view, seat)
    most = re.search(r"Taking (\w+) now collects the most: (\d+) cards?\.", line)
    if most:              # the take the tip names collects what the hint's reason of that take says it collects
        t = tip.facts.most
        take = Action("take", (t,))           # the reason of that take (as the bot that weighed it best says it)
        why = pz.reason(game, view, legal, seat, take, extra={"values": [(float(a == take), a) for a in legal]})
        assert (why.items, why.cards) == tip.facts.collects(t) and why.cards == int(most.group(2)), (line, why)
        if odds is not None and odds.best_take == t:
            assert (odds.best_items, odds.best_cards) == tip.facts.collects(t), (line, odds)
        assert "take" in verbs, (line, verbs)
    if odds is not None:  # the tip warns of the rats exactly when the odds count a rat face up and a reveal is open
        assert ("another rat" in line) == (odds.rats_face_up > 0 and "reveal" in verbs), (line, odds)
        assert odds.rats_face_up == tip.facts.rats_face_up, (tip, odds)
    if line.startswith(("Reveal a card", "No card lies face up, so reveal")) or "reveal as often" in line:
        assert "reveal" in verbs, (line, verbs)
    if "or end your turn and keep your shovel" in line and view["phase"] == "revealed":
        assert "end" in verbs, (line, verbs)
    rats = re.search(r"Take one of the (\d+) face-up rat cards", line)
    if rats or "Take the face-up rat card" in line:
        options = [a for a in legal if a.verb == "rat" and a.args != ("none",)]
        assert len(options) == (int(rats.group(1)) if rats else 1), (line, legal)
        assert ("or none" in line) == (Action("rat", ("none",)) in legal), (line, legal)
    buried = re.search(r"buries one of the (\d+) face-up cards", line)
    if buried or "buries the face-up card" in line:
        assert len([a for a in legal if a.verb == "bury"]) == (int(buried.group(1)) if buried else 1), (line, legal)


@pytest.mark.parametrize("players,seed,options", [(2, 1, None), (3, 2, None), (4, 3, {"rats_must_take": False}),
                                                  (3, 4, {"open_collections": False})])
def test_piratz_tip_odds_and_reason_agree(players, seed, options):
    phases = set()
    for game, state, seat, legal, table in positions("piratz", players, seed, options, every=3):
        view = game.view(state, seat)
        phases.add(view["phase"])
        pz_check(game, view, legal, seat, table.coach)
    assert {"turn", "revealed", "bury"} <= phases


# --- Pirataki ---------------------------------------------------------------------------------------------------
PIRATE_TAKES = re.compile(r"a pirate (?:ends your turn and )?takes (a cannon or )?(all )?(\d+) (?:of your )?cards")


def pa_check(game, view, legal, seat, line) -> None:
    from piratetable.games.pirataki import insight as pa
    tip = pa.coach(game, view, legal)
    verbs = legal_verbs(legal)
    odds = pa.odds(game, view, seat)
    come = re.search(r"(\d+) of the (\d+) cards to come (?:is a pirate|are pirates)", line)
    if come or "No pirate is among the cards to come" in line:
        assert odds is not None and (int(come.group(1)) if come else 0, odds.cards if not come else
                                     int(come.group(2))) == (odds.pirates, odds.cards), (line, odds)
    takes = PIRATE_TAKES.search(line)
    if takes and view["phase"] in ("turn", "drawing"):    # what a pirate takes: the odds' figures
        assert (int(takes.group(3)), bool(takes.group(1))) == (odds.lose, odds.cannon), (line, odds)
        assert tip.facts.held == odds.held, (tip, odds)
    if "your only card" in line and odds is not None:
        assert odds.held == 1, (line, odds)
    if line.startswith("Buy a") or "buy a" in line:
        assert "buy" in verbs and f"for {tip.facts.price} gold" in line or tip.facts.price == 0, (line, verbs)
    if line.startswith("Draw:") or "Or draw" in line or "Each card you draw" in line:
        assert "draw" in verbs, (line, verbs)
    if "or pass." in line or line.endswith("pass."):
        assert "pass" in verbs, (line, verbs)
    give = re.search(r"Give up (\d+) of your (\d+) cards", line)
    if give:
        loses = [a for a in legal if a.verb == "lose"]
        assert int(give.group(1)) == len(loses[0].args) == tip.facts.loses, (line, loses[:1])
        assert ("or a cannon alone" in line) == ("cannon" in verbs), (line, verbs)


@pytest.mark.parametrize("players,seed,options", [(2, 1, None), (3, 2, {"ship_price": 2}), (4, 3, None)])
def test_pirataki_tip_odds_and_reason_agree(players, seed, options):
    phases = set()
    for game, state, seat, legal, table in positions("pirataki", players, seed, options, every=2):
        view = game.view(state, seat)
        phases.add(view["phase"])
        pa_check(game, view, legal, seat, table.coach)
    assert {"turn", "drawing", "pirate"} <= phases


# --- Petrangola -------------------------------------------------------------------------------------------------
# Where the tip names a move, the move it names (the tip states no chance: the odds' figure is the only one).
PG_MOVES = (("Keep it as your hand", "keep"), ("Reject it", "reject"), ("rebuy for", "rebuy"),
            ("rebuy to come back", "rebuy"), ("declining leaves", "decline"), ("Swap 1 or 2 cards", "swap"),
            ("Swap one or two cards", "swap"), ("swapping all three knocks", "swapall"), ("all three, or pass", "swapall"),
            ("or pass.", "pass"), ("knock when", "knock"))
PG_SAMPLES = 16       # deals for the odds and the reasons: the figures compared here do not depend on their count


def pg_inner(r):
    """A reason without its `Despite` (the figures are the same)."""
    return r.reason if isinstance(r, pg.Despite) else r


def pg_told(game, hand) -> str:
    """A hand in the words of a sentence ("a sequence to the Re", "18 points")."""
    return game.words().hand(hand.kind, hand.value) if isinstance(hand, pg.PGHand) else game.words().hand(*hand)


def pg_rules(game, state, seat, legal, line, tip, seats) -> None:
    """The tip against the rules: the moves it names are legal, its figures are the view's and what a move gives."""
    facts, verbs = tip.facts, legal_verbs(legal)
    view = game.view(state, seat)
    for words, verb in PG_MOVES:
        if words in line:
            assert verb in verbs, (line, verbs)
    assert "%" not in line, line
    left = re.search(r"You have (\d+) tokens? left", line)
    if left:
        assert int(left.group(1)) == facts.tokens == view["scores"][seat], (line, facts)
    phase = view["phase"]
    if phase == "rebuy":                     # the tokens a rebuy brings: what the rules give, the stake the reason's
        back = re.search(r"come back with (\d+) tokens?", line)
        twin = game.clone(state)
        game.apply(twin, Action("rebuy"), Chance(0))
        assert int(back.group(1)) == facts.rebuy_tokens == twin.tokens[seat], (line, facts)
        stake = re.search(r"rebuy for (\d+) chips?", line)
        why = pg.reason(game, view, legal, seat, Action("rebuy"))
        assert (int(stake.group(1)) if stake else 0) == facts.stake == why.stake == twin.pot - state.pot, (line, why)
        assert f"stake of {why.stake} chip" in reason_text(game, why), why
    if phase == "play":                      # a knock is named exactly as the rules allow it
        assert ("knock when" in line) == ("knock" in verbs), (line, verbs)
        assert ("swapping all three knocks" in line) == ("knock" not in verbs), (line, verbs)
    if phase == "final":
        assert line.startswith(f"{seats[view['knocker']].name} knocked: your last turn"), line
    hold = re.search(r"You hold (.+?)\.", line)
    if hold or phase in ("play",):           # (the final turns' line may drop it for room)
        assert hold and hold.group(1) == pg_told(game, classify(game.deck, view["hands"][seat])), (line, view)
    # every other seat sees the same monte and the same knock; none of them gets a tip
    other = (seat + 1) % view["players"]
    theirs = pg.analyse(game, game.view(state, other))
    assert (theirs.monte, theirs.knock, theirs.knocker) == (facts.monte, facts.knock, facts.knocker), (theirs, facts)
    assert pg.coach(game, game.view(state, other), []) is None


def pg_figures(game, view, legal, seat, line, tip, table) -> None:
    """The tip against the odds line and the reasons (the hard bot's on a few deals, the easy bot's rules)."""
    facts, phase = tip.facts, view["phase"]
    odds = pg.odds(game, view, seat, seed=1, samples=PG_SAMPLES)
    deals = {"level": "hard", "deals": pg.deals(game, view, seat, random.Random(1), samples=PG_SAMPLES)}
    easy = game.make_bot("easy", seat).choose(view, legal, random.Random(1))
    thumb = pg.reason(game, view, legal, seat, easy, None, {"level": "easy"})
    if phase == "widow":
        told = re.search(r"Your widow holds (.+?)\. Keep", line)
        assert odds.hand == facts.widow.cards, (odds, facts)
        assert told.group(1) == pg_told(game, (odds.kind, odds.value)) == pg_told(game, (thumb.kind, thumb.value))
        why = pg_inner(pg.reason(game, view, legal, seat, Action("keep"), None, deals))
        assert why.limit == odds.limit, (why, odds)
        return
    mine = facts.hand
    assert (odds.hand, odds.kind, odds.value) == (mine.cards, mine.kind, mine.value), (odds, facts)
    assert table.me.items[0].note == label(odds.kind, odds.value, game.deck), (table.me, odds)   # the hand's caption
    hold = re.search(r"You hold (.+?)\.", line)
    if hold:
        assert hold.group(1) == pg_told(game, mine), (line, odds)
    # a knock: the tip tells of one exactly when the odds and the reasons weigh one
    assert ("knock" in line.replace("knocked", "")) == (odds.limit is not None) == facts.knock, (line, odds)
    for action in {Action("pass"), legal[1], Action("swapall")}:
        why = pg_inner(pg.reason(game, view, legal, seat, action, None, deals))
        if isinstance(why, pg.KnockNow):
            assert why.limit == odds.limit and facts.knock, (why, odds)
        else:
            assert why.knock_limit == odds.limit and (why.knock_risk is not None) == facts.knock, (why, odds)
    knock = Action("knock")
    if knock in legal:                       # the hand a knock keeps: the tip's, the odds'
        why = pg_inner(pg.reason(game, view, legal, seat, knock, None, deals))
        assert why.hand == odds.hand, (why, odds)
    # the easy bot's rule of thumb names the hand it looked at: the analysis's, the one its move makes
    made = classify(game.deck, game.make_bot("easy", seat).result(easy, view["hands"][seat], view["monte"])[0])
    if phase == "final":
        assert (thumb.kind, thumb.value) == (facts.best.kind, facts.best.value) == made, (thumb, facts, easy)
    elif easy.verb in ("knock", "pass"):
        assert (thumb.kind, thumb.value) == (odds.kind, odds.value), (thumb, odds)
    elif easy.verb == "swapall":
        assert (thumb.kind, thumb.value) == (facts.monte.kind, facts.monte.value) == made, (thumb, facts)
    else:
        assert (thumb.kind, thumb.value) == (facts.best_single.kind, facts.best_single.value) == made, (thumb, facts)
    if odds_text(game, odds) and facts.hand.kind == "petrangolone":
        assert "never loses" in odds_text(game, odds)


def pg_decisions(game, players, seed, level):
    """(state, seat, legal) at every decision of a game of random legal play (`level` None, as the coach's own tests
    play) or of `level` bots (the easy bots knock on a good hand and take a good monte, which random play seldom
    does)."""
    if level is None:
        yield from decisions(game, players, seed)
        return
    chance, rng = Chance(seed), random.Random(seed)
    state = game.start(players, chance)
    bots = [game.make_bot(level, s) for s in range(players)]
    while not game.is_over(state):
        seat, legal = game.current_player(state), game.legal_actions(state)
        yield state, seat, legal
        game.apply(state, bots[seat].choose(game.view(state, seat), legal, rng), chance)
        chance.pop_events()


@pytest.mark.parametrize("players,seed,options,level,every", [
    (3, 1, None, None, 1), (3, 2, {"knock_without_swap": False}, None, 1), (3, 3, None, "easy", 1),
    (5, 3, {"stake": 0}, None, 2), (5, 4, None, None, 2), (5, 5, None, "easy", 2),
    (12, 5, None, None, 6), (12, 6, {"knock_without_swap": False}, None, 6)])
def test_petrangola_tip_odds_and_reason_agree(players, seed, options, level, every):
    phases, weighed = set(), 0
    seats = seats_of(players)
    game = make_game("petrangola", options)
    for step, (state, seat, legal) in enumerate(pg_decisions(game, players, seed, level)):
        view = game.view(state, seat)
        table = game.table(view, legal, seats)
        tip = pg.coach(game, view, legal)
        phases.add(view["phase"])
        pg_rules(game, state, seat, legal, table.coach, tip, seats)
        if step % every == 0 and view["phase"] in ("widow", "play", "final") and len(legal) > 1:
            pg_figures(game, view, legal, seat, table.coach, tip, table)
            weighed += 1
    assert {"widow", "play", "final", "rebuy"} <= phases, phases
    assert weighed >= 20, weighed
