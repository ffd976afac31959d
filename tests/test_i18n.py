"""The translations: the catalog template holds every message of the code, the configs and the rules; every shipped
language translates all of them with the English placeholders; the compiled .mo files match their .po files; the
language setting and the Markdown block translation work. No Babel needed (a small .po reader below)."""
from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

from piratetable import i18n
from piratetable.i18n_extract import extract_markdown, extract_yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "piratetable"
LOCALE = PACKAGE / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]
PLURALS = {"ru": 3, "it": 2, "ko": 1}


def _unquote(s: str) -> str:
    return ast.literal_eval(s)


def read_po(path: Path) -> dict:
    """{msgid or (msgid, msgid_plural): msgstr or [msgstr[0], ...]} of a .po file (the header excluded), and
    the fuzzy ones under the key "fuzzy"."""
    entries, fuzzy = {}, set()
    cur: dict = {}
    field = None

    def flush():
        if "msgid" in cur and cur["msgid"]:
            key = (cur["msgid"], cur["msgid_plural"]) if "msgid_plural" in cur else cur["msgid"]
            entries[key] = [cur.get(f"msgstr[{i}]", "") for i in range(len([k for k in cur if k.startswith(
                "msgstr[")]))] if "msgid_plural" in cur else cur.get("msgstr", "")
            if cur.get("fuzzy"):
                fuzzy.add(key)
        cur.clear()

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#,") and "fuzzy" in line:
            flush() if "msgstr" in cur or any(k.startswith("msgstr[") for k in cur) else None
            cur["fuzzy"] = True
            continue
        if line.startswith("#"):
            continue
        m = re.match(r'^(msgid_plural|msgid|msgstr\[\d+\]|msgstr|msgctxt)\s+(".*")$', line)
        if m:
            if m.group(1) == "msgid" and ("msgstr" in cur or any(k.startswith("msgstr[") for k in cur)):
                fuzzy_flag = cur.pop("fuzzy", False) if "msgid" not in cur else False
                flush()
                if fuzzy_flag:
                    cur["fuzzy"] = True
            field = m.group(1)
            cur[field] = _unquote(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += _unquote(line)
    flush()
    entries["fuzzy"] = fuzzy
    return entries


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{[^{}]*\}", text))


@pytest.fixture(scope="module")
def template():
    pot = read_po(LOCALE / "piratetable.pot")
    pot.pop("fuzzy")
    return pot


# --- the template covers the code, the configs and the rules ----------------------------------------------------
def _code_messages() -> set:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args[:2]]
                if node.func.id in ("_", "N_") and args[0]:
                    found.add(args[0])
                elif node.func.id == "ngettext" and len(args) == 2 and all(args):
                    found.add(tuple(args))
    return found


def test_the_template_holds_every_message_of_the_code(template):
    known = set(template) | {k[0] for k in template if isinstance(k, tuple)}   # gettext finds a plural's singular
    missing = sorted(map(str, _code_messages() - known))
    assert not missing, f"not in piratetable.pot (run the extraction of docs/translating.md): {missing[:10]}"


def test_the_template_holds_the_configs_texts_and_the_rules_blocks(template):
    found = set()
    for path in sorted((ROOT / "configs").glob("*.yaml")):
        with open(path, "rb") as fh:
            found |= {msg for _line, _f, msg, _c in extract_yaml(fh, None, None, None)}
    for path in sorted(PACKAGE.glob("games/*/rules.md")):
        with open(path, "rb") as fh:
            found |= {msg for _line, _f, msg, _c in extract_markdown(fh, None, None, None)}
    assert len(found) > 150
    missing = sorted(found - set(template))
    assert not missing, f"not in piratetable.pot: {missing[:10]}"


def test_card_names_and_rules_paragraphs_are_in_the_template(template):
    assert "Skull Island" in " ".join(k for k in template if isinstance(k, str))
    assert any(isinstance(k, str) and k.startswith("Play goes clockwise") for k in template)


# --- every language translates every message ------------------------------------------------------------------------
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_english_placeholders(code, template):
    po = read_po(LOCALE / code / "LC_MESSAGES" / "piratetable.po")
    fuzzy = po.pop("fuzzy")
    problems = []
    for key in template:
        if key not in po:
            problems.append(f"missing: {key!r}")
            continue
        if key in fuzzy:
            problems.append(f"fuzzy: {key!r}")
        value = po[key]
        if isinstance(key, tuple):
            if len(value) != PLURALS[code]:
                problems.append(f"{len(value)} plural forms, not {PLURALS[code]}: {key[0]!r}")
            wanted = placeholders(key[1]) | placeholders(key[0])
            for i, form in enumerate(value):   # the first form may leave out what the English singular does
                if not form.strip():
                    problems.append(f"empty plural form: {key[0]!r}")
                elif not placeholders(form) <= wanted or (i > 0 and not placeholders(key[1]) <= placeholders(form)):
                    problems.append(f"placeholders {sorted(placeholders(form))} in {key[0]!r}")
        else:
            if not value.strip():
                problems.append(f"empty: {key!r}")
            elif placeholders(value) != placeholders(key):
                problems.append(f"placeholders {sorted(placeholders(value))} != {sorted(placeholders(key))}: {key!r}")
            for mark in ("**", "`"):
                if value.count(mark) != key.count(mark):
                    problems.append(f"{mark} marks differ: {key!r}")
    assert not problems, f"{code}: {len(problems)} problems, e.g. {problems[:8]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_matches_its_po_file(code):
    po = read_po(LOCALE / code / "LC_MESSAGES" / "piratetable.po")
    po.pop("fuzzy")
    with open(LOCALE / code / "LC_MESSAGES" / "piratetable.mo", "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    for key, value in po.items():
        if isinstance(key, tuple):
            for i, form in enumerate(value):
                assert mo._catalog.get((key[0], i)) == form, f"{code}.mo is out of date (compile it): {key[0]!r}"
        else:
            assert mo._catalog.get(key) == value, f"{code}.mo is out of date (compile it): {key!r}"


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
