"""The print-and-play layout (piratetable/lab/printing.py): how many pieces a page holds, where the cut marks
go, where a back goes, the Tabletop Simulator sheets."""
from __future__ import annotations

import pytest

from piratetable.engine.errors import PirateTableError
from piratetable.lab import printing as PR


@pytest.mark.parametrize(("paper", "size", "cols", "rows", "landscape"), [
    ("a4", PR.POKER_MM, 3, 3, False),       # 196.5 × 272.7 mm of 198 × 278
    ("letter", PR.POKER_MM, 4, 2, True),    # upright only 3 × 2: 3 rows need 272.7 mm of 260.4
    ("a4", PR.ITALIAN_MM, 5, 2, True),      # upright 3 × 2
    ("letter", PR.ITALIAN_MM, 4, 2, True),
    ("a4", (13.0, 13.0), 18, 12, True),     # die stickers: 216 (upright 12 × 17 = 204)
])
def test_as_many_as_fit(paper, size, cols, rows, landscape):
    grid = PR.grid_for(paper, size)
    assert (grid.cols, grid.rows, grid.landscape) == (cols, rows, landscape)
    pw, ph = grid.paper
    x, y, w, h = grid.slot(grid.per_page - 1)
    assert grid.x0 >= PR.SIDE and x + w <= pw - PR.SIDE + 1e-9       # inside the margins …
    assert grid.y0 >= PR.TOP and y + h <= ph - PR.SIDE + 1e-9
    assert abs(grid.x0 - (pw - x - w)) < 1e-9                       # … and centred left to right
    assert abs(PR.grid_for(paper, size).slot(1)[0] - grid.slot(0)[0] - w - PR.GUTTER) < 1e-9


def test_cut_marks_on_every_cut_line_outside_the_pieces():
    grid = PR.grid_for("a4", PR.POKER_MM)
    marks = grid.marks(5)            # a last page: 3 in the first row, 2 in the second
    assert len(marks) == 2 * 2 * 3 + 2 * 2 * 2
    rects = [grid.slot(i) for i in range(5)]
    for x1, y1, x2, y2 in marks:
        assert (x1 == x2) != (y1 == y2)
        assert 0 < abs(x2 - x1) + abs(y2 - y1) <= PR.MARK_LEN
        for x, y, w, h in rects:     # never over a piece
            assert max(x1, x2) <= x or min(x1, x2) >= x + w or max(y1, y2) <= y or min(y1, y2) >= y + h
        assert all(PR.MARK_EDGE <= v for v in (x1, x2, y1, y2))
        assert max(x1, x2) <= grid.paper[0] - PR.MARK_EDGE and max(y1, y2) <= grid.paper[1] - PR.MARK_EDGE
    assert {x1 for x1, _y1, x2, _y2 in marks if x1 == x2} == {v for x, _y, w, _h in rects for v in (x, x + w)}


def test_backs_follow_their_page_mirrored():
    deck = PR.PrintDeck((PR.Section("card", (PR.Item("a", 4), PR.Item("b", 7)), PR.POKER_MM, backs=True),
                         PR.Section("die", (PR.Item("skull", 3),), (13.0, 13.0))))
    pages = PR.pages(deck, "a4")
    assert [(p.back, len(p.pieces)) for p in pages] == [(False, 9), (True, 9), (False, 2), (True, 2), (False, 3)]
    assert pages[0].pieces == ("a",) * 4 + ("b",) * 5
    assert pages[3].front_page == 3 and not pages[3].marks() and pages[2].marks()
    front, back = pages[2].placements(), pages[3].placements()
    width = pages[2].grid.paper[0]
    for (_piece, (x, y, w, _h)), (name, (bx, by, _bw, _bh)) in zip(front, back):
        assert name == "back" and abs(bx - (width - x - w)) < 1e-9 and by == y


def test_tts_sheets_hold_69_cards_and_stay_within_4096_px():
    assert [len(s) for s in PR.tts_sheets([str(i) for i in range(140)])] == [69, 69, 2]
    assert PR.tts_cell((750, 1050)) == (409, 573)          # 4090 × 4011 px
    assert PR.tts_cell((100, 140)) == (100, 140)


def test_unknown_paper_and_too_big_a_piece():
    with pytest.raises(PirateTableError, match="unknown paper"):
        PR.grid_for("a3", PR.POKER_MM)
    with pytest.raises(PirateTableError, match="does not fit"):
        PR.grid_for("a4", (200.0, 280.0))


def test_what_the_shipped_games_print():
    from piratetable.config.loader import load_config
    from piratetable.engine.registry import game_class

    def deck(gid, variant=None):
        return PR.print_deck(game_class(gid)(load_config(gid, variant) if variant else load_config(gid)))
    pk = deck("piraten_kapern")
    assert pk.section("card").total == 41 and pk.section("die").total == 8 * 6
    assert pk.section("die").pieces()[:7] == ["skull", "monkey", "parrot", "saber", "coin", "diamond", "skull"]
    piratz = deck("piratz")
    marked = [i.id for i in piratz.section("card").items if i.mark == "3+"]
    assert marked == ["x-ring", "x-coin", "x-pearl", "x-crown", "x-goblet", "x-necklace"]   # two_player: false
    assert [(i.id, i.count) for i in piratz.section("token").items] == [(f"cube:{v}", 3) for v in (1, 2, 3, 4)]
    assert deck("petrangola").section("card").size_mm == PR.ITALIAN_MM
    assert deck("pirataki").section("card").total == 55
