"""The penalty rules as pure functions over plain data.

The engine imports nothing from Textual or TinyDB and opens no file: the rules arrive
as a parsed `Rules` object and the player's history as `PastPenalty` values.
"""

from judgetui.engine.authority import (
    Need,
    Role,
    floor_record_status,
    record_need,
    record_status,
    role_of,
)
from judgetui.engine.classify import (
    Applies,
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
from judgetui.engine.recording import (
    EACH_RECOMMENDATION,
    Choice,
    PlayerPlan,
    penalty_choices,
    plan_incident,
    plan_player,
)
from judgetui.engine.review import (
    NotAnUpgrade,
    decision_applies,
    points_if,
    upgrade_options,
    upgraded,
    upgraded_applies,
    upgraded_points,
)
from judgetui.engine.warnings import (
    counted_warnings,
    counts_in,
    decision,
    preview,
    warning_points,
)

__all__ = [
    "EACH_RECOMMENDATION",
    "Applies",
    "BelowMinimum",
    "Choice",
    "Classification",
    "Decision",
    "Need",
    "NotAnUpgrade",
    "OptionVerdict",
    "Outcome",
    "PastPenalty",
    "Phase",
    "PlayerPlan",
    "Preview",
    "Reason",
    "RecordStatus",
    "Role",
    "Situation",
    "at_least",
    "choices",
    "choose",
    "classify",
    "counted_warnings",
    "counts_in",
    "decision",
    "decision_applies",
    "floor_record_status",
    "is_official",
    "penalty_choices",
    "plan_incident",
    "plan_player",
    "points_if",
    "preview",
    "record_need",
    "record_status",
    "role_of",
    "sanction_applies",
    "upgrade_options",
    "upgraded",
    "upgraded_applies",
    "upgraded_points",
    "warning_points",
]
