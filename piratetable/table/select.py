"""Picking items on a table and narrowing the legal actions to the one they mean (no pygame: tested alone).

A click picks or unpicks an item (a die, a card, a tile): its `Pick`, a typed value. The picks narrow the
table's choices: a pick that no choice could ever use is refused with the item's reason; a choice whose picks
equal the selection is *ready* and its button plays it; a choice marked `confirm=False` plays as soon as a click
completes it (when nothing bigger could still be picked). With "pairs" choices (a card of one side for a card
of the other, e.g. hand ↔ monte) two picks of different sides (kinds: `hand`, `monte`) make a pair; a pick of
the same side replaces the unpaired one.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from .model import Choice, Group, Pick, Table


@dataclass
class Outcome:
    """What a pick did: the action to play now (or None), whether the selection changed, what to say."""

    action: object = None
    changed: bool = False
    message: str = ""
    refused: bool = False


_UNSET = object()


class Selection:
    """The items picked on one table (cleared whenever the table changes)."""

    def __init__(self, table: Table | None = None):
        self.table = table
        self.picks: list[Pick] = []               # set mode: picked items in click order
        self.pairs: list[frozenset[Pick]] = []    # pairs mode: complete pairs
        self.pending: Pick | None = None          # pairs mode: a pick waiting for its partner (its side: its kind)

    # --- set-up --------------------------------------------------------------------------------------
    def reset(self, table: Table | None) -> None:
        self.table = table
        self.picks, self.pairs, self.pending = [], [], None

    @property
    def pairs_mode(self) -> bool:
        return self.table is not None and any(c.match == "pairs" for c in self.table.choices)

    @property
    def empty(self) -> bool:
        return not self.picks and not self.pairs and self.pending is None

    def items(self) -> set[Pick]:
        """Every picked item (for drawing them as chosen)."""
        out = set(self.picks)
        for pair in self.pairs:
            out |= pair
        if self.pending is not None:
            out.add(self.pending)
        return out

    # --- matching ------------------------------------------------------------------------------------
    @staticmethod
    def _pairs_of(choice: Choice) -> set[frozenset[Pick]]:
        p = choice.picks
        return {frozenset(p[i:i + 2]) for i in range(0, len(p), 2)}

    def _compatible(self, choice: Choice, picks=None, pairs=None, pending=_UNSET) -> bool:
        if choice.match == "pairs":
            pairs = self.pairs if pairs is None else pairs
            pending = self.pending if pending is _UNSET else pending
            mine = self._pairs_of(choice)
            if not set(pairs) <= mine:
                return False
            return pending is None or any(pending in pair for pair in mine - set(pairs))
        picks = set(self.picks if picks is None else picks)
        return picks <= set(choice.picks)

    def _matches(self, choice: Choice) -> bool:
        if not choice.picks:
            return True
        if choice.match == "pairs":
            return self.pending is None and set(self.pairs) == self._pairs_of(choice)
        return set(self.picks) == set(choice.picks)

    def ready(self, group: str) -> Choice | None:
        """The choice of `group` the current picks make ready (a choice with no picks is always ready)."""
        if self.table is None:
            return None
        for g in self.table.groups:
            if g.id == group and g.command:
                return None
        for choice in self.table.choices:
            if choice.group == group and self._matches(choice):
                return choice
        return None

    def label(self, group: Group) -> str:
        choice = self.ready(group.id)
        return choice.label if choice is not None and choice.label else group.label

    # --- picking -------------------------------------------------------------------------------------
    def toggle(self, pick: Pick, why: str = "", play: bool = True) -> Outcome:
        """Pick or unpick `pick` (`why`: the item's own reason for a refusal). A click (`play`) that completes a
        choice needing no confirmation plays it; a digit key only chooses (a named key or a click confirms)."""
        if self.table is None or not self.table.choices:
            return Outcome(message=_("Wait for your turn."), refused=True)
        if self.pairs_mode:
            out = self._toggle_pair(pick, why)
            return Outcome(changed=out.changed, message=out.message, refused=out.refused) if not play else out
        picks = list(self.picks)
        if pick in picks:
            picks.remove(pick)
        else:
            picks.append(pick)
        if picks and not any(self._compatible(c, picks=picks) for c in self.table.choices):
            if pick not in self.picks and not any(pick in c.picks for c in self.table.choices):
                return Outcome(message=why or _("That cannot be chosen now."), refused=True)
            return Outcome(message=why or _("That does not go together with what is chosen."), refused=True)
        added = pick not in self.picks
        self.picks = picks
        if added and play:
            action = self._instant(self.table)
            if action is not None:
                return Outcome(action=action, changed=True)
        return Outcome(changed=True)

    def _toggle_pair(self, pick: Pick, why: str) -> Outcome:
        assert self.table is not None   # only called once a pick matched a pairs choice
        choices = [c for c in self.table.choices if c.match == "pairs"]
        for pair in self.pairs:
            if pick in pair:
                self.pairs.remove(pair)
                return Outcome(changed=True)
        if self.pending == pick:
            self.pending = None
            return Outcome(changed=True)
        if not any(pick in c.picks for c in choices):
            return Outcome(message=why or _("That cannot be chosen now."), refused=True)
        if self.pending is None or self.pending.kind == pick.kind:
            if not any(self._compatible(c, pending=pick) for c in choices):
                return Outcome(message=why or _("That does not go together with what is chosen."), refused=True)
            self.pending = pick
            return Outcome(changed=True)
        pairs = self.pairs + [frozenset((self.pending, pick))]
        if not any(self._compatible(c, pairs=pairs, pending=None) for c in choices):
            most = max(len(c.picks) // 2 for c in choices)
            if len(pairs) > most:
                return Outcome(message=_("At most {n} pairs.").format(n=most), refused=True)
            return Outcome(message=why or _("That does not go together with what is chosen."), refused=True)
        self.pairs, self.pending = pairs, None
        action = self._instant(self.table)
        return Outcome(action=action, changed=True)

    def _instant(self, table: Table) -> object:
        """The action a click has just completed, when its choice needs no confirmation and nothing bigger
        could still be picked."""
        ready = [c for c in table.choices if c.picks and not c.confirm and self._matches(c)]
        if len(ready) != 1:
            return None
        bigger = [c for c in table.choices if c.picks and self._compatible(c) and not self._matches(c)]
        return None if bigger else ready[0].action

    def confirmable(self) -> Choice | None:
        """The choice the current picks make ready (Enter plays it), when something is picked."""
        if self.table is None or self.empty:
            return None
        ready = [c for c in self.table.choices if c.picks and self._matches(c)]
        return ready[0] if len(ready) == 1 else None

    def pick_all(self) -> Outcome:
        """Pick everything the table's "choose all" names."""
        if self.table is None or not self.table.select_all:
            return Outcome()
        self.picks = list(self.table.select_all)
        return Outcome(changed=True)

    def clear(self) -> Outcome:
        changed = not self.empty
        self.picks, self.pairs, self.pending = [], [], None
        return Outcome(changed=changed)

    def press(self, group: Group) -> Outcome:
        """The group's button (or key): play its ready choice, or say what is missing (or run its command)."""
        if group.command == "pick_all":
            return self.pick_all()
        if group.command == "clear":
            return self.clear()
        choice = self.ready(group.id)
        if choice is None:
            return Outcome(message=group.need or _("Choose first."), refused=True)
        return Outcome(action=choice.action)

    def previews(self, pick: Pick) -> tuple[str, ...]:
        """The keys of the cards a click on `pick` would act on (the `affects` of the choice it would complete at
        once)."""
        if self.table is None:
            return ()
        for c in self.table.choices:
            if not c.confirm and c.picks == (pick,):
                return c.affects
        return ()
