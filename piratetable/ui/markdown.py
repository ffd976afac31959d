"""Just enough Markdown for rules texts: headings, paragraphs, bullets, numbered lists, tables, code, bold."""
from __future__ import annotations

import re

import pygame

from . import palette as P
from .text import font, sanitize

INK = P.CREAM
CODE = (150, 220, 200)
HEAD = P.GOLD_LIGHT
RULE = (80, 100, 112)
_INLINE = re.compile(r"(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)]+\))")


def _segments(text: str) -> list[tuple[str, str]]:
    """Inline markup → [(text, style)] with style in plain/bold/code."""
    out = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**"):
            out.append((part[2:-2], "bold"))
        elif part.startswith("`") and part.endswith("`"):
            out.append((part[1:-1], "code"))
        elif part.startswith("["):
            out.append((re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", part), "plain"))
        else:
            out.append((part.replace("*", ""), "plain"))
    return out


def _style_font(style: str, size: int):
    return font(size, bold=(style == "bold"))


def _style_colour(style: str, base):
    return CODE if style == "code" else base


def layout_rich(text: str, size: int, width: int, colour=INK, indent: int = 0,
                bold: bool = False) -> list[pygame.Surface]:
    """Word-wrap inline-styled text into row surfaces of at most `width` pixels."""
    words: list[tuple[str, str]] = []
    for seg, style in _segments(text):
        if bold and style == "plain":
            style = "bold"
        for i, word in enumerate(seg.split(" ")):
            if i > 0:
                words.append((" ", style))
            if word:
                words.append((word, style))
    rows: list[list[tuple[str, str]]] = [[]]
    x = indent
    for word, style in words:
        w = _style_font(style, size).size(word)[0]
        if word == " ":
            if x > indent:
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


def _table(rows: list[list[str]], size: int, width: int) -> list[pygame.Surface]:
    """A Markdown table as text in aligned columns (cells wrap when the table is too wide)."""
    ncol = max(len(r) for r in rows)
    rows = [r + [""] * (ncol - len(r)) for r in rows]
    fnt = font(size)
    natural = [max(font(size, bold=(i == 0)).size(re.sub(r"[`*]", "", r[c]))[0] for i, r in enumerate(rows)) + 18
               for c in range(ncol)]
    widths = _fit_columns(natural, width)
    out = []
    for i, row in enumerate(rows):
        cells = [layout_rich(cell, size, widths[c] - 12, bold=(i == 0)) for c, cell in enumerate(row)]
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


def render_markdown(text: str, width: int, size: int = 17) -> list[pygame.Surface]:
    """The whole document as a list of row surfaces (blit them top to bottom; blank rows are spacing)."""
    out: list[pygame.Surface] = []
    lines = sanitize(text).replace("\t", "    ").splitlines()
    gap = lambda h: out.append(pygame.Surface((width, h), pygame.SRCALPHA))  # noqa: E731
    i = 0
    para: list[str] = []
    in_list = False     # the last block was a list item: an indented paragraph after it continues the item

    def flush():
        if para:
            out.extend(layout_rich(" ".join(s.strip() for s in para), size, width))
            gap(size // 2)
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            in_list = False
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                img = font(size - 1).render(lines[i], True, CODE)
                row = pygame.Surface((width, img.get_height()), pygame.SRCALPHA)
                row.blit(img, (16, 0))
                out.append(row)
                i += 1
            i += 1
            gap(size // 2)
            continue
        m = re.match(r"^(#{1,6})\s+(.*)", stripped)
        if m:
            flush()
            in_list = False
            level = len(m.group(1))
            hsize = {1: size + 12, 2: size + 7, 3: size + 3}.get(level, size + 1)
            gap(size // 2)
            out.extend(layout_rich(m.group(2), hsize, width, colour=HEAD, bold=True))
            if level <= 2:
                rule = pygame.Surface((width, 6), pygame.SRCALPHA)
                pygame.draw.line(rule, RULE, (0, 3), (width, 3), 1)
                out.append(rule)
            gap(4)
            i += 1
            continue
        if stripped.startswith("|"):
            flush()
            in_list = False
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            if rows:
                out.extend(_table(rows, size - 1, width))
            gap(size // 2)
            continue
        lead = len(line) - len(line.lstrip(" "))
        if in_list and stripped and lead >= 2 and not re.match(r"^\s*([-*+]|\d+\.)\s+", line):
            flush()          # a paragraph inside a list item (indented after a blank line): keep its indent
            item = []
            while i < len(lines) and lines[i].strip() and lines[i].startswith("  ") and \
                    not re.match(r"^\s*([-*+]|\d+\.)\s+", lines[i]) and not lines[i].strip().startswith("|"):
                item.append(lines[i].strip())
                i += 1
            out.extend(layout_rich(" ".join(item), size, width, indent=36 + max(0, (lead - 2) // 2) * 22))
            gap(3)
            continue
        m = re.match(r"^(\s*)([-*+]|\d+\.)\s+(.*)", line)
        if m:
            flush()
            depth = len(m.group(1)) // 2
            marker = "•" if not m.group(2)[0].isdigit() else m.group(2)
            text = m.group(3)
            i += 1
            while i < len(lines) and lines[i].startswith("  ") and lines[i].strip() and \
                    not re.match(r"^\s*([-*+]|\d+\.)\s+", lines[i]):
                text += " " + lines[i].strip()
                i += 1
            indent = 18 + depth * 22
            item_rows = layout_rich(text, size, width, indent=indent + 18)
            if item_rows:
                mark = font(size, True).render(marker, True, P.GOLD)
                item_rows[0].blit(mark, (indent, 0))
            out.extend(item_rows)
            gap(3)
            in_list = True
            continue
        if not stripped:
            flush()
            i += 1
            continue
        para.append(line)
        in_list = False
        i += 1
    flush()
    return out
