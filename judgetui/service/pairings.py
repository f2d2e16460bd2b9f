"""A round's pairings: the head judge imports them (a log entry that replaces that round's
earlier pairings), and is told what changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from judgetui.i18n import N_, _
from judgetui.service.authority import Authority
from judgetui.service.base import BadInput, Entry
from judgetui.state import EventState

if TYPE_CHECKING:
    from judgetui.models import Pairing

#: The most rounds a pairings file may be for (the CLI's ``--round`` bound).
MAX_ROUND = 1000


class Match(Struct, frozen=True):
    """One pairing as a change lists it."""

    table: int | None
    player: str
    opponent: str | None


class Moved(Struct, frozen=True):
    player: str
    before: int | None
    after: int | None


class PairingsChange(Struct, frozen=True):
    """What an import did to its round: every match, and against the pairings it replaced,
    the players at another table, the matches new and the matches gone."""

    round: int
    count: int
    replaced: bool
    moved: list[Moved]
    new: list[Match]
    dropped: list[Match]


def _matches(seats: dict[str, tuple[int | None, str | None]]) -> dict[frozenset[str], Match]:
    out: dict[frozenset[str], Match] = {}
    for player, (table, opponent) in seats.items():
        key = frozenset({player} if opponent is None else {player, opponent})
        out.setdefault(key, Match(table, player, opponent))
    return out


def pairings_change(state: EventState, round_: int, pairings: Sequence[Pairing]) -> PairingsChange:
    """What importing ``pairings`` for ``round_`` changes in ``state``."""
    old = {p: (s.table, s.opponent) for p, s in state.pairings.get(round_, {}).items()}
    new: dict[str, tuple[int | None, str | None]] = {}
    for pairing in pairings:
        new[pairing.player] = (pairing.table, pairing.opponent)
        if pairing.opponent is not None:
            new[pairing.opponent] = (pairing.table, pairing.player)
    moved = [
        Moved(p, old[p][0], table)
        for p, (table, _opponent) in new.items()
        if p in old and old[p][0] != table
    ]
    before, after = _matches(old), _matches(new)
    return PairingsChange(
        round=round_,
        count=len(pairings),
        replaced=round_ in state.pairings,
        moved=moved,
        new=[m for k, m in after.items() if k not in before] if old else [],
        dropped=[m for k, m in before.items() if k not in after],
    )


class PairingsPlanner(Authority):
    """Plans `Station.import_pairings`."""

    def plan_pairings(
        self,
        state: EventState,
        judge_name: str | None,
        round_: int,
        pairings: Sequence[Pairing],
    ) -> tuple[list[Entry], PairingsChange]:
        """The head judge's ``pairings_imported`` entry: every player on the roster and in
        one match at most; refused whole otherwise (nothing imported)."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("import pairings"))
        if type(round_) is not int or not 1 <= round_ <= MAX_ROUND:
            raise BadInput(
                _("round {n} is out of range").format(n=round_), key="round_out_of_range"
            )
        if not pairings:
            raise BadInput(_("no pairings to import"), key="no_pairings")
        seen: set[str] = set()
        for pairing in pairings:
            for pid in (pairing.player, pairing.opponent):
                if pid is None:
                    continue
                if pid not in state.players:
                    raise BadInput(
                        _("unknown player {id!r} in the pairings: nothing imported").format(id=pid),
                        key="unknown_player",
                    )
                if pid in seen:
                    raise BadInput(
                        _("player {id} is paired twice in round {round}: nothing imported").format(
                            id=pid, round=round_
                        ),
                        key="paired_twice",
                    )
                seen.add(pid)
            if pairing.player == pairing.opponent:
                raise BadInput(
                    _("player {id} is paired against themselves").format(id=pairing.player),
                    key="paired_against_themselves",
                )
        from judgetui.models import dumped
        from judgetui.store.build import build

        data = build("pairings_imported", round=round_, pairings=[dumped(p) for p in pairings])
        change = pairings_change(state, round_, pairings)
        return [self.entry("pairings_imported", judge, data)], change
