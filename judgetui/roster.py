"""A roster as organisers really export it: the players of `players import` and of the
station's import dialog (the same reader, so both accept and refuse the same files).

- **Encoding**: UTF-8 with or without a BOM, UTF-16 (with its BOM), CP932 (what Japanese
  Excel calls Shift_JIS). Without ``encoding=``, a byte-order mark says UTF-8 or UTF-16,
  and anything else must be strict UTF-8: a file that is not is refused, never guessed
  (CP932 decodes almost any bytes, so a guess read a Latin-1 or broken file as other
  names and renamed the players already imported). ``encoding=`` (``--encoding cp932``)
  names the encoding, and the file must be valid in it. The caller says which was used.
- **Size**: at most 16 MiB (`judgetui.input_file`: a regular file, read without ever
  blocking) and `MAX_PLAYERS` players; a larger roster is refused, nothing imported.
- **Delimiter**: ``,``, ``;`` or tab, whichever the header line holds most of.
- **Quoting**: strict; an unterminated quote or a stray one is refused with the line
  the record starts on, not read as a name with a line break in it.
- **Columns**: ``id`` and ``name`` are required; ``reading`` (furigana or romaji, which
  player searches match too), ``dci`` (a Wizards/DCI number) and ``table`` are kept; any
  other column is ignored and listed, so nothing is dropped silently. A header is matched
  exactly after trimming spaces and a BOM, in any case. `Columns` names others for a
  roster whose header says otherwise (a Melee standings export: ``--id-column "User ID"
  --name-column Player``); several name columns (``First Name``, ``Last Name``) are
  joined with a space. A column named that the header lacks is refused with the header's
  columns; the ids must still be player ids (`Player`), whatever column they come from.

All or nothing: a refused file imports no player. Every cell kept goes through the
`Player` model (no control character in a name or reading: `judgetui.safe_text`).
"""

from __future__ import annotations

import csv
import io
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from judgetui.i18n import _, ngettext
from judgetui.input_file import ROSTER_MAX_BYTES, InputFileError, read_input_file
from judgetui.models import Player, Refused, made
from judgetui.safe_text import visible

MAX_BYTES = ROSTER_MAX_BYTES
"""A roster of many thousands of players is well under a megabyte."""
MAX_PLAYERS = 10_000
"""The largest real events have ~2,500 players; every command folds the whole roster."""
REQUIRED = ("id", "name")
KNOWN = ("id", "name", "reading", "dci", "table")
DELIMITERS = (",", ";", "\t")
#: How many of a header's columns a refusal lists (a hostile header may hold thousands).
LISTED_COLUMNS = 40
_TRIM = re.compile(r"^[\s\ufeff]+|[\s\ufeff]+$")

#: --encoding's choices → (Python codec, the name the judge is told).
ENCODINGS: dict[str, tuple[str, str]] = {
    "utf-8": ("utf-8-sig", "UTF-8"),
    "utf-16": ("utf-16", "UTF-16"),
    "cp932": ("cp932", "CP932 (Shift_JIS)"),
}
_ALIASES = {"utf8": "utf-8", "utf16": "utf-16", "shift-jis": "cp932", "sjis": "cp932"}
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig", "UTF-8 (BOM)"),
    (b"\xff\xfe", "utf-16", "UTF-16"),
    (b"\xfe\xff", "utf-16", "UTF-16"),
)


class RosterError(ValueError):
    """A roster that cannot be read: one line naming the file (and the line)."""


def column_key(cell: str) -> str:
    """How a header cell and a column's name are matched: exact after trimming spaces and
    byte-order marks, in any case (``" User ID"`` is ``user id``)."""
    return _TRIM.sub("", cell).casefold()


def column_option(name: str) -> str:
    """The option that names the column of ``name`` (``--id-column``)."""
    return f"--{name}-column"


@dataclass(frozen=True)
class Columns:
    """The header columns a roster's fields are read from, when its header says otherwise
    (``players import --id-column NAME --name-column NAME``, and the same for ``reading``,
    ``dci`` and ``table``). ``None`` (no name) is the field's own name, ``id`` for ``id``.

    ``name`` may be several columns (``First Name``, ``Last Name``): their cells, in that
    order, are joined with a space, an empty cell left out.
    """

    id: str | None = None
    name: tuple[str, ...] = ()
    reading: str | None = None
    dci: str | None = None
    table: str | None = None

    def chosen(self, name: str) -> tuple[str, ...]:
        """The columns the judge named for the field ``name`` (none: its own name)."""
        if name == "name":
            return self.name
        value: str | None = getattr(self, name)
        return () if value is None else (value,)


@dataclass(frozen=True)
class ImportOptions:
    """What the station's import box takes beside the path: the command line's own words
    (``--encoding cp932 --id-column "User ID" --name-column Player``), read by
    `parse_import_options`, so a README line works in both places."""

    encoding: str | None = None
    columns: Columns = field(default_factory=Columns)


@dataclass(frozen=True)
class Roster:
    players: list[Player]
    encoding: str
    """As the judge is told: ``UTF-8``, ``UTF-8 (BOM)``, ``UTF-16``, ``CP932 (Shift_JIS)``."""
    delimiter: str
    ignored: tuple[str, ...]
    """Header cells of columns not kept, as written (control characters spelled out, a
    long one cut short)."""
    chosen: tuple[tuple[str, str], ...] = ()
    """(field, ``name (First Name + Last Name)``) for each field read from a column the
    judge named."""

    def summary(self, path: str) -> str:
        """``read players.csv as CP932 (Shift_JIS): 64 players``."""
        count = len(self.players)
        # TRANSLATORS: {encoding} is UTF-8, UTF-16 or CP932 (Shift_JIS)
        return ngettext(
            "read {file} as {encoding}: {n} player", "read {file} as {encoding}: {n} players", count
        ).format(file=Path(path).name, encoding=self.encoding, n=count)

    def columns_line(self) -> str | None:
        """``columns: id (User ID), name (Player)``, when the judge named any."""
        if not self.chosen:
            return None
        return _("columns: {columns}").format(
            columns=", ".join(label for _name, label in self.chosen)
        )

    def ignored_line(self) -> str | None:
        if not self.ignored:
            return None
        return _("ignored columns: {columns}").format(columns=", ".join(self.ignored))


def decode(raw: bytes, path: str, encoding: str | None = None) -> tuple[str, str]:
    """(the text, the encoding's name for the judge); `RosterError` when it is none of them."""
    if encoding is not None:
        name = encoding.strip().lower().replace("_", "-")
        try:
            codec, label = ENCODINGS[_ALIASES.get(name, name)]
        except KeyError:
            raise RosterError(
                _("{path}: unknown encoding {name!r} (known: {known})").format(
                    path=path, name=encoding, known=", ".join(ENCODINGS)
                )
            ) from None
        return _decoded(raw, codec, label, path)
    for bom, codec, label in _BOMS:
        if raw.startswith(bom):
            return _decoded(raw, codec, label, path)
    try:
        return raw.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError as exc:
        raise RosterError(
            _(
                "{path}: not UTF-8 text (byte {offset}); a Shift_JIS roster from Excel needs "
                "--encoding cp932 (known: {known})"
            ).format(path=path, offset=exc.start, known=", ".join(ENCODINGS))
        ) from None


def _decoded(raw: bytes, codec: str, label: str, path: str) -> tuple[str, str]:
    """``raw`` in the encoding the judge named or its byte-order mark says; `RosterError`
    with the first byte that is not."""
    try:
        return raw.decode(codec), label
    except UnicodeDecodeError as exc:
        raise RosterError(
            _("{path}: not {encoding} text (byte {offset})").format(
                path=path, encoding=label, offset=exc.start
            )
        ) from None


def sniff_delimiter(text: str) -> str:
    """``,``, ``;`` or tab: the one the header line holds most of (``,`` on a tie or none)."""
    header = text.split("\n", 1)[0]
    counts = [(header.count(d), -i, d) for i, d in enumerate(DELIMITERS)]
    return max(counts)[2]


def read_roster(path: str, encoding: str | None = None, columns: Columns | None = None) -> Roster:
    """The players of the roster at ``path``, its fields read from ``columns`` (their own
    names by default); `RosterError` names the first problem."""
    try:
        raw = read_input_file(path, MAX_BYTES, _("a roster"))
    except InputFileError as exc:
        raise RosterError(str(exc)) from None
    text, used = decode(raw, path, encoding)
    text = text.removeprefix("\ufeff")
    if "\x00" in text.split("\n", 1)[0]:  # UTF-16 without a BOM: "valid" UTF-8, NULs
        raise RosterError(
            _("{path}: NUL bytes in the text: UTF-16 without a BOM? (--encoding utf-16)").format(
                path=path
            )
        )
    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    start = 1
    try:
        cells = next(reader)
    except StopIteration:
        raise RosterError(_("{path}: empty file").format(path=path)) from None
    except csv.Error as exc:
        raise RosterError(_bad_quoting(path, 1, exc)) from None
    chosen = columns or Columns()
    kept = _kept_columns(path, cells, chosen)
    used_indexes = {i for indexes in kept.values() for i in indexes}
    ignored = tuple(
        _shown(cell) or _("(column {n}, no name)").format(n=i + 1)
        for i, cell in enumerate(cells)
        if i not in used_indexes
    )
    labels = {
        name: f"{name} ({' + '.join(_shown(cells[i]) for i in kept[name])})"
        if chosen.chosen(name)
        else name
        for name in kept
    }
    players: list[Player] = []
    seen: dict[str, int] = {}
    for start, row in data_rows(reader, path, len(cells), RosterError):
        values = {
            name: " ".join(part for i in indexes if (part := row[i].strip()))
            if len(indexes) > 1
            else row[indexes[0]]
            for name, indexes in kept.items()
        }
        extras = {k: v.strip() for k, v in values.items() if k not in REQUIRED and v.strip()}
        try:
            fields = {"id": values["id"], "name": values["name"], **extras}
            player = made(Player, fields, strict=False)
        except Refused as exc:
            where = exc.where.split(".")[0] or "row"
            where = labels.get(where, where)
            raise RosterError(f"{path}: line {start}: {where}: {exc.reason}") from None
        if player.id in seen:
            raise RosterError(
                _("{path}: line {line}: player id {id!r} already on line {first}").format(
                    path=path, line=start, id=player.id, first=seen[player.id]
                )
            )
        seen[player.id] = start
        if len(players) == MAX_PLAYERS:
            raise RosterError(
                _("{path}: line {line}: more than {n} players, not a roster").format(
                    path=path, line=start, n=f"{MAX_PLAYERS:,}"
                )
            )
        players.append(player)
    if not players:
        raise RosterError(_("{path}: no players").format(path=path))
    used_columns = tuple((name, labels[name]) for name in kept if chosen.chosen(name))
    return Roster(players, used, delimiter, ignored, used_columns)


def parse_import_options(text: str) -> ImportOptions:
    """``--encoding NAME`` and the column options (`Columns`) from ``text``, split as a shell
    splits words (quotes keep ``"User ID"`` one word); as on the command line, a later
    option replaces an earlier one but ``--name-column``, which adds a column.
    `RosterError` for anything else."""
    try:
        words = shlex.split(text)
    except ValueError:
        raise RosterError(_("options: a quote that is never closed")) from None
    known = ["--encoding", *(column_option(name) for name in KNOWN)]
    found: dict[str, str] = {}
    names: list[str] = []
    while words:
        word = words.pop(0)
        option, equals, value = word.partition("=")
        if option not in known:
            raise RosterError(
                _("options: unknown {word} (known: {known})").format(
                    word=_shown(word), known=", ".join(known)
                )
            )
        if not equals:
            if not words:
                raise RosterError(_("options: {option} needs a value").format(option=option))
            value = words.pop(0)
        if option == column_option("name"):
            names.append(value)
        else:
            found[option] = value
    columns = Columns(
        id=found.get(column_option("id")),
        name=tuple(names),
        reading=found.get(column_option("reading")),
        dci=found.get(column_option("dci")),
        table=found.get(column_option("table")),
    )
    return ImportOptions(found.get("--encoding"), columns)


def _shown(value: str, limit: int = 40) -> str:
    """A header cell or a column's name as a refusal shows it: control characters spelled
    out, cut to ``limit`` characters."""
    value = visible(value.strip())
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _header_list(cells: list[str]) -> str:
    """The header's columns for a refusal, at most `LISTED_COLUMNS` of them."""
    listed = ", ".join(
        _shown(cell) or _("(column {n}, no name)").format(n=i + 1)
        for i, cell in enumerate(cells[:LISTED_COLUMNS])
    )
    if len(cells) > LISTED_COLUMNS:
        listed += " " + _("… ({n} more)").format(n=len(cells) - LISTED_COLUMNS)
    return listed


MELEE_HEADER = ("user id", "user event status id", "rank", "player")
"""How a Melee standings export's header begins (after `column_key`)."""


def _kept_columns(path: str, cells: list[str], columns: Columns) -> dict[str, tuple[int, ...]]:
    """Each field read → the indexes of its header columns; `RosterError` for a column
    named that the header lacks or holds twice, or no id or name column."""
    header = [column_key(c) for c in cells]
    kept: dict[str, tuple[int, ...]] = {}
    for name in KNOWN:
        chosen = columns.chosen(name)
        indexes: list[int] = []
        for column in chosen or (name,):
            key = column_key(column)
            if not key:
                raise RosterError(
                    _("{path}: {option} names no column").format(
                        path=path, option=column_option(name)
                    )
                )
            found = [i for i, h in enumerate(header) if h == key]
            if len(found) > 1:
                raise RosterError(
                    _("{path}: line 1: the column {column} twice").format(
                        path=path, column=_shown(column)
                    )
                )
            if found:
                indexes.append(found[0])
            elif chosen:
                raise RosterError(
                    _(
                        "{path}: line 1: no column {column} ({option}); the header has: {columns}"
                    ).format(
                        path=path,
                        column=f'"{_shown(column)}"',
                        option=column_option(name),
                        columns=_header_list(cells),
                    )
                )
        if indexes:
            kept[name] = tuple(indexes)
    if "id" not in kept or "name" not in kept:
        if tuple(header[: len(MELEE_HEADER)]) == MELEE_HEADER:
            hint = _('a Melee standings export: --id-column "User ID" --name-column Player')
        else:
            hint = _("--id-column and --name-column name others; the header has: {columns}")
            hint = hint.format(columns=_header_list(cells))
        raise RosterError(
            _("{path}: line 1: the header needs the columns id and name ({hint})").format(
                path=path, hint=hint
            )
        )
    return kept


class _Rows(Protocol):
    """What `data_rows` reads: a `csv.reader`."""

    line_num: int

    def __next__(self) -> list[str]: ...


def data_rows(
    reader: _Rows, path: str, width: int, error: type[Exception]
) -> Iterator[tuple[int, list[str]]]:
    """The rows after a CSV file's header (a roster's, a round's pairings'), each with its
    line number, empty ones left out; a broken quote or a row not as wide as the header
    is ``error``, one line naming the line."""
    while True:
        line = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise error(_bad_quoting(path, line, exc)) from None
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != width:
            raise error(
                _("{path}: line {line}: {n} fields, the header has {header}").format(
                    path=path, line=line, n=len(row), header=width
                )
            )
        yield line, row


def _bad_quoting(path: str, line: int, exc: csv.Error) -> str:
    reason = str(exc)
    if "unexpected end of data" in reason:
        return _("{path}: line {line}: a quote that is never closed").format(path=path, line=line)
    return _("{path}: line {line}: bad quoting ({reason})").format(
        path=path, line=line, reason=reason
    )
