"""The head judge's hand-overs, built from an event's state: read-only, pure, no I/O.

- the scorekeeper's **round list** (`round_list`: `round_items`, `round_dict`,
  `round_text`): the game and match losses to apply in a round, ejections and
  disqualifications, time extensions by table, each with its "entered" mark;
- the **player report** (`player`: `player_report`): a disqualification / investigation
  report draft, plain text that pastes into a form or an e-mail;
- the organiser's **event report** (`event`: `event_report_dict`, `event_report_text`):
  the official record at the end, with its `investigations`;
- the **judges' report** (`judges`: `judges_dict`, `judges_text`): per judge and round,
  the calls, their wait for the head judge and its outcome; trainees' calls side by side;
- what they share (`common`): the sanction groups, times, notes, a record's penalty, and
  `wrap`, which keeps every line of a report and of the CLI's lists within `WIDTH` (78)
  terminal cells (ids are printed shortened: `judgetui.state.EventState.short_id`).

The CLI prints these; the station's screens render them; neither computes its own.
Every name is re-exported here: ``from judgetui import report_texts`` is the way in.
"""

from __future__ import annotations

from judgetui.report_texts.common import (
    EXTENSION,
    LOSSES,
    REMOVALS,
    WIDTH,
    bar,
    bar_chart,
    clip,
    local_time,
    penalties_by_round,
    sparkline,
    when,
    wrap,
)
from judgetui.report_texts.event import event_report_dict, event_report_text
from judgetui.report_texts.investigations import investigation_entry, investigations_dict
from judgetui.report_texts.judges import judges_dict, judges_text
from judgetui.report_texts.player import (
    classification_of,
    player_report,
    player_timeline,
    rules_cited,
)
from judgetui.report_texts.round_list import (
    RoundItem,
    closing_line,
    entered_text,
    extensions_by_table,
    item_kind_name,
    item_line,
    loss_details,
    players_text,
    round_dict,
    round_items,
    round_text,
    table_name,
)

__all__ = [
    "EXTENSION",
    "LOSSES",
    "REMOVALS",
    "WIDTH",
    "RoundItem",
    "bar",
    "bar_chart",
    "classification_of",
    "clip",
    "closing_line",
    "entered_text",
    "event_report_dict",
    "event_report_text",
    "extensions_by_table",
    "investigation_entry",
    "investigations_dict",
    "item_kind_name",
    "item_line",
    "judges_dict",
    "judges_text",
    "local_time",
    "loss_details",
    "penalties_by_round",
    "player_report",
    "player_timeline",
    "players_text",
    "round_dict",
    "round_items",
    "round_text",
    "rules_cited",
    "sparkline",
    "table_name",
    "when",
    "wrap",
]
