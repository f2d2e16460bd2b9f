"""The command line's parser: every command and option (shared CLI.md), the option types
(a bad value is one line and exit 2), and the parse that takes an event's own questions."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

from judgetui.cli.common import _station
from judgetui.cli.note import note_options
from judgetui.cli.options import (
    _common,
    _int_in,
    _mirror_options,
    _options_for_help,
    _Parser,
    _station_args,
    building,
)
from judgetui.cli.pairings import pairings_options
from judgetui.cli.paper import late_options, slip_options
from judgetui.cli.tokens import HELP_OPTIONS, command_named
from judgetui.errors import CliError
from judgetui.i18n import _
from judgetui.rules import Rules, load_rules, shipped_rules
from judgetui.store import normalise_head
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)

#: Bounds of the numbers the command line takes: anything outside is bad input (exit 2),
#: refused before it reaches the service or the file.
MAX_ROUND = 1000
MAX_MINUTES = 24 * 60
MAX_DEMO_PLAYERS = 20_000
MAX_DEMO_RECORDS = 100_000
MAX_SEED = 2**32 - 1
#: The namespace attribute of a yes/no question's option: this prefix and the flag.
FLAG_DEST = "flag:"


def _yes_no(value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("yes", "y", "true", "1", "はい"):
        return True
    if lowered in ("no", "n", "false", "0", "いいえ"):
        return False
    raise argparse.ArgumentTypeError(_("expected yes or no, not {value!r}").format(value=value))


def _head(value: str) -> str:
    try:
        return normalise_head(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
                ),
                key="question_option_taken",
            ) from None
    parser.add_argument(
        "--minutes", type=_int_in(0, MAX_MINUTES), help=_("minutes late (tardiness)")
    )


def _situation_flags(args: argparse.Namespace) -> frozenset[str]:
    """The flags of the yes/no options given (see `_flags`)."""
    return frozenset(
        name.removeprefix(FLAG_DEST)
        for name, given in vars(args).items()
        if name.startswith(FLAG_DEST) and given
    )


def _context_options(parser: argparse.ArgumentParser) -> None:
    """The incident's context: where it happened and what the table was given."""
    for option, kind, metavar, words in (
        ("--table", _int_in(TABLE_MIN, TABLE_MAX), "N", _("the table the incident happened at")),
        ("--game", _int_in(GAME_MIN, GAME_MAX), "N", _("the game of the match")),
        ("--opponent", str, "ID",
         _("the other player at the table (linked to the incident, not penalised)")),
        ("--extension", _int_in(EXTENSION_MIN, EXTENSION_MAX), "MINUTES",
         _("a time extension given to the table")),
    ):  # fmt: skip
        parser.add_argument(option, type=kind, metavar=metavar, help=words)


def _answers(parser: argparse.ArgumentParser) -> None:
    """The classification's two questions (seed §iv): the minimum penalty follows."""
    for option, words in (
        ("--intentional", _("was it intentional?")),
        ("--disruptive", _("was it disruptive to the event?")),
    ):
        parser.add_argument(option, type=_yes_no, required=True, metavar="yes|no", help=words)


def build_parser(rules: Rules | None = None, only: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``record`` and ``classify`` take the questions of ``rules``
    (default: the shipped rules) as options.

    With ``only`` (a command's name), only that command is built, for `parse_args` to
    read a command line that names it (and asks for no help, which lists them all)."""
    rules = shipped_rules() if rules is None else rules
    with building():
        return _build(rules, only)


class _Version(argparse.Action):
    """``--version``: the installed version (from git, see pyproject), looked up only when
    asked for: every command builds this parser."""

    def __call__(self, parser: argparse.ArgumentParser, *_given: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            installed = version("judgetui")
        except PackageNotFoundError:  # run from a source tree that was never installed
            installed = _("unknown (not installed)")
        print(f"judgetui {installed}")
        parser.exit()


def _sub(
    subparsers: argparse._SubParsersAction[Any], name: str, help_text: str
) -> argparse.ArgumentParser:
    """A sub-command (``event init``, ``report round``…) with the options every one takes."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=help_text)
    _common(parser, top=False)
    return parser


class _Unbuilt:
    """What the options of a command that `build_parser` leaves out are added to: every
    call is taken and does nothing (a sub-command, a group and its options alike)."""

    def __getattr__(self, name: str) -> Callable[..., _Unbuilt]:
        return lambda *args, **kwargs: self


def _build(rules: Rules, only: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(prog="judgetui", description=_("The judge station for card-game tournaments."))
    _common(parser, top=True)
    parser.add_argument(
        "--version", action=_Version, nargs=0, default=argparse.SUPPRESS, help=_("the version")
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        if only is not None and name != only:
            return cast("argparse.ArgumentParser", _Unbuilt())
        p = sub.add_parser(name, help=help_text, description=help_text)
        _common(p, top=False)
        return p

    def group(name: str, help_text: str) -> argparse._SubParsersAction[Any]:
        """A command of sub-commands (``event init``, ``report round``…)."""
        return command(name, help_text).add_subparsers(
            dest=f"{name}_command", parser_class=_Parser, required=True
        )

    demo = command("demo", _("create a realistic demo event and open it"))
    many = _("how many (default: %(default)s)")
    demo.add_argument("--players", type=_int_in(1, MAX_DEMO_PLAYERS), default=64, help=many)
    demo.add_argument("--records", type=_int_in(0, MAX_DEMO_RECORDS), default=120, help=many)
    demo.add_argument(
        "--seed", type=_int_in(0, MAX_SEED), default=2026, help=_("same seed, same event")
    )
    demo.add_argument("--no-open", action="store_true", help=_("only write the file"))
    demo.add_argument("--force", action="store_true", help=_("replace an existing file"))

    check = command("check-rules", _("validate a rules file"))
    check.add_argument("path", nargs="?", help=_("the rules file (default: --rules, else ours)"))

    classify = command("classify", _("the guided classification, without recording"))
    _answers(classify)
    classify.add_argument("--infraction", metavar="KEY", help=_("its key (`judgetui rules`)"))
    _flags(classify, rules)
    classify.add_argument("--finals", action="store_true", help=_("classify for the final rounds"))

    event_sub = group(
        "event", _("create the event, set the round or the number of rounds, enter the finals")
    )
    init = _sub(event_sub, "init", _("create the event file"))
    init.add_argument("--name", required=True, help=_("the event's name"))
    init.add_argument("--head-judge", required=True, metavar="NAME", help=_("the head judge"))
    init.add_argument("--floor-judge", action="append", default=[], help=_("a floor judge (each)"))
    init.add_argument("--rounds", type=_int_in(1, MAX_ROUND), help=_("rounds of the main event"))
    init.add_argument(
        "--judge-account",
        action="append",
        default=[],
        metavar="NAME=USER",
        help=_("bind a judge to an OS account"),
    )
    rnd = _sub(event_sub, "round", _("set the current round (head judge)"))
    rnd.add_argument("number", type=_int_in(1, MAX_ROUND), help=_("the round"))
    rnd.add_argument("--back", action="store_true", help=_("allow going back to an earlier round"))
    total = _sub(event_sub, "rounds", _("change the number of rounds (head judge)"))
    total.add_argument("number", type=_int_in(1, MAX_ROUND), help=_("the number of rounds"))
    _sub(event_sub, "finals", _("enter the final rounds (head judge)"))
    judge = _sub(event_sub, "judge", _("add a judge (head judge)"))
    judge.add_argument("name", help=_("the judge's name"))
    judge.add_argument("--account", help=_("bind to an OS account"))
    judge.add_argument("--trainee", action="store_true", help=_("a trainee: every record waits"))
    _sub(event_sub, "show", _("the event in words (--json: the data)"))
    _sub(event_sub, "takeover", _("make a standby copy the event of record (head judge)"))
    change = _sub(event_sub, "rules", _("the head judge changes the event's rules (a log entry)"))
    change.add_argument("file", help=_("the new rules file"))
    earlier = _sub(event_sub, "earlier", _("the earlier events' files (head judge)"))
    earlier.add_argument("files", nargs="*", metavar="FILE", help=_("earlier event"))
    earlier.add_argument("--clear", action="store_true", help=_("name no earlier event"))

    players_sub = group("players", _("import players"))
    imp = _sub(players_sub, "import", _("add or rename players from a CSV roster"))
    imp.add_argument("file", help=_("the roster: a CSV file with a header row"))
    imp.add_argument(
        "--encoding", help=_("the roster's encoding: utf-8, utf-16 or cp932 (default: detected)")
    )
    for field, words in (
        ("id", _('the header\'s column of player ids (default: id), e.g. "User ID" in Melee')),
        ("reading", _("the header's column of name readings, furigana or romaji "
                      "(default: reading)")),
        ("dci", _("the header's column of Wizards/DCI numbers (default: dci)")),
        ("table", _("the header's column of table or seat numbers (default: table)")),
    ):  # fmt: skip
        imp.add_argument(f"--{field}-column", metavar="NAME", help=words)
    imp.add_argument(
        "--name-column",
        metavar="NAME",
        action="append",
        help=_(
            "the header's column of names (default: name); given again, the next column "
            'is joined with a space, e.g. "First Name" then "Last Name"'
        ),
    )

    record = command("record", _("record a penalty"))
    record.add_argument(
        "--player",
        action="append",
        required=True,
        metavar="ID",
        help=_("the player penalised (repeat for each player of the incident)"),
    )
    record.add_argument(
        "--infraction",
        required=True,
        metavar="KEY",
        help=_("the infraction's key (`judgetui rules` lists them)"),
    )
    _answers(record)
    _flags(record, rules)
    record.add_argument("--note", default="", help=_("what the judge saw"))
    record.add_argument(
        "--penalty",
        metavar="KEY",
        help=_("the judge's own choice, not below the minimum (default: the recommendation)"),
    )
    record.add_argument(
        "--request",
        action="store_true",
        help=_("as a floor judge, ask the head judge to issue it"),
    )
    _context_options(record)
    late_options(record)
    record.add_argument(
        "--same-as",
        metavar="ID",
        help=_(
            "attach this report to that earlier record as a witness note (--note says what "
            "you saw) instead of a second penalty: only the same players, infraction and "
            "round, inside the duplicate window"
        ),
    )
    record.add_argument(
        "--counts-earlier",
        action="store_true",
        help=_(
            "this is another incident: another judge's possible duplicate counts as an "
            "earlier offence (a repeat upgrade may follow); without it, it does not"
        ),
    )

    command("queue", _("what waits for the head judge"))
    pairings_options(command("pairings", _("a round's pairings")), _sub, _int_in(1, MAX_ROUND))
    review = command("review", _("confirm, upgrade or dismiss a queue item"))
    review.add_argument("item", help=_("the queue item's id, or its first 6+ characters"))
    review.add_argument(
        "action", choices=("confirm", "upgrade", "dismiss"), help=_("what the head judge does")
    )
    review.add_argument("penalty", nargs="?", help=_("with upgrade: the penalty's key"))
    review.add_argument("--note", default="", help=_("why (a dismissal needs one)"))
    minor = review.add_mutually_exclusive_group()
    minor.add_argument(
        "--minor",
        dest="minor",
        action="store_true",
        default=None,
        help=_("mark the infraction minor (it then does not count as a repeat)"),
    )
    minor.add_argument(
        "--not-minor", dest="minor", action="store_false", help=_("mark it not minor")
    )

    decide = command("decide", _("decide a three-warning penalty"))
    decide.add_argument("player", help=_("the player's id"))
    decide.add_argument("penalty", help=_("game_loss, match_loss, ejection or disqualification"))
    for option, words in (
        ("--strong-cheating", _("the head judge strongly believes the player cheated")),
        ("--advantage", _("it gave an advantage in the current game (a game loss applies to it)")),
        ("--between-matches", _("between matches (a match loss applies to the next match)")),
    ):
        decide.add_argument(option, action="store_true", help=words)
    decide.add_argument("--note", default="", help=_("why (required for a disqualification)"))

    void = command(
        "void",
        _(
            "void a record or a decision made in error (head judge; a reason is required): "
            "it stays in the log, stops counting, and what rested on it is reopened"
        ),
    )
    void.add_argument("id", help=_("the record's or decision's id, or its first 6+ characters"))
    void.add_argument("--note", help=_("why it is voided (required)"))

    correct = command(
        "correct",
        _(
            "the head judge puts a record right in one act: it is voided and recorded "
            "anew with only what is named changed (round, time, judge, table and notes kept)"
        ),
    )
    correct.add_argument("id", help=_("the record's id, or its first 6+ characters"))
    correct.add_argument("--note", help=_("why the record is corrected (required)"))
    for option, metavar, words in (
        ("--player", "ID", _("the player it should have named")),
        ("--penalty", "KEY", _("the penalty it should have given")),
        ("--infraction", "KEY", _("the infraction it should have named")),
    ):
        correct.add_argument(option, metavar=metavar, help=words)

    player = command("player", _("one player's standing and history"))
    player.add_argument("id", help=_("the player's id"))

    history = command("history", _("the records that match, newest first"))
    history.add_argument("--player", metavar="ID", help=_("only this player's records"))
    history.add_argument("--infraction", metavar="KEY", help=_("only this infraction"))
    history.add_argument("--round", type=_int_in(1, MAX_ROUND), help=_("only this round"))
    table = _int_in(TABLE_MIN, TABLE_MAX)
    history.add_argument("--table", type=table, help=_("only this table"))
    history.add_argument("--from-event", action="append", metavar="FILE", help=_("earlier event"))
    history.add_argument("--notes", action="store_true", help=_("the event notes instead"))
    note_options(command("note", _("an event note that names no player (a log entry)")), table)

    export = command("export", _("export the event"))
    export.add_argument(
        "--format",
        choices=("json", "csv", "event"),
        default="json",
        help=_("json, csv, or event: the event file itself, exactly as on disk (for a mirror)"),
    )
    export.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=_("write to FILE (a new file, or a previous export) instead of stdout"),
    )
    export.add_argument(
        "--bom",
        action="store_true",
        help=_(
            "start the CSV with a UTF-8 BOM, for spreadsheets that need one (Excel in Japanese)"
        ),
    )

    verify = command("verify", _("check the penalty log's integrity"))
    verify.add_argument(
        "--head",
        type=_head,
        metavar="HASH",
        help=_("a head taken earlier (an export's or a round slip's, 16+ hex digits): still held?"),
    )
    report_sub = group("report", _("the head judge's reports: round list, player, event"))
    rround = _sub(
        report_sub, "round", _("the scorekeeper's list for a round (default: the current round)")
    )
    rround.add_argument(
        "number", nargs="?", type=_int_in(1, MAX_ROUND), help=_("the round (default: current)")
    )
    rround.add_argument(
        "--enter",
        action="append",
        default=[],
        metavar="ID",
        help=_("the head judge marks an item of the list as entered (a log entry)"),
    )
    rplayer = _sub(report_sub, "player", _("a DQ / investigation report draft for a player"))
    rplayer.add_argument("id", help=_("the player's id"))
    _sub(report_sub, "event", _("the organiser's official record"))
    judges = _sub(report_sub, "judges", _("per judge: calls, waits, the head judge's outcomes"))
    judges.add_argument("--round", type=_int_in(1, MAX_ROUND), help=_("only this round"))
    slip_options(report_sub, _sub, _int_in(1, MAX_ROUND))

    inv_sub = group("investigation", _("close an investigation (head judge)"))
    close = _sub(inv_sub, "close", _("close an open investigation with a finding"))
    close.add_argument("record", help=_("the record's id, or its first 6+ characters"))
    close.add_argument("--finding", help=_("the head judge's finding (required)"))
    command("rules", _("the event's rules: every infraction and penalty key, the questions"))
    completion = command("completion", _("a shell completion script on stdout"))
    completion.add_argument("shell", choices=("bash", "zsh", "fish"), help=_("the shell"))
    _mirror_options(command("mirror", _("keep a verified standby copy of the event")))
    command("ssh", _("the entry point for sshd's ForceCommand (see docs/SSH.md)"))
    command("config", _("where settings are looked for, and what they hold"))
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line parsed with the questions of the rules it runs on.

    The parser first offers the shipped rules' questions. A ``record`` or ``classify``
    given an option they lack is parsed again with the questions of its own rules (the
    event's, or classify's ``--rules``), so a question an event's rules add is an option
    there; an option neither knows is argparse's usual one-line error (exit 2).
    """
    if (station := _station_args(argv)) is not None:
        return station
    named = command_named(argv)
    if named is not None:
        try:
            args = _parse(argv, named)
        except CliError:  # the whole parser says what is wrong, as it always has
            pass
        else:
            if args.command == named:
                return args
    return _parse(argv, None)


def _parse(argv: Sequence[str] | None, only: str | None) -> argparse.Namespace:
    parser = build_parser(only=only)
    tokens = sys.argv[1:] if argv is None else list(argv)
    if not HELP_OPTIONS.isdisjoint(tokens):  # the questions of the rules it runs on
        rules = _rules_in_effect(_options_for_help(tokens))
        return (parser if rules is None else build_parser(rules, only)).parse_args(tokens)
    args, extra = parser.parse_known_args(tokens)
    if extra:
        rules = _rules_in_effect(args)
        if rules is not None:
            parser = build_parser(rules, only)
        args = parser.parse_args(tokens)
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
