"""The fold for one act about a few players: the whole log checked, but the state built only
for what the act reads (issue 14 item 2).

`judgetui record` reads the roster, the judges, the round and phase, the rules, and the
named players' records, decisions and status: not the other 1,999 players' records. The
full fold (`judgetui.state.fold`) builds a `RecordState` for each of the 10,000 records of
a big event, and that was most of a `record` process. `fold_for` reads the same entries
from the event file itself (no cache anywhere: SECURITY.md) in one pass and:

* holds every entry to its declaration (the generated checks `judgetui.store.reading.check`
  runs for the fold);
* applies the event's own entries (creation, rules, judges, rounds, finals, roster,
  cautions) with the fold's very handlers, and every entry about a named player's records
  and decisions too (an incident's records narrowed to the named players);
* and for everything else keeps only what the fold checks an entry against: every record's
  id, player, status, incident and investigation flag, every decision's id and whether it
  was voided, the investigations closed.

It never names a problem: at the first thing it would not vouch for (any check of the
full fold that fails, or a rules change, which it leaves to the full fold), it returns
None, and the caller folds the whole log, which refuses the file in its own words. So a
file the full fold refuses is refused alike, and the state of a file it accepts is, for
the named players and the event's own fields, the very state the full fold makes.

What the state does NOT hold: other players' records, decisions and status (each such
player is in ``players``, with no records, still "active"), their records and decisions
in ``records``/``decisions``. Only an act about the named players may read it: a record
(its players), a review or a void (the players of what its item may name: `owners`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import suppress
from functools import partial
from itertools import islice
from typing import Any

from judgetui.rules import Rules
from judgetui.state import fold as folding
from judgetui.state.checks import (
    _context,
    _decided,
    _head_acts,
    _kinds,
    _phase,
    _player,
    _shown_note,
    _text,
    _who,
    _words_known,
)
from judgetui.state.event import EventState
from judgetui.state.shapes import EXTENSION_ITEM, MIN_PREFIX, Mark, decision_id
from judgetui.store.reading import declared_data

__all__ = ["fold_for", "owners"]

#: Kinds the fold's own handlers apply as they are: they are about the event, not a record.
_EVENT_KINDS = frozenset(
    {
        "event_created",
        "judge_added",
        "round_set",
        "rounds_set",
        "finals_entered",
        "players_imported",
        "caution_given",
        "event_taken_over",
        "pairings_imported",
        "earlier_events_set",
        "event_noted",
    }
)
_ENDED = frozenset({"voided", "superseded", "dismissed"})


def owners(entries: Sequence[Mapping[str, Any]], item: str) -> frozenset[str]:
    """The players of every record and decision whose id is ``item`` or begins with it
    (a prefix of at least `MIN_PREFIX` characters): all that `EventState.find` may name,
    so that a focused state finds what the full one finds. Entries it cannot read are
    passed over: the focused fold refuses such a log (and the full fold decides)."""
    prefix = len(item) >= MIN_PREFIX

    def named(key: Any) -> bool:
        return isinstance(key, str) and (key == item or (prefix and key.startswith(item)))

    found: set[str] = set()
    owner: dict[str, str] = {}
    for entry in entries:
        with suppress(Exception):
            kind, data = entry["kind"], entry["data"]
            if kind == "incident_recorded":
                for rec in data["records"]:
                    owner[rec["id"]] = rec["player"]
                    if named(rec["id"]):
                        found.add(rec["player"])
            elif kind == "record_reviewed" and isinstance(data.get("replacement"), dict):
                player = owner[data["record"]]
                owner[data["replacement"]["id"]] = player
                if named(data["replacement"]["id"]):
                    found.add(player)
            elif kind == "decision_made" and named(decision_id(int(entry["seq"]))):
                found.add(data["player"])
    return frozenset(found)


class _Unsure(Exception):
    """The focused fold will not vouch for this log: the full fold decides."""


def fold_for(
    rules: Rules,
    entries: Sequence[Mapping[str, Any]],
    players: Collection[str],
) -> EventState | None:
    """The state of the log ``entries`` for an act about ``players`` (see the module), or
    None: fold the whole log instead (it is malformed, or has a rules change)."""
    if not entries:
        return None
    try:
        state = _Focus(rules, frozenset(players)).fold(entries)
    except Exception:  # whatever the full fold would say of it, it says it itself
        return None
    return state


class _Focus:
    """One focused fold: the state, and what the fold checks entries against."""

    def __init__(self, rules: Rules, named: frozenset[str]) -> None:
        self.state = EventState(rules)
        self.named = named
        self.owner: dict[str, str] = {}
        """Every record's player, by record id (the named players' records included)."""
        self.status: dict[str, str] = {}
        """Every record's status as the fold leaves it, by record id."""
        self.incidents: set[str] = set()
        self.investigations: set[str] = set()
        """Records that opened an investigation."""
        self.closed: set[str] = set()
        self.decisions: dict[str, bool] = {}
        """Every decision id, and whether it was voided."""
        self.decided: dict[str, str] = {}
        """Every decision's player, by decision id."""
        self.keys: tuple[Collection[str], Collection[str], Mapping[str, Any], Mapping[str, Any]]
        """The rules' warning levels, sanctions, penalties and infractions (`_kinds`)."""

    def fold(self, entries: Sequence[Mapping[str, Any]]) -> EventState:
        state = self.state
        handlers = folding.HANDLERS
        first = entries[0]
        # the full fold's check without its report (the full fold makes it)
        data = declared_data(first)
        if data is None or first["kind"] != "event_created":
            raise _Unsure("first entry")
        handlers["event_created"](state, first, data)
        # the event's rules are known now, and change no more here
        self.keys = (*_kinds(state), state.rules.penalties, state.rules.infractions)
        on: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], None]] = {
            kind: partial(handlers[kind], state) for kind in _EVENT_KINDS
        }
        del on["event_created"]  # only the first entry creates the event
        on.update(
            incident_recorded=self._incident,
            record_reviewed=self._reviewed,
            witness_noted=self._witness,
            decision_made=self._decision,
            record_voided=self._record_voided,
            decision_voided=self._decision_voided,
            scorekeeper_entered=self._entered,
            investigation_closed=self._investigation_closed,
        )
        for entry in islice(entries, 1, None):
            data = declared_data(entry)
            if data is None:
                raise _Unsure("entry")
            on[entry["kind"]](entry, data)  # KeyError: a rules change, a second creation
        # what `apply` leaves after each entry, once: no handler reads them
        state.count = len(entries)
        state.head = str(entries[-1].get("hash", ""))
        return state

    def _incident(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        state = self.state
        warnings, sanctions, penalties, infractions = self.keys
        incident = data["incident"]  # a str (its declaration): the fold's _text wants one
        if data["infraction"] not in infractions or not incident:
            raise _Unsure("incident")
        corrects = data.get("corrects")
        if corrects is not None and self.status.get(corrects) != "voided":
            raise _Unsure("correction")
        int(entry["seq"])  # the fold reads it for every record
        players = state.players
        owner, status, named = self.owner, self.status, self.named
        mine = 0
        records = data["records"]
        for rec in records:
            record_id = rec["id"]
            player = rec["player"]
            if (
                not record_id
                or record_id in owner
                or player not in players
                or not _words_known(rec, warnings, sanctions, penalties)
            ):
                raise _Unsure("record")
            owner[record_id] = player
            status[record_id] = rec["status"]
            if rec.get("investigation", False):
                self.investigations.add(record_id)
            if player in named:
                mine += 1
        self.incidents.add(incident)
        if mine:
            if mine != len(records):
                data = {**data, "records": [r for r in records if r["player"] in named]}
            folding.HANDLERS["incident_recorded"](state, entry, data)

    def _reviewed(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        record_id = data["record"]
        player = self.owner[record_id]
        action = data["action"]
        if action == "confirm":
            self.status[record_id] = "issued"
        elif action == "dismiss":
            self.status[record_id] = "dismissed"
        elif action == "upgrade":
            rep = data["replacement"]
            if type(rep) is not dict:
                raise _Unsure("replacement")
            int(entry["seq"])
            new = rep["id"]
            warnings, sanctions, penalties, _infractions = self.keys
            if (
                not isinstance(new, str)
                or not new
                or new in self.owner
                or not _words_known(rep, warnings, sanctions, penalties)
            ):
                raise _Unsure("replacement")
            self.owner[new] = player
            self.status[new] = rep["status"]
            self.status[record_id] = "superseded"
            if rep.get("investigation", False):
                self.investigations.add(new)
        else:
            raise _Unsure("review action")
        if player in self.named:
            folding.HANDLERS["record_reviewed"](self.state, entry, data)

    def _witness(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        player = self.owner[_text(data["record"], "record id")]
        _context(data)
        _who(entry)
        _text(data["note"], "witness note")
        int(entry["seq"])
        if player in self.named:
            folding.HANDLERS["witness_noted"](self.state, entry, data)

    def _decision(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        state = self.state
        player = _player(state, data["player"])
        _decided(state, data["penalty"])
        int(data["points"])
        _phase(data["phase"])
        int(data["round"])
        _who(entry)
        decision = decision_id(int(entry["seq"]))
        if decision in self.decisions or decision in self.owner:
            raise _Unsure("decision id")
        self.decisions[decision] = False
        self.decided[decision] = player
        if player in self.named:
            folding.HANDLERS["decision_made"](state, entry, data)

    def _record_voided(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        record_id = _text(data["record"], "record id")
        player = self.owner[record_id]
        if self.status[record_id] in _ENDED:
            raise _Unsure("void")
        _text(data["note"], "void note")
        self.status[record_id] = "voided"
        if player in self.named:
            folding.HANDLERS["record_voided"](self.state, entry, data)

    def _decision_voided(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        decision = _text(data["decision"], "decision id")
        if self.decisions[decision]:
            raise _Unsure("decision void")
        _text(data["note"], "void note")
        self.decisions[decision] = True
        if self.decided[decision] in self.named:
            folding.HANDLERS["decision_voided"](self.state, entry, data)

    def _entered(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        judge = _head_acts(self.state, entry, "items marked entered")
        items = data["items"]
        if not isinstance(items, list) or not items:
            raise _Unsure("items")
        for item in items:
            key = _text(item, "item id")
            if not (
                key in self.owner
                or key in self.decisions
                or (
                    key.startswith(EXTENSION_ITEM)
                    and key.removeprefix(EXTENSION_ITEM) in self.incidents
                )
            ):
                raise _Unsure("item")
            self.state.entered.setdefault(key, Mark(judge, entry["at"]))

    def _investigation_closed(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        judge = _head_acts(self.state, entry, "investigation closed")
        record_id = _text(data["record"], "record id")
        self.owner[record_id]
        if record_id not in self.investigations or record_id in self.closed:
            raise _Unsure("investigation")
        finding = _shown_note(_text(data["finding"], "finding"))
        self.closed.add(record_id)
        self.state.closed_investigations[record_id] = Mark(judge, entry["at"], finding)
