"""Bounds of the numbers a client sends that have no other domain: database ids.

An id is a whole number from 1 to 2**63 − 1 (a 64-bit primary key), written with ASCII
digits only: "²" and "٣" pass ``str.isdigit()`` but are not ids, and a 30-digit number
overflows every database column. No Django here.
"""

from __future__ import annotations

ID_MIN = 1
ID_MAX = 2**63 - 1
_ID_DIGITS = len(str(ID_MAX))


def parse_id(text: object) -> int | None:
    """The id written in ``text``, or None if it is no id (empty, not ASCII digits, 0,
    too large)."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if ID_MIN <= text <= ID_MAX else None
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > _ID_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if ID_MIN <= value <= ID_MAX else None


def parse_int(text: object, lowest: int, highest: int) -> int | None:
    """A whole number from ``lowest`` to ``highest`` written with ASCII digits (and an
    optional minus sign), or None."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if lowest <= text <= highest else None
    if not isinstance(text, str):
        return None
    text = text.strip()
    digits = text.removeprefix("-")
    if not digits or len(digits) > 20 or not (digits.isascii() and digits.isdigit()):
        return None
    value = int(text)
    return value if lowest <= value <= highest else None
