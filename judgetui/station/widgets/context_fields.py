"""The incident's context in one line: table, game, opponent, extension, all optional.

Beside the note on the classification's result: enter records with what is filled.
"""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widgets import Input

from judgetui.i18n import _

CONTEXT_FIELDS = ("table", "game", "opponent", "extension")


class ContextFields(Horizontal):
    """``#ctx-table``, ``#ctx-game``, ``#ctx-opponent``, ``#ctx-extension`` in a row; the
    table starts from ``table`` (the incident's players' own table, where it is known)."""

    def __init__(self, table: int | None, *, id: str | None = None) -> None:
        self._suggested = "" if table is None else str(table)
        super().__init__(
            Input(
                value="" if table is None else str(table),
                placeholder=_("table"),
                type="integer",
                max_length=5,
                id="ctx-table",
            ),
            Input(placeholder=_("game"), type="integer", max_length=1, id="ctx-game"),
            Input(
                placeholder=_("opponent id"),
                max_length=40,
                restrict=r"[A-Za-z0-9._-]*",
                id="ctx-opponent",
            ),
            Input(placeholder=_("+min"), type="integer", max_length=2, id="ctx-extension"),
            id=id,
        )

    def reset(self, table: int | None) -> None:
        """For the next incident: every field empty but the table, which is ``table``."""
        for name in CONTEXT_FIELDS:
            self.query_one(f"#ctx-{name}", Input).value = ""
        self._suggested = "" if table is None else str(table)
        self.query_one("#ctx-table", Input).value = self._suggested

    def suggest_table(self, table: int | None) -> None:
        """The players changed: the table box shows their table, unless the judge typed
        one of their own (a table the judge gives is never replaced)."""
        box = self.query_one("#ctx-table", Input)
        if box.value.strip() not in ("", self._suggested):
            return
        self._suggested = "" if table is None else str(table)
        box.value = self._suggested

    def table(self) -> int | None:
        """The table the judge gave; None while the box still shows the players' own table
        as it was suggested: the service gives that one itself (and a witness note the
        table of its own record)."""
        if self.query_one("#ctx-table", Input).value.strip() == self._suggested:
            return None
        return self.number("table")

    def number(self, name: str) -> int | None:
        """The number typed in ``#ctx-<name>``: None if empty."""
        value = self.query_one(f"#ctx-{name}", Input).value.strip()
        try:
            return int(value) if value else None
        except ValueError:
            return -1  # "-" alone: the service refuses it in one clear line

    def opponent(self) -> str | None:
        return self.query_one("#ctx-opponent", Input).value.strip() or None
