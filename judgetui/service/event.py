"""The event itself: its first entry, the round, the final rounds, players, judges,
rules and the round list's entered marks (the head judge's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgetui.i18n import N_, _
from judgetui.rules import Rules, RulesSource, source_of
from judgetui.service.authority import Authority
from judgetui.service.base import BadInput, Entry
from judgetui.state import EventState

if TYPE_CHECKING:
    from judgetui.models import EventCreated, Judge, Player

#: The most rounds an event may have (the CLI's ``--rounds`` bound).
MAX_ROUNDS = 1000


def renamed_players(state: EventState, players: Sequence[Player]) -> list[tuple[str, str, str]]:
    """(id, old name, new name) of each player an import would rename: a re-imported CSV
    keeps ids and takes the new names, and the judge is told which (issue 11 item 11)."""
    return [
        (p.id, state.players[p.id].name, p.name)
        for p in players
        if p.id in state.players and state.players[p.id].name != p.name
    ]


def floor_judge(name: str, os_user: str | None = None, trainee: bool = False) -> Judge:
    """A new floor judge (or ``trainee``: every record of theirs waits for the head
    judge) for `Station.add_judge`, from the words a face was given; a name
    or account the model refuses is one line (BadInput, exit 2), so no face builds the
    model or catches pydantic's error itself."""
    from judgetui.models import Judge, Refused, made

    role = "trainee" if trainee else "floor"
    try:
        return made(Judge, {"name": name, "role": role, "os_user": os_user})
    except Refused as exc:
        raise BadInput(f"judge {exc}", key="bad_judge") from None


class EventPlanner(Authority):
    """Plans the event's set-up and its round, finals, roster and rules changes."""

    def plan_round(
        self, state: EventState, judge_name: str | None, number: int, back: bool = False
    ) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the round"))
        if number < 1 or (state.rounds is not None and number > state.rounds + 8):
            raise BadInput(
                _("round {n} is out of range").format(n=number), key="round_out_of_range"
            )
        if number < state.round and not back:
            # A slip of the finger would file every later record under the wrong round.
            raise BadInput(
                _(
                    "round {n} is before the current round {current}: "
                    "to set the round back, say so (--back)"
                ).format(n=number, current=state.round),
                key="round_before_current",
            )
        return [self.entry("round_set", judge, {"round": number})]

    def plan_rounds(self, state: EventState, judge_name: str | None, total: int) -> list[Entry]:
        """The head judge changes the number of rounds after set-up: a ``rounds_set`` entry."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the number of rounds"))
        if total < 1 or total > MAX_ROUNDS:
            raise BadInput(
                _("{n} rounds is out of range").format(n=total), key="rounds_out_of_range"
            )
        if total < state.round:
            raise BadInput(
                _("{n} rounds is fewer than the current round {current}").format(
                    n=total, current=state.round
                ),
                key="rounds_below_current",
            )
        if total == state.rounds:
            raise BadInput(
                _("the event already has {n} rounds").format(n=total), key="rounds_unchanged"
            )
        return [self.entry("rounds_set", judge, {"rounds": total})]

    def plan_finals(self, state: EventState, judge_name: str | None) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("enter the final rounds"))
        if state.phase == "finals":
            raise BadInput(_("the event is already in the final rounds"), key="already_in_finals")
        return [self.entry("finals_entered", judge, {"round": state.round})]

    def plan_takeover(
        self, state: EventState, judge_name: str | None, copy_id: str, source: str, pulled_at: str
    ) -> list[Entry]:
        """The head judge makes a standby copy the event of record: an ``event_taken_over``
        entry naming the copy and the old station's last head (the copy's, as pulled)."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("take over a standby copy"))
        if copy_id in state.taken_over:
            raise BadInput(
                _("this copy was taken over already: it is the event of record"),
                key="taken_over_already",
            )
        from judgetui.models import EventTakenOver, dumped, made

        fields = {"copy_id": copy_id, "source": source, "pulled_at": pulled_at}
        taken = made(EventTakenOver, {**fields, "previous_head": state.head})
        return [self.entry("event_taken_over", judge, dumped(taken))]

    def plan_import(
        self, state: EventState, judge_name: str | None, players: Sequence[Player]
    ) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("import players"))
        # the roster's optional columns only where given: an entry as before otherwise
        from judgetui.models import dumped

        data = [{k: v for k, v in dumped(p).items() if v is not None} for p in players]
        return [self.entry("players_imported", judge, {"players": data})]

    def plan_judge(self, state: EventState, judge_name: str | None, new: Judge) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("add judges"))
        if new.role == "head":
            raise BadInput(_("an event has exactly one head judge"), key="one_head_judge")
        if any(j.name.casefold() == new.name.casefold() for j in state.judges.values()):
            raise BadInput(
                _("judge {name!r} is already on the roster").format(name=new.name),
                key="judge_already_on_roster",
            )
        from judgetui.models import dumped

        return [self.entry("judge_added", judge, dumped(new))]

    def plan_rules(
        self, state: EventState, judge_name: str | None, source: RulesSource
    ) -> list[Entry]:
        """The head judge changes the event's rules: a ``rules_changed`` entry."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the event's rules"))
        if state.rules_stored and state.rules_source().sha256 == source.sha256:
            raise BadInput(
                _("the event already uses these rules (sha256 {short})").format(short=source.short),
                key="rules_unchanged",
            )
        missing = state.keys_missing_from(source.rules)
        if missing:
            raise BadInput(
                _("these rules lack {what}, which the event's log already uses").format(
                    what=missing[0]
                ),
                key="rules_lack_keys",
            )
        from judgetui.models import RulesText, dumped, made

        data = dumped(made(RulesText, {"text": source.text, "sha256": source.sha256}))
        return [self.entry("rules_changed", judge, data)]

    def plan_entered(
        self, state: EventState, judge_name: str | None, items: Sequence[str], round_: int
    ) -> list[Entry]:
        """The head judge marks round-list items as entered by the scorekeeper."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("mark items entered"))
        wanted: list[str] = []
        for item in items:
            key = self.resolve(state, item)
            if not state.is_round_item(key):
                raise BadInput(
                    _("no round-list item {item!r}").format(item=item), key="unknown_round_item"
                )
            if key not in state.entered and key not in wanted:
                wanted.append(key)
        if not wanted:
            raise BadInput(_("every item named is already entered"), key="already_entered")
        from judgetui.models import ScorekeeperEntered, dumped, made

        payload = made(ScorekeeperEntered, {"items": wanted, "round": round_})
        return [self.entry("scorekeeper_entered", judge, dumped(payload))]

    def plan_earlier(
        self, state: EventState, judge_name: str | None, files: Sequence[str]
    ) -> list[Entry]:
        """The head judge names the earlier events' files (none: clears them)."""
        from judgetui.models import Refused
        from judgetui.store.build import build

        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("name earlier events"))
        files = list(dict.fromkeys(files))  # a file named twice is one earlier event
        if tuple(files) == state.earlier_events:
            raise BadInput(_("the event already names these earlier events"), key="earlier_same")
        try:
            data = build("earlier_events_set", files=files)
        except Refused as exc:
            raise BadInput(
                _("earlier events: {reason}").format(reason=exc.reason),
                key="bad_earlier_events",
            ) from None
        return [self.entry("earlier_events_set", judge, data)]

    def event_entries(self, created: EventCreated, rules: Rules | None = None) -> list[Entry]:
        """The first entry of a new event, with the text of the rules it is made with."""
        from judgetui.models import RulesText, dumped, made

        data = dumped(created)
        if data.get("rules") is None:
            source = source_of(rules or self.rules)
            text = {"text": source.text, "sha256": source.sha256}
            data["rules"] = dumped(made(RulesText, text))
        return [self.entry("event_created", None, data)]
