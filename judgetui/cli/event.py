"""The organiser's commands: check-rules, event (init, round, rounds, finals, judge,
rules, show), players import, config, and demo."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from judgetui import diagnostics
from judgetui.cli.common import (
    _db_choice,
    _db_path,
    _emit_json,
    _language_choice,
    _open_station,
    _rules,
    _settings,
    _station,
)
from judgetui.errors import CliError
from judgetui.i18n import _, ngettext
from judgetui.rules import load_rules, load_source, summary

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings
    from judgetui.state import EventState


def cmd_check_rules(args: argparse.Namespace) -> int:
    path = args.path or args.rules
    rules = load_rules(path)
    print(_("rules OK: {summary}").format(summary=summary(rules)))
    return 0


def cmd_event(args: argparse.Namespace) -> int:
    station = _station(args)
    if args.event_command == "init":
        accounts: dict[str, str] = {}
        for item in args.judge_account:
            name, sep, user = item.partition("=")
            if not sep or not name or not user:
                raise CliError(
                    _("--judge-account wants NAME=USER, not {item!r}").format(item=item),
                    key="bad_judge_account",
                )
            accounts[name] = user
        state = station.create_event(
            args.name, args.head_judge, args.floor_judge, rounds=args.rounds, accounts=accounts
        )
        print(
            _("created {path}: {name}, head judge {head}").format(
                path=station.file.path, name=state.name, head=args.head_judge
            )
        )
        return 0
    if args.event_command == "round":
        station.set_round(args.judge, args.number, back=args.back)
        print(_("round {n}").format(n=args.number))
        return 0
    if args.event_command == "rounds":
        station.set_rounds(args.judge, args.number)
        print(
            ngettext("the event has {n} round", "the event has {n} rounds", args.number).format(
                n=args.number
            )
        )
        return 0
    if args.event_command == "rules":
        source = load_source(args.file)
        station.change_rules(args.judge, source)
        print(
            _("the event's rules are now {path} (sha256 {short})").format(
                path=args.file, short=source.short
            )
        )
        return 0
    if args.event_command == "finals":
        station.enter_finals(args.judge)
        print(_("the final rounds have begun: warning counts start again from zero"))
        return 0
    if args.event_command == "earlier":
        from judgetui.cli.earlier import cmd_event_earlier

        return cmd_event_earlier(args)
    if args.event_command == "judge":
        from judgetui.service import floor_judge

        station.add_judge(args.judge, floor_judge(args.name, args.account, args.trainee))
        done = _("trainee {name} added") if args.trainee else _("judge {name} added")
        print(done.format(name=args.name))
        return 0
    if args.event_command == "takeover":
        mark = station.standby()
        station.take_over(args.judge)
        state = station.load()
        print(
            _(
                "taken over: this copy (pulled {when}) is the event of record now, head "
                "{head}; the old station's last head was {old}"
            ).format(
                when=mark.pulled_at if mark else "-",
                head=state.head,
                old=state.taken_over[mark.copy].text if mark else "-",
            )
        )
        return 0
    from judgetui.reports import event_dict

    state = station.load()
    if args.json:
        _emit_json(event_dict(state))
    else:
        print(event_text(state))
    return 0


def event_text(state: EventState) -> str:
    """``event show`` for a person: words, not Python values (``--json`` keeps the data),
    each line within 78 cells (`judgetui.report_texts.wrap`; the rules' sha256 whole)."""
    from judgetui.report_texts import wrap
    from judgetui.text import phase_name, role_name

    rounds = (
        _("{n} of {total}").format(n=state.round, total=state.rounds)
        if state.rounds is not None
        else _("{n} (number of rounds not set)").format(n=state.round)
    )
    judges = _(", ").join(
        f"{j.name} ({role_name(j.role)}" + (f", {j.os_user})" if j.os_user else ")")
        for j in state.judges.values()
    )
    lines = [
        _("Event: {name}").format(name=state.name),
        _("Round: {rounds}, {phase}").format(rounds=rounds, phase=phase_name(state.phase)),
        _("Judges: {judges}").format(judges=judges),
        _("Bound to OS accounts: {answer}").format(answer=_("yes") if state.bound else _("no")),
        _("Created: {at}").format(at=state.created_at),
        ngettext(
            "Cautions: {n} (not recorded)", "Cautions: {n} (not recorded)", state.cautions
        ).format(n=state.cautions),
        ngettext("Log: {n} entry", "Log: {n} entries", state.count).format(n=state.count),
        _("Rules: version {version}, sha256 {sha}").format(
            version=state.rules.version, sha=state.rules_source().sha256
        ),
    ]
    return "\n".join(part for line in lines for part in wrap(line, rest="  "))


def cmd_players(args: argparse.Namespace) -> int:
    from judgetui.roster import Columns, RosterError, read_roster

    columns = Columns(
        id=args.id_column,
        name=tuple(args.name_column or ()),
        reading=args.reading_column,
        dci=args.dci_column,
        table=args.table_column,
    )
    try:
        roster = read_roster(args.file, args.encoding, columns)
    except RosterError as exc:
        raise CliError(str(exc), key="bad_roster") from None
    station = _station(args)
    from judgetui.service import renamed_players

    renamed = renamed_players(station.load(), roster.players)
    station.import_players(args.judge, roster.players)
    print(roster.summary(args.file))
    if (chosen := roster.columns_line()) is not None:
        print(chosen)
    if (ignored := roster.ignored_line()) is not None:
        print(ignored)
    # A re-imported CSV keeps the ids and takes the new names: say which, on stderr.
    for pid, old, new in renamed:
        print(
            _("judgetui: {id} renamed: {old} → {new}").format(id=pid, old=old, new=new),
            file=sys.stderr,
        )
    n = len(roster.players)
    print(ngettext("{n} player imported", "{n} players imported", n).format(n=n))
    return 0


def cmd_config(args: argparse.Namespace) -> int:
    """Where settings are looked for, the file found, and every effective value's source."""
    from judgetui.station import themes

    loaded = _settings(args)
    theme, theme_from = themes.theme_source(loaded.theme, os.environ)
    language, language_from = _language_choice(args)
    event_file, event_from = _db_choice(args)
    log_file = diagnostics.log_file()
    effective: dict[str, tuple[object, str]] = {
        "event_file": (event_file, event_from),
        "language": (language, language_from),
        "theme": (theme, theme_from),
        "refresh_ms": (loaded.refresh_ms, _from_file(loaded, "refresh_ms")),
        "screenshot_dir": (str(loaded.screenshot_dir), _from_file(loaded, "screenshot_dir")),
        "keys": (loaded.keys, _from_file(loaded, "keys")),
        "log": (str(log_file), "--log" if args.log else "default"),
    }
    if args.json:
        _emit_json(
            {
                "searched": [
                    {
                        "where": c.label,
                        "path": None if c.path is None else str(c.path),
                        "found": c.found,
                    }
                    for c in loaded.candidates
                ],
                "file": None if loaded.path is None else str(loaded.path),
                "values": {
                    key: {"value": value, "source": source}
                    for key, (value, source) in effective.items()
                },
            }
        )
        return 0
    print(_("Settings are looked for in this order (the first found is used):"))
    for n, c in enumerate(loaded.candidates, 1):
        if c.path is None:
            where = _("not given") if c.label.startswith("--") else _("not set")
        else:
            where = str(c.path) + ("  " + _("(found)") if c.found else "")
        print(f"  {n}. {c.label:<18} {where}")
    if loaded.path is None:
        print(_("Settings file: none found (every value is its default)"))
    else:
        print(_("Settings file: {path}").format(path=loaded.path))
    print(_("Effective values:"))
    for key, (value, source) in effective.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} = {v}" for k, v in value.items()) or "-"
        print(f"  {key:<15} {value}  [{_source_name(source)}]")
    if loaded.keys:
        print(_("(the keys are checked and applied when the station starts)"))
    return 0


def _from_file(loaded: LoadedSettings, key: str) -> str:
    return "settings" if loaded.is_set(key) else "default"


def _source_name(source: str) -> str:
    if source == "settings":
        return _("settings file")
    if source == "default":
        return _("default")
    return source


def cmd_demo(args: argparse.Namespace) -> int:
    from judgetui.demo import DEMO_FILE, write_demo

    # A demo never lands on a real event's default file: without --db (or JUDGETUI_DB)
    # it has a file of its own, made afresh on every run.
    fresh = not (args.db or os.environ.get("JUDGETUI_DB"))
    if fresh:
        args.db = DEMO_FILE
    path = _db_path(args)
    rules = _rules(args)
    from datetime import UTC, datetime, timedelta

    state = write_demo(
        path,
        rules,
        players=args.players,
        records=args.records,
        seed=args.seed,
        force=args.force or fresh,
        ending_at=datetime.now(UTC) - timedelta(minutes=3),
    )
    print(
        _("demo event written to {path}: {players} players, {records} records").format(
            path=path, players=len(state.players), records=len(state.records)
        )
    )
    if not any(player.status == "active" for player in state.players.values()):
        print(
            _(
                "judgetui: every player was ejected or disqualified before {records} records "
                "were made; more --players leaves room for more records"
            ).format(records=args.records),
            file=sys.stderr,
        )
    if args.no_open:
        return 0
    return _open_station(args, judge=args.judge or state.head_judge_name())
