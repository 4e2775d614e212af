"""Short backgammon as the engine core sees it (``engine.variants``).

Step codes: ``no_such_checker``, ``bar_first``, ``wrong_distance``, ``point_blocked``,
``bear_off_not_all_home``, ``bear_off_higher_point``. Position codes (PositionError):
``bad_board``, ``negative_count``, ``too_many_checkers``, ``point_shared``.
"""

from __future__ import annotations

import threading

import numpy as np

from engine import board as boards
from engine.backgammon import movegen
from engine.board import PlaySet

Problem = tuple[str, str]
_local = threading.local()


def _scratch(capacity: int = 1024) -> movegen.Scratch:
    scratch = getattr(_local, "scratch", None)
    if scratch is None or scratch.capacity < capacity:
        scratch = _local.scratch = movegen.Scratch(capacity)
    return scratch


def _point_name(point: int) -> str:
    return "the bar" if point == 25 else f"your {point}-point"


class BackgammonVariant:
    """International (short) backgammon."""

    name = "backgammon"

    def start_board(self) -> np.ndarray:
        return boards.start_board("backgammon")

    def validate(self, board: np.ndarray) -> None:
        boards.validate(board, "backgammon")

    def generate(self, board: np.ndarray, d1: int, d2: int) -> PlaySet:
        """Every legal play of a valid board (not validated again here)."""
        if board.dtype != np.int8 or not board.flags.c_contiguous:
            board = np.ascontiguousarray(board, dtype=np.int8)
        capacity = 1024
        while True:
            s = getattr(_local, "scratch", None)
            if s is None or s.capacity < capacity:
                s = _scratch(capacity)
            n = movegen.generate_into(board, d1, d2, s.work, s.work_small, s.work_hash,
                                      s.boards, s.steps, s.nsteps, s.flags, s.keys, s.vals,
                                      s.slots)
            if n != movegen.OVERFLOW:
                return PlaySet(s.boards[:n].copy(), s.steps[:n].copy(), s.nsteps[:n].copy())
            capacity = s.capacity * 4

    def step_error(self, board: np.ndarray, die: int, src: int, dst: int) -> Problem | None:
        if not 1 <= src <= 25 or not 0 <= dst <= 24:
            return ("no_such_checker", f"There is no point {src} to move from or {dst} to move to.")
        if board[1, 24] > 0 and src != 25:
            return ("bar_first",
                    "You have a checker on the bar; it must enter before any other checker moves.")
        if board[1, src - 1] == 0:
            return ("no_such_checker", f"You have no checker on {_point_name(src)}.")
        if dst != 0 and dst != src - die or dst == 0 and src - die > 0:
            where = "off the board" if dst == 0 else f"to the {dst}-point"
            lands = "off the board" if src - die <= 0 else f"to the {src - die}-point"
            start = "from the bar" if src == 25 else f"from the {src}-point"
            return ("wrong_distance",
                    f"A {die} moves a checker {start} {lands}, not {where}.")
        if dst:
            if board[0, 24 - dst] >= 2:
                return ("point_blocked",
                        (f"Your {dst}-point is held by {int(board[0, 24 - dst])} opposing "
                         "checkers; a checker may not stop there."))
            return None
        if board[1, 6:25].sum():
            return ("bear_off_not_all_home",
                    ("You may bear off only when all your checkers are in your home board "
                     "(points 1 to 6)."))
        if src < die and board[1, src:6].sum():
            return ("bear_off_higher_point",
                    (f"A {die} bears off from the {src}-point only when no checker stands on a "
                     f"higher point; play the {die} from a higher point instead."))
        return None

    def apply_step(self, board: np.ndarray, src: int, dst: int) -> np.ndarray:
        after = np.array(board, dtype=np.int8, copy=True)
        after[1, src - 1] -= 1
        if dst:
            after[1, dst - 1] += 1
            if after[0, 24 - dst] == 1:
                after[0, 24 - dst] = 0
                after[0, 24] += 1
        return after

    def turn_error(self, before: np.ndarray, after: np.ndarray,
                   steps: list[tuple[int, int]], dice: tuple[int, int]) -> Problem | None:
        return None

    def outcome(self, board: np.ndarray) -> str | None:
        if board[1].sum():
            return None
        loser = board[0]
        if loser.sum() < 15:
            return "single"
        if loser[24] or loser[18:24].sum():
            return "backgammon"
        return "gammon"

    def pip_counts(self, board: np.ndarray) -> tuple[int, int]:
        return boards.pip_counts(board, "backgammon")
