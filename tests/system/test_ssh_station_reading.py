"""Issue 28 item 4 over SSH: the station sshd's ForceCommand opens (`judgetui --db EVENT
ssh`) says what it reads on a large event before its first screen, on the judge's own
terminal (its stderr is the pseudo-terminal sshd gave ``ssh -tt``), and erases it.

See tests/helpers/ssh_harness.py for the real sshd and accounts. Needs root, sshd, ssh and
tmux; skipped otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.big_event import EVENT_NAME, make_big_event
from tests.helpers.ssh_harness import SshStation, missing_requirements

MISSING = missing_requirements()
pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(MISSING is not None, reason=f"ssh station: {MISSING}"),
]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[SshStation]:
    big = make_big_event(tmp_path / "event.json", 2000, 10_000)
    with SshStation() as station:
        station.db.write_bytes(big.read_bytes())  # the organiser's file: its mode and group
        yield station


def test_the_station_over_ssh_says_what_it_reads_before_its_first_screen(
    site: SshStation,
) -> None:
    reading = f"reading event.json ({round(site.db.stat().st_size / 1_000_000)} MB)…"
    pane = site.open_station(site.head, "big")
    pane.wait_for(reading, timeout=20, what="the reading line")
    pane.wait_for(EVENT_NAME, timeout=30, what="the station's first screen")
    assert "reading" not in pane.text()
