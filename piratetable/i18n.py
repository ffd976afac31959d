"""Translations of the text a player reads (gettext catalogs in `piratetable/locale/`).

Every player-facing string is written `_("…")` (or `ngettext`) so that it can be extracted and translated;
`set_language` switches the catalog for the whole program without a restart. The CLI and config validation
messages stay English on purpose (they are searched for).
"""
from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "piratetable"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en",)

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(code: str) -> str:
    """Use the catalog of `code` (falls back to English when there is none); returns the language in use."""
    global _current, _language
    try:
        _current = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        _language = code
    except OSError:
        _current = gettext.NullTranslations()
        _language = "en"
    return _language


def language() -> str:
    return _language


def _(message: str) -> str:
    """The translation of `message` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The translation of `singular`/`plural` for the count `n`."""
    return _current.ngettext(singular, plural, n)
