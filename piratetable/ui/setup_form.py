"""The new-game form's model, apart from its widgets (`ui/scenes/new_game.py`): the games, the configs read so
far (the current game's are its variants), the chosen variant and its config (loaded on a thread), the seats
(human or a bot level each) and the seed.

The configs are read off the drawing thread (`ui/catalog.scan_configs`, with its index): `take` is called once a
frame and takes what was read since (at most BATCH configs); the remembered variant is chosen when it comes,
unless the person chose another first. Methods that change what the screen shows say so (True: build the widgets
again); the scene does that."""
from __future__ import annotations

from collections import deque
from concurrent.futures import Future
from dataclasses import replace

from ..engine.match import Match, Seat
from ..folder_index import FolderScan
from ..i18n import _, in_every_language
from . import palette as P
from .catalog import Variant, facts_ok, games, load_variant, scan_configs, scanned_variant, variant_from, wanted
from .text import widget_text

BOT_NAMES = ["Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan"]
BATCH = 1000         # configs listed per frame at most (a label is made when its row first comes into view)


def needs_wide(v) -> bool:
    """Whether the label of `v` has a character only the wide face draws (its title, its file's name)."""
    return widget_text(f"{_(v.title)} {v.path.name}")[1]


FORM_NAMES = ("Player {n}", "Bot {n}")     # the names the form gives a person's seat and a bot's, numbered


def form_given(name: str) -> tuple[str, int] | None:
    """(the form's message, its number) when `name` is one the form gave ("Player 2", "Bot 7") in any of the
    program's languages (a set-up made in Russian comes back as "Бот 7"), else None: a name a person typed."""
    for message in FORM_NAMES:
        for form in in_every_language(message):
            for n in range(1, 13):
                if name == form.format(n=n):
                    return message, n
    return None


def default_name(name: str) -> bool:
    """A human seat's name as the form gives it ("Player 2", in any of the program's languages), not one a person
    typed."""
    given = form_given(name)
    return given is not None and given[0] == "Player {n}"


def default_bot_name(name: str) -> bool:
    """A bot seat's name as the form gives it: a pirate's, or "Bot 7" in any of the program's languages."""
    given = form_given(name)
    return name in BOT_NAMES or (given is not None and given[0] == "Bot {n}")


def in_this_language(name: str) -> str:
    """A name the form gave in whichever of the program's languages, said in the current one (a set-up remembered
    from a game started in Russian comes back in Korean with "플레이어 2", not "Игрок 2"); any other name as it
    is."""
    given = form_given(name)
    return _(given[0]).format(n=given[1]) if given else name


class SetupForm:
    """What the new-game screen holds: built from the last set-up started (`last`: game, variant, seats)."""

    def __init__(self, last: dict):
        self.games = games()
        ids = [g.id for g in self.games]
        self.game_index = ids.index(last["game"]) if last.get("game") in ids else \
            next((i for i, g in enumerate(self.games) if g.cls), 0)
        self.seats: list[dict] = [dict(s) for s in last.get("seats", [])] or \
            [{"name": _("Player {n}").format(n=1), "kind": "human"}, {"name": BOT_NAMES[0], "kind": "normal"}]
        for seat in self.seats:         # the names the form gave, in the language of this screen
            if isinstance(seat.get("name"), str):
                seat["name"] = in_this_language(seat["name"])
        self.seed_text = ""
        self.variants: list = []          # the current game's configs (`catalog.Variant`), as they are read
        self.variant_index = 0
        self.wide = False                 # the list's font must draw Hangul (`WIDE_CLASS`)
        self.loading: Future[Variant] | None = None     # the future loading the chosen config
        self.then: str | None = None      # "start" or "guide": what waits for the chosen config
        self.chosen = False               # True once the person chose, or the preferred variant came
        self._labels: dict = {}
        self._read(scan_configs(), prefer=last.get("variant"))

    # --- the game and its variants ------------------------------------------------------------------------
    @property
    def game(self):
        return self.games[self.game_index] if self.games else None

    @property
    def variant(self):
        return self.variants[self.variant_index] if self.variants else None

    @property
    def playable(self) -> bool:
        """A variant is chosen and it has no error."""
        return self.variant is not None and self.variant.error is None

    def start_scan(self, prefer: str | None = None) -> None:
        """Read the config folders (again): every config found so far is forgotten; `prefer` (a variant name) is
        chosen when it comes, unless the person chooses another first."""
        self.scan.stop()
        self._read(scan_configs(), prefer)

    def _read(self, scan: FolderScan, prefer: str | None) -> None:
        self.scan = scan
        self.all_variants: list[Variant] = []
        self.todo: deque = deque()
        self.followed: set = set()        # files the folder's watch told of since the scan began (`follow`)
        self.load_variants(prefer)

    def _wanted(self, v) -> bool:
        return bool(self.game and self.game.cls and wanted(v, self.game.id))

    def load_variants(self, prefer: str | None = None) -> None:
        """The current game's configs among those read so far; `prefer` is chosen when it is (or comes) in."""
        self.prefer = prefer or "default"
        self.chosen = False
        self.variants = [v for v in self.all_variants if self._wanted(v)]
        self.wide = any(needs_wide(v) for v in self.variants)
        self.variant_index = 0
        self.loading = None
        self.then = None
        best = next((i for i, v in enumerate(self.variants) if v.error is None and v.variant == self.prefer), None)
        if best is not None:
            self.chosen = True
        else:
            ok = [i for i, v in enumerate(self.variants) if v.error is None]
            best = ok[0] if ok else 0
        self.choose(best, load=self.chosen)

    def set_game(self, i: int) -> None:
        self.game_index = i
        self.load_variants()

    def step_game(self, step: int) -> bool:
        """The next (or previous) game that can be played; False when there is none."""
        ok = [i for i, g in enumerate(self.games) if g.cls is not None]
        if not ok:
            return False
        at = ok.index(self.game_index) if self.game_index in ok else 0
        self.set_game(ok[(at + step) % len(ok)])
        return True

    def choose(self, i: int, load: bool = True) -> None:
        """Make variant `i` the chosen one: its seats range applies, and its config is loaded (on a thread). A
        choice made only until the remembered variant comes (`load` False) leaves the seats as they are and
        loads nothing: that happens when it becomes the choice (`settle`)."""
        old = self.variant
        if old is not None and old.config is not None and i != self.variant_index:   # keep one config in memory
            self._replace(self.variant_index, replace(old, config=None))
        self.variant_index = i
        self.then = None
        self.loading = None
        if load:
            self.clamp_seats()
            self.load_chosen()

    def settle(self) -> bool:
        """The variant shown becomes the choice (the remembered one did not come, or the person went on with
        this one): its seats range applies and its config is loaded. True if the seats changed."""
        self.chosen = True
        before = [dict(s) for s in self.seats]
        self.clamp_seats()
        self.load_chosen()
        return self.seats != before

    def load_chosen(self) -> None:
        v = self.variant
        if v is not None and v.error is None and v.config is None and self.loading is None:
            self.loading = load_variant(v)

    def wait_for_config(self, then: str, unless_seats_change: bool = False) -> bool:
        """The chosen config is still being loaded: `then` ("start", "guide") happens when it is in — unless the
        variant shown had to become the choice and its seats changed, with `unless_seats_change` (the person sees
        the seats first). True when the seats changed."""
        changed = not self.chosen and self.settle()
        if not (changed and unless_seats_change):
            self.then = then
            self.load_chosen()
        return changed

    def _replace(self, i: int, v) -> None:
        """Put `v` (the same file, read again or without its config) in place of variant `i`."""
        old = self.variants[i]
        self.variants[i] = v
        for j, w in enumerate(self.all_variants):
            if w.path == old.path:
                self.all_variants[j] = v
                break

    # --- the folders, as they are read ---------------------------------------------------------------------
    def working(self) -> bool:
        return not self.scan.complete or bool(self.todo) or self.loading is not None

    def reading(self) -> list:
        return [f for f in ((None if self.scan.done else self.scan.finished), self.loading)
                if f is not None and not f.done()]

    @property
    def settled(self) -> bool:
        """Every config found is listed and the chosen one is loaded (what a test waits for)."""
        return self.scan.complete and not self.todo and self.loading is None

    def take(self) -> tuple[int, bool]:
        """Take the configs read since the last call (at most BATCH): (how many of the current game's were added
        to the variants, whether the widgets must be built again — the list's font changes, another variant is
        chosen, or the seats change)."""
        self.todo.extend(self.scan.take())
        new = 0
        rebuild = False
        pick = None        # the variant to choose (the preferred one, or a first playable one meanwhile)
        for _n in range(min(BATCH, len(self.todo))):
            found = self.todo.popleft()
            if not facts_ok(found.facts) or found.path in self.followed:   # (the watch's news is newer)
                continue
            v = scanned_variant(found)
            self.all_variants.append(v)
            if not self._wanted(v):
                continue
            self.variants.append(v)
            new += 1
            if not self.wide and needs_wide(v):   # the list's font must change: build it again
                self.wide = rebuild = True
            if not self.chosen and v.error is None:
                if v.variant == self.prefer:
                    pick, self.chosen = len(self.variants) - 1, True
                elif pick is None and (len(self.variants) == 1 or self.variant.error is not None):
                    pick = len(self.variants) - 1    # meanwhile: a playable one (its seats not applied yet)
        if pick is not None:
            self.choose(pick, load=self.chosen)
            rebuild = True
        if not self.chosen and self.scan.complete and not self.todo:   # the remembered one never came
            rebuild = self.settle() or rebuild
        return new, rebuild

    def follow(self, changes) -> tuple[bool, list[tuple[str, str]]]:
        """Files of the user config folder changed (`folder_watch.Change`s, each re-read by the folder's watch):
        the list follows them — a new file is listed, a changed one says what it says now (its error, or it goes
        to another game's list), a removed one goes; the chosen variant stays chosen while it is listed (a changed
        one is loaded again), else the first playable one is chosen. Returns (whether the screen changes, what
        happened to which file: (name, "added" | "changed" | "removed", "-broken" added when it has an error))."""
        chosen = self.variant.path if self.variant is not None else None
        said: list[tuple[str, str]] = []
        for change in changes:
            if change.kind == "checked":
                continue
            self.followed.add(change.path)
            at = next((i for i, w in enumerate(self.all_variants) if w.path == change.path), None)
            if change.facts is None or not facts_ok(change.facts):
                if at is not None:
                    del self.all_variants[at]
                    said.append((change.path.name, "removed"))
                continue
            v = variant_from(change.path, change.facts)
            if at is not None and change.kind == "added" and self.all_variants[at].facts() == v.facts():
                continue          # listed already, as it is (the scan read it after it came)
            if at is None:
                key = (v.path.suffix != ".yaml", v.path.name)      # the user's files by name, as they are listed
                at = next((i for i, w in enumerate(self.all_variants)
                           if w.user and (w.path.suffix != ".yaml", w.path.name) > key), len(self.all_variants))
                self.all_variants.insert(at, v)
            else:
                self.all_variants[at] = v
            said.append((v.path.name, ("added" if change.kind == "added" else "changed") +
                         ("-broken" if v.error is not None else "")))
        if not said:
            return False, said
        self.variants = [v for v in self.all_variants if self._wanted(v)]
        self.wide = any(needs_wide(v) for v in self.variants)
        self._keep_choice(chosen, {c.path for c in changes})
        return True, said

    def _keep_choice(self, chosen, touched: set) -> None:
        """After `follow`: the variant chosen before stays chosen where it is still listed (loaded again if its
        file changed), else the first playable one is chosen."""
        at = next((i for i, v in enumerate(self.variants) if v.path == chosen), None)
        if at is None:
            ok = [i for i, v in enumerate(self.variants) if v.error is None]
            self.variant_index = 0
            self.loading = None
            if self.variants:
                self.choose(ok[0] if ok else 0, load=self.chosen)
            return
        self.variant_index = at
        if chosen in touched:          # what it says now: its seats range, its config (a waiting Start goes on)
            self.loading = None
            if self.chosen:
                self.clamp_seats()
                self.load_chosen()
            if not self.playable:
                self.then = None

    def loaded(self, fresh) -> tuple[bool, bool, str | None]:
        """The chosen config is loaded (or turned out broken: the file changed since it was listed): (taken —
        False when another variant was chosen meanwhile, whether what the list and the seats say changed, what
        waited for it)."""
        self.loading = None
        v = self.variant
        if v is None or v.path != fresh.path:
            return False, False, None
        then, self.then = self.then, None
        self._replace(self.variant_index, fresh)
        changed = fresh.facts() != v.facts()
        if changed:
            self.clamp_seats()
        return True, changed, then if fresh.config is not None else None

    def progress_line(self, grouped) -> str:
        if self.scan.complete and not self.todo:
            return ""
        total = self.scan.progress()[1]
        if total is None:
            return _("Reading configs…")
        return _("Reading configs… {done} of {total}").format(done=grouped(len(self.all_variants)),
                                                              total=grouped(total))

    # --- the seats -----------------------------------------------------------------------------------------
    def levels(self) -> list[str]:
        cls = self.game.cls if self.game else None
        return list(getattr(cls, "bot_levels", ("easy", "normal"))) if cls else ["normal"]

    def clamp_seats(self) -> None:
        v = self.variant
        if v is None:
            return     # nothing read yet: the seats stay as they were set up
        lo, hi = (v.players_min, v.players_max) if v.error is None else (2, 5)
        while len(self.seats) < lo:
            self.add_seat()
        del self.seats[hi:]
        levels = self.levels()
        for s in self.seats:
            if s["kind"] != "human" and s["kind"] not in levels:
                s["kind"] = "normal" if "normal" in levels else levels[0]

    def add_seat(self) -> None:
        used = {s["name"] for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), _("Bot {n}").format(n=len(self.seats) + 1))
        levels = self.levels()
        self.seats.append({"name": name, "kind": "normal" if "normal" in levels else levels[0]})

    def room_for_seat(self) -> bool:
        return self.playable and len(self.seats) < self.variant.players_max

    def seat_can_go(self) -> bool:
        return self.playable and len(self.seats) > self.variant.players_min

    def cycle_kind(self, i: int, step: int = 1) -> None:
        """Seat `i` becomes the next kind (human, then each bot level); a default name follows the kind."""
        kinds = ["human"] + self.levels()
        seat = self.seats[i]
        nxt = kinds[(kinds.index(seat["kind"]) + step) % len(kinds)] if seat["kind"] in kinds else "human"
        was_default_human = default_name(seat["name"])
        if nxt == "human" and seat["kind"] != "human" and default_bot_name(seat["name"]):
            seat["name"] = _("Player {n}").format(n=sum(1 for s in self.seats if s['kind'] == 'human') + 1)
        elif seat["kind"] == "human" and nxt != "human" and was_default_human:
            used = {s["name"] for s in self.seats}
            seat["name"] = next((n for n in BOT_NAMES if n not in used), seat["name"])
        seat["kind"] = nxt

    def problem(self, names: list[str]) -> str | None:
        """What stops a game with these seat names and the seed typed from starting, if anything."""
        if any(not n for n in names):
            return _("Every seat needs a name.")
        if len(set(names)) != len(names):
            return _("Two seats have the same name: give each seat its own name.")
        if self.seed_text.strip():
            try:
                int(self.seed_text.strip())
            except ValueError:
                return _("The seed must be a whole number (or empty for a random game).")
        return None

    def seed(self) -> int | None:
        return int(self.seed_text.strip()) if self.seed_text.strip() else None

    def match(self, names: list[str]) -> Match:
        """The match the form sets up, the seats named `names` (raises `PirateTableError` if it cannot start)."""
        seats = [Seat(n, None if s["kind"] == "human" else s["kind"]) for n, s in zip(names, self.seats)]
        return Match(self.variant.config, seats, self.seed())

    def remembered(self) -> dict:
        """The set-up as the next new game starts from it (`settings.save_last_setup`)."""
        return {"game": self.game.id, "variant": self.variant.variant, "seats": [dict(s) for s in self.seats]}

    # --- what the screen says --------------------------------------------------------------------------------
    def language_changed(self) -> None:
        self._labels.clear()
        self.wide = any(needs_wide(v) for v in self.variants)

    def row_label(self, i: int, width: int, ellipsize, size: int) -> str:
        """Row `i` of the variant list: how it names a config — its title, with the file for the user's own
        configs — cut with `ellipsize` to `width` px at print `size` (made once)."""
        if not self.variants:
            return _("(no config found)")
        v = self.variants[i]
        key = (v.path, v.title, v.error is None, width)
        label = self._labels.get(key)
        if label is None:
            if v.error is None:
                title = _(v.title)
                text = _("{title} (your config: {file})").format(title=title, file=v.path.name) if v.user else title
            else:
                text = _("Cannot be played: {file}").format(file=v.path.name)
            label = self._labels[key] = ellipsize(widget_text(text)[0], size, width)
        return label

    def info(self, folder, reload_key: str) -> list[tuple[str, tuple, int, bool, bool]]:
        """The panel under the variant list, as paragraphs (text, colour, print size at scale 1, bold, wrapped):
        the chosen variant's title and description, or its errors; where your own configs go (and the key that
        reads them again: `reload_key`); its file."""
        v = self.variant
        out: list[tuple[str, tuple, int, bool, bool]] = []
        if v is not None and v.error is None:
            out.append((_(v.title), P.GOLD_LIGHT, 18, True, True))
            if v.description:
                out.append((_(v.description), P.CREAM, 15, False, True))
        elif v is not None:
            out.append((_("This config has an error and cannot be played:"), P.RED_LIGHT, 16, True, False))
            out += [(problem, P.CREAM, 14, False, True) for problem in (v.error or "").splitlines()]
        elif self.game is not None and self.game.error:
            out.append((self.game.error, P.RED_LIGHT, 15, False, True))
        out.append(("", P.MUTED, 8, False, False))
        out.append((_("Your own configs: copy a YAML file into {folder} and it appears in this list (Reload: {key}).")
                    .format(folder=folder, key=reload_key), P.MUTED, 13, False, True))
        if v is not None and v.error is None:
            out.append((_("File: {path}").format(path=v.path), P.MUTED, 13, False, True))
        return out
