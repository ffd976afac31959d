"""Translations of the text a player reads (gettext catalogs in `piratetable/locale/`).

Every player-facing string is written `_("…")` (or `ngettext`) where it is used, so that it can be extracted
(`pybabel extract`, see docs/translating.md) and translated; strings that must be written down before a
language is known are marked `N_("…")` and translated where they are shown. `set_language` switches the
catalog for the whole program without a restart. The names in game configs (cards, faces, titles) go through
`_()` too: the shipped configs' texts are in the catalog, a user config's own texts show as written.

A word that means different things in different places (Piratz's coin and Piraten Kapern's coin face; the table's
Tip and its Hint) gets a context, `pgettext(context, message)`, so each language can name each as its games do.
Numbers are written the language's way (`number`, `grouped`, `percent`: 2,4 · 10 000 · 31 %) by Babel's locale
data (CLDR), loaded the first time a number is written.

The CLI and config validation messages stay English on purpose (they are searched for).
"""
from __future__ import annotations

import gettext
import locale
import os
import re
from pathlib import Path
from typing import Literal

DOMAIN = "piratetable"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "ru", "it", "ko")
# Each language's name in itself: what a person looks for in a language list, whatever the current language.
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "it": "Italiano", "ko": "한국어"}

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def system_language(environ=None) -> str:
    """The first shipped language among the system's preferences (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    locale module), else English."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            wanted += value.split(":")
    if environ is None:
        try:
            loc = locale.getlocale()[0]
        except ValueError:
            loc = None
        if loc:
            wanted.append(loc)
    for code in wanted:
        base = code.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if base in ("c", "posix"):
            continue
        if base in LANGUAGES:
            return base
    return "en"


def set_language(code: str | None) -> str:
    """Use the catalog of `code` ("" or None: the system's language); English when there is none. Returns the
    language now in use."""
    global _current, _language
    code = (code or system_language()).lower()
    if code == "en" or code not in LANGUAGES:
        _current, _language = gettext.NullTranslations(), "en"
        return _language
    try:
        _current = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        _language = code
    except OSError:
        _current, _language = gettext.NullTranslations(), "en"
    return _language


def use_translations(translations: gettext.NullTranslations, code: str) -> None:
    """Install a translations object directly (tests use a pseudo-language made on the fly)."""
    global _current, _language
    _current, _language = translations, code


def language() -> str:
    return _language


_EVERY: dict[str, frozenset[str]] = {}


def in_every_language(message: str) -> frozenset[str]:
    """`message` as each language of the program writes it (a name the program gave in one language, "Bot 7",
    is still the program's after the language changed: "Бот 7")."""
    if message not in _EVERY:
        out = {message}
        for code in LANGUAGES:
            if code == "en":
                continue
            try:
                out.add(gettext.translation(DOMAIN, LOCALE_DIR, languages=[code]).gettext(message))
            except OSError:
                continue
        _EVERY[message] = frozenset(out)
    return _EVERY[message]


def _(message: str) -> str:
    """The translation of `message` in the current language (the message itself when it has none)."""
    if not message:
        return message
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for extraction without translating it now (it is translated where it is shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The translation of `singular`/`plural` for the count `n`."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The translation of `message` in `context` ("Piratz treasure", "the strongest bot's move"): one English
    word with two meanings gets two translations."""
    if not message:
        return message
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The translation of `singular`/`plural` in `context` for the count `n`."""
    return _current.npgettext(context, singular, plural, n)


# --- numbers the language's way (Babel's CLDR data) ------------------------------------------------------------
# Babel is imported and a language's data loaded the first time a number is written (about 20 ms and 6 MB, once):
# a start-up that writes no number pays nothing. The patterns are parsed once per language and form.
_patterns: dict = {}


def _pattern(kind: str, decimals: int):
    """(Babel's Locale of the language in use, the parsed pattern of a decimal or a percentage with `decimals`
    places); English for a language Babel does not know (a test's pseudo-language)."""
    key = (_language, kind, decimals)
    found = _patterns.get(key)
    if found is None:
        from babel import Locale, UnknownLocaleError
        from babel.numbers import parse_pattern
        try:
            locale = Locale.parse(_language)
        except (UnknownLocaleError, ValueError):
            locale = Locale.parse("en")
        places = "." + "0" * decimals if decimals > 0 else ""
        if kind == "percent":     # the language's own pattern with `decimals` places: "#,##0 %" → "#,##0.0 %"
            head, zero, tail = locale.percent_formats[None].pattern.rpartition("0")
            text = head + zero + places + tail
        else:
            text = "#,##0" + places
        found = _patterns[key] = (locale, parse_pattern(text))
    return found


def number(x, decimals: int = 0) -> str:
    """`x` with exactly `decimals` decimals, the language's decimal sign and thousands separator: 2.4 · 2,4 ·
    10,000 · 10 000 (never "-0")."""
    from decimal import Decimal
    value = round(float(x), decimals) or 0.0
    locale, pattern = _pattern("decimal", decimals)
    return pattern.apply(Decimal(repr(value)), locale)


def grouped(n: int) -> str:
    """A whole number with the current language's thousands separator: 10,000 · 10.000 · 10 000."""
    return number(n)


def percent(share, decimals: int = 0) -> str:
    """A share (0.31) as the language writes a percentage: 31% · 31 % (Russian: a no-break space) · 10,5%."""
    from decimal import Decimal
    value = round(float(share) * 100, decimals) or 0.0
    locale, pattern = _pattern("percent", decimals)
    return pattern.apply(Decimal(repr(value)) / 100, locale)


# --- lists: "a, b and c" ----------------------------------------------------------------------------------------
# The one list-joiner: CLDR's list patterns through Babel, for the language in use. English is written the British
# way, as the rest of the program's English ("colour"): no comma before "and" (en_GB). Korean joins with 및 and
# 또는, the written forms that need no particle chosen by the last syllable. A language Babel does not know (a
# test's pseudo-language) gets CLDR's language-neutral pattern, "a, b, c", for either kind: no English word.
_LIST_LOCALES = {"en": "en_GB"}


def join_list(items, kind: Literal["and", "or"] = "and") -> str:
    """`items` (strings; empty ones left out) as the language in use writes a list: "a", "a and b", "a, b and
    c" (`kind="or"`: "a, b or c"); "" for none."""
    from babel import Locale, UnknownLocaleError
    from babel.lists import format_list
    words = [w for w in items if w]
    try:
        locale = Locale.parse(_LIST_LOCALES.get(_language, _language))
    except (UnknownLocaleError, ValueError):
        return format_list(words, style="standard", locale=Locale.parse("root"))
    return format_list(words, style="or" if kind == "or" else "standard", locale=locale)


# --- Markdown, one message per block (the rules text) --------------------------------------------------------
# A heading, a paragraph (its lines joined), a list item (with its continuation lines) and a table cell are one
# message each, as po4a and sphinx-intl do: a translator sees whole sentences, and a changed paragraph only
# needs that paragraph translated again. Code blocks and table rulers are kept as they are.
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+\.)\s+(.*)$")
_RULER = re.compile(r":?-{2,}:?")


def _markdown_pieces(text: str) -> list:
    """`text` as pieces: a str (a line kept as it is), ("msg", lineno, prefix, message) or ("row", lineno,
    cells)."""
    lines = text.splitlines()
    out: list = []
    i, n = 0, len(lines)

    def starts_block(line: str) -> bool:
        s = line.strip()
        return not s or s.startswith(("```", "|")) or bool(_HEADING.match(s)) or bool(_ITEM.match(line))

    while i < n:
        line, s = lines[i], lines[i].strip()
        if s.startswith("```"):
            out.append(line)
            i += 1
            while i < n and not lines[i].strip().startswith("```"):
                out.append(lines[i])
                i += 1
            if i < n:
                out.append(lines[i])
                i += 1
            continue
        if not s:
            out.append(line)
            i += 1
            continue
        heading = _HEADING.match(s)
        if heading:
            out.append(("msg", i + 1, heading.group(1) + " ", heading.group(2).strip()))
            i += 1
            continue
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip().strip("|").split("|")]
            out.append(s if all(_RULER.fullmatch(c) for c in cells if c) else ("row", i + 1, cells))
            i += 1
            continue
        item = _ITEM.match(line)
        start = i
        if item:
            prefix, parts = item.group(1) + item.group(2) + " ", [item.group(3).strip()]
            i += 1
            while i < n and lines[i].strip() and lines[i][:1].isspace() and not starts_block(lines[i]):
                parts.append(lines[i].strip())
                i += 1
        else:        # a paragraph keeps its indent: indented under a list item, it is still part of the item
            prefix, parts = line[:len(line) - len(line.lstrip())], [s]
            i += 1
            while i < n and not starts_block(lines[i]):
                parts.append(lines[i].strip())
                i += 1
        out.append(("msg", start + 1, prefix, " ".join(parts)))
    return out


def _worded(message: str) -> bool:
    return any(ch.isalpha() for ch in message)


def markdown_messages(text: str) -> list[tuple[int, str]]:
    """The messages of a Markdown text, with their line numbers (for extraction)."""
    found = []
    for piece in _markdown_pieces(text):
        if isinstance(piece, tuple) and piece[0] == "msg" and _worded(piece[3]):
            found.append((piece[1], piece[3]))
        elif isinstance(piece, tuple):
            found += [(piece[1], c) for c in piece[2] if _worded(c)]
    return found


def translate_markdown(text: str) -> str:
    """A Markdown text in the current language, block by block (a block without a translation stays as written;
    a paragraph comes back on one line, which the renderer wraps)."""
    if _language == "en" and isinstance(_current, gettext.NullTranslations) and type(_current) is \
            gettext.NullTranslations:
        return text
    out = []
    for piece in _markdown_pieces(text):
        if isinstance(piece, str):
            out.append(piece)
        elif piece[0] == "msg":
            out.append(piece[2] + (_(piece[3]) if _worded(piece[3]) else piece[3]))
        else:
            out.append("| " + " | ".join(_(c) if _worded(c) else c for c in piece[2]) + " |")
    return "\n".join(out)
