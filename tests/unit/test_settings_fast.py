"""The settings' fast path (`judgetui.settings.plain_values`, issue 14 item 2) is pydantic's
verdict without pydantic.

A settings file cost every command ~100 ms (pydantic, and the schema's build) once the
settings cache went. `plain_values` builds the values straight from the parsed TOML when
every value is exactly what the declaration keeps, and says None otherwise (pydantic then
decides, and words the refusal). Held here: its table is the declaration's (read from the
schema pydantic makes of it), it never accepts what pydantic refuses, what it builds is
what pydantic dumps (the same keys in the same order), it takes every ordinary file, and
a command reading such a file does not import pydantic.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from judgetui import settings as judge_settings
from judgetui.settings import BINDING_ID, KEY_LIST, LANGUAGES, PLAIN_FIELDS, plain_values
from judgetui.settings_schema import Settings
from judgetui.station.themes import THEME_NAMES

ROOT = Path(__file__).resolve().parents[2]


def pydantic_values(data: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return Settings.model_validate(data).model_dump(exclude_unset=True)
    except ValidationError:
        return None


def test_the_table_is_the_declarations() -> None:
    schema = Settings.model_json_schema()
    assert schema["additionalProperties"] is False
    properties = schema["properties"]
    assert list(PLAIN_FIELDS) == list(Settings.model_fields) == list(properties)
    types = {"string": str, "integer": int, "object": dict}
    for key, (kind, low, high) in PLAIN_FIELDS.items():
        if key == "queue":  # a table of its own: [queue] attention_minutes
            table = schema["$defs"]["QueueSettings"]
            assert table["additionalProperties"] is False
            assert list(table["properties"]) == ["attention_minutes"]
            arms = table["properties"]["attention_minutes"]["anyOf"]
            [arm] = [a for a in arms if a.get("type") != "null"]
            assert (arm["type"], arm["minimum"], arm["maximum"]) == ("integer", low, high)
            continue
        declared = properties[key]
        [arm] = [a for a in declared.get("anyOf", [declared]) if a.get("type") != "null"]
        assert types[arm["type"]] is kind, key
        if key == "language":
            assert tuple(arm["enum"]) == LANGUAGES
        elif key == "keys":
            [(names, values)] = arm["patternProperties"].items()
            assert names == f"^{BINDING_ID}$"
            assert values == {"pattern": f"^{KEY_LIST}$", "type": "string"}
        elif kind is int:
            assert (arm["minimum"], arm["maximum"]) == (low, high)
        elif key != "theme":  # the theme is checked against the station's names
            assert (arm["minLength"], arm["maxLength"]) == (low, high)


TEXT = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["", "x", "~/event.json", "a\n", "é", "x" * 4096, "x" * 4097]),
)
VALUES = {
    "event_file": TEXT,
    "screenshot_dir": TEXT,
    "language": st.sampled_from(["en", "ja", "fr", "EN", "en\n", ""]),
    "theme": st.one_of(st.sampled_from(sorted(THEME_NAMES)), st.sampled_from(["nope", ""])),
    "refresh_ms": st.one_of(
        st.sampled_from([99, 100, 101, 250, 4999, 5000, 5001, -1, 0]), st.integers()
    ),
    "keys": st.dictionaries(
        st.one_of(
            st.sampled_from(["dashboard.new_incident", "a", "A", "1a", "a" * 64, "a" * 65]),
            st.from_regex(BINDING_ID, fullmatch=True),
        ),
        st.one_of(
            st.sampled_from(["n", "ctrl+n,f2", "?", "a,b,c,d", "a,b,c,d,e", "", "n\n", "Ω"]),
            st.from_regex(KEY_LIST, fullmatch=True),
        ),
        max_size=3,
    ),
    "queue": st.dictionaries(
        st.sampled_from(["attention_minutes", "minutes"]),
        st.one_of(st.sampled_from([0, 1, 10, 1440, 1441, -5, True]), st.integers()),
        max_size=2,
    ),
}
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=3),
    st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.integers()),
)  # fmt: skip


@st.composite
def settings_data(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key in draw(st.permutations(list(VALUES)))[: draw(st.integers(0, len(VALUES)))]:
        data[key] = draw(ODD) if draw(st.integers(0, 5)) == 0 else draw(VALUES[key])
    if draw(st.integers(0, 8)) == 0:
        data[draw(st.sampled_from(["unknown", "rules", "judge"]))] = "x"
    return data


@settings(max_examples=1500, deadline=None)
@given(settings_data())
def test_the_fast_path_never_disagrees_with_pydantic(data: dict[str, Any]) -> None:
    plain = plain_values(data)
    if plain is not None:
        expected = pydantic_values(data)
        assert expected is not None, data
        assert list(plain.items()) == list(expected.items())


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"language": "ja"},
        {"event_file": "~/events/open.json", "refresh_ms": 500, "theme": sorted(THEME_NAMES)[0]},
        {"screenshot_dir": "/tmp/shots", "keys": {"dashboard.new_incident": "n,f2"}},
        {"keys": {}, "language": "en", "refresh_ms": 100},
    ],
)
def test_every_ordinary_file_takes_the_fast_path(data: dict[str, Any]) -> None:
    assert plain_values(data) is not None
    assert plain_values(data) == pydantic_values(data)


def test_a_bad_file_is_still_refused_in_pydantics_words(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('refresh_ms = 50\nlanguage = "ja"\n', encoding="utf-8")
    with pytest.raises(judge_settings.SettingsError, match=r"refresh_ms = 50: "):
        judge_settings.load(str(path))
    path.write_text('refresh_ms = 500\nlanguage = "ja"\n', encoding="utf-8")
    loaded = judge_settings.load(str(path))
    assert loaded.values == {"language": "ja", "refresh_ms": 500}


PROGRAM = """
import json, sys
from judgetui.cli import main
code = main(sys.argv[1:])
print(json.dumps([code, "pydantic" in sys.modules]))
"""


def test_a_command_reading_a_settings_file_does_not_import_pydantic(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "en"\nrefresh_ms = 400\n', encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, "check-rules", "--config", str(config)],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=True,
    )  # fmt: skip
    assert json.loads(done.stdout.splitlines()[-1]) == [0, False], done.stderr
