"""Errors raised by the rules engine.

Every error carries a stable snake_case ``code`` (for programs, translations and tests)
and a ``message`` that is a whole sentence a person can read. They belong to the
project's one family of domain errors (``common.errors.DomainError``), and stay
ValueErrors for callers of the engine alone.
"""

from __future__ import annotations

from common.errors import DomainError


class EngineError(DomainError, ValueError):
    """Base class of every error the engine raises on bad input."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        line: int | None = None,
        where: str | None = None,
    ) -> None:
        super().__init__(code, message)
        self.line = line
        self.where = where

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class PositionError(EngineError):
    """An impossible position or a malformed Position ID / Match ID."""


class DiceError(EngineError):
    """Dice outside 1..6 or not a pair."""


class NotationError(EngineError):
    """A written play that cannot be read or cannot be carried out."""


class TranscriptError(EngineError):
    """A match transcript that cannot be read (used by ``engine.transcript``)."""


def check_dice(dice: object) -> tuple[int, int]:
    """Return the dice as a pair of ints in 1..6, or raise DiceError."""
    if type(dice) in (tuple, list) and len(dice) == 2:  # type: ignore[arg-type]
        d1, d2 = dice  # type: ignore[misc]
        if type(d1) is int and type(d2) is int and 1 <= d1 <= 6 and 1 <= d2 <= 6:
            return d1, d2
    try:
        values = list(dice)  # type: ignore[call-overload]
    except TypeError:
        raise DiceError("bad_dice", "The dice must be a pair of numbers from 1 to 6.") from None
    if len(values) != 2:
        raise DiceError("bad_dice", f"Two dice are rolled, not {len(values)}.")
    pair = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, (int,)) and not (
            hasattr(value, "__index__")
        ):
            raise DiceError("bad_dice", f"A die shows a whole number from 1 to 6, not {value!r}.")
        number = int(value)
        if not 1 <= number <= 6:
            raise DiceError("bad_dice", f"A die shows a number from 1 to 6, not {number}.")
        pair.append(number)
    return pair[0], pair[1]
