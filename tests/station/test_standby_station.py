"""The station on a mirror's copy (issue 30 item 3): a banner says it is a standby copy
and of when, every write is refused, and once the head judge takes it over (from the
command line, as docs/SSH.md's drill has it) the banner goes and the station writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui import cli
from judgetui.rules import Rules
from judgetui.service import NotPermitted, Station
from judgetui.store.copy import read_mark
from tests.helpers.event import FIXED_NOW, HEAD, record
from tests.helpers.station import header_text, make_app, pilot_test, service_on, session_of, settle


@pilot_test
async def test_a_standby_copy_opens_with_its_banner_refuses_writes_until_taken_over(
    station: Station, tmp_path: Path, rules: Rules
) -> None:
    record(station, HEAD, "P1", "slow_play")
    copy = tmp_path / "standby.json"
    primary = station.file.path
    assert cli.main(["mirror", "--from", f"cat {primary}", "--to", str(copy)]) == 0
    mark = read_mark(copy)
    assert mark is not None
    app = make_app(service_on(copy, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(200, 30)) as pilot:
        await settle(pilot)
        session = session_of(app)
        assert session.standby == mark
        header = header_text(app)
        assert f"A standby copy of cat {primary}, as pulled {mark.pulled_at}" in header
        assert "read-only until the head judge takes it over" in header
        with pytest.raises(NotPermitted, match="a standby copy: take it over first"):
            session.set_round(2)
        assert cli.main(["event", "takeover", "--db", str(copy), "--judge", HEAD]) == 0
        await settle(pilot, lambda: session_of(app).standby is None)
        await pilot.pause()
        assert "standby" not in header_text(app)
        session_of(app).set_round(2)
        assert session_of(app).refresh() or session_of(app).state.round == 2
