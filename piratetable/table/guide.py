"""The "How to play" guide as typed data (no pygame): a few pages, each a title, short paragraphs and pictures.

A game writes `pages(game) -> list[Page]` in its package's `guide.py` (`piratetable/games/<id>/guide.py`); the
guide scene (`piratetable/ui/scenes/guide.py`) draws the pages with the game's painters: a picture names card ids,
die faces or icon names, which the painters turn into the same art as at the table. Every number a page states
comes from the game's config (`game.options`, `game.content`), so a variant shows its own numbers, and all text is
already in the player's language (`_()` / `ngettext()`), in the game's words: never card ids or notation.

Paragraphs are plain text; `**bold**` marks a key word, and a paragraph starting with "- " is a bullet.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import _

CARD, BACK, DIE, ICON = "card", "back", "die", "icon"
KINDS = (CARD, BACK, DIE, ICON)


@dataclass(frozen=True)
class Picture:
    """One illustration with its caption: one or more cards (fanned), card backs, dice (in a row) or icons (in a
    row), drawn by the game's painters. `items` are card ids, die faces or icon names (for backs: one "" per back);
    `title` is the caption's first line (bold), `text` the rest."""

    kind: str
    items: tuple[str, ...]
    title: str = ""
    text: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"picture kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if not self.items:
            raise ValueError("a picture shows at least one item")

    @property
    def words(self) -> str:
        """Everything the picture says, for checks."""
        return f"{self.title} {self.text}".strip()


def card(card_id: str, title: str = "", text: str = "") -> Picture:
    return Picture(CARD, (card_id,), title, text)


def cards(card_ids, title: str = "", text: str = "") -> Picture:
    return Picture(CARD, tuple(card_ids), title, text)


def back(title: str = "", text: str = "", count: int = 1) -> Picture:
    return Picture(BACK, ("",) * max(1, count), title, text)


def die(face: str, title: str = "", text: str = "") -> Picture:
    return Picture(DIE, (face,), title, text)


def dice(faces, title: str = "", text: str = "") -> Picture:
    return Picture(DIE, tuple(faces), title, text)


def icon(name: str, title: str = "", text: str = "") -> Picture:
    return Picture(ICON, (name,), title, text)


def icons(names, title: str = "", text: str = "") -> Picture:
    return Picture(ICON, tuple(names), title, text)


@dataclass(frozen=True)
class Page:
    """One page of the guide: a title, a few short paragraphs, and pictures shown as a grid beside or below."""

    title: str
    paragraphs: tuple[str, ...] = ()
    pictures: tuple[Picture, ...] = field(default=())

    def __post_init__(self):
        object.__setattr__(self, "paragraphs", tuple(p for p in self.paragraphs if p))
        object.__setattr__(self, "pictures", tuple(self.pictures))

    @property
    def words(self) -> list[str]:
        """Every piece of text on the page (the title, the paragraphs, the captions), for checks."""
        return [self.title, *self.paragraphs, *(p.words for p in self.pictures)]


def guide_module(game):
    """The game's `guide` part (`Game.part("guide")`), or None when it has none."""
    part = getattr(game, "part", None)
    return part("guide") if part is not None else None


def fallback_pages(game) -> list[Page]:
    """A one-page guide for a game without its own: its description and a pointer to the detailed rules."""
    config = getattr(game, "config", None)
    title = getattr(config, "title", "") or getattr(game, "name", "")
    paragraphs = [getattr(config, "description", "")]
    lo, hi = getattr(config, "players_min", 0), getattr(config, "players_max", 0)
    if lo and hi:
        paragraphs.append(_("For {lo} to {hi} players.").format(lo=lo, hi=hi) if lo != hi else
                          _("For {n} players.").format(n=lo))
    paragraphs.append(_("This game has no illustrated guide yet: the detailed rules explain everything."))
    return [Page(title, tuple(paragraphs))]


def pages_for(game) -> list[Page]:
    """The guide of a game bound to its config: its `guide.pages(game)`, or a one-page fallback."""
    module = guide_module(game)
    make = getattr(module, "pages", None) if module is not None else None
    if make is None:
        return fallback_pages(game)
    pages = list(make(game))
    if not pages:
        return fallback_pages(game)
    for page in pages:
        if not isinstance(page, Page):
            raise TypeError(f"{type(game).__name__} guide: pages() must return Page values, not {page!r}")
    return pages

