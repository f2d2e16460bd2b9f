"""The rules texts earlier versions shipped: built without pydantic, exactly as pydantic would.

An event keeps the rules text it began with. After an upgrade that text is no longer the
shipped file, so without `EARLIER_SHIPPED` every command on it would import pydantic and
build its schema. Each text is kept in ``tests/data/earlier_rules/`` under the start of
its sha256.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from judgetui import rules as rules_module
from judgetui.rules import EARLIER_SHIPPED, Rules, rules_sha256, shipped_rules_text

EARLIER = Path(__file__).resolve().parents[1] / "data" / "earlier_rules"
TEXTS = sorted(EARLIER.glob("*.toml"))


def test_every_listed_text_is_kept_and_every_kept_text_is_listed() -> None:
    kept = {rules_sha256(path.read_text(encoding="utf-8")) for path in TEXTS}
    assert kept == EARLIER_SHIPPED
    for path in TEXTS:
        assert rules_sha256(path.read_text(encoding="utf-8")).startswith(path.stem)


def test_the_shipped_text_is_not_listed_as_earlier() -> None:
    assert rules_sha256(shipped_rules_text()) not in EARLIER_SHIPPED


@pytest.mark.parametrize("path", TEXTS, ids=[p.stem for p in TEXTS])
def test_an_earlier_text_builds_as_pydantic_validates_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    built = msgspec.convert(rules_module._parse_toml(text, path.name), Rules)
    assert built == rules_module._validate(text, path.name)
    assert rules_module._cross_check(built) == []


@pytest.mark.parametrize("path", TEXTS, ids=[p.stem for p in TEXTS])
def test_an_earlier_text_is_loaded_without_the_validator(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(text: str, where: str) -> Rules:
        raise AssertionError("an earlier shipped text went through pydantic")

    monkeypatch.setattr(rules_module, "_validate", refuse)
    monkeypatch.setattr(rules_module, "_BY_HASH", {})
    monkeypatch.setattr(rules_module, "_BY_ID", {})
    source = rules_module.rules_source(path.read_text(encoding="utf-8"), path.name)
    assert source.sha256 in EARLIER_SHIPPED


def test_an_edited_earlier_text_still_goes_through_the_validator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []
    validate = rules_module._validate

    def spy(text: str, where: str) -> Rules:
        seen.append(text)
        return validate(text, where)

    monkeypatch.setattr(rules_module, "_validate", spy)
    monkeypatch.setattr(rules_module, "_BY_HASH", {})
    monkeypatch.setattr(rules_module, "_BY_ID", {})
    text = TEXTS[0].read_text(encoding="utf-8") + "\n# edited\n"
    rules_module.rules_source(text, "edited.toml")
    assert seen == [text]
