"""Reading an entry's values and checking what it refers to, for the fold.

The entry's shape was held to its kind's declaration (`judgetui.store.reading`) before any
of these run; what is left is what only the state can answer (is this player, penalty,
record known to the event?) and the text from the file made safe to show (`_shown`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, cast

from judgetui.engine import Phase
from judgetui.rules import SANCTION, WARNING, RulesError, rules_sha256, rules_source
from judgetui.safe_text import visible
from judgetui.state.kept import MOST_WORDS, WORDS, own
from judgetui.state.queries import keys_missing_from
from judgetui.state.shapes import EventFields, JudgeState

_PHASES = frozenset({"main", "finals"})
_ROLES = frozenset({"head", "floor", "trainee"})
_REVIEW_ACTIONS = frozenset({"confirm", "upgrade", "dismiss"})


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} is not a non-empty string: {value!r}")
    return value


def _shown(value: Any) -> Any:
    """A name from the file as a terminal may show it (`judgetui.safe_text.visible`).

    New names and notes are refused at the door when they hold a control character;
    one written by an older version or by hand is spelled out here, once, so that no
    screen or command prints it raw.
    """
    if type(value) is not str or value.isprintable():  # the fold's hot path: no regex
        return value
    return visible(value)


class _ShownWords(dict[Any, Any]):
    """``SHOWN[value]`` is ``WORDS[_shown(value)]`` in one subscript: who wrote an entry
    (its judge, OS account, client), a name from a few dozen, made safe to show and
    shared. Every entry of a fold has three (~5 ms of calls at 10,000 records, on the
    way to the station's first frame). Kept under copies of the names (`own`), never
    the parse's own strings; a str or None (anything else raises TypeError, as WORDS)."""

    def __missing__(self, value: Any) -> Any:
        shown = WORDS[_shown(value)]
        if len(self) < MOST_WORDS:  # as the vocabulary: past it, each made on its own
            self[own(value)] = shown
        return shown


SHOWN = _ShownWords()


def _shown_note(value: Any) -> Any:
    if type(value) is not str or value.isprintable():
        return value
    return visible(value, newline=True)


def _one_of(value: Any, allowed: frozenset[str], what: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"unknown {what} {value!r}")
    return value


def _optional_text(value: Any, what: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{what} is not a string: {value!r}")
    return value


def _who(entry: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The entry's OS account and SSH client address (None when not recorded)."""
    return (
        _shown(_optional_text(entry.get("os_user"), "os_user")),
        _shown(_optional_text(entry.get("client"), "client")),
    )


def _head_acts(state: EventFields, entry: Mapping[str, Any], what: str) -> str:
    judge = state.judges.get(entry.get("judge") or "")
    if judge is None or judge.role != "head":
        raise ValueError(f"{what} by {entry.get('judge')!r}, not the head judge")
    return judge.name


def _optional_int(value: Any, what: str) -> int | None:
    if value is not None and type(value) is not int:
        raise ValueError(f"{what} is not a whole number: {value!r}")
    return value


def _context(
    data: Mapping[str, Any],
) -> tuple[int | None, int | None, str | None, int | None]:
    """An entry's table, game, opponent and extension (absent in older entries: None)."""
    return (
        _optional_int(data.get("table"), "table"),
        _optional_int(data.get("game"), "game"),
        _shown(_optional_text(data.get("opponent"), "opponent")),
        _optional_int(data.get("extension"), "extension"),
    )


def _phase(value: Any) -> Phase:
    return cast(Phase, _one_of(value, _PHASES, "phase"))


# -- folding -------------------------------------------------------------


def _kinds(state: EventFields) -> tuple[frozenset[str], frozenset[str]]:
    """The warning levels and the sanctions of the rules (computed once per state)."""
    if state._kind_keys is None:
        penalties = state.rules.penalties.items()
        state._kind_keys = (
            frozenset(k for k, p in penalties if p.kind == WARNING),
            frozenset(k for k, p in penalties if p.kind == SANCTION),
        )
    return state._kind_keys


def _words_known(
    rec: Mapping[str, Any],
    warnings: Collection[str],
    sanctions: Collection[str],
    penalties: Collection[str],
) -> bool:
    """Whether a penalty record's warning level, sanction and penalties are the rules'
    (`_kinds`, the penalties): the yes-or-no of that part of `_check_record`, for the
    folds' loop over every record (which names what is wrong only when this says no)."""
    sanction = rec.get("sanction")
    return (
        rec["warning"] in warnings
        and (sanction is None or sanction in sanctions)
        and rec["penalty"] in penalties
        and rec["minimum"] in penalties
        and rec["recommended"] in penalties
    )


def _check_record(state: EventFields, rec: Mapping[str, Any]) -> None:
    """Raise ValueError naming what one penalty record of the log refers to that this
    event does not know (its shape was checked by the declaration of its entry)."""
    record_id = _text(rec["id"], "record id")
    if record_id in state.records:
        raise ValueError(f"record id {record_id!r} used twice")
    _player(state, rec["player"])
    warnings, sanctions = _kinds(state)
    _one_of(rec["warning"], warnings, "warning level")
    sanction = rec.get("sanction")
    if sanction is not None:
        _one_of(sanction, sanctions, "sanction")
    penalties = state.rules.penalties
    for key in ("penalty", "minimum", "recommended"):
        if rec[key] not in penalties:
            raise ValueError(f"unknown penalty {rec[key]!r}")


def _decided(state: EventFields, key: Any) -> str:
    if key not in state.rules.three_warnings.options:
        raise ValueError(f"unknown three-warning penalty {key!r}")
    return str(key)


def _infraction(state: EventFields, key: Any) -> str:
    if not isinstance(key, str) or key not in state.rules.infractions:
        raise ValueError(f"unknown infraction {key!r}")
    return key


def _player(state: EventFields, key: Any) -> str:
    if not isinstance(key, str) or key not in state.players:
        raise ValueError(f"unknown player {key!r}")
    return key


def _judge(judge: Any) -> JudgeState:
    if not isinstance(judge, Mapping):
        raise TypeError(f"a judge is not a JSON object: {judge!r}")
    os_user = judge.get("os_user")
    if os_user is not None:
        _text(os_user, "os_user")
    return JudgeState(
        _shown(_text(judge["name"], "judge name")),
        _one_of(judge["role"], _ROLES, "role"),
        _shown(os_user),
    )


def _use_rules(state: EventFields, data: Any) -> None:
    """Switch to the rules an entry carries: the text, checked against its hash."""
    if not isinstance(data, Mapping):
        raise TypeError(f"its rules are not a JSON object: {data!r}")
    text, digest = data["text"], data["sha256"]
    if not isinstance(text, str) or not isinstance(digest, str):
        raise TypeError("its rules text and sha256 are not strings")
    if rules_sha256(text) != digest:
        raise ValueError("its rules text does not match its sha256")
    try:
        rules = rules_source(text, "the event's rules").rules
    except RulesError as exc:
        raise ValueError(exc.problems[0]) from None
    missing = keys_missing_from(state, rules)
    if missing:
        raise ValueError(f"its rules lack {missing[0]}, which the log already uses")
    state.rules = rules
    state.rules_stored = True
    state._kind_keys = None
    state._points.clear()
