"""Everything a player reads goes through the catalog: in a pseudo-language that turns every translated letter
into an accented look-alike, no scene may draw an English word (player names, key names and file paths aside);
the shipped languages switch live and draw Korean in Korean."""
from __future__ import annotations

import gettext
import re
from concurrent.futures import wait

import pygame
import pytest

from piratetable import i18n
from piratetable.bots.base import decide
from piratetable.config.loader import load_config, user_config_dir
from piratetable.engine.match import Match, Seat
from piratetable.ui.app import App
from piratetable.ui.settings import Settings
from piratetable.ui.text import TEXT

from .helpers import step
from .test_layout import finished, played

LOWER = "áƀçďéƒğĥíĵķĺṁñóṗʠŕšťúṽŵẋýž"
UPPER = "ÁƁÇĎÉƑĞĤÍĴĶĹṀÑÓṖǪŔŠŤÚṼŴẊÝŽ"
PSEUDO = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", LOWER + UPPER)


def pseudo(text: str) -> str:
    """Every ASCII letter outside {placeholders} and `code` turned into a look-alike."""
    return "".join(part if part.startswith(("{", "`")) else part.translate(PSEUDO)
                   for part in re.split(r"(\{[^{}]*\}|`[^`]*`)", text))


class Pseudo(gettext.NullTranslations):
    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


NAMES = ("Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan", "Черная Борода",
         "김선장", "Bartholomew Roberts", "Ching Shih", "Jean Lafitte", "Olivier Levasseur")
KEYS = {"Enter", "Esc", "Space", "Tab", "Shift", "Ctrl", "PirateTable"}


def english_words(text: str) -> list[str]:
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    for word in {w for name in NAMES for w in name.split()}:    # a name cut by a line break
        text = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", " ", text)
    text = re.sub(r"\[[^\]]*\]", " ", text)                      # key hints: [Enter], [F1]
    for part in user_config_dir().parts:                         # the user's folder, its path cut by a line break
        text = re.sub(rf"(?<![A-Za-z]){re.escape(part)}(?![A-Za-z])", " ", text)
    text = " ".join(w for w in text.split() if "/" not in w and "\\" not in w and not re.search(r"\.(yaml|json)", w))
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in KEYS]


@pytest.fixture
def seen(drawn):
    """Every text rendered from now on (the shared `drawn` of conftest.py)."""
    return drawn


def widget_texts(app) -> list[str]:
    out = []

    def walk(container):
        for el in getattr(container, "elements", []):
            if getattr(el, "visible", True):
                text = getattr(el, "text", None)
                if isinstance(text, str):
                    out.append(text)
                for item in getattr(el, "item_list", []) or []:
                    out.append(item.get("text", ""))
            inner = el.get_container() if hasattr(el, "get_container") else None
            if inner is not None and inner is not el:
                walk(inner)
    walk(app.manager.get_root_container())
    return out


def test_every_scene_speaks_only_through_the_catalog(seen, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(speed="instant", coach="always", odds=True))
    found: dict[str, set] = {}

    def look(where: str, frames: int = 3) -> None:
        TEXT.clear()
        seen.clear()
        step(app, frames)
        app.dirty = True
        app.draw()
        for text in seen + widget_texts(app):
            words = english_words(text)
            if words:
                found.setdefault(where, set()).add(f"{text!r} {words}")

    try:
        i18n.use_translations(Pseudo(), "xx")
        app._rebuild_ui()
        from piratetable.ui.scenes.curtain import CurtainScene
        from piratetable.ui.scenes.guide import GuideScene
        from piratetable.ui.scenes.load import LoadScene
        from piratetable.ui.scenes.message import MessageScene
        from piratetable.ui.scenes.new_game import NewGameScene
        from piratetable.ui.scenes.pause import PauseScene
        from piratetable.ui.scenes.results import ResultsScene
        from piratetable.ui.scenes.rules import RulesScene
        from piratetable.ui.scenes.settings import SettingsScene
        from piratetable.ui.scenes.table import TableScene
        look("title")
        app.push(SettingsScene(app))
        look("settings")
        app.reset_to(LoadScene(app))
        look("load")
        for game_id, n in (("piraten_kapern", 2), ("piratz", 3), ("pirataki", 2), ("petrangola", 4)):
            app.last_setup = {"game": game_id, "seats": [{"name": NAMES[i], "kind": "human" if i == 0 else "hard"}
                                                         for i in range(n)]}
            app.reset_to(NewGameScene(app))
            look(f"new game {game_id}")
            for moves in (0, 9):
                table = TableScene(app, played(game_id, n, moves))
                app.reset_to(table)
                step(app, 2)
                if table.my_turn:        # the hint and the odds lines speak through the catalog too
                    table.ask_hint()
                    wait([table.driver.hint_future], timeout=60)
                look(f"table {game_id} after {moves} moves")
            app.push(PauseScene(app, table))
            look(f"pause {game_id}")
            app.reset_to(ResultsScene(app, finished(game_id, n)))
            look(f"results {game_id}")
            config = load_config(game_id)
            guide = GuideScene(app, config)
            app.reset_to(guide)
            for page in range(len(guide.pages) if hasattr(guide, "pages") else 1):
                guide.page = page
                look(f"guide {game_id} page {page + 1}", frames=1)
            app.reset_to(RulesScene(app, Match(config, [Seat(x) for x in NAMES[:3]]).game))
            look(f"rules {game_id}")
        app.reset_to(CurtainScene(app, NAMES[2]))
        look("curtain")
        from piratetable.ui.scenes.statistics import StatisticsScene
        app.reset_to(StatisticsScene(app))         # the results above recorded their games
        look("statistics")
        from piratetable.ui.scenes.replay import ReplayScene
        replay = ReplayScene(app, finished("petrangola", 4))
        app.reset_to(replay)
        replay.step_to(3)
        look("replay")
        app.reset_to(MessageScene(app, i18n._("Note"), i18n._("Configs read again.")))
        look("message")
    finally:
        i18n.set_language("en")
        app.close()
    assert not found, "English text on screen (not through the catalog):\n" + "\n".join(
        f"{where}: {sorted(texts)[:6]}" for where, texts in found.items())


@pytest.mark.parametrize("code", ["ru", "it", "ko"])
def test_a_language_switched_in_the_settings_applies_at_once(code, tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(settings=Settings(speed="instant"))
    try:
        step(app, 2)
        from piratetable.ui.scenes.settings import SettingsScene
        app.push(SettingsScene(app))
        step(app, 2)
        settings = app.top
        button = settings.language_buttons[code]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
        step(app, 3)
        assert i18n.language() == code and app.settings.language == code
        assert app.manager.get_locale() == code                      # pygame_gui's own translations and font
        assert isinstance(app.top, SettingsScene) and app.top.language_buttons[code].is_selected
        titles = [b.text for b in app.stack[0].buttons.values()]       # the title below was rebuilt too
        assert i18n._("New game") + "   [N]" in titles and "New game   [N]" not in titles
        from piratetable.ui.settings import load_settings
        assert load_settings()[0].language == code                     # remembered
    finally:
        i18n.set_language("en")
        app.close()


def test_korean_is_drawn_in_korean_glyphs():
    pygame.font.init()
    from piratetable.ui.text import font, has_glyph
    assert not has_glyph("latin", "한") and has_glyph("kr", "한")
    runs = font(18).runs("Anna 한국 →")
    assert [s for _f, s in runs] == ["Anna ", "한국 →"]
    box = font(18).face(0).render("\ue000", True, (0, 0, 0))                # the "missing glyph" box
    img = TEXT.render("한", 18, (0, 0, 0))
    assert pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(
        pygame.transform.scale(box, img.get_size()), "RGBA")


def test_a_face_opens_the_next_family_only_when_a_text_needs_it():
    """A size's Noto Sans KR (a 6 MB file) is opened for the first text that needs a Korean glyph, not with the
    Latin face: an English table drawing at twenty sizes opened it at each (5 MiB never drawn with)."""
    pygame.font.init()
    from piratetable.ui import text
    text.clear_fonts()
    # (the glyph test's own fonts, at 16, opened before counting)
    assert text.has_glyph("latin", "·") and not text.has_glyph("latin", "한") and text.has_glyph("kr", "한")
    opened = text._face_font.cache_info().currsize
    face = text.font(37)
    assert face.runs("Anne Bonny: 12 points")[0][0] is face.face(0)
    face.render("Anne Bonny: 12 points", True, (0, 0, 0))
    face.size("Hand 16 · pot 15")
    assert text._face_font.cache_info().currsize == opened + 1          # the Latin face at 37 alone
    korean = [f for f, s in face.runs("Anne 한국") if "한" in s][0]
    assert korean is face.face(1) is not face.face(0)
    assert text._face_font.cache_info().currsize == opened + 2


def test_a_language_switch_remakes_the_table_its_log_and_the_results(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    app = App(settings=Settings(speed="instant"))
    try:
        step(app, 2)
        from piratetable.ui.scenes.guide import GuideScene
        from piratetable.ui.scenes.results import ResultsScene
        from piratetable.ui.scenes.table import TableScene
        table = TableScene(app, played("piraten_kapern", 2, 6))
        app.reset_to(table)
        step(app, 3)
        english = (table.renderer.table.title, table.renderer.table.score.title)
        app.set_language("ru")
        step(app, 3)
        assert (table.renderer.table.title, table.renderer.table.score.title) == (
            i18n._("Piraten Kapern"), i18n._("Score card")) != english
        assert table.renderer.table.score.title != "Score card"
        results = ResultsScene(app, finished("piratz", 2))
        app.reset_to(results)
        step(app, 2)
        headline = results.recap.headline
        app.set_language("it")
        step(app, 2)
        assert results.recap.headline != headline
        guide = GuideScene(app, None)
        app.reset_to(guide)
        step(app, 2)
        title = guide.pages[0].title
        app.set_language("ko")
        step(app, 2)
        assert guide.pages[0].title != title and any("\uac00" <= ch <= "\ud7a3" for ch in guide.pages[0].title)
    finally:
        i18n.set_language("en")
        app.close()


def test_a_user_config_titled_in_korean_shows_in_korean(tmp_path, monkeypatch):
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    from pathlib import Path
    shipped = Path(__file__).resolve().parents[2] / "configs" / "piratz.yaml"
    text = shipped.read_text(encoding="utf-8").replace("title: Piratz", "title: 해적의 보물", 1)
    (tmp_path / "configs").mkdir()
    (tmp_path / "configs" / "korean.yaml").write_text(text, encoding="utf-8")
    app = App(settings=Settings(speed="instant"))         # in English
    try:
        step(app, 2)
        from piratetable.ui.scenes.new_game import NewGameScene
        from piratetable.ui.text import WIDE_CLASS, font
        app.last_setup = {"game": "piratz", "variant": "korean", "seats": []}
        app.push(NewGameScene(app))
        step(app, 3)
        scene = app.top
        label = next(x for x in scene.labels if "해적의 보물" in x)
        assert WIDE_CLASS in scene.variant_list.class_ids     # the list's font draws Hangul
        assert [f for f, s in font(16).runs(label) if "해" in s][0] is font(16).face(1)   # drawn in Noto Sans KR
    finally:
        app.close()


# --- a switch switches everything -----------------------------------------------------------------------------------
LOWER2 = "àƃċđèḟġħìǰǩļṃṅòṕɋřşţùṿẁẍỳż"
UPPER2 = "ÀƂĊĐÈḞĠĦÌĴǨĻṂṄÒṔɊŘŞŢÙṾẀẌỲŻ"
PSEUDO2 = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", LOWER2 + UPPER2)
FIRST = set(LOWER + UPPER)


class Pseudo2(gettext.NullTranslations):
    """A second pseudo-language, its letters disjoint from the first's: a text still in the first after a switch
    shows itself."""

    def gettext(self, message):
        return "".join(part if part.startswith(("{", "`")) else part.translate(PSEUDO2)
                       for part in re.split(r"(\{[^{}]*\}|`[^`]*`)", message))

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


def test_switching_the_language_mid_game_remakes_every_text(seen, tmp_path, monkeypatch):
    """Mid-game, Esc → Settings → another language: the table below (its log, told again from the events; the score
    card, the seat panels, the tips, the odds, the hint, a bot's reason), the pause menu, then the results and their
    recap, the Resume line and the confirm dialog with the game's name, all in the new language."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    from piratetable.ui.saves import AUTOSAVER, confirm_replacing_autosave, write_autosave
    from piratetable.ui.scenes.message import MessageScene
    from piratetable.ui.scenes.pause import PauseScene
    from piratetable.ui.scenes.results import ResultsScene
    from piratetable.ui.scenes.settings import SettingsScene
    from piratetable.ui.scenes.table import TableScene
    from piratetable.ui.scenes.title import TitleScene
    app = App(size=(1280, 720), settings=Settings(speed="instant", coach="always", odds=True))

    def texts() -> list[str]:
        TEXT.clear()
        seen.clear()
        step(app, 2)
        app.dirty = True
        app.draw()
        return [t for t in seen + widget_texts(app) if t.strip()]

    def stale(where: str) -> list[str]:
        return [f"{where}: {t!r}" for t in texts() if FIRST & set(t)]

    problems: list[str] = []
    try:
        i18n.use_translations(Pseudo(), "xx")
        app._rebuild_ui()
        match = played("pirataki", 3, 20)           # a person and two bots; no hidden cards: reasons show
        table = TableScene(app, match)
        app.reset_to(table)
        step(app, 2)
        bots = [i for i in range(match.moves) if table.driver.bot_move(i)]
        from piratetable.ui import insight as insight_ui
        table.driver.explained[bots[-1]] = insight_ui.ask_explain_past(match, bots[-1])
        table.driver.why_open.add(bots[-1])
        wait([table.driver.explained[bots[-1]]], timeout=60)
        if table.my_turn:
            table.ask_hint()
            wait([table.driver.hint_future], timeout=60)
        table.say(i18n._("Configs read again."))
        before = texts()
        assert any(FIRST & set(t) for t in before) and table.driver.why_text(bots[-1])[:12] in " ".join(before)
        app.push(PauseScene(app, table))
        app.push(SettingsScene(app))
        step(app, 2)
        i18n.use_translations(Pseudo2(), "yy")       # what Settings → Language does, with a pseudo-language
        app._rebuild_ui()
        problems += stale("settings over the pause menu and the table")
        app.pop()
        problems += stale("the pause menu over the table")
        app.pop()
        problems += stale("the table")
        while not match.over:
            seat = match.current
            view, legal, stream = match.bot_inputs(seat)
            match.play(decide(match.game, "easy", seat, view, legal, stream))
        app.reset_to(ResultsScene(app, match))
        problems += stale("the results")
        unfinished = played("piraten_kapern", 2, 5)
        write_autosave(unfinished)
        AUTOSAVER.flush()
        i18n.use_translations(Pseudo(), "xx")
        app.reset_to(TitleScene(app))
        step(app, 2)
        app.push(SettingsScene(app))
        step(app, 2)
        i18n.use_translations(Pseudo2(), "yy")
        app._rebuild_ui()
        app.pop()
        problems += stale("the title")
        title = app.top
        assert title.info.unfinished and Pseudo2().gettext("Piraten Kapern") in title.info.summary
        confirm_replacing_autosave(app, lambda: None, i18n._("Start"))
        step(app, 2)
        assert isinstance(app.top, MessageScene)
        problems += stale("the confirm dialog")
        assert any(Pseudo2().gettext("Piraten Kapern") in t for t in texts())
    finally:
        i18n.set_language("en")
        app.close()
    assert not problems, "text left in the old language:\n" + "\n".join(problems[:20])


# --- a game in each language: only that language's words, every count shown -----------------------------------------
RUSSIAN_COUNTS = (1, 2, 5, 21, 22, 25)        # one form each of 1, 2-4 and 5-20, and the forms again for 21, 22, 25


def _catalog_words(code: str) -> set[str]:
    """Every Latin word of the language's translations (a word on screen that is not one of them did not come
    through the catalog)."""
    from pathlib import Path

    from babel.messages.pofile import read_po
    path = Path(i18n.LOCALE_DIR) / code / "LC_MESSAGES" / "piratetable.po"
    with open(path, "rb") as fh:
        catalog = read_po(fh)
    words: set[str] = set()
    for m in catalog:
        for text in ([m.string] if isinstance(m.string, str) else m.string):
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^{}]*\}", " ", text or "")))
    return words


class Recording(gettext.GNUTranslations):
    """The language's catalog, noting every plural message asked for."""

    plurals: set

    def ngettext(self, singular, plural, n):
        self.plurals.add((None, singular, plural))
        return super().ngettext(singular, plural, n)

    def npgettext(self, context, singular, plural, n):
        self.plurals.add((context, singular, plural))
        return super().npgettext(context, singular, plural, n)


@pytest.mark.parametrize("code", ["ru", "it", "ko"])
def test_a_game_of_each_game_in_each_language(code, seen, tmp_path, monkeypatch):
    """A person and bots play each game to its end in the language, with tips, odds, a hint, a bot's reason, the
    log and the results on screen: no text shows a `{`, every Latin word is one of the language's translations (or
    a name or a key), and every plural message shown keeps its count in every form the language uses for 1, 2, 5,
    21, 22 and 25 (Korean: its one form)."""
    monkeypatch.setenv("PIRATETABLE_HOME", str(tmp_path))
    from piratetable.insight import explain
    from piratetable.insight import words as insight_words
    from piratetable.ui.scenes.message import MessageScene
    from piratetable.ui.scenes.results import ResultsScene
    from piratetable.ui.scenes.table import TableScene
    with open(i18n.LOCALE_DIR / code / "LC_MESSAGES" / "piratetable.mo", "rb") as fh:
        catalog = Recording(fh)
    catalog.plurals = set()
    known = _catalog_words(code) | {k.lower() for k in KEYS | {"PgUp", "PgDn"}}
    app = App(size=(1280, 720), settings=Settings(speed="instant", coach="always", odds=True))
    problems: list[str] = []

    def look(where: str, extra=()) -> None:
        TEXT.clear()
        seen.clear()
        step(app, 2)
        app.dirty = True
        app.draw()
        for text in list(seen) + widget_texts(app) + list(extra):
            if "{" in text or "}" in text:
                problems.append(f"{where}: a placeholder in {text!r}")
            text = re.sub(r"\w+…$", "…", text)      # a word cut short to fit
            strange = [w for w in english_words(text) if w.lower() not in known]
            if strange:
                problems.append(f"{where}: {strange} in {text!r}")

    try:
        i18n.use_translations(catalog, code)
        app._rebuild_ui()
        idle = MessageScene(app, "", "")
        for game_id, n in (("piraten_kapern", 3), ("piratz", 3), ("pirataki", 3), ("petrangola", 4)):
            match = Match(load_config(game_id), [Seat(NAMES[0])] + [Seat(NAMES[i], "easy") for i in range(1, n)], 11)
            shown = hinted = 0
            while not match.over:
                seat = match.current
                view, legal, stream = match.bot_inputs(seat)
                action = decide(match.game, "easy", seat, view, legal, stream)
                if seat == 0 and shown < 6 and match.moves % 3 == 0:
                    table = TableScene(app, match)
                    app.reset_to(table)
                    step(app, 2)
                    if not hinted and table.my_turn:
                        table.ask_hint()
                        wait([table.driver.hint_future], timeout=120)
                        hinted = 1
                    look(f"{game_id}: the table after {match.moves} moves")
                    app.reset_to(idle)          # no table plays the bots' moves of this match but this loop
                    shown += 1
                if seat != 0 and not match.game.hidden_information and match.moves % 7 == 0:
                    reason = explain(match.game, view, legal, seat, action, match.bot_stream_seed(seat), level="easy")
                    look(f"{game_id}: a bot's reason", [insight_words.reason_text(match.game, reason)])
                match.play(action)
            app.reset_to(TableScene(app, match))
            look(f"{game_id}: the final table", match.log(0) + match.log(None))
            app.reset_to(ResultsScene(app, match))
            look(f"{game_id}: the results")
    finally:
        i18n.set_language("en")
        app.close()
    counts = RUSSIAN_COUNTS if code == "ru" else (1, 2, 5, 21)
    for context, singular, plural in sorted(catalog.plurals, key=str):
        wanted = {f"{{{f}}}" for _l, f, _s, _c in __import__("string").Formatter().parse(plural) if f is not None}
        for k in counts:
            form = gettext.GNUTranslations.npgettext(catalog, context, singular, plural, k) if context else \
                gettext.GNUTranslations.ngettext(catalog, singular, plural, k)
            if not all(w in form for w in wanted):
                problems.append(f"the count {k} of {singular!r} shows {form!r}")
    assert len(catalog.plurals) > 40        # the games did ask for their plurals
    assert not problems, f"{code}: {len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:25])
