"""Reading an entry: held to its kind's declaration (`judgetui.store.entries`) by
`msgspec.convert` into the tagged union `Entry`, without pydantic.

`check` is what the fold calls; when the declaration says no, the one line of
`MalformedEntry` names the field that is wrong (``records[0].points is not int: 'three'``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from judgetui.store.entries import ENTRIES, Entry, place

__all__ = ["MalformedEntry", "check", "declared_data"]

#: msgspec's names of JSON's types, as Python's (what a judge reading Python sees).
_TYPES = {"array": "list", "object": "dict"}


class MalformedEntry(ValueError):
    """An entry does not have the shape its kind declares (one line naming the field)."""


def declared_data(entry: Any) -> Mapping[str, Any] | None:
    """The entry's data when the entry has its kind's declared shape, else None (the
    yes-or-no of `check`, for a reader that needs no report)."""
    try:
        msgspec.convert(entry, ENTRIES[entry["kind"]])
    except (msgspec.ValidationError, KeyError, TypeError):  # (no kind, no entry, or unhashable)
        return None
    data: Mapping[str, Any] = entry["data"]
    return data


def _value(entry: Any, steps: list[str | int]) -> Any:
    for step in steps:
        entry = entry[step]
    return entry


def _explained(entry: Mapping[str, Any], message: str) -> str:
    """msgspec's refusal of ``entry`` as one line naming the field of its data (or of the
    envelope) that is wrong, and what is there."""
    what, steps = place(message)
    value = _value(entry, steps)
    inside = steps[1:] if steps[:1] == ["data"] and len(steps) > 1 else steps
    label = "".join(f"[{s}]" if type(s) is int else f".{s}" for s in inside).lstrip(".")
    if what.startswith("Object missing required field `"):
        field = what.split("`")[1]
        return f"{label}.{field} is missing" if label else f"{field} is missing"
    if what.startswith("Expected `") and "`, got `" in what:
        names = what.split("`")[1].split(" | ")
        return f"{label} is not {' or '.join(sorted(_TYPES.get(n, n) for n in names))}: {value!r}"
    if what.startswith(("Invalid enum value", "Invalid value")):
        return f"unknown {label} {value!r}"
    if what in ("Expected `array` of length >= 1", "Expected `str` of length >= 1"):
        return f"{label} is empty"
    return f"{label}: {what}" if label else what


def check(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """Hold one parsed entry to its kind's declaration; return its data.

    Raises MalformedEntry naming the first field that is wrong, or the unknown kind.
    """
    data = declared_data(entry)
    if data is not None:
        return data
    if type(entry) is not dict:
        raise MalformedEntry("the entry is not a JSON object")
    try:
        msgspec.convert(entry, Entry)
    except msgspec.ValidationError as exc:
        raise MalformedEntry(_explained(entry, str(exc))) from None
    raise AssertionError("the union took what its arm refused")  # pragma: no cover
