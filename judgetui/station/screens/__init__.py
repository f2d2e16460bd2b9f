"""The station's screens, and the ways to open them from anywhere (keys, palette).

Screens other than the dashboard and the walk-through are imported when first opened,
so the station starts fast and one missing or broken screen never stops the others:
the judge gets a notification instead.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.state import QueueItem
    from judgetui.station.session import Session


def _screen_class(app: App[Any], module: str, name: str) -> type[Screen[Any]] | None:
    try:
        found = getattr(importlib.import_module(f"judgetui.station.screens.{module}"), name)
    except (ImportError, AttributeError) as error:
        app.notify(
            _("This screen cannot be opened: {reason}").format(reason=error), severity="error"
        )
        return None
    assert isinstance(found, type) and issubclass(found, Screen)
    return found


def _is_head(app: App[Any]) -> bool:
    session = getattr(app, "session", None)
    return bool(session is not None and session.is_head)


def _refuse(app: App[Any], what: str) -> None:
    app.notify(_("Only the head judge may {what}.").format(what=what), severity="warning")


def open_player(app: App[Any], player_id: str) -> None:
    screen = _screen_class(app, "player", "PlayerScreen")
    if screen is not None:
        app.push_screen(screen(player_id))


def open_review(app: App[Any], item_id: str | None = None) -> None:
    if not _is_head(app):
        _refuse(app, _("review the queue"))
        return
    screen = _screen_class(app, "review", "ReviewScreen")
    if screen is not None:
        app.push_screen(screen(item_id))


def open_event(app: App[Any]) -> None:
    if not _is_head(app):
        _refuse(app, _("manage the event"))
        return
    screen = _screen_class(app, "event", "EventScreen")
    if screen is not None:
        app.push_screen(screen())


def open_history(app: App[Any], query: str = "") -> None:
    """The history screen, filtered by ``query`` (``t:14 r:3 kim``: see `judgetui.history`)."""
    screen = _screen_class(app, "history", "HistoryScreen")
    if screen is not None:
        app.push_screen(screen(query))


def open_round_list(app: App[Any], number: int | None = None) -> None:
    from judgetui.station.screens.reports import RoundListScreen

    app.push_screen(RoundListScreen(number))


def open_player_report(app: App[Any], player_id: str) -> None:
    screen = _screen_class(app, "reports", "PlayerReportScreen")
    if screen is not None:
        app.push_screen(screen(player_id))


def open_investigations(app: App[Any]) -> None:
    if not _is_head(app):
        _refuse(app, _("see the open investigations"))
        return
    screen = _screen_class(app, "reports", "InvestigationsScreen")
    if screen is not None:
        app.push_screen(screen())


def open_help(app: App[Any]) -> None:
    screen = _screen_class(app, "help", "HelpScreen")
    if screen is not None:
        app.push_screen(screen())


def open_classify(app: App[Any], players: Sequence[str] = ()) -> None:
    from judgetui.station.screens.classify import ClassifyScreen

    app.push_screen(ClassifyScreen(players))


def first_run_screen(app: App[Any]) -> Screen[Any] | None:
    """The screen that creates an event file where there is none."""
    screen = _screen_class(app, "first_run", "FirstRunScreen")
    return screen() if screen is not None else None


def queue_news(session: Session, items: Sequence[QueueItem]) -> str:
    """A notification's text for new queue items: the first three, then how many more."""
    from judgetui.text import penalty_name

    state = session.state
    lines = []
    for item in items[:3]:
        player = state.players[item.player]
        penalty = penalty_name(session.rules, item.penalty)
        if item.kind == "decision":
            line = _("{player}: a three-warning decision is owed").format(player=player.name)
        elif item.kind == "request":
            line = _("{judge} asks for {penalty} for {player}").format(
                judge=item.judge or "?", penalty=penalty, player=player.name
            )
        else:
            line = _("{judge} gave {player} a {penalty}").format(
                judge=item.judge or "?", penalty=penalty, player=player.name
            )
        lines.append(line)
    if len(items) > 3:
        lines.append(_("… and {n} more").format(n=len(items) - 3))
    return "\n".join(lines)
