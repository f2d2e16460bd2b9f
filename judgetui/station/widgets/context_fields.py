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
    table starts from ``table`` (the one this judge gave last in this round)."""

    def __init__(self, table: int | None, *, id: str | None = None) -> None:
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
        self.query_one("#ctx-table", Input).value = "" if table is None else str(table)

    def number(self, name: str) -> int | None:
        """The number typed in ``#ctx-<name>``: None if empty."""
        value = self.query_one(f"#ctx-{name}", Input).value.strip()
        try:
            return int(value) if value else None
        except ValueError:
            return -1  # "-" alone: the service refuses it in one clear line

    def opponent(self) -> str | None:
        return self.query_one("#ctx-opponent", Input).value.strip() or None
