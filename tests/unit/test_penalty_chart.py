"""The shape of the event (issue 28 item 9): `EventState.penalty_counts` counts the
penalties that stay on the official record by round and infraction, and `report event`
draws them as bars within 78 cells, in English and Japanese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import i18n, report_texts
from judgetui.service import Station
from judgetui.text import cell_width
from tests.helpers.cli import run
from tests.helpers.event import FLOOR, HEAD, record


@pytest.fixture
def event(station: Station) -> Station:
    """Round 1: two slow play Single Warnings, a Notice (not counted), a voided warning and
    a dismissed request (neither counted), a pending request (not yet counted); round 2:
    a Notice with a game loss (counted: its loss stays), a request upgraded by the head
    judge (counted once, as its replacement), a three-warning decision (not counted again)."""
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    record(station, HEAD, "P3", "slow_play", False, True)  # a Notice
    record(station, HEAD, "P4", "mulligan_error", penalty="single_warning")
    voided = station.load().history("P4")[-1]
    station.void(HEAD, voided.id, "wrong player")
    record(station, FLOOR, "P5", "cards_off_table", penalty="single_warning")
    request = station.load().history("P5")[-1]
    station.review(HEAD, request.id, "dismiss", note="no")
    record(station, FLOOR, "P6", "improper_notes", penalty="single_warning")  # pending
    station.set_round(HEAD, 2)
    record(station, HEAD, "P1", "previous_opponent_card", False, False)  # Notice + game loss
    record(station, FLOOR, "P2", "drawing_extra_cards", penalty="single_warning")
    upgraded = station.load().history("P2")[-1]
    station.review(HEAD, upgraded.id, "upgrade", penalty="double_warning")
    for infraction in ("mulligan_error", "improper_notes"):
        record(station, HEAD, "P1", infraction, penalty="single_warning")
    owed = station.load().decision_owed("P1")
    assert owed is not None
    station.decide(HEAD, "P1", owed.default)
    station.set_round(HEAD, 3)  # a round without a penalty yet
    return station


def test_penalty_counts_count_issued_penalties_that_stay_on_the_record(event: Station) -> None:
    state = event.load()
    counts = state.penalty_counts()
    assert counts.cells == {
        (1, "slow_play"): 2,
        (2, "previous_opponent_card"): 1,
        (2, "drawing_extra_cards"): 1,
        (2, "mulligan_error"): 1,
        (2, "improper_notes"): 1,
    }
    assert counts.by_round() == {1: 2, 2: 4}
    assert next(iter(counts.by_infraction().items())) == ("slow_play", 2)
    assert counts.by_infraction(1) == {"slow_play": 2}
    assert report_texts.penalties_by_round(state) == [(1, 2), (2, 4), (3, 0)]


def test_a_bar_chart_scales_to_the_largest_count_within_78_cells() -> None:
    lines = report_texts.bar_chart([("Round 1", 2), ("Round 2", 4), ("Round 3", 0)])
    assert [line.split()[-1] for line in lines] == ["2", "4", "0"]
    bars = [line.count("█") for line in lines]
    assert bars[1] == 40 and bars[0] == 20 and bars[2] == 0
    assert all(cell_width(line) <= 78 for line in lines)
    name = "デッキリストが（合法な）デッキと一致しない" * 3
    [long] = report_texts.bar_chart([(name, 7)])
    assert cell_width(long) <= 78 and "…" in long and long.endswith("█ 7")
    assert report_texts.sparkline([0, 1, 4, 8]) == "·▁▄█"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_event_draws_penalties_per_round_and_per_infraction(
    event: Station, capsys: pytest.CaptureFixture[str], db_path: Path, lang: str
) -> None:
    code, out, err = run(capsys, "report", "event", "--db", db_path, "--lang", lang)
    assert code == 0, err
    lines = out.splitlines()
    assert max(cell_width(line) for line in lines) <= 78
    with i18n.using(lang):  # type: ignore[arg-type]
        by_round, by_infraction = i18n._("By round"), i18n._("By infraction")
        round_label = i18n._("Round {n}")
        slow_play = event.load().rules.infractions["slow_play"]
        slow_name = slow_play.ja if lang == "ja" else slow_play.en
    start = lines.index(by_round)
    rounds = lines[start + 1 : start + 4]
    assert [r.split()[-1] for r in rounds] == ["2", "4", "0"]
    assert rounds[0].lstrip().startswith(round_label.format(n=1))
    assert [r.count("█") for r in rounds] == [20, 40, 0]
    infractions = lines[lines.index(by_infraction) + 1 :]
    first = infractions[0]
    assert first.lstrip().startswith(slow_name[:8]) and first.endswith("█ 2")
    code, out, err = run(capsys, "report", "event", "--db", db_path, "--json")
    counts = json.loads(out)["penalty_counts"]
    assert counts["by_round"] == [
        {"round": 1, "penalties": 2},
        {"round": 2, "penalties": 4},
        {"round": 3, "penalties": 0},
    ]
    assert counts["by_infraction"][0] == {"infraction": "slow_play", "penalties": 2}
