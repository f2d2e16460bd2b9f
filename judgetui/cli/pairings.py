"""``judgetui pairings import FILE --round N``: a round's tables, from the pairings software
(the head judge's; a log entry that replaces that round's earlier pairings).

Every command's parser names these options, so this module imports only what that needs
(`judgetui.pairings`, which reads the file, is imported when the command runs)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.service import PairingsChange
    from judgetui.service.pairings import Match


def pairings_options(
    pairings: argparse.ArgumentParser,
    sub: Callable[[Any, str, str], argparse.ArgumentParser],
    round_type: Callable[[str], int],
) -> None:
    """The options of ``pairings import`` (``sub`` makes a sub-command, as `_sub`)."""
    from judgetui.cli.options import _Parser

    pairings_sub = pairings.add_subparsers(
        dest="pairings_command", parser_class=_Parser, required=True
    )
    imp = sub(pairings_sub, "import", _("import a round's pairings (head judge; a log entry)"))
    imp.add_argument(
        "file", help=_("a CSV file with a header row: columns table, player and opponent (ids)")
    )
    imp.add_argument(
        "--round", type=round_type, required=True, metavar="N", help=_("the round they are for")
    )
    imp.add_argument(
        "--encoding",
        default=None,
        help=_("the file's encoding: utf-8, utf-16 or cp932 (default: detected)"),
    )
    for column, words in (
        ("table", _("the header's column of table numbers (default: table)")),
        ("player", _("the header's column of player ids (default: player)")),
        ("opponent", _("the header's column of opponents' ids (default: opponent)")),
    ):
        imp.add_argument(f"--{column}-column", metavar="NAME", help=words)


def change_json(change: PairingsChange) -> dict[str, object]:
    def match(m: Match) -> dict[str, object]:
        return {"table": m.table, "player": m.player, "opponent": m.opponent}

    return {
        "round": change.round,
        "pairings": change.count,
        "replaced": change.replaced,
        "moved": [{"player": m.player, "from": m.before, "to": m.after} for m in change.moved],
        "new": [match(m) for m in change.new],
        "dropped": [match(m) for m in change.dropped],
    }


def cmd_pairings(args: argparse.Namespace) -> int:
    from judgetui.cli.common import _emit_json, _station
    from judgetui.errors import CliError
    from judgetui.pairings import PairingsError, change_lines, read_pairings

    columns = {
        column: value
        for column in ("table", "player", "opponent")
        if (value := getattr(args, f"{column}_column")) is not None
    }
    try:
        read = read_pairings(args.file, args.encoding, columns)
    except PairingsError as exc:
        raise CliError(str(exc), key="bad_pairings") from None
    change = _station(args).import_pairings(args.judge, args.round, read.pairings)
    if args.json:
        _emit_json(change_json(change))
        return 0
    print(read.summary(args.file, args.round))
    if (ignored := read.ignored_line()) is not None:
        print(ignored)
    for line in change_lines(change):
        print(line)
    return 0
