"""`piratetable cards`: the print-and-play PDF of every shipped config, read back with pypdf (pages, the card
images placed, the cut marks and where they are, the mirrored backs), the Tabletop Simulator sheets, and a
person's mistakes (exit 2, one line, no traceback). The pictures are drawn at a low --dpi to keep this quick."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("fpdf")

from piratetable.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PT = 72 / 25.4        # points per mm
IMAGE = re.compile(rb"q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm /I\d+ Do Q")
LINE = re.compile(rb"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S")


def _cards_in_config(path: Path) -> int:
    """The number of cards a shipped config makes, counted from its YAML here (not by the code under test)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data["game"] == "piraten_kapern":
        return sum(c["count"] for c in data["cards"])
    if data["game"] == "piratz":
        return sum(c.get("count", 1) for c in data["cards"])
    if data["game"] == "pirataki":
        parts = sum(c.get("cards", data["ship_size"]) for c in data["colours"])   # a colour: ship_size by default
        return parts + data["gold"] + data["pirates"] + data["cannons"]
    return len(data["deck"]["suits"]) * len(data["deck"]["ranks"])


# (config file, variant) → (pages on A4, cards a page, other pieces: die stickers or tokens), worked out by hand:
# poker cards 3 × 3 on an upright A4 (3 × 63.5 + 2 × 3 = 196.5 mm of 198; 3 × 88.9 + 6 = 272.7 of 278), the
# Italian deck 5 × 2 on its side (5 × 52 + 12 = 272 of 285; 2 × 94 + 3 = 191 of 191); every page of cards followed
# by its backs; then one page of stickers (Piraten Kapern: 8 dice × 6 faces) or tokens (Piratz: 12 cubes).
SHIPPED = {
    ("piraten_kapern.yaml", "default"): (2 * 5 + 1, 9, 48),     # 41 cards
    ("piraten_kapern_classic.yaml", "classic"): (2 * 4 + 1, 9, 48),   # 35 cards
    ("piratz.yaml", "default"): (2 * 6 + 1, 9, 12),             # 50 cards
    ("pirataki.yaml", "default"): (2 * 7, 9, 0),                # 55 cards
    ("petrangola.yaml", "default"): (2 * 4, 10, 0),             # 40 cards
}


def _run(capsys, *args) -> tuple[int, str, str]:
    code = main(["cards", *args, "--dpi", "12", "--language", "en"])
    out, err = capsys.readouterr()
    return code, out, err


def _page(page):
    data = page.get_contents().get_data()
    h = float(page.mediabox.height)
    images = [(float(x) / PT, (h - float(y) - float(ih)) / PT, float(iw) / PT, float(ih) / PT)
              for iw, ih, x, y in IMAGE.findall(data)]
    lines = [tuple(float(v) / PT for v in m) for m in LINE.findall(data)]
    return data, images, lines


def _crosses(line, rect) -> bool:
    x1, y1, x2, y2 = line
    x, y, w, h = rect
    if x1 == x2:   # vertical (PDF y is upward: compare spans only)
        return x - 0.01 < x1 < x + w + 0.01 and min(y1, y2) < y + h and max(y1, y2) > y
    return y - 0.01 < y1 < y + h + 0.01 and min(x1, x2) < x + w and max(x1, x2) > x


@pytest.mark.parametrize(("name", "variant"), sorted(SHIPPED))
def test_the_pdf_of_every_shipped_config(tmp_path, capsys, name, variant):
    path = ROOT / "configs" / name
    game = yaml.safe_load(path.read_text(encoding="utf-8"))["game"]
    pages, per_page, others = SHIPPED[(name, variant)]
    cards = _cards_in_config(path)
    out = tmp_path / "sheets.pdf"
    code, said, err = _run(capsys, game, "--config", variant, "--out", str(out))
    assert code == 0, err
    assert f"{pages} pages" in said and f"{cards} cards" in said
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == pages
    assert reader.metadata.title.endswith(f"({variant}): print and play")
    assert reader.metadata.creator.startswith("PirateTable ")
    placed_cards = placed_backs = placed_others = 0
    fronts: list = []
    for n, page in enumerate(reader.pages, 1):
        data, images, lines = _page(page)
        text = page.extract_text()
        assert f"page {n}/{pages}" in text
        is_back = "backs of page" in text
        if is_back:
            # under each card of the front before, mirrored left to right about the page's middle
            width = float(page.mediabox.width) / PT
            mirrored = sorted((width - x - w, y) for x, y, w, _h in fronts)
            backs = sorted((x, y) for x, y, _w, _h in images)
            assert len(backs) == len(mirrored)
            assert all(abs(a - c) < 0.05 and abs(b - d) < 0.05 for (a, b), (c, d) in zip(backs, mirrored))
            assert not lines
            placed_backs += len(images)
            continue
        kind_cards = images and images[0][2] > 40      # a card is 52 mm wide or more; stickers and tokens 16
        assert len(images) <= (per_page if kind_cards else 10 ** 3)
        if kind_cards:
            placed_cards += len(images)
            fronts = images
        else:
            placed_others += len(images)
        # cut marks: dark, 0.25 mm, at every cut line, never over a piece
        assert b"0.71 w" in data
        assert all(float(v) == 0 for v in re.findall(rb"([\d.]+) G\n", data))       # black strokes only
        assert not re.search(rb"[\d.]+ [\d.]+ [\d.]+ RG", data)
        xs = {round(v, 2) for x, _y, w, _h in images for v in (x, x + w)}
        ys = {round(v, 2) for _x, y, _w, h in images for v in (y, y + h)}
        height = float(page.mediabox.height) / PT
        vertical = {round(ln[0], 2) for ln in lines if ln[0] == ln[2]}
        horizontal = {round(height - ln[1], 2) for ln in lines if ln[1] == ln[3]}
        assert vertical == xs and horizontal == ys
        assert len(lines) == 2 * (len(xs) + len(ys))
        assert not any(_crosses(ln, (x, height - y - h, w, h)) for ln in lines for x, y, w, h in images)
    assert placed_cards == cards and placed_backs == cards
    assert placed_others == others


def test_letter_paper_puts_poker_cards_on_the_side(tmp_path, capsys):
    """Letter is 6.7 mm too short for three rows of poker cards with a header: on its side it holds 4 × 2."""
    out = tmp_path / "letter.pdf"
    code, said, _err = _run(capsys, "piraten_kapern", "--paper", "letter", "--out", str(out))
    assert code == 0
    reader = pypdf.PdfReader(str(out))
    first = reader.pages[0]
    assert float(first.mediabox.width) > float(first.mediabox.height)          # landscape
    assert abs(float(first.mediabox.width) / PT - 279.4) < 0.1
    assert len(_page(first)[1]) == 8
    assert len(reader.pages) == 2 * 6 + 1      # 41 cards: 6 pages of 8 (the last with 1), their backs, stickers
    assert "flip on the short edge" in reader.pages[1].extract_text()


def test_card_size_option(tmp_path, capsys):
    out = tmp_path / "big.pdf"
    code, _said, _err = _run(capsys, "pirataki", "--card-size", "70x120", "--out", str(out))
    assert code == 0
    images = _page(pypdf.PdfReader(str(out)).pages[0])[1]
    assert len(images) == 4 and all(abs(w - 70) < 0.05 and abs(h - 120) < 0.05 for _x, _y, w, h in images)


def test_tts_sheets(tmp_path, capsys):
    """A deck of 76 cards: two sheets of 10 × 7 cells (69 cards and 7), the back in the last cell of each."""
    from PIL import Image
    text = (ROOT / "configs" / "piraten_kapern.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    for card in data["cards"]:
        if card["id"] == "pirate":
            card["count"] += 35
    mine = tmp_path / "big_deck.yaml"
    mine.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    folder = tmp_path / "tts"
    code, said, err = _run(capsys, "piraten_kapern", "--config", str(mine), "--tts", "--out", str(folder))
    assert code == 0, err
    about = json.loads((folder / "deck.json").read_text(encoding="utf-8"))
    assert [d["number"] for d in about["decks"]] == [69, 7]
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert "deck-1.png: Width 10, Height 7, Number 69" in readme
    assert "deck-2.png: Width 10, Height 7, Number 7" in readme
    for deck in about["decks"]:
        cw, ch = deck["card_px"]
        with Image.open(folder / deck["face"]) as sheet:
            assert sheet.size == (10 * cw, 7 * ch)
            # the hidden card's cell (bottom right) is the back: the same pixels as back.png
            with Image.open(folder / "back.png") as back:
                assert back.size == (cw, ch)
                cell = sheet.convert("RGB").crop((9 * cw, 6 * ch, 10 * cw, 7 * ch))
                assert list(cell.get_flattened_data()) == list(back.convert("RGB").get_flattened_data())
            if deck["number"] < 69:   # a cell with no card is blank
                empty = sheet.convert("RGB").crop((8 * cw, 6 * ch, 9 * cw, 7 * ch))
                assert set(empty.get_flattened_data()) == {(255, 255, 255)}
    assert "76 cards" in said


@pytest.mark.parametrize(("args", "words"), [
    (["no_such_game"], "no_such_game"),
    (["piratz", "--config", "stormyy"], "no such config for piratz"),
    (["piratz", "--out", "cards.txt"], "name it .pdf"),
    (["piratz", "--tts", "--out", "x.pdf"], "with --tts the output is a folder"),
    (["piratz", "--card-size", "big"], "width x height in millimetres"),
])
def test_a_persons_mistakes(tmp_path, capsys, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    code, _said, err = _run(capsys, *args)
    assert code == 2
    assert err.startswith("error: ") and words in err and "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == ["piratetable_home"]      # nothing written


def test_without_fpdf2_it_says_what_to_install(tmp_path, capsys, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "fpdf", None)     # import fpdf raises ImportError
    code, _said, err = _run(capsys, "pirataki", "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and "pip install '.[lab]'" in err and "Traceback" not in err


def test_piratz_item_names_are_readable_on_a_printed_card():
    """The item names under a Piratz card's treasures were 14 px at most: 1.2 mm on a card printed at 300 dpi.
    They now grow with the card (2 mm and more in print) and stay as they were on the table's cards."""
    from piratetable.ui.games.piratz.art import card_layout
    printed = card_layout(("ring", "ring"), (750, 1050))
    assert all(lab is not None and lab.height >= 2 / 25.4 * 300 for _kind, _icon, lab in printed)
    on_table = card_layout(("ring", "ring"), (112, 157))
    assert all(lab is not None and lab.height <= 14 for _kind, _icon, lab in on_table)
