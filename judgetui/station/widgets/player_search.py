"""The classification's first step: find the players of an incident and mark them.

A search field over the event's players (name, id or reading) above the matching rows,
each with its mark (☑ in the incident), points and, for a player no longer active, why.
The screen owns the marked list and the keys; this pane shows it and says which row the
judge meant.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import after_ejection
from judgetui.i18n import _
from judgetui.search import find_players, fold, player_text
from judgetui.state import EventState
from judgetui.station.widgets.format import points_text

PLAYER_MATCHES = 50


def squash(value: str) -> str:
    """``value`` case-folded without any whitespace: what a search compares."""
    return "".join(value.casefold().split())


class PlayerSearch(Vertical):
    """The players step's pane: ``#player-search`` over ``#player-list``."""

    def __init__(self, marked: list[str], *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.marked = marked
        """The screen's own list of the players in the incident (shared, not copied)."""
        self._index: list[tuple[str, str]] = []
        self._index_version = -1
        self._shown: tuple[object, ...] | None = None
        self._shown_rows: tuple[object, ...] = ()
        self._options: dict[str, tuple[object, Option]] = {}
        """What each row shown says (`_row_facts`), for a new version of the event."""
        self.moved = False
        """Whether the judge moved the highlight since the list last changed."""
        self._fresh = False
        """`reset` since the last `fill`: the highlight goes where a new pane puts it."""

    def compose(self) -> ComposeResult:
        yield Static(
            _("Who? Type a name or id. tab adds another player; enter continues."),
            classes="prompt",
        )
        yield Input(placeholder=_("name or id"), id="player-search", classes="search")
        yield OptionList(id="player-list", classes="choices")

    @property
    def search(self) -> Input:
        return self.query_one("#player-search", Input)

    def _player_index(self, state: EventState, version: int) -> list[tuple[str, str]]:
        if self._index_version != version or not self._index:
            self._index = [
                (p.id, player_text(p.id, p.name, p.reading)) for p in state.players.values()
            ]
            self._index_version = version
        return self._index

    def _prompt(self, state: EventState, player_id: str) -> Text:
        player = state.players[player_id]
        marked = player_id in self.marked
        prompt = Text("☑ " if marked else "☐ ", style="bold green" if marked else "dim")
        prompt.append(f"{player.id:<7} ", style="bold")
        prompt.append(player.name)
        prompt.append("  ")
        threshold = state.rules.three_warnings.threshold
        prompt.append_text(points_text(state.points(player_id), threshold))
        if player.status != "active":
            # Chosen still (conduct can follow an ejection); the infraction step refuses
            # anything else, with this reason (issue 11 item 10).
            prompt.append(f"  {after_ejection.status_note(state, player_id)}", style="italic")
        return prompt

    def _row_facts(self, state: EventState, shown: list[str]) -> tuple[object, ...]:
        """Everything a row's prompt (`_prompt`) is made from, for every row in ``shown``."""
        facts: list[object] = []
        for pid in shown:
            player = state.players[pid]
            note = after_ejection.status_note(state, pid) if player.status != "active" else ""
            facts.append((pid, player.name, state.points(pid), player.status, note))
        return (state.rules.three_warnings.threshold, *facts)

    def _option(self, state: EventState, pid: str, facts: object) -> Option:
        """``pid``'s row: the very `Option` shown last when nothing on it changed."""
        marked = pid in self.marked
        kept = self._options.get(pid)
        if kept is not None and kept[0] == (facts, marked):
            return kept[1]
        option = Option(self._prompt(state, pid), id=pid)
        self._options[pid] = ((facts, marked), option)
        return option

    def fill(self, state: EventState, version: int) -> None:
        """Show the players the search finds (the marked ones first when it is empty)."""
        query = fold(self.search.value)
        options = self.query_one("#player-list", OptionList)
        if query:
            found = find_players(self._player_index(state, version), query)
        else:
            found = list(self.marked) + [pid for pid in state.players if pid not in self.marked]
        shown = found[:PLAYER_MATCHES]
        highlight = next(
            (i for i, pid in enumerate(shown) if state.players[pid].status == "active"),
            0 if shown and query else None,
        )
        # The same players, marks and footnote as shown already: nothing to re-render.
        shown_now = (
            version,
            tuple(shown),
            tuple(pid in self.marked for pid in shown),
            len(found),
            query if not found else "",
        )
        if shown_now[1:] == (self._shown or ())[1:] and (
            shown_now[0] == (self._shown or (None,))[0]
            or self._row_facts(state, shown) == self._shown_rows
        ):
            # Another version of the event that changed none of these rows (the other
            # players' records) is no reason to render them again either.
            self._shown = shown_now
            if self._fresh:
                self._fresh = False
                options.highlighted = highlight  # where a new pane's would be
            return  # the same list: the highlight stays where the judge put it
        self._shown = shown_now
        self._shown_rows = self._row_facts(state, shown)
        self.moved = False
        self._fresh = False
        options.clear_options()
        options.add_options(
            self._option(state, pid, (self._shown_rows[0], facts))
            for pid, facts in zip(shown, self._shown_rows[1:], strict=True)
        )
        if len(found) > len(shown):
            more = _("… {n} more: keep typing").format(n=len(found) - len(shown))
            options.add_option(Option(Text(more, style="dim italic"), disabled=True))
        elif not found:
            nobody = _("No player matches {query!r}.").format(query=query)
            options.add_option(Option(Text(nobody, style="dim italic"), disabled=True))
        options.highlighted = highlight

    def meant(self) -> str | None:
        """The highlighted player, when the judge picked them: typed a search or moved to them.

        An untouched, unfiltered list's first row is nobody's choice (keys lost in a
        burst, a stray key): it is never taken for the judge's.
        """
        option = self.query_one("#player-list", OptionList).highlighted_option
        if option is None or option.id is None or option.disabled:
            return None
        if not (squash(self.search.value) or self.moved):
            return None
        return option.id

    def reset(self) -> None:
        """For the next incident: the search empty, nothing moved (the rows stay until
        `fill` finds they differ)."""
        self.search.value = ""
        self.moved = False
        self._fresh = True

    def toggle(self, player: str) -> None:
        """Mark ``player`` in the incident (or take them out) and clear the search."""
        if player in self.marked:
            self.marked.remove(player)
        else:
            self.marked.append(player)
        self.search.value = ""
