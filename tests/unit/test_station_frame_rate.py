"""The station asks Textual for 120 frames a second unless ``TEXTUAL_FPS`` says otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.unit

PROBE = "import judgetui.station.app, textual.constants as c; print(c.MAX_FPS)"


def max_fps(extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_FPS"} | extra
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_the_station_draws_a_change_within_a_120th_of_a_second() -> None:
    assert max_fps({}) == "120"


def test_a_frame_rate_set_in_the_environment_is_kept() -> None:
    assert max_fps({"TEXTUAL_FPS": "30"}) == "30"
