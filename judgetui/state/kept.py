"""What the folded state keeps of a parsed log entry: its own copies (`own`), never the
parse's, and one shared copy of each word of the rules' vocabulary (`word`).

A station folds the whole event file once, then lets the parsed log go (the store's
`LogReader.release`). Python returns an arena of small objects to the system only once
every object in it is freed: a state that kept the very strings and numbers the parser
made (a record's id, its time, its seq) would keep one or two alive in every arena, and
with them the whole parse. Measured (benchmarks/run.py, station memory at 50,000 records,
the target 2x a minimal data app): 311 MB (2.63x) without copies, 247 MB (2.09x) with
copies of the records' fields alone, 204 MB (1.73x) with every copy; at 10,000 records
98-100 MB (1.4x) either way. Sharing the words also makes ~50,000 records share a few
dozen strings instead of a string each.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

_T = TypeVar("_T")

MOST_WORDS = 4096
"""The vocabulary the fold shares is the rules' (a few hundred words); past this many,
each value is kept on its own (a file full of made-up words costs no more memory)."""


def own(value: Any) -> Any:
    """A copy of a string or a number from the parsed file (anything else as it is)."""
    kind = type(value)
    if kind is str:
        return "".join((value, ""))
    if kind is int:
        return value + 0
    return value


class _Words(dict[Any, Any]):
    """``WORDS[value]``: the one shared copy of a word (None as it is). A plain
    subscript on the fold's hot path, where a function call a field cost ~10 % of it."""

    def __missing__(self, value: Any) -> Any:
        if value is not None and type(value) is not str:
            raise TypeError(f"not a word: {value!r}")
        shared = own(value)
        if len(self) < MOST_WORDS:
            self[shared] = shared
        return shared


WORDS = _Words()


def word(value: _T) -> _T:
    """The one shared string of a word of the vocabulary (None as it is)."""
    return cast(_T, WORDS[value])


def words(values: Any) -> tuple[str, ...]:
    """A tuple of words (a record's flags), each shared."""
    return tuple(WORDS[value] for value in values) if values else ()
