"""What the Workshop scene (`ui/scenes/workshop.py`) draws: the deck as the table draws it with each card's count,
the fields of the config (steppers, toggles, lists) with what changed and the validator's messages, and the
results of Measure (bars with their intervals). The model is `config/workshop.py`; nothing here changes it: a
click is handed back as a `Hit` (the field and what the click asks: − + or the next choice)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..config.workshop import Field, Workshop
from ..i18n import _, ngettext, number, percent
from ..table.standard import level_name
from . import art
from . import palette as P

CHANGED = "*"          # a changed value's mark (beside its colour: never colour alone)
PROBLEM = "⚠"


@dataclass(frozen=True)
class Hit:
    """A place to click: `rect`, the field, and what it does (`-`, `+`, `next`, `select`)."""

    rect: pygame.Rect
    field: Field | None
    action: str
    tip: str = ""


# --- words ---------------------------------------------------------------------------------------------------
def group_title(group: str) -> str:
    """A group's heading: the config's sections in words (the top-level values together: "Values")."""
    titles = {"players": _("Seats"), "rules": _("Options"), "cards": _("Cards"), "bots": _("Bots"),
              "dice": _("Dice"), "scoring": _("Scoring"), "deck": _("Deck"), "cubes": _("Cubes"),
              "colours": _("Colours"), "": _("Values")}
    return titles.get(group) or group.replace("_", " ").capitalize()


def item_label(key: str, n: int) -> str:
    """The n-th item of a plain list (a die's face, a scoring cube)."""
    items = {"faces": _("face {n}"), "cubes": _("cube {n}")}
    return items[key].format(n=n) if key in items else f"{key.replace('_', ' ')} {n}"


def label_of(field: Field) -> str:
    """A field's name on the screen: the entry's name (a card's, as the game shows it) and the key's description
    from the schema."""
    if isinstance(field.path[-1], int):      # an item of a plain list: the list's key and its place
        what = item_label(str(field.path[-2]), field.path[-1] + 1)
    else:
        what = _(field.doc) if field.doc else field.key.replace("_", " ")
        place = [p for p in field.path[1:-1] if isinstance(p, int)]
        if place:
            what = f"{place[-1] + 1}. {what}"
    if field.entry:
        return _(field.entry) if field.is_count else f"{_(field.entry)}: {what}"
    return what


def value_text(field: Field, value, words=None) -> str:
    """A field's value in words; `words` (the game's `Narrator`) names a choice that is a die face or an item
    ("teschio" for `skull` in Italian), else a choice is the config's own word."""
    if field.kind == "bool":      # the descriptions say what "on" means and what "off" does
        return _("On") if value else _("Off")
    if field.kind == "choice":
        return words.face(str(value)) if words is not None else str(value)
    if field.is_count:
        return ngettext("{n} card", "{n} cards", int(value)).format(n=number(int(value)))
    if field.kind == "number":   # as many decimals as it has (at most 3)
        return number(value, next((d for d in range(4) if abs(value * 10 ** d - round(value * 10 ** d)) < 1e-9), 3))
    return number(value)


def unit_words(unit: str) -> str:
    """A game's length unit in words (the lab's `stage_kind` plural: trips, rounds, hands; turns; actions)."""
    return {"trips": _("trips"), "rounds": _("rounds"), "hands": _("hands"), "turns": _("turns"),
            "actions": _("moves")}.get(unit, unit)


def state_line(m: Workshop) -> str:
    """The header's line: the problems, what changed, or the file saved."""
    if not m.valid:
        return ngettext("{n} problem: the variant cannot be played until it is fixed",
                        "{n} problems: the variant cannot be played until they are fixed",
                        len(m.problems)).format(n=len(m.problems))
    changed = sum(1 for f in m.fields if m.changed(f))
    if not changed:
        return _("Nothing changed yet")
    if m.saved is not None and not m.unsaved:
        return _("Saved as {file}").format(file=m.saved.name)
    return ngettext("{n} value changed (*), not saved", "{n} values changed (*), not saved", changed).format(
        n=changed)


# --- the deck --------------------------------------------------------------------------------------------------
def deck_items(game) -> list[tuple[str, int]]:
    """The cards of the variant as the print-and-play sheets list them, one entry per card (its copies counted
    together: Piratz's `ring-2#1`, `ring-2#2` are `ring-2` twice)."""
    from ..lab.printing import print_deck
    section = print_deck(game).section("card")
    out: dict[str, int] = {}
    for item in section.items if section is not None else ():
        base = item.id.split("#")[0]
        out[base] = out.get(base, 0) + item.count
    return list(out.items())


def card_size(n: int, room: pygame.Rect, ratio: float, label: int) -> tuple[int, int, int]:
    """The largest card width (and the columns) at which `n` cards with a `label` line under each fit `room`."""
    for w in range(min(120, room.width), 17, -2):
        h = round(w * ratio)
        cols = max(1, (room.width + 8) // (w + 8))
        rows = -(-n // cols)
        if rows * (h + label + 10) <= room.height:
            return w, h, cols
    return 18, round(18 * ratio), max(1, (room.width + 8) // 26)


def draw_deck(surface, rect: pygame.Rect, game, painters, model: Workshop, text, k: float) -> list[Hit]:
    """The deck in `rect`: every card drawn with its count under it (a changed count marked and in gold)."""
    items = deck_items(game)
    counts = {f.path[1]: f for f in model.fields if f.is_count}
    size = max(11, round(13 * k))
    w, h, cols = card_size(len(items), rect, painters.card_ratio, size + 4)
    hits = []
    for i, (card, copies) in enumerate(items):
        x = rect.x + (i % cols) * (w + 8)
        y = rect.y + (i // cols) * (h + size + 14)
        face = painters.card_face(card, (w, h))
        surface.blit(face, (x, y))
        field = counts.get(card)
        changed = field is not None and model.changed(field)
        words = f"×{copies}" + (f" {CHANGED}" if changed else "")
        img = text.render(text.ellipsize(words, size, w + 6), size, P.GOLD_LIGHT if changed else P.CREAM, changed)
        surface.blit(img, img.get_rect(midtop=(x + w // 2, y + h + 3)))
        name = game.words().card(card)
        hits.append(Hit(pygame.Rect(x, y, w, h + size + 6), field, "select",
                        f"{name}: {ngettext('{n} card', '{n} cards', copies).format(n=number(copies))}"))
    return hits


# --- the fields ------------------------------------------------------------------------------------------------
class FieldList:
    """The fields as rows under their groups' headings, scrolled so that the chosen one shows."""

    def __init__(self, model: Workshop):
        self.model = model
        self.top = 0                     # the first row shown
        self.chosen = 0                  # the field chosen (an index of model.fields)
        self.words = None                # the game's Narrator, naming the choices' values (set by `draw`)

    def rows(self) -> list[tuple[str, Field | None, str]]:
        out: list[tuple[str, Field | None, str]] = []
        group = None
        for f in self.model.fields:
            if f.group != group:
                group = f.group
                out.append(("head", None, group_title(group)))
            out.append(("field", f, ""))
            out += [("problem", f, m) for m in self.model.problems_of(f)]
        return out

    def choose(self, step: int) -> Field:
        self.chosen = max(0, min(len(self.model.fields) - 1, self.chosen + step))
        return self.model.fields[self.chosen]

    @property
    def field(self) -> Field:
        return self.model.fields[self.chosen]

    def draw(self, surface, rect: pygame.Rect, text, k: float, words=None) -> list[Hit]:
        """The rows in `rect`; `words` (the game's `Narrator`) names the choices' values (`value_text`)."""
        self.words = words
        art.panel(surface, rect, fill=(20, 30, 40))
        row_h = round(30 * k)
        size = max(12, round(15 * k))
        inner = rect.inflate(-20, -12)
        rows = self.rows()
        shown = max(1, inner.height // row_h)
        at = next(i for i, r in enumerate(rows) if r[1] is self.field and r[0] == "field")
        if at < self.top:
            self.top = max(0, at - 1)
        elif at >= self.top + shown - 1:
            self.top = at - shown + 2
        self.top = max(0, min(self.top, max(0, len(rows) - shown)))
        ctl_w = round(190 * k)
        hits = []
        y = inner.y
        for kind, field, words in rows[self.top:self.top + shown]:
            if kind == "head":
                img = text.render(text.ellipsize(words, size, inner.width, True), size, P.GOLD_LIGHT, True)
                surface.blit(img, (inner.x, y + (row_h - img.get_height()) // 2))
            elif kind == "problem":
                line = f"{PROBLEM} {words}"
                img = text.render(text.ellipsize(line, size - 1, inner.width - 20), size - 1, P.RED_LIGHT)
                surface.blit(img, (inner.x + 20, y + (row_h - img.get_height()) // 2))
            else:
                assert field is not None
                hits += self._row(surface, pygame.Rect(inner.x, y, inner.width, row_h), field, text, size, ctl_w)
            y += row_h
        if len(rows) > shown:        # where the list is: a thin bar at the right
            bar = pygame.Rect(rect.right - 7, rect.y + 6, 4, rect.height - 12)
            pygame.draw.rect(surface, P.PANEL_EDGE, bar, border_radius=2)
            lo = bar.y + bar.height * self.top // len(rows)
            hi = bar.y + bar.height * min(len(rows), self.top + shown) // len(rows)
            pygame.draw.rect(surface, P.GOLD, (bar.x, lo, bar.width, max(6, hi - lo)), border_radius=2)
        return hits

    def _row(self, surface, row: pygame.Rect, field: Field, text, size: int, ctl_w: int) -> list[Hit]:
        model = self.model
        chosen = field is self.field
        changed = model.changed(field)
        if chosen:
            pygame.draw.rect(surface, (44, 62, 74), row.inflate(8, 0), border_radius=6)
            pygame.draw.rect(surface, P.GOLD_LIGHT, row.inflate(8, 0), 2, border_radius=6)
        mark = f"{CHANGED} " if changed else ""
        label_w = row.width - ctl_w - 12
        colour = P.GOLD_LIGHT if changed else P.CREAM
        label = text.ellipsize(mark + label_of(field), size, label_w)
        img = text.render(label, size, colour)
        surface.blit(img, (row.x + 4, row.centery - img.get_height() // 2))
        tip = label_of(field) if changed or label != mark + label_of(field) else ""   # (only where it says more)
        if changed:
            tip += "  (" + _("was {value}").format(value=value_text(field, model.base_value(field), self.words)) + ")"
        hits = [Hit(pygame.Rect(row.x, row.y, label_w, row.height), field, "select", tip)]
        ctl = pygame.Rect(row.right - ctl_w, row.y + 2, ctl_w, row.height - 4)
        value = value_text(field, model.value(field), self.words)
        if field.kind in ("int", "number"):
            minus, plus = (pygame.Rect(ctl.x, ctl.y, ctl.height, ctl.height),
                           pygame.Rect(ctl.right - ctl.height, ctl.y, ctl.height, ctl.height))
            for box, sign, end in ((minus, "−", field.low), (plus, "+", field.high)):
                off = end is not None and model.value(field) == end
                art.panel(surface, box, fill=(34, 48, 58) if off else (52, 72, 86), radius=5, width=1)
                img = text.render(sign, size + 2, P.MUTED if off else P.CREAM, True)
                surface.blit(img, img.get_rect(center=box.center))
            hits += [Hit(minus, field, "-", _("less")), Hit(plus, field, "+", _("more"))]
            middle = pygame.Rect(minus.right + 4, ctl.y, plus.x - minus.right - 8, ctl.height)
        else:
            art.panel(surface, ctl, fill=(52, 72, 86), radius=5, width=1)
            hits.append(Hit(ctl, field, "next", _("click to change")))
            middle = ctl.inflate(-12, 0)
            if field.kind == "choice":
                value = f"‹ {value} ›"
        img = text.render(text.ellipsize(value, size, middle.width, changed), size, colour, changed)
        surface.blit(img, img.get_rect(center=middle.center))
        return hits


# --- Measure -----------------------------------------------------------------------------------------------
def draw_measure(surface, rect: pygame.Rect, job, text, k: float, unit_words) -> None:
    """Measure's panel: the progress while it plays, then each seat's win share in the variant and in the base
    (bars with their 95% intervals as whiskers, the numbers written), the difference, and the game length."""
    art.panel(surface, rect, fill=(20, 30, 40))
    size = max(12, round(15 * k))
    inner = rect.inflate(-28, -20)
    y = inner.y
    if job is None:
        words = _("Bots play your variant and the one it is compared with, on the same seeds, and each seat's share "
                  "of the wins is compared. Start when ready.")
        for line in text.wrap(words, size, inner.width)[:6]:
            surface.blit(text.render(line, size, P.MUTED), (inner.x, y))
            y += size + 6
        return
    if job.state == "running":
        bar = pygame.Rect(inner.x, y, inner.width, round(22 * k))
        pygame.draw.rect(surface, (34, 48, 58), bar, border_radius=6)
        pygame.draw.rect(surface, P.GOLD, (bar.x, bar.y, round(bar.width * job.fraction), bar.height),
                         border_radius=6)
        words = _("{done} of {total} games played").format(done=number(job.done), total=number(job.total))
        img = text.render(text.ellipsize(words, size, inner.width), size, P.CREAM)
        surface.blit(img, (inner.x, bar.bottom + 8))
        return
    if job.result is None:
        words = _("Measure was cancelled.") if job.state == "cancelled" else \
            _("Measure failed: {problem}").format(problem=job.problem)
        for line in text.wrap(words, size, inner.width)[:4]:
            surface.blit(text.render(line, size, P.CREAM), (inner.x, y))
            y += size + 6
        return
    r = job.result
    head = ngettext("{n} game on each config, every seat a bot ({level})",
                    "{n} games on each config, every seat a bot ({level})", r.games).format(n=number(r.games),
                                                                                         level=level_name(r.level))
    img = text.render(text.ellipsize(head, size, inner.width), size, P.CREAM)
    surface.blit(img, (inner.x, y))
    y += size + round(10 * k)
    label_w = round(150 * k)
    numbers_w = round(210 * k)
    chart = pygame.Rect(inner.x + label_w, y, inner.width - label_w - numbers_w, 0)
    top = max(0.5, max(max(s.share.high, s.base.high) for s in r.seats))
    bar_h = max(8, round(12 * k))
    for s in r.seats:
        name = _("Seat {n}").format(n=s.seat + 1)
        img = text.render(text.ellipsize(name, size, label_w - 8), size, P.CREAM)
        surface.blit(img, (inner.x, y + bar_h - img.get_height() // 2))
        for j, (share, colour, words) in enumerate(((s.share, P.GOLD, _("variant")), (s.base, P.BLUE, _("base")))):
            by = y + j * (bar_h + 3)
            _bar(surface, chart.x, by, chart.width, bar_h, share, top, colour)
            line = f"{words} {percent(share.value)} [{percent(share.low)}–{percent(share.high)}]"
            small = max(11, size - 2)
            img = text.render(text.ellipsize(line, small, numbers_w - 8), small, colour if j == 0 else P.MUTED)
            surface.blit(img, (chart.right + 8, by + bar_h // 2 - img.get_height() // 2))
        even_x = chart.x + round(chart.width * r.even / top)
        pygame.draw.line(surface, P.MUTED, (even_x, y - 2), (even_x, y + 2 * bar_h + 5), 1)
        y += 2 * bar_h + 3
        diff = _("difference {diff} [{low} to {high}]").format(diff=_signed_percent(s.diff.value),
                                                              low=_signed_percent(s.diff.low),
                                                              high=_signed_percent(s.diff.high))
        if s.significant:
            diff += "  " + _("(significant)")
        small = max(11, size - 2)
        img = text.render(text.ellipsize(diff, small, inner.width - label_w), small,
                          P.GOLD_LIGHT if s.significant else P.MUTED)
        surface.blit(img, (chart.x, y + 2))
        y += small + round(12 * k)
        if y > inner.bottom - 3 * size:
            break
    note = _("The line marks an even share ({share}).").format(share=percent(r.even))
    img = text.render(text.ellipsize(note, max(11, size - 2), inner.width), max(11, size - 2), P.MUTED)
    surface.blit(img, (inner.x, y))
    y += size + 4
    if r.length is not None:
        unit = unit_words(r.length.unit)
        words = _("Game length: {value} {unit} (base {base}), difference {diff} [{low} to {high}]").format(
            value=number(r.length.value, 1), base=number(r.length.base, 1), unit=unit,
            diff=_signed(r.length.diff.value), low=_signed(r.length.diff.low), high=_signed(r.length.diff.high))
        if r.length.significant:
            words += "  " + _("(significant)")
        for line in text.wrap(words, size, inner.width)[:2]:
            surface.blit(text.render(line, size, P.CREAM), (inner.x, y))
            y += size + 4


def _bar(surface, x: int, y: int, width: int, h: int, share, top: float, colour) -> None:
    """A share's bar, its interval a whisker across its end."""
    pygame.draw.rect(surface, (34, 48, 58), (x, y, width, h), border_radius=3)
    pygame.draw.rect(surface, colour, (x, y, max(1, round(width * share.value / top)), h), border_radius=3)
    lo, hi = x + round(width * share.low / top), x + round(width * share.high / top)
    mid = y + h // 2
    pygame.draw.line(surface, P.WHITE, (lo, mid), (hi, mid), 2)
    pygame.draw.line(surface, P.WHITE, (lo, y + 1), (lo, y + h - 2), 2)
    pygame.draw.line(surface, P.WHITE, (hi, y + 1), (hi, y + h - 2), 2)


def _signed_percent(x: float) -> str:
    return ("+" if x > 0 else "−" if x < 0 else "±") + percent(abs(x))


def _signed(x: float) -> str:
    return ("+" if x > 0 else "−" if x < 0 else "±") + number(abs(x), 1)


def draw_tip(surface, hits: list[Hit], pos: tuple[int, int], text, k: float) -> None:
    """What the place under the pointer says (a card's count, a changed value's old value), beside the pointer."""
    hit = next((h for h in hits if h.tip and h.rect.collidepoint(pos)), None)
    if hit is None:
        return
    size = max(12, round(14 * k))
    words = text.ellipsize(hit.tip, size, surface.get_width() - 40)
    img = text.render(words, size, P.CREAM)
    box = img.get_rect(topleft=(pos[0] + 14, pos[1] + 18)).inflate(16, 10)
    box.clamp_ip(surface.get_rect())
    art.panel(surface, box, fill=(16, 24, 32), radius=6, width=1)
    surface.blit(img, img.get_rect(center=box.center))
