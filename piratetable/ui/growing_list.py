"""A selection list that grows while it is shown (a folder being read) and stays quick with thousands of rows."""
from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.core import ObjectID, UIContainer, UIElement
from pygame_gui.elements import UIButton, UISelectionList, UIVerticalScrollBar

NEW_BUTTONS = 8      # row buttons made per frame at most (a pygame_gui button costs milliseconds): a list that
                     # comes into view whole is drawn over a few frames instead of holding one up


class GrowingList(UISelectionList):
    """`UISelectionList` whose rows are counted, not listed: row i's text is `make(i)`, made when the row first
    comes into view (the Load list measures each label: ten thousand at once would hold up a frame). `append`
    adds rows where the list is, keeping its scroll position and its selection (pygame_gui's own `add_items`
    builds the list again: back to the top, nothing selected). Only the rows in view have buttons, and only they
    are visited when the list scrolls (pygame_gui walks every row each frame the list moves). A row is known by
    its place (`selected_index`), not by its text."""

    def __init__(self, relative_rect, make: Callable[[int], str], count: int, manager=None, *,
                 selected: int | None = None, **kwargs):
        self._make = make
        self._count = count
        self._shown: set[int] = set()
        self._relayout = False
        self._offset = 0.0      # pixels scrolled (the scroll bar keeps its place to 1/10,000 only)
        super().__init__(relative_rect, [], manager, **kwargs)
        if selected is not None and 0 <= selected < len(self.item_list):
            self.select_index(selected)

    # --- rows ---------------------------------------------------------------------------------------------
    def set_item_list(self, new_item_list) -> None:
        """pygame_gui builds the list through here (at first, and on a theme change): all `count` rows anew,
        nothing selected, scrolled to the top. (The list's texts come from `make`, never from `new_item_list`.)"""
        super().set_item_list([])   # the containers, without rows (pygame_gui would make a button per row in view)
        self.item_list[:] = [self._item(i) for i in range(self._count)]
        self._shown = set()
        self._offset = 0.0
        self._fit()
        if self.item_list_container is not None:
            self._place_rows(self.item_list_container)

    def _item(self, i: int) -> dict:
        return {"text": None, "button_element": None, "selected": False, "object_id": "#item_list_item",
                "height": i * self.list_item_height}

    def _fit(self) -> None:
        """The list's height, and its scroll bar when the rows do not fit (the scroll position kept in pixels)."""
        container = self.list_and_scroll_bar_container
        if container is None:
            return
        view = int(container.relative_rect.height)
        self.total_height_of_list = self.list_item_height * len(self.item_list)
        self.lowest_list_pos = self.total_height_of_list - view
        if self.total_height_of_list <= view or self.item_list_container is None:
            return
        if self.scroll_bar is None:
            self.current_scroll_bar_width = self.scroll_bar_width
            self.scroll_bar = UIVerticalScrollBar(
                pygame.Rect(-self.scroll_bar_width, 0, self.scroll_bar_width, view),
                visible_percentage=view / self.total_height_of_list, manager=self.ui_manager, parent_element=self,
                container=container, anchors={"left": "right", "right": "right", "top": "top", "bottom": "bottom"})
            self.join_focus_sets(self.scroll_bar)
            self.item_list_container.set_dimensions((container.relative_rect.width - self.scroll_bar_width, view))
            for item in self.item_list:   # the rows lost their right edge to the scroll bar: made again
                if item["button_element"] is not None:
                    item["button_element"].kill()
                    item["button_element"] = None
            self._shown = set()
        else:   # the bar shows the same place in the longer list (and this is not a move of the person's)
            self.scroll_bar.set_visible_percentage(view / self.total_height_of_list)
            self.scroll_bar.set_scroll_from_start_percentage(self._offset / self.total_height_of_list)
            self.scroll_bar.has_moved_recently = False

    def append(self, n: int) -> None:
        """`n` more rows at the end."""
        if n <= 0:
            return
        start = len(self.item_list)
        self._count = start + n
        self.item_list.extend(self._item(i) for i in range(start, start + n))
        self._fit()
        self._relayout = True

    def text_of(self, index: int) -> str:
        """Row `index`'s text (made now if it was not yet)."""
        item = self.item_list[index]
        if item["text"] is None:
            item["text"] = self._make(index)
        return item["text"]

    def texts(self) -> list[str]:
        """Every row's text (making those not yet made: for a short list, or a test)."""
        return [self.text_of(i) for i in range(len(self.item_list))]

    # --- the selection, by place --------------------------------------------------------------------------
    def selected_index(self) -> int | None:
        return next((i for i, item in enumerate(self.item_list) if item["selected"]), None)

    def select_index(self, index: int) -> None:
        """Select row `index` (and only it), as a click would, without an event."""
        for i, item in enumerate(self.item_list):
            if item["selected"] and i != index:
                item["selected"] = False
                if item["button_element"] is not None:
                    item["button_element"].unselect()
        item = self.item_list[index]
        item["selected"] = True
        if item["button_element"] is not None:
            item["button_element"].select()

    def get_single_selection(self, include_object_id: bool = False):
        index = self.selected_index()
        if index is None:
            return None
        text = self.text_of(index)
        return (text, self.item_list[index]["object_id"]) if include_object_id else text

    # --- the rows in view ---------------------------------------------------------------------------------
    def update(self, time_delta: float) -> None:
        UIElement.update(self, time_delta)     # not pygame_gui's: it walks every row
        bar = self.scroll_bar
        moved = bar is not None and bar.check_has_moved_recently()
        if bar is not None and moved:
            self._offset = bar.start_percentage * self.total_height_of_list
        if self.item_list_container is not None and (moved or self._relayout):
            self._relayout = False
            self._place_rows(self.item_list_container)

    def _place_rows(self, container: UIContainer) -> None:
        """Buttons for the rows in view (made as they come into view, killed as they leave it)."""
        h = self.list_item_height
        room = container.relative_rect.height
        offset = max(0.0, min(self._offset, self.lowest_list_pos)) if self.scroll_bar is not None else 0.0
        first = max(0, int((offset - h) // h))
        last = min(len(self.item_list) - 1, int((offset + room) // h) + 1)
        wanted = {i for i in range(first, last + 1) if -h <= int(i * h - offset) <= room}
        for index in self._shown - wanted:
            item = self.item_list[index] if index < len(self.item_list) else None
            if item is not None and item["button_element"] is not None:
                item["button_element"].kill()
                item["button_element"] = None
        made = 0
        for index in sorted(wanted):
            item = self.item_list[index]
            y = int(index * h - offset)
            if item["button_element"] is None:
                if made >= NEW_BUTTONS:   # the rest on the next frames
                    wanted.discard(index)
                    self._relayout = True
                    continue
                made += 1
                button = UIButton(relative_rect=pygame.Rect(0, y, container.relative_rect.width, h),
                                  text=self.text_of(index), manager=self.ui_manager, parent_element=self,
                                  container=container,
                                  object_id=ObjectID(object_id=item["object_id"], class_id="@selection_list_item"),
                                  allow_double_clicks=self.allow_double_clicks,
                                  anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"})
                self.join_focus_sets(button)
                if item["selected"]:
                    button.select()
                item["button_element"] = button
            else:
                item["button_element"].set_relative_position((0, y))
        self._shown = wanted
