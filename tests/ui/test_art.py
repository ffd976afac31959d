"""The shared art: the one cache of drawn surfaces, plain dice for a game without painters, and each game's art
kept in its own folder (ui/games/<id>/)."""
from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from piratetable.ui import art, sprites
from piratetable.ui.table.painters import Painters, painters_for

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "piratetable"


def test_the_cache_draws_each_key_once_and_forgets_the_oldest_past_its_limit():
    cache = art.Cache(art.MiB, most=3)
    made: list[str] = []

    def make(key):
        def draw():
            made.append(key)
            return pygame.Surface((2, 2))
        return draw

    first = cache("a", make("a"))
    assert cache("a", make("a")) is first and made == ["a"]
    cache("b", make("b"))
    cache("c", make("c"))
    cache("d", make("d"))
    assert len(cache) == 3 and "a" not in cache and "b" in cache and "d" in cache
    assert made == ["a", "b", "c", "d"]
    assert cache("e", lambda n: pygame.Surface((n, n)), 3).get_size() == (3, 3)    # make(*args)
    cache.clear()
    assert len(cache) == 0


def test_the_cache_is_bounded_by_the_bytes_it_holds():
    """A surface weighs its pixels (width x height x bytes per pixel): the oldest go until the rest fit the budget;
    the newest stays even when it alone is over it."""
    cache = art.Cache(3 * 100 * 100 * 4 + 1000)
    for name in "abc":
        cache(name, pygame.Surface, (100, 100), pygame.SRCALPHA)
    assert len(cache) == 3 and 3 * 40_000 < cache.bytes <= cache.budget
    cache("d", pygame.Surface, (100, 100), pygame.SRCALPHA)
    assert cache.keys() == ["b", "c", "d"] and cache.bytes <= cache.budget
    cache("big", pygame.Surface, (400, 400), pygame.SRCALPHA)
    assert cache.keys() == ["big"] and cache.bytes > cache.budget
    assert art.weight((pygame.Surface((10, 10), pygame.SRCALPHA),) * 2) > 2 * 400
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


class _Words:
    card_name = "Rum"

    def card(self, card_id):
        return self.card_name

    def face(self, face):
        return face


def _game(faces=(1, 2, 3)):
    """A plug-in game without painters of its own (none is found for its id)."""
    words = _Words()
    return SimpleNamespace(id="no_painters_here", words=lambda: words, content=SimpleNamespace(faces=faces))


def test_a_game_without_painters_gets_plain_dice_with_its_faces(app, drawn):
    painters = painters_for(_game())
    assert type(painters) is Painters
    sprites.clear()
    die = painters.die("3", 60)
    assert die.get_size() == (60, 60)
    assert "3" in drawn and "?" not in drawn        # the face's name on the die, not an unknown face's "?"
    assert [painters.tumbling_face(k) for k in range(4)] == ["1", "2", "3", "1"]   # the game's own faces


def test_a_drawn_card_face_follows_its_words_after_the_cache_is_cleared(app, drawn):
    """The app clears the drawn surfaces (`sprites.clear`) when the language changes: the default card face
    is drawn again in the new words (it was kept from before in the painters' own cache)."""
    game = _game()
    painters = Painters(game)
    sprites.clear()
    painters.card_face("rum", (80, 116))
    assert "Rum" in drawn
    game.words().card_name = "Ром"
    sprites.clear()
    painters.card_face("rum", (80, 116))
    assert "Ром" in drawn


def _imported(path: Path, root: Path) -> list[str]:
    """The modules `path` imports (relative imports resolved), each name of a `from … import` as a module too."""
    module = ".".join(path.relative_to(root).with_suffix("").parts)
    package = module.rpartition(".")[0] if path.name != "__init__.py" else module.removesuffix(".__init__")
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            out += [base] + [f"{base}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("piratetable."):
            out.append(node.value)     # importlib.import_module("piratetable.ui.games.….art")
    return out


def art_imports_outside_their_game(package: Path = PACKAGE) -> list[str]:
    """Modules of `package` that import a game's art (`piratetable.ui.games.<id>.art`) from outside
    `ui/games/<id>/`."""
    root, games = package.parent, package / "ui" / "games"
    bad = []
    for path in sorted(package.rglob("*.py")):
        for name in sorted(set(_imported(path, root))):
            parts = name.split(".")
            if parts[:3] == ["piratetable", "ui", "games"] and len(parts) == 5 and parts[4] == "art":
                if not path.is_relative_to(games / parts[3]):
                    bad.append(f"{path.relative_to(root).as_posix()} imports {name}")
    return bad


def test_no_module_outside_a_games_folder_imports_its_art():
    assert art_imports_outside_their_game() == []


def test_the_scan_finds_an_art_import_outside_the_games_folder(tmp_path):
    """The scan above sees each way of naming a game's art (so that its empty answer means something)."""
    fake = tmp_path / "piratetable"
    (fake / "ui" / "games" / "piratz").mkdir(parents=True)
    (fake / "ui" / "table").mkdir(parents=True)
    (fake / "ui" / "games" / "piratz" / "painters.py").write_text("from . import art\n")      # its own: fine
    (fake / "ui" / "table" / "a.py").write_text("from ..games.piraten_kapern import art\n")
    (fake / "ui" / "b.py").write_text("from .games.pirataki.art import ship\n")
    (fake / "c.py").write_text("import piratetable.ui.games.petrangola.art\n")
    (fake / "ui" / "games" / "piratz" / "d.py").write_text("from ..piraten_kapern.art import DIE_FACES\n")
    found = art_imports_outside_their_game(fake)
    assert [f.split(" imports ")[0] for f in found] == [
        "piratetable/c.py", "piratetable/ui/b.py", "piratetable/ui/games/piratz/d.py", "piratetable/ui/table/a.py"]


@pytest.mark.parametrize("lang", ["en", "ru", "it", "ko"])
def test_a_pirate_card_never_cuts_its_effect_text_silently(app, drawn, lang):
    """Found playing: the Treasure Island card on the Piraten Kapern table (140×203 px at 1280×720) ended
    "…If a third skull ends the trip, the dice already on" — the rest of its effect text was cut, with no "…".
    A long text takes room from the picture first; what still does not fit ends with "…", and the table's card
    shows the whole text on hover."""
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    app.set_language(lang)
    try:
        game = Match(load_config("piraten_kapern"), [Seat("A"), Seat("B")]).game
        painters = painters_for(game)
        words = game.words()
        whole = 0
        for size in ((140, 203), (121, 175)):
            for card_id in game.cards:
                text = " ".join((words.card_text(card_id) or words.card_summary(card_id)).split())
                sprites.clear()
                drawn.clear()
                painters.card_face(card_id, size)
                shown = " ".join(" ".join(drawn).split())
                if text in shown:
                    whole += size == (140, 203)
                else:
                    assert shown.endswith("…") and text.startswith(shown.rpartition(" Ag ")[2][:-1].rstrip()[:40]), \
                        (lang, size, card_id, shown)
        if lang == "en":
            assert whole == len(game.cards), whole     # in English every card reads whole at 1280×720
    finally:
        app.set_language("en")


def test_the_pirate_card_on_the_table_shows_its_whole_text_on_hover():
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    from piratetable.table.standard import SeatInfo
    match = Match(load_config("piraten_kapern"), [Seat("A"), Seat("B")], 3)
    table = match.game.table(match.view(0), match.legal(), [SeatInfo(s.name, s.bot) for s in match.seats])
    card = table.zone("card")
    words = match.game.words()
    assert card.tooltip == f"{words.card(card.cards[0].card)}: {words.card_text(card.cards[0].card)}"


@pytest.mark.parametrize("lang", ["en", "ru", "it", "ko"])
def test_a_pirate_card_s_title_keeps_its_words_whole(app, drawn, lang):
    """Found in the Workshop in Russian at text 150 %: the deck's small cards read "Хранител" / "ь" and
    "Остров сокрови" (the "щ" gone, no "…"). A title prints smaller, down to a floor, to keep its words whole on
    its two lines; what still does not fit ends with "…"."""
    from piratetable.config.loader import load_config
    from piratetable.engine.match import Match, Seat
    app.set_language(lang)
    try:
        game = Match(load_config("piraten_kapern"), [Seat("A"), Seat("B")]).game
        painters = painters_for(game)
        words = game.words()
        for size in ((140, 203), (72, 104), (64, 93)):
            for card_id in game.cards:
                name = " ".join(words.card(card_id).split())
                sprites.clear()
                drawn.clear()
                painters.card_face(card_id, size)
                title = drawn[:drawn.index("Ag")]
                shown = " ".join(title)
                assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1].rstrip())), \
                    (lang, size, card_id, title)
                assert 1 <= len(title) <= 2
    finally:
        app.set_language("en")
