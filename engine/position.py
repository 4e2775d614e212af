"""Position: an immutable board of a given variant, identified by its Position ID."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine import board as boards
from engine.ids import decode_position_id, encode_position_id


class Position:
    """A board (``board[1]`` = side on roll) of ``variant``; immutable and hashable.

    Equal positions have the same variant and the same Position ID.
    """

    __slots__ = ("_board", "_id", "_variant")

    def __init__(self, board: Any, variant: str = "backgammon") -> None:
        array = np.asarray(board)
        boards.validate(array, variant)
        self._set(np.array(array, dtype=np.int8, copy=True), variant, None)

    def _set(self, board: np.ndarray, variant: str, pid: str | None) -> None:
        board.setflags(write=False)
        object.__setattr__(self, "_board", board)
        object.__setattr__(self, "_variant", variant)
        object.__setattr__(self, "_id", pid)

    @classmethod
    def _trusted(cls, board: np.ndarray, variant: str, pid: str | None = None) -> Position:
        """A Position from a board the engine itself produced (no validation, no copy)."""
        position = cls.__new__(cls)
        position._set(board, variant, pid)
        return position

    @classmethod
    def from_id(cls, pid: str, variant: str = "backgammon") -> Position:
        """The position of a GNU Backgammon Position ID; PositionError if malformed."""
        board = decode_position_id(pid, variant)
        boards.validate(board, variant)
        return cls._trusted(board, variant, pid)

    @classmethod
    def start(cls, variant: str = "backgammon") -> Position:
        """The starting position of ``variant``."""
        return cls._trusted(boards.start_board(variant), variant)

    @property
    def board(self) -> np.ndarray:
        """Read-only int8 array (2, 25): board[0] not on roll, board[1] on roll."""
        return self._board

    @property
    def variant(self) -> str:
        return self._variant

    @property
    def id(self) -> str:
        """The 14-character GNU Backgammon Position ID."""
        if self._id is None:
            object.__setattr__(self, "_id", encode_position_id(self._board))
        return self._id  # type: ignore[return-value]

    @property
    def pip_counts(self) -> tuple[int, int]:
        """Pip counts in board row order: (side not on roll, side on roll)."""
        return boards.pip_counts(self._board, self._variant)

    def swapped(self) -> Position:
        """The same checkers with the other side to roll."""
        return Position._trusted(np.ascontiguousarray(self._board[::-1]), self._variant)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._variant == other._variant and self.id == other.id

    def __hash__(self) -> int:
        return hash((self._variant, self.id))

    def __repr__(self) -> str:
        return f"Position.from_id({self.id!r}, {self._variant!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position.from_id, (self.id, self._variant))

