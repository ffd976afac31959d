"""The rules texts' Markdown, drawn: headings, paragraphs, bullets, numbered and nested lists, tables, code, bold,
italic, links (their text), rules and quotes.

markdown-it-py parses (CommonMark with tables: escaped stars, a lone `2 * 3`, nested emphasis and the rest of the
spec's corner cases are its business); this module only draws its token stream, with the program's fonts."""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from markdown_it import MarkdownIt
from markdown_it.token import Token

from . import palette as P
from .text import font, sanitize

INK = P.CREAM
CODE = (150, 220, 200)
HEAD = P.GOLD_LIGHT
RULE = (80, 100, 112)
# CommonMark and GitHub's tables; raw HTML is shown as the text it is (a rules text is not a web page)
_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
LIST_STEP = 22          # px a nested list is indented by
MARK_ROOM = 18          # px between a list item's marker and its text


@dataclass(frozen=True, slots=True)
class Style:
    bold: bool = False
    italic: bool = False
    code: bool = False


PLAIN = Style()


def _inline(children: list[Token] | None) -> list[tuple[str, Style]]:
    """An inline token's children → [(text, style)]: emphasis nests, a link shows its text, an image its
    description, a line break inside a paragraph is a space."""
    out: list[tuple[str, Style]] = []
    bold = italic = 0
    for tok in children or ():
        if tok.type == "strong_open":
            bold += 1
        elif tok.type == "strong_close":
            bold -= 1
        elif tok.type == "em_open":
            italic += 1
        elif tok.type == "em_close":
            italic -= 1
        elif tok.type == "code_inline":
            out.append((tok.content, Style(code=True)))
        elif tok.type in ("softbreak", "hardbreak"):
            out.append((" ", Style(bool(bold), bool(italic))))
        elif tok.type in ("text", "html_inline") or tok.type == "image":
            if tok.content:
                out.append((tok.content, Style(bool(bold), bool(italic))))
    return out


def segments(text: str) -> list[tuple[str, Style]]:
    """Inline Markdown (one paragraph's text) → [(text, style)]."""
    blocks = _MD.parseInline(text)
    return _inline(blocks[0].children) if blocks else []


def _style_font(style: Style, size: int):
    return font(size, bold=style.bold and not style.code, italic=style.italic and not style.code)


def _style_colour(style: Style, base):
    return CODE if style.code else base


def _layout(segs: list[tuple[str, Style]], size: int, width: int, colour=INK, indent: int = 0,
            bold: bool = False) -> list[pygame.Surface]:
    """Word-wrap styled segments into row surfaces of at most `width` pixels."""
    words: list[tuple[str, Style]] = []
    for seg, style in segs:
        if bold and not style.code:
            style = Style(True, style.italic)
        for i, word in enumerate(seg.split(" ")):
            if i > 0:
                words.append((" ", style))
            if word:
                words.append((word, style))
    rows: list[list[tuple[str, Style]]] = [[]]
    x = indent
    for word, style in words:
        w = _style_font(style, size).size(word)[0]
        if word == " ":
            if x > indent and not (rows[-1] and rows[-1][-1][0] == " "):
                rows[-1].append((word, style))
                x += w
            continue
        if x + w > width and x > indent:
            while rows[-1] and rows[-1][-1][0] == " ":
                rows[-1].pop()
            rows.append([])
            x = indent
        rows[-1].append((word, style))
        x += w
    line_h = font(size).get_linesize()
    out = []
    for row in rows:
        surf = pygame.Surface((width, line_h), pygame.SRCALPHA)
        x = indent
        for word, style in row:
            img = _style_font(style, size).render(word, True, _style_colour(style, colour))
            surf.blit(img, (x, 0))
            x += img.get_width()
        out.append(surf)
    return out


def layout_rich(text: str, size: int, width: int, colour=INK, indent: int = 0,
                bold: bool = False) -> list[pygame.Surface]:
    """Word-wrap inline-styled text (Markdown: **bold**, *italic*, `code`, [links](…), \\* for a star) into row
    surfaces of at most `width` pixels."""
    return _layout(segments(text), size, width, colour, indent, bold)


def _fit_columns(natural: list[int], width: int, least: int = 60) -> list[int]:
    """Column widths within `width`: columns narrower than a fair share keep their natural width, the wide ones
    share what is left in proportion to their natural widths (and wrap)."""
    if sum(natural) <= width:
        return list(natural)
    keep = [False] * len(natural)
    while True:
        room = width - sum(n for n, k in zip(natural, keep) if k)
        wide = [i for i, k in enumerate(keep) if not k]
        if not wide:
            return list(natural)
        fair = room / len(wide)
        narrow = [i for i in wide if natural[i] <= fair]
        if not narrow:
            total = sum(natural[i] for i in wide)
            out = list(natural)
            for i in wide:
                out[i] = max(least, int(natural[i] * room / total))
            return out
        for i in narrow:
            keep[i] = True


def _table(rows: list[list[list[tuple[str, Style]]]], size: int, width: int) -> list[pygame.Surface]:
    """A table (the first row its header) as text in aligned columns (cells wrap when the table is too wide)."""
    ncol = max(len(r) for r in rows)
    rows = [r + [[]] * (ncol - len(r)) for r in rows]
    fnt = font(size)
    natural = [max(font(size, bold=(i == 0)).size("".join(s for s, _ in r[c]))[0] for i, r in enumerate(rows)) + 18
               for c in range(ncol)]
    widths = _fit_columns(natural, width)
    out = []
    for i, row in enumerate(rows):
        cells = [_layout(cell, size, widths[c] - 12, bold=(i == 0)) for c, cell in enumerate(row)]
        h = max(len(c) for c in cells) * fnt.get_linesize() + 6
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        if i == 0:
            surf.fill((40, 58, 70, 255), pygame.Rect(0, 0, sum(widths), h))
        x = 0
        for c, cell in enumerate(cells):
            y = 3
            for line in cell:
                surf.blit(line, (x + 6, y))
                y += line.get_height()
            x += widths[c]
        pygame.draw.line(surf, RULE, (0, h - 1), (sum(widths), h - 1))
        out.append(surf)
    return out


class _Drawing:
    """Walks markdown-it's block tokens and draws each block as row surfaces, top to bottom."""

    def __init__(self, width: int, size: int):
        self.width, self.size = width, size
        self.out: list[pygame.Surface] = []
        self.lists: list[list] = []          # open lists, innermost last: [ordered, next number]
        self.quote = 0                       # px of indent of the open block quotes
        self.mark: str | None = None         # a list item's marker, drawn on the item's first row

    def gap(self, h: int) -> None:
        self.out.append(pygame.Surface((self.width, h), pygame.SRCALPHA))

    @property
    def indent(self) -> int:
        """Where a block's text starts: inside the innermost list item's text, or at the margin."""
        depth = len(self.lists)
        return self.quote + (MARK_ROOM + (depth - 1) * LIST_STEP + MARK_ROOM if depth else 0)

    def rows(self, rows: list[pygame.Surface]) -> None:
        if self.mark is not None and rows:
            mark = font(self.size, True).render(self.mark, True, P.GOLD)
            rows[0].blit(mark, (self.indent - MARK_ROOM, 0))
            self.mark = None
        self.out.extend(rows)

    def draw(self, tokens: list[Token]) -> list[pygame.Surface]:
        i = 0
        while i < len(tokens):
            i = self.block(tokens, i)
        return self.out

    def block(self, tokens: list[Token], i: int) -> int:
        """Draw the block that starts at token `i`; the index after what it used."""
        tok, size = tokens[i], self.size
        kind = tok.type
        if kind == "heading_open":
            level = int(tok.tag[1:])
            hsize = {1: size + 12, 2: size + 7, 3: size + 3}.get(level, size + 1)
            self.gap(size // 2)
            self.rows(_layout(_inline(tokens[i + 1].children), hsize, self.width, colour=HEAD, bold=True))
            if level <= 2:
                rule = pygame.Surface((self.width, 6), pygame.SRCALPHA)
                pygame.draw.line(rule, RULE, (0, 3), (self.width, 3), 1)
                self.out.append(rule)
            self.gap(4)
            return i + 3
        if kind == "paragraph_open":
            self.rows(_layout(_inline(tokens[i + 1].children), size, self.width, indent=self.indent))
            self.gap(3 if self.lists else size // 2)
            return i + 3
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(tok.attrs.get("start", 1) or 1)
            self.lists.append([kind == "ordered_list_open", start])
            return i + 1
        if kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
            return i + 1
        if kind == "list_item_open":
            ordered, n = self.lists[-1]
            self.mark = f"{tok.info or n}{tok.markup}" if ordered else "•"
            self.lists[-1][1] = int(tok.info) + 1 if ordered and tok.info.isdigit() else n + 1
            return i + 1
        if kind == "list_item_close":
            self.mark = None
            return i + 1
        if kind in ("fence", "code_block"):
            for line in tok.content.rstrip("\n").split("\n"):
                img = font(size - 1).render(line, True, CODE)
                row = pygame.Surface((self.width, img.get_height()), pygame.SRCALPHA)
                row.blit(img, (self.indent + 16, 0))
                self.rows([row])
            self.gap(size // 2)
            return i + 1
        if kind == "table_open":
            rows: list[list[list[tuple[str, Style]]]] = []
            i += 1
            while tokens[i].type != "table_close":
                if tokens[i].type == "tr_open":
                    rows.append([])
                elif tokens[i].type == "inline":
                    rows[-1].append(_inline(tokens[i].children))
                i += 1
            if rows:
                self.out.extend(_table(rows, size - 1, self.width))
            self.gap(size // 2)
            return i + 1
        if kind == "hr":
            rule = pygame.Surface((self.width, 12), pygame.SRCALPHA)
            pygame.draw.line(rule, RULE, (self.indent, 6), (self.width, 6), 1)
            self.out.append(rule)
            return i + 1
        if kind == "blockquote_open":
            self.quote += LIST_STEP
            return i + 1
        if kind == "blockquote_close":
            self.quote -= LIST_STEP
            return i + 1
        if kind == "html_block":      # not parsed as HTML (html is off): never reached, kept as its text if it is
            self.rows(_layout([(tok.content.strip(), PLAIN)], size, self.width, indent=self.indent))
            self.gap(size // 2)
        return i + 1


def render_markdown(text: str, width: int, size: int = 17) -> list[pygame.Surface]:
    """The whole document as a list of row surfaces (blit them top to bottom; blank rows are spacing)."""
    return _Drawing(width, size).draw(_MD.parse(sanitize(text).replace("\t", "    ")))
