"""Reading an entry: its shape held to its kind's declaration, without pydantic.

`judgetui.store.entries` declares every entry kind once; `judgetui.store.shapes` is
generated from those declarations (a check per kind, and its field table). This module
is what the fold calls: `check` runs the generated check, and when it says no, walks
the field table to name the first field that is wrong, in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgetui.store.shapes import CHECKS, FIELDS, KINDS, MISSING, NoneType, check_Envelope

__all__ = ["MalformedEntry", "check", "declared_data"]


class MalformedEntry(ValueError):
    """An entry does not have the shape its kind declares (one line naming the field)."""


def _type_names(types: frozenset[type]) -> str:
    return " or ".join(sorted("null" if t is NoneType else t.__name__ for t in types))


def _explain(model: str, data: Mapping[str, Any], where: str) -> str:
    """The first field of ``data`` that the declaration of ``model`` refuses."""
    for f in FIELDS[model]:
        value = data.get(f.name, MISSING)
        label = f"{where}{f.name}"
        if value is MISSING:
            if f.required:
                return f"{label} is missing"
            continue
        if type(value) not in f.types:
            return f"{label} is not {_type_names(f.types)}: {value!r}"
        if f.choices is not None and value not in f.choices:
            return f"unknown {label} {value!r}"
        if f.non_empty and not value:
            return f"{label} is empty"
        if type(value) is list and f.item_types is not None:
            for index, item in enumerate(value):
                if type(item) not in f.item_types:
                    return f"{label}[{index}] is not {_type_names(f.item_types)}: {item!r}"
                if f.model is not None and not CHECKS[f.model](item):
                    return _explain(f.model, item, f"{label}[{index}].")
        if type(value) is dict and f.model is not None and not CHECKS[f.model](value):
            return _explain(f.model, value, f"{label}.")
    return f"{where.rstrip('.') or 'the entry'} does not have its declared shape"


_DATA_CHECKS = {kind: CHECKS[model] for kind, model in KINDS.items()}
"""Each kind's check of its data (one look-up per entry, not two)."""


def declared_data(entry: Any) -> Mapping[str, Any] | None:
    """The entry's data when the entry has its kind's declared shape, else None (the
    yes-or-no of `check`, for a reader that needs no report)."""
    if type(entry) is not dict or not check_Envelope(entry):
        return None
    data: dict[str, Any] = entry["data"]
    data_check = _DATA_CHECKS.get(entry["kind"])
    if data_check is None or not data_check(data):
        return None
    return data


def check(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """Hold one parsed entry to its kind's declaration (shape only); return its data.

    Raises MalformedEntry naming the first field that is wrong, or the unknown kind.
    """
    data = declared_data(entry)
    if data is not None:
        return data
    if type(entry) is not dict:
        raise MalformedEntry("the entry is not a JSON object")
    if not check_Envelope(entry):
        raise MalformedEntry(_explain("Envelope", entry, ""))
    model = KINDS.get(entry["kind"])
    if model is None:
        raise MalformedEntry(f"unknown kind {entry['kind']!r}")
    raise MalformedEntry(_explain(model, entry["data"], ""))
