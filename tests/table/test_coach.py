"""The coach (`Table.coach`): one line of first-game tips per decision — what the decision is and what the options
do, with the figures of this situation, in the game's words.

Seeded random games of every game (and of the options that change its decisions) are played to the end or a cap;
at every decision the current seat's table must carry a coach line that fits one line (≤ 170 characters) and
names no internal id or notation, while every other seat's table has none. Per game a few facts are checked
against other sources (the Stop button, the trip panel, the view)."""
from __future__ import annotations

import random
import re

import pytest

from piratetable.bots.base import RandomBot
from piratetable.config.loader import load_config, load_config_text
from piratetable.engine.chance import Chance
from piratetable.engine.registry import game_class
from piratetable.games.petrangola.scoring import classify
from piratetable.games.piratz.schema import TYPES
from piratetable.games.piratz.table import collected_by
from piratetable.games.piratz.words import type_plural
from piratetable.narrate import signed
from piratetable.table.model import Info
from piratetable.table.standard import SeatInfo

LIMIT = 170          # one line at 1280×720 (longer lines are cut with "…")
MAX_DECISIONS = 400  # per game: enough to reach every phase, fast enough for the whole file to run in seconds
NOTATION = ("reroll", "swapall")   # verbs that are no words


_CONFIGS: dict = {}


def make_game(gid, options=None, text=None):
    """A fresh game of `gid` (its config changed by `text`, a function of the YAML text, and `options`); configs
    are read once per test run (reading YAML is most of the cost)."""
    key = (gid, text, tuple(sorted((options or {}).items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = load_config(gid)
        if text is not None:
            cfg = load_config_text(text(cfg.text), cfg.path)
        if options:
            cfg = cfg.with_options(options)
        _CONFIGS[key] = cfg
    return game_class(gid)(cfg)


def decisions(game, players, seed):
    """Random legal play; yields (state, seat, legal) at every decision, then plays a random legal action."""
    chance = Chance(seed)
    state = game.start(players, chance)
    rng = random.Random(seed)
    for _step in range(MAX_DECISIONS):
        if game.is_over(state):
            return
        seat, legal = game.current_player(state), game.legal_actions(state)
        yield state, seat, legal
        game.apply(state, RandomBot(None, 0).choose({}, legal, rng), chance)
        chance.pop_events()


def seats_of(players):
    return [SeatInfo(f"Player {i + 1}") for i in range(players)]


def view_ids(gid, game, view) -> set[str]:
    """The card ids this view names (ids that are plain words, like Piraten Kapern's `pirate`, are the game's
    words too and are left out; Piraten Kapern's other ids carry `_` and are caught by that check)."""
    if gid == "piratz":
        ids = set(view["card_items"])
    elif gid == "pirataki":
        ids = {c for key in ("ships", "reserves") for cards in view[key] for c in cards}
        ids |= set(view["draw_pile_cards"]) | set(view["discard_cards"]) | set(view["drawn"])
    elif gid == "petrangola":
        ids = set(game.deck.index)
    else:
        ids = set(game.cards)
    return {c for c in ids if not c.isalpha() or not c.islower()}


def check_line(gid, game, view, legal, coach):
    assert coach, f"{gid} {view['phase']}: no coach line on the player's own turn"
    assert len(coach) <= LIMIT, f"{len(coach)} characters: {coach}"
    assert "\n" not in coach
    assert "_" not in coach and "#" not in coach and not re.search(r":\d", coach), coach
    assert not re.search(r"\{\w*\}", coach), f"a placeholder left unformatted: {coach}"
    for card in view_ids(gid, game, view):
        assert not re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", coach), f"card id {card!r} in: {coach}"
    for verb in NOTATION:
        assert verb not in coach.lower(), coach
    for action in legal[:30]:
        if action.args:
            assert str(action) not in coach, coach


def run(gid, players, seed, options=None, text=None, check=None):
    """Plays one game; at every decision checks the coach of every seat; returns the phases reached."""
    game = make_game(gid, options, text)
    seats = seats_of(players)
    phases = set()
    for step, (state, seat, legal) in enumerate(decisions(game, players, seed)):
        view = game.view(state, seat)
        table = game.table(view, legal, seats)
        phases.add(view["phase"])
        check_line(gid, game, view, legal, table.coach)
        if check is not None:
            check(game, view, legal, table)
        other = (seat + 1 + step % (players - 1)) % players      # another seat each time, in turn: none coached
        assert game.table(game.view(state, other), [], seats).coach == "", "a coach line off turn"
    return phases


def human_phases(gid):
    return set(make_game(gid).phases) - {"over"}


# --- Piraten Kapern ---------------------------------------------------------------------------------------------
def pk_facts(game, view, legal, table):
    phase, points, card = view["phase"], view["trip_points"], game.cards[view["card"]]
    coach = table.coach
    if phase == "choose":
        stop = next(c for c in table.choices if c.group == "stop")
        assert stop.label.endswith(signed(points)), stop.label        # the figure the Stop button banks …
        if points > 0:                                                  # … is the one the coach names
            assert f"Stopping now banks {points}" in coach, coach
        elif points < 0:
            assert f"Stopping now costs {-points}" in coach, coach
        else:
            assert "Stopping now scores nothing" in coach, coach
        if not (card.zombie or card.shipwreck):
            assert ("a third ends this trip" in coach) == (view["skulls"] == 2), coach
        if card.battle_sabers:
            assert f"with a loss of {card.battle_bonus}" in coach, coach
    elif phase == "skull_island":
        panel = next(e for e in table.elements() if isinstance(e, Info) and e.id == "trip")
        loss = re.search(r"loses (\d+)", panel.big).group(1)          # the trip panel's figure
        assert f"each other player loses {loss} " in coach, coach
    elif phase == "zombie":
        share = card.zombie_points // (view["players"] - 1)
        assert f"win you {card.zombie_points}" in coach and f"each other player {share}." in coach, coach
    elif phase == "first_roll" and card.battle_sabers:
        assert f"stop with {card.battle_sabers} sabers or more to win {card.battle_bonus}" in coach, coach


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_piraten_kapern_coaches_every_decision(players, seed):
    run("piraten_kapern", players, seed, check=pk_facts)


def test_piraten_kapern_reaches_every_phase_and_the_guardian_save_is_coached():
    phases = set()
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        phases |= run("piraten_kapern", players, seed, {"guardian_saves_third_skull": True}, check=pk_facts)
    assert phases == human_phases("piraten_kapern")


def bigger(text: str) -> str:
    return text.replace("bonus: 500", "bonus: 777").replace("skull_island_loss: 100", "skull_island_loss: 150")


def test_piraten_kapern_takes_its_figures_from_the_config():
    game = make_game("piraten_kapern", text=bigger)
    assert any(c.battle_bonus == 777 for c in game.cards.values())
    seen = set()

    def pick(game, view, legal, table):
        pk_facts(game, view, legal, table)          # the sea battle's bonus is checked against the card
        card = game.cards[view["card"]]
        if view["phase"] == "skull_island":
            seen.add("island")
            assert f"({150 * card.island_factor} a skull)" in table.coach, table.coach
        if card.battle_bonus == 777 and view["phase"] in ("first_roll", "choose"):
            seen.add("battle")
            assert "777" in table.coach, table.coach
    for seed in (7, 8):
        run("piraten_kapern", 3, seed, text=bigger, check=pick)
    assert seen == {"island", "battle"}, "pick other seeds"


def test_piraten_kapern_two_skulls_and_600_in_the_dice():
    from tests.games.piraten_kapern.test_rules import play, start
    game, state, chance = start(deck=["gold"], dice="skull skull coin coin diamond diamond monkey parrot".split())
    play(game, state, chance, "roll")
    table = game.table(game.view(state, 0), game.legal_actions(state), seats_of(2))
    assert table.coach == ("2 skulls lie out: a third ends this trip with nothing. Stopping now banks 600; a re-roll "
                           "can add more or lose it all.")
    assert game.table(game.view(state, 1), [], seats_of(2)).coach == ""


# --- Piratz -----------------------------------------------------------------------------------------------------
def piratz_facts(game, view, legal, table):
    phase, coach = view["phase"], table.coach
    verbs = {a.verb for a in legal}
    rat_risk = bool(view["table_rats"]) and "reveal" in verbs
    assert ("another rat" in coach) == rat_risk, coach                 # the warning only with a rat face up
    if not view["table_rats"]:
        assert "rat" not in coach.lower() or phase == "rats", coach
    m = re.search(r"Taking (\w+) now collects the most: (\d+) cards?\.", coach)
    if m:   # the type named collects that many cards, and no take collects more
        cards = {t: len(collected_by(view, t)) for t in TYPES}
        named = next(t for t in TYPES if type_plural(t) == m.group(1))
        assert int(m.group(2)) == cards[named] == max(cards.values()), (coach, cards)
    if phase == "rats":
        rats = len(view["table_rats"])
        assert f"Take one of the {rats} face-up rat cards" in coach or (rats == 1 and "the face-up rat card" in coach)
        assert ("or none" in coach) == (not view["rats_must_take"]), coach
    if phase == "bury":
        n = len(view["table"])
        assert (f"one of the {n} face-up cards" in coach) if n > 1 else ("buries the face-up card" in coach), coach


@pytest.mark.parametrize("players,seed,options", [(2, 1, None), (3, 2, None), (4, 3, {"rats_must_take": False}),
                                                  (3, 4, {"open_collections": False})])
def test_piratz_coaches_every_decision(players, seed, options):
    run("piratz", players, seed, options, check=piratz_facts)


def test_piratz_reaches_every_phase():
    phases = set()
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        phases |= run("piratz", players, seed, check=piratz_facts)
    assert phases == human_phases("piratz")


# --- Pirataki ---------------------------------------------------------------------------------------------------
def pirataki_facts(game, view, legal, table):
    phase, coach, cur = view["phase"], table.coach, view["current_player"]
    verbs = {a.verb for a in legal}
    words = game.words()
    colour = view["colors"][cur]
    if phase == "pirate":
        loses = [a for a in legal if a.verb == "lose"]
        held = len(view["ships"][cur]) + len(view["reserves"][cur])
        need = len(loses[0].args) if loses else 0
        if need < held:
            assert f"Give up {need} of your {held} cards" in coach, coach
        assert ("cannon" in coach) == ("cannon" in verbs), coach
    if "buy" in verbs:
        price = view["options"]["ship_price"]
        assert f"Buy a {words.colour(colour)} part" in coach and f"for {price} gold" in coach, coach
    if colour and phase in ("turn", "drawing") and "draw" in verbs:
        assert words.colour(colour) in coach, coach
    m = re.search(r"(\d+) of the (\d+) cards to come (?:is a pirate|are pirates)", coach)
    if m:
        pile = view["deck_composition"] if view["draw_pile"] else view["discard_composition"]
        assert (int(m.group(1)), int(m.group(2))) == (pile.get("pirate", 0), sum(pile.values()))


@pytest.mark.parametrize("players,seed,options", [(2, 1, None), (3, 2, {"ship_price": 2}), (4, 3, None)])
def test_pirataki_coaches_every_decision(players, seed, options):
    run("pirataki", players, seed, options, check=pirataki_facts)


def no_pirates(text: str) -> str:
    return text.replace("pirates: 8", "pirates: 0").replace("gold: 20", "gold: 2")


def test_pirataki_reaches_every_phase_and_coaches_a_pass_with_empty_piles():
    phases = set()
    for players, seed in ((2, 4), (3, 5)):
        phases |= run("pirataki", players, seed, check=pirataki_facts)
    assert phases == human_phases("pirataki")
    passed = []

    def passes(game, view, legal, table):
        pirataki_facts(game, view, legal, table)
        if any(a.verb == "pass" for a in legal):
            passed.append(table.coach)
            assert "nothing can be drawn" in table.coach and "no winner" in table.coach, table.coach
    for seed in (6, 7):
        run("pirataki", 2, seed, text=no_pirates, check=passes)
    assert passed, "no pass reached: pick other seeds"


# --- Petrangola -------------------------------------------------------------------------------------------------
def petrangola_facts(game, view, legal, table):
    phase, coach, me = view["phase"], table.coach, view["seat"]
    words = game.words()
    if phase in ("play", "final"):
        hand = view["hands"][me]
        assert f"You hold {words.hand(*classify(game.deck, hand))}." in coach, coach
        assert ("knock when" in coach) == any(a.verb == "knock" for a in legal), coach
    if phase == "widow":
        assert f"Your widow holds {words.hand(*classify(game.deck, view['widow']))}." in coach, coach
    if phase == "rebuy":
        back = min(t for t, out in zip(view["scores"], view["out"]) if not out)
        assert re.search(rf"come back with {back} tokens?\b", coach), coach
        stake = view["stake"]
        assert (f"for {stake} chip" in coach) == bool(stake), coach


@pytest.mark.parametrize("players,seed,options", [(3, 1, None), (5, 2, {"knock_without_swap": False}),
                                                  (4, 3, {"stake": 0}), (8, 4, None)])
def test_petrangola_coaches_every_decision(players, seed, options):
    run("petrangola", players, seed, options, check=petrangola_facts)


def test_petrangola_reaches_every_phase():
    phases = set()
    for players, seed in ((3, 5), (4, 6), (6, 7)):
        phases |= run("petrangola", players, seed, check=petrangola_facts)
    assert phases == human_phases("petrangola")
