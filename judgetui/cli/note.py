"""``judgetui note TEXT [--table N]``: a judge's note about the event itself, naming no
player (a log entry), and ``history --notes``, the notes that match, newest first."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from judgetui.cli.common import _emit_json, _station
from judgetui.errors import CliError
from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.state.shapes import EventNote


def note_options(note: argparse.ArgumentParser, table_type: Any) -> None:
    note.add_argument("text", help=_("the note (a table's lights out, a round started late, …)"))
    note.add_argument("--table", type=table_type, metavar="N", help=_("the table it is about"))


def note_line(note: EventNote) -> str:
    """One note as `history --notes` lists it: round, table, judge, time, then the text."""
    from judgetui import text

    table = _("T{n}").format(n=note.table) if note.table else "-"
    return f"R{note.round} {text.pad(table, 6)} {note.judge}  {note.at}\n    {note.text}"


def cmd_note(args: argparse.Namespace) -> int:
    station = _station(args)
    note = station.note(args.judge, args.text, args.table)
    if args.json:
        from judgetui.report_texts.event import note_dict

        _emit_json(note_dict(note))
    else:
        print(
            _("event note written (round {round}, {judge})").format(
                round=note.round, judge=note.judge
            )
        )
    return 0


def history_notes(args: argparse.Namespace) -> int:
    """The event notes that match ``--judge``, ``--round`` and ``--table``, newest first."""
    from judgetui.report_texts import wrap

    if args.player is not None or args.infraction is not None:
        raise CliError(
            _(
                "event notes name no player and no infraction: --notes takes --judge, "
                "--round and --table"
            ),
            key="notes_filter",
        )
    state = _station(args).load()
    judge = None if args.judge is None else args.judge.casefold()
    found = [
        n
        for n in reversed(state.notes)
        if (judge is None or n.judge.casefold() == judge)
        and (args.round is None or n.round == args.round)
        and (args.table is None or n.table == args.table)
    ]
    if args.json:
        from judgetui.report_texts.event import note_dict

        _emit_json([note_dict(n) for n in found])
    elif not found:
        print(_("no event note matches"))
    for n in [] if args.json else found:
        print(
            "\n".join(line for own in note_line(n).splitlines() for line in wrap(own, rest="    "))
        )
    return 0
