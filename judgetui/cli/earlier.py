"""Earlier events on the command line: ``event earlier`` (the head judge names their
files, a log entry) and ``history --from-event FILE`` (their records, information only)."""

from __future__ import annotations

import argparse
import os

from judgetui import earlier, text
from judgetui.cli.common import _emit_json, _station
from judgetui.errors import CliError
from judgetui.i18n import _, ngettext


def _described(found: earlier.Earlier) -> str:
    if isinstance(found, earlier.EarlierProblem):
        return f"{found.path}: {found.reason}"
    count = len(found.state.records)
    return f"{found.path}: {found.state.name}, " + ngettext(
        "{n} record, the log verified", "{n} records, the log verified", count
    ).format(n=count)


def cmd_event_earlier(args: argparse.Namespace) -> int:
    """No file: what the event names now; files: name them; --clear: name none."""
    station = _station(args)
    if args.files and args.clear:
        raise CliError(_("give earlier events' files or --clear, not both"), key="earlier_both")
    files = [os.path.abspath(f) for f in args.files]
    if files or args.clear:
        station.set_earlier_events(args.judge, files)
    named = station.load().earlier_events
    found = earlier.read_all(named)
    if args.json:
        _emit_json(
            [
                {"file": f.path, "problem": getattr(f, "reason", None)}
                | ({"event": f.state.name} if isinstance(f, earlier.EarlierEvent) else {})
                for f in found
            ]
        )
    else:
        print("\n".join(map(_described, found)) or _("no earlier events"))
    return 0


def history_from_events(args: argparse.Namespace) -> int:
    """``history --from-event FILE ... [--player ID]``: the records of earlier events,
    newest first, a player's found by DCI number, else by id. Nothing is counted."""
    from judgetui.report_texts import wrap
    from judgetui.reports import record_dict

    if any(getattr(args, o) is not None for o in ("judge", "infraction", "round", "table")):
        raise CliError(_("--from-event takes only --player"), key="from_event_filters")
    found = earlier.read_all(os.path.abspath(f) for f in args.from_event)
    for problem in (f for f in found if isinstance(f, earlier.EarlierProblem)):
        raise CliError(problem.line(), key="earlier_event_unusable")
    if args.player is None:
        rows = [
            (e, r)
            for e in found
            if isinstance(e, earlier.EarlierEvent)
            for r in e.state.records.values()
        ]
    else:
        state = _station(args).load()
        if args.player not in state.players:
            raise CliError(_("unknown player {id!r}").format(id=args.player), key="unknown_player")
        rows = earlier.records_for(found, state.players[args.player])
    rows.sort(key=lambda row: row[1].at, reverse=True)
    if args.json:
        _emit_json(
            [record_dict(r) | {"event": e.state.name, "event_file": e.path} for e, r in rows]
        )
        return 0
    print(_("earlier events, information only (nothing of them counts here):"))
    for e, r in rows:
        rules = e.state.rules
        line = (
            f"  {e.state.name}  R{r.round}  {text.pad(r.player, 10)} "
            f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
            f"{text.pad(text.record_status_name(r.status), 10)} "
            f"{text.infraction_name(rules, r.infraction)}  {r.judge}  {r.at}"
        )
        print("\n".join(wrap(line, rest=" " * 6)))
    if not rows:
        print("  " + _("no record matches"))
    return 0
