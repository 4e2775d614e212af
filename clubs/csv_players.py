"""Reading a CSV file of players for import. A pure core (no Django).

Clubs keep their lists in spreadsheets, so the file may come from Excel in any locale:
UTF-8 with or without a byte-order mark, Windows-1251 (Cyrillic Windows), UTF-16 with a
byte-order mark ("Unicode text"); commas, semicolons or tabs between cells. The first
line names the columns (headings in English, Russian, Azerbaijani or Turkish, any case;
the caller adds the site's own words in every language, clubs.import_headings); only
`name` is required.

`read_players_csv` returns every line as a `PlayerLine` with its problems, or raises
`ImportFileError` when the file as a whole cannot be read (with the line and column
when there is one). Problems are codes with the column and value, worded by the caller.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

MAX_BYTES = 1_000_000
MAX_LINES = 2_000
MAX_CELL = 200
HANDLE_FIELDS = ("fibs", "dailygammon", "galaxy", "gridgammon", "studio")
ROLES = ("member", "scorer", "director")
RATING_RANGE = (Decimal(0), Decimal(5000))

# Column headings as people write them -> field.
HEADINGS = {
    "name": "name", "full name": "name", "player": "name", "имя": "name", "фио": "name",
    "полное имя": "name", "игрок": "name",
    "display name": "display_name", "nickname": "display_name", "nick": "display_name",
    "отображаемое имя": "display_name", "ник": "display_name",
    "email": "email", "e-mail": "email", "mail": "email", "почта": "email",
    "электронная почта": "email",
    "role": "role", "club role": "role", "роль": "role", "роль в клубе": "role",
    "rating": "rating", "рейтинг": "rating",
    # Azerbaijani
    "ad": "name", "ad soyad": "name", "oyunçu": "name", "ləqəb": "display_name",
    "e-poçt": "email", "e-poçt ünvanı": "email", "rol": "role", "reytinq": "rating",
    # Turkish
    "isim": "name", "oyuncu": "name", "takma ad": "display_name",
    "e-posta": "email", "eposta": "email", "e-posta adresi": "email", "reyting": "rating",
    "fibs": "fibs", "dailygammon": "dailygammon", "daily gammon": "dailygammon",
    "dg": "dailygammon", "galaxy": "galaxy", "backgammon galaxy": "galaxy",
    "gridgammon": "gridgammon", "grid gammon": "gridgammon",
    "studio": "studio", "backgammon studio": "studio", "bgstudio": "studio",
}
ROLE_WORDS = {
    "": "member", "member": "member", "player": "member", "участник": "member",
    "член": "member", "игрок": "member",
    "scorer": "scorer", "судья": "scorer", "секретарь": "scorer",
    "director": "director", "директор": "director", "организатор": "director",
    "üzv": "member", "oyunçu": "member", "hakim": "scorer", "direktor": "director",
    "üye": "member", "oyuncu": "member", "hakem": "scorer", "yönetici": "director",
    "direktör": "director",
}
_EMAIL = re.compile(r"^[^@\s,;]+@[^@\s,;]+\.[^@\s,;]+$")
_HANDLE = re.compile(r"^[\w.\-]{1,40}$", re.UNICODE)


class ImportFileError(Exception):
    """The file cannot be read at all: `code`, and where (line, column) when known."""

    def __init__(self, code: str, *, line: int | None = None, column: str | None = None,
                 value: str = "") -> None:
        super().__init__(code)
        self.code, self.line, self.column, self.value = code, line, column, value


@dataclass(frozen=True)
class Problem:
    code: str  # name_required, missing_cells, bad_email, bad_role, bad_rating, bad_handle, too_long
    column: str | None = None
    value: str = ""


@dataclass
class PlayerLine:
    line: int  # line number in the file (the heading is line 1)
    name: str = ""
    display_name: str = ""
    email: str = ""
    role: str = "member"
    rating: Decimal | None = None
    handles: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


@dataclass
class PlayersFile:
    encoding: str  # utf-8, utf-8-sig, utf-16, cp1251
    columns: list[str]  # the fields found, in the file's order
    ignored_columns: list[str]  # headings that are not ours
    lines: list[PlayerLine]


def decode(data: bytes) -> tuple[str, str]:
    """The text and the encoding it was read in; ImportFileError(not_text) otherwise."""
    if len(data) > MAX_BYTES:
        raise ImportFileError("too_big")
    if data.startswith(codecs.BOM_UTF8):
        candidates = ["utf-8-sig"]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ["utf-16"]
    else:
        candidates = ["utf-8", "cp1251"]
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if _looks_like_text(text):
            return text, encoding
    raise ImportFileError("not_text")


def _looks_like_text(text: str) -> bool:
    return not any(ord(ch) < 32 and ch not in "\t\r\n" for ch in text)


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    first_line = text.split("\n", 1)[0]
    try:
        return csv.Sniffer().sniff(first_line, delimiters=",;\t")
    except csv.Error:
        return csv.excel  # one column only: a plain list of names


def heading_key(cell: str) -> str:
    """A heading as it is looked up: any case, underscores as spaces, spaces collapsed."""
    return " ".join(cell.strip().casefold().replace("_", " ").split())


def read_players_csv(data: bytes, headings: dict[str, str] | None = None,
                     role_words: dict[str, str] | None = None) -> PlayersFile:
    """`headings` (heading_key -> field) and `role_words` (casefolded word -> role) replace
    the fixed ones when given."""
    headings = HEADINGS if headings is None else headings
    role_words = ROLE_WORDS if role_words is None else role_words
    text, encoding = decode(data)
    rows = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    try:
        heading = next(rows, None)
    except csv.Error as error:
        raise ImportFileError("bad_csv", line=1, value=str(error)) from error
    if not heading or not any(cell.strip() for cell in heading):
        raise ImportFileError("empty")
    fields: list[str | None] = []
    ignored = []
    for cell in heading:
        name = headings.get(heading_key(cell))
        if name is not None and name in fields:
            raise ImportFileError("duplicate_column", line=1, column=name, value=cell.strip())
        fields.append(name)
        if name is None and cell.strip():
            ignored.append(cell.strip())
    if "name" not in fields:
        raise ImportFileError("missing_column", line=1, column="name")
    lines = []
    try:
        for row in rows:
            line_number = rows.line_num
            if not any(cell.strip() for cell in row):
                continue  # blank lines are skipped
            if len(lines) >= MAX_LINES:
                raise ImportFileError("too_many_lines", line=line_number)
            lines.append(_read_line(line_number, fields, row, role_words))
    except csv.Error as error:
        raise ImportFileError("bad_csv", line=rows.line_num, value=str(error)) from error
    return PlayersFile(
        encoding=encoding,
        columns=[name for name in fields if name is not None],
        ignored_columns=ignored,
        lines=lines,
    )


def _read_line(line_number: int, fields: list[str | None], row: list[str],
               role_words: dict[str, str]) -> PlayerLine:
    line = PlayerLine(line=line_number)
    missing = [name for name in fields[len(row):] if name is not None]
    if missing:
        line.problems.append(Problem("missing_cells", ", ".join(missing)))
    cells = {name: " ".join(value.split()) for name, value in zip(fields, row, strict=False)
             if name is not None}
    for name, value in cells.items():
        if len(value) > MAX_CELL:
            line.problems.append(Problem("too_long", name, value[:40]))
            cells[name] = ""
    line.name = cells.get("name", "")
    if not line.name and "name" not in missing:
        line.problems.append(Problem("name_required", "name"))
    line.display_name = cells.get("display_name", "")
    email = cells.get("email", "")
    if email:
        if _EMAIL.match(email):
            line.email = email
        else:
            line.problems.append(Problem("bad_email", "email", email))
    role = cells.get("role", "")
    if role.casefold() in role_words:
        line.role = role_words[role.casefold()]
    else:
        line.problems.append(Problem("bad_role", "role", role))
    rating = cells.get("rating", "")
    if rating:
        line.rating = _rating(rating)
        if line.rating is None:
            line.problems.append(Problem("bad_rating", "rating", rating))
    for handle_field in HANDLE_FIELDS:
        handle = cells.get(handle_field, "")
        if handle:
            if _HANDLE.match(handle):
                line.handles[handle_field] = handle
            else:
                line.problems.append(Problem("bad_handle", handle_field, handle))
    return line


def _rating(value: str) -> Decimal | None:
    try:
        number = Decimal(value.replace(",", ".").replace(" ", ""))
    except InvalidOperation:
        return None
    if not number.is_finite() or not RATING_RANGE[0] <= number <= RATING_RANGE[1]:
        return None
    return number.quantize(Decimal("0.01"))
