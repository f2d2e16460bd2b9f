"""The incident's context in one line: table, game, opponent, extension, all optional.

Beside the note on the classification's result: enter records with what is filled. The
opponent is found as the classification's own search finds a player (`judgetui.search`):
by id, a part of the id or of the name, or the reading, spaces and all; the box's label
says who is meant (`opponent_line`).
"""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widgets import Input

from judgetui.i18n import _
from judgetui.search import one_player, player_text
from judgetui.state import EventState

CONTEXT_FIELDS = ("table", "game", "opponent", "extension")


class ContextFields(Horizontal):
    """``#ctx-table``, ``#ctx-game``, ``#ctx-opponent``, ``#ctx-extension`` in a row; the
    table starts from ``table`` (the incident's players' own table, where it is known),
    the opponent from ``opponent`` (the round's pairings'), both shown and editable."""

    def __init__(
        self, table: int | None, opponent: str | None = None, *, id: str | None = None
    ) -> None:
        self._suggested = "" if table is None else str(table)
        self._opponent = opponent or ""
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
                value=self._opponent, placeholder=_("opponent"), max_length=80, id="ctx-opponent"
            ),
            Input(placeholder=_("+min"), type="integer", max_length=2, id="ctx-extension"),
            id=id,
        )
        self._index: tuple[EventState | None, list[tuple[str, str]]] = (None, [])

    def reset(self, table: int | None, opponent: str | None = None) -> None:
        """For the next incident: every field empty but the table and the opponent, which
        are ``table`` and ``opponent``."""
        for name in CONTEXT_FIELDS:
            self.query_one(f"#ctx-{name}", Input).value = ""
        self._suggested = "" if table is None else str(table)
        self.query_one("#ctx-table", Input).value = self._suggested
        self._opponent = opponent or ""
        self.query_one("#ctx-opponent", Input).value = self._opponent

    def suggest_table(self, table: int | None, opponent: str | None = None) -> None:
        """The players changed: the table and opponent boxes show theirs, unless the judge
        typed one of their own (what the judge gives is never replaced)."""
        box = self.query_one("#ctx-table", Input)
        if box.value.strip() in ("", self._suggested):
            self._suggested = "" if table is None else str(table)
            box.value = self._suggested
        box = self.query_one("#ctx-opponent", Input)
        if box.value.strip() in ("", self._opponent):
            self._opponent = opponent or ""
            box.value = self._opponent

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

    def _players(self, state: EventState) -> list[tuple[str, str]]:
        if self._index[0] is not state:
            self._index = (
                state,
                [(p.id, player_text(p.id, p.name, p.reading)) for p in state.players.values()],
            )
        return self._index[1]

    def opponents(self, state: EventState) -> list[str]:
        """Every player the opponent box names (one: that player)."""
        typed = self.query_one("#ctx-opponent", Input).value.strip()
        return one_player(self._players(state), typed) if typed else []

    def opponent(self, state: EventState) -> str | None:
        """The opponent's id; as typed when it names no one player (the service refuses
        it in one clear line); None when empty."""
        typed = self.query_one("#ctx-opponent", Input).value.strip()
        if not typed:
            return None
        found = self.opponents(state)
        return found[0] if len(found) == 1 else typed

    def opponent_line(self, state: EventState) -> str | None:
        """Who the opponent box names, for its label; None when it is empty."""
        typed = self.query_one("#ctx-opponent", Input).value.strip()
        if not typed:
            return None
        found = self.opponents(state)
        if len(found) == 1:
            return _("opponent: {id} {name}").format(id=found[0], name=state.players[found[0]].name)
        if not found:
            return _("opponent: no player matches {query!r}").format(query=typed)
        return _("opponent: {n} players match; type more of the name or the id").format(
            n=len(found)
        )

    def opponent_cleared(self) -> bool:
        """Whether the judge emptied the box the pairings filled: no opponent, not theirs."""
        return bool(self._opponent) and not self.query_one("#ctx-opponent", Input).value.strip()
