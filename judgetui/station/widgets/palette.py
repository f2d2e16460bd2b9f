"""ctrl+p: find a player (open their detail) or an action (new incident, review, event, help)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import islice

from textual.command import DiscoveryHit, Hit, Hits, Provider

from judgetui.i18n import _
from judgetui.search import fold, player_text
from judgetui.station.navigation import navigator
from judgetui.station.session import Session
from judgetui.station.widgets.format import points_phrase

PLAYER_HITS = 30


class StationCommands(Provider):
    """Players and the station's actions; head-judge actions only for the head judge."""

    @property
    def _session(self) -> Session | None:
        session = getattr(self.app, "session", None)
        return session if isinstance(session, Session) else None

    def _actions(self) -> list[tuple[str, str, Callable[[], object]]]:
        session = self._session
        app = self.app
        actions: list[tuple[str, str, Callable[[], object]]] = [
            (
                _("New incident"),
                _("Classify and record a penalty"),
                navigator(app).open_classify,
            ),
            (
                _("History"),
                _("Records by player, judge, infraction, round, table"),
                navigator(app).open_history,
            ),
            (_("Help"), _("Every key of the station"), navigator(app).open_help),
            (
                _("Round list"),
                _("Losses, ejections and time extensions for the scorekeeper"),
                navigator(app).open_round_list,
            ),
        ]
        if session is not None and session.is_head:
            actions += [
                (
                    _("Review queue"),
                    _("Notices, requests and decisions"),
                    navigator(app).open_review,
                ),
                (
                    _("Event"),
                    _("Round, final rounds, judges, players"),
                    navigator(app).open_event,
                ),
                (
                    _("Investigations"),
                    _("Open investigations: who, since when, the report"),
                    navigator(app).open_investigations,
                ),
            ]
        return actions

    async def discover(self) -> Hits:
        if self._session is None:
            return
        for title, help_text, callback in self._actions():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        session = self._session
        if session is None:
            return
        matcher = self.matcher(query)
        for title, help_text, callback in self._actions():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
        wanted = fold(query)
        if not wanted:
            return
        state = session.state
        found = (
            p for p in state.players.values() if wanted in player_text(p.id, p.name, p.reading)
        )
        for player in islice(found, PLAYER_HITS):
            label = f"{player.id} {player.name}"
            yield Hit(
                max(matcher.match(label), 0.5),
                matcher.highlight(label),
                partial(navigator(self.app).open_player, player.id),
                help=_("Player · {points}").format(points=points_phrase(state.points(player.id))),
            )
