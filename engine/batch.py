"""Batch move generation: many positions inside one compiled call."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from engine.errors import DiceError, PositionError
from engine.variants import get_variant


def batch_generate(
    boards: np.ndarray, dice: np.ndarray, variant: str = "backgammon", rules: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Legal plays of many positions: ``(counts, result_boards)``.

    ``boards`` (m, 2, 25) whole numbers (side on roll = board[1]), ``dice`` (m, 2) whole
    numbers 1..6. ``counts[i]`` is the number of plays of position i; ``result_boards``
    holds them all, position after position (offsets =
    ``np.concatenate([[0], counts.cumsum()])``). A board that cannot occur in the variant
    raises PositionError naming it (the compiled code is never given one).
    """
    boards, dice = np.asarray(boards), np.asarray(dice)
    if boards.ndim != 3 or boards.shape[1:] != (2, 25) or dice.shape != (boards.shape[0], 2):
        raise ValueError("boards must be (m, 2, 25) and dice (m, 2)")
    for name, array in (("boards", boards), ("dice", dice)):
        if array.size and not (np.issubdtype(array.dtype, np.integer)
                               or np.issubdtype(array.dtype, np.floating)
                               and bool(np.isfinite(array).all())
                               and bool((array == np.round(array)).all())):
            raise ValueError(f"{name} must hold whole numbers")
    if dice.size and (dice.min() < 1 or dice.max() > 6):
        raise DiceError("bad_dice", "Every die must show a number from 1 to 6.")
    _check_boards(boards, variant, rules)
    boards = np.ascontiguousarray(boards, dtype=np.int8)
    dice = np.ascontiguousarray(dice, dtype=np.int64)
    if variant == "backgammon":
        from engine.backgammon.movegen import batch_generate_kernel

        counts, offsets, results = batch_generate_kernel(boards, dice, 1024)
        if (counts < 0).any():
            return _with_overflow(boards, dice, counts, offsets, results)
        return counts, results
    variant_obj: Any = get_variant(variant, rules)
    if hasattr(variant_obj, "batch_generate"):
        return variant_obj.batch_generate(boards, dice)
    sets = [variant_obj.generate(b, int(d[0]), int(d[1])) for b, d in zip(boards, dice)]
    counts = np.array([len(s.boards) for s in sets], dtype=np.int64)
    parts = [s.boards for s in sets if len(s.boards)]
    results = np.concatenate(parts) if parts else np.zeros((0, 2, 25), np.int8)
    return counts, results


def _with_overflow(boards: np.ndarray, dice: np.ndarray, counts: np.ndarray,
                   offsets: np.ndarray, results: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Redo the positions with more plays than the batch scratch holds, one by one."""
    variant = get_variant("backgammon")
    parts = []
    new_counts = counts.copy()
    for i in range(len(counts)):
        if counts[i] < 0:
            found = variant.generate(boards[i], int(dice[i, 0]), int(dice[i, 1])).boards
            new_counts[i] = len(found)
            parts.append(found)
        else:
            parts.append(results[offsets[i]:offsets[i + 1]])
    return new_counts, np.concatenate(parts) if parts else results


def _check_boards(boards: np.ndarray, variant: str, rules: Any) -> None:
    """Raise the variant's PositionError, prefixed with the board's index, for the first
    board that cannot occur (the same conditions as the variants' ``validate``)."""
    if not boards.size:
        return
    if boards.dtype != np.int8 and (boards.min() < -128 or boards.max() > 127):
        index = int(np.argmax(((boards < -128) | (boards > 127)).any(axis=(1, 2))))
        raise PositionError("too_many_checkers",
                            f"Board {index}: a point holds {int(np.abs(boards[index]).max())} "
                            "checkers; a side has 15.")
    small = np.ascontiguousarray(boards, dtype=np.int8)
    index = _first_bad(small, variant == "nardy")
    if index < 0:
        return
    try:
        get_variant(variant, rules).validate(small[index])
    except PositionError as error:
        raise PositionError(error.code, f"Board {index}: {error.message}") from None
    raise PositionError("bad_board", f"Board {index} cannot occur in {variant}.")


@njit(cache=True)
def _first_bad(boards: np.ndarray, nardy: bool) -> int:  # pragma: no cover - compiled
    """The index of the first board the variant's ``validate`` would refuse, or -1."""
    for k in range(boards.shape[0]):
        for side in range(2):
            total = 0
            outside = 0
            for i in range(25):
                count = boards[k, side, i]
                if count < 0:
                    return k
                total += count
                if 6 <= i < 24:
                    outside += count
            if total > 15:
                return k
            if nardy and (boards[k, side, 24] != 0 or total < 15 and outside > 0):
                return k
        for i in range(24):
            if boards[k, 1, i] > 0:
                facing = (i + 12) % 24 if nardy else 23 - i
                if boards[k, 0, facing] > 0:
                    return k
    return -1
