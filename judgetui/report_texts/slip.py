"""Penalty slips (`slip_text`, `round_slips`): what a judge hands a player and the
scorekeeper, on paper, when the station is down or a signature is wanted: the event, the
round, the table, the player, the infraction, the penalty, the rule, the judge, the time
and the record's id, in the station's language.

Plain text that prints on one page: at most `PAGE_LINES` lines of at most `SLIP_WIDTH`
cells (within a report's 78, and whole in the station's view at 80 columns); a note too
long for the page is cut there, and the slip says where the rest is.
The round's slips are one file, a form feed between two slips (one slip a page)."""

from __future__ import annotations

from judgetui import text
from judgetui.i18n import _
from judgetui.report_texts.common import WIDTH, local_time, penalty_phrase, wrap
from judgetui.report_texts.player import rules_cited
from judgetui.state import EventState, RecordState

#: The lines of a printed page (66 lines of 1/6 inch on 11 inches, fewer on A4).
PAGE_LINES = 66
#: A slip's width: a report's `WIDTH` less the station's margins and scroll bar.
SLIP_WIDTH = WIDTH - 6
#: Between two slips of one file: a printer starts a new page.
FORM_FEED = "\f"


def _entered(record: RecordState) -> str:
    """When a record entered later, from paper, was entered (empty for any other)."""
    if record.happened_at is None:
        return ""
    return _("entered later, from paper: {time}").format(time=local_time(record.at))


def slip_text(state: EventState, record: RecordState) -> str:
    """One record's penalty slip, at most `PAGE_LINES` lines of at most `SLIP_WIDTH` cells."""
    rules = state.rules
    player = state.players[record.player]
    table = _("none") if record.table is None else str(record.table)
    if record.game is not None:
        table += "  " + _("game {n}").format(n=record.game)
    status = text.record_status_name(record.status)
    fields = [
        (_("Event"), state.name),
        (_("Round"), str(record.round)),
        (_("Table"), table),
        (_("Player"), f"{player.id}  {player.name}"),
        (_("Infraction"), text.infraction_name(rules, record.infraction)),
        (_("Penalty"), penalty_phrase(state, record)),
        (_("Rule"), "\n".join(rules_cited(state, record)) or "-"),
        (_("Judge"), text.judge_text(record)),
        (_("Time"), "\n".join(filter(None, (local_time(record.happened), _entered(record))))),
        (_("Record"), record.id),
        (_("Status"), status),
    ]
    label = max(text.cell_width(name) for name, _value in fields) + 2
    title = _("PENALTY SLIP")
    lines = [title, "=" * SLIP_WIDTH, ""]
    for name, value in fields:
        lead = text.pad(name + ":", label)
        for n, own in enumerate(value.splitlines() or ["-"]):
            first = lead if n == 0 else " " * label
            lines += wrap(own, first, " " * label, SLIP_WIDTH)
    signatures = [
        "",
        _("Player's signature") + ": " + "_" * 30,
        "",
        _("Judge's signature") + ": " + "_" * 30,
    ]
    if record.note:
        lines += ["", _("Note") + ":"]
        note = [
            line for own in record.note.splitlines() for line in wrap(own, "  ", None, SLIP_WIDTH)
        ]
        room = PAGE_LINES - len(lines) - len(signatures) - 1
        if len(note) > room:
            note = [
                *note[: max(room - 1, 0)],
                "  " + _("… (the whole note: judgetui report player {id})").format(id=player.id),
            ]
        lines += note
    lines += signatures
    return "\n".join(lines[:PAGE_LINES]) + "\n"


def slips_of_round(state: EventState, number: int) -> list[RecordState]:
    """The round's records that stand as issued, by table (none last), then by when each
    happened: the slips a round hands out."""
    issued = [r for r in state.records.values() if r.round == number and r.status == "issued"]
    return sorted(issued, key=lambda r: (r.table is None, r.table or 0, r.happened, r.seq))


def round_slips(state: EventState, number: int) -> str:
    """Every slip of round ``number`` in one text, a form feed between two."""
    return FORM_FEED.join(slip_text(state, r) for r in slips_of_round(state, number))
