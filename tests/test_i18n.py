"""The translations: the catalog template holds every message of the code, the configs and the rules; every shipped
language translates all of them with the English placeholders, as strictly as GNU `msgfmt --check` does (and
`msgfmt --check` itself runs where GNU gettext is installed); the compiled .mo files match their .po files; the
language setting, the contexts and the Markdown block translation work. The catalogs are read with Babel."""
from __future__ import annotations

import ast
import gettext
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po as babel_read_po

from piratetable import i18n
from piratetable.i18n_extract import extract_markdown, extract_yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "piratetable"
LOCALE = PACKAGE / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
# gettext's usual plural rule of each language (the number of forms, and the form of a count)
PLURALS = {"ru": 3, "it": 2, "ko": 1}
RULES = {
    "ru": lambda n: 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2,
    "it": lambda n: 0 if n == 1 else 1,
    "ko": lambda n: 0,
}
COUNTS = range(0, 1000)      # the counts a plural rule is tried on (every rule repeats within them)


def catalog(path: Path):
    with open(path, "rb") as fh:
        return babel_read_po(fh)


def _key(message):
    """A message's key: (context, msgid) or (context, (msgid, msgid_plural))."""
    return message.context, (tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id)


def read_po(path: Path) -> dict:
    """{(context, msgid or (msgid, msgid_plural)): msgstr or [msgstr[0], ...]} of a .po file (the header excluded),
    and the fuzzy ones under the key "fuzzy"."""
    entries: dict = {}
    fuzzy = set()
    for m in catalog(path):
        if not m.id:
            continue
        key = _key(m)
        entries[key] = list(m.string) if isinstance(m.id, (list, tuple)) else m.string
        if m.fuzzy:
            fuzzy.add(key)
    entries["fuzzy"] = fuzzy
    return entries


def placeholders(text: str) -> set[str]:
    """The `str.format` fields of a text ("{n}", "{who}"); a text that is no valid format string raises."""
    return {"{" + name + "}" for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def _fields(text: str) -> set[str] | None:
    try:
        return placeholders(text)
    except ValueError:
        return None


@pytest.fixture(scope="module")
def template():
    pot = read_po(LOCALE / "piratetable.pot")
    pot.pop("fuzzy")
    return pot


# --- the template covers the code, the configs and the rules ----------------------------------------------------
def _calls():
    """Every catalog call of the code with literal messages: (function, context, args, where)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args[:3]]
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                name = node.func.id
                if name in ("_", "N_") and args[0]:
                    yield "_", None, (args[0],), where
                elif name == "ngettext" and len(args) >= 2 and all(args[:2]):
                    yield "ngettext", None, tuple(args[:2]), where
                elif name == "pgettext" and len(args) >= 2 and all(args[:2]):
                    yield "_", args[0], (args[1],), where
                elif name == "npgettext" and len(args) >= 3 and all(args):
                    yield "ngettext", args[0], tuple(args[1:3]), where


def _code_messages() -> set:
    found = set()
    for kind, context, args, _where in _calls():
        found.add((context, args[0] if kind == "_" else args))
    return found


def test_the_template_holds_every_message_of_the_code(template):
    missing = sorted(map(str, _code_messages() - set(template)))
    assert not missing, f"not in piratetable.pot (run the extraction of docs/translating.md): {missing[:10]}"


def test_no_message_is_both_a_plain_message_and_a_plural_one():
    """gettext keys a plural by its singular: a `_("a card")` beside `ngettext("a card", "{n} cards", n)` reads
    the plural's first form ("카드 {n}장", with its `{n}` never filled), and two plurals with one singular share
    their forms. Such messages need a context (`pgettext`) or other words."""
    plain, plural = {}, {}
    for kind, context, args, where in _calls():
        if kind == "_":
            plain.setdefault((context, args[0]), where)
        else:
            plural.setdefault((context, args[0]), {}).setdefault(args[1], where)
    problems = [f"{msg!r} is plain at {plain[(ctx, msg)]} and a plural at {next(iter(plural[(ctx, msg)].values()))}"
                for ctx, msg in sorted(set(plain) & set(plural), key=str)]
    problems += [f"{msg!r} has the plurals {sorted(forms)}" for (ctx, msg), forms in plural.items() if len(forms) > 1]
    assert not problems, "\n".join(problems)


def test_every_plural_keeps_its_count_in_the_singular():
    """`ngettext(singular, plural, n)` with the same fields in both: a language whose first form also serves 21 or
    every count (Russian, Korean) must be able to show the count. Words for exactly one ("your only card") are a
    message of their own, `_()`, chosen by the code when n == 1."""
    problems = [f"{where}: {args[0]!r} has {sorted(placeholders(args[0]))}, its plural {sorted(placeholders(args[1]))}"
                for kind, _context, args, where in _calls()
                if kind == "ngettext" and placeholders(args[0]) != placeholders(args[1])]
    assert not problems, "\n".join(problems)


def test_the_template_holds_the_configs_texts_and_the_rules_blocks(template):
    found = set()
    for path in sorted((ROOT / "configs").glob("*.yaml")):
        with open(path, "rb") as fh:
            found |= {(msg[0], msg[1]) if isinstance(msg, tuple) else (None, msg)
                      for _line, _f, msg, _c in extract_yaml(fh, None, None, None)}
    for path in sorted(PACKAGE.glob("games/*/rules.md")):
        with open(path, "rb") as fh:
            found |= {(None, msg) for _line, _f, msg, _c in extract_markdown(fh, None, None, None)}
    assert len(found) > 150
    missing = sorted(map(str, found - set(template)))
    assert not missing, f"not in piratetable.pot: {missing[:10]}"


def test_card_names_and_rules_paragraphs_are_in_the_template(template):
    plain = [k[1] for k in template if isinstance(k[1], str)]
    assert "Skull Island" in " ".join(plain)
    assert any(k.startswith("Play goes clockwise") for k in plain)


# --- every language translates every message, as strictly as msgfmt --check ---------------------------------------
def _forms_used(code: str) -> dict[int, set[int]]:
    """For each plural form of the language's catalog rule, the counts in COUNTS that use it."""
    rule = gettext.c2py(catalog(LOCALE / code / "LC_MESSAGES" / "piratetable.po").plural_expr)
    used: dict[int, set[int]] = {}
    for n in COUNTS:
        used.setdefault(rule(n), set()).add(n)
    return used


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_english_placeholders(code, template):
    po = read_po(LOCALE / code / "LC_MESSAGES" / "piratetable.po")
    fuzzy = po.pop("fuzzy")
    used = _forms_used(code)
    problems = []
    for key in template:
        context, msgid = key
        if key not in po:
            problems.append(f"missing: {key!r}")
            continue
        if key in fuzzy:
            problems.append(f"fuzzy: {key!r}")
        value = po[key]
        if isinstance(msgid, tuple):
            singular, plural = _fields(msgid[0]), _fields(msgid[1])
            if singular is None or plural is None or not singular <= plural:
                problems.append(f"the English singular has a field its plural has not (or a broken one): {msgid!r}")
                continue
            if len(value) != PLURALS[code]:
                problems.append(f"{len(value)} plural forms, not {PLURALS[code]}: {msgid[0]!r}")
            for i, form in enumerate(value):
                fields = _fields(form)
                # a form that also serves counts other than 1 (Russian 21, 31 …; every Korean count) keeps every
                # field of the English plural; a form only for 1 may leave out the count, nothing else
                wanted = plural if used.get(i, set()) - {1} else singular
                if not form.strip():
                    problems.append(f"empty plural form {i}: {msgid[0]!r}")
                elif fields is None:
                    problems.append(f"form {i} is no valid format string: {form!r}")
                elif not wanted <= fields or not fields <= plural:
                    problems.append(f"form {i} (for {sorted(used.get(i, set()))[:4]}…) has {sorted(fields)}, "
                                    f"wants {sorted(wanted)}: {msgid[0]!r} → {form!r}")
        else:
            fields = _fields(value)
            if not value.strip():
                problems.append(f"empty: {key!r}")
            elif fields is None or fields != _fields(msgid):
                problems.append(f"placeholders {fields} != {_fields(msgid)}: {key!r}")
            for mark in ("**", "`"):
                if value.count(mark) != msgid.count(mark):
                    problems.append(f"{mark} marks differ: {key!r}")
    assert not problems, f"{code}: {len(problems)} problems, e.g.\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_header_is_valid(code):
    cat = catalog(LOCALE / code / "LC_MESSAGES" / "piratetable.po")
    headers = dict(cat.mime_headers)
    assert headers.get("Language") == code
    assert headers.get("Content-Type") == "text/plain; charset=utf-8"
    assert headers.get("Content-Transfer-Encoding") == "8bit"
    for field, default in (("PO-Revision-Date", "YEAR"), ("Last-Translator", "FULL NAME"),
                           ("Language-Team", "LL@li.org")):
        assert default not in headers.get(field, default), f"{code}: {field} still has its initial value"
    assert cat.num_plurals == PLURALS[code]
    rule = gettext.c2py(cat.plural_expr)
    wrong = [n for n in COUNTS if rule(n) != RULES[code](n)]
    assert not wrong, f"{code}: the Plural-Forms rule picks another form than gettext's usual rule for {wrong[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_msgfmt_check_passes_where_gnu_gettext_is_installed(code, tmp_path):
    """GNU gettext's own check (formats of every plural form, headers); the test above does the same without it,
    so this part is skipped where gettext is not installed (CI images, players' machines)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (the Python checks above still ran)")
    po = LOCALE / code / "LC_MESSAGES" / "piratetable.po"
    done = subprocess.run([msgfmt, "--check", "-o", str(tmp_path / "out.mo"), str(po)], capture_output=True,
                          text=True, timeout=60)
    report = (done.stdout + done.stderr).strip()
    assert done.returncode == 0 and not report, f"msgfmt --check {po.relative_to(ROOT)}:\n{report[:3000]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_matches_its_po_file(code):
    po = read_po(LOCALE / code / "LC_MESSAGES" / "piratetable.po")
    po.pop("fuzzy")
    with open(LOCALE / code / "LC_MESSAGES" / "piratetable.mo", "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    for (context, msgid), value in po.items():
        prefix = f"{context}\x04" if context else ""
        if isinstance(msgid, tuple):
            for i, form in enumerate(value):
                assert mo._catalog.get((prefix + msgid[0], i)) == form, \
                    f"{code}.mo is out of date (compile it): {msgid[0]!r}"
        else:
            assert mo._catalog.get(prefix + msgid) == value, f"{code}.mo is out of date (compile it): {msgid!r}"


def test_the_catalogs_ship_in_the_wheel():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'packages = ["piratetable"]' in text      # the locale folder is inside the package
    for code in TRANSLATED:
        assert (LOCALE / code / "LC_MESSAGES" / "piratetable.mo").is_file()


# --- the language setting ---------------------------------------------------------------------------------------------
def test_the_system_language_comes_from_the_environment():
    assert i18n.system_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.system_language({"LANGUAGE": "fr:it", "LANG": "en_US.UTF-8"}) == "it"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}) == "ko"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"


@pytest.mark.parametrize("code", TRANSLATED)
def test_switching_the_language_translates_at_once(code):
    try:
        assert i18n.set_language(code) == code
        assert i18n._("New game") not in ("", "New game")
        assert "{n}" in i18n.ngettext("{n} other", "{n} others", 5)
    finally:
        i18n.set_language("en")
    assert i18n._("New game") == "New game"


def test_a_word_with_two_meanings_has_a_context_of_its_own():
    """Piratz's coin is not Piraten Kapern's coin face, and the tips line is not the hint: each language names them
    as its games' rule sheets do."""
    from piratetable.games.piraten_kapern.words import face_name
    from piratetable.games.piratz.words import item_count, type_name
    try:
        i18n.set_language("ko")
        assert (type_name("coin"), face_name("coin")) == ("동전", "금화")
        assert item_count("coin", 3) == "동전 3개" and item_count("coin", 1) == "동전 1개"
        i18n.set_language("ru")
        tip, hint = i18n.pgettext("the tips line", "Tip"), i18n.pgettext("the strongest bot's move", "Hint")
        assert tip != hint and "Tip" not in (tip, hint)
    finally:
        i18n.set_language("en")
    assert (type_name("coin"), i18n.pgettext("the tips line", "Tip")) == ("coin", "Tip")


@pytest.mark.parametrize("code, share, decimal, big", [("en", "31%", "2.4", "10,000"), ("ru", "31\u00a0%", "2,4",
                                                                                          "10\u00a0000"),
                                                        ("it", "31%", "2,4", "10.000"), ("ko", "31%", "2.4", "10,000")])
def test_numbers_are_written_the_languages_way(code, share, decimal, big):
    try:
        i18n.set_language(code)
        assert (i18n.percent(0.31), i18n.number(2.44, 1), i18n.grouped(10000)) == (share, decimal, big)
        assert i18n.number(-0.001, 1) == i18n.number(0, 1)          # never "-0.0"
    finally:
        i18n.set_language("en")


# One list-joiner for every list a player reads (CLDR's patterns through Babel): 1, 2 and 3 items, "and" and "or".
LISTS = {
    "en": (["Anna and Ben", "Anna, Ben and Cleo"], ["Anna or Ben", "Anna, Ben or Cleo"]),
    "ru": (["Anna и Ben", "Anna, Ben и Cleo"], ["Anna или Ben", "Anna, Ben или Cleo"]),
    "it": (["Anna e Ben", "Anna, Ben e Cleo"], ["Anna o Ben", "Anna, Ben o Cleo"]),
    "ko": (["Anna 및 Ben", "Anna, Ben 및 Cleo"], ["Anna 또는 Ben", "Anna, Ben 또는 Cleo"]),
}


def test_every_shipped_language_has_its_lists_checked():
    assert set(LISTS) == set(i18n.LANGUAGES)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_lists_are_joined_the_languages_way(code):
    from piratetable.narrate import join_names
    ands, ors = LISTS[code]
    names = ["Anna", "Ben", "Cleo"]
    try:
        i18n.set_language(code)
        assert [i18n.join_list(names[:n]) for n in (0, 1, 2, 3)] == ["", "Anna", *ands]
        assert [i18n.join_list(names[:n], "or") for n in (1, 2, 3)] == ["Anna", *ors]
        assert i18n.join_list(iter(["Anna", "", "Ben"])) == ands[0]          # empty words are left out
        assert join_names(names, [2, 0]) == i18n.join_list(["Cleo", "Anna"])
    finally:
        i18n.set_language("en")


def test_a_language_babel_does_not_know_joins_a_list_without_english_words():
    """A test's pseudo-language: CLDR's language-neutral pattern, for "or" lists too (its "or" is English)."""
    try:
        i18n.use_translations(gettext.NullTranslations(), "xx")
        assert i18n.join_list(["a", "b", "c"]) == "a, b, c" and i18n.join_list(["a", "b"], "or") == "a, b"
    finally:
        i18n.set_language("en")


def test_an_unknown_language_falls_back_to_english():
    try:
        assert i18n.set_language("xx") == "en"
        assert i18n._("New game") == "New game"
    finally:
        i18n.set_language("en")


# --- the rules, translated block by block --------------------------------------------------------------------------
class _Upper(gettext.NullTranslations):
    def gettext(self, message):
        return message.upper()


def test_markdown_is_translated_block_by_block():
    text = ("# Title\n\nA paragraph\nover two lines.\n\n- an item\n  that goes on\n- **another**\n\n"
            "| Cards | How many |\n|---|---|\n| rat cards | 6 |\n\n```\ncode stays\n```\n")
    assert [m for _l, m in i18n.markdown_messages(text)] == [
        "Title", "A paragraph over two lines.", "an item that goes on", "**another**", "Cards", "How many",
        "rat cards"]
    assert i18n.translate_markdown(text) == text          # English: unchanged
    try:
        i18n.use_translations(_Upper(), "xx")
        out = i18n.translate_markdown(text)
    finally:
        i18n.set_language("en")
    assert out.splitlines()[:7] == ["# TITLE", "", "A PARAGRAPH OVER TWO LINES.", "", "- AN ITEM THAT GOES ON",
                                    "- **ANOTHER**", ""]
    assert "| CARDS | HOW MANY |" in out and "|---|---|" in out and "| RAT CARDS | 6 |" in out
    assert "code stays" in out


def test_a_translated_paragraph_inside_a_list_item_stays_inside_it():
    """A paragraph indented under a list item keeps its indent in the translation: at the margin it would end the
    list, and the next item ("5. …" after it) would be read as more of that paragraph."""
    text = "1. **one**\n\n   more of one.\n2. **two**\n"
    try:
        i18n.use_translations(_Upper(), "xx")
        out = i18n.translate_markdown(text)
    finally:
        i18n.set_language("en")
    assert out.splitlines() == ["1. **ONE**", "", "   MORE OF ONE.", "2. **TWO**"]


def test_a_games_schema_part_gives_its_config_texts_their_extra_contexts():
    """The extractor finds the extra contexts in the game's `schema` part (TEXT_CONTEXTS), by the parts rule:
    Petrangola's rank names come also as the rank of "a run of …"; a game without them, and an unknown game,
    give the plain texts only."""
    import io

    from piratetable.games.petrangola.schema import RANK_RUN, TEXT_CONTEXTS
    from piratetable.i18n_extract import text_contexts
    with open(ROOT / "configs" / "petrangola.yaml", "rb") as fh:
        found = list(extract_yaml(fh, None, None, None))
    assert any(f == "pgettext" and msg[0] == RANK_RUN for _line, f, msg, _c in found)
    assert text_contexts("petrangola") == TEXT_CONTEXTS
    assert text_contexts("piratz") == {} and text_contexts("no_such_game") == {}
    plain = list(extract_yaml(io.BytesIO(b"game: no_such_game\nranks:\n  - {name: Re}\n"), None, None, None))
    assert [(f, msg) for _line, f, msg, _c in plain] == [("_", "Re")]
