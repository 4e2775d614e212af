"""The long-nardy variant as the engine core sees it (``engine.variants``).

Steps are ``(src, dst)`` in the mover's numbering: src 1..24, dst 1..24 or 0 for borne
off. Error and verdict codes (each with a sentence a director can read out):

* notation codes (``notation_error``): ``hit_in_nardy`` (a ``*`` written), ``no_bar``;
* step codes: ``no_bar``, ``no_such_checker``, ``wrong_distance``, ``point_occupied``,
  ``bear_off_not_all_home``, ``bear_off_higher_point``;
* turn codes: ``head_limit``, ``six_block``;
* position codes (PositionError): ``bad_board``, ``negative_count``,
  ``too_many_checkers``, ``checker_on_bar``, ``point_shared``, ``borne_off_not_home``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine import board as boards
from engine.board import PlaySet
from engine.errors import check_dice
from engine.nardy.board import block_allowed, head_limit
from engine.nardy.generate import generate_batch, generate_plays
from engine.nardy.rules import NardyRules

Problem = tuple[str, str]


def _opposite(index: int) -> int:
    return (index + 12) % 24


class NardyVariant:
    """Long nardy under a given regulation (``NardyRules``; the defaults when None)."""

    name = "nardy"

    def __init__(self, rules: NardyRules | None = None) -> None:
        self.rules = rules or NardyRules()

    # --- positions -------------------------------------------------------------------

    def start_board(self) -> np.ndarray:
        return boards.start_board("nardy")

    def validate(self, board: np.ndarray) -> None:
        """Raise PositionError when the board cannot occur in long nardy."""
        boards.validate(board, "nardy")

    def pip_counts(self, board: np.ndarray) -> tuple[int, int]:
        """Pips still to travel, in board row order (side not on roll, side on roll)."""
        return boards.pip_counts(board, "nardy")

    # --- plays -----------------------------------------------------------------------

    def generate(self, board: np.ndarray, d1: int, d2: int) -> PlaySet:
        """Every legal play of a valid board (not validated again here; ``Position``
        validates), one per distinct resulting board."""
        die1, die2 = check_dice((d1, d2))
        return generate_plays(np.asarray(board, dtype=np.int8), die1, die2, self.rules.block_code)

    def batch_generate(self, boards: np.ndarray, dice: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Legal plays of many valid positions in one compiled call (``engine.batch``):
        ``(counts, result_boards)``, the results position after position."""
        plays = generate_batch(boards, dice, self.rules.block_code)
        return np.diff(plays.offsets), plays.boards

    def apply_step(self, board: np.ndarray, src: int, dst: int) -> np.ndarray:
        """The board after moving one mover checker from ``src`` to ``dst`` (0 = off)."""
        after = np.array(board, dtype=np.int8, copy=True)
        after[1, src - 1] -= 1
        if dst:
            after[1, dst - 1] += 1
        return after

    def notation_error(self, parsed: Any) -> Problem | None:
        """What a written play (``engine.notation.ParsedPlay``) may not contain in long
        nardy (rules-long-nardy.md section 10): no ``*`` (there is no hitting) and no bar
        (``bar``, ``b`` or ``25``)."""
        for move in parsed.moves:
            if any(move.hits):
                return (
                    "hit_in_nardy",
                    (
                        f"{move.text} marks a hit with '*', but long nardy has no hitting; "
                        "a play is written without '*'."
                    ),
                )
            if 25 in move.points:
                return (
                    "no_bar",
                    (
                        "The play moves a checker from the bar (written bar, b or 25), "
                        "but long nardy has no bar; its points are numbered 1 to 24."
                    ),
                )
        return None

    def step_error(self, board: np.ndarray, die: int, src: int, dst: int) -> Problem | None:
        """Why moving ``src``/``dst`` with ``die`` is not a legal single step, or None."""
        if src == 25:
            return ("no_bar", "Long nardy has no bar; no checker can enter from it.")
        if not 1 <= src <= 24:
            return ("no_such_checker", f"There is no point {src} to move from.")
        if board[1, src - 1] == 0:
            return ("no_such_checker", f"You have no checker on your {src}-point.")
        if dst != 0 and dst != src - die or dst == 0 and src - die > 0:
            where = "off" if dst == 0 else f"to the {dst}-point"
            return (
                "wrong_distance",
                (
                    f"A {die} moves the checker on the {src}-point to the "
                    f"{src - die}-point, not {where}."
                ),
            )
        if dst:
            if board[0, _opposite(dst - 1)]:
                return (
                    "point_occupied",
                    (
                        f"Your {dst}-point holds an opposing checker; a checker may not stop "
                        "there (there is no hitting in long nardy)."
                    ),
                )
            return None
        if board[1, 6:24].sum():
            return (
                "bear_off_not_all_home",
                ("You may bear off only when all your checkers are in your home (points 1 to 6)."),
            )
        if src < die and board[1, src:6].sum():
            return (
                "bear_off_higher_point",
                (
                    f"A {die} bears off from the {src}-point only when no checker stands "
                    f"on a higher point; play the {die} from a higher point instead."
                ),
            )
        return None

    def turn_error(
        self,
        before: np.ndarray,
        after: np.ndarray,
        steps: list[tuple[int, int]],
        dice: tuple[int, int],
    ) -> Problem | None:
        """A whole-turn rule (head, block) that the play breaks, or None."""
        allowed = head_limit(np.asarray(before, dtype=np.int8), dice[0], dice[1])
        from_head = sum(1 for src, _dst in steps if src == 24)
        if from_head > allowed:
            if allowed == 2:
                sentence = (
                    "On this first turn the opponent's head blocks a single checker, "
                    "so two checkers may leave the head, but not more; "
                    f"this play takes {from_head}."
                )
            else:
                sentence = (
                    "Only one checker may leave the head (the 24-point) in a turn; "
                    f"this play takes {from_head}."
                )
            return ("head_limit", sentence)
        final = np.asarray(after, dtype=np.int8)
        if not block_allowed(final, self.rules.block_code):
            return ("six_block", self._block_sentence(final))
        return None

    def _block_sentence(self, board: np.ndarray) -> str:
        held = [board[1, _opposite(j)] > 0 for j in range(24)]
        low = next(j for j in range(19) if all(held[j : j + 6]))
        top = low + 5
        while top + 1 < 24 and held[top + 1]:
            top += 1
        points = sorted(_opposite(j) + 1 for j in range(low, top + 1))
        span = ", ".join(str(p) for p in points)
        if self.rules.block_rule == "home":
            need = "at least one opposing checker has reached its home"
        else:
            need = "at least one opposing checker is already past it"
        return (
            f"This play ends the turn with a block of six points in a row (your points "
            f"{span}); a six-point block is allowed only when {need}."
        )

    # --- results ---------------------------------------------------------------------

    def outcome(self, board: np.ndarray) -> str | None:
        """The result once a side has borne off everything, else None.

        The winner is the side with no checker left. ``"draw"`` when both sides have
        none (possible only under the last-roll option, after the extra turn). Under that
        option, call ``extra_turn`` first: when the first mover has just finished, the
        result is decided only after the other side's extra turn.
        """
        left = (int(board[0, :24].sum()), int(board[1, :24].sum()))
        if left == (0, 0):
            return "draw"
        if 0 not in left:
            return None
        loser = 0 if left[1] == 0 else 1
        if left[loser] < 15:
            return "oin"
        if self.rules.koks and board[loser, 18:24].sum():
            return "koks"
        return "mars"

    def extra_turn(self, board: np.ndarray, mover_moved_first: bool) -> bool:
        """True when the last-roll option gives the other side one more turn now.

        ``board`` is the position after the mover's play (mover still ``board[1]``);
        ``mover_moved_first`` says whether the mover is White, the game's first mover.
        """
        return (
            self.rules.last_roll
            and mover_moved_first
            and int(board[1, :24].sum()) == 0
            and int(board[0, :24].sum()) > 0
        )
