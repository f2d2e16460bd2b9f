"""What the folded state keeps of a parsed log entry: its own copies, never the parse's.

A station folds the whole event file once, then lets the parsed log go (the store's
`LogReader.release`). The parse is ~200 MB of small objects at 50,000 records, and
Python returns an arena of them to the system only once every object in it is freed:
a state that kept the very strings and numbers the parser made (a record's id, its
time, its seq) would keep one or two alive in every arena, and with them the whole
parse (measured at 50k: 267 MB resident after the parse was let go, 196 MB with
copies). So the fold keeps copies (`own`), and one shared copy of each word of the
rules' vocabulary (`word`: a penalty, a status, a judge's role), which also makes
~50,000 records share a few dozen strings instead of a string each.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

_T = TypeVar("_T")

MOST_WORDS = 4096
"""The vocabulary the fold shares is the rules' (a few hundred words); past this many,
each value is copied on its own (a file full of made-up words costs no more memory)."""


def own(value: _T) -> _T:
    """A copy of a string or number from the parsed file (anything else as it is)."""
    given: Any = value
    kind = type(given)
    if kind is str:
        copied: Any = "".join((given, ""))
        return cast(_T, copied)
    if kind is int:
        return cast(_T, given + 0)
    return value


class _Words(dict[Any, Any]):
    """``WORDS[value]``: one shared copy of a word (a string; None as it is). A plain
    subscript on the fold's hot path, where a function call a field cost ~10 % of it."""

    def __missing__(self, value: Any) -> Any:
        if value is not None and type(value) is not str:
            raise TypeError(f"not a word: {value!r}")
        shared = own(value)
        if len(self) < MOST_WORDS:
            self[shared] = shared
        return shared


WORDS = _Words()

fresh = "".join
"""``fresh((text, ""))`` is a copy of the string ``text`` in ~35 ns (`own` costs a call
more): the fold's way on its hot path, for the strings every entry has (ids, times)."""


def word(value: _T) -> _T:
    """One shared copy of a word of the vocabulary (a string; None as it is)."""
    return cast(_T, WORDS[value])


def words(values: Any) -> tuple[str, ...]:
    """A tuple of words (a record's flags), each shared."""
    return tuple(WORDS[value] for value in values) if values else ()
