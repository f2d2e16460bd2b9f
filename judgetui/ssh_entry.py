"""`judgetui ssh`: the one entry point for sshd's ``ForceCommand``.

The administrator writes, in sshd_config::

    Match Group judges
        ForceCommand /opt/judgetui/bin/judgetui --db /srv/judgetui/event.json ssh

Without ``$SSH_ORIGINAL_COMMAND`` (``ssh judge@station``) that opens the station on the
administrator's event file. With one (``ssh judge@station queue --json``) it is split with
`shlex` — never a shell — and must be exactly one command of `ALLOWED`, with that
command's own options. Everything that would pick another file, another rules file or an
output file (``--db``, ``--rules``, ``-o``/``--output``, ``--config``, ``--log``, in any
spelling argparse accepts), and every command that creates or replaces files (``demo``,
``event init``, ``players import``, ``pairings import``, ``check-rules PATH``…) is
refused with one line and exit 2, before anything runs.

The judge's words are checked twice: the raw tokens (so no abbreviation such as ``--d``
or ``--out`` slips through argparse's prefix matching) and the namespace the real parser
makes of them (``db``, ``rules`` and ``output`` must be unset). What runs is that very
namespace, with the administrator's ``--db`` (and ``--rules``, ``--lang``) put in.
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judgetui import i18n
from judgetui.cli.tokens import HELP_OPTIONS
from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.rules import Rules

#: The commands a judge may send over ssh (CLI.md, `judgetui ssh`). ``event`` only as
#: ``event show``. history, void and report are listed ahead of their arrival: until a
#: command exists, the parser refuses it like any unknown word.
ALLOWED = frozenset(
    {
        "queue",
        "player",
        "history",
        "classify",
        "record",
        "review",
        "decide",
        "void",
        "investigation",
        "correct",
        "note",
        "report",
        "rules",
        "export",
        "verify",
        "event",
    }
)
ALLOWED_EVENT = frozenset({"show"})
#: Options that choose files: the administrator's, never the judge's (``--from-event``
#: would read any file the station's account can: the event's own earlier events apply).
REFUSED_LONG = ("--db", "--rules", "--output", "--config", "--log", "--from-event")
REFUSED_DESTS = ("db", "rules", "output", "config", "log", "from_event")
ENV = "SSH_ORIGINAL_COMMAND"


class Refused(ValueError):
    """The judge's command is not one `judgetui ssh` runs; ``str(e)`` is one line."""


def _refused_token(token: str) -> str | None:
    """The refused option ``token`` would be taken for by argparse, if any.

    ``--d``, ``--ru=x``, ``--outp`` (prefixes argparse expands), ``--db=x``, ``-oFILE``
    and short clusters ending in ``o`` all count; so does any token that merely could be
    one, as a value given with ``=`` is the only way a value can start with ``-``.
    """
    if token.startswith("--"):
        name = token.split("=", 1)[0]
        if name == "--":
            return None
        for option in REFUSED_LONG:
            if option.startswith(name):
                return option
        return None
    if token.startswith("-") and len(token) > 1:
        flags = token[1:].split("=", 1)[0]
        if flags.startswith("o") or (flags.isalpha() and "o" in flags):
            return "-o"
    return None


def split_command(original: str) -> list[str]:
    """The judge's command as words (shlex, POSIX rules, no shell); Refused if malformed."""
    try:
        return shlex.split(original)
    except ValueError as exc:
        raise Refused(
            _("over ssh: cannot read the command ({reason})").format(reason=exc)
        ) from None


def _subcommands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    raise LookupError(f"{parser.prog} has no subcommands")


def _keep_only(parser: argparse.ArgumentParser, names: frozenset[str]) -> None:
    sub = _subcommands(parser)
    for name in list(sub.choices):
        if name not in names:
            del sub.choices[name]
    sub._choices_actions = [a for a in sub._choices_actions if a.dest in names]


@dataclass(frozen=True)
class CommandLine:
    """What `judgetui ssh` needs of the command line, handed over by `judgetui.cli` when
    it runs this command (so this module never imports the CLI: no import circle)."""

    build_parser: Callable[..., argparse.ArgumentParser]
    """The whole parser; given an event's rules, with their questions as options."""
    open_station: Callable[[argparse.Namespace], int]
    commands: Mapping[str, Callable[[argparse.Namespace], int]]
    event_rules: Callable[[argparse.Namespace], Rules | None]
    """The rules of the administrator's event file when they are not the shipped ones
    (a `record` then takes their questions as options), else None."""


def restricted_parser(
    build_parser: Callable[[], argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """The command line's own parser (from ``build_parser``), with only the commands a
    judge may send over ssh: anything else is an unknown command to it, and its errors
    list only what is allowed."""
    parser = build_parser()
    _keep_only(parser, ALLOWED)
    _keep_only(_subcommands(parser).choices["event"], ALLOWED_EVENT)
    return parser


def check_command(tokens: list[str], parser: argparse.ArgumentParser) -> argparse.Namespace:
    """Parse ``tokens`` with ``parser`` (`restricted_parser`); the namespace if a judge
    may run it, else Refused (the parser's own errors included: one line, exit 2)."""
    from judgetui.errors import CliError

    for token in tokens:
        option = _refused_token(token)
        if option is not None:
            raise Refused(
                _(
                    "over ssh, {option} is not allowed: the station's administrator "
                    "chooses the files"
                ).format(option=option)
            )
    try:
        with i18n.argparse_language():
            args = parser.parse_args(tokens)
    except CliError as exc:
        raise Refused(_("over ssh: {reason}").format(reason=exc)) from None
    for dest in REFUSED_DESTS:
        if getattr(args, dest, None) is not None:
            raise Refused(
                _(
                    "over ssh, {option} is not allowed: the station's administrator "
                    "chooses the files"
                ).format(option="--" + dest)
            )
    command = args.command
    if command is None:
        raise Refused(_("over ssh: name a command (or connect without one for the station)"))
    if command not in ALLOWED:
        raise Refused(
            _("over ssh, `{command}` is not allowed (allowed: {allowed})").format(
                command=command, allowed=", ".join(allowed_names())
            )
        )
    if command == "event" and args.event_command not in ALLOWED_EVENT:
        raise Refused(
            _("over ssh, `event {sub}` is not allowed (only `event show`)").format(
                sub=args.event_command
            )
        )
    return args


def allowed_names() -> list[str]:
    return sorted(name if name != "event" else "event show" for name in ALLOWED)


def run(
    admin: argparse.Namespace, cli: CommandLine, environ: Mapping[str, str] | None = None
) -> int:
    """`judgetui ssh`, with the administrator's options in ``admin``."""
    from judgetui.errors import CliError

    env = os.environ if environ is None else environ
    if not admin.db:
        raise CliError(
            _(
                "judgetui ssh needs the event file from the administrator: "
                "ForceCommand judgetui --db EVENT ssh"
            ),
            key="ssh_needs_db",
        )
    original = env.get(ENV)
    try:
        tokens = split_command(original) if original is not None else []
        if not tokens:
            return cli.open_station(admin)
        language = i18n.language_from_argv(tokens)
        if language:
            i18n.set_language(language)
        args = _checked(tokens, admin, cli)
    except Refused as exc:
        raise CliError(str(exc), key="ssh_refused") from None
    args.db = admin.db
    args.rules = admin.rules
    args.lang = args.lang or admin.lang
    args.over_ssh = True  # (a settings file it cannot use is then a warning)
    if hasattr(admin, "_settings"):  # read once already, with the administrator's --config
        args._settings = admin._settings
    i18n.set_language(args.lang or i18n.default_language())
    return cli.commands[args.command](args)


def _checked(tokens: list[str], admin: argparse.Namespace, cli: CommandLine) -> argparse.Namespace:
    """`check_command` with the shipped rules' questions; for a `record` it refuses, once
    more with the questions of the event's own rules, as the command line reads it
    (`judgetui.cli.parser.parse_args`): the event file is read only then."""
    helping = not HELP_OPTIONS.isdisjoint(tokens)  # it lists the event's own questions
    rules = cli.event_rules(admin) if helping and "record" in tokens else None
    if rules is None:
        try:
            return check_command(tokens, restricted_parser(cli.build_parser))
        except Refused:
            if "record" not in tokens or helping:
                raise
            rules = cli.event_rules(admin)
            if rules is None:
                raise
    return check_command(tokens, restricted_parser(lambda: cli.build_parser(rules)))
