"""The table explorer: a Hypothesis state machine that plays random reachable positions of a game and checks,
at each, what a seat's screen, a selection, the odds, the hint, a reason, the log, the recap, a replay and a save
give (`checks.py`).

One example is one match: the game, its variant, rule options, seats (people and bots) and seed are drawn at
the start; then rules interleave — play on a few moves (bots, or random legal moves), look at a seat's screen in
a language, pick items on the table of the seat to move, ask its odds, its hint, the reason of any legal move,
undo, save and load, step a replay, read the results. Hypothesis shrinks a failure to the fewest steps and the
smallest choices, and each failure carries the case's reproducer (`Case.repro`), printed by the soak.

`explorer(games, ...)` makes a machine class for some games; `STATS` counts what was explored.
"""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from piratetable.engine.match import Match
from piratetable.replay import Replay
from piratetable.savegame import from_json, to_json
from piratetable.table.recap import recap_for
from piratetable.table.standard import SeatInfo

from . import checks as C
from .world import LANGUAGES, LEVELS, NAMES, Case, option_choices, seat_classes, variants

STATS: Counter = Counter()


class TableExplorer(RuleBasedStateMachine):
    """Random reachable positions of the games in `GAMES`, with every check at each (see the module)."""

    GAMES: tuple[str, ...] = ()
    HINTS = True            # ask hints (the hard bot's decision: the slowest check)
    MAX_MOVES = 40          # the most moves one `advance` plays

    def __init__(self):
        super().__init__()
        self.case: Case | None = None
        self.match: Match | None = None

    # --- the case ----------------------------------------------------------------------------------------
    @initialize(data=st.data())
    def start(self, data):
        gid = data.draw(st.sampled_from(self.GAMES), label="game")
        variant = data.draw(st.sampled_from(variants(gid)), label="variant")
        options = {key: data.draw(st.sampled_from(values), label=key)
                   for key, values in sorted(option_choices(gid, variant).items())}
        classes = seat_classes(gid)
        n = data.draw(st.sampled_from(classes), label="seats")
        kinds = data.draw(st.lists(st.sampled_from((None, None, "easy", "normal", "hard", "random")),
                                   min_size=n, max_size=n), label="kinds")
        seed = data.draw(st.integers(1, 2 ** 40), label="seed")
        self.person = data.draw(st.sampled_from(("random", "easy", "normal")), label="people play like")
        self.case = Case(gid, variant, options, [(NAMES[i], kinds[i]) for i in range(n)], seed)
        try:
            self.match = self.case.match()
        except Exception as exc:
            C.fail("start", f"the match cannot start: {exc.__class__.__name__}: {exc}")
        self.info = [SeatInfo(name, bot) for name, bot in self.case.seats]
        self.cards = C.card_ids(self.match.game)
        self.known = [set() for _ in range(n)]
        self._learn(-1)
        note(f"case: {self.case.repro()}")

    def _learn(self, index: int) -> None:
        """What each seat has now seen: its view and the events of move `index` as it may know them."""
        if not self.cards:
            return
        for s in range(len(self.known)):
            self.known[s] |= C.cards_in(self.match.view(s), self.cards)
            self.known[s] |= C.cards_in(self.match.events_for(s, index), self.cards)

    def where(self, what: str, **detail) -> str:
        STATS["checks"] += 1
        return f"{what} at {self.case.repro(what, **detail)}"

    @property
    def game(self):
        return self.match.game

    def _seat(self, data, label="seat") -> int:
        return data.draw(st.integers(0, len(self.case.seats) - 1), label=label)

    def _play(self, action) -> None:
        self.match.play(action)
        self.case.actions.append(str(self.match.history[-1].action))
        STATS["moves"] += 1
        self._learn(self.match.moves - 1)

    # --- playing on --------------------------------------------------------------------------------------
    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def advance(self, data):
        """A few moves on: each seat's bot (people play like `person`), or random legal moves."""
        k = data.draw(st.integers(1, self.MAX_MOVES), label="moves")
        randomly = data.draw(st.booleans(), label="random moves")
        for _ in range(k):
            if self.match.over:
                break
            seat = self.match.current
            view, legal, rng = self.match.bot_inputs(seat)
            if randomly:
                action = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
            else:
                level = self.case.seats[seat][1] or self.person
                if level == "hard":
                    level = "normal"     # hard bots advance like normal ones: the explorer's time goes to checks
                action = self.game.make_bot(level, seat).choose(view, legal, rng) if level != "random" \
                    else legal[rng.randrange(len(legal))]
            self._play(action)
        STATS["positions"] += 1

    @precondition(lambda self: self.match is not None and self.match.moves > 0)
    @rule()
    def undo(self):
        """Undo the last move when its seat may (a person's decision before any chance)."""
        last = self.match.history[-1].seat
        if self.match.undo_refusal(last) is not None:
            return
        before = [e.action for e in self.match.history[:-1]]
        self.match.undo(last)
        self.case.actions = list(before)
        if [e.action for e in self.match.history] != before:
            C.fail("undo", f"{self.where('undo')}: undo left {self.match.moves} moves, not {len(before)}")

    @precondition(lambda self: self.match is not None)
    @rule()
    def save_and_load(self):
        """A save loads back to the same views, legal actions and log for every seat; play goes on from it."""
        where = self.where("save")
        try:
            loaded = from_json(to_json(self.match))
        except Exception as exc:
            C.fail("save", f"{where}: the save does not load: {exc.__class__.__name__}: {exc}")
        for s in range(len(self.case.seats)):
            if loaded.view(s) != self.match.view(s):
                C.fail("save", f"{where}: seat {s}'s view differs after loading")
            if loaded.log(s, last=10) != self.match.log(s, last=10):
                C.fail("save", f"{where}: seat {s}'s log differs after loading")
        if loaded.legal() != self.match.legal():
            C.fail("save", f"{where}: the legal actions differ after loading")
        self.match = loaded

    # --- a seat's screen ---------------------------------------------------------------------------------
    @precondition(lambda self: self.match is not None)
    @rule(data=st.data())
    def screen(self, data):
        """A seat's table, tip and log in a language: built, whole, legal, and naming only cards it has seen."""
        seat = self._seat(data)
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        where = self.where("screen", seat=seat, lang=lang)
        legal = self.match.legal() if seat == self.match.current else []
        with C.language(lang):
            try:
                table = self.game.table(self.match.view(seat), legal, self.info)
            except Exception as exc:
                C.fail("table_raises", f"{where}: {exc.__class__.__name__}: {exc}")
            C.check_table(self.game, table, legal, seat, where)
            try:
                lines = self.match.log(seat, last=40)
            except Exception as exc:
                C.fail("log_raises", f"{where}: {exc.__class__.__name__}: {exc}")
            for line in lines:
                C.check_text("log_text", line, where)
            C.check_honest("honest_table", C.texts_of(table), self.game, self.cards, self.known[seat], where)
            C.check_honest("honest_log", lines, self.game, self.cards, self.known[seat], where)

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def select(self, data):
        """Items picked on the table of the seat to move, in any order, refusals included; the odds of what is
        chosen (Piraten Kapern: of exactly the dice chosen)."""
        seat = self.match.current
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        view, legal = self.match.view(seat), self.match.legal()
        with C.language(lang):
            table = self.game.table(view, legal, self.info)
            items = sorted(C.pickables(table))
            if not items:
                return
            picks = data.draw(st.lists(st.sampled_from(items), max_size=min(8, 2 * len(items))), label="picks")
            where = self.where("select", seat=seat, lang=lang, picks=picks)
            sel = C.check_selection(self.game, view, table, legal, seat, picks, where)
        if self.game.id == "piraten_kapern":
            C.check_odds(self.game, view, seat, where, positions=C.pk_chosen(sel), lang=lang)

    @precondition(lambda self: self.match is not None)
    @rule(data=st.data())
    def odds(self, data):
        seat = self._seat(data)
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        C.check_odds(self.game, self.match.view(seat), seat, self.where("odds", seat=seat, lang=lang), lang=lang)

    @precondition(lambda self: self.HINTS and self.match is not None and not self.match.over)
    @rule(data=st.data())
    def hint(self, data):
        seat = self.match.current
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        view, legal, _rng = self.match.bot_inputs(seat)
        if len(legal) < 2 and not data.draw(st.booleans(), label="hint the only move"):
            return
        C.check_hint(self.game, view, legal, seat, self.match.bot_stream_seed(seat),
                     self.where("hint", seat=seat, lang=lang), lang=lang)

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def explain(self, data):
        """The reason of a bot's own move at its level, or of any legal move (a person's)."""
        seat = self.match.current
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        view, legal, _rng = self.match.bot_inputs(seat)
        seed = self.match.bot_stream_seed(seat)
        level = data.draw(st.sampled_from((None,) + tuple(lv for lv in self.game.bot_levels
                                                          if lv != "hard" or self.HINTS)), label="level")
        if level is None:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        else:
            action = C.bot_move(self.game, level, seat, view, legal, seed)
        C.check_explain(self.game, view, legal, seat, action, seed, level,
                        self.where("explain", seat=seat, lang=lang, action=str(action), level=level), lang=lang)

    # --- after the game, and looking back ----------------------------------------------------------------
    @precondition(lambda self: self.match is not None and self.match.over)
    @rule(data=st.data())
    def results(self, data):
        """The recap of a finished game: built, whole, naming only cards every seat has seen."""
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        where = self.where("results", lang=lang)
        with C.language(lang):
            try:
                recap = recap_for(self.game, self.match)
            except Exception as exc:
                C.fail("recap_raises", f"{where}: {exc.__class__.__name__}: {exc}")
            texts = C.texts_of(recap)
            for t in texts:
                C.check_text("recap_text", t, where)
            public = set.intersection(*self.known) if self.known else set()
            C.check_honest("honest_results", texts, self.game, self.cards, public, where)

    @precondition(lambda self: self.match is not None and self.match.moves > 0)
    @rule(data=st.data())
    def replay(self, data):
        """A replay as one seat at any point: its table and move line hold only what that seat has seen by now
        (every card only once the game is over and all are shown)."""
        seat = self._seat(data)
        lang = data.draw(st.sampled_from(LANGUAGES), label="language")
        at = data.draw(st.integers(0, self.match.moves), label="move")
        reveal = self.match.over and data.draw(st.booleans(), label="show all")
        where = self.where("replay", seat=seat, lang=lang, at=at, reveal=reveal)
        with C.language(lang):
            try:
                rep = Replay(self.match, viewer=seat)
                rep.jump(at)
                if reveal:
                    rep.reveal_all()
                table = self.game.table(rep.view(), [], self.info)
                line = self.game.words().line(rep.events(), self.match.names)
            except Exception as exc:
                C.fail("replay_raises", f"{where}: {exc.__class__.__name__}: {exc}")
            C.check_table(self.game, table, [], seat, where)
            C.check_text("replay_text", line, where)
            if not reveal:
                C.check_honest("honest_replay", C.texts_of(table) + [line], self.game, self.cards,
                               self.known[seat], where)


def explorer(games, hints: bool = True, max_moves: int = 40) -> type[TableExplorer]:
    """A machine class exploring `games` (ids)."""
    return type(f"Explore_{'_'.join(games)}", (TableExplorer,),
                {"GAMES": tuple(games), "HINTS": hints, "MAX_MOVES": max_moves})


