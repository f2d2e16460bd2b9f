"""The schema of `rules.toml` as pydantic models: used only to validate a rules file.

`judgetui.rules` holds the same shapes as plain frozen dataclasses, which is what the
engine reads. Validation (and so pydantic) runs for every rules text but the shipped
one (see `judgetui.rules.rules_source`), which keeps pydantic out of the start-up of
every command on an event made with the shipped rules. A field added here must be added
there too.

Strict: TOML has real booleans and integers, so ``points = true`` or ``rank = "2"`` is a
mistake to report, not a value to coerce.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from judgetui.rules import KNOWN_VERSIONS


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Penalty(_Strict):
    kind: Literal["warning", "sanction"]
    rank: int = Field(ge=0)
    en: str
    ja: str
    abbr: str
    points: int = Field(ge=0, le=10)
    recorded: bool = True
    issuer: Literal["any", "any_reported", "head_confirms", "head"]
    investigation: bool = False
    ends_tournament: bool = False
    forfeits_prizes: bool = False


class Category(_Strict):
    intentional: bool
    disruptive: bool
    minimum: str


class Upgrade(_Strict):
    raises_to: str
    applies_to: list[str] = []
    every_player: bool = False
    minimum: bool = False
    """The answer raises the minimum itself (the chart's automatic disqualification)."""
    en: str
    ja: str
    rule: str


class HistoryRules(_Strict):
    repeat_raises_to: str
    notice_grounds_raises_to: str
    official_from: str


class FinalsRules(_Strict):
    reset_count: bool = True
    repeat_from_main_raises_to: str
    names_en: list[str] = []
    names_ja: list[str] = []


class DecisionOption(_Strict):
    always: bool = False
    all_minor: bool = False
    all_unintentional: bool = False
    no_same_infraction: bool = False
    highest_warning: str | None = None
    strong_cheating: bool = False
    double_warnings: int | None = Field(default=None, ge=1)
    triple_warnings: int | None = Field(default=None, ge=1)
    rule: str


class ThreeWarnings(_Strict):
    threshold: int = Field(ge=1, le=20)
    forced_ejection_at: int = Field(ge=1, le=40)
    default: str
    options: dict[str, DecisionOption]


class Sanctions(_Strict):
    game_loss_current_when: str
    match_loss_next_when: str


class Group(_Strict):
    order: int
    en: str
    ja: str


class TardinessStep(_Strict):
    after_minutes: int = Field(ge=0, le=24 * 60)
    penalty: str
    source: Literal["seed", "project default"] = "project default"


class Infraction(_Strict):
    en: str
    ja: str
    group: str
    category: str
    minimum: str | None = None
    sanction: str | None = None
    sanction_applies: Literal["current", "next"] | None = None
    intentional_sanction: str | None = None
    minor: bool
    remedy: str | None = None
    remedy_ja: str | None = None
    extra_if_no_remedy: str | None = None
    multi_player: bool = False
    draft_only: bool = False
    repeat_upgrade: bool = True
    steps: list[str] = []
    tardiness_steps: list[TardinessStep] = []
    extra_infraction_if_stalling: str | None = None
    source: Literal["seed", "project default"]


class Duplicates(_Strict):
    window_minutes: int = Field(default=15, ge=0, le=240)


class Rules(_Strict):
    version: int
    penalties: dict[str, Penalty]
    categories: dict[str, Category]
    upgrades: dict[str, Upgrade]
    history: HistoryRules
    finals: FinalsRules
    three_warnings: ThreeWarnings
    sanctions: Sanctions
    groups: dict[str, Group]
    infractions: dict[str, Infraction]
    duplicates: Duplicates | None = None

    @field_validator("version")
    @classmethod
    def _known_version(cls, value: int) -> int:
        if value not in KNOWN_VERSIONS:
            known = ", ".join(str(v) for v in KNOWN_VERSIONS)
            raise ValueError(f"not a rules version judgetui reads (known: {known})")
        return value
