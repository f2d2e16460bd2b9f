"""Where each way of opening a screen leads: the station's one `Navigator`.

Screens other than the dashboard are imported when first opened (a plain import inside
the method, which mypy checks), so the station paints its dashboard without loading
every screen first. Only the App imports this module (see `judgetui.station.navigation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.widget import AwaitMount

from judgetui.i18n import _, language

if TYPE_CHECKING:
    from judgetui.station.screens.classify import ClassifyScreen


class Routes:
    """Opens the station's screens on ``app``, refusing the head judge's to a floor judge."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._classify: ClassifyScreen | None = None
        self._classify_language = ""

    def _is_head(self) -> bool:
        session = getattr(self.app, "session", None)
        return bool(session is not None and session.is_head)

    def _refuse(self, what: str) -> None:
        self.app.notify(_("Only the head judge may {what}.").format(what=what), severity="warning")

    def open_player(self, player_id: str) -> None:
        from judgetui.station.screens.player import PlayerScreen

        self.app.push_screen(PlayerScreen(player_id))

    def open_review(self, item_id: str | None = None) -> None:
        if not self._is_head():
            self._refuse(_("review the queue"))
            return
        from judgetui.station.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(item_id))

    def open_event(self) -> None:
        if not self._is_head():
            self._refuse(_("manage the event"))
            return
        from judgetui.station.screens.event import EventScreen

        self.app.push_screen(EventScreen())

    def open_history(self, query: str = "") -> AwaitMount:
        """The history screen, filtered by ``query`` (``t:14 r:3 kim``: see `judgetui.history`)."""
        from judgetui.station.screens.history import HistoryScreen

        return self.app.push_screen(HistoryScreen(query))

    def open_round_list(self, number: int | None = None) -> None:
        from judgetui.station.screens.round_list import RoundListScreen

        self.app.push_screen(RoundListScreen(number))

    def open_player_report(self, player_id: str, slip: str | None = None) -> None:
        from judgetui.station.screens.player_report import PlayerReportScreen

        self.app.push_screen(PlayerReportScreen(player_id, slip))

    def open_investigations(self) -> None:
        if not self._is_head():
            self._refuse(_("see the open investigations"))
            return
        from judgetui.station.screens.investigations import InvestigationsScreen

        self.app.push_screen(InvestigationsScreen())

    def open_help(self) -> None:
        from judgetui.station.dialogs.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def open_classify(self, players: Sequence[str] = ()) -> AwaitMount:
        """The classification: one screen kept for every incident (installed: popped, it
        stays composed), begun anew; a screen of its own when the kept one is open below
        (the palette opened another over it) or in the other language."""
        from judgetui.station.screens.classify import ClassifyScreen

        screen, app = self._classify, self.app
        if screen is not None and screen in app.screen_stack:
            return app.push_screen(ClassifyScreen(players))
        if screen is not None and self._classify_language == language():
            screen.start_incident(players)
            return app.push_screen(screen)
        if screen is not None:  # of the other language: let go
            app.uninstall_screen(screen)
            screen.remove()
        screen = self._classify = ClassifyScreen(players)
        self._classify_language = language()
        app.install_screen(screen, f"classify-{id(screen)}")
        return app.push_screen(screen)
