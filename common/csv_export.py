"""CSV that is safe to open in a spreadsheet (no formula injection).

A cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which
some spreadsheets skip before looking) is read as a formula by Excel, LibreOffice and
Google Sheets: a player called ``=HYPERLINK("http://evil", "x")`` would run in the
director's spreadsheet. Such text cells are written with a leading apostrophe, as OWASP
recommends; numbers are written as they are (a negative number stays a number). No
Django here.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: Any) -> Any:
    """The value as a spreadsheet will read it as text, never as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose text cells cannot start a formula."""

    def __init__(self, target: Writable) -> None:
        self._writer = csv.writer(target)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)
