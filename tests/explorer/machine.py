"""The table explorer: a Hypothesis state machine that plays random reachable positions of a game and checks,
at each, what a seat's screen, a selection, the odds, the hint, a reason, the log, the recap, a replay and a save
give (`checks.py`).

One example is one match: the game, its variant, rule options, seats (people and bots) and seed are drawn at
the start; then rules interleave — play on a few moves (bots, or random legal moves) or many, undo, save and
load, and look: a seat's screen in a language, items picked on the table of the seat to move, its odds, its
hint, the reason of any legal move, a replay point, the results. Hypothesis shrinks a failure to the fewest steps
and the smallest choices. Each look is a method `look_<name>(**params)`: its rule only draws the parameters, so a
failure's reproducer (`Case.repro`: the case, the look and its parameters) runs the very same code again
(`Explorer.from_case`, `benchmarks/explore_soak.py --repro`).

`explorer(games, ...)` makes a machine class for some games; `STATS` counts what was explored.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, precondition, rule

from piratetable.engine.match import Match
from piratetable.engine.registry import game_class
from piratetable.replay import Replay, SeatRefused
from piratetable.savegame import from_json, to_json
from piratetable.table.model import Pick
from piratetable.table.recap import recap_for
from piratetable.table.standard import SeatInfo

from . import checks as C
from .world import LANGUAGES, NAMES, Case, option_choices, seat_classes, variants

STATS: Counter = Counter()


class Explorer(RuleBasedStateMachine):
    """Random reachable positions of the games in `GAMES`: the case, playing on, undo, save and load, and what
    each seat has seen so far. The looks are the rules of the subclasses."""

    GAMES: tuple[str, ...] = ()
    HINTS = True            # ask hints (the hard bot's decision: the slowest look)
    QUICK = False           # the hard bot (hints, its reasons) with the smaller search (world.py `config_of`)
    MAX_MOVES = 40          # the most moves one `advance` plays

    def __init__(self):
        super().__init__()
        self.case: Case | None = None
        self.match: Match | None = None
        self.after_over = 0

    # --- the case ----------------------------------------------------------------------------------------
    @initialize(data=st.data())
    def start(self, data):
        gid = data.draw(st.sampled_from(self.GAMES), label="game")
        variant = data.draw(st.sampled_from(variants(gid)), label="variant")
        options = {key: data.draw(st.sampled_from(values), label=key)
                   for key, values in sorted(option_choices(gid, variant).items())}
        n = data.draw(st.sampled_from(seat_classes(gid)), label="seats")
        levels = ("random",) + tuple(game_class(gid).bot_levels)
        kinds = data.draw(st.lists(st.sampled_from((None, None) + levels), min_size=n, max_size=n), label="kinds")
        seed = data.draw(st.integers(1, 2 ** 40), label="seed")
        self.person = data.draw(st.sampled_from(("random", "easy", "normal")), label="people play like")
        self._begin(Case(gid, variant, options, [(NAMES[i], kinds[i]) for i in range(n)], seed, quick=self.QUICK))
        note(f"case: {self.case.repro()}")

    def _begin(self, case: Case) -> None:
        self.case = Case(case.game, case.variant, case.options, case.seats, case.seed, quick=case.quick)
        try:
            self.match = self.case.match()
        except Exception as exc:
            raise C.violation("start", f"the match cannot start: {exc.__class__.__name__}: {exc}") from exc
        self.info = [SeatInfo(name, bot) for name, bot in self.case.seats]
        self.cards = C.card_ids(self.match.game)
        self.known: list[set] = [set() for _ in self.case.seats]
        self._learn(-1)
        for action in case.actions:
            self._play(action)

    @classmethod
    def from_case(cls, case: Case) -> Explorer:
        """A machine at the case's position (its moves replayed), for a reproducer's look."""
        machine = cls()
        machine.person = "random"
        machine._begin(case)
        return machine

    def _learn(self, index: int) -> None:
        """What each seat has now seen: the events of move `index` as it may know them (cards dealt to it, shown
        to it, turned face up). Its view is added at each look (`known_of`)."""
        if not self.cards:
            return
        for s in range(len(self.known)):
            self.known[s] |= C.cards_in(self.match.events_for(s, index), self.cards)

    def known_of(self, seat: int) -> set:
        """The cards `seat` has seen by now: in its events so far and in its view now."""
        if self.cards:
            self.known[seat] |= C.cards_in(self.match.view(seat), self.cards)
        return self.known[seat]

    def public(self) -> set:
        """The cards every seat has seen."""
        return set.intersection(*(self.known_of(s) for s in range(len(self.known)))) if self.known else set()

    AFTER_OVER = 8          # looks at a finished game before the example ends its looks (the rest goes on)

    def looking(self) -> bool:
        """Whether a look may run now: always while the game goes on, a few times once it is over (a finished
        game is the same position every time)."""
        return self.match is not None and (not self.match.over or self.after_over < self.AFTER_OVER)

    def where(self, what: str, **params) -> str:
        if self.match.over:
            self.after_over += 1
        STATS["checks"] += 1
        STATS["over" if self.match.over else f"phase {self.match.state.ctx.phase}"] += 1
        return f"{what} at {self.case.repro(what, **params)}"

    @property
    def game(self):
        return self.match.game

    def _seat(self, data, label="seat") -> int:
        return data.draw(st.integers(0, len(self.case.seats) - 1), label=label)

    def _language(self, data) -> str:
        return data.draw(st.sampled_from(LANGUAGES), label="language")

    def _play(self, action) -> None:
        self.match.play(action)
        self.case.actions.append(str(self.match.history[-1].action))
        STATS["moves"] += 1
        self._learn(self.match.moves - 1)

    # --- playing on --------------------------------------------------------------------------------------
    def _bot_move(self, cheap: bool = False):
        """The move of the seat to play by its bot (a person plays like `person`); hard bots move like normal ones
        (the explorer's time goes to the looks), and with `cheap` Petrangola's like easy ones."""
        seat = self.match.current
        view, legal, rng = self.match.bot_inputs(seat)
        level = self.case.seats[seat][1] or self.person
        levels = self.game.bot_levels
        if level == "hard" or (cheap and self.game.id == "petrangola" and level == "normal"):
            level = "easy" if cheap and "easy" in levels else ("normal" if "normal" in levels else "random")
        if level != "random" and level not in levels:
            level = "random"
        if level == "random":
            return legal[rng.randrange(len(legal))]
        return self.game.make_bot(level, seat).choose(view, legal, rng)

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def advance(self, data):
        """A few moves on: each seat's bot (people play like `person`), or random legal moves."""
        k = data.draw(st.integers(1, self.MAX_MOVES), label="moves")
        randomly = data.draw(st.booleans(), label="random moves")
        for _ in range(k):
            if self.match.over:
                break
            if randomly:
                legal = self.match.legal()
                self._play(legal[data.draw(st.integers(0, len(legal) - 1), label="move")])
            else:
                self._play(self._bot_move())
        STATS["positions"] += 1

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def fast_forward(self, data):
        """Many moves on by the seats' bots: the late game, its end, the results."""
        k = data.draw(st.sampled_from((30, 80, 200)), label="moves")
        for _ in range(k):
            if self.match.over:
                break
            self._play(self._bot_move(cheap=True))
        STATS["positions"] += 1

    @precondition(lambda self: self.match is not None and self.match.moves > 0)
    @rule()
    def undo(self):
        """Undo the last move when its seat may (a person's decision before any chance)."""
        last = self.match.history[-1].seat
        if self.match.undo_refusal(last) is not None:
            return
        before = [e.action for e in self.match.history[:-1]]
        where = self.where("undo")
        self.match.undo(last)
        self.case.actions = list(before)
        if [e.action for e in self.match.history] != before:
            C.fail("undo", f"{where}: undo left {self.match.moves} moves, not {len(before)}")

    @precondition(lambda self: self.looking())
    @rule()
    def save_and_load(self):
        """A save loads back to the same views, legal actions and log for every seat; play goes on from it."""
        self.match = self.look_save()

    def look_save(self) -> Match:
        where = self.where("save")
        try:
            loaded = from_json(to_json(self.match))
        except Exception as exc:
            raise C.violation("save", f"{where}: the save does not load: {exc.__class__.__name__}: {exc}") from exc
        for s in range(len(self.case.seats)):
            if loaded.view(s) != self.match.view(s):
                C.fail("save", f"{where}: seat {s}'s view differs after loading")
            if loaded.log(s, last=10) != self.match.log(s, last=10):
                C.fail("save", f"{where}: seat {s}'s log differs after loading")
        if loaded.legal() != self.match.legal():
            C.fail("save", f"{where}: the legal actions differ after loading")
        return loaded


class TableExplorer(Explorer):
    """Every look below the screen at the explored positions (see the module)."""

    @precondition(lambda self: self.looking())
    @rule(data=st.data())
    def screen(self, data):
        self.look_screen(seat=self._seat(data), lang=self._language(data))

    def look_screen(self, seat: int, lang: str) -> None:
        """A seat's table, tip and log in a language: built, whole, legal, naming only cards it has seen."""
        where = self.where("screen", seat=seat, lang=lang)
        legal = self.match.legal() if seat == self.match.current else []
        with C.language(lang):
            try:
                table = self.game.table(self.match.view(seat), legal, self.info)
            except Exception as exc:
                raise C.violation("table_raises", f"{where}: {exc.__class__.__name__}: {exc}") from exc
            C.check_table(self.game, table, legal, seat, where)
            if lang == "en" and table.coach:
                problems = C.tip_problems(self.game, self.match.view(seat), legal, table.coach)
                if problems:
                    C.fail("tip_true", f"{where}: {problems}")
            try:
                lines = self.match.log(seat, last=40)
            except Exception as exc:
                raise C.violation("log_raises", f"{where}: {exc.__class__.__name__}: {exc}") from exc
            for line in lines:
                C.check_text("log_text", line, where)
            C.check_honest("honest_table", C.texts_of(table), self.game, self.cards, self.known_of(seat), where)
            C.check_honest("honest_log", lines, self.game, self.cards, self.known_of(seat), where)

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def select(self, data):
        lang = self._language(data)
        with C.language(lang):
            table = self.game.table(self.match.view(self.match.current), self.match.legal(), self.info)
        items = sorted(C.pickables(table))
        if items:
            picks = data.draw(st.lists(st.sampled_from(items), max_size=min(8, 2 * len(items))), label="picks")
            self.look_select(picks=picks, lang=lang)

    def look_select(self, picks: list, lang: str) -> None:
        """Items picked on the table of the seat to move, in any order, refusals included; the odds of what is
        chosen (Piraten Kapern: of exactly the dice chosen; Petrangola: of the swap picked)."""
        picks = [Pick(*p) for p in picks]     # (a reproducer's JSON gives each back as a list: [kind, id])
        seat = self.match.current
        view, legal = self.match.view(seat), self.match.legal()
        where = self.where("select", picks=picks, lang=lang)
        with C.language(lang):
            table = self.game.table(view, legal, self.info)
            sel = C.check_selection(self.game, view, table, legal, seat, picks, where)
        if self.game.id == "piraten_kapern":
            C.check_odds(self.game, view, seat, where, positions=C.pk_chosen(sel), lang=lang)
        elif self.game.id == "petrangola":
            C.check_odds(self.game, view, seat, where, lang=lang, picks=tuple(sel.items()))

    @precondition(lambda self: self.looking())
    @rule(data=st.data())
    def odds(self, data):
        self.look_odds(seat=self._seat(data), lang=self._language(data))

    def look_odds(self, seat: int, lang: str) -> None:
        C.check_odds(self.game, self.match.view(seat), seat, self.where("odds", seat=seat, lang=lang), lang=lang)

    @precondition(lambda self: self.HINTS and self.match is not None and not self.match.over)
    @rule(data=st.data())
    def hint(self, data):
        lang = self._language(data)
        if len(self.match.legal()) > 1 or data.draw(st.booleans(), label="hint the only move"):
            self.look_hint(lang=lang)

    def look_hint(self, lang: str) -> None:
        seat = self.match.current
        view, legal, _rng = self.match.bot_inputs(seat)
        C.check_hint(self.game, view, legal, seat, self.match.bot_stream_seed(seat),
                     self.where("hint", lang=lang), lang=lang)

    @precondition(lambda self: self.match is not None and not self.match.over)
    @rule(data=st.data())
    def explain(self, data):
        lang = self._language(data)
        levels = tuple(lv for lv in self.game.bot_levels if lv != "hard" or self.HINTS)
        level = data.draw(st.sampled_from((None, "random") + levels), label="level")
        move = data.draw(st.integers(0, len(self.match.legal()) - 1), label="move") if level is None else None
        self.look_explain(level=level, move=move, lang=lang)

    def look_explain(self, level, move, lang: str) -> None:
        """The reason of a bot's own move at its level, or of any legal move (`move`: a person's)."""
        seat = self.match.current
        view, legal, _rng = self.match.bot_inputs(seat)
        seed = self.match.bot_stream_seed(seat)
        action = legal[move] if level is None else C.bot_move(self.game, level, seat, view, legal, seed)
        C.check_explain(self.game, view, legal, seat, action, seed, level,
                        self.where("explain", level=level, move=move, lang=lang), lang=lang)

    # --- after the game, and looking back ----------------------------------------------------------------
    @precondition(lambda self: self.looking() and self.match.over)
    @rule(data=st.data())
    def results(self, data):
        self.look_results(lang=self._language(data))

    def look_results(self, lang: str) -> None:
        """The recap of a finished game: built, whole, naming only cards every seat has seen."""
        where = self.where("results", lang=lang)
        with C.language(lang):
            try:
                recap = recap_for(self.game, self.match)
            except Exception as exc:
                raise C.violation("recap_raises", f"{where}: {exc.__class__.__name__}: {exc}") from exc
            texts = C.texts_of(recap)
            for t in texts:
                C.check_text("recap_text", t, where)
            C.check_honest("honest_results", texts, self.game, self.cards, self.public(), where)

    @precondition(lambda self: self.looking() and self.match.moves > 0)
    @rule(data=st.data())
    def replay(self, data):
        seat = self._seat(data)
        lang = self._language(data)
        at = data.draw(st.integers(0, self.match.moves), label="move")
        reveal = self.match.over and data.draw(st.booleans(), label="show all")
        self.look_replay(seat=seat, lang=lang, at=at, reveal=reveal)

    def look_replay(self, seat: int, lang: str, at: int, reveal: bool) -> None:
        """A replay as one seat at any point: its table and move line hold only what that seat has seen by now
        (every card only once the game is over and all are shown). An unfinished game that hides cards refuses
        the seat (unless it is the one person's) and is looked at as a spectator: only what every seat has seen."""
        where = self.where("replay", seat=seat, lang=lang, at=at, reveal=reveal)
        with C.language(lang):
            refused, asked = False, seat
            try:
                rep = Replay(self.match)
                try:
                    rep.set_viewer(seat)
                except SeatRefused:
                    refused, seat = True, None
                rep.jump(at)
                if reveal:
                    rep.reveal_all()
                table = self.game.table(rep.view(), [], self.info)
                line = self.game.words().line(rep.events(), self.match.names)
            except Exception as exc:
                raise C.violation("replay_raises", f"{where}: {exc.__class__.__name__}: {exc}") from exc
            humans = [s for s, kind in enumerate(self.match.seats) if kind.human]
            private = self.game.hidden_information and not self.match.over
            if refused != (private and humans != [asked]):
                raise C.violation("replay_refusal", f"{where}: the seat's view was {'' if refused else 'not '}"
                                                    f"refused (people at {humans}, over: {self.match.over})")
            C.check_table(self.game, table, [], seat, where)
            C.check_text("replay_text", line, where)
            if not reveal:
                C.check_honest("honest_replay", C.texts_of(table) + [line], self.game, self.cards,
                               self.public() if seat is None else self.known_of(seat), where)


def explorer(games, hints: bool = True, max_moves: int = 40, base: type[Explorer] = TableExplorer,
             quick: bool = False) -> type[Explorer]:
    """A machine class exploring `games` (ids) with the looks of `base` (TableExplorer, or screen.ScreenExplorer);
    `quick`: hints and the hard bot's reasons with its smaller search (the suite's runs)."""
    return type(f"{base.__name__}_{'_'.join(games)}", (base,),
                {"GAMES": tuple(games), "HINTS": hints, "MAX_MOVES": max_moves, "QUICK": quick})


def reproduce(text: str, bases=(TableExplorer,)) -> None:
    """Run a reproducer's look again (the JSON a failure prints) with the first of `bases` that has it; raises
    its Violation when it still fails."""
    case, check, params = Case.from_json(text)
    base = next((b for b in bases if hasattr(b, f"look_{check}")), bases[0])
    machine = explorer([case.game], base=base).from_case(case)
    if check:
        getattr(machine, f"look_{check}")(**params)
