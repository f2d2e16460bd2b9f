"""What every command reads from its options: the event file, the settings, the language,
the rules, the service over the file; and the one way to print ``--json`` and to open the
station (the one command that is a Textual program, imported only when it opens)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import orjson

from judgetui import diagnostics, i18n
from judgetui.errors import CliError
from judgetui.i18n import _
from judgetui.rules import Rules, load_rules, load_source, shipped_rules
from judgetui.store import LOGGER, WARNING_LISTENERS, EventFile

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings


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
    """The settings, read the first time a command needs a value from them.

    A settings file that cannot be used is one line and exit 2, except over
    `judgetui ssh` (`_over_ssh`): a judge there has no shell to fix it, so it is a
    warning and the station or command runs with the default settings.
    """
    loaded: LoadedSettings | None = getattr(args, "_settings", None)
    if loaded is None:
        from judgetui import settings

        fresh = args.command in (None, "config", "demo")
        try:
            loaded = settings.load(getattr(args, "config", None))
            if fresh and loaded.keys:
                # the keymap names the station's bindings: checking it imports Textual
                from judgetui.station import keymap

                keymap.check(loaded.keys, loaded.path)
        except settings.SettingsError as problem:
            if not _over_ssh(args):
                raise
            loaded = _default_settings_over_ssh(problem)
        args._settings = loaded
    return loaded


def _over_ssh(args: argparse.Namespace) -> bool:
    """Whether ``args`` came in through `judgetui ssh` (the administrator's options, or
    the command a judge sent: `judgetui.ssh_entry.run` marks it)."""
    return args.command == "ssh" or bool(getattr(args, "over_ssh", False))


def _default_settings_over_ssh(problem: Exception) -> LoadedSettings:
    """The default settings, after one line on stderr saying why."""
    from judgetui import settings

    line = _(
        "warning: {problem}; over ssh the station runs with the default settings "
        "(fix the file, or ask the station's administrator)"
    ).format(problem=problem)
    print("judgetui: " + line, file=sys.stderr)
    return settings.defaults()


def _station_keymap_over_ssh(args: argparse.Namespace, loaded: LoadedSettings) -> LoadedSettings:
    """Over ssh, the keymap checked before the station opens (it refuses a bad one, and
    a judge there cannot fix it): a bad keymap is the warning and the default settings."""
    if not loaded.keys or not _over_ssh(args):
        return loaded
    from judgetui import settings
    from judgetui.station import keymap

    try:
        keymap.check(loaded.keys, loaded.path)
    except settings.SettingsError as problem:
        loaded = _default_settings_over_ssh(problem)
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
        station = Station(EventFile(_db_path(args)), shipped_rules())
    else:
        source = load_source(args.rules)
        station = Station(EventFile(_db_path(args)), source.rules, expected_rules=source.sha256)
    station.on_unbound_write = _warn_unbound_once()
    return station


def _warn_unbound_once() -> Callable[[], None]:
    """One line on stderr the first time a command writes to an unbound event (never on
    stdout: ``--json`` stays JSON)."""
    warned: list[bool] = []

    def warn() -> None:
        if warned:
            return
        warned.append(True)
        line = _(
            "warning: this event is not bound to OS accounts: anyone at this machine can "
            "act as any judge"
        )
        print("judgetui: " + line, file=sys.stderr)

    return warn


def _station_rules(args: argparse.Namespace) -> None:
    """Before the station opens: ``--rules`` valid and, on an existing event, its own."""
    station = _station(args)
    if args.rules is not None and station.file.exists():
        station.load()


def _emit_json(value: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(value, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


def _open_station(args: argparse.Namespace, judge: str | None = None) -> int:
    _station_rules(args)
    from judgetui import tty

    # bad settings: exit 2 before anything is on screen (over ssh: the defaults)
    settings = _station_keymap_over_ssh(args, _settings(args))
    if (problem := tty.missing_terminal()) is not None:
        raise CliError(problem, key="no_terminal")
    from judgetui.cli.loading import reading_line

    db = _db_path(args)
    # Said before Textual is imported; erased before the station draws or an error's line.
    with reading_line(db) as progress:
        # The collector stays paused (perf.one_shot) while the file is read and folded;
        # run_station turns it on once the station is open.
        from judgetui.station.app import run_station

        diagnostics.info("station start: %s (uid %d)", db, os.getuid())
        code = 1
        try:
            with _store_warnings_left_to_the_banner():
                code = run_station(
                    db=db,
                    rules_path=args.rules,
                    judge=judge or args.judge,
                    language=_language(args),
                    settings=settings,
                    progress=progress,
                )
        finally:
            diagnostics.info("station stop: exit %d", code)
    return code


@contextmanager
def _store_warnings_left_to_the_banner() -> Iterator[None]:
    """No listener on the store's warnings while a station runs.

    The store warns of a write onto a broken chain only while someone listens, and
    checks the whole chain after every write to know (`EventFile.append`): 50 ms at
    10,000 records, 230 ms at 50,000, in the worker a judge waits on for "recorded".
    A station needs neither: its terminal is the station's own (Textual swallows what
    is printed to stderr), and a broken chain is its banner, from the follower's check
    of each new link. The one-shot commands keep their warning line on stderr. A
    station's write onto a broken chain is still a line in the diagnostic log: the store
    warns from the chain's verdict the station holds (`judgetui.store.listeners`).
    """
    import logging  # (the station imports it anyway)

    listeners = list(WARNING_LISTENERS)
    WARNING_LISTENERS.clear()
    store = logging.getLogger(LOGGER)
    listening = [h for h in store.handlers if not isinstance(h, logging.NullHandler)]
    for handler in listening:
        store.removeHandler(handler)
    try:
        yield
    finally:
        for handler in listening:
            store.addHandler(handler)
        WARNING_LISTENERS.extend(listeners)
