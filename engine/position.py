"""Position: an immutable board of a given variant, identified by its Position ID."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.errors import PositionError
from engine.ids import decode_position_id, encode_position_id


class Position:
    """A board (``board[1]`` = side on roll) of ``variant``; immutable and hashable.

    Equal positions have the same variant and the same Position ID.
    """

    __slots__ = ("_board", "_id", "_variant")

    def __init__(self, board: Any, variant: str = "backgammon") -> None:
        from engine.variants import get_variant

        array = np.asarray(board)
        get_variant(variant).validate(array)
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
        from engine.variants import get_variant

        board = decode_position_id(pid, variant)
        get_variant(variant).validate(board)
        return cls._trusted(board, variant, pid)

    @classmethod
    def start(cls, variant: str = "backgammon") -> Position:
        """The starting position of ``variant``."""
        from engine.variants import get_variant

        return cls._trusted(get_variant(variant).start_board(), variant)

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
        from engine.variants import get_variant

        return get_variant(self._variant).pip_counts(self._board)

    def swapped(self) -> Position:
        """The same checkers with the other side to roll."""
        return Position._trusted(np.ascontiguousarray(self._board[::-1]), self._variant)

    def outcome(self) -> str | None:
        """The result if the side on roll has borne off every checker, else None."""
        from engine.variants import get_variant

        return get_variant(self._variant).outcome(self._board)

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


def require_position(value: Position | str, variant: str = "backgammon") -> Position:
    """Accept a Position or a Position ID string."""
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        return Position.from_id(value, variant)
    raise PositionError("bad_position", f"Expected a Position or a Position ID, not {value!r}.")
