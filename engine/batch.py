"""Batch move generation: many positions inside one compiled call."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.errors import DiceError, PositionError
from engine.variants import get_variant

_NARDY_FACING = (np.arange(24) + 12) % 24  # the opponent's index of my point index


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
    counts = boards.astype(np.int64)
    totals = counts.sum(axis=2)
    bad = (counts < 0).any(axis=(1, 2)) | (totals > 15).any(axis=1)
    if variant == "nardy":
        shared = (counts[:, 1, :24] > 0) & (counts[:, 0, _NARDY_FACING] > 0)
        outside = counts[:, :, 6:24].sum(axis=2) > 0
        bad |= (counts[:, :, 24] != 0).any(axis=1) | ((totals < 15) & outside).any(axis=1)
    else:
        shared = (counts[:, 1, :24] > 0) & (counts[:, 0, 23::-1] > 0)
    bad |= shared.any(axis=1)
    if not bad.any():
        return
    index = int(np.argmax(bad))
    try:
        get_variant(variant, rules).validate(counts[index])
    except PositionError as error:
        raise PositionError(error.code, f"Board {index}: {error.message}") from None
    raise PositionError("bad_board", f"Board {index} cannot occur in {variant}.")
