"""The rules' Markdown as the Rules screen draws it: what each word is drawn as (its text and its face), read off the
renderer's own font calls, for the cases a hand-made parser got wrong (a lone star, escaped stars, nested emphasis)
and for every block kind the shipped rules texts use."""
import re
from collections import Counter
from pathlib import Path

import pygame
import pytest

from piratetable import i18n
from piratetable.ui import markdown

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"•|\d+\.")
RULES = sorted((ROOT / "piratetable" / "games").glob("*/rules.md")) + [ROOT / "examples/pig/pig_plugin/rules.md"]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


class _Recording:
    """Stands in for a face: measures and draws with the real one, and notes every text it draws."""

    def __init__(self, face, style, log):
        self.face, self.style, self.log = face, style, log

    def render(self, text, antialias, colour, *rest):
        self.log.append((text, self.style + ("code",) * (tuple(colour) == markdown.CODE)))
        return self.face.render(text, antialias, colour, *rest)

    def __getattr__(self, name):
        return getattr(self.face, name)


@pytest.fixture
def drawn(monkeypatch):
    """The texts the renderer draws, in order, as (text, style) with style a tuple of 'bold', 'italic', 'code'."""
    log: list = []
    real = markdown.font

    def recording_font(size, bold=False, italic=False, **kw):
        face = real(size, bold, italic) if italic else real(size, bold)
        return _Recording(face, ("bold",) * bold + ("italic",) * italic, log)

    monkeypatch.setattr(markdown, "font", recording_font)
    return log


def runs(log) -> list[tuple[str, tuple]]:
    """Drawn words joined into runs of one style (a list item's marker, "•" or "3.", stands apart)."""
    out: list[list] = []
    for text, style in log:
        if out and out[-1][1] == style and not MARKER.fullmatch(text) and not MARKER.fullmatch(out[-1][0]):
            out[-1][0] += text
        else:
            out.append([text, style])
    return [(t, s) for t, s in out]


def test_a_lone_star_is_a_star(drawn):
    markdown.layout_rich("Each pair scores 2 * 3 points", 17, 800)
    assert runs(drawn) == [("Each pair scores 2 * 3 points", ())]


def test_escaped_stars_are_drawn_as_stars_and_not_as_emphasis(drawn):
    markdown.layout_rich(r"a \*starred\* word and a \\ backslash", 17, 800)
    assert runs(drawn) == [(r"a *starred* word and a \ backslash", ())]


def test_nested_emphasis(drawn):
    markdown.layout_rich("**bold *both* bold** then *italic **both** italic* and ***both***", 17, 2000)
    assert runs(drawn) == [("bold ", ("bold",)), ("both", ("bold", "italic")), (" bold", ("bold",)),
                           (" then ", ()), ("italic ", ("italic",)), ("both", ("bold", "italic")),
                           (" italic", ("italic",)), (" and ", ()), ("both", ("bold", "italic"))]


def test_code_links_and_a_star_inside_a_word(drawn):
    markdown.layout_rich("type `2 * 3`, see [the rules](rules.md) or snake_case_names and 2*3*4", 17, 2000)
    assert runs(drawn) == [("type ", ()), ("2 * 3", ("code",)), (", see the rules or snake_case_names and 2", ()),
                           ("3", ("italic",)), ("4", ())]


def test_blocks_lists_tables_and_code(drawn):
    text = ("# Title\n\nA *paragraph*\nover two lines.\n\n"
            "1. **one**\n   - nested\n\n   more of one.\n5. five, a lone 2 * 3\n\n"
            "| Card | Score |\n|---|---|\n| 2 * 3 | \\*x\\* |\n\n"
            "```\nraw *not emphasis*\n```\n")
    rows = markdown.render_markdown(text, 900)
    assert rows and all(r.get_width() == 900 for r in rows)
    assert runs(drawn) == [
        ("Title", ("bold",)), ("A ", ()), ("paragraph", ("italic",)), (" over two lines.", ()),
        ("one", ("bold",)), ("1.", ("bold",)), ("nested", ()), ("•", ("bold",)),
        ("more of one.five, a lone 2 * 3", ()), ("5.", ("bold",)),      # an item keeps the number it is written with
        ("CardScore", ("bold",)), ("2 * 3*x*", ()),
        ("raw *not emphasis*", ("code",))]


def test_a_list_starts_at_its_own_number(drawn):
    markdown.render_markdown("3. three\n4. four\n", 900)
    assert [t for t, _s in drawn if t.endswith(".")] == ["3.", "4."]


@pytest.mark.parametrize("lang", ["en", "ru", "it", "ko"])
@pytest.mark.parametrize("path", RULES, ids=lambda p: p.parent.name)
def test_every_rules_text_draws_every_word_of_its_source(path, lang, drawn):
    """Nothing of a shipped rules text is lost or shown as markup: every word of each paragraph, item, heading and
    cell is drawn, and no drawn word keeps Markdown's stars or backticks."""
    i18n.set_language(lang)
    text = i18n.translate_markdown(path.read_text(encoding="utf-8"))
    assert len(markdown.render_markdown(text, 900)) > 10
    shown = Counter("".join(t for t, _s in drawn if t != "•"))
    written = Counter("".join(_without_markup(line) for line in text.splitlines()))
    del shown[" "], written[" "]
    assert shown == written, (shown - written, written - shown)


def _without_markup(line: str) -> str:
    """A line of a rules text without its Markdown: the characters a reader should see."""
    if re.fullmatch(r"\s*\|?(\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*", line) or line.strip().startswith("```"):
        return ""
    line = re.sub(r"^\s*(#{1,6}\s|[-*+]\s)", "", line)
    line = re.sub(r"\*\*|`|\|", "", line)
    return re.sub(r"\*(?=\w)|(?<=[\w.,!?)])\*", "", line)          # *emphasis*, not a lone 2 * 3
