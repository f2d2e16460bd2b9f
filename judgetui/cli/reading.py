"""The commands that read the event: queue, player, history, export, verify, report
(``report round --enter`` is the one that also writes, a mark on the round's list)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from judgetui.cli.common import _db_path, _emit_json, _station
from judgetui.errors import EXIT_BROKEN, CliError
from judgetui.i18n import _, ngettext
from judgetui.store import EventFile, StoreWriteError

if TYPE_CHECKING:
    from judgetui.state import EventState


def _print_wrapped(line: str, rest: str) -> None:
    """``line`` wrapped to 78 terminal cells (`judgetui.report_texts.wrap`), its own lines
    kept, each continuation led by ``rest``."""
    from judgetui.report_texts import wrap

    for own in line.splitlines():
        print("\n".join(wrap(own, rest=rest)))


def cmd_queue(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.reports import queue_dict

    station = _station(args)
    items = station.queue()
    now = station.planner.clock()
    if args.json:
        _emit_json([queue_dict(i, now) for i in items])
        return 0
    if not items:
        print(_("the queue is empty"))
    state = station.load() if items else None
    for item in items:
        seconds = item.waiting_seconds(now)
        waiting = (
            _("waiting under a minute")
            if seconds < 60
            else _("waiting {time}").format(time=text.waited(seconds))
        )
        shown = item.id if state is None else state.short_id(item.id)
        _print_wrapped(
            f"{shown}  {text.pad(text.queue_kind_name(item.kind), 10)}  "
            f"{text.pad(item.player, 12)}  "
            f"{text.pad(text.penalty_name(station.rules, item.penalty), 18)}  "
            f"{item.judge or ''}  {item.at}  {waiting}",
            " " * 10,
        )
    return 0


def cmd_player(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.reports import player_dict

    station = _station(args)
    state = station.load()
    if args.id not in state.players:
        raise CliError(_("unknown player {id!r}").format(id=args.id), key="unknown_player")
    data = player_dict(state, args.id)
    if args.json:
        _emit_json(data)
        return 0
    rules = station.rules
    _print_wrapped(
        f"{data['id']}  {data['name']}  {text.player_status_name(data['status'])}  "
        + ngettext("{points} point ({phase})", "{points} points ({phase})", data["points"]).format(
            points=data["points"], phase=text.phase_name(data["phase"])
        ),
        "  ",
    )
    lines: list[tuple[tuple[str, int], str]] = []
    for r in state.history(args.id):
        judge = r.judge
        if r.supersedes is not None and r.reviewed_by and r.reviewed_by != r.judge:
            judge = f"{r.judge} → {r.reviewed_by}"
        lines.append(
            (
                (r.happened, r.seq),
                f"  R{r.round} {text.pad(text.phase_name(r.phase), 12)} "
                f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
                f"{text.pad(text.record_status_name(r.status), 10)} "
                f"{text.infraction_name(rules, r.infraction)}  {judge}  {state.short_id(r.id)}"
                + "".join(
                    f"\n      {extra}"
                    for extra in (
                        text.context_line(r),
                        text.late_line(r),
                        *map(text.witness_line, r.witnesses),
                    )
                    if extra
                ),
            )
        )
    for d in state.players[args.id].decisions:
        lines.append(
            (
                (d.at, d.seq),
                f"  R{d.round} {text.pad(text.phase_name(d.phase), 12)} "
                f"{text.pad(text.penalty_name(rules, d.penalty), 18)} "
                f"{text.pad(text.decision_status_name(state, d), 10)} "
                f"{text.decision_what(d)}  {d.judge}  {state.short_id(d.id)}",
            )
        )
    if (pairing := data["pairing"]) is not None:
        print(
            "  " + text.pairing_line(state, pairing["round"], pairing["table"], pairing["opponent"])
        )
    for _seq, line in sorted(lines):
        _print_wrapped(line, " " * 6)
    if data["decision"]:
        d = data["decision"]
        _print_wrapped(
            _("the head judge owes a decision: allowed {options}; default {default}").format(
                options=", ".join(text.penalty_name(rules, k) for k in d["options"]),
                default=text.penalty_name(rules, d["default"]),
            ),
            "  ",
        )
    return 0


def _last_round(state: EventState) -> int:
    """The last round a record can be in: the current one, or a later one a record or a
    decision was made in before the head judge set the round back."""
    return max(
        state.round,
        max((r.round for r in state.records.values()), default=0),
        max((d.round for d in state.decisions.values()), default=0),
    )


def cmd_history(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.history import HistoryFilter, matching_entries
    from judgetui.reports import decision_dict, record_dict
    from judgetui.state import DecisionState

    if args.from_event:
        from judgetui.cli.earlier import history_from_events

        return history_from_events(args)
    if args.notes:
        from judgetui.cli.note import history_notes

        return history_notes(args)
    station = _station(args)
    state = station.load()
    if args.player is not None and args.player not in state.players:
        raise CliError(_("unknown player {id!r}").format(id=args.player), key="unknown_player")
    if args.infraction is not None and args.infraction not in state.rules.infractions:
        raise CliError(
            _("unknown infraction {key!r}").format(key=args.infraction), key="unknown_infraction"
        )
    if args.judge is not None and args.judge.casefold() not in {j.casefold() for j in state.judges}:
        raise CliError(
            _("unknown judge {name!r} (judges of this event: {known})").format(
                name=args.judge, known=", ".join(state.judges) or _("none")
            ),
            key="unknown_judge",
        )
    if args.round is not None and args.round > (last := _last_round(state)):
        raise CliError(
            _("round {n} is out of range: the event has reached round {last}").format(
                n=args.round, last=last
            ),
            key="round_out_of_range",
        )
    wanted = HistoryFilter(
        player=args.player,
        judge=args.judge,
        infraction=args.infraction,
        round=args.round,
        table=args.table,
    )
    found = matching_entries(state, wanted, exact=True)
    if args.json:
        _emit_json(
            [decision_dict(r) if isinstance(r, DecisionState) else record_dict(r) for r in found]
        )
        return 0
    if not found:
        print(_("no record matches"))
        return 0
    rules = station.rules
    for r in found:
        if isinstance(r, DecisionState):
            _print_wrapped(
                f"R{r.round} {text.pad('-', 6)} "
                f"{text.pad(r.player, 10)} "
                f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
                f"{text.pad(text.decision_status_name(state, r), 10)} "
                f"{text.decision_what(r)}  {r.judge}  {r.at}  {state.short_id(r.id)}",
                " " * 4,
            )
            if r.note:
                _print_wrapped(f"    {r.note}", " " * 4)
            continue
        _print_wrapped(
            f"R{r.round} {text.pad(_('T{n}').format(n=r.table) if r.table else '-', 6)} "
            f"{text.pad(r.player, 10)} "
            f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
            f"{text.pad(text.record_status_name(r.status), 10)} "
            f"{text.infraction_name(rules, r.infraction)}  {r.judge}  {r.happened}  "
            f"{state.short_id(r.id)}",
            " " * 4,
        )
        for context in (text.context_line(r), text.late_line(r)):
            if context:
                _print_wrapped(f"    {context}", " " * 4)
        for w in r.witnesses:
            _print_wrapped("    " + text.witness_line(w), " " * 6)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from judgetui.export_target import ExportRefused, check_export_target, write_export
    from judgetui.reports import export_csv, export_json

    station = _station(args)
    target = Path(args.output) if args.output else None
    if target is not None:
        try:  # before the event is read: a refused target costs nothing
            check_export_target(target, station.file)
        except ExportRefused as exc:
            raise CliError(str(exc), key="export_refused") from None
    if args.bom and args.format != "csv":
        raise CliError(
            _("--bom is for --format csv (a spreadsheet's file), not {format}").format(
                format=args.format
            ),
            key="bom_needs_csv",
        )
    if args.format == "event":
        return _export_event(args, station.file, target)
    state = station.load()
    csv_text = export_csv(state, bom=args.bom) if args.format == "csv" else None
    blob = export_json(state) if csv_text is None else csv_text.encode()
    if target is None:
        sys.stdout.buffer.write(blob)
        return 0
    try:
        write_export(target, blob, station.file)
    except ExportRefused as exc:
        raise CliError(str(exc), key="export_refused") from None
    except StoreWriteError as exc:
        raise CliError(
            str(exc), code=4, key="export_not_saved"
        ) from None  # CLI.md: 4, could not save
    written = {
        "written": str(target),
        "format": args.format,
        "records": len(state.records),
        "decisions": len(state.decisions),
        "head": state.head,
    }
    if args.json:
        _emit_json(written)
    else:
        print(
            _(
                "wrote {path} ({format}): {records} records, {decisions} decisions, head {head}"
            ).format(path=target, **{k: v for k, v in written.items() if k != "written"})
        )
    return 0


def _export_event(args: argparse.Namespace, file: EventFile, target: Path | None) -> int:
    """``export --format event``: the file's very bytes (one whole version, unparsed: the
    mirror that reads them checks them, not the station), to stdout or ``-o``."""
    from judgetui.export_target import ExportRefused, write_export

    blob = file.read_bytes()
    if target is None:
        sys.stdout.buffer.write(blob)
        sys.stdout.buffer.flush()
        return 0
    try:
        write_export(target, blob, file)
    except ExportRefused as exc:
        raise CliError(str(exc), key="export_refused") from None
    except StoreWriteError as exc:
        raise CliError(str(exc), code=4, key="write_failed") from None
    if args.json:
        _emit_json({"written": str(target), "format": "event", "bytes": len(blob)})
    else:
        print(_("wrote {path} (the event file, {n} bytes)").format(path=target, n=len(blob)))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    result = EventFile(_db_path(args)).verify(head=args.head)
    if args.json:
        _emit_json(
            {
                "ok": result.ok,
                "head": result.head,
                "count": result.count,
                "first_bad": result.first_bad_seq,
                "problem": result.problem,
            }
        )
    elif result.ok and result.anchor_seq is not None:
        print(
            _(
                "log intact: {count} entries, head {head}; it still holds {given} "
                "(entry {seq}), so it only grew since"
            ).format(count=result.count, head=result.head, given=args.head, seq=result.anchor_seq)
        )
    elif result.ok:
        print(
            _("log intact: {count} entries, head {head}").format(
                count=result.count, head=result.head
            )
        )
    else:
        print(_("log broken: {problem}").format(problem=result.problem))
    return 0 if result.ok else EXIT_BROKEN


def cmd_report(args: argparse.Namespace) -> int:
    from judgetui import report_texts

    station = _station(args)
    if args.report_command == "round":
        state = station.load()
        number = args.number or state.round
        if args.enter:
            station.mark_entered(args.judge, args.enter, number)
            state = station.load()
        if args.json:
            _emit_json(report_texts.round_dict(state, number))
        else:
            sys.stdout.write(report_texts.round_text(state, number))
        return 0
    state = station.load()
    if args.report_command in ("slip", "slips"):
        from judgetui.cli.paper import cmd_slips

        return cmd_slips(args, station, state)
    if args.report_command == "player":
        if args.id not in state.players:
            raise CliError(_("unknown player {id!r}").format(id=args.id), key="unknown_player")
        if args.json:
            _emit_json(
                {
                    "player": args.id,
                    "head": state.head,
                    "text": report_texts.player_report(state, args.id),
                }
            )
        else:
            sys.stdout.write(report_texts.player_report(state, args.id))
        return 0
    if args.report_command == "judges":
        if args.round is not None and args.round > (last := _last_round(state)):
            raise CliError(
                _("round {n} is out of range: the event has reached round {last}").format(
                    n=args.round, last=last
                ),
                key="round_out_of_range",
            )
        if args.json:
            _emit_json(report_texts.judges_dict(state, args.round))
        else:
            sys.stdout.write(report_texts.judges_text(state, args.round))
        return 0
    if args.json:
        _emit_json(report_texts.event_report_dict(state))
    else:
        sys.stdout.write(report_texts.event_report_text(state))
    return 0
