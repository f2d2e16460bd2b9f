"""How the station writes times, penalties and points: short, coloured, the same everywhere."""

from __future__ import annotations

from datetime import UTC, datetime

from rich.text import Text

from judgetui import text
from judgetui.engine import Outcome
from judgetui.i18n import _, ngettext
from judgetui.rules import Rules
from judgetui.state import DecisionState, EventState, PlayerState, RecordState

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


def parse_at(at: str) -> datetime:
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def ago(at: str, now: datetime) -> str:
    """'just now', '4 min', '2 h 5 min', '3 d' — how long something has waited."""
    try:
        seconds = int((now - parse_at(at)).total_seconds())
    except ValueError:
        return "?"
    if seconds < 60:
        return _("just now")
    minutes = seconds // 60
    if minutes < 60:
        return _("{n} min").format(n=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return (
            _("{h} h {m} min").format(h=hours, m=minutes) if minutes else _("{h} h").format(h=hours)
        )
    return _("{d} d").format(d=hours // 24)


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
    return _("head judge") if role == "head" else _("floor judge")


def player_label(player: PlayerState) -> str:
    return f"{player.id} {player.name}"


def points_phrase(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=points)


def round_label(state: EventState) -> str:
    if state.rounds:
        return _("Round {n}/{total}").format(n=state.round, total=state.rounds)
    return _("Round {n}").format(n=state.round)


def judge_text(record: RecordState) -> str:
    """Who gave the penalty: an upgraded record names the floor judge and the head judge."""
    if record.supersedes is not None and record.reviewed_by and record.reviewed_by != record.judge:
        return f"{record.judge} → {record.reviewed_by}"
    return record.judge


def decision_status(decision: DecisionState) -> str:
    """A three-warning decision's status: decided, voided, or reopened (a record voided)."""
    if decision.voided_by is not None:
        return text.record_status_name("voided")
    if decision.reopened_by is not None:
        return _("reopened")
    return _("decided")


def decision_text(rules: Rules, decision: DecisionState) -> Text:
    """The decided penalty, marked as a three-warning decision; struck through once void."""
    out = penalty_text(rules, decision.penalty)
    if not decision.standing:
        out.stylize("dim strike")
    return out
