"""How the station writes times, penalties and points: short, coloured, the same everywhere."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rich.text import Text

from judgetui import text
from judgetui.engine import Outcome
from judgetui.i18n import _, ngettext
from judgetui.rules import Rules
from judgetui.state import DecisionState, EventState, PlayerState, QueueItem, RecordState

if TYPE_CHECKING:
    from judgetui.station.session import Session

# Severity colours: readable on the dark theme and on a 16-colour terminal.
_PENALTY_STYLE = {
    "caution": "",
    "notice": "yellow",
    "single_warning": "bold yellow",
    "double_warning": "bold #ff8700",
    "triple_warning": "bold red",
    "game_loss": "bold red",
    "match_loss": "bold red",
    "ejection": "bold reverse red",
    "disqualification": "bold reverse red",
}


INFRACTION_WIDTH = 28
"""Cells for an infraction's name in a table; the full name is in the details."""


def parse_at(at: str) -> datetime:
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def clipped(value: str, width: int) -> Text:
    """``value`` cut to ``width`` terminal cells with an ellipsis (wide characters count 2)."""
    out = Text(value)
    out.truncate(width, overflow="ellipsis")
    return out


def clock_time(at: str, now: datetime | None = None) -> str:
    """Local wall-clock time (``14:02``); with the date when it is not ``now``'s day."""
    try:
        local = parse_at(at).astimezone()
    except ValueError:
        return at
    if now is not None and local.date() != now.astimezone().date():
        return local.strftime("%m-%d %H:%M")
    return local.strftime("%H:%M")


def ago(at: str, now: datetime) -> str:
    """'just now', '4 min', '2 h 5 min', '3 d' — how long something has waited."""
    try:
        seconds = int((now - parse_at(at)).total_seconds())
    except ValueError:
        return "?"
    return text.waited(seconds)


def penalty_style(key: str) -> str:
    return _PENALTY_STYLE.get(key, "")


def penalty_text(rules: Rules, key: str) -> Text:
    return Text(text.penalty_name(rules, key), style=penalty_style(key))


def outcome_text(rules: Rules, outcome: Outcome) -> Text:
    if outcome.sanction and text.outcome_name(rules, outcome) == text.penalty_name(
        rules, outcome.sanction
    ):
        return penalty_text(rules, outcome.sanction)  # no "Notice + Disqualification"
    out = penalty_text(rules, outcome.warning)
    if outcome.sanction:
        out.append(" + ")
        out.append_text(penalty_text(rules, outcome.sanction))
    return out


def record_text(rules: Rules, record: RecordState) -> Text:
    return outcome_text(rules, Outcome(record.warning, record.sanction))


def points_text(points: int, threshold: int) -> Text:
    """A small gauge: ●●○ 2 — filled to the three-warning threshold, red when reached."""
    filled = min(points, threshold)
    style = "bold red" if points >= threshold else "yellow" if points == threshold - 1 else ""
    gauge = Text("●" * filled + "○" * (threshold - filled), style=style or "dim")
    gauge.append(f" {points}", style=style)
    return gauge


def status_name(status: str) -> str:
    """A record's or a player's status, in the judge's language."""
    if status in ("active", "ejected", "disqualified"):
        return text.player_status_name(status)
    return text.record_status_name(status)


phase_name = text.phase_name


def role_name(role: str) -> str:
    return text.role_name(role)


def player_label(player: PlayerState) -> str:
    return f"{player.id} {player.name}"


def points_phrase(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=points)


def no_decision_owed(session: Session, player_id: str) -> str:
    """Why no three-warning decision can be taken for ``player_id`` now, in one line."""
    state = session.state
    found = state.players[player_id]
    if found.status != "active":
        return _("{player} is {status}: no decision is owed.").format(
            player=found.name, status=status_name(found.status)
        )
    if state.decision_owed(player_id) is None and state.points(player_id) >= (
        session.rules.three_warnings.threshold
    ):
        return _("{player}: the three-warning decision is made.").format(player=found.name)
    return _("No decision is owed for {player}: {points}; one is owed at {threshold}.").format(
        player=found.name,
        points=points_phrase(state.points(player_id)),
        threshold=session.rules.three_warnings.threshold,
    )


def round_label(state: EventState) -> str:
    if state.rounds:
        return _("Round {n}/{total}").format(n=state.round, total=state.rounds)
    return _("Round {n}").format(n=state.round)


judge_text = text.judge_text


decision_status = text.decision_status_name


def decision_text(rules: Rules, decision: DecisionState) -> Text:
    """The decided penalty, marked as a three-warning decision; struck through once void."""
    out = penalty_text(rules, decision.penalty)
    if not decision.standing:
        out.stylize("dim strike")
    return out


def queue_news(session: Session, items: Sequence[QueueItem]) -> str:
    """A notification's text for new queue items: the first three, then how many more."""
    state = session.state
    lines = []
    for item in items[:3]:
        player = state.players[item.player]
        penalty = text.penalty_name(session.rules, item.penalty)
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
