"""The station's messages: the follower's to the App, and the service workers' outcomes
to the screen that asked.

Thread workers post these (``post_message`` is thread-safe); they are handled on the
App's thread, where it is safe to touch the session's state and the screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

from judgetui import errors
from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.station.session import Change


def error_text(error: BaseException) -> str:
    """One line a judge can act on, never a traceback: the words of `judgetui.errors`."""
    found = errors.problem(error)
    if found is not None:
        return found.sentence
    return _("Something went wrong ({kind}): {reason}").format(
        kind=type(error).__name__, reason=error
    )


class EventChanged(Message, bubble=False):
    """The event file changed (another judge's write, or this station's), or its chain
    was checked (``problem``: what is broken, None when intact).

    The follower posts it to the App, which takes the change into the session and posts
    it on to the screens shown; each shows the new state. It never bubbles: a screen's
    copy going back up to the App would be taken in again, after a newer change.
    """

    def __init__(self, change: Change | None, problem: str | None) -> None:
        super().__init__()
        self.change = change
        self.problem = problem


class Served(Message, bubble=False):
    """A service call returned: what it wrote is on disk (`StationScreen.serve`).

    Posted to the screen that asked, which handles the kind it waits for; the judge's
    notification was already given by the worker.
    """

    def __init__(self, result: Any, about: str | None = None) -> None:
        super().__init__()
        self.result = result
        self.about = about
        """What the screen said the call was about (a record's id, a line's key)."""


class Recorded(Served):
    """An incident recorded (a `RecordResult`), or its possible duplicate found (a
    `RecordState`: nothing written, the judge is asked)."""


class Reviewed(Served):
    """A queue item confirmed, changed or dismissed."""


class Decided(Served):
    """A three-warning decision recorded."""


class Voided(Served):
    """A record or decision voided, or a record corrected."""


class EventSet(Served):
    """The event's round or stage changed."""


class JudgeAdded(Served):
    """A judge added to the event."""


class PlayersImported(Served):
    """A roster imported: the `RosterRead` lines to show (`EventScreen`)."""


class PairingsImported(Served):
    """A round's pairings imported: the lines that say what changed."""


class Entered(Served):
    """A line of the round's list marked entered by the scorekeeper."""


class Closed(Served):
    """An investigation closed."""


class Created(Served):
    """The event created (the first run): its `EventState`."""


class Noted(Served):
    """An event note written (`o` on the dashboard)."""


class Saved(Served):
    """A report written to a file: its path."""


class Refused(Message, bubble=False):
    """A service call was refused or failed (the judge was told why, in a notification);
    ``act`` is the kind of outcome it would have given."""

    def __init__(self, act: type[Served], error: Exception, about: str | None = None) -> None:
        super().__init__()
        self.act = act
        self.error = error
        self.about = about
