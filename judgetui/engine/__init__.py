"""The penalty rules as pure functions over plain data.

The engine imports nothing from Textual or TinyDB and opens no file: the rules arrive
as a parsed `Rules` object and the player's history as `PastPenalty` values.
"""

from judgetui.engine.classify import (
    BelowMinimum,
    at_least,
    choices,
    choose,
    classify,
    is_official,
    sanction_applies,
)
from judgetui.engine.model import (
    Classification,
    Decision,
    OptionVerdict,
    Outcome,
    PastPenalty,
    Phase,
    Preview,
    Reason,
    RecordStatus,
    Situation,
)
from judgetui.engine.warnings import counted_warnings, decision, preview, warning_points

__all__ = [
    "BelowMinimum",
    "Classification",
    "Decision",
    "OptionVerdict",
    "Outcome",
    "PastPenalty",
    "Phase",
    "Preview",
    "Reason",
    "RecordStatus",
    "Situation",
    "at_least",
    "choices",
    "choose",
    "classify",
    "counted_warnings",
    "decision",
    "is_official",
    "preview",
    "sanction_applies",
    "warning_points",
]
