"""Paper: ``report slip ID`` and ``report slips --round N`` (penalty slips to print and
hand out), and ``record --at TIME --entered-late`` (a record written on paper during an
outage, entered afterwards by the head judge with the time it happened)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Any

from judgetui.cli.common import _emit_json
from judgetui.errors import CliError
from judgetui.i18n import _


def _moment(value: str) -> datetime:
    """``--at``: ``HH:MM`` (today), or a date and time (``2026-12-06 14:05``, ISO 8601 with
    or without a zone); without a zone, the station's local time."""
    try:
        if len(value.strip()) <= 5:
            return datetime.combine(date.today(), time.fromisoformat(value.strip()))
        return datetime.fromisoformat(value.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value!r} is no time: HH:MM, or YYYY-MM-DD HH:MM").format(value=value)
        ) from None


def late_options(record: argparse.ArgumentParser) -> None:
    record.add_argument(
        "--at", type=_moment, metavar="TIME", help=_("with --entered-late: when it happened")
    )
    record.add_argument(
        "--entered-late",
        action="store_true",
        help=_("a record written on paper during an outage, entered now (head judge)"),
    )


def happened_at(args: argparse.Namespace) -> datetime | None:
    """When a record entered later happened (None: recorded as it happens); ``--at`` and
    ``--entered-late`` go together."""
    if (args.at is None) != (not args.entered_late):
        raise CliError(
            _("--at TIME and --entered-late go together (a record written on paper)"),
            key="late_needs_both",
        )
    at: datetime | None = args.at
    return at


def slip_options(
    report_sub: Any,
    sub: Callable[[Any, str, str], argparse.ArgumentParser],
    round_type: Callable[[str], int],
) -> None:
    slip = sub(report_sub, "slip", _("a penalty slip to print and hand out"))
    slip.add_argument("id", help=_("the record's id, or its first 6+ characters"))
    slips = sub(report_sub, "slips", _("the round's penalty slips in one file"))
    slips.add_argument("--round", type=round_type, required=True, metavar="N", help=_("the round"))


def cmd_slips(args: argparse.Namespace, station: Any, state: Any) -> int:
    from judgetui.report_texts import slip

    if args.report_command == "slips":
        records = slip.slips_of_round(state, args.round)
        if args.json:
            _emit_json(
                {
                    "round": args.round,
                    "records": [r.id for r in records],
                    "text": slip.round_slips(state, args.round),
                }
            )
        elif records:
            sys.stdout.write(slip.round_slips(state, args.round))
        else:
            print(_("no penalty issued in round {n}").format(n=args.round))
        return 0
    # The id or a unique prefix, read as every command that takes a record's id reads it.
    record = state.records.get(station.planner.resolve(state, args.id, records_only=True))
    if record is None:
        raise CliError(_("no record {item!r}").format(item=args.id), key="unknown_record")
    if args.json:
        _emit_json({"record": record.id, "text": slip.slip_text(state, record)})
    else:
        sys.stdout.write(slip.slip_text(state, record))
    return 0
