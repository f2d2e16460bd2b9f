"""The options every command line may have (before or after its command), the parser
class that reports a bad one in one line, and what a command line says read by those
options alone: the station's own line, and the event a request for help is about."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn, cast

from judgetui import i18n
from judgetui.cli.tokens import HELP_OPTIONS, STATION_OPTIONS, command_named
from judgetui.errors import CliError
from judgetui.i18n import _

_building = False


@contextmanager
def building() -> Iterator[None]:
    """While the parser is being built (`build_parser`): argparse lays out a throwaway
    help text for each of its ~330 options (to check the metavar) at the terminal's
    width, which it asks of the terminal each time (and imports shutil for); none of it
    is shown, so any width will do."""
    global _building
    _building = True
    try:
        yield
    finally:
        _building = False


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("judgetui").strip()
        raise CliError(f"{where}: {message}" if where else message, key="bad_option")

    def _get_formatter(self) -> argparse.HelpFormatter:
        if _building:  # nothing built now is printed: any width will do
            make = cast("type[argparse.HelpFormatter]", self.formatter_class)
            return make(prog=self.prog, width=80)
        return super()._get_formatter()


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


def _mirror_options(mirror: argparse.ArgumentParser) -> None:
    """``mirror``'s own options (`judgetui.cli.mirror`)."""
    mirror.add_argument(
        "--from",
        required=True,
        dest="source",
        metavar="COMMAND",
        help=_("the command that prints the event file (split like a shell, never run by one)"),
    )
    mirror.add_argument(
        "--to",
        required=True,
        metavar="FILE",
        help=_("the copy's file (a standby copy, or none yet)"),
    )
    when = mirror.add_mutually_exclusive_group()
    when.add_argument(
        "--every", type=_int_in(1, 86_400), metavar="SECONDS", help=_("keep pulling, every SECONDS")
    )
    when.add_argument("--once", action="store_true", help=_("pull once (the default)"))
    mirror.add_argument(
        "--timeout",
        type=_int_in(1, 3600),
        default=120,
        metavar="SECONDS",
        help=_("give up a pull after SECONDS (default: %(default)s)"),
    )


def _options_for_help(tokens: Sequence[str]) -> argparse.Namespace:
    """What a command line asking for help says of its event and rules (the top-level
    options, wherever they stand, and the command it names), without the command's own
    options: a ``record --help`` has none of the options ``record`` requires."""
    parser = _Parser(prog="judgetui", add_help=False, allow_abbrev=False)
    _common(parser, top=True)
    asked = [t for t in tokens if t not in HELP_OPTIONS]
    try:
        args, _rest = parser.parse_known_args(asked)
    except CliError:  # the whole parser says what is wrong
        return argparse.Namespace(command=None)
    args.command = command_named(asked)
    return args


def _station_args(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The station's own command line (no command, only the top-level options, each
    spelt out) parsed without building the ~330 options of the commands; None for any
    other command line, which the whole parser then reads.

    The namespace is the whole parser's (the same options, defaults and ``command``
    None), and so is a bad value's error: the top-level options are the same `_common`.
    """
    tokens = sys.argv[1:] if argv is None else list(argv)
    value_next = False
    for token in tokens:
        if value_next:
            if token.startswith("-"):
                return None
            value_next = False
        elif token in STATION_OPTIONS:
            value_next = True
        elif token != "--json" and token.partition("=")[0] not in STATION_OPTIONS:
            return None
    parser = _Parser(prog="judgetui", add_help=False)
    _common(parser, top=True)
    parser.set_defaults(command=None)
    return parser.parse_args(tokens)


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
