"""The commands that decide and write penalties: classify (no write), record, review,
decide, void, and closing an investigation. Each is argparse → service → print."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from judgetui import engine
from judgetui.cli.common import _emit_json, _rules, _station
from judgetui.cli.paper import happened_at
from judgetui.cli.parser import _situation_flags
from judgetui.engine import Situation
from judgetui.errors import CliError
from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.rules import Rules
    from judgetui.service import RecordResult


def cmd_classify(args: argparse.Namespace) -> int:
    from judgetui import text

    rules = _rules(args)
    if args.infraction is not None and args.infraction not in rules.infractions:
        raise CliError(
            _("unknown infraction {key!r}").format(key=args.infraction), key="unknown_infraction"
        )
    situation = Situation(
        intentional=args.intentional,
        disruptive=args.disruptive,
        infraction=args.infraction,
        flags=_situation_flags(args),
        minutes_late=args.minutes,
        phase="finals" if args.finals else "main",
    )
    result = engine.classify(rules, situation)
    if args.json:
        _emit_json(
            {
                "minimum": result.minimum.headline,
                "recommended": result.recommended.headline,
                "minimum_parts": {
                    "warning": result.minimum.warning,
                    "sanction": result.minimum.sanction,
                },
                "recommended_parts": {
                    "warning": result.recommended.warning,
                    "sanction": result.recommended.sanction,
                },
                "category": result.category,
                "investigation": result.investigation,
                "every_player": result.every_player,
                "applies": result.sanction_applies,
                "reasons": text.neutral_reasons(rules, result.reasons),
                "rules": [r.rule for r in result.reasons],
            }
        )
        return 0
    print(_("Minimum:     {penalty}").format(penalty=text.outcome_name(rules, result.minimum)))
    print(_("Recommended: {penalty}").format(penalty=text.outcome_name(rules, result.recommended)))
    if result.sanction_applies:
        print(
            _("Applies to:  {which}").format(
                which=text.applies_text(result.sanction_applies, result.recommended.sanction)
            )
        )
    if result.investigation:
        print(_("A Triple Warning opens an investigation."))
    if result.every_player:
        print(_("Give it to every player involved."))
    print(_("Why:"))
    for reason in result.reasons:
        print(f"  - {text.reason_text(rules, reason)}")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    from judgetui.service import RecordRequest

    station = _station(args)
    request = RecordRequest(
        players=args.player,
        infraction=args.infraction,
        intentional=args.intentional,
        disruptive=args.disruptive,
        flags=_situation_flags(args),
        minutes_late=args.minutes,
        note=args.note,
        penalty=args.penalty,
        request=args.request,
        table=args.table,
        game=args.game,
        opponent=args.opponent,
        extension=args.extension,
        same_as=args.same_as,
        counts_earlier=args.counts_earlier,
        happened_at=happened_at(args),
    )
    result = station.record(args.judge, request)
    if result.witness_of is not None:
        if args.json:
            _emit_json(
                {"incident": result.incident, "records": [], "witness_of": result.witness_of}
            )
        else:
            print(
                _("witness note added to record {id}: no second penalty").format(
                    id=result.witness_of
                )
            )
        return 0
    if result.possible_duplicate_of is not None:
        if result.counted_as_repeat:
            said = _(
                "possible duplicate of record {id} (another judge, same player and "
                "infraction, this round): recorded as another incident, the earlier "
                "record counted as an earlier offence (--counts-earlier)"
            )
        else:
            said = _(
                "possible duplicate of record {id} (another judge, same player and "
                "infraction, this round): recorded as its own incident, the earlier "
                "record not counted as an earlier offence; --same-as {id} attaches "
                "instead, --counts-earlier counts it"
            )
        print("judgetui: " + said.format(id=result.possible_duplicate_of), file=sys.stderr)
    if args.json:
        _emit_json(
            {
                "incident": result.incident,
                "possible_duplicate_of": result.possible_duplicate_of,
                "counted_as_repeat": result.counted_as_repeat,
                "records": _records_json(result),
                "table": result.table,
                "opponent": result.opponent,
                "from_pairings": list(result.from_pairings),
            }
        )
        return 0
    _print_records(station.rules, result)
    if result.from_pairings:
        what: list[str] = []
        if "table" in result.from_pairings:
            what.append(_("table {n}").format(n=result.table))
        if "opponent" in result.from_pairings:
            what.append(_("opponent {id}").format(id=result.opponent))
        print(_("from the round's pairings: {what}").format(what=_(", ").join(what)))
    return 0


def _records_json(result: RecordResult) -> list[dict[str, object]]:
    """A record's (or a correction's) records as ``record --json`` gives them."""
    return [
        {
            "id": r.id,
            "player": r.player,
            "penalty": r.penalty,
            "warning": r.warning,
            "sanction": r.sanction,
            "status": r.status,
            "points": r.points,
            "points_after": r.points_after,
            "decision_owed": r.decision_owed,
        }
        for r in result.records
    ]


def _print_records(rules: Rules, result: RecordResult) -> None:
    from judgetui import text

    for r in result.records:
        name = text.penalty_name(rules, r.penalty)
        if r.player is None:
            print(_("Caution given (verbal, not recorded against the player)."))
            continue
        if r.status == "pending":
            print(
                _("{player}: {penalty} sent to the head judge as a request ({id})").format(
                    player=r.player, penalty=name, id=r.id
                )
            )
        else:
            print(
                _("{player}: {penalty} recorded ({id}); {points} points now").format(
                    player=r.player, penalty=name, id=r.id, points=r.points_after
                )
            )
        if r.decision_owed:
            print(
                _("{player} has {points} points: the head judge owes a decision").format(
                    player=r.player, points=r.points_after
                )
            )


def cmd_review(args: argparse.Namespace) -> int:
    from judgetui import text

    if args.action != "upgrade" and args.penalty is not None:
        raise CliError(
            _("review {action} takes no penalty (only upgrade KEY does)").format(
                action=args.action
            ),
            key="review_takes_no_penalty",
        )
    station = _station(args)
    entries = station.review(
        args.judge, args.item, args.action, args.penalty, args.note, args.minor
    )
    if args.json:
        _emit_json({"entry": entries[0]["seq"], "item": args.item, "action": args.action})
    else:
        print(
            _("{item}: {action}").format(
                item=args.item, action=text.review_action_name(args.action)
            )
        )
    return 0


def cmd_decide(args: argparse.Namespace) -> int:
    from judgetui import text

    station = _station(args)
    station.decide(
        args.judge,
        args.player,
        args.penalty,
        strong_cheating=args.strong_cheating,
        between_matches=args.between_matches,
        advantage=args.advantage,
        note=args.note,
    )
    if args.json:
        _emit_json({"player": args.player, "penalty": args.penalty})
    else:
        print(
            _("{player}: {penalty}").format(
                player=args.player, penalty=text.penalty_name(station.rules, args.penalty)
            )
        )
    return 0


def cmd_void(args: argparse.Namespace) -> int:
    station = _station(args)
    [entry] = station.void(args.judge, args.id, args.note)
    kind = "record" if entry["kind"] == "record_voided" else "decision"
    target = entry["data"][kind]
    if args.json:
        _emit_json({"entry": entry["seq"], "voided": target, "kind": kind})
    else:
        print(_("{id}: voided").format(id=target))
    return 0


def cmd_correct(args: argparse.Namespace) -> int:
    station = _station(args)
    done = station.correct(
        args.judge,
        args.id,
        args.note,
        player=args.player,
        penalty=args.penalty,
        infraction=args.infraction,
    )
    result = done.recorded
    if args.json:
        _emit_json(
            {
                "incident": result.incident,
                "voided": done.voided,
                "records": _records_json(result),
            }
        )
        return 0
    print(_("{id}: voided").format(id=done.voided))
    _print_records(station.rules, result)
    return 0


def cmd_investigation(args: argparse.Namespace) -> int:
    station = _station(args)
    [entry] = station.close_investigation(args.judge, args.record, args.finding)
    record = entry["data"]["record"]
    if args.json:
        _emit_json({"entry": entry["seq"], "closed": record})
    else:
        print(_("{id}: investigation closed").format(id=record))
    return 0
