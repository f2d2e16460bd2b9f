"""The command line (see shared CLI.md): ``main``, and ``COMMANDS``, each command's function.

Only the station itself imports Textual. Each command is argparse → service → print; the
commands live in the package's modules by what they do: `judgetui.cli.parser` (the options),
`judgetui.cli.records` (classify, record, review, decide, void, investigation),
`judgetui.cli.reading` (queue, player, history, export, verify, report),
`judgetui.cli.event` (check-rules, event, players, config, demo) and `judgetui.cli.common`
(what every command reads from its options, and opening the station).
"""

from __future__ import annotations

import contextlib
import errno
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgetui import diagnostics, errors, i18n, perf
from judgetui.cli.common import _language, _open_station
from judgetui.cli.parser import FLAG_DEST, build_parser, parse_args
from judgetui.cli.records import (
    cmd_classify,
    cmd_correct,
    cmd_decide,
    cmd_investigation,
    cmd_record,
    cmd_review,
    cmd_void,
)
from judgetui.errors import EXIT_BAD_INPUT, EXIT_READER_GONE
from judgetui.i18n import _
from judgetui.rules import RulesError
from judgetui.store import WAIT_LISTENERS, WARNING_LISTENERS, LockWait

if TYPE_CHECKING:
    import argparse

    from judgetui.rules import Rules
    from judgetui.state import EventState

# The organiser's commands (`judgetui.cli.event`) and those that read the event
# (`judgetui.cli.reading`) are imported when one of them runs: a `record` loads neither.


def cmd_check_rules(args: argparse.Namespace) -> int:
    from judgetui.cli.event import cmd_check_rules as run

    return run(args)


def cmd_config(args: argparse.Namespace) -> int:
    from judgetui.cli.event import cmd_config as run

    return run(args)


def cmd_demo(args: argparse.Namespace) -> int:
    from judgetui.cli.event import cmd_demo as run

    return run(args)


def cmd_event(args: argparse.Namespace) -> int:
    from judgetui.cli.event import cmd_event as run

    return run(args)


def cmd_players(args: argparse.Namespace) -> int:
    from judgetui.cli.event import cmd_players as run

    return run(args)


def cmd_pairings(args: argparse.Namespace) -> int:
    from judgetui.cli.pairings import cmd_pairings as run

    return run(args)


def cmd_note(args: argparse.Namespace) -> int:
    from judgetui.cli.note import cmd_note as run

    return run(args)


def event_text(state: EventState) -> str:
    from judgetui.cli.event import event_text as text

    return text(state)


def cmd_export(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_export as run

    return run(args)


def cmd_history(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_history as run

    return run(args)


def cmd_player(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_player as run

    return run(args)


def cmd_queue(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_queue as run

    return run(args)


def cmd_report(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_report as run

    return run(args)


def cmd_verify(args: argparse.Namespace) -> int:
    from judgetui.cli.reading import cmd_verify as run

    return run(args)


def cmd_rules(args: argparse.Namespace) -> int:
    from judgetui.cli.rules_listing import cmd_rules as run

    return run(args)


def cmd_mirror(args: argparse.Namespace) -> int:
    from judgetui.cli.mirror import cmd_mirror as run

    return run(args)


def cmd_completion(args: argparse.Namespace) -> int:
    from judgetui.cli.completion import completion_script

    sys.stdout.write(completion_script(args.shell))
    return 0


__all__ = [
    "COMMANDS",
    "FLAG_DEST",
    "build_parser",
    "cmd_check_rules",
    "cmd_classify",
    "cmd_completion",
    "cmd_config",
    "cmd_correct",
    "cmd_decide",
    "cmd_demo",
    "cmd_event",
    "cmd_export",
    "cmd_history",
    "cmd_investigation",
    "cmd_mirror",
    "cmd_note",
    "cmd_pairings",
    "cmd_player",
    "cmd_players",
    "cmd_queue",
    "cmd_record",
    "cmd_report",
    "cmd_review",
    "cmd_rules",
    "cmd_ssh",
    "cmd_verify",
    "cmd_void",
    "event_text",
    "main",
    "parse_args",
]


def cmd_ssh(args: argparse.Namespace) -> int:
    # ``_open_station`` is looked up here, in this module, when the command runs: a test
    # replaces ``judgetui.cli._open_station`` to see what the station would open.
    from judgetui import ssh_entry

    return ssh_entry.run(
        args, ssh_entry.CommandLine(build_parser, _open_station, COMMANDS, _event_rules)
    )


def _event_rules(admin: argparse.Namespace) -> Rules | None:
    """The rules of the event file ``admin`` names, when not the shipped ones (for ssh)."""
    import argparse

    from judgetui.cli.parser import _rules_in_effect
    from judgetui.rules import shipped_rules

    rules = _rules_in_effect(argparse.Namespace(**{**vars(admin), "command": "record"}))
    return None if rules is None or rules is shipped_rules() else rules


COMMANDS = {
    "check-rules": cmd_check_rules,
    "classify": cmd_classify,
    "event": cmd_event,
    "players": cmd_players,
    "pairings": cmd_pairings,
    "note": cmd_note,
    "record": cmd_record,
    "queue": cmd_queue,
    "review": cmd_review,
    "decide": cmd_decide,
    "void": cmd_void,
    "correct": cmd_correct,
    "player": cmd_player,
    "history": cmd_history,
    "export": cmd_export,
    "report": cmd_report,
    "investigation": cmd_investigation,
    "verify": cmd_verify,
    "demo": cmd_demo,
    "ssh": cmd_ssh,
    "config": cmd_config,
    "rules": cmd_rules,
    "completion": cmd_completion,
    "mirror": cmd_mirror,
}


@perf.one_shot
def main(argv: Sequence[str] | None = None) -> int:
    command: str | None = None
    parsed = False
    WARNING_LISTENERS.append(_print_store_warning)
    WAIT_LISTENERS.append(_print_lock_wait)
    try:
        # --lang first: argparse's help and errors are written in it
        wanted = i18n.language_from_argv(sys.argv[1:] if argv is None else argv)
        i18n.set_language(wanted or i18n.default_language())
        with i18n.argparse_language():
            args = parse_args(argv)
        if args.log:
            diagnostics.configure(args.log)
        parsed = True
        command = args.command
        i18n.set_language(_language(args))
        if args.command is None:
            return _open_station(args)
        return COMMANDS[args.command](args)
    except BrokenPipeError:  # the output's reader left (`| head`): no traceback, no line
        _output_to_nowhere()
        return EXIT_READER_GONE
    except Exception as exc:
        if command == "check-rules" and isinstance(exc, RulesError):
            for line in str(exc).splitlines():  # the one command that lists them all
                print(f"judgetui: {line}", file=sys.stderr)
            return EXIT_BAD_INPUT
        found = errors.problem(exc)
        if found is None and isinstance(exc, OSError) and _output_lost(exc):
            return _say_output_lost(exc)
        if found is None:
            raise
        if found.logged is not None and parsed:
            # "refused: record: BadInput key=unknown_player": the kind and the reason's key,
            # never the line the judge reads (it may name a judge or a player). A command
            # line argparse refuses is not logged: the log it names is not open yet.
            where = command or "station"
            diagnostics.warning("%s: %s: %s", found.logged, where, errors.describe(exc))
        print(f"judgetui: {found.line}", file=sys.stderr)
        return found.code
    except KeyboardInterrupt:
        return 130
    finally:
        WARNING_LISTENERS.remove(_print_store_warning)
        WAIT_LISTENERS.remove(_print_lock_wait)


def _output_to_nowhere() -> None:
    """Standard output to /dev/null, so that the interpreter's last flush of what was
    still buffered for the reader that left does not fail once more on the way out."""
    import os

    with contextlib.suppress(OSError, ValueError):
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, sys.stdout.fileno())
        os.close(nowhere)


_OUTPUT_LOST = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _output_lost(exc: OSError) -> bool:
    """Whether ``exc`` is the output failing: a write to an open stream (no file name in
    the error, as when opening or replacing a file) that the disk refused. The store's
    own write errors are its errors (`errors.problem`), never this."""
    return exc.filename is None and exc.errno in _OUTPUT_LOST


def _say_output_lost(exc: OSError) -> int:
    """One line on stderr for an output that could not be written, none of it again on
    the way out (`_output_to_nowhere`); what the command did stays done."""
    _output_to_nowhere()
    line = _("the output could not be written ({reason}); what the command saved stays saved")
    with contextlib.suppress(OSError, ValueError):
        print("judgetui: " + line.format(reason=exc.strerror or exc), file=sys.stderr)
    return errors.EXIT_OUTPUT_LOST


def _print_store_warning(message: str) -> None:
    """The store's warnings (a write onto a broken chain) as one line each on stderr
    (`judgetui.store.WARNING_LISTENERS`: no ``logging`` loaded for it)."""
    line = " ".join(message.split())
    print("judgetui: " + _("warning: {message}").format(message=line), file=sys.stderr)


def _print_lock_wait(wait: LockWait) -> None:
    """A save that waits for another judge's says so on stderr after a second."""
    print("judgetui: " + errors.lock_wait_line(wait), file=sys.stderr, flush=True)
