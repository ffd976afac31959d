"""The table scene's panels, each drawn in the room the scene's layout gives it: the header (the game's name and
its status), the tips line, the hint and odds rows, the status line, the action bar's question and the log.

A panel draws what it is handed and keeps only what its drawing needs between frames (its caches, where its
text was cut, where its lines were drawn); what to say comes from the scene and its match driver
(`ui/driver.py`). Sizes follow `Metrics`: `px` grows with the window and the text scale, `pc` (the chrome: header,
rows under the felt, action bar) half as much as the text scale above 100 %, `fs` is a print size."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _, ngettext
from ...table.standard import kind_name
from .. import art
from .. import palette as P
from ..keys import TABLE_KEYS
from ..text import TextCache, font

INSIGHT_PRINT = 12     # px: the hint and odds rows never print smaller
BUTTON_PRINT = 13      # px: the action buttons' labels print smaller than asked to fit, never smaller than this


def line_step(size: int) -> int:
    """The distance between two lines of print `size`."""
    return int(size * 1.25)


@dataclass(frozen=True)
class Metrics:
    """The text cache and the scale factors of the table's layout (see the module)."""
    text: TextCache
    k: float
    kc: float

    def px(self, n: float) -> int:
        return int(round(n * self.k))

    def pc(self, n: float) -> int:
        return int(round(n * self.kc))

    def fs(self, size: int) -> int:
        return max(9, int(round(size * self.k)))


def hanging(t, text: str, size: int, first: int, rest: int) -> list[str]:
    """`text` in lines of print `size`: the first `first` px wide, the others `rest` (a badge hangs before it)."""
    head = t.wrap(text, size, first)
    if len(head) <= 1:
        return head
    return [head[0]] + t.wrap(text[len(head[0]):].lstrip(" "), size, rest) if text.startswith(head[0]) else \
        t.wrap(text, size, min(first, rest))


STATUS_PRINT = 16      # the status line's print at 100 % (`Metrics.fs`)


def status_height(m: Metrics, scale: float) -> int:
    """The status row's height at the text scale `scale`: its usual room, and above 100 % at least two lines at
    the print a line has at 100 % (so that a line too long for one line at a larger scale never prints smaller
    than at 100 %)."""
    usual = m.pc(34)
    if scale <= 1:
        return usual
    least = max(9, round(STATUS_PRINT * m.k / scale))
    return max(usual, line_step(least) + font(least).get_height() + 2)


def blit_fitted(surface, m: Metrics, text: str, r: pygame.Rect, bold: bool = False) -> None:
    """One line at the usual size; when it is longer, two lines in smaller print (the largest for which two
    lines fit the row's height); the rest cut with "…"."""
    t = m.text
    width = r.width - 20
    one = size = m.fs(STATUS_PRINT)
    lines = t.wrap(text, size, width, bold, passing=True)
    if len(lines) > 1:
        for size in range(one - 1, min(m.fs(13), 11) - 1, -1):
            if line_step(size) + font(size, bold).get_height() <= r.height:
                break
        lines = t.wrap(text, size, width, bold, passing=True)
        if len(lines) > 2:
            lines = [lines[0], t.ellipsize(" ".join(lines[1:]), size, width, bold)]
    step = line_step(size)
    y = r.centery - (step * (len(lines) - 1) + font(size, bold).get_height()) // 2
    for line in lines:           # a status or a message: it changes with every move
        surface.blit(t.render_passing(line, size, P.CREAM, bold), (r.x + 10, y))
        y += step


def draw_cut_tip(surface, m: Metrics, cuts: list[tuple[pygame.Rect, str]], width: int, painters) -> None:
    """A status or a tip cut for want of room (`cuts`: where it was drawn, its whole text) shows whole while the
    mouse rests on it."""
    pos = pygame.mouse.get_pos()
    if not pygame.mouse.get_focused():
        return
    cut = next((text for rect, text in cuts if text and rect.collidepoint(pos)), "")
    if not cut:
        return
    from ..table.elements import Look, draw_tooltip
    lines = m.text.wrap(cut, m.fs(14), width // 2)
    draw_tooltip(Look(surface, painters, m.k, 0), "\n".join(lines), pos, surface.get_rect())


# --- the header ---------------------------------------------------------------------------------------------
class Header:
    """The game's name, then the variant and the status (the target, the hand, the round) in the room before the
    header's buttons: on one line, else on two or three in smaller print, the name smaller too if need be."""

    def __init__(self) -> None:
        self.cut = ""                               # the status when it is cut for want of room (whole on hover)
        self.text_rect = pygame.Rect(0, 0, 0, 0)    # where the status is drawn

    def _fit(self, m: Metrics, name: str, text: str, right: int, height: int):
        t = m.text
        title_size = m.fs(26)
        for title_size, size, most in ((m.fs(26), m.fs(16), 1), (m.fs(26), m.fs(14), 2),
                                       (m.fs(22), max(12, m.fs(13)), 2), (m.fs(20), 12, 3)):
            room = right - 30 - t.width(name, title_size, True)
            lines = t.wrap(text, size, room, passing=True) if text and room > 40 else []
            if len(lines) <= most and (len(lines) - 1) * line_step(size) + font(size).get_height() <= height:
                return title_size, size, lines, room
        # no room left (a very long status in a narrow window): cut, whole on hover
        size, room = 12, max(0, right - 30 - t.width(name, title_size, True))
        lines = t.wrap(text, size, room, passing=True) if room > 40 else []
        most = max(1, (height - font(size).get_height()) // line_step(size) + 1)
        if len(lines) > most:
            lines = lines[:most - 1] + [t.ellipsize(" ".join(lines[most - 1:]), size, room)]
        self.cut = text
        return title_size, size, lines, room

    def draw(self, surface, m: Metrics, r: pygame.Rect, name: str, table, right: int, note: str = "") -> None:
        """`r`: the header's room; `table`: the table shown (its subtitle and status); `right`: where its buttons
        start; `note`: a word after the status (that the config's file changed since the game began)."""
        t = m.text
        text = "  ·  ".join(x for x in ((table.subtitle, table.status) if table is not None else ()) + (note,) if x)
        self.cut = ""
        title_size, size, lines, room = self._fit(m, name, text, right - 16, r.height - m.px(4))
        title = t.render(name, title_size, P.GOLD_LIGHT, True)
        surface.blit(title, (16, (r.height - title.get_height()) // 2 + m.px(3)))
        x = 30 + title.get_width()
        y = (r.height - (len(lines) - 1) * line_step(size) - font(size).get_height()) // 2 + m.px(3)
        for line in lines:       # the status: it changes with every move
            surface.blit(t.render_passing(line, size, P.MUTED), (x, y))
            y += line_step(size)
        self.text_rect = pygame.Rect(x, 0, room, r.height)


# --- the tips line ------------------------------------------------------------------------------------------
def coach_text(driver, r: pygame.Rect) -> str:
    """The tip shown now in the room `r` ("" when none): the table's coach line, on the turn of a person who wants
    tips, once the move before is shown."""
    renderer = driver.renderer
    table = renderer.table
    if not driver.coach_shown or r.height < 10 or table is None or not driver.my_turn or renderer.busy():
        return ""
    return table.coach or ""


class Coach:
    """The tips line (first games): a "Tip" badge and what this decision is about, in the room of its row."""

    def __init__(self) -> None:
        self.cut = ""        # the tip when it is cut for want of room (whole on hover)

    def fit(self, m: Metrics, r: pygame.Rect, text: str) -> tuple[int, int, int, list[str]]:
        """(print, badge print, badge width, lines) of the tip in its row: its first line after the "Tip" badge,
        the next ones under it, the row's whole width. The largest print from the usual one down to
        INSIGHT_PRINT at which the whole tip fits the lines the row holds at that print; else, at INSIGHT_PRINT,
        its last line cut with "…" (`cut`: the whole tip shows on hover)."""
        t = m.text
        badge = TABLE_KEYS.badge("coach")
        full = r.width - 20
        height = r.height - 4
        self.cut = ""
        for size in range(max(INSIGHT_PRINT, m.fs(15)), INSIGHT_PRINT - 1, -1):
            badge_size = min(size, max(INSIGHT_PRINT, m.fs(14)))
            badge_w = t.width(badge, badge_size, True) + 14
            lines = hanging(t, text, size, full - badge_w, full)
            most = max(1, 1 + (height - font(size).get_height()) // line_step(size))
            if len(lines) <= most:
                return size, badge_size, badge_w, lines
        lines = lines[:most - 1] + [t.ellipsize(" ".join(lines[most - 1:]), size, full if most > 1 else
                                                 full - badge_w)]
        self.cut = text
        return size, badge_size, badge_w, lines

    def draw(self, surface, m: Metrics, r: pygame.Rect, text: str) -> None:
        self.cut = ""
        if not text:
            return
        t = m.text
        art.panel(surface, r, fill=(46, 40, 22), edge=P.GOLD, radius=8)
        size, badge_size, badge_w, lines = self.fit(m, r, text)
        y = r.y + 2 + (r.height - 4 - (len(lines) - 1) * line_step(size) - font(size).get_height()) // 2
        lift = font(size).get_ascent() - font(badge_size, True).get_ascent()    # the badge on the line's baseline
        surface.blit(t.render(TABLE_KEYS.badge("coach"), badge_size, P.GOLD_LIGHT, True), (r.x + 10, y + lift))
        for i, line in enumerate(lines):
            surface.blit(t.render(line, size, P.CREAM), (r.x + 10 + (badge_w if i == 0 else 0), y))
            y += line_step(size)


# --- the hint and odds rows ---------------------------------------------------------------------------------
def insight_height(m: Metrics, width: int) -> int:
    """The room of the hint and odds rows (`width` px wide): five lines of the smallest print they use
    (INSIGHT_PRINT), six in a narrow window, more with the size — the same whether they show or not."""
    lines = 5 if width >= 760 else 6
    return max(m.pc(64), (lines - 2) * line_step(INSIGHT_PRINT) + 2 * font(INSIGHT_PRINT).get_height() +
               m.pc(6) + 14)


def insight_rows(driver) -> list[tuple[str, str, bool]]:
    """The rows under the felt: (badge, text, muted). A row that is off says what its key does."""
    hint = driver.hint_line() if driver.hint_for is not None else ""
    odds = (driver.odds_line() or "—") if driver._odds_on() else ""
    return [(TABLE_KEYS.badge("hint"), hint or TABLE_KEYS.help("hint"), not hint),
            (TABLE_KEYS.badge("odds"), odds or _("Off"), not odds)]


class InsightBox:
    """The insight rows: the hint (H) and the odds (O), each with its badge, in the room kept for them."""

    def __init__(self) -> None:
        self._fit_key: tuple | None = None
        self._fit: tuple = ()

    def fit(self, m: Metrics, r: pygame.Rect, rows: list[tuple[str, str, bool]]) -> tuple[int, int, list[list[str]]]:
        """(print size, badge width, each row's lines): the largest print from the usual one down to
        INSIGHT_PRINT at which every row fits the rows' room whole. A row's first line starts after its badge (in
        bold, no larger than the row's print), the next ones under it. Only a text far longer than any hint or odds
        line is cut (with "…")."""
        t = m.text
        full = r.width - 20
        key = (tuple(rows), r.size, m.k)
        if key == self._fit_key:
            return self._fit
        height = r.height - 10
        lines: list[list[str]] = []
        for size in range(max(INSIGHT_PRINT, m.fs(15)), INSIGHT_PRINT - 1, -1):
            badge_w = max(t.width(b, min(size, max(INSIGHT_PRINT, m.fs(14))), True) for b, _x, _m in rows) + 14
            lines = [hanging(t, text, size, full - badge_w, full) for _b, text, _m in rows]
            if self._rows_height(m, lines, size) <= height:
                break
        else:   # cut the longest row until they fit
            size = INSIGHT_PRINT
            while self._rows_height(m, lines, size) > height and max(len(x) for x in lines) > 1:
                long = max(lines, key=len)
                long[-2:] = [t.ellipsize(" ".join(long[-2:]), size, full)]
        self._fit_key, self._fit = key, (size, badge_w, lines)
        return self._fit

    @staticmethod
    def _rows_height(m: Metrics, lines: list[list[str]], size: int) -> int:
        return sum(len(x) - 1 for x in lines) * line_step(size) + len(lines) * font(size).get_height() + \
            (len(lines) - 1) * m.pc(6)

    def draw(self, surface, m: Metrics, r: pygame.Rect, rows: list[tuple[str, str, bool]]) -> None:
        t = m.text
        art.panel(surface, r, fill=(26, 40, 34), edge=P.PANEL_EDGE, radius=8)
        size, badge_w, lines = self.fit(m, r, rows)
        badge_size = min(size, max(INSIGHT_PRINT, m.fs(14)))
        y = r.y + 5 + (r.height - 10 - self._rows_height(m, lines, size)) // 2
        lift = font(size).get_ascent() - font(badge_size, True).get_ascent()    # the badge on the line's baseline
        for (badge, _text, muted), row in zip(rows, lines):
            img = t.render(badge, badge_size, P.MUTED if muted else P.GOLD_LIGHT, True)
            surface.blit(img, (r.x + 10, y + lift))
            for i, line in enumerate(row):
                surface.blit(t.render(line, size, P.MUTED if muted else P.CREAM),
                             (r.x + 10 + (badge_w if i == 0 else 0), y))
                y += line_step(size) if i < len(row) - 1 else font(size).get_height()
            y += m.pc(6)


# --- the status line ----------------------------------------------------------------------------------------
def status_text(driver, table, review: bool) -> str:
    """What the status line says: the move being shown, the hand-over, whose turn it is and what to do."""
    renderer, names, cur = driver.renderer, driver.names, driver.match.current
    shown = renderer.displayed
    if renderer.busy() and shown is not None:
        # a move is still being shown: the line names the seat that made it (the last stages show the new
        # table, whose score card already marks the next seat)
        turn = renderer.mover
        if turn is None:
            turn = next((r.seat for r in shown.score.rows if r.marker == "turn"), None)
        who = names[turn] if turn is not None else ""
        return _("Showing {name}'s move… (a click or a key skips)").format(name=who) if who else \
            _("Showing the last move… (a click or a key skips)")
    if driver.handing_to is not None:
        name = names[driver.handing_to]
        return _("Your move is done. Pass the screen to {name}: press {key} when {name} is ready.").format(
            name=name, key=TABLE_KEYS.key("handover"))
    if review:
        return _("The final table, as the game ended. {key}: back to the results.").format(
            key=TABLE_KEYS.key("results"))
    if driver.bot_error:
        return driver.bot_error
    if cur is None:
        return _("Game over.")
    if driver.my_turn:
        return _("{name}, your move.").format(name=names[cur]) + " " + (table.hint if table else "")
    who = kind_name(driver.match.seats[cur].bot)
    return _("{name} ({who}) is playing…").format(name=names[cur], who=who)


def draw_status(surface, m: Metrics, r: pygame.Rect, message, text: str) -> None:
    """The status line, or a passing message (text, error, until) in its place."""
    if message:
        said, error, _t = message
        art.panel(surface, r, fill=(92, 30, 26) if error else (30, 50, 64), edge=P.RED_LIGHT if error
                  else P.PANEL_EDGE, radius=8)
        blit_fitted(surface, m, ("(!) " if error else "") + said, r, error)
        return
    blit_fitted(surface, m, text, r)


# --- the action bar's question ------------------------------------------------------------------------------
def question_lines(m: Metrics, question: str, asked: int, width: int, height: int) -> tuple[int, list[str]]:
    """(print, lines) of the bar's question in `width` px: the print `asked` if it fits on two lines in the
    bar's `height`, else the largest smaller one that does (never under BUTTON_PRINT; there, cut with "…")."""
    t = m.text
    lines: list[str] = []
    width = max(10, width)
    size = asked
    for size in range(asked, min(asked, BUTTON_PRINT) - 1, -1):
        lines = [x.strip() for x in t.wrap(question, size, width, True)]
        if len(lines) <= 2 and (len(lines) - 1) * line_step(size) + font(size, True).get_height() <= height:
            return size, lines
    return size, [lines[0], t.ellipsize(" ".join(lines[1:]), size, width, True)]


def draw_question(surface, m: Metrics, r: pygame.Rect, question: str, asked: int) -> int:
    """A question the table puts to the person whose turn it is (Petrangola's rebuy), in the action bar's room
    `r` after its buttons, in their print `asked` (two lines if need be; smaller only where it would not fit, never
    under BUTTON_PRINT). Returns the print it was drawn in."""
    t = m.text
    size, lines = question_lines(m, question, asked, r.width, r.height)
    y = r.centery - ((len(lines) - 1) * line_step(size) + font(size, True).get_height()) // 2
    for line in lines:
        surface.blit(t.render(line, size, P.GOLD_LIGHT, True), (r.x, y))
        y += line_step(size)
    return size


# --- the log ------------------------------------------------------------------------------------------------
def _log_line(t, line: str, size: int, room: int) -> tuple[pygame.Surface, ...]:
    """A line of the log, wrapped to `room` px, its first row marked with a bullet: drawn apart from the text
    store (the log keeps the rows it shows, `LogPanel.wrap_cache`; a line gone from view is not asked again)."""
    return tuple(t.render_apart(("• " if i == 0 else "   ") + p, size, P.CREAM)
                 for i, p in enumerate(t.wrap(line, size, room, passing=True)))


class LogPanel:
    """The log of the seat at the screen (the whole table's while the screen is passed on), newest at the bottom;
    a bot's entry marked (?) where its reasons may show, its reason under it once opened. While the pointer is over
    the log its lines stay put (`pin`): new moves wait, counted in its heading, until the pointer leaves or the
    player scrolls."""

    def __init__(self, driver) -> None:
        self.driver = driver
        self.key: tuple | None = None          # what the rows were made for (None: make them again)
        self.rows: list[tuple[pygame.Surface, int]] = []
        self.whys = False                      # a bot's entry marked (?) is among the log's lines
        self.pin: int | None = None            # while the pointer is over the log: the moves it shows
        self.new_rect: pygame.Rect | None = None   # the "n new moves" marker (a click shows them)
        self.hits: list[tuple[pygame.Rect, int]] = []
        # its lines drawn, by (text, width, scale): those of the last drawing only (what the log shows, about 40
        # lines), each drawn again only when it comes back into view
        self.wrap_cache: dict[tuple, tuple[pygame.Surface, ...]] = {}

    def index_at(self, pos) -> int | None:
        """The move whose line is at `pos`."""
        return next((index for rect, index in self.hits if rect.collidepoint(pos)), None)

    def pin_to(self, pointer_on: bool) -> bool:
        """Pin the lines while the pointer is over the log (never past the record after an undo); True when that
        changed what shows."""
        moves = self.driver.match.moves
        if not pointer_on:
            changed, self.pin = self.pin is not None, None
            return changed
        if self.pin is None or self.pin > moves:
            self.pin = moves
            return True
        return False

    def show_new_lines(self) -> None:
        """The wheel over the log, or a click on its marker: the newest lines (still pinned there while the
        pointer is over it)."""
        self.pin = self.driver.match.moves if self.pin is not None else None

    def _line_rows(self, m: Metrics, r: pygame.Rect, line: str, index: int, indent: int, kept: dict) -> list:
        t, d = m.text, self.driver
        why = d.why_allowed and d.bot_move(index)
        shown = line + "  (?)" if why else line
        key = (shown, r.width, m.k)
        wrapped = kept[key] = self.wrap_cache.get(key) or _log_line(t, shown, m.fs(14), r.width - 24 - indent)
        rows = [(img, index) for img in wrapped]
        if why and index in d.why_open:
            text = d.why_text(index)
            if text:
                for p in t.wrap(text, m.fs(13), r.width - 24 - 2 * indent):
                    rows.append((t.render("   " + p, m.fs(13), P.GOLD_LIGHT), index))
        return rows

    def _make_rows(self, m: Metrics, r: pygame.Rect, upto: int, waiting: int) -> None:
        d = self.driver
        lines = d.match.log(d.log_seat, last=40 + waiting)
        lines = lines[:len(lines) - waiting]
        first = upto - len(lines)
        indent = max(m.text.width("• ", m.fs(14)), m.text.width("   ", m.fs(14)))
        kept: dict = {}
        self.rows = [row for n, line in enumerate(lines)
                     for row in self._line_rows(m, r, line, first + n, indent, kept)]
        self.wrap_cache = kept
        self.whys = any(d.why_allowed and d.bot_move(first + n) for n in range(len(lines)))

    def _draw_note(self, surface, m: Metrics, r: pygame.Rect, waiting: int) -> None:
        """In the heading, where no line of the log moves for it: the count of new moves waiting, or how to see a
        bot's reasons."""
        t = m.text
        note_x = r.x + 24 + t.width(_("Log"), m.fs(16), True)
        room = r.right - 16 - note_x
        self.new_rect = None
        if waiting:
            text = t.ellipsize(ngettext("{n} new move ↓ (scroll to see it)", "{n} new moves ↓ (scroll to see them)",
                                        waiting).format(n=waiting), m.fs(13), room - 16, True)
            img = t.render(text, m.fs(13), P.CREAM, True)
            pill = pygame.Rect(note_x - 4, r.y + m.px(7), img.get_width() + 16, img.get_height() + 6)
            art.panel(surface, pill, fill=(92, 64, 24), edge=P.GOLD, radius=pill.height // 2)
            surface.blit(img, (pill.x + 8, pill.y + 3))
            self.new_rect = pill
        elif self.whys:
            note = t.ellipsize(_("click a bot's move (?) to see why"), m.fs(12), room)
            surface.blit(t.render(note, m.fs(12), P.MUTED), (note_x, r.y + m.px(11)))

    def draw(self, surface, m: Metrics, r: pygame.Rect) -> None:
        if r.height < 60:
            return
        d = self.driver
        art.panel(surface, r, fill=(18, 28, 36), edge=P.PANEL_EDGE, radius=10)
        surface.blit(m.text.render(_("Log"), m.fs(16), P.GOLD, True), (r.x + 12, r.y + m.px(8)))
        pending = d.why_pending()
        upto = d.match.moves if self.pin is None else min(self.pin, d.match.moves)
        waiting = d.match.moves - upto     # new moves held back while the pointer is over the log
        key = (d.match.moves, upto, d.log_seat, r.width, m.k, frozenset(d.why_open),
               len(d.explained) if d.why_allowed else -1, pending, d.match.over)
        if key != self.key or pending:
            self.key = key
            self._make_rows(m, r, upto, waiting)
        self._draw_note(surface, m, r, waiting)
        y = r.bottom - 10
        top = r.y + m.px(34)
        hits = []
        for img, index in reversed(self.rows):
            y -= img.get_height()
            if y < top:
                break
            surface.blit(img, (r.x + 10, y))
            hits.append((pygame.Rect(r.x + 4, y, r.width - 8, img.get_height()), index))
        self.hits = hits
