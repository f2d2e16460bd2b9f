"""Where each way of opening a screen leads: the station's one `Navigator`.

Screens other than the dashboard are imported when first opened (a plain import inside
the method, which mypy checks), so the station paints its dashboard without loading
every screen first. Only the App imports this module (see `judgetui.station.navigation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.css.query import NoMatches
from textual.widget import AwaitMount, MountError

from judgetui.i18n import _, language

if TYPE_CHECKING:
    from judgetui.station.screens.classify import ClassifyScreen

DRAW_AGAIN_AFTER_SECONDS = 0.2
"""How long after the classification is made ahead it is drawn off screen once more
(`MadeAhead.draw_ahead`): its widgets have handled their first Resize by then."""


class Routes:
    """Opens the station's screens on ``app``, refusing the head judge's to a floor judge."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._classify: ClassifyScreen | None = None
        """The one classification screen, made ahead (`prepare_classify`) and opened for
        every incident; None until it is ready."""
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
        """The classification: the screen made ahead, begun anew, if it is free."""
        from judgetui.station.screens.classify import ClassifyScreen

        screen = self._classify
        if screen is None or screen.is_open() or self._classify_language != language():
            # Not made yet, already open below (the palette opened another screen over
            # it) or in the other language: a screen of its own, as before.
            return self.app.push_screen(ClassifyScreen(players))
        screen.start_incident(players)
        return self.app.push_screen(screen)

    async def prepare_classify(self) -> None:
        """Make the classification screen ahead, every pane composed and mounted, so that
        the key that opens it only shows it. Again after a switch of language."""
        from judgetui.station.screens.classify import ClassifyScreen

        if self._classify is not None:
            if self._classify_language == language():
                return
            old, self._classify = self._classify, None
            if not old.is_open():
                self.app.uninstall_screen(old)
                await old.remove()
        screen = ClassifyScreen()
        self.app.install_screen(screen, f"classify-{id(screen)}")
        try:
            _screen, mounted = self.app._get_screen(screen)
            await mounted
            await screen.prepare()
        except (NoMatches, MountError):
            return  # the station is closing: its screens are coming down
        if screen.is_attached:
            screen.draw_ahead()
            self.app.set_timer(DRAW_AGAIN_AFTER_SECONDS, screen.draw_ahead)
            self._classify, self._classify_language = screen, language()
