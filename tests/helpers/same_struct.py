"""Two rules (or any msgspec Structs, dicts, lists) equal field by field and of the same types,
the first difference named by its path."""

from __future__ import annotations

from typing import Any

import msgspec


def assert_same(built: Any, validated: Any, where: str = "rules") -> None:
    assert type(built) is type(validated), where
    if isinstance(built, msgspec.Struct):
        for f in msgspec.structs.fields(built):
            assert_same(getattr(built, f.name), getattr(validated, f.name), f"{where}.{f.name}")
    elif isinstance(built, dict):
        assert list(built) == list(validated), where
        for key in built:
            assert_same(built[key], validated[key], f"{where}[{key!r}]")
    elif isinstance(built, list):
        assert len(built) == len(validated), where
        for i, (a, b) in enumerate(zip(built, validated, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    else:
        assert built == validated, where
