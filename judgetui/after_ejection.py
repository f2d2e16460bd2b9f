"""Conduct after an ejection or a disqualification (issue 11 item 10).

A player who was ejected or disqualified plays no more, so no game-play infraction can be
recorded against them; conduct still can (abuse on the way out, cheating found after the
fact), and a disqualification may follow. Which infractions are conduct is the rules'
word: ``after_ejection = true`` on an infraction of rules.toml, never a list in code.

The service refuses with `refusal` (exit 2 on the CLI); the station's player search shows
`status_note` beside such a player and refuses at the infraction step with `refusal`.
"""

from __future__ import annotations

from judgetui import text
from judgetui.i18n import _
from judgetui.rules import Rules
from judgetui.state import EventState


def conduct_keys(rules: Rules) -> list[str]:
    """The infractions the rules allow against a player who no longer plays."""
    return [key for key, inf in rules.infractions.items() if inf.after_ejection]


def ended_round(state: EventState, player: str) -> int | None:
    """The round of the standing penalty that ended the player's tournament (the latest
    one, as a disqualification after an ejection is what the player is now)."""
    rules = state.rules
    rounds: list[tuple[int, int]] = []
    for record in state.history(player):
        sanction = record.sanction
        if record.status == "issued" and sanction and rules.penalties[sanction].ends_tournament:
            rounds.append((record.seq, record.round))
    for decision in state.players[player].decisions:
        if decision.standing and rules.penalties[decision.penalty].ends_tournament:
            rounds.append((decision.seq, decision.round))
    return max(rounds)[1] if rounds else None


def status_note(state: EventState, player: str) -> str:
    """``ejected in round 5: only conduct (unsporting conduct, cheating) can be recorded``,
    or "" for a player who still plays."""
    status = state.players[player].status
    if status == "active":
        return ""
    rules = state.rules
    names = _(", ").join(text.infraction_name(rules, k).lower() for k in conduct_keys(rules))
    when = ended_round(state, player)
    if not names:
        return (
            _("{status} in round {round}: nothing more can be recorded").format(
                status=text.player_status_name(status), round=when
            )
            if when is not None
            else _("{status}: nothing more can be recorded").format(
                status=text.player_status_name(status)
            )
        )
    if when is None:
        return _("{status}: only conduct ({names}) can be recorded now").format(
            status=text.player_status_name(status), names=names
        )
    return _("{status} in round {round}: only conduct ({names}) can be recorded now").format(
        status=text.player_status_name(status), round=when, names=names
    )


def refusal(state: EventState, player: str, infraction: str) -> str | None:
    """Why ``infraction`` cannot be recorded against ``player`` now, or None when it can.

    ``P0042: ejected in round 5: only conduct (unsporting conduct, cheating) can be
    recorded now``.
    """
    if state.players[player].status == "active":
        return None
    entry = state.rules.infractions.get(infraction)
    if entry is not None and entry.after_ejection:
        return None
    return _("{id}: {note}").format(id=player, note=status_note(state, player))
