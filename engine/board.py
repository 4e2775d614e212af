"""Boards of both variants: the layout, which boards can occur, starting boards, pip counts,
and the arrays a move generator returns (engine-contract.md, "Board and Position ID").

A board is a numpy int8 array (2, 25): ``board[0]`` the side not on roll, ``board[1]``
the side on roll; index i is that side's own point i + 1 in its own direction of travel,
index 24 its bar (always empty in long nardy). The two variants differ in which points
face each other: in backgammon my point p is the opponent's point 25 - p, in long nardy
the opponent's point ((p + 11) mod 24) + 1 (a shift by twelve both ways).

This is the engine's bottom layer (with ``engine.errors`` and ``engine.ids``): it knows
boards, not rules of play.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.errors import EngineError, PositionError

Step = tuple[int, int]  # (src, dst) in the mover's numbering: src 25 = bar, dst 0 = off
VARIANT_NAMES = ("backgammon", "nardy")
_SIDES = ("the side not on roll", "the side on roll")


@dataclass(frozen=True)
class PlaySet:
    """Every legal play of one position, as arrays.

    ``boards`` int8 (n, 2, 25): resulting boards, the mover still ``board[1]``;
    ``steps`` int8 (n, 4, 2): the single-die steps (src, dst) of one way to play each,
    in the mover's numbering (src 25 = bar, dst 0 = off), unused rows -1;
    ``nsteps`` int8 (n,): how many steps (dice) each play uses.
    """

    boards: np.ndarray
    steps: np.ndarray
    nsteps: np.ndarray

    def __len__(self) -> int:
        return int(self.boards.shape[0])


def check_variant(name: str) -> str:
    """``name`` if it is a variant the engine knows, else EngineError ``unknown_variant``."""
    if name not in VARIANT_NAMES:
        raise EngineError(
            "unknown_variant",
            f"The engine knows the variants {' and '.join(VARIANT_NAMES)}, not {name!r}.",
        )
    return name


def facing(index: int, variant: str) -> int:
    """The opponent's index of the point the mover calls index + 1."""
    return (index + 12) % 24 if variant == "nardy" else 23 - index


# --- starting boards ---------------------------------------------------------------

BACKGAMMON_START = np.zeros((2, 25), dtype=np.int8)
for _index, _count in ((23, 2), (12, 5), (7, 3), (5, 5)):
    BACKGAMMON_START[:, _index] = _count
NARDY_START = np.zeros((2, 25), dtype=np.int8)
NARDY_START[:, 23] = 15  # fifteen checkers on each side's own 24-point, its head
BACKGAMMON_START.setflags(write=False)
NARDY_START.setflags(write=False)


def start_board(variant: str) -> np.ndarray:
    """A fresh (writable) copy of the variant's starting board."""
    check_variant(variant)
    return (NARDY_START if variant == "nardy" else BACKGAMMON_START).copy()


# --- which boards can occur ------------------------------------------------------------

def _plainly_valid(rows: list[list[int]], nardy: bool) -> bool:
    """The fast path of ``validate`` (plain lists are quicker than numpy for 50 counts)."""
    theirs, mine = rows
    if min(theirs) < 0 or min(mine) < 0:
        return False
    for row in rows:
        total = sum(row)
        if total > 15 or nardy and (row[24] or total < 15 and any(row[6:24])):
            return False
    if nardy:
        return not any(mine[index] and theirs[(index + 12) % 24] for index in range(24))
    return not any(mine[index] and theirs[23 - index] for index in range(24))


def validate(board: np.ndarray, variant: str) -> None:
    """Raise PositionError when ``board`` cannot occur in ``variant``: counts that are
    not whole numbers of checkers, more than 15 checkers a side, a point held by both
    sides; in long nardy also a checker on the bar, or checkers borne off while others
    are still outside the home."""
    check_variant(variant)
    array = np.asarray(board)
    nardy = variant == "nardy"
    if array.shape != (2, 25) or not np.issubdtype(array.dtype, np.integer):
        name = "A long-nardy board" if nardy else "A backgammon board"
        raise PositionError("bad_board", f"{name} is a 2 x 25 array of counts.")
    if _plainly_valid(array.tolist(), nardy):
        return
    for side in (0, 1):
        row = array[side]
        if (row < 0).any():
            raise PositionError("negative_count", f"A point of {_SIDES[side]} has a negative count.")
        if nardy and row[24] != 0:
            raise PositionError(
                "checker_on_bar",
                f"{_SIDES[side].capitalize()} has a checker on the bar; long nardy has no bar.",
            )
        total = int(row.sum())
        if total > 15:
            where = " on the board" if nardy else ""
            raise PositionError(
                "too_many_checkers",
                f"{_SIDES[side].capitalize()} has {total} checkers{where}; a side has 15.",
            )
        if nardy and total < 15 and row[6:24].sum():
            raise PositionError(
                "borne_off_not_home",
                f"{_SIDES[side].capitalize()} has borne off {15 - total} checkers but "
                "still has checkers outside its home; bearing off starts only when "
                "all checkers are home.",
            )
    for index in range(24):
        other = facing(index, variant)
        if array[1, index] and array[0, other]:
            raise PositionError(
                "point_shared",
                f"Both sides have checkers on the same point (point {index + 1} of the "
                f"side on roll, point {other + 1} of the other side).",
            )


# --- pip counts ---------------------------------------------------------------------

_WEIGHTS = np.arange(1, 26, dtype=np.int64)  # the bar (index 24) counts 25


def pip_counts(board: np.ndarray, variant: str) -> tuple[int, int]:
    """Pips still to travel, in board row order (side not on roll, side on roll)."""
    check_variant(variant)
    return int(board[0] @ _WEIGHTS), int(board[1] @ _WEIGHTS)
