"""The shipped rules (and those earlier versions shipped) built by `msgspec.convert` are the
very rules pydantic validates from the same text: the same classes, the same containers,
the same values, the same order, field by field (issue 14: ~2 ms less at every command)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from judgetui import rules as rules_module
from judgetui.rules import Rules, shipped_rules_text
from tests.helpers.same_struct import assert_same

EARLIER = Path(__file__).resolve().parents[1] / "data" / "earlier_rules"
TEXTS = {"shipped": shipped_rules_text()}
TEXTS.update({p.stem: p.read_text(encoding="utf-8") for p in sorted(EARLIER.glob("*.toml"))})


@pytest.mark.parametrize("name", list(TEXTS))
def test_the_converted_rules_are_the_validated_rules_field_by_field(name: str) -> None:
    text = TEXTS[name]
    built = msgspec.convert(rules_module._parse_toml(text, "rules.toml"), Rules)
    assert_same(built, rules_module._validate(text, "rules.toml"))


def test_the_shipped_rules_of_a_command_are_the_converted_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules_module, "_BY_HASH", {})
    monkeypatch.setattr(rules_module, "_BY_ID", {})
    made: list[Any] = []
    convert = msgspec.convert

    def spy(value: Any, hint: Any) -> Any:
        made.append(convert(value, hint))
        return made[-1]

    monkeypatch.setattr(rules_module, "convert", spy)
    assert rules_module.shipped_rules() is made[0]
    assert_same(made[0], rules_module._validate(shipped_rules_text(), "rules.toml"))
