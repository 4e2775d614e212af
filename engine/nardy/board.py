"""Compiled single-position helpers for long nardy.

A board is a numpy int8 array (2, 25): row 0 the side not on roll, row 1 the side on
roll ("the mover"), index i = that side's own point i + 1, index 24 the (unused) bar.
The mover's point index i faces the opponent's index (i + 12) % 24 (Black's point q is
White's point ((q + 11) mod 24) + 1, a shift by twelve both ways).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine import board as boards

HEAD = 23  # index of each side's 24-point
HOME_TOP = 6  # indices 0..5 are the home (points 1-6)
STEP_ILLEGAL = -2
STEP_OFF = -1

BLOCK_OFF = 0
BLOCK_AHEAD = 1
BLOCK_HOME = 2


@njit(cache=True)
def step_target(board, src: int, die: int, outside: int) -> int:
    """Where a mover checker on index ``src`` goes with ``die``.

    Returns the target index (0..23), STEP_OFF for bearing off, or STEP_ILLEGAL.
    ``outside`` is the number of mover checkers outside the home (indices 6..23).
    """
    if board[1, src] == 0:
        return STEP_ILLEGAL
    target = src - die
    if target >= 0:
        if board[0, (target + 12) % 24] != 0:
            return STEP_ILLEGAL
        return target
    if outside != 0:
        return STEP_ILLEGAL
    if target == -1:  # exact: point src + 1 equals the die
        return STEP_OFF
    # over-bearing: only from the highest occupied point
    for higher in range(src + 1, HOME_TOP):
        if board[1, higher] != 0:
            return STEP_ILLEGAL
    return STEP_OFF


@njit(cache=True)
def count_outside(board) -> int:
    """Mover checkers not yet in the home."""
    total = 0
    for index in range(HOME_TOP, 24):
        total += board[1, index]
    return total


@njit(cache=True)
def head_limit(board, die1: int, die2: int) -> int:
    """How many checkers may leave the head this turn (section 5's ruling).

    Two on the first turn (all 15 on the head) with a doublet whose single head checker,
    moving die by die, is first stopped by the opponent's head (the mover's 12-point);
    otherwise one.
    """
    if die1 != die2 or board[1, HEAD] != 15:
        return 1
    for k in range(1, 5):
        point = 24 - k * die1
        if point < 1:
            return 1
        if board[0, (point - 1 + 12) % 24] != 0:
            return 2 if point == 12 else 1
    return 1


@njit(cache=True)
def block_allowed(board, rule: int) -> bool:
    """Whether the mover may end its turn on this board under the block regulation."""
    if rule == BLOCK_OFF:
        return True
    # Scan along the opponent's route (opponent index 0 = its 1-point); the first run
    # of six found is the block with the lowest opponent number, the hardest to pass.
    run = 0
    lowest = -1
    for opp_index in range(24):
        if board[1, (opp_index + 12) % 24] != 0:
            run += 1
            if run == 6:
                lowest = opp_index - 5
                break
        else:
            run = 0
    if lowest < 0:
        return True
    on_board = 0
    for index in range(24):
        on_board += board[0, index]
    if on_board < 15:  # a borne-off checker has passed every block (and was home)
        return True
    limit = lowest if rule == BLOCK_AHEAD else HOME_TOP
    for opp_index in range(limit):
        if board[0, opp_index] != 0:
            return True
    return False


def start_board() -> np.ndarray:
    """Fifteen checkers on each side's own 24-point (its head)."""
    return boards.start_board("nardy")
