"""The shapes the faces and the service build at the door, by the names they use.

Each is declared once, in `judgetui.store.entries` (the declaration of every log entry
kind, used to build an entry on write and to check it on read); this module only names
them for the code that imports ``judgetui.models``.
"""

from judgetui.store.entries import (
    PLAYER_ID_PATTERN,
    SCHEMA_VERSION,
    Applies,
    CautionGiven,
    DecisionMade,
    DecisionVoided,
    EventCreated,
    IncidentRecorded,
    InvestigationClosed,
    Judge,
    Note,
    Pairing,
    PairingsImported,
    PenaltyRecord,
    Player,
    PlayerStatus,
    RecordReviewed,
    RecordVoided,
    ReviewAction,
    Role,
    RulesText,
    ScorekeeperEntered,
    Text,
    WitnessNoted,
)
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)

__all__ = [
    "EXTENSION_MAX",
    "EXTENSION_MIN",
    "GAME_MAX",
    "GAME_MIN",
    "PLAYER_ID_PATTERN",
    "SCHEMA_VERSION",
    "TABLE_MAX",
    "TABLE_MIN",
    "Applies",
    "CautionGiven",
    "DecisionMade",
    "DecisionVoided",
    "EventCreated",
    "IncidentRecorded",
    "InvestigationClosed",
    "Judge",
    "Note",
    "Pairing",
    "PairingsImported",
    "PenaltyRecord",
    "Player",
    "PlayerStatus",
    "RecordReviewed",
    "RecordVoided",
    "ReviewAction",
    "Role",
    "RulesText",
    "ScorekeeperEntered",
    "Text",
    "WitnessNoted",
]
