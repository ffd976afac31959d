"""The explorer's invariants on one position: what every layer a player touches must do, whatever the state.

Each `check_*` function looks at one thing (a seat's table, a selection, the odds, the hint, a reason, the log,
the recap, a replay point, a save) and raises a `Violation` naming what is wrong. Every check has its own
Violation class, so Hypothesis tells distinct failures apart and shrinks each on its own. Nothing here imports
pygame: the screen checks live in `screen.py`.

What is checked (docs/ui.md, "The table explorer"):
- nothing raises: table building, selection, odds, hint, reason, tip, log, recap, replay, words, in each language;
- every number an odds or reason holds is finite, every chance lies in [0, 1]; no text shows "inf", "nan" or a
  placeholder left unfilled ("{n}");
- a choice on a table plays a legal action, every item it needs can be picked on that table, and every legal
  action is offered; a selection never names an illegal action;
- Piraten Kapern's odds always speak of exactly the dice chosen, or say (typed) why they make no re-roll;
  Petrangola's of the hand the swap picked makes, or of the hand as it is when no whole swap is picked;
- the hint is legal and is the hard bot's own move; its reason's figures favour it (`tests/insight/favour_*`);
- a seat's screens (table, log, replay) never name a card that seat has not seen; the results name only cards
  every seat has seen;
- a save loads back to the same views and log.
"""
from __future__ import annotations

import dataclasses
import importlib
import math
import random
import re
from fractions import Fraction

from piratetable import insight
from piratetable.engine.actions import Action
from piratetable.i18n import set_language
from piratetable.insight import words as insight_words
from piratetable.table import model as tm
from piratetable.table.select import Selection


class Violation(AssertionError):
    """An invariant broken at an explored position."""

    check = "violation"


_KINDS: dict[str, type] = {}


def violation(check: str, message: str) -> Violation:
    """The Violation of `check` (one class per check, so failures stay apart)."""
    cls = _KINDS.get(check)
    if cls is None:
        cls = _KINDS[check] = type(f"Violation_{check}", (Violation,), {"check": check})
    return cls(f"[{check}] {message}")


def fail(check: str, message: str):
    """Raise the Violation of `check`."""
    raise violation(check, message)


class language:
    """`with language("ru"):` — the catalog of a language for the block, English again after it."""

    def __init__(self, code: str):
        self.code = code

    def __enter__(self):
        set_language(self.code)

    def __exit__(self, *exc):
        set_language("en")


# --- texts ---------------------------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|\{\}")
_NONFINITE = re.compile(r"(?<![\w.])-?(inf|nan|NaN|Infinity)(?![\w])")
# a fraction with a long denominator printed raw (exact odds show their fraction only up to 1/100: insight/words.py),
# and a figure that reads "0.0" ("0,0"): say "next to nothing", or show the decimals that matter
_FRACTION = re.compile(r"(?<![\d/])\d+/(\d+)(?![\d/])")
_ZERO = re.compile(r"(?<![\d.,])-?0[.,]0(?![\d])")


def texts_of(value, out=None) -> list[str]:
    """Every string inside a value (a Table, a Recap, an Odds, lists and dicts of them)."""
    out = [] if out is None else out
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            texts_of(v, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            texts_of(v, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            texts_of(getattr(value, f.name), out)
    return out


def check_text(check: str, text: str, where: str) -> None:
    if not isinstance(text, str):
        fail(check, f"{where}: not a text: {text!r}")
    if _PLACEHOLDER.search(text):
        fail(check, f"{where}: a placeholder left unfilled in {text!r}")
    if _NONFINITE.search(text):
        fail(check, f"{where}: a number that is not finite in {text!r}")
    if text.strip() == "None":
        fail(check, f"{where}: the text is 'None'")
    if any(int(m.group(1)) > 100 for m in _FRACTION.finditer(text)):
        fail(check, f"{where}: a long fraction printed raw in {text!r}")
    if _ZERO.search(text):
        fail(check, f"{where}: a figure that reads 0.0 in {text!r}")


# --- numbers -------------------------------------------------------------------------------------------------
# fields that hold a chance (a probability in [0, 1]) in each game's insight dataclasses (by the module's name)
CHANCES = {
    "piraten_kapern": {"bust", "saveable", "skull_island", "ends", "again"},
    "piratz": {"rat", "caught"},
    "pirataki": {"pirate"},
    "petrangola": {"now", "final", "risk", "before", "after", "best_now", "best_final", "best_after", "share",
                   "limit", "knock_risk", "knock_limit", "safest_now", "safest_after", "before_now", "after_now",
                   "best_after_now", "lowest", "rival_lowest"},
}


def _numbers(value, path):
    """(path, field name, number) of every number inside a value: dataclasses, tuples and lists walked."""
    if isinstance(value, (bool, str, Action)) or value is None:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            for p, _name, v in _numbers(getattr(value, f.name), f"{path}.{f.name}"):
                yield p, (f.name if p == f"{path}.{f.name}" else _name), v
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from ((p, "", n) for p, _name, n in _numbers(v, f"{path}[{i}]"))
    elif isinstance(value, (int, float, Fraction)):
        yield path, path.rsplit(".", 1)[-1], value


def check_numbers(check: str, value, where: str) -> None:
    """Every number in an odds or reason dataclass is finite; every chance lies in [0, 1] (a chance to win in
    the final race may carry its tie-break of a millionth per point)."""
    if not dataclasses.is_dataclass(value):
        return
    race = getattr(value, "measure", "") == "race"
    chances = CHANCES.get(type(value).__module__.rsplit(".", 1)[-1], set())
    kind = type(value).__name__
    for path, name, v in _numbers(value, "reason"):
        if isinstance(v, float) and not math.isfinite(v):
            fail(check, f"{where}: {path} = {v} is not finite ({kind})")
        if name in chances and not -1e-9 <= float(v) <= 1 + 1e-9:
            fail(check, f"{where}: {path} = {v} is a chance outside [0, 1] ({kind})")
        if race and name.endswith("value") and not -0.01 <= float(v) <= 1.01:
            fail(check, f"{where}: {path} = {v}: a chance to win outside [0, 1] ({kind})")


# --- what a seat knows ---------------------------------------------------------------------------------------
def card_ids(game) -> frozenset:
    """The ids of the game's cards, when it has hidden cards to keep apart (empty: nothing to check)."""
    if not game.hidden_information:
        return frozenset()
    for attr in ("deck", "content"):
        obj = getattr(game, attr, None)
        cards = getattr(obj, "cards", None)
        if cards:
            ids = [getattr(c, "id", c) for c in cards]
            if all(isinstance(c, str) for c in ids):
                return frozenset(ids)
    items = getattr(game, "_items", None)
    if isinstance(items, dict):
        return frozenset(items)
    return frozenset()


def cards_in(value, cards: frozenset) -> set:
    """The card ids found as values anywhere inside a view, an event or a list of them (a plain walk: views are
    dicts and lists, events frozen dataclasses)."""
    out = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in cards:
                out.add(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
    return out


def named_cards(texts, game, cards: frozenset) -> set:
    """The cards a list of texts names, by their names in the current language (whole words) or their ids."""
    if not cards:
        return set()
    words = game.words()
    names = {}
    for c in cards:
        name = words.card(c)
        if name and name != c:
            names[name] = c
    named = [words.card(c) for c in cards]
    if len(set(named)) < len(named) or any(a != b and a in b for a in names for b in names):
        names = {}      # names that describe a card's items (Piratz) rather than name it: ids only
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                         + r")(?!\w)") if names else None
    found = set()
    for text in texts:
        if pattern is not None:
            found |= {names[m] for m in pattern.findall(text)}
        found |= {t for t in re.split(r"[\s.,;:()\[\]«»\"']+", text) if t in cards}
    return found


def check_honest(check: str, texts, game, cards: frozenset, known: set, where: str) -> None:
    named = named_cards(texts, game, cards)
    unknown = named - known
    if unknown:
        sample = [t for t in texts if named_cards([t], game, frozenset(unknown))][:2]
        fail(check, f"{where} names {sorted(unknown)}, which it may not know: {sample}")


# --- the table -----------------------------------------------------------------------------------------------
def pickables(table: tm.Table) -> dict[tm.Pick, str]:
    """Every item a click on this table can pick (its pick → the item's reason when refused, "" if none), and the
    non-pickable items' reasons under the key None-prefixed ids (never picked)."""
    out: dict[tm.Pick, str] = {}

    def add(pick, why=""):
        if pick:
            out.setdefault(pick, why)

    for e in table.elements():
        if isinstance(e, tm.Zone):
            add(e.pick, e.why)
            for c in e.cards:
                add(c.pick, c.why)
                for part in c.parts:
                    add(part)
        elif isinstance(e, tm.DiceTray):
            for d in e.dice:
                add(d.pick, d.why)
        elif isinstance(e, tm.Tiles):
            for t in e.tiles:
                add(t.pick, t.why)
        elif isinstance(e, tm.Matrix):
            for r in e.rows:
                add(r.pick)
            for preview in e.previews:
                add(preview[0])
    for area in table.seats + ((table.me,) if table.me is not None else ()):
        add(area.pick)
    for row in table.score.rows:
        add(row.pick)
    return out


def check_table(game, table: tm.Table, legal: list, seat: int, where: str) -> None:
    """A table's choices play legal actions, every item they need can be picked, every legal action is
    offered, and its texts are whole."""
    if table.viewer != seat:
        fail("table_seat", f"{where}: the table is seat {table.viewer}'s, asked for seat {seat}")
    legal_set = set(legal)
    offered = set()
    can_pick = pickables(table)
    group_ids = {g.id for g in table.groups}
    for c in table.choices:
        if c.action not in legal_set:
            fail("table_choice", f"{where}: the choice {c.label!r} plays {c.action}, which is not legal now")
        offered.add(c.action)
        missing = [p for p in c.picks if p not in can_pick]
        if missing:
            fail("table_pick", f"{where}: the choice {c.action} needs {missing}, which nothing on the table picks")
        if c.group not in group_ids and c.picks == ():
            fail("table_group", f"{where}: the choice {c.action} has no button (group {c.group!r}) and no picks")
    if legal and not table.choices:
        fail("table_offer", f"{where}: {len(legal)} legal actions and no choice on the table")
    not_offered = [str(a) for a in legal if a not in offered]
    if not_offered:
        fail("table_offer", f"{where}: legal actions the table does not offer: {not_offered[:6]}")
    for t in texts_of(table):
        check_text("table_text", t, where)
    for s in table.select_all:
        if s not in can_pick:
            fail("table_pick", f"{where}: 'choose all' names {s}, which nothing on the table picks")


def check_selection(game, view, table: tm.Table, legal: list, seat: int, picks: list[tm.Pick],
                    where: str) -> Selection:
    """Picking `picks` in order (refusals included) never raises and never names an illegal action; every button
    then plays a legal action or says what is missing."""
    legal_set = set(legal)
    sel = Selection(table)
    for p in picks:
        out = sel.toggle(p, why=pickables(table).get(p, ""), play=True)
        if out.action is not None:
            if out.action not in legal_set:
                fail("select_action", f"{where}: picking {picks} plays {out.action}, which is not legal")
            return sel      # the click played a move: the table would change now
        if out.refused and not out.message:
            fail("select_message", f"{where}: picking {p} is refused without a word")
        if out.message:
            check_text("select_text", out.message, where)
    ready = sel.confirmable()
    if ready is not None and ready.action not in legal_set:
        fail("select_action", f"{where}: {picks} make {ready.action} ready, which is not legal")
    for g in table.groups:
        out = sel.press(g)
        if out.action is not None and out.action not in legal_set:
            fail("select_action", f"{where}: the button {g.label!r} after {picks} plays {out.action}, not legal")
        if out.action is None and out.refused and not out.message:
            fail("select_message", f"{where}: the button {g.label!r} after {picks} refuses without a word")
        label = sel.label(g)
        check_text("select_text", label, where)
    return sel


# --- insight ------------------------------------------------------------------------------------------------
def pk_chosen(sel: Selection) -> tuple[int, ...]:
    return tuple(sorted(p.id for p in sel.items() if p.kind == "die" and isinstance(p.id, int)))


def check_odds(game, view, seat: int, where: str, positions=None, lang="en", picks=()):
    """The odds of a seat never raise, hold finite numbers and chances in [0, 1], and are told in words; Piraten
    Kapern's speak of exactly the dice chosen, or say why they make no re-roll; Petrangola's of the hand the swap
    picked makes (`picks`: the items picked on the table, asked as the table asks), else of the hand as it is."""
    options: dict = {}
    if game.id == "piraten_kapern":
        options["positions"] = tuple(positions or ())
    if game.id == "petrangola":
        from piratetable.games.petrangola.insight import odds_options as pg_odds_options
        from piratetable.insight.base import OddsAsk
        options.update(pg_odds_options(OddsAsk(tuple(sorted(picks)), f"explore/{seat}")))
        options["samples"] = 40        # the figures' meaning does not depend on the count; the explorer's time does
    try:
        odds = insight.odds(game, view, seat, **options)
    except Exception as exc:
        raise violation("odds_raises", f"{where}: odds({options}) raised {exc.__class__.__name__}: {exc}") from exc
    check_numbers("odds_numbers", odds, where)
    if game.id == "piraten_kapern" and view["phase"] == "choose" and odds is not None and view["seat"] == seat \
            and view["current_player"] == seat:
        _check_pk_choice(odds, tuple(sorted(positions or ())), where)
    if game.id == "petrangola" and odds is not None and view["phase"] in ("play", "final"):
        _check_pg_swap(odds, view, seat, picks, where)
    with language(lang):
        try:
            text = insight_words.odds_text(game, odds)
        except Exception as exc:
            raise violation("odds_words", f"{where} ({lang}): the odds line raised {exc.__class__.__name__}: {exc}") from exc
        check_text("odds_text", text, f"{where} ({lang})")
    return odds


def _check_pk_choice(odds, chosen: tuple, where: str) -> None:
    from piratetable.games.piraten_kapern import insight as pk
    if isinstance(odds, pk.RerollOdds):
        if chosen and tuple(odds.positions) != chosen:
            fail("pk_odds_choice", f"{where}: dice {chosen} chosen, the odds speak of {odds.positions}")
        if odds.chosen != bool(chosen):
            fail("pk_odds_choice", f"{where}: dice {chosen} chosen, the odds say chosen={odds.chosen}")
    elif isinstance(odds, pk.RerollNotPossible):
        if odds.positions != chosen:
            fail("pk_odds_choice", f"{where}: dice {chosen} chosen, the answer speaks of {odds.positions}")
    elif isinstance(odds, pk.GuardianOdds):
        if (odds.position,) != chosen:
            fail("pk_odds_choice", f"{where}: dice {chosen} chosen, the Guardian odds speak of {odds.position}")
    else:
        fail("pk_odds_choice", f"{where}: dice {chosen} chosen, the odds are a {type(odds).__name__}")


def _check_pg_swap(odds, view, seat: int, picks, where: str) -> None:
    """As many cards of the hand as of the monte picked (one or two of each): the odds are of the hand that swap
    makes; otherwise of the hand as it is."""
    from piratetable.games.petrangola.insight import HAND_PICK, MONTE_PICK
    give = {p.id for p in picks if p.kind == HAND_PICK}
    take = {p.id for p in picks if p.kind == MONTE_PICK}
    hand = {c for c in view["hands"][seat] if c is not None}
    if 0 < len(give) == len(take) <= 2:
        if odds.picked is None or set(odds.picked.args[0::2]) != give or set(odds.picked.args[1::2]) != take:
            fail("pg_odds_swap", f"{where}: {sorted(give)} for {sorted(take)} picked, the odds speak of {odds.picked}")
        if set(odds.hand) != (hand - give) | take:
            fail("pg_odds_swap", f"{where}: the odds of the picked swap hold the hand {odds.hand}")
    elif odds.picked is not None or set(odds.hand) != hand:
        fail("pg_odds_swap", f"{where}: no whole swap picked ({sorted(give)}, {sorted(take)}), the odds speak of "
                             f"{odds.picked} and the hand {odds.hand}")


def _favour_module(game):
    try:
        return importlib.import_module(f"tests.insight.favour_{game.id}")
    except ModuleNotFoundError:
        return None


def tip_problems(game, view, legal, coach: str) -> list[str]:
    from tests.insight import tips
    return tips.problems(game, view, legal, coach)


def favour_problems(game, view, legal, seat, action, reason, level="hard") -> list[str]:
    """The game's own check that a reason's figures favour its action (tests/insight/favour_<game>.py), for a move
    of a bot `level` (None: a person's) the module checks (its LEVELS; default: the hard bot's only)."""
    module = _favour_module(game)
    if module is None or level not in getattr(module, "LEVELS", ("hard",)):
        return []
    return list(module.problems(game, view, legal, seat, action, reason))


def check_hint(game, view, legal: list, seat: int, seed, where: str, lang="en"):
    """The hint is legal, is the hard bot's own move, and its reason's figures favour it."""
    try:
        hint = insight.hint(game, view, legal, seat, seed)
    except Exception as exc:
        raise violation("hint_raises", f"{where}: the hint raised {exc.__class__.__name__}: {exc}") from exc
    if hint.action not in legal:
        fail("hint_legal", f"{where}: the hint {hint.action} is not legal")
    level = hint.level
    bot_move = game.make_bot(level, seat).choose(view, legal, insight.base.rng_of(seed))
    if bot_move != hint.action:
        fail("hint_is_bot", f"{where}: the hint says {hint.action}, the {level} bot plays {bot_move}")
    check_numbers("hint_numbers", hint.reason, where)
    problems = favour_problems(game, view, legal, seat, hint.action, hint.reason)
    if problems:
        fail("hint_favours", f"{where}: the hint {hint.action}'s reason {hint.reason!r}: {problems}")
    module = _favour_module(game)
    agrees = getattr(module, "agrees", None)
    problems = agrees(game, view, legal, seat, hint) if agrees is not None else []
    if problems:
        fail("hint_odds_agree", f"{where}: the hint {hint.action} and the odds disagree: {problems}")
    with language(lang):
        try:
            text = insight_words.hint_text(game, hint)
        except Exception as exc:
            raise violation("hint_words", f"{where} ({lang}): the hint line raised {exc.__class__.__name__}: {exc}") from exc
        check_text("hint_text", text, f"{where} ({lang})")
    return hint


def check_explain(game, view, legal: list, seat: int, action, seed, level, where: str, lang="en"):
    """The reason for any legal action (a bot's of its level, or a person's) never raises and is told; a bot's
    own move is explained in the figures it was chosen on, so they favour it."""
    try:
        reason = _explain(game, view, legal, seat, action, seed, level)
    except Exception as exc:
        raise violation("explain_raises", f"{where}: explain({action}, level={level}) raised {exc.__class__.__name__}: {exc}") from exc
    check_numbers("explain_numbers", reason, where)
    problems = favour_problems(game, view, legal, seat, action, reason, level)
    if problems:
        fail("explain_favours", f"{where}: the move {action} ({level or 'a person'}): {reason!r}: {problems}")
    with language(lang):
        try:
            text = insight_words.reason_text(game, reason)
        except Exception as exc:
            raise violation("explain_words", f"{where} ({lang}): the reason raised {exc.__class__.__name__}: {exc}") from exc
        check_text("explain_text", text, f"{where} ({lang})")
    return reason


def _explain(game, view, legal, seat, action, seed, level):
    return insight.explain(game, view, legal, seat, action, seed, level=level)


def bot_move(game, level: str, seat: int, view, legal, seed) -> Action:
    """What the bot of `level` plays from this view with the stream of `seed` (as the match gives it)."""
    return game.make_bot(level, seat).choose(view, legal, random.Random(seed))
