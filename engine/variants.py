"""The variants the engine knows, behind one protocol.

Every variant works on the same board layout (engine-contract.md): a numpy int8 array of
shape (2, 25), ``board[1]`` the side on roll, each side in its own numbering, index 24 the
bar. Steps are ``(src, dst)`` in the mover's numbering (src 25 = bar, dst 0 = off).
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from engine.board import VARIANT_NAMES, PlaySet, check_variant

Problem = tuple[str, str]
__all__ = ["VARIANT_NAMES", "Problem", "Variant", "get_variant"]


class Variant(Protocol):
    name: str

    def start_board(self) -> np.ndarray: ...

    def validate(self, board: np.ndarray) -> None:
        """Raise PositionError for a position that cannot occur."""

    def generate(self, board: np.ndarray, d1: int, d2: int) -> PlaySet:
        """Every legal play, one per distinct resulting board."""

    def step_error(self, board: np.ndarray, die: int, src: int, dst: int) -> Problem | None:
        """(code, sentence) saying why this single step is impossible, or None."""

    def apply_step(self, board: np.ndarray, src: int, dst: int) -> np.ndarray:
        """The board after one step (hits included where the variant has them)."""

    def turn_error(
        self, before: np.ndarray, after: np.ndarray, steps: list[tuple[int, int]],
        dice: tuple[int, int],
    ) -> Problem | None:
        """A whole-turn rule beyond the dice obligations that the play breaks, or None."""

    def outcome(self, board: np.ndarray) -> str | None:
        """The result name once the side on roll has borne off all, else None."""

    def pip_counts(self, board: np.ndarray) -> tuple[int, int]:
        """Pip counts in board row order: (side not on roll, side on roll)."""


_backgammon: Variant | None = None
_nardy_default: Variant | None = None


def get_variant(name: str, rules: Any = None) -> Variant:
    """The variant called ``name`` ("backgammon" or "nardy"), with ``rules`` for nardy."""
    global _backgammon, _nardy_default
    check_variant(name)
    if name == "backgammon":
        if _backgammon is None:
            from engine.backgammon.variant import BackgammonVariant

            _backgammon = BackgammonVariant()
        return _backgammon
    if rules is None and _nardy_default is not None:
        return _nardy_default
    from engine.nardy.variant import NardyVariant

    variant = NardyVariant(rules)
    if rules is None:
        _nardy_default = variant
    return variant
