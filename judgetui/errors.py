"""One table of the errors a judge can meet: each → one line and the command line's exit code.

Both faces read it: the command line prints ``judgetui: <line>`` and exits with the code
(CLI.md: 1 verify broken, 2 bad input, 3 not permitted, 4 could not save); the station
shows the same words in a notification (`judgetui.station.messages.error_text`), as a
sentence. An error not in the table is a bug: the command line lets it through as a
traceback, the station says "Something went wrong".

Where the two faces used to word one error differently, the command line's words were
kept (its tests and scripts read them): the station's "The event file cannot be read"
and "another station is writing; try again" are gone, the store's own message says it.

Nothing here imports pydantic or the settings: an error of theirs can only exist once
they were imported, so they are looked up in ``sys.modules``; the service's errors are
imported only when something failed.
"""

from __future__ import annotations

import re
import sys

from msgspec import Struct, field

from judgetui.diagnostics import LogRefused
from judgetui.i18n import N_, _
from judgetui.rules import RulesError
from judgetui.store import EntryNotStorable, EventFileError, LockWait, StoreWriteError
from judgetui.store.entries import Refused

EXIT_BROKEN = 1
EXIT_BAD_INPUT = 2
EXIT_NOT_PERMITTED = 3
EXIT_NOT_SAVED = 4
EXIT_READER_GONE = 141
"""128 + SIGPIPE: what a shell reports of a program whose output's reader left (``| head``),
as it would of any command-line tool killed by the signal; nothing is printed."""
EXIT_OUTPUT_LOST = 120
"""What Python itself exits with when it cannot flush standard output: the output could
not be written (a full disk, ``> /dev/full``). What the command did before it stays done
(a record is saved before it is reported), so the status is not 4, which a script may
take as "try again"; one line on stderr says so."""
AS_IS = "{reason}"
"""The error's own message as it is (it was written for the judge, and translated)."""
WHERE = "{where}: {reason}"
"""pydantic's own message, after the field it is about (pydantic's words are not translated)."""


class CliError(Exception):
    """A refusal of the command line's own (a bad option value), with its exit code and
    its ``key`` (why, as a stable word for the diagnostic log: see `reason_key`)."""

    def __init__(
        self, message: str, code: int = EXIT_BAD_INPUT, *, key: str = "bad_option"
    ) -> None:
        super().__init__(message)
        self.code = code
        self.key = key


class Problem(Struct, frozen=True):
    """What to tell the judge about one error, and the command's exit code."""

    template: str
    """The untranslated line (an ``N_`` string) with ``{}`` fields from ``values``."""
    code: int
    values: dict[str, object] = field(default_factory=dict)
    logged: str | None = None
    """The diagnostic log's word for it ("refused", "not saved"); None: not logged."""

    @property
    def line(self) -> str:
        """The line as the command line prints it (after ``judgetui: ``)."""
        return _(self.template).format(**self.values)

    @property
    def sentence(self) -> str:
        """The line as the station shows it: the same words, begun with a capital."""
        words = _(self.template)
        return (words[:1].upper() + words[1:]).format(**self.values)


def problem(error: BaseException) -> Problem | None:
    """The table: ``error``'s line and exit code, or None for an error nobody expected."""
    # Looked up when something failed: a command that needs no service does not load it.
    from judgetui.service import BadInput, NotPermitted

    reason: dict[str, object] = {"reason": error}
    if isinstance(error, CliError):
        logged = "not saved" if error.code == EXIT_NOT_SAVED else "refused"
        return Problem(AS_IS, error.code, reason, logged=logged)
    if isinstance(error, LogRefused):  # (said before the log is written: not logged)
        return Problem(AS_IS, EXIT_BAD_INPUT, reason)
    settings = sys.modules.get("judgetui.settings")
    if settings is not None and isinstance(error, settings.SettingsError):
        return Problem(AS_IS, EXIT_BAD_INPUT, reason, logged="refused")
    if isinstance(error, RulesError):
        return _rules_problem(error)
    if isinstance(error, BadInput | EventFileError):
        return Problem(AS_IS, EXIT_BAD_INPUT, reason, logged="refused")
    if isinstance(error, Refused):  # a value the declarations refuse that no check caught
        said: dict[str, object] = {"where": error.where, "reason": error.reason}
        return Problem(WHERE, EXIT_BAD_INPUT, said, logged="refused")
    core = sys.modules.get("pydantic_core")
    if core is not None and isinstance(error, core.ValidationError):
        # a value a pydantic model (the settings) refuses that no check caught
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        values = {"where": where, "reason": first["msg"]}
        return Problem(WHERE, EXIT_BAD_INPUT, values, logged="refused")
    if isinstance(error, NotPermitted):
        return Problem(N_("not permitted: {reason}"), EXIT_NOT_PERMITTED, reason, logged="refused")
    if isinstance(error, EntryNotStorable):  # a value no check caught that JSON cannot hold
        return Problem(N_("not saved: {reason}"), EXIT_BAD_INPUT, reason, logged="refused")
    if isinstance(error, StoreWriteError):  # disk full, permissions, lock held too long
        return Problem(N_("not saved: {reason}"), EXIT_NOT_SAVED, reason, logged="not saved")
    return None


def _rules_problem(error: RulesError) -> Problem:
    """A rules file's first problem, and how many more `judgetui check-rules` lists."""
    problems = str(error).splitlines() or [""]
    if len(problems) == 1:
        return Problem(AS_IS, EXIT_BAD_INPUT, {"reason": problems[0]}, logged="refused")
    return Problem(
        N_("{first} (and {more} more: see `judgetui check-rules {path}`)"),
        EXIT_BAD_INPUT,
        {"first": problems[0], "more": len(problems) - 1, "path": error.path},
        logged="refused",
    )


KEY = re.compile(r"[a-z][a-z0-9_]*(:[a-z][a-z0-9_]*)?")
"""What a reason's key looks like: a word, or a kind and a word (``not_permitted:head_only``)."""


def reason_key(error: BaseException) -> str:
    """Why ``error`` happened, as a stable machine word for the diagnostic log.

    The errors judgetui raises carry their own (``key``: `judgetui.service.BadInput`,
    `NotPermitted`, `CliError`, and a class's word for the store's, the settings', the
    rules'); pydantic's refusal of a value no check caught is ``invalid_value``; anything
    else ``unexpected``. A key is written in the code (or is a word of the engine's own
    closed set, `judgetui.engine.review.NotAnUpgradeReason`), never made from what a judge
    typed, so it names no player, judge or note (tests/unit/test_log_keys.py).
    """
    key = getattr(error, "key", None)
    if isinstance(key, str) and KEY.fullmatch(key):
        return key
    core = sys.modules.get("pydantic_core")
    if core is not None and isinstance(error, core.ValidationError):
        return "invalid_value"
    return "unexpected"


def describe(error: BaseException) -> str:
    """An error for the log: its kind, its text only when that is about files, and last
    its key (`reason_key`): ``BadInput key=unknown_player``, ``StoreLockTimeout: <the
    file's words> key=lock_timeout`` (every keyed line of the log ends with its key).

    A refusal's text may name a judge or a player; a file error's names the file and
    what the system said. (Here rather than in `judgetui.diagnostics`, which the store
    uses: the log's plumbing knows nothing of the errors it is told about.)
    """
    from judgetui.service import BadInput, NotPermitted

    kind, key = type(error).__name__, f"key={reason_key(error)}"
    if isinstance(error, BadInput | NotPermitted):  # NotPermitted is a PermissionError
        return f"{kind} {key}"
    if isinstance(error, OSError | EventFileError | StoreWriteError):
        text = " ".join(str(error).split())
        return f"{kind}: {text[:300]} {key}"
    return f"{kind} {key}"


def lock_wait_line(wait: LockWait) -> str:
    """What a save that has waited a second for another's says, on the command line and
    in the station alike: who it waits for (as the lock file names them) and how long it
    will go on waiting before it gives up (exit 4)."""
    seconds = max(1, round(wait.remaining))
    if wait.holder is None:
        return _("waiting for another judge's save… (up to {seconds} s more)").format(
            seconds=seconds
        )
    return _("waiting for {holder} to finish saving… (up to {seconds} s more)").format(
        holder=wait.holder, seconds=seconds
    )
