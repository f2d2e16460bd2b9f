"""`judgetui.report_texts` is a package split by report; the old import path keeps working."""

from __future__ import annotations

from pathlib import Path

import judgetui.report_texts as report_texts
from judgetui.report_texts import common, event, investigations, player, round_list

# Every name imported from judgetui.report_texts by the CLI, the station and the tests.
USED = (
    "EXTENSION",
    "LOSSES",
    "event_report_dict",
    "event_report_text",
    "extensions_by_table",
    "item_kind_name",
    "local_time",
    "player_report",
    "round_dict",
    "round_items",
    "round_text",
    "table_name",
)


def test_every_name_used_today_is_re_exported() -> None:
    missing = [name for name in USED if not hasattr(report_texts, name)]
    assert missing == []
    assert set(report_texts.__all__) <= set(dir(report_texts))


def test_each_report_module_is_at_most_500_lines() -> None:
    sizes = {
        module.__name__: len(Path(str(module.__file__)).read_text(encoding="utf-8").splitlines())
        for module in (report_texts, common, event, investigations, player, round_list)
    }
    assert {name: n for name, n in sizes.items() if n > 500} == {}
