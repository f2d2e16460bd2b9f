"""Inputs for keyboard-first screens."""

from __future__ import annotations

from textual.widgets import Input


class MarkingSearch(Input):
    """A search field that leaves the space bar to its screen (which marks the highlighted row).

    Names are matched without their spaces ("taroya" finds Taro Yamada), so the judge
    never needs to type one.
    """

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return key != "space" and super().check_consume_key(key, character)
