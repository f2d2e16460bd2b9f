"""What every part of the service shares: its two refusals, the log entry it builds, and
the look-ups that turn what a judge typed into the event's own keys."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from msgspec import Struct

from judgetui.engine import questions
from judgetui.i18n import _
from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.state import EXTENSION_ITEM, EventState, JudgeState

# Every entry's data is built by its one declaration in `judgetui.store.entries`, through
# `judgetui.store.build` (imported as ``declared``) or `judgetui.models.made`.

Entry = dict[str, Any]
Clock = Callable[[], datetime]
IdFactory = Callable[[], str]


class BadInput(ValueError):
    """Unknown player, infraction, penalty or judge; a choice the rules do not allow.

    ``key`` is why, as a stable machine word (``unknown_player``, ``below_minimum``): what
    the diagnostic log says of the refusal, where the message (which may name a judge or
    a player) is never written. Every raise gives one (tests/unit/test_log_keys.py).
    """

    def __init__(self, message: str, *, key: str = "bad_input") -> None:
        super().__init__(message)
        self.key = key


class NotPermitted(PermissionError):
    """The acting judge's role (or OS account) does not allow this act.

    ``key`` is ``not_permitted:`` and why (``head_only``, ``account_mismatch``), as for
    `BadInput`.
    """

    def __init__(self, message: str, *, key: str = "unspecified") -> None:
        super().__init__(message)
        self.key = f"not_permitted:{key}"


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return str(uuid.uuid4())


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class PlannerBase(Struct):
    """What every part of the `Planner` shares: its rules, who calls, the clock and the
    ids, the log entry, and the look-ups."""

    rules: Rules
    caller: Caller
    clock: Clock = _utc_now
    new_id: IdFactory = _new_id

    def entry(
        self,
        kind: str,
        judge: JudgeState | None,
        data: Mapping[str, Any],
        at: datetime | None = None,
    ) -> Entry:
        return {
            "kind": kind,
            "at": _iso(self.clock() if at is None else at),
            "judge": judge.name if judge else None,
            "os_user": self.caller.os_user,
            "client": self.caller.client,
            "data": dict(data),
        }

    # -- lookups ------------------------------------------------------------------

    def player(self, state: EventState, player_id: str) -> str:
        if player_id in state.players:
            return player_id
        raise BadInput(_("unknown player {id!r}").format(id=player_id), key="unknown_player")

    def infraction(self, key: str) -> str:
        if key in self.rules.infractions:
            return key
        raise BadInput(
            _("unknown infraction {key!r} (`judgetui rules` lists the keys)").format(key=key),
            key="unknown_infraction",
        )

    def penalty_key(self, key: str) -> str:
        if key in self.rules.penalties:
            return key
        known = ", ".join(self.rules.penalties)
        raise BadInput(
            _("unknown penalty {key!r} (known: {known})").format(key=key, known=known),
            key="unknown_penalty",
        )

    def flags(self, flags: Iterable[str]) -> frozenset[str]:
        allowed = questions.flags(self.rules)
        for flag in flags:
            if flag not in allowed:
                raise BadInput(
                    _("unknown question {flag!r} (known: {known})").format(
                        flag=flag, known=", ".join(sorted(allowed))
                    ),
                    key="unknown_question",
                )
        return frozenset(flags)

    def resolve(self, state: EventState, item: str, *, records_only: bool = False) -> str:
        """The record (or decision, or a round list's time extension) id ``item`` names:
        the whole id or a unique prefix (reports print ids shortened, `EventState.short_id`).

        An unknown item comes back as it is (the caller says what it is not); a prefix
        that names several is refused with their count.
        """
        if item.startswith(EXTENSION_ITEM):
            matches = [] if records_only else state.find_extension(item)
        else:
            matches = state.find(item)
        if records_only:
            matches = [m for m in matches if m in state.records]
        if len(matches) > 1:
            raise BadInput(
                _("{item!r} is the beginning of {n} ids: type more of it").format(
                    item=item, n=len(matches)
                ),
                key="ambiguous_id",
            )
        return matches[0] if matches else item
