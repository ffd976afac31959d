"""Print and play (`piratetable cards`): every card, die face and token of a variant drawn by the game's own
painters at print resolution, laid out on A4 or Letter pages with cut marks and the backs on pages of their own
(a PDF written with fpdf2), or the 10 × 7 deck sheets Tabletop Simulator imports (`--tts`). What is printed and
where it goes is `piratetable/lab/printing.py`; docs/lab.md#print-and-play."""
from __future__ import annotations

import datetime
import io
import json
import os
from pathlib import Path

from ..engine.errors import PirateTableError
from ..lab import printing as PR

FPDF_MISSING = ("the cards command needs fpdf2, which is not installed: .venv/bin/pip install '.[lab]' "
                "(or pip install fpdf2)")
DEFAULT_DPI = 300
NAMES = {"card": "cards", "die": "die stickers", "token": "tokens"}


def _pygame():
    """pygame, set up to draw off screen (fonts; no window is ever opened)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame


def draw_piece(painters, kind: str, piece: str, size: tuple[int, int], mark: str = ""):
    """One piece as the table draws it, on white paper (a card's rounded corners print white): a card's face (or
    "back": its back), a die face as a sticker, a token; `mark` small in its top left corner (a card that only
    some games use, which the table never needs to show)."""
    pygame = _pygame()
    if kind == "card":
        img = painters.card_back(size) if piece == "back" else painters.card_face(piece, size)
    elif kind == "die":
        img = painters.die(piece, min(size))
    else:
        img = painters.icon(piece, min(size))
    paper = pygame.Surface(size)
    paper.fill((255, 255, 255))
    paper.blit(img, img.get_rect(center=paper.get_rect().center))
    if mark:
        from .text import TEXT
        label = TEXT.render(mark, max(9, size[0] // 16), (40, 30, 20), True)
        paper.blit(label, (max(4, size[0] // 11), max(4, size[0] // 14)))
    return paper


def _png(surface) -> bytes:
    pygame = _pygame()
    out = io.BytesIO()
    pygame.image.save(surface, out, "piece.png")
    return out.getvalue()


class Pictures:
    """Each distinct piece drawn once at its size (kept as PNG bytes; the drawn surfaces are let go at once: a
    40-card deck at 300 dpi would hold 120 MB of them)."""

    def __init__(self, painters, dpi: int):
        self.painters, self.dpi = painters, dpi
        self._png: dict[tuple, bytes] = {}

    def png(self, kind: str, piece: str, size_mm: tuple[float, float], mark: str = "") -> bytes:
        key = (kind, piece, size_mm, mark)
        if key not in self._png:
            from . import art
            size = (PR.px(size_mm[0], self.dpi), PR.px(size_mm[1], self.dpi))
            self._png[key] = _png(draw_piece(self.painters, kind, piece, size, mark))
            art.cached.clear()
        return self._png[key]


def _duplex(grid: PR.Grid) -> str:
    return "flip on the short edge" if grid.landscape else "flip on the long edge"


def header(title: str, variant: str, page: PR.Page, n: int, total: int, date: str) -> str:
    what = NAMES[page.section.kind]
    if page.back:
        what = f"backs of page {page.front_page} (print double-sided, {_duplex(page.grid)})"
    return f"{title} · {variant} · {what} · page {n}/{total} · {date}"


def write_pdf(game, deck: PR.PrintDeck, out: Path, paper: str, dpi: int = DEFAULT_DPI,
              date: datetime.date | None = None, creator: str = "PirateTable") -> list[PR.Page]:
    """The PDF of `deck` at `out` (`creator`: the program and its version, in the PDF's metadata); returns its
    pages (in order)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise PirateTableError(FPDF_MISSING) from None
    from ..i18n import _
    from .table.painters import painters_for
    from .text import font_path

    _pygame()
    painters = painters_for(game)
    pictures = Pictures(painters, dpi)
    plan = PR.pages(deck, paper)
    if not plan:
        raise PirateTableError(f"{game.config.title}: nothing to print (every count is 0)")
    title = _(game.config.title)
    variant = game.config.variant
    day = (date or datetime.date.today()).isoformat()

    pdf = FPDF(unit="mm", format=PR.PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(f"{title} ({variant}): print and play")
    counts = ", ".join(f"{s.total} {NAMES[s.kind]}" for s in deck.sections if s.total)
    pdf.set_subject(f"{counts} on {paper} paper, with cut marks; backs mirrored for double-sided printing")
    pdf.set_author("PirateTable")
    pdf.set_creator(creator)
    pdf.add_font("noto", "", font_path(False, "latin"))
    pdf.add_font("notokr", "", font_path(False, "kr"))
    pdf.set_fallback_fonts(["notokr"])
    for n, page in enumerate(plan, 1):
        pdf.add_page(orientation="L" if page.grid.landscape else "P")
        pdf.set_font("noto", size=8)
        pdf.set_text_color(40, 40, 40)
        pdf.set_xy(PR.SIDE, 4)
        pdf.cell(page.grid.paper[0] - 2 * PR.SIDE, 4, header(title, variant, page, n, len(plan), day))
        for piece, (x, y, w, h) in page.placements():
            png = pictures.png(page.section.kind, piece, page.section.size_mm, page.section.mark(piece))
            pdf.image(io.BytesIO(png), x, y, w, h)
        pdf.set_draw_color(0, 0, 0)
        pdf.set_line_width(PR.MARK_WIDTH)
        for x1, y1, x2, y2 in page.marks():
            pdf.line(x1, y1, x2, y2)
    out.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(out))
    return plan


def write_tts(game, deck: PR.PrintDeck, folder: Path, dpi: int = DEFAULT_DPI) -> list[dict]:
    """The Tabletop Simulator deck sheets of `deck`'s cards in `folder`: `deck-N.png` (10 × 7 cards, at most 69:
    the last slot is the face a hidden card shows, here the back), `back.png`, `deck.json` and `README.txt` with
    the numbers to type in the Custom Deck dialog. Returns the sheets' descriptions."""
    from ..i18n import _
    from . import art
    from .table.painters import painters_for
    pygame = _pygame()
    cards = deck.section("card")
    if cards is None or not cards.total:
        raise PirateTableError(f"{game.config.title}: no cards to put on a Tabletop Simulator sheet")
    painters = painters_for(game)
    cell = PR.tts_cell((PR.px(cards.size_mm[0], dpi), PR.px(cards.size_mm[1], dpi)))
    folder.mkdir(parents=True, exist_ok=True)
    back = draw_piece(painters, "card", "back", cell)
    pygame.image.save(back, str(folder / "back.png"), "back.png")
    sheets = []
    for k, chunk in enumerate(PR.tts_sheets(cards.pieces()), 1):
        sheet = pygame.Surface((cell[0] * PR.TTS_COLS, cell[1] * PR.TTS_ROWS))
        sheet.fill((255, 255, 255))
        faces: dict[str, object] = {}
        for i, piece in enumerate(chunk):
            if piece not in faces:
                faces[piece] = draw_piece(painters, "card", piece, cell, cards.mark(piece))
            row, col = divmod(i, PR.TTS_COLS)
            sheet.blit(faces[piece], (col * cell[0], row * cell[1]))
        sheet.blit(back, ((PR.TTS_COLS - 1) * cell[0], (PR.TTS_ROWS - 1) * cell[1]))   # the hidden card's face
        name = f"deck-{k}.png"
        pygame.image.save(sheet, str(folder / name), name)
        art.cached.clear()
        sheets.append({"face": name, "back": "back.png", "width": PR.TTS_COLS, "height": PR.TTS_ROWS,
                       "number": len(chunk), "cards": chunk, "card_px": list(cell),
                       "sheet_px": [cell[0] * PR.TTS_COLS, cell[1] * PR.TTS_ROWS]})
    title = _(game.config.title)
    about = {"game": game.id, "variant": game.config.variant, "title": title, "unique_backs": False,
             "back_is_hidden": True, "decks": sheets}
    (folder / "deck.json").write_text(json.dumps(about, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (folder / "README.txt").write_text(tts_readme(title, game.config.variant, sheets, deck), encoding="utf-8")
    return sheets


def tts_readme(title: str, variant: str, sheets: list[dict], deck: PR.PrintDeck) -> str:
    lines = [f"{title} ({variant}) for Tabletop Simulator", "",
             "In Tabletop Simulator: Objects > Components > Custom > Deck, then for each sheet below:",
             "  Face: the sheet's file (upload it to the cloud, or a file:/// path on this computer)",
             "  Unique backs: off    Back: back.png    Back is Hidden: on (the last slot holds the back as well)",
             "  Width: 10    Height: 7    Number: as listed", ""]
    for s in sheets:
        lines.append(f"{s['face']}: Width {s['width']}, Height {s['height']}, Number {s['number']} "
                     f"(cards of {s['card_px'][0]} x {s['card_px'][1]} px)")
    lines += ["", "Each sheet holds at most 69 cards: the 70th slot (bottom right) is the face Tabletop Simulator "
              "shows for a card in another player's hand when Back is Hidden is off; it holds the back."]
    others = [NAMES[s.kind] for s in deck.sections if s.kind != "card" and s.total]
    if others:
        lines.append(f"Not on the sheets: the {' and '.join(others)} (print them with the PDF, or use Tabletop "
                     "Simulator's own).")
    return "\n".join(lines) + "\n"


def parse_size(text: str | None) -> tuple[float, float] | None:
    """`--card-size 58x88` (millimetres) → (58.0, 88.0)."""
    if not text:
        return None
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, h = (float(p) for p in parts)
    except ValueError:
        raise PirateTableError(f"--card-size {text}: give width x height in millimetres, e.g. 63.5x88.9") from None
    if not (10 <= w <= 200 and 10 <= h <= 280):
        raise PirateTableError(f"--card-size {text}: a card from 10 x 10 to 200 x 280 mm")
    return w, h


def run_cards(args, creator: str = "PirateTable") -> int:
    """The `cards` command (its options: piratetable/cli.py; `creator`: the program and its version)."""
    from ..i18n import set_language
    from ..lab.configs import resolve_config
    from .settings import load_settings

    set_language(args.language if args.language is not None else load_settings()[0].language)
    config = resolve_config(args.game, args.config)
    from ..engine.registry import game_class
    game = game_class(config.game)(config)
    deck = PR.print_deck(game, parse_size(args.card_size))
    variant = config.variant.replace(":", "-")
    if args.tts:
        folder = Path(args.out or f"{config.game}-{variant}-tts")
        if folder.suffix.lower() == ".pdf" or folder.is_file():
            raise PirateTableError(f"--out {folder}: with --tts the output is a folder (the sheets and a README)")
        sheets = write_tts(game, deck, folder, args.dpi)
        cards = sum(s["number"] for s in sheets)
        print(f"wrote {folder}/: {len(sheets)} sheet(s) of 10 x 7 for {cards} cards, back.png, deck.json, "
              f"README.txt (what to type in Tabletop Simulator's Custom Deck dialog)")
        return 0
    out = Path(args.out or f"{config.game}-{variant}.pdf")
    if out.suffix.lower() != ".pdf":
        raise PirateTableError(f"--out {out}: the sheets are a PDF file (name it .pdf), or a folder with --tts")
    plan = write_pdf(game, deck, out, args.paper, args.dpi, creator=creator)
    counts = ", ".join(f"{s.total} {NAMES[s.kind]}" for s in deck.sections if s.total)
    fronts = [p for p in plan if not p.back]
    card_pages = [p for p in fronts if p.section.kind == "card"]
    grid = card_pages[0].grid if card_pages else fronts[0].grid
    print(f"wrote {out}: {len(plan)} pages ({counts}; {grid.per_page} cards a page, {args.paper} "
          f"{'on its side' if grid.landscape else 'upright'}); print at actual size (100 %), double-sided, "
          f"{_duplex(grid)}")
    return 0
