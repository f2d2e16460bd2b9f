"""Issue 29 items 3 and 4: ``report judges [--round N]``, per judge and per round: how many
calls, how long they waited for the head judge (median, worst: from the record to the
head judge's review) and how many the head judge confirmed, upgraded, dismissed; and each
trainee's calls beside the head judge's outcome, a mentor's review sheet, in en and ja,
within 78 columns, ``--json`` as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui.rules import Rules
from judgetui.text import cell_width
from tests.helpers.cli import refused, run, run_json
from tests.helpers.trainees import FLOOR, HEAD, TRAINEE, mentored_event


def _by_judge(data: dict[str, object]) -> dict[str, dict[str, object]]:
    return {j["judge"]: j for j in data["judges"]}  # type: ignore[attr-defined, index]


def test_report_judges_counts_each_judges_calls_waits_and_outcomes_per_round(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "event.json"
    mentored_event(db, rules)
    judges = _by_judge(run_json(capsys, "report", "judges", "--db", db))
    [floor] = judges[FLOOR]["rounds"]  # type: ignore[misc]
    assert floor["round"] == 1 and floor["calls"] == 3
    assert (floor["waited_median_s"], floor["waited_worst_s"]) == (4 * 60, 10 * 60)
    outcomes = floor["outcomes"]
    assert (outcomes["confirmed"], outcomes["upgraded"], outcomes["dismissed"]) == (1, 1, 1)
    first, second = judges[TRAINEE]["rounds"]  # type: ignore[misc]
    assert (first["calls"], first["waited_median_s"], first["waited_worst_s"]) == (4, 180, 360)
    assert first["outcomes"]["downgraded"] == 1
    assert (second["round"], second["calls"], second["waited_median_s"]) == (2, 1, None)
    assert second["outcomes"]["waiting"] == 1
    [own] = judges[HEAD]["rounds"]  # type: ignore[misc]
    assert (own["calls"], own["outcomes"]["issued"], own["waited_worst_s"]) == (1, 1, None)
    assert judges[TRAINEE]["total"]["calls"] == 5  # type: ignore[index]


def test_report_judges_sets_each_trainees_calls_beside_the_head_judges_outcome(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "event.json"
    mentored_event(db, rules)
    [sheet] = run_json(capsys, "report", "judges", "--db", db)["trainees"]
    assert sheet["judge"] == TRAINEE
    seen = [
        (c["player"], c["penalty"], c["outcome"], (c["head_judge"] or {}).get("penalty"))
        for c in sheet["calls"]
    ]
    assert seen == [
        ("p4", "notice", "agreed", "notice"),
        ("p5", "notice", "upgraded", "single_warning"),
        ("p6", "single_warning", "downgraded", "notice"),
        ("p7", "single_warning", "dismissed", None),
        ("p8", "notice", "waiting", None),
    ]
    assert sheet["calls"][0]["head_judge"]["judge"] == HEAD
    assert sheet["calls"][2]["review_note"] == "a Notice was enough"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_judges_is_a_mentors_sheet_within_78_columns_in_each_language(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    db = tmp_path / "event.json"
    mentored_event(db, rules)
    code, out, err = run(capsys, "report", "judges", "--db", db, "--lang", lang)
    assert code == 0, err
    assert all(cell_width(line) <= 78 for line in out.splitlines())
    words = {
        "en": ("## Round 1", "## Trainees: their calls beside the head judge's",
               f"{HEAD}'s call: Single Warning — upgraded (waited 5 min)",
               "Trainee's note: Took long over blocks.", "None", "True"),
        "ja": ("## ラウンド 1", "## 研修ジャッジ：その判定とヘッドジャッジの判定",
               f"{HEAD}の判定：単一警告（格上げ済み） （待ち時間 5分）",
               "研修ジャッジのメモ：Took long over blocks.", "None", "True"),
    }[lang]  # fmt: skip
    for said in words[:-2]:
        assert said in out
    for never in words[-2:]:
        assert never not in out
    table = next(line for line in out.splitlines() if line.startswith(f"  {FLOOR}"))
    assert table.split()[2:] == ["3", "4", "min", "10", "min", "1", "1", "1"] or lang == "ja"


def test_report_judges_round_shows_that_round_only_and_refuses_one_not_reached(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "event.json"
    mentored_event(db, rules)
    data = run_json(capsys, "report", "judges", "--round", "2", "--db", db)
    assert data["round"] == 2
    assert [c["player"] for c in data["trainees"][0]["calls"]] == ["p8"]
    assert _by_judge(data)[FLOOR]["rounds"] == []
    code, out, _err = run(capsys, "report", "judges", "--round", "2", "--db", db)
    assert code == 0 and "## Round 2" in out and "## Round 1" not in out
    refused(capsys, db, 2, "report", "judges", "--round", "9", "--db", db)
