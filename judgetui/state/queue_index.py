"""The head judge's queue, kept up to date player by player instead of walked whole.

`queries.queue` walks every record and asks the engine about every player: ~65 ms at
50,000 records, on every change a station sees. Every item of the queue belongs to one
player (a record's request or notice, or the decision owed for that player), and an
entry changes only the items of the players it touches: `QueueIndex.update` recomputes
those players' items and leaves the others as they were. Entries that change every
player's items (new rules, the finals, a roster import) make the caller rebuild.

The order is exactly `queries.queue`'s: that one sorts records (in the log's order) then
decisions (in the roster's order) by `queries.queue_rank`, stably; here each item
carries its place in those two orders as the tie-break.
"""

from __future__ import annotations

from itertools import islice

from judgetui.state.queries import decision_item, queue_rank, record_item
from judgetui.state.shapes import EventFields, QueueItem

_Key = tuple[int, str, int, int]
"""An item's place: its `queue_rank`, then 0 for a record (and its place in the log's
records) or 1 for a decision (and its player's place in the roster)."""


class QueueIndex:
    """The queue of one `EventState`, brought up to date by `update` as it is extended."""

    def __init__(self, state: EventFields) -> None:
        self.state = state
        self._record_place: dict[str, int] = {}
        self._player_place: dict[str, int] = {}
        self._by_player: dict[str, list[tuple[_Key, QueueItem]]] = {}
        self._items: list[QueueItem] | None = None
        self.rebuild()

    def rebuild(self) -> None:
        """Every player's items again, from the whole state."""
        state = self.state
        self._record_place = {key: n for n, key in enumerate(state.records)}
        self._player_place = {key: n for n, key in enumerate(state.players)}
        self._by_player = {}
        for player in state.players:
            self._compute(player)
        self._items = None

    def update(self, touched: set[str] | None) -> None:
        """The state was extended by entries that touched ``touched`` players (None:
        every player, or not known): recompute their items."""
        state = self.state
        if touched is None or len(state.players) != len(self._player_place):
            self.rebuild()
            return
        places = self._record_place
        new = len(state.records) - len(places)
        if new < 0:
            self.rebuild()
            return
        if new:
            # Records are only ever added, at the end: the newest are the last keys.
            newest = list(islice(reversed(state.records), new))
            for key in reversed(newest):
                places[key] = len(places)
        for player in touched:
            if player in self._player_place:
                self._compute(player)
        self._items = None

    def items(self) -> list[QueueItem]:
        """The queue, as `EventState.queue` gives it (the same list until the next update)."""
        if self._items is None:
            keyed = [pair for pairs in self._by_player.values() for pair in pairs]
            keyed.sort(key=lambda pair: pair[0])
            self._items = [item for _key, item in keyed]
        return self._items

    def _compute(self, player: str) -> None:
        state = self.state
        pairs: list[tuple[_Key, QueueItem]] = []
        records = state.records
        places = self._record_place
        for key in state.players[player].records:
            item = record_item(records[key])
            if item is not None:
                pairs.append(((*queue_rank(item), 0, places[key]), item))
        owed = decision_item(state, player)
        if owed is not None:
            pairs.append(((*queue_rank(owed), 1, self._player_place[player]), owed))
        if pairs:
            self._by_player[player] = pairs
        else:
            self._by_player.pop(player, None)
