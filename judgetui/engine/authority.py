"""Who may issue what (RULINGS §1 "who may issue it"), as the rules declare it.

The rule only: each penalty's ``issuer`` in rules.toml says whether a floor judge gives
it at once, gives it for the head judge to confirm, or may only ask for it. The service
checks the acting judge against this; the station shows it before the judge records.
"""

from __future__ import annotations

from typing import Literal

from judgetui.engine.model import Outcome
from judgetui.rules import Rules

Role = Literal["head", "floor", "trainee"]
"""A trainee records as a floor judge does; every record of theirs waits for the head judge."""
Need = Literal["issued", "pending", "request"]
"""What a judge's record of a penalty becomes: "issued" (given at once), "pending" (it
counts once the head judge confirms it) or "request" (only the head judge may issue it:
a floor judge can only ask, and the request then waits as pending)."""


def floor_record_status(rules: Rules, outcome: Outcome) -> Need:
    """What a floor judge's record of ``outcome`` becomes (see `Need`).

    "issued" (a Notice: given at once, reported through the queue), "pending" (a Single
    Warning: counts once the head judge confirms it) or "request" (only the head judge
    may issue it: the floor judge can only ask).
    """
    issuers = {rules.penalties[outcome.warning].issuer}
    if outcome.sanction:
        issuers.add(rules.penalties[outcome.sanction].issuer)
    if "head" in issuers:
        return "request"
    return "pending" if "head_confirms" in issuers else "issued"


def role_of(role: str) -> Role:
    """A judge's stored role as these rules read it (anything else: a floor judge's)."""
    return "head" if role == "head" else "trainee" if role == "trainee" else "floor"


def record_need(rules: Rules, role: Role, outcome: Outcome) -> Need:
    """What a record of ``outcome`` by a judge of ``role`` becomes: the head judge issues
    every penalty at once; a floor judge's as `floor_record_status` says; a trainee's is
    never issued alone: what a floor judge would issue at once waits as pending too."""
    if role == "head":
        return "issued"
    need = floor_record_status(rules, outcome)
    return "pending" if role == "trainee" and need == "issued" else need


def record_status(need: Need) -> Literal["issued", "pending"]:
    """The stored status of a record whose `Need` is ``need`` (a request waits as pending)."""
    return "issued" if need == "issued" else "pending"
