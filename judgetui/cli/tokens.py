"""What a command line names, read from its words before any parser is built."""

from __future__ import annotations

import sys
from collections.abc import Sequence

STATION_OPTIONS = frozenset({"--db", "--rules", "--judge", "--lang", "--config", "--log"})
"""The top-level options that take a value: with ``--json``, all a station's command line
may have for `_station_args` to parse it."""

HELP_OPTIONS = frozenset({"-h", "--help"})

COMMAND_NAMES = frozenset(
    {
        "demo", "check-rules", "classify", "event", "players", "record", "queue", "review",
        "decide", "void", "correct", "player", "history", "export", "verify", "report",
        "investigation", "ssh", "config", "rules", "completion", "mirror", "pairings", "note",
    }
)  # fmt: skip


def command_named(argv: Sequence[str] | None) -> str | None:
    """The command a command line names (its first word that is neither an option nor a
    top-level option's value), when it is one of ours and no help is asked for; None:
    build the whole parser.

    Only a shortcut: `parse_args` takes what the parser built for it parses only when it
    parses without an error into that very command; else the whole parser reads it."""
    tokens = sys.argv[1:] if argv is None else list(argv)
    if not HELP_OPTIONS.isdisjoint(tokens):
        return None
    value_next = False
    for token in tokens:
        if value_next:
            value_next = False
        elif token in STATION_OPTIONS:
            value_next = True
        elif not token.startswith("-"):
            return token if token in COMMAND_NAMES else None
    return None
