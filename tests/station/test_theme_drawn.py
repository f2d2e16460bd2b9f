"""``TEXTUAL_THEME`` names the theme that is drawn, not only the one the App is told
(issue 26, item 11): checked in a station process of its own, where Textual reads the
variable as it does for a judge, against the colours the same theme draws from the
settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from judgetui.service import Station
from judgetui.station import themes

ROOT = Path(__file__).resolve().parents[2]


def drawn_in_a_station(db: Path, env: dict[str, str]) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.helpers.drawn_theme", str(db)],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    drawn: dict[str, str] = orjson.loads(done.stdout)
    return drawn


@pytest.mark.parametrize("theme", [themes.LIGHT, themes.CONTRAST])
def test_textual_theme_draws_the_station_theme_it_names(
    station: Station, db_path: Path, theme: str
) -> None:
    from_env = drawn_in_a_station(db_path, {"TEXTUAL_THEME": theme})
    config = db_path.parent / "config.toml"
    config.write_text(f'theme = "{theme}"\n')
    from_settings = drawn_in_a_station(db_path, {"JUDGETUI_CONFIG": str(config)})
    assert from_settings["theme"] == theme
    assert from_env == from_settings
    background = next(t for t in themes.judgetui_themes() if t.name == theme).background
    assert from_env["screen"].upper() == str(background).upper()


def test_textual_theme_naming_a_textual_theme_still_draws_it(
    station: Station, db_path: Path
) -> None:
    assert drawn_in_a_station(db_path, {"TEXTUAL_THEME": "nord"})["screen"].upper() == "#2E3440"
