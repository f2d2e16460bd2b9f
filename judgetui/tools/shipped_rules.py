"""Writes `judgetui.rules_shipped`: the shipped rules as Python that makes them
(``python -m judgetui.tools.shipped_rules``, after any change to ``rules.toml`` or to a
shape of `judgetui.rules`; ``tests/unit/test_rules_shipped.py`` fails while the file on
disk is not what this writes).

Every `judgetui record` made the shipped rules from their TOML: importing ``tomllib``,
parsing 20 KB of text and building the shapes with `msgspec.convert` (~6 ms of a record's
start-up, issue 14). The generated module makes the very same objects with the shapes'
own constructors, in ~0.1 ms. `judgetui.rules.rules_source` takes it only for a text
whose sha256 is the one it was generated from, and that is the shipped text; any other
text (an event's edited rules, an earlier shipped text) is parsed as before. Nothing but
the package and the event file decides an event's rules (SECURITY.md): this is part of
the package, and the event file's text still picks it, byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from msgspec import NODEFAULT, Struct
from msgspec.structs import fields

from judgetui import rules

TARGET = Path(rules.__file__).with_name("rules_shipped.py")


def _value(value: Any) -> str:
    """``value`` (what `judgetui.rules._construct` made) as a Python expression that makes
    an equal object of the same types: a shape by its constructor (the fields that are
    not the shape's default: the constructor fills those in, as `msgspec.convert` does),
    and the plain values and containers TOML gives."""
    if isinstance(value, Struct):
        given = []
        for f in fields(value):
            field_value = getattr(value, f.name)
            if f.default is not NODEFAULT and _same(field_value, f.default):
                continue
            if f.default_factory is not NODEFAULT and _same(field_value, f.default_factory()):
                continue
            given.append(f"{f.name}={_value(field_value)}")
        return f"{type(value).__name__}({', '.join(given)})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_value(k)}: {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if value is None or type(value) in (str, int, bool):
        return repr(value)
    raise TypeError(f"no literal for {type(value).__name__} in the shipped rules")


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _shapes(value: Any, found: set[str]) -> set[str]:
    """The names of the shapes ``value`` is made of."""
    if isinstance(value, Struct):
        found.add(type(value).__name__)
        for f in fields(value):
            _shapes(getattr(value, f.name), found)
    elif isinstance(value, dict):
        for item in value.values():
            _shapes(item, found)
    elif isinstance(value, list):
        for item in value:
            _shapes(item, found)
    return found


def _rules_lines(built: Any) -> list[str]:
    """The top-level shape over several lines: one line for each of its fields, and one
    for each entry of a table of shapes (a penalty, an infraction, ...): a change to
    rules.toml is a change to those lines. (Left as written: ``# fmt: off``.)"""
    lines = [f"    return {type(built).__name__}("]
    for f in fields(built):
        value = getattr(built, f.name)
        if f.default is not NODEFAULT and _same(value, f.default):
            continue
        if isinstance(value, dict) and value and all(isinstance(v, Struct) for v in value.values()):
            lines.append(f"        {f.name}={{")
            lines.extend(f"            {_value(k)}: {_value(v)}," for k, v in value.items())
            lines.append("        },")
        else:
            lines.append(f"        {f.name}={_value(value)},")
    lines.append("    )")
    return lines


def source(text: str | None = None) -> str:
    """The module for the rules text ``text`` (default: the shipped one)."""
    text = rules.shipped_rules_text() if text is None else text
    built = rules._construct(rules.Rules, rules._parse_toml(text, "rules.toml"))
    names = sorted(_shapes(built, set()))
    return "\n".join(
        [
            '"""GENERATED from rules.toml by ``python -m judgetui.tools.shipped_rules``: do not',
            "edit. tests/unit/test_rules_shipped.py fails while this is not what it writes.",
            "",
            "The shipped rules made with the shapes' constructors, as `msgspec.convert` makes",
            "them from the TOML; `judgetui.rules.rules_source` uses it only for the text whose",
            "sha256 is `SHA256`. It imports nothing of judgetui (the shapes are given to",
            "`build`): `judgetui.rules` imports it.",
            '"""',
            "",
            "# ruff: noqa",
            "# fmt: off",
            "",
            "from typing import Any",
            "",
            f"SHA256 = {rules.rules_sha256(text)!r}",
            "",
            "",
            "def build(shapes: Any) -> Any:",
            '    """The rules, made of the classes of ``shapes`` (the module `judgetui.rules`)."""',
            *(f"    {name} = shapes.{name}" for name in names),
            *_rules_lines(built),
            "",
        ]
    )


def main() -> int:
    TARGET.write_text(source(), encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
