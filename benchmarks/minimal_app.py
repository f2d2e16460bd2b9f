"""Baseline: the least a Textual app can do to show the event's players.

Usage: ``python benchmarks/minimal_app.py PATH``. Parses the event file (orjson),
collects the imported players and shows the event name and a DataTable of every
player (id, name). The first-paint and idle figures of the station are compared
with this app started the same way in the same terminal.

It parses with the cyclic collector paused, as the station does (`judgetui.perf`): with
the collector on, the parse of a 10,000-record file walked its young objects again and
again (~40 ms of a first paint), a cost any app can avoid in one line, so a baseline
that paid it was not the best honest alternative. The table takes the rest of the
screen (``height: 1fr``): with its default height (every row) the screen itself scrolled,
and on a loaded machine it was once seen scrolled past the event name.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

import orjson
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Static


def read_event(path: str) -> tuple[str, list[tuple[str, str]]]:
    gc.disable()
    try:
        with open(path, "rb") as handle:
            document: dict[str, Any] = orjson.loads(handle.read())
    finally:
        gc.enable()
    name = ""
    players: dict[str, str] = {}
    for entry in document["log"].values():
        if entry["kind"] == "event_created":
            name = entry["data"]["name"]
        elif entry["kind"] == "players_imported":
            for player in entry["data"]["players"]:
                players[player["id"]] = player["name"]
    return name, list(players.items())


class MinimalApp(App[None]):
    CSS = "DataTable { height: 1fr; }"

    def __init__(self, path: str) -> None:
        super().__init__()
        self.event_name, self.players = read_event(path)

    def compose(self) -> ComposeResult:
        yield Static(self.event_name)
        yield DataTable()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("id", "name")
        table.add_rows(self.players)


if __name__ == "__main__":
    MinimalApp(sys.argv[1]).run()
