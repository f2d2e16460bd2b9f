"""The rules' shapes are declared once (`judgetui.rules`), validated by pydantic.

The shipped text is read from its TOML by `msgspec.convert` on those same declarations,
without pydantic; any other text is validated by pydantic
over the same classes. So there is no second copy whose fields could drift.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from judgetui import rules

ROOT = Path(__file__).resolve().parents[2]


def test_there_is_no_second_schema() -> None:
    assert not (ROOT / "judgetui" / "rules_schema.py").exists()


def test_the_shipped_rules_built_without_pydantic_are_what_pydantic_validates() -> None:
    text = rules.shipped_rules_text()
    built = rules.parse_rules(text)
    validated = rules._validate(text, "rules.toml")
    assert built == validated
    assert msgspec.to_builtins(built) == msgspec.to_builtins(validated)
    # the same classes, all the way down
    assert type(built.infractions["tardiness"].tardiness_steps[0]) is rules.TardinessStep
    assert type(validated.infractions["tardiness"].tardiness_steps[0]) is rules.TardinessStep
    assert type(validated.duplicates) is rules.Duplicates


def test_pydantic_reads_the_declaration() -> None:
    """The JSON schema pydantic derives names every field and bound the classes declare."""
    from pydantic import TypeAdapter

    schema = TypeAdapter(rules.Rules).json_schema()
    penalty = schema["$defs"]["Penalty"]
    assert set(penalty["properties"]) == {f.name for f in msgspec.structs.fields(rules.Penalty)}
    assert penalty["properties"]["points"]["maximum"] == 10
    assert penalty["additionalProperties"] is False
    assert set(schema["properties"]) == {f.name for f in msgspec.structs.fields(rules.Rules)}


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("points = 1", "points = 11", "penalties.single_warning.points: 11 — Input should be less"),
        ("version = 1", "verison = 1", "verison: unknown setting"),
        ("[sanctions]", "[sanctions]\nextra = 1", "sanctions.extra: unknown setting"),
        ('abbr = "注"\n', "", "penalties.caution.abbr: missing"),
    ],
)
def test_a_text_not_shipped_is_validated(old: str, new: str, problem: str) -> None:
    text = rules.shipped_rules_text().replace(old, new, 1)
    with pytest.raises(rules.RulesError) as caught:
        rules.parse_rules(text)
    assert problem in "\n".join(caught.value.problems)


def test_loading_the_shipped_rules_imports_no_pydantic() -> None:
    """The shipped text is read by `msgspec.convert`, not validated by pydantic."""
    code = (
        "import sys; from judgetui import rules; rules.load_rules(); "
        "print('pydantic' in sys.modules, 'pydantic_core' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == ["False", "False"]
