"""Refusals come from the legality structure: over random reachable states of every built-in game (every seat,
random play from several seeds and seat counts, as the conformance suite plays) and a generated action space —
every verb of the notation with the arguments of other states, wrong arguments and nonsense — every action that
is not in `legal_actions` has a reason (never the bare generic one), `is_legal` agrees with `legal_actions`, and
every legal action has none."""
import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from piratetable.config.loader import load_config
from piratetable.engine.actions import Action, split_tokens
from piratetable.engine.chance import Chance
from piratetable.engine.errors import ActionSyntaxError, IllegalAction
from piratetable.engine.registry import BUILTIN, game_class
from tests.fakegame import Race
from tests.test_conformance import pick_random, player_counts

SPEC = Path(__file__).resolve().parents[2] / "docs" / "rules"
# the bare fallbacks that say nothing the legality structure could not say better
BARE = {"not a legal action now", "not a legal re-roll now", "not now"}
# the options that change what is legal
OPTIONS = {"piratz": [{}, {"rats_must_take": False}], "petrangola": [{}, {"knock_without_swap": False}],
           "piraten_kapern": [{}, {"guardian_saves_third_skull": True}], "pirataki": [{}]}
WORDED = {"pirataki"}      # refusals said in the game's words, not in notation
STATES = 70                # states looked at per game played (the first ones and then every few)
NONSENSE = ((), ("x",), ("0",), ("99",), ("none",), ("",), ("1", "1"), ("AD", "AD", "AD"))



def spec_verbs(gid):
    """The verbs of the rules spec's notation table (docs/rules/<id>.md)."""
    text = (SPEC / f"{gid}.md").read_text(encoding="utf-8")
    table = text[text.index("## Notation"):].split("\n## ")[0]
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    return sorted({m.group(1) for row in rows for m in re.finditer(r"`([a-z]+)[^`]*`", row)})


CASES = [(gid, options, players, seed) for gid in BUILTIN for options in OPTIONS[gid]
         for players in player_counts(load_config(gid)) for seed in (11, 12)]


def candidates(game, legal, pool, rng):
    """Legal actions, actions legal in other states, their arguments changed, every verb of the spec's notation
    with them, and nonsense."""
    verbs = spec_verbs(game.id)
    out = rng.sample(legal, min(len(legal), 8))
    known = sorted(pool)
    out += rng.sample(known, min(len(known), 24))
    args = sorted({a for action in known for a in action.args})
    for action in rng.sample(known, min(len(known), 12)):
        if action.args:
            i = rng.randrange(len(action.args))
            out.append(Action(action.verb, action.args[:i] + (rng.choice(args),) + action.args[i + 1:]))
            out.append(Action(action.verb, action.args[:-1]))
            out.append(Action(action.verb, action.args[::-1]))
        out.append(Action(action.verb, action.args + (rng.choice(args),) if args else ()))
        out.append(Action(rng.choice(verbs), action.args))
    out += [Action(verb, args) for verb in verbs for args in NONSENSE]
    out += [Action("fly"), Action("", ("x",))]
    return out


def check_refusals(game, state, legal, pool, rng):
    legal_set = set(legal)
    verbs = sorted({a.verb for a in legal})
    for action in candidates(game, legal, pool, rng):
        is_legal = action in legal_set
        assert game.is_legal(state, action) is is_legal, (str(action), state.ctx.phase)
        reason = game.refusal_reason(state, action)
        if is_legal:
            assert reason is None, (str(action), reason)
            continue
        where = (str(action), state.ctx.phase, reason)
        assert isinstance(reason, str) and reason.strip(), where
        assert reason not in BARE, where
        if action.verb not in verbs and game.id not in WORDED:   # the phase's reason: what may be done now
            assert all(f"`{game.notation[verb]}`" in reason for verb in verbs), where


@pytest.mark.parametrize("gid, options, players, seed", CASES)
def test_every_refused_action_has_a_reason_and_every_legal_one_none(gid, options, players, seed):
    game = game_class(gid)(load_config(gid).with_options(options))
    chance, rng = Chance(seed), random.Random(seed)
    state = game.start(players, chance)
    pool: set = set()
    step = looked = 0
    while not game.is_over(state) and looked < STATES:
        legal = game.legal_actions(state)
        pool.update(rng.sample(legal, min(len(legal), 6)))
        if step < 20 or step % 4 == 0:
            check_refusals(game, state, legal, pool, rng)
            looked += 1
        game.apply(state, pick_random(legal, rng), chance)
        chance.pop_events()
        step += 1
    assert game.refusal_reason(state, Action("fly")) is not None


@pytest.mark.parametrize("gid", list(BUILTIN))
def test_an_illegal_action_is_refused_with_its_reason(gid):
    game = game_class(gid)(load_config(gid))
    chance = Chance(3)
    state = game.start(game.min_players, chance)
    legal = set(game.legal_actions(state))
    action = next(Action(verb) for verb in spec_verbs(gid) if Action(verb) not in legal)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, action, chance)
    assert str(refused.value) == f"{action}: {game.refusal_reason(state, action)}"


@pytest.mark.parametrize("gid", list(BUILTIN))
def test_the_refusals_name_the_verbs_of_the_rules_specs_notation(gid):
    """`Game.notation` (how a refusal writes the verbs legal now) has the verbs of the spec's notation table."""
    assert sorted(game_class(gid).notation) == spec_verbs(gid)


class Pick(Race):
    """The race with a family of actions (`pick N`) and no refusal hooks: the engine's own reasons."""

    notation = {"roll": "roll", "pick": "pick N", "mark": "mark"}

    def legal_actions(self, s):
        return [] if s.ctx.over else [Action.of("roll")] + [Action.of("pick", n) for n in range(1, 7)]

    def parse_action(self, text):
        tokens = split_tokens(text)
        if tokens[0] == "pick" and len(tokens) == 2 and tokens[1].isdigit():
            return Action.of("pick", int(tokens[1]))
        if tokens in (["roll"], ["mark"]):
            return Action.of(tokens[0])
        raise ActionSyntaxError(f"{text!r}: expected roll, mark or pick N")


def test_a_game_without_refusal_hooks_gets_reasons_from_its_legal_moves():
    game = Pick(SimpleNamespace(rules=SimpleNamespace(target=10), players_min=2, players_max=4, title="Pick"))
    state = game.start(2, Chance(1))
    assert game.refusal_reason(state, Action.of("pick", 3)) is None
    assert game.refusal_reason(state, Action.of("mark")) == "what may be done now: `roll`, `pick N`"
    assert game.refusal_reason(state, Action.of("fly")) == "what may be done now: `roll`, `pick N`"
    assert game.refusal_reason(state, Action.of("pick", 9)) == \
        "legal now: `pick 1`, `pick 2`, `pick 3`, `pick 4` … (6 in all)"
    assert game.refusal_reason(state, Action.of("pick", "03")) == "written `pick 3` in the notation"
    assert game.refusal_reason(state, Action.of("pick", "x")) == "'pick x': expected roll, mark or pick N"
    with pytest.raises(IllegalAction, match=r"^mark: what may be done now: `roll`, `pick N`$"):
        game.apply(state, "mark", Chance(1))
    state.ctx.finish([0])
    assert game.refusal_reason(state, Action.of("roll")) == "the game is over"
