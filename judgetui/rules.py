"""The rules as data: the ONE declaration of `rules.toml`'s shapes, its cross-checks and
the loader.

Nothing here decides a penalty; the engine reads these objects. Every problem in a
rules file becomes one clear line (``RulesError.problems``) so the command line and the
station can refuse a bad file without a traceback.

Each shape below is declared once, as a frozen `msgspec.Struct` that pydantic v2 validates
(through a stdlib dataclass of the same fields made from it, with its
``__pydantic_config__`` and the ``Annotated`` bounds; see `_Shape` and `_validate`). The
same classes are what the engine reads, so there is no second copy to keep in step. An
event keeps the exact text of its rules in its own log (see `judgetui.state`), so what a
judge may issue is decided by the event file alone: nothing here reads a cache, an
environment variable or a file in $HOME.

Validated rules are remembered in memory only, keyed by the full sha256 of their text
(`parse_rules`). The text that ships with the package (and those earlier versions
shipped, `EARLIER_SHIPPED`) are the one exception to running the pydantic validator: they
are part of the installed code, validated by the tests (``tests/unit/test_rules_one_shape.py``,
``tests/unit/test_rules_earlier.py``), and read from their TOML at run time by
`msgspec.convert` on these same declarations when a text's sha256 is one of theirs. That
keeps pydantic's import and schema build out of every command on an event made with the
shipped rules; pydantic validates a text a person edited, listing every problem at once.
"""

from __future__ import annotations

import hashlib
import re
import types
import typing
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from msgspec import NODEFAULT, Meta, Struct, convert, field
from msgspec.structs import fields

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, ValidationError
    from pydantic_core import CoreSchema

WARNING = "warning"
SANCTION = "sanction"
ANY_CATEGORY = "any"
#: Flags that are situations rather than upgrade questions, the engine reads them
#: through ``[sanctions]`` (which game or match a loss applies to), with the command
#: line's option for each (their words: `judgetui.text.question_text`).
SITUATION_OPTIONS = {"between_matches": "between-matches", "advantage_in_game": "in-game-advantage"}
SITUATION_FLAGS = frozenset(SITUATION_OPTIONS)
#: What an upgrade question's ``option`` may be: a plain long option's name.
OPTION_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: The versions of the rules file's format this code reads.
KNOWN_VERSIONS = (1,)


class RulesError(Exception):
    """A rules file that cannot be used; each problem is one line naming its place."""

    key = "bad_rules"

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("\n".join(f"{path}: {p}" for p in problems))


# -- what pydantic checks beyond the types ---------------------------------------------------
# An integer's bounds are `msgspec.Meta` (msgspec checks them; the twin gives them to pydantic
# as ``Field(ge=…, le=…)``); the version is a marker pydantic reads through
# ``__get_pydantic_core_schema__``, declared without importing pydantic.


class _KnownVersion:
    """A version of the rules format this code reads (`KNOWN_VERSIONS`)."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(cls.check, handler(source))

    @staticmethod
    def check(value: int) -> int:
        if value not in KNOWN_VERSIONS:
            known = ", ".join(str(v) for v in KNOWN_VERSIONS)
            raise ValueError(f"not a rules version judgetui reads (known: {known})")
        return value


class _Shape:
    """What every shape below tells pydantic.

    Strict: TOML has real booleans and integers, so ``points = true`` or ``rank = "2"``
    is a mistake to report, not a value to coerce; a setting no shape declares is refused
    ("unknown setting"). A shape itself is given as a TOML table (a dict), which strict
    pydantic would refuse for a dataclass: only that one check is relaxed.

    The shapes are `msgspec.Struct` classes (made ~50 times faster than dataclasses, at
    every command's start), which pydantic does not read: it validates a dataclass of the
    same fields, bounds and defaults (`_pydantic_twin`), whose instance becomes the shape.
    """

    __slots__ = ()
    __pydantic_config__: ClassVar[Any] = {"extra": "forbid", "strict": True}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from pydantic_core import core_schema

        shape_class = typing.cast("type[Struct]", cls)  # every shape is a Struct
        schema = handler.generate_schema(_pydantic_twin(shape_class))
        dataclass: Any = handler.resolve_ref_schema(schema)  # (a reference to it, or itself)
        if dataclass.get("type") == "dataclass":
            dataclass["strict"] = False
        names = [f.name for f in fields(shape_class)]

        def shape(twin: Any) -> Any:
            return shape_class(**{name: getattr(twin, name) for name in names})

        return core_schema.no_info_after_validator_function(shape, schema)


@cache
def _pydantic_twin(cls: type[Struct]) -> type:
    """The stdlib dataclass pydantic validates for the shape ``cls`` (see `_Shape`)."""
    import dataclasses

    hints = typing.get_type_hints(cls, include_extras=True)
    declared: list[tuple[str, Any, Any]] = []
    for f in fields(cls):
        given = {"default": f.default, "default_factory": f.default_factory}
        spec: Any = dataclasses.field(**{k: v for k, v in given.items() if v is not NODEFAULT})
        declared.append((f.name, _bounds_for_pydantic(hints[f.name]), spec))
    twin = dataclasses.make_dataclass(
        cls.__name__,
        declared,
        namespace={"__pydantic_config__": _Shape.__pydantic_config__, "__doc__": cls.__doc__},
        frozen=True,
        kw_only=True,
    )
    twin.__module__, twin.__qualname__ = cls.__module__, cls.__qualname__
    return twin


def _bounds_for_pydantic(hint: Any) -> Any:
    """``hint`` with each `msgspec.Meta` bound as pydantic's ``Field(ge=…, le=…)``."""
    from pydantic import Field

    if typing.get_origin(hint) is Annotated:
        base, *marks = typing.get_args(hint)
        marks = [Field(ge=m.ge, le=m.le) if isinstance(m, Meta) else m for m in marks]
        return Annotated[(_bounds_for_pydantic(base), *marks)]
    if isinstance(hint, types.UnionType):
        arms = tuple(_bounds_for_pydantic(arm) for arm in typing.get_args(hint))
        return typing.Union[arms]  # noqa: UP007 (a union made of a tuple of types)
    return hint


Rank = Annotated[int, Meta(ge=0)]


# -- the shapes ----------------------------------------------------------------------------------
# Keyword-only, so a field with a default may come before one without.


class Penalty(Struct, _Shape, frozen=True, kw_only=True):
    kind: Literal["warning", "sanction"]
    rank: Rank
    en: str
    ja: str
    abbr: str
    points: Annotated[int, Meta(ge=0, le=10)]
    recorded: bool = True
    issuer: Literal["any", "any_reported", "head_confirms", "head"]
    investigation: bool = False
    ends_tournament: bool = False
    forfeits_prizes: bool = False


class Category(Struct, _Shape, frozen=True, kw_only=True):
    intentional: bool
    disruptive: bool
    minimum: str


class Upgrade(Struct, _Shape, frozen=True, kw_only=True):
    """A yes/no upgrade question: a "yes" raises the penalty to at least ``raises_to``."""

    raises_to: str
    applies_to: list[str] = field(default_factory=list)
    every_player: bool = False
    minimum: bool = False
    """The answer raises the minimum itself (the chart's automatic disqualification)."""
    en: str
    ja: str
    rule: str
    option: str | None = None
    """The command line's option for a "yes" (without ``--``); absent: the key with
    ``-`` for ``_`` (see `judgetui.engine.questions.option_name`)."""


class HistoryRules(Struct, _Shape, frozen=True, kw_only=True):
    repeat_raises_to: str
    notice_grounds_raises_to: str
    official_from: str


class FinalsRules(Struct, _Shape, frozen=True, kw_only=True):
    reset_count: bool = True
    repeat_from_main_raises_to: str
    names_en: list[str] = field(default_factory=list)
    names_ja: list[str] = field(default_factory=list)


class DecisionOption(Struct, _Shape, frozen=True, kw_only=True):
    always: bool = False
    all_minor: bool = False
    all_unintentional: bool = False
    no_same_infraction: bool = False
    highest_warning: str | None = None
    strong_cheating: bool = False
    double_warnings: Annotated[int, Meta(ge=1)] | None = None
    triple_warnings: Annotated[int, Meta(ge=1)] | None = None
    rule: str


class ThreeWarnings(Struct, _Shape, frozen=True, kw_only=True):
    threshold: Annotated[int, Meta(ge=1, le=20)]
    forced_ejection_at: Annotated[int, Meta(ge=1, le=40)]
    default: str
    options: dict[str, DecisionOption]


class Sanctions(Struct, _Shape, frozen=True, kw_only=True):
    game_loss_current_when: str
    match_loss_next_when: str


class Group(Struct, _Shape, frozen=True, kw_only=True):
    order: int
    en: str
    ja: str


class TardinessStep(Struct, _Shape, frozen=True, kw_only=True):
    after_minutes: Annotated[int, Meta(ge=0, le=24 * 60)]
    penalty: str
    source: Literal["seed", "project default"] = "project default"


class Infraction(Struct, _Shape, frozen=True, kw_only=True):
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
    after_ejection: bool = False
    repeat_upgrade: bool = True
    steps: list[str] = field(default_factory=list)
    tardiness_steps: list[TardinessStep] = field(default_factory=list)
    extra_infraction_if_stalling: str | None = None
    source: Literal["seed", "project default"]


class Duplicates(Struct, _Shape, frozen=True, kw_only=True):
    window_minutes: Annotated[int, Meta(ge=0, le=240)] = 15
    """Another judge's record of the same player and infraction in the same round, this
    many minutes before, is shown as a possible duplicate (0: never)."""


class Rules(Struct, _Shape, frozen=True, kw_only=True):
    version: Annotated[int, _KnownVersion]
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
    """None in a rules file without a ``[duplicates]`` section (older events' rules)."""

    def duplicate_window(self) -> int:
        """Minutes within which another judge's like record is a possible duplicate."""
        return (self.duplicates or Duplicates()).window_minutes

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

    def need_warning(path: str, value: str | None) -> None:
        need(path, value, warnings, "a warning level")

    infractions = list(rules.infractions)

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
        need_warning(f"categories.{key}.minimum", category.minimum)

    flags = [*rules.upgrades, *SITUATION_FLAGS]
    taken = {option: f"situation {flag}" for flag, option in SITUATION_OPTIONS.items()}
    for key, upgrade in rules.upgrades.items():
        name = upgrade.option or key.replace("_", "-")
        if not OPTION_NAME.fullmatch(name):
            problems.append(
                f"upgrades.{key}.option: {name!r} is not an option name "
                "(lower-case letters, digits and single hyphens)"
            )
        elif name in taken:
            problems.append(
                f"upgrades.{key}.option: --{name} is already the option of {taken[name]}"
            )
        taken[name] = f"upgrades.{key}"
        need(f"upgrades.{key}.raises_to", upgrade.raises_to, penalties, "a penalty")
        for i, infraction in enumerate(upgrade.applies_to):
            need(f"upgrades.{key}.applies_to[{i}]", infraction, infractions, "an infraction")

    for name in ("repeat_raises_to", "notice_grounds_raises_to", "official_from"):
        need_warning(f"history.{name}", getattr(rules.history, name))
    official = rules.penalties.get(rules.history.official_from)
    for name, raised in (
        ("history.repeat_raises_to", rules.history.repeat_raises_to),
        ("finals.repeat_from_main_raises_to", rules.finals.repeat_from_main_raises_to),
    ):
        level = rules.penalties.get(raised)
        if official and level and level.kind == WARNING and level.rank < official.rank:
            problems.append(
                f"{name}: {raised!r} is below an official warning "
                f"(history.official_from = {rules.history.official_from!r})"
            )
    need_warning("finals.repeat_from_main_raises_to", rules.finals.repeat_from_main_raises_to)

    tw = rules.three_warnings
    if tw.forced_ejection_at < tw.threshold:
        problems.append(
            f"three_warnings.forced_ejection_at: {tw.forced_ejection_at} is below "
            f"the threshold {tw.threshold}"
        )
    for key, option in tw.options.items():
        need(f"three_warnings.options.{key}", key, sanctions, "a sanction")
        need_warning(f"three_warnings.options.{key}.highest_warning", option.highest_warning)
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
        need_warning(f"{where}.minimum", inf.minimum)
        need(f"{where}.sanction", inf.sanction, sanctions, "a sanction")
        need(f"{where}.intentional_sanction", inf.intentional_sanction, sanctions, "a sanction")
        need(f"{where}.extra_if_no_remedy", inf.extra_if_no_remedy, penalties, "a penalty")
        stalling = inf.extra_infraction_if_stalling
        need(f"{where}.extra_infraction_if_stalling", stalling, infractions, "an infraction")
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
        elif err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
            lines.append(f"{path}: unknown setting")
        else:
            message = str(err["msg"]).removeprefix("Value error, ")
            lines.append(f"{path}: {err['input']!r} — {message}")
    return lines


#: Where tomllib says a syntax error is (compiled when one is reported: ~0.15 ms a process).
_TOML_PLACE = r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$"


def _parse_toml(text: str, path: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.match(_TOML_PLACE, str(exc))
        if match:
            problem = (
                f"line {match['line']}, column {match['col']}: TOML syntax error: {match['msg']}"
            )
        else:
            problem = f"TOML syntax error: {exc}"
        raise RulesError(path, [problem]) from None


def rules_sha256(text: str) -> str:
    """The full sha256 (hex) of a rules text as UTF-8: how an event names its rules."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class RulesSource(Struct, frozen=True):
    """Rules with the exact text they were validated from and that text's sha256."""

    text: str
    sha256: str
    rules: Rules

    @property
    def short(self) -> str:
        """The first 12 hex digits: enough to tell two rules files apart on a screen."""
        return self.sha256[:12]


#: Validated rules by the full sha256 of their text (this process only).
_BY_HASH: dict[str, RulesSource] = {}
#: The same, by the identity of the rules object: `source_of`.
_BY_ID: dict[int, RulesSource] = {}


def parse_rules(text: str, path: str = "rules.toml") -> Rules:
    """Parse, validate and cross-check rules; raise RulesError with one line per problem.

    The same text (by its full sha256) gives the same object for the rest of the process.
    """
    return rules_source(text, path).rules


def rules_source(text: str, path: str = "rules.toml") -> RulesSource:
    """`parse_rules`, with the text and its hash kept beside the rules."""
    digest = rules_sha256(text)
    known = _BY_HASH.get(digest)
    if known is not None:
        return known
    if digest == _shipped_sha256() or digest in EARLIER_SHIPPED:
        # a file the package ships or shipped, validated by the tests: read by msgspec
        # (types and bounds) on the same declarations pydantic validates, so no drift
        rules = convert(_parse_toml(text, path), Rules)
    else:
        rules = _validate(text, path)
    problems = _cross_check(rules)
    if problems:
        raise RulesError(path, problems)
    source = RulesSource(text, digest, rules)
    _BY_HASH[digest] = source
    _BY_ID[id(rules)] = source
    return source


def source_of(rules: Rules) -> RulesSource:
    """The text ``rules`` were validated from (every `Rules` this module made has one)."""
    source = _BY_ID.get(id(rules))
    if source is None or source.rules is not rules:
        raise ValueError("rules not made by judgetui.rules.parse_rules: their text is unknown")
    return source


@cache
def _validator() -> Any:
    """pydantic's validator for `Rules`, built on first use (pydantic imported then)."""
    from pydantic import TypeAdapter

    return TypeAdapter(Rules)


def _validate(text: str, path: str) -> Rules:
    """pydantic's verdict on a rules text: the rules, or RulesError with every problem."""
    from pydantic import ValidationError

    from judgetui.safe_text import spelled_out

    raw = spelled_out(_parse_toml(text, path))
    try:
        rules: Rules = _validator().validate_python(raw)
    except ValidationError as exc:
        raise RulesError(path, _pydantic_problems(exc)) from None
    return rules


@cache
def shipped_rules_text() -> str:
    """The rules.toml that ships inside the package (or beside it in a source checkout).

    Read once a process: it is part of the installed package, as the code is (a record
    asked for it three times, each a path resolved and a file read)."""
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


#: The sha256 of every rules.toml an earlier version shipped. An event keeps the text it was
#: made with, so these come back on every command of an event begun before an upgrade;
#: `tests/unit/test_rules_earlier.py` keeps each text and holds the build equal to
#: pydantic's, so they too are built without pydantic.
EARLIER_SHIPPED = frozenset(
    {
        "f4eada39d00ef54a731d2f1893a730505e6cb5ffeef3022e5d0ad8ced10dbab1",
        "4fca3d0ad9cee5a93c1e1dcdbabcdcf59ca27541e9ab951fd5ded92645ea8c45",
        "ae7101145c97cf9bf5ce320308932582642ac8645fa11023027d3ecaaae95a9a",
        "abbfa2b333222a1f8f2a0be0f6b40f8833fb442da9c925d3505543fc5a67ac6a",
        "4c0a255b3d592acfda8e5743e0ef9abec9a3444ade6a91632840767877144a49",
        "e0e54e71d36425eab7d39217a32966dc240a96348487cdbcf78289cae0111a80",
    }
)


@cache
def _shipped_sha256() -> str:
    return rules_sha256(shipped_rules_text())


def shipped_source() -> RulesSource:
    """The shipped rules: those of an event file written before events kept their own."""
    return rules_source(shipped_rules_text(), "rules.toml")


def read_rules_text(path: str) -> str:
    """A rules file's text; RulesError when it cannot be read, is not a regular file, is
    larger than a rules file may be or is not UTF-8 (`judgetui.input_file`)."""
    from judgetui.i18n import _
    from judgetui.input_file import RULES_MAX_BYTES, InputFileError, read_input_file

    try:
        return read_input_file(path, RULES_MAX_BYTES, _("a rules file")).decode("utf-8")
    except InputFileError as exc:
        raise RulesError(path, [exc.reason]) from None
    except UnicodeDecodeError:
        raise RulesError(path, ["not UTF-8 text"]) from None


def text_problems(text: str, path: str = "rules.toml") -> list[str]:
    """One line for each string of a rules text (a name in en or ja, an abbreviation, a
    rule cited, a key) that holds a control or invisible format character: these are
    shown to every judge, so a rules file is held to what a name is held to, with no line
    break either. Checked at the doors a rules file comes in by (`load_source` with a path),
    not on reading an event: an event made before keeps its rules, spelled out
    (`judgetui.safe_text.spelled_out`) where they are shown."""
    from judgetui.safe_text import spelled_out

    problems: list[str] = []
    spelled_out(_parse_toml(text, path), problems)
    return problems


def shipped_rules() -> Rules:
    """`shipped_source`'s rules."""
    return shipped_source().rules


def load_source(path: str | None = None) -> RulesSource:
    """A rules file validated, with its text and hash; ``None`` means the shipped rules."""
    if path is None:
        return shipped_source()
    text = read_rules_text(path)
    problems = text_problems(text, path)
    if problems:
        raise RulesError(path, problems)
    return rules_source(text, path)


def load_rules(path: str | None = None) -> Rules:
    """Load a rules file; ``None`` means the shipped rules."""
    return load_source(path).rules


def summary(rules: Rules) -> str:
    return (
        f"{len(rules.penalties)} penalties, {len(rules.categories)} categories, "
        f"{len(rules.upgrades)} upgrade questions, {len(rules.infractions)} infractions "
        f"in {len(rules.groups)} groups; three warnings at {rules.three_warnings.threshold} "
        f"points, ejection forced at {rules.three_warnings.forced_ejection_at}"
    )
