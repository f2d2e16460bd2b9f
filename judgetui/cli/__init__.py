"""The command line (see shared CLI.md). Only the station itself imports Textual."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec

import orjson

from judgetui import diagnostics, engine, errors, i18n, perf, tty
from judgetui.engine import Situation
from judgetui.errors import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN,
    CliError,
)
from judgetui.i18n import _, ngettext
from judgetui.rules import Rules, RulesError, load_rules, load_source, shipped_rules, summary
from judgetui.store import (
    EventFile,
    StoreWriteError,
    normalise_head,
)
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings
    from judgetui.state import EventState

_P = ParamSpec("_P")
#: Bounds of the numbers the command line takes: anything outside is bad input (exit 2),
#: refused before it reaches the service or the file.
MAX_ROUND = 1000
MAX_MINUTES = 24 * 60
MAX_DEMO_PLAYERS = 20_000
MAX_DEMO_RECORDS = 100_000
MAX_SEED = 2**32 - 1
#: The namespace attribute of a yes/no question's option: this prefix and the flag.
FLAG_DEST = "flag:"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("judgetui").strip()
        raise CliError(f"{where}: {message}" if where else message)


def _yes_no(value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("yes", "y", "true", "1", "はい"):
        return True
    if lowered in ("no", "n", "false", "0", "いいえ"):
        return False
    raise argparse.ArgumentTypeError(_("expected yes or no, not {value!r}").format(value=value))


def _int_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else one clear line."""

    def parse(value: str) -> int:
        text = value.strip()
        digits = text[1:] if text[:1] in ("-", "+") else text
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(
                _("expected a whole number, not {value!r}").format(value=_short(value))
            )
        # Too many digits is out of range without int(), which is slow on huge numbers.
        fits = len(digits.lstrip("0")) <= len(str(max(abs(low), abs(high))))
        if not fits or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                _("{value} is out of range ({low} to {high})").format(
                    value=_short(text), low=low, high=high
                )
            )
        return int(text)

    parse.__name__ = "number"
    return parse


def _short(value: str, limit: int = 24) -> str:
    return value if len(value) <= limit else value[:limit] + "…"


def _head(value: str) -> str:
    try:
        return normalise_head(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    default = None if top else argparse.SUPPRESS
    parser.add_argument("--db", default=default, help=_("the event file"))
    parser.add_argument(
        "--rules",
        default=default,
        help=_(
            "a rules file for check-rules, classify and event init (default: the shipped "
            "one); an event keeps its own rules"
        ),
    )
    parser.add_argument("--judge", default=default, help=_("who is acting"))
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=default,
        help=_("language of the output (default: the settings, else LANGUAGE, LC_ALL or LANG)"),
    )
    parser.add_argument(
        "--config",
        default=default,
        metavar="PATH",
        help=_("the settings file (default: $JUDGETUI_CONFIG, else the user's config folder)"),
    )
    parser.add_argument(
        "--log",
        default=default,
        metavar="FILE",
        help=_("the diagnostic log (default: the user's state folder)"),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        default=default if top else argparse.SUPPRESS,
        help=_("machine-readable output: keys, the same in every language"),
    )


def _flags(parser: argparse.ArgumentParser, rules: Rules) -> None:
    """One option per yes/no question of ``rules`` (`judgetui.engine.questions`), and
    ``--minutes``: a question added to the rules is an option of ``record`` and
    ``classify`` with nothing written here."""
    from judgetui import text
    from judgetui.engine import questions

    for option, flag in questions.options(rules).items():
        words = text.question_text(rules, flag).replace("%", "%%")  # argparse formats help
        try:
            parser.add_argument(
                f"--{option}", dest=FLAG_DEST + flag, action="store_true", help=words
            )
        except argparse.ArgumentError:
            raise CliError(
                _("the rules' question {flag!r} takes --{option}, which is taken").format(
                    flag=flag, option=option
                )
            ) from None
    parser.add_argument(
        "--minutes", type=_int_in(0, MAX_MINUTES), help=_("minutes late (tardiness)")
    )


def _context_options(parser: argparse.ArgumentParser) -> None:
    """The incident's context: where it happened and what the table was given."""
    parser.add_argument(
        "--table",
        type=_int_in(TABLE_MIN, TABLE_MAX),
        metavar="N",
        help=_("the table the incident happened at"),
    )
    parser.add_argument(
        "--game", type=_int_in(GAME_MIN, GAME_MAX), metavar="N", help=_("the game of the match")
    )
    parser.add_argument(
        "--opponent",
        metavar="ID",
        help=_("the other player at the table (linked to the incident, not penalised)"),
    )
    parser.add_argument(
        "--extension",
        type=_int_in(EXTENSION_MIN, EXTENSION_MAX),
        metavar="MINUTES",
        help=_("a time extension given to the table"),
    )


def build_parser(rules: Rules | None = None) -> argparse.ArgumentParser:
    """The command line; ``record`` and ``classify`` take the questions of ``rules``
    (default: the shipped rules) as options."""
    rules = shipped_rules() if rules is None else rules
    parser = _Parser(prog="judgetui", description=_("The judge station for card-game tournaments."))
    _common(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        _common(p, top=False)
        return p

    demo = command("demo", _("create a realistic demo event and open it"))
    demo.add_argument("--players", type=_int_in(1, MAX_DEMO_PLAYERS), default=64)
    demo.add_argument("--records", type=_int_in(0, MAX_DEMO_RECORDS), default=120)
    demo.add_argument("--seed", type=_int_in(0, MAX_SEED), default=2026)
    demo.add_argument("--no-open", action="store_true")
    demo.add_argument("--force", action="store_true", help=_("replace an existing file"))

    check = command("check-rules", _("validate a rules file"))
    check.add_argument("path", nargs="?")

    classify = command("classify", _("the guided classification, without recording"))
    classify.add_argument("--intentional", type=_yes_no, required=True)
    classify.add_argument("--disruptive", type=_yes_no, required=True)
    classify.add_argument("--infraction")
    _flags(classify, rules)
    classify.add_argument("--finals", action="store_true", help=_("classify for the final rounds"))

    event = command(
        "event", _("create the event, set the round or the number of rounds, enter the finals")
    )
    event_sub = event.add_subparsers(dest="event_command", parser_class=_Parser, required=True)
    init = event_sub.add_parser("init")
    _common(init, top=False)
    init.add_argument("--name", required=True)
    init.add_argument("--head-judge", required=True)
    init.add_argument("--floor-judge", action="append", default=[])
    init.add_argument("--rounds", type=_int_in(1, MAX_ROUND))
    init.add_argument(
        "--judge-account",
        action="append",
        default=[],
        metavar="NAME=USER",
        help=_("bind a judge to an OS account"),
    )
    rnd = event_sub.add_parser("round")
    _common(rnd, top=False)
    rnd.add_argument("number", type=_int_in(1, MAX_ROUND))
    rnd.add_argument(
        "--back",
        action="store_true",
        help=_("allow setting the round back to an earlier one"),
    )
    total = event_sub.add_parser(
        "rounds", help=_("the head judge changes the number of rounds (a log entry)")
    )
    _common(total, top=False)
    total.add_argument("number", type=_int_in(1, MAX_ROUND))
    fin = event_sub.add_parser("finals")
    _common(fin, top=False)
    judge = event_sub.add_parser("judge")
    _common(judge, top=False)
    judge.add_argument("name")
    judge.add_argument("--account", help=_("bind to an OS account"))
    show = event_sub.add_parser("show")
    _common(show, top=False)
    change = event_sub.add_parser(
        "rules", help=_("the head judge changes the event's rules (a log entry)")
    )
    _common(change, top=False)
    change.add_argument("file", help=_("the new rules file"))

    players = command("players", _("import players"))
    players_sub = players.add_subparsers(
        dest="players_command", parser_class=_Parser, required=True
    )
    imp = players_sub.add_parser("import")
    _common(imp, top=False)
    imp.add_argument("file")
    imp.add_argument(
        "--encoding",
        default=None,
        help=_("the roster's encoding: utf-8, utf-16 or cp932 (default: detected)"),
    )

    record = command("record", _("record a penalty"))
    record.add_argument("--player", action="append", required=True)
    record.add_argument("--infraction", required=True)
    record.add_argument("--intentional", type=_yes_no, required=True)
    record.add_argument("--disruptive", type=_yes_no, required=True)
    _flags(record, rules)
    record.add_argument("--note", default="")
    record.add_argument("--penalty")
    record.add_argument(
        "--request",
        action="store_true",
        help=_("as a floor judge, ask the head judge to issue it"),
    )
    _context_options(record)
    record.add_argument(
        "--same-as",
        metavar="ID",
        help=_(
            "attach this report to that earlier record as a witness note (--note says what "
            "you saw) instead of a second penalty"
        ),
    )

    command("queue", _("what waits for the head judge"))

    review = command("review", _("confirm, upgrade or dismiss a queue item"))
    review.add_argument("item")
    review.add_argument("action", choices=("confirm", "upgrade", "dismiss"))
    review.add_argument("penalty", nargs="?")
    review.add_argument("--note", default="")
    minor = review.add_mutually_exclusive_group()
    minor.add_argument("--minor", dest="minor", action="store_true", default=None)
    minor.add_argument("--not-minor", dest="minor", action="store_false")

    decide = command("decide", _("decide a three-warning penalty"))
    decide.add_argument("player")
    decide.add_argument("penalty")
    decide.add_argument("--strong-cheating", action="store_true")
    decide.add_argument("--advantage", action="store_true")
    decide.add_argument("--between-matches", action="store_true")
    decide.add_argument("--note", default="")

    void = command(
        "void",
        _(
            "void a record or a decision made in error (head judge; a reason is required): "
            "it stays in the log, stops counting, and what rested on it is reopened"
        ),
    )
    void.add_argument("id", help=_("the record's or decision's id, or its first 6+ characters"))
    void.add_argument("--note", help=_("why it is voided (required)"))

    player = command("player", _("one player's standing and history"))
    player.add_argument("id")

    history = command("history", _("the records that match, newest first"))
    history.add_argument("--player", metavar="ID")
    history.add_argument("--infraction", metavar="KEY")
    history.add_argument("--round", type=_int_in(1, MAX_ROUND), metavar="N")
    history.add_argument("--table", type=_int_in(TABLE_MIN, TABLE_MAX), metavar="N")

    export = command("export", _("export the event"))
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("-o", "--output")

    verify = command("verify", _("check the penalty log's integrity"))
    verify.add_argument(
        "--head",
        type=_head,
        metavar="HASH",
        help=_(
            "a head taken earlier (an export's, or the one on a round's slip; at least its "
            "first 16 hex digits): also check that the log still holds that entry"
        ),
    )
    report = command("report", _("the head judge's reports: round list, player, event"))
    report_sub = report.add_subparsers(dest="report_command", parser_class=_Parser, required=True)
    rround = report_sub.add_parser(
        "round",
        help=_("the scorekeeper's list for a round (default: the current round)"),
    )
    _common(rround, top=False)
    rround.add_argument("number", nargs="?", type=_int_in(1, MAX_ROUND))
    rround.add_argument(
        "--enter",
        action="append",
        default=[],
        metavar="ID",
        help=_("the head judge marks an item of the list as entered (a log entry)"),
    )
    rplayer = report_sub.add_parser(
        "player", help=_("a disqualification / investigation report draft for one player")
    )
    _common(rplayer, top=False)
    rplayer.add_argument("id")
    revent = report_sub.add_parser("event", help=_("the organiser's official record"))
    _common(revent, top=False)

    investigation = command("investigation", _("close an investigation (head judge)"))
    inv_sub = investigation.add_subparsers(
        dest="investigation_command", parser_class=_Parser, required=True
    )
    close = inv_sub.add_parser("close", help=_("close an open investigation with a finding"))
    _common(close, top=False)
    close.add_argument("record", help=_("the record's id, or its first 6+ characters"))
    close.add_argument("--finding", help=_("the head judge's finding (required)"))
    command("ssh", _("the entry point for sshd's ForceCommand (see docs/SSH.md)"))
    command("config", _("where settings are looked for, and what they hold"))
    return parser


# -- helpers -----------------------------------------------------------------------


def _db_path(args: argparse.Namespace) -> str:
    """--db, then $JUDGETUI_DB, then the settings' event_file, then judgetui.json."""
    return _db_choice(args)[0]


def _db_choice(args: argparse.Namespace) -> tuple[str, str]:
    """The event file and where that choice came from (for `judgetui config`)."""
    if args.db:
        return str(args.db), "--db"
    if env := os.environ.get("JUDGETUI_DB"):
        return env, "$JUDGETUI_DB"
    if (default := _settings(args).event_file) is not None:
        return str(default), "settings"
    return "judgetui.json", "default"


def _settings(args: argparse.Namespace) -> LoadedSettings:
    """The settings, read the first time a command needs a value from them."""
    loaded: LoadedSettings | None = getattr(args, "_settings", None)
    if loaded is None:
        from judgetui import settings

        fresh = args.command in (None, "config", "demo")
        loaded = settings.load(getattr(args, "config", None))
        if fresh and loaded.keys:
            # the keymap names the station's bindings: checking it imports Textual
            from judgetui.station import keymap

            keymap.check(loaded.keys, loaded.path)
        args._settings = loaded
    return loaded


def _language(args: argparse.Namespace) -> i18n.Language:
    """--lang, then the settings' language, then the environment's (LANGUAGE, LC_ALL, ...)."""
    return _language_choice(args)[0]


def _language_choice(args: argparse.Namespace) -> tuple[i18n.Language, str]:
    if args.lang:
        return args.lang, "--lang"
    if (chosen := _settings(args).language) is not None:
        return chosen, "settings"
    language, var = i18n.language_source()
    return language, f"${var}" if var else "default"


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` (default: the shipped ones), for the commands that take
    them at face value: check-rules, classify without an event, event init and demo."""
    return load_rules(args.rules)


def _station(args: argparse.Namespace) -> Any:
    """The service over the event file. An existing event uses the rules in its log;
    a ``--rules`` file is validated, gives a new event (event init) its rules, and on
    an existing event must be the event's own (by sha256) or the command is refused."""
    from judgetui.service import Station

    if args.rules is None:
        return Station(EventFile(_db_path(args)), shipped_rules())
    source = load_source(args.rules)
    return Station(EventFile(_db_path(args)), source.rules, expected_rules=source.sha256)


def _station_rules(args: argparse.Namespace) -> None:
    """Before the station opens: ``--rules`` valid and, on an existing event, its own."""
    station = _station(args)
    if args.rules is not None and station.file.exists():
        station.load()


def _emit_json(value: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(value, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


def _situation_flags(args: argparse.Namespace) -> frozenset[str]:
    """The flags of the yes/no options given (see `_flags`)."""
    return frozenset(
        name.removeprefix(FLAG_DEST)
        for name, given in vars(args).items()
        if name.startswith(FLAG_DEST) and given
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line parsed with the questions of the rules it runs on.

    The parser first offers the shipped rules' questions. A ``record`` or ``classify``
    given an option they lack is parsed again with the questions of its own rules (the
    event's, or classify's ``--rules``), so a question an event's rules add is an option
    there; an option neither knows is argparse's usual one-line error (exit 2).
    """
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        rules = _rules_in_effect(args)
        if rules is not None:
            parser = build_parser(rules)
        args = parser.parse_args(argv)
    return args


def _rules_in_effect(args: argparse.Namespace) -> Rules | None:
    """The rules a ``record`` (the event's) or ``classify`` (``--rules``) runs on, when
    they are not the shipped ones; None otherwise, or when they cannot be read (the
    command itself then says why, or argparse refuses the unknown option)."""
    if args.command == "classify" and args.rules is not None:
        return load_rules(args.rules)
    if args.command != "record":
        return None
    try:
        station = _station(args)
        return station.load().rules if station.file.exists() else None
    except Exception:  # the command's own run reports the problem
        return None


# -- commands ----------------------------------------------------------------------


def cmd_check_rules(args: argparse.Namespace) -> int:
    path = args.path or args.rules
    rules = load_rules(path)
    print(_("rules OK: {summary}").format(summary=summary(rules)))
    return 0


def cmd_classify(args: argparse.Namespace) -> int:
    from judgetui import text

    rules = _rules(args)
    if args.infraction is not None and args.infraction not in rules.infractions:
        raise CliError(_("unknown infraction {key!r}").format(key=args.infraction))
    situation = Situation(
        intentional=args.intentional,
        disruptive=args.disruptive,
        infraction=args.infraction,
        flags=_situation_flags(args),
        minutes_late=args.minutes,
        phase="finals" if args.finals else "main",
    )
    result = engine.classify(rules, situation)
    if args.json:
        _emit_json(
            {
                "minimum": result.minimum.headline,
                "recommended": result.recommended.headline,
                "minimum_parts": {
                    "warning": result.minimum.warning,
                    "sanction": result.minimum.sanction,
                },
                "recommended_parts": {
                    "warning": result.recommended.warning,
                    "sanction": result.recommended.sanction,
                },
                "category": result.category,
                "investigation": result.investigation,
                "every_player": result.every_player,
                "applies": result.sanction_applies,
                "reasons": text.neutral_reasons(rules, result.reasons),
                "rules": [r.rule for r in result.reasons],
            }
        )
        return 0
    print(_("Minimum:     {penalty}").format(penalty=text.outcome_name(rules, result.minimum)))
    print(_("Recommended: {penalty}").format(penalty=text.outcome_name(rules, result.recommended)))
    if result.sanction_applies:
        print(
            _("Applies to:  {which}").format(
                which=text.applies_text(result.sanction_applies, result.recommended.sanction)
            )
        )
    if result.investigation:
        print(_("A Triple Warning opens an investigation."))
    if result.every_player:
        print(_("Give it to every player involved."))
    print(_("Why:"))
    for reason in result.reasons:
        print(f"  - {text.reason_text(rules, reason)}")
    return 0


def cmd_event(args: argparse.Namespace) -> int:
    station = _station(args)
    if args.event_command == "init":
        accounts: dict[str, str] = {}
        for item in args.judge_account:
            name, sep, user = item.partition("=")
            if not sep or not name or not user:
                raise CliError(_("--judge-account wants NAME=USER, not {item!r}").format(item=item))
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
    if args.event_command == "judge":
        from pydantic import ValidationError

        from judgetui.models import Judge

        try:
            new = Judge(name=args.name, role="floor", os_user=args.account)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise CliError(f"judge {err['loc'][0]}: {err['msg']}") from None
        station.add_judge(args.judge, new)
        print(_("judge {name} added").format(name=args.name))
        return 0
    from judgetui.reports import event_dict

    state = station.load()
    if args.json:
        _emit_json(event_dict(state))
    else:
        print(event_text(state))
    return 0


def event_text(state: EventState) -> str:
    """``event show`` for a person: words, not Python values (``--json`` keeps the data)."""
    from judgetui.text import phase_name

    roles = {"head": _("head judge"), "floor": _("floor judge")}
    rounds = (
        _("{n} of {total}").format(n=state.round, total=state.rounds)
        if state.rounds is not None
        else _("{n} (number of rounds not set)").format(n=state.round)
    )
    judges = _(", ").join(
        f"{j.name} ({roles.get(j.role, j.role)}" + (f", {j.os_user})" if j.os_user else ")")
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
    return "\n".join(lines)


def cmd_players(args: argparse.Namespace) -> int:
    from judgetui.roster import RosterError, read_roster

    try:
        roster = read_roster(args.file, args.encoding)
    except RosterError as exc:
        raise CliError(str(exc)) from None
    station = _station(args)
    from judgetui.service import renamed_players

    renamed = renamed_players(station.load(), roster.players)
    station.import_players(args.judge, roster.players)
    print(roster.summary(args.file))
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


def cmd_record(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.service import RecordRequest

    station = _station(args)
    request = RecordRequest(
        players=args.player,
        infraction=args.infraction,
        intentional=args.intentional,
        disruptive=args.disruptive,
        flags=_situation_flags(args),
        minutes_late=args.minutes,
        note=args.note,
        penalty=args.penalty,
        request=args.request,
        table=args.table,
        game=args.game,
        opponent=args.opponent,
        extension=args.extension,
        same_as=args.same_as,
    )
    result = station.record(args.judge, request)
    if result.witness_of is not None:
        if args.json:
            _emit_json(
                {"incident": result.incident, "records": [], "witness_of": result.witness_of}
            )
        else:
            print(
                _("witness note added to record {id}: no second penalty").format(
                    id=result.witness_of
                )
            )
        return 0
    if result.possible_duplicate_of is not None:
        print(
            "judgetui: "
            + _(
                "possible duplicate of record {id} (another judge, same player and "
                "infraction, this round): recorded anyway; --same-as {id} attaches instead"
            ).format(id=result.possible_duplicate_of),
            file=sys.stderr,
        )
    if args.json:
        _emit_json(
            {
                "incident": result.incident,
                "possible_duplicate_of": result.possible_duplicate_of,
                "records": [
                    {
                        "id": r.id,
                        "player": r.player,
                        "penalty": r.penalty,
                        "warning": r.warning,
                        "sanction": r.sanction,
                        "status": r.status,
                        "points": r.points,
                        "points_after": r.points_after,
                        "decision_owed": r.decision_owed,
                    }
                    for r in result.records
                ],
            }
        )
        return 0
    rules = station.rules
    for r in result.records:
        name = text.penalty_name(rules, r.penalty)
        if r.player is None:
            print(_("Caution given (verbal, not recorded against the player)."))
            continue
        if r.status == "pending":
            print(
                _("{player}: {penalty} sent to the head judge as a request ({id})").format(
                    player=r.player, penalty=name, id=r.id
                )
            )
        else:
            print(
                _("{player}: {penalty} recorded ({id}); {points} points now").format(
                    player=r.player, penalty=name, id=r.id, points=r.points_after
                )
            )
        if r.decision_owed:
            print(
                _("{player} has {points} points: the head judge owes a decision").format(
                    player=r.player, points=r.points_after
                )
            )
    return 0


def cmd_queue(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.reports import queue_dict

    station = _station(args)
    items = station.queue()
    if args.json:
        _emit_json([queue_dict(i) for i in items])
        return 0
    if not items:
        print(_("the queue is empty"))
    for item in items:
        print(
            f"{item.id}  {text.pad(text.queue_kind_name(item.kind), 10)}  "
            f"{text.pad(item.player, 12)}  "
            f"{text.pad(text.penalty_name(station.rules, item.penalty), 18)}  "
            f"{item.judge or ''}  {item.at}"
        )
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from judgetui import text

    if args.action != "upgrade" and args.penalty is not None:
        raise CliError(
            _("review {action} takes no penalty (only upgrade KEY does)").format(action=args.action)
        )
    station = _station(args)
    entries = station.review(
        args.judge, args.item, args.action, args.penalty, args.note, args.minor
    )
    if args.json:
        _emit_json({"entry": entries[0]["seq"], "item": args.item, "action": args.action})
    else:
        print(
            _("{item}: {action}").format(
                item=args.item, action=text.review_action_name(args.action)
            )
        )
    return 0


def cmd_decide(args: argparse.Namespace) -> int:
    from judgetui import text

    station = _station(args)
    station.decide(
        args.judge,
        args.player,
        args.penalty,
        strong_cheating=args.strong_cheating,
        between_matches=args.between_matches,
        advantage=args.advantage,
        note=args.note,
    )
    if args.json:
        _emit_json({"player": args.player, "penalty": args.penalty})
    else:
        print(
            _("{player}: {penalty}").format(
                player=args.player, penalty=text.penalty_name(station.rules, args.penalty)
            )
        )
    return 0


def cmd_void(args: argparse.Namespace) -> int:
    station = _station(args)
    [entry] = station.void(args.judge, args.id, args.note)
    kind = "record" if entry["kind"] == "record_voided" else "decision"
    target = entry["data"][kind]
    if args.json:
        _emit_json({"entry": entry["seq"], "voided": target, "kind": kind})
    else:
        print(_("{id}: voided").format(id=target))
    return 0


def cmd_player(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.reports import player_dict

    station = _station(args)
    state = station.load()
    if args.id not in state.players:
        raise CliError(_("unknown player {id!r}").format(id=args.id))
    data = player_dict(state, args.id)
    if args.json:
        _emit_json(data)
        return 0
    rules = station.rules
    print(
        f"{data['id']}  {data['name']}  {text.player_status_name(data['status'])}  "
        + _("{points} points ({phase})").format(
            points=data["points"], phase=text.phase_name(data["phase"])
        )
    )
    lines: list[tuple[int, str]] = []
    for r in state.history(args.id):
        judge = r.judge
        if r.supersedes is not None and r.reviewed_by and r.reviewed_by != r.judge:
            judge = f"{r.judge} → {r.reviewed_by}"
        lines.append(
            (
                r.seq,
                f"  R{r.round} {text.pad(text.phase_name(r.phase), 12)} "
                f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
                f"{text.pad(text.record_status_name(r.status), 10)} "
                f"{text.infraction_name(rules, r.infraction)}  {judge}  {r.id}"
                + "".join(
                    f"\n      {extra}"
                    for extra in (text.context_line(r), *map(text.witness_line, r.witnesses))
                    if extra
                ),
            )
        )
    for d in state.players[args.id].decisions:
        status = "voided" if d.voided_by is not None else "reopened" if d.reopened_by else ""
        lines.append(
            (
                d.seq,
                f"  R{d.round} {text.pad(text.phase_name(d.phase), 12)} "
                f"{text.pad(text.penalty_name(rules, d.penalty), 18)} "
                f"{text.pad(text.record_status_name(status) if status else _('decided'), 10)} "
                + i18n.ngettext(
                    "three-warning decision at {n} point",
                    "three-warning decision at {n} points",
                    d.points,
                ).format(n=d.points)
                + f"  {d.judge}  {d.id}",
            )
        )
    for _seq, line in sorted(lines):
        print(line)
    if data["decision"]:
        d = data["decision"]
        print(
            _("the head judge owes a decision: allowed {options}; default {default}").format(
                options=", ".join(text.penalty_name(rules, k) for k in d["options"]),
                default=text.penalty_name(rules, d["default"]),
            )
        )
    return 0


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
    if args.report_command == "player":
        if args.id not in state.players:
            raise CliError(_("unknown player {id!r}").format(id=args.id))
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
    if args.json:
        _emit_json(report_texts.event_report_dict(state))
    else:
        sys.stdout.write(report_texts.event_report_text(state))
    return 0


def cmd_investigation(args: argparse.Namespace) -> int:
    station = _station(args)
    [entry] = station.close_investigation(args.judge, args.record, args.finding)
    record = entry["data"]["record"]
    if args.json:
        _emit_json({"entry": entry["seq"], "closed": record})
    else:
        print(_("{id}: investigation closed").format(id=record))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from judgetui import text
    from judgetui.history import HistoryFilter, matching_entries
    from judgetui.reports import decision_dict, record_dict
    from judgetui.state import DecisionState

    station = _station(args)
    state = station.load()
    if args.player is not None and args.player not in state.players:
        raise CliError(_("unknown player {id!r}").format(id=args.player))
    if args.infraction is not None and args.infraction not in state.rules.infractions:
        raise CliError(_("unknown infraction {key!r}").format(key=args.infraction))
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
            print(
                f"R{r.round} {text.pad('-', 6)} "
                f"{text.pad(r.player, 10)} "
                f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
                f"{text.pad(text.decision_status_name(r), 10)} "
                f"{text.decision_what(r)}  {r.judge}  {r.at}  {r.id}"
            )
            if r.note:
                print(f"    {r.note}")
            continue
        print(
            f"R{r.round} {text.pad(_('T{n}').format(n=r.table) if r.table else '-', 6)} "
            f"{text.pad(r.player, 10)} "
            f"{text.pad(text.penalty_name(rules, r.penalty), 18)} "
            f"{text.pad(text.record_status_name(r.status), 10)} "
            f"{text.infraction_name(rules, r.infraction)}  {r.judge}  {r.at}  {r.id}"
        )
        context = text.context_line(r)
        if context:
            print(f"    {context}")
        for w in r.witnesses:
            print("    " + text.witness_line(w))
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
            raise CliError(str(exc)) from None
    state = station.load()
    blob = export_json(state) if args.format == "json" else export_csv(state).encode()
    if target is None:
        sys.stdout.buffer.write(blob)
        return 0
    try:
        write_export(target, blob, station.file)
    except ExportRefused as exc:
        raise CliError(str(exc)) from None
    except StoreWriteError as exc:
        raise CliError(str(exc), code=4) from None  # CLI.md: 4, could not save
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
    if args.no_open:
        return 0
    return _open_station(args, judge=args.judge or state.head_judge_name())


def cmd_ssh(args: argparse.Namespace) -> int:
    from judgetui import ssh_entry

    return ssh_entry.run(args, ssh_entry.CommandLine(build_parser, _open_station, COMMANDS))


def _open_station(args: argparse.Namespace, judge: str | None = None) -> int:
    _station_rules(args)
    settings = _settings(args)  # bad settings: exit 2 before anything is on screen
    if (problem := tty.missing_terminal()) is not None:
        raise CliError(problem)
    perf.long_lived()  # the station is a long-lived process (see perf.one_shot)
    from judgetui.station.app import run_station

    db = _db_path(args)
    diagnostics.info("station start: %s (uid %d)", db, os.getuid())
    code = 1
    try:
        code = run_station(
            db=db,
            rules_path=args.rules,
            judge=judge or args.judge,
            language=_language(args),
            settings=settings,
        )
    finally:
        diagnostics.info("station stop: exit %d", code)
    return code


COMMANDS = {
    "check-rules": cmd_check_rules,
    "classify": cmd_classify,
    "event": cmd_event,
    "players": cmd_players,
    "record": cmd_record,
    "queue": cmd_queue,
    "review": cmd_review,
    "decide": cmd_decide,
    "void": cmd_void,
    "player": cmd_player,
    "history": cmd_history,
    "export": cmd_export,
    "report": cmd_report,
    "investigation": cmd_investigation,
    "verify": cmd_verify,
    "demo": cmd_demo,
    "ssh": cmd_ssh,
    "config": cmd_config,
}


@perf.one_shot
def main(argv: Sequence[str] | None = None) -> int:
    command: str | None = None
    warnings = _StderrWarnings()
    logging.getLogger("judgetui.store").addHandler(warnings)
    try:
        # --lang first: argparse's help and errors are written in it
        wanted = i18n.language_from_argv(sys.argv[1:] if argv is None else argv)
        i18n.set_language(wanted or i18n.default_language())
        with i18n.argparse_language():
            args = parse_args(argv)
        if args.log:
            diagnostics.configure(args.log)
        command = args.command
        i18n.set_language(_language(args))
        if args.command is None:
            return _open_station(args)
        return COMMANDS[args.command](args)
    except Exception as exc:
        if command == "check-rules" and isinstance(exc, RulesError):
            for line in str(exc).splitlines():  # the one command that lists them all
                print(f"judgetui: {line}", file=sys.stderr)
            return EXIT_BAD_INPUT
        found = errors.problem(exc)
        if found is None:
            raise
        if found.logged is not None:
            diagnostics.warning("%s: %s: %s", found.logged, command, errors.describe(exc))
        print(f"judgetui: {found.line}", file=sys.stderr)
        return found.code
    except KeyboardInterrupt:
        return 130
    finally:
        logging.getLogger("judgetui.store").removeHandler(warnings)


class _StderrWarnings(logging.Handler):
    """The store's warnings (a write onto a broken chain) as one line each on stderr."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        line = " ".join(record.getMessage().split())
        print("judgetui: " + _("warning: {message}").format(message=line), file=sys.stderr)
