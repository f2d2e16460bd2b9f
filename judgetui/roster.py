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
  other column is ignored and listed, so nothing is dropped silently.

All or nothing: a refused file imports no player. Every cell kept goes through the
`Player` model (no control character in a name or reading: `judgetui.safe_text`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from judgetui.i18n import _, ngettext
from judgetui.input_file import ROSTER_MAX_BYTES, InputFileError, read_input_file
from judgetui.models import Player

MAX_BYTES = ROSTER_MAX_BYTES
"""A roster of many thousands of players is well under a megabyte."""
MAX_PLAYERS = 10_000
"""The largest real events have ~2,500 players; every command folds the whole roster."""
REQUIRED = ("id", "name")
KNOWN = ("id", "name", "reading", "dci", "table")
DELIMITERS = (",", ";", "\t")

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


@dataclass(frozen=True)
class Roster:
    players: list[Player]
    encoding: str
    """As the judge is told: ``UTF-8``, ``UTF-8 (BOM)``, ``UTF-16``, ``CP932 (Shift_JIS)``."""
    delimiter: str
    ignored: tuple[str, ...]
    """Header cells of columns not kept, as written."""

    def summary(self, path: str) -> str:
        """``read players.csv as CP932 (Shift_JIS): 64 players``."""
        count = len(self.players)
        # TRANSLATORS: {encoding} is UTF-8, UTF-16 or CP932 (Shift_JIS)
        return ngettext(
            "read {file} as {encoding}: {n} player", "read {file} as {encoding}: {n} players", count
        ).format(file=Path(path).name, encoding=self.encoding, n=count)

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


def read_roster(path: str, encoding: str | None = None) -> Roster:
    """The players of the roster at ``path``; `RosterError` names the first problem."""
    from pydantic import ValidationError

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
    header = [h.strip().lower() for h in cells]
    if "id" not in header or "name" not in header:
        raise RosterError(
            _("{path}: line 1: the header needs the columns id and name").format(path=path)
        )
    for column in KNOWN:
        if header.count(column) > 1:
            raise RosterError(
                _("{path}: line 1: the column {column} twice").format(path=path, column=column)
            )
    kept = {column: header.index(column) for column in KNOWN if column in header}
    ignored = tuple(
        cells[i].strip() or _("(column {n}, no name)").format(n=i + 1)
        for i, h in enumerate(header)
        if h not in KNOWN
    )
    players: list[Player] = []
    seen: dict[str, int] = {}
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise RosterError(_bad_quoting(path, start, exc)) from None
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise RosterError(
                _("{path}: line {line}: {n} fields, the header has {header}").format(
                    path=path, line=start, n=len(row), header=len(header)
                )
            )
        values = {column: row[i] for column, i in kept.items()}
        extras = {k: v.strip() for k, v in values.items() if k not in REQUIRED and v.strip()}
        try:
            player = Player(id=values["id"], name=values["name"], **extras)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = err["loc"][0] if err["loc"] else "row"
            message = str(err["msg"]).removeprefix("Value error, ")
            raise RosterError(f"{path}: line {start}: {field}: {message}") from None
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
    return Roster(players, used, delimiter, ignored)


def _bad_quoting(path: str, line: int, exc: csv.Error) -> str:
    reason = str(exc)
    if "unexpected end of data" in reason:
        return _("{path}: line {line}: a quote that is never closed").format(path=path, line=line)
    return _("{path}: line {line}: bad quoting ({reason})").format(
        path=path, line=line, reason=reason
    )
