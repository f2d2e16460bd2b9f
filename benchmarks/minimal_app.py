"""Baseline: the least a Textual app can do to show the event's players.

Usage: ``python benchmarks/minimal_app.py PATH``. Parses the event file (orjson),
collects the imported players and shows the event name and a DataTable of every
player (id, name). The first-paint and idle figures of the station are compared
with this app started the same way in the same terminal.
"""

from __future__ import annotations

import sys
from typing import Any

import orjson
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Static


def read_event(path: str) -> tuple[str, list[tuple[str, str]]]:
    with open(path, "rb") as handle:
        document: dict[str, Any] = orjson.loads(handle.read())
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
