"""The rules as data: the shapes of `rules.toml`, its cross-checks and the loader.

Nothing here decides a penalty; the engine reads these objects. Every problem in a
rules file becomes one clear line (``RulesError.problems``) so the command line and the
station can refuse a bad file without a traceback.

A rules file is validated with the pydantic schema in `judgetui.rules_schema`, then
held as the plain frozen dataclasses below. `load_rules` remembers a file it has
validated (keyed by its exact text and this code) in the user's cache folder, so a
command or a station that starts with known rules never imports pydantic: that import
and the schema's build were most of a `judgetui record`'s start-up.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import orjson

if TYPE_CHECKING:
    from pydantic import ValidationError

WARNING = "warning"
SANCTION = "sanction"
ANY_CATEGORY = "any"
#: Flags that are situations rather than upgrade questions.
SITUATION_FLAGS = frozenset({"between_matches", "advantage_in_game"})


class RulesError(Exception):
    """A rules file that cannot be used; each problem is one line naming its place."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("\n".join(f"{path}: {p}" for p in problems))


# The runtime shapes: plain frozen dataclasses, the same fields and defaults as the
# pydantic schema in `judgetui.rules_schema` (which validates a file before any of these
# is built from it). Keyword-only, so the field order can follow the schema's.
@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    kind: Literal["warning", "sanction"]
    rank: int
    en: str
    ja: str
    abbr: str
    points: int
    recorded: bool = True
    issuer: Literal["any", "any_reported", "head_confirms", "head"]
    investigation: bool = False
    ends_tournament: bool = False
    forfeits_prizes: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Category:
    intentional: bool
    disruptive: bool
    minimum: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade:
    raises_to: str
    applies_to: list[str] = field(default_factory=list)
    every_player: bool = False
    minimum: bool = False
    """The answer raises the minimum itself (the chart's automatic disqualification)."""
    en: str
    ja: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryRules:
    repeat_raises_to: str
    notice_grounds_raises_to: str
    official_from: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalsRules:
    reset_count: bool = True
    repeat_from_main_raises_to: str
    names_en: list[str] = field(default_factory=list)
    names_ja: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionOption:
    always: bool = False
    all_minor: bool = False
    all_unintentional: bool = False
    no_same_infraction: bool = False
    highest_warning: str | None = None
    strong_cheating: bool = False
    double_warnings: int | None = None
    triple_warnings: int | None = None
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreeWarnings:
    threshold: int
    forced_ejection_at: int
    default: str
    options: dict[str, DecisionOption]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sanctions:
    game_loss_current_when: str
    match_loss_next_when: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Group:
    order: int
    en: str
    ja: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TardinessStep:
    after_minutes: int
    penalty: str
    source: Literal["seed", "project default"] = "project default"


@dataclass(frozen=True, slots=True, kw_only=True)
class Infraction:
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
    steps: list[str] = field(default_factory=list)
    tardiness_steps: list[TardinessStep] = field(default_factory=list)
    extra_infraction_if_stalling: str | None = None
    source: Literal["seed", "project default"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
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

    def penalty(self, key: str) -> Penalty:
        return self.penalties[key]

    def warnings(self) -> list[str]:
        """Warning levels, mildest first."""
        return sorted(
            (k for k, p in self.penalties.items() if p.kind == WARNING),
            key=lambda k: self.penalties[k].rank,
        )

    def sanctions_ladder(self) -> list[str]:
        """Sanctions (game loss … disqualification), mildest first."""
        return sorted(
            (k for k, p in self.penalties.items() if p.kind == SANCTION),
            key=lambda k: self.penalties[k].rank,
        )

    def category_for(self, intentional: bool, disruptive: bool) -> str:
        for key, category in self.categories.items():
            if category.intentional == intentional and category.disruptive == disruptive:
                return key
        raise KeyError((intentional, disruptive))  # unreachable: cross-checked on load

    def grouped_infractions(self) -> list[tuple[str, list[str]]]:
        """The catalogue as the chart groups it, in the chart's order."""
        groups = sorted(self.groups, key=lambda g: self.groups[g].order)
        return [(g, [k for k, i in self.infractions.items() if i.group == g]) for g in groups]


def _known(keys: list[str]) -> str:
    shown = ", ".join(keys[:6])
    return f"known: {shown}, …" if len(keys) > 6 else f"known: {shown}"


def _cross_check(rules: Rules) -> list[str]:
    problems: list[str] = []
    penalties = list(rules.penalties)
    warnings = [k for k, p in rules.penalties.items() if p.kind == WARNING]
    sanctions = [k for k, p in rules.penalties.items() if p.kind == SANCTION]

    def need(path: str, value: str | None, allowed: list[str], what: str) -> None:
        if value is not None and value not in allowed:
            problems.append(f"{path}: {value!r} is not {what} ({_known(allowed)})")

    for kind, keys in ((WARNING, warnings), (SANCTION, sanctions)):
        ranks = [rules.penalties[k].rank for k in keys]
        if len(set(ranks)) != len(ranks):
            problems.append(f"penalties: two {kind} levels share a rank ({ranks})")
    by_rank = sorted(warnings, key=lambda k: rules.penalties[k].rank)
    points = [rules.penalties[k].points for k in by_rank]
    if points != sorted(points):
        problems.append(f"penalties: warning points must not fall as the level rises ({points})")
    if not any(rules.penalties[k].points > 0 for k in warnings):
        problems.append("penalties: no warning level carries points")

    combos = {(c.intentional, c.disruptive) for c in rules.categories.values()}
    if len(combos) != 4 or len(rules.categories) != 4:
        problems.append(
            "categories: need exactly one category for each intentional/disruptive pair"
        )
    for key, category in rules.categories.items():
        need(f"categories.{key}.minimum", category.minimum, warnings, "a warning level")

    flags = [*rules.upgrades, *SITUATION_FLAGS]
    for key, upgrade in rules.upgrades.items():
        need(f"upgrades.{key}.raises_to", upgrade.raises_to, penalties, "a penalty")
        for i, infraction in enumerate(upgrade.applies_to):
            need(
                f"upgrades.{key}.applies_to[{i}]",
                infraction,
                list(rules.infractions),
                "an infraction",
            )

    need("history.repeat_raises_to", rules.history.repeat_raises_to, warnings, "a warning level")
    need(
        "history.notice_grounds_raises_to",
        rules.history.notice_grounds_raises_to,
        warnings,
        "a warning level",
    )
    need("history.official_from", rules.history.official_from, warnings, "a warning level")
    need(
        "finals.repeat_from_main_raises_to",
        rules.finals.repeat_from_main_raises_to,
        warnings,
        "a warning level",
    )

    tw = rules.three_warnings
    if tw.forced_ejection_at < tw.threshold:
        problems.append(
            f"three_warnings.forced_ejection_at: {tw.forced_ejection_at} is below "
            f"the threshold {tw.threshold}"
        )
    for key, option in tw.options.items():
        need(f"three_warnings.options.{key}", key, sanctions, "a sanction")
        need(
            f"three_warnings.options.{key}.highest_warning",
            option.highest_warning,
            warnings,
            "a warning level",
        )
    need("three_warnings.default", tw.default, list(tw.options), "a three-warning option")
    if "ejection" not in tw.options:
        problems.append("three_warnings.options: ejection must be an option (seed EN §iii.3)")

    for name in ("game_loss_current_when", "match_loss_next_when"):
        need(f"sanctions.{name}", getattr(rules.sanctions, name), flags, "a flag")

    categories = [*rules.categories, ANY_CATEGORY]
    for key, inf in rules.infractions.items():
        where = f"infractions.{key}"
        need(f"{where}.group", inf.group, list(rules.groups), "a group")
        need(f"{where}.category", inf.category, categories, "a category")
        need(f"{where}.minimum", inf.minimum, warnings, "a warning level")
        need(f"{where}.sanction", inf.sanction, sanctions, "a sanction")
        need(f"{where}.intentional_sanction", inf.intentional_sanction, sanctions, "a sanction")
        need(f"{where}.extra_if_no_remedy", inf.extra_if_no_remedy, penalties, "a penalty")
        need(
            f"{where}.extra_infraction_if_stalling",
            inf.extra_infraction_if_stalling,
            list(rules.infractions),
            "an infraction",
        )
        for i, step in enumerate(inf.steps):
            need(f"{where}.steps[{i}]", step, penalties, "a penalty")
        minutes = [s.after_minutes for s in inf.tardiness_steps]
        if minutes != sorted(set(minutes)):
            problems.append(f"{where}.tardiness_steps: minutes must rise ({minutes})")
        for i, tstep in enumerate(inf.tardiness_steps):
            need(f"{where}.tardiness_steps[{i}].penalty", tstep.penalty, penalties, "a penalty")
    return problems


def _pydantic_problems(error: ValidationError) -> list[str]:
    lines = []
    for err in error.errors():
        path = ".".join(str(p) for p in err["loc"])
        if err["type"] == "missing":
            lines.append(f"{path}: missing")
        elif err["type"] == "extra_forbidden":
            lines.append(f"{path}: unknown setting")
        else:
            lines.append(f"{path}: {err['input']!r} — {err['msg']}")
    return lines


_TOML_PLACE = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")


def _parse_toml(text: str, path: str) -> dict[str, Any]:
    import tomllib  # only when validating: a cached rules file skips it

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = _TOML_PLACE.match(str(exc))
        if match:
            problem = (
                f"line {match['line']}, column {match['col']}: TOML syntax error: {match['msg']}"
            )
        else:
            problem = f"TOML syntax error: {exc}"
        raise RulesError(path, [problem]) from None


def _build(data: dict[str, Any]) -> Rules:
    """The runtime objects from validated (or previously validated) plain data."""
    tw = data["three_warnings"]
    return Rules(
        version=data["version"],
        penalties={k: Penalty(**v) for k, v in data["penalties"].items()},
        categories={k: Category(**v) for k, v in data["categories"].items()},
        upgrades={k: Upgrade(**v) for k, v in data["upgrades"].items()},
        history=HistoryRules(**data["history"]),
        finals=FinalsRules(**data["finals"]),
        three_warnings=ThreeWarnings(
            **{**tw, "options": {k: DecisionOption(**o) for k, o in tw["options"].items()}}
        ),
        sanctions=Sanctions(**data["sanctions"]),
        groups={k: Group(**v) for k, v in data["groups"].items()},
        infractions={
            k: Infraction(
                **{**v, "tardiness_steps": [TardinessStep(**s) for s in v["tardiness_steps"]]}
            )
            for k, v in data["infractions"].items()
        },
    )


def parse_rules(text: str, path: str = "rules.toml") -> Rules:
    """Parse, validate and cross-check rules; raise RulesError with one line per problem."""
    from pydantic import ValidationError

    from judgetui.rules_schema import Rules as RulesSchema

    raw = _parse_toml(text, path)
    try:
        model = RulesSchema.model_validate(raw)
    except ValidationError as exc:
        raise RulesError(path, _pydantic_problems(exc)) from None
    rules = _build(model.model_dump())
    problems = _cross_check(rules)
    if problems:
        raise RulesError(path, problems)
    return rules


def shipped_rules_text() -> str:
    """The rules.toml that ships inside the package (or beside it in a source checkout)."""
    here = Path(__file__).resolve().parent
    beside = here / "rules.toml"  # an installed wheel
    if beside.is_file():
        return beside.read_text(encoding="utf-8")
    if not here.is_dir():  # imported from a zip: only importlib.resources can read it
        from importlib import resources

        packaged = resources.files("judgetui").joinpath("rules.toml")
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
    return (here.parent / "rules.toml").read_text(encoding="utf-8")


@cache
def load_rules(path: str | None = None) -> Rules:
    """Load a rules file once per process; ``None`` means the shipped rules."""
    if path is None:
        return _load_text(shipped_rules_text(), "rules.toml")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(path, [f"cannot read: {exc.strerror}"]) from None
    except UnicodeDecodeError:
        raise RulesError(path, ["not UTF-8 text"]) from None
    return _load_text(text, path)


# -- the cache of validated rules ------------------------------------------------------

#: Set to a folder to move the cache; set to "" to switch it off.
CACHE_ENV = "JUDGETUI_CACHE_DIR"


def _cache_dir() -> Path | None:
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judgetui" if os.path.isabs(base) else None


def _cache_key(text: str) -> str:
    """The rules text and the code that validates and holds it: any change misses."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for name in ("rules.py", "rules_schema.py"):
        digest.update((here / name).read_bytes())
    digest.update(b"\0" + text.encode("utf-8"))
    return digest.hexdigest()


def _load_text(text: str, path: str) -> Rules:
    """`parse_rules`, skipping the schema validation for a text validated before."""
    folder = _cache_dir()
    if folder is None:
        return parse_rules(text, path)
    try:
        key = _cache_key(text)
    except OSError:
        return parse_rules(text, path)
    cached = folder / f"rules-{key[:32]}.json"
    try:
        stored = orjson.loads(cached.read_bytes())
        if isinstance(stored, dict) and stored.get("key") == key:
            rules = _build(stored["rules"])
            if not _cross_check(rules):
                return rules
    except (OSError, orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        pass  # no cache, or a stale or damaged one: validate the text
    rules = parse_rules(text, path)
    _store_cache(cached, {"key": key, "rules": asdict(rules)})
    return rules


def _store_cache(cached: Path, value: dict[str, Any]) -> None:
    """Write the cache file atomically; a cache that cannot be written is no error."""
    temp = cached.with_name(f".{cached.name}.{os.getpid()}.tmp")
    try:
        cached.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp.write_bytes(orjson.dumps(value))
        os.replace(temp, cached)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def summary(rules: Rules) -> str:
    return (
        f"{len(rules.penalties)} penalties, {len(rules.categories)} categories, "
        f"{len(rules.upgrades)} upgrade questions, {len(rules.infractions)} infractions "
        f"in {len(rules.groups)} groups; three warnings at {rules.three_warnings.threshold} "
        f"points, ejection forced at {rules.three_warnings.forced_ejection_at}"
    )
