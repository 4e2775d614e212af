"""Reading a players CSV: encodings, delimiters, headings, per-line problems."""

from __future__ import annotations

import codecs
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.csv_players import ImportFileError, Problem, read_players_csv

ENGLISH = (
    "Name,Email,Club role,Rating,FIBS,DailyGammon,Backgammon Galaxy,GridGammon\r\n"
    "Ivan Petrov,ivan@example.org,director,1612.5,ivanp,,ivan_g,\r\n"
    "Anna Smith,,,1500,,annas,,grid.anna\r\n"
)
RUSSIAN = "ФИО;Почта;Роль;Рейтинг\nПётр Иванов;petr@example.org;участник;1 480,25\nОльга Ким;;судья;\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (RUSSIAN.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + RUSSIAN.encode("utf-8"), "utf-8-sig"),
        (RUSSIAN.encode("cp1251"), "cp1251"),
        (RUSSIAN.encode("utf-16"), "utf-16"),  # with its byte-order mark
    ],
)
def test_russian_excel_files_in_any_encoding(data: bytes, encoding: str) -> None:
    read = read_players_csv(data)
    assert read.encoding == encoding
    assert read.columns == ["name", "email", "role", "rating"]
    first, second = read.lines
    assert (first.line, first.name, first.email, first.role, first.rating) == (
        2, "Пётр Иванов", "petr@example.org", "member", Decimal("1480.25"))
    assert (second.line, second.name, second.role, second.rating) == (3, "Ольга Ким", "scorer", None)
    assert not first.problems and not second.problems


def test_english_headings_and_handles() -> None:
    read = read_players_csv(ENGLISH.encode())
    ivan, anna = read.lines
    assert ivan.role == "director" and ivan.rating == Decimal("1612.50")
    assert ivan.handles == {"fibs": "ivanp", "galaxy": "ivan_g"}
    assert anna.handles == {"dailygammon": "annas", "gridgammon": "grid.anna"}
    assert anna.role == "member" and anna.email == ""


def test_a_list_of_names_alone_and_unknown_columns() -> None:
    read = read_players_csv(b"Name\nIvan\n\nAnna\n")
    assert [line.name for line in read.lines] == ["Ivan", "Anna"]
    assert [line.line for line in read.lines] == [2, 4]  # line numbers as in the file
    read = read_players_csv(b"Name,Club,Phone\nIvan,Chess club,123\n")
    assert read.ignored_columns == ["Club", "Phone"] and read.lines[0].name == "Ivan"


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ("Name,Email\n,a@example.org\n", [Problem("name_required", "name")]),
        ("Name,Email\nIvan,not-an-address\n", [Problem("bad_email", "email", "not-an-address")]),
        ("Name,Role\nIvan,owner\n", [Problem("bad_role", "role", "owner")]),
        ("Name,Rating\nIvan,high\n", [Problem("bad_rating", "rating", "high")]),
        ("Name,Rating\nIvan,-5\n", [Problem("bad_rating", "rating", "-5")]),
        ("Name,Rating\nIvan,NaN\n", [Problem("bad_rating", "rating", "NaN")]),
        ("Name,FIBS\nIvan,has space\n", [Problem("bad_handle", "fibs", "has space")]),
        ("Name,Email,Rating\nIvan\n", [Problem("missing_cells", "email, rating")]),
        ("Email,Name\na@example.org\n", [Problem("missing_cells", "name")]),
        ("Name\n" + "x" * 300 + "\n", [Problem("too_long", "name", "x" * 40),
                                       Problem("name_required", "name")]),
    ],
)
def test_problems_of_a_line_name_the_column(text: str, problems: list[Problem]) -> None:
    (line,) = read_players_csv(text.encode()).lines
    assert line.line == 2
    assert line.problems == problems


@pytest.mark.parametrize(
    ("data", "code", "line", "column"),
    [
        (b"", "empty", None, None),
        (b"Email,Rating\na@example.org,1500\n", "missing_column", 1, "name"),
        (b"Name,Full name\nIvan,Ivan\n", "duplicate_column", 1, "name"),
        ("Name\nIvan\n".encode("utf-16-le"), "not_text", None, None),  # no byte-order mark
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not_text", None, None),
        (b"Name\n" + b"x\n" * 2001, "too_many_lines", 2002, None),
        (b"x" * 1_000_001, "too_big", None, None),
    ],
)
def test_files_that_cannot_be_read(data: bytes, code: str, line, column) -> None:
    with pytest.raises(ImportFileError) as raised:
        read_players_csv(data)
    assert (raised.value.code, raised.value.line, raised.value.column) == (code, line, column)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_lines_or_a_file_error(data: bytes) -> None:
    try:
        read = read_players_csv(b"Name,Email,Rating\n" + data)
    except ImportFileError:
        return
    for line in read.lines:
        assert line.line >= 2
        assert line.name or line.problems
