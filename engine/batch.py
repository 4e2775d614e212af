"""Batch move generation: many positions inside one compiled call."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.variants import get_variant


def batch_generate(
    boards: np.ndarray, dice: np.ndarray, variant: str = "backgammon", rules: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Legal plays of many positions: ``(counts, result_boards)``.

    ``boards`` int8 (m, 2, 25) (side on roll = board[1], boards assumed valid), ``dice``
    (m, 2). ``counts[i]`` is the number of plays of position i; ``result_boards`` holds
    them all, position after position (offsets = ``np.concatenate([[0], counts.cumsum()])``).
    """
    boards = np.ascontiguousarray(boards, dtype=np.int8)
    dice = np.ascontiguousarray(dice, dtype=np.int64)
    if boards.ndim != 3 or boards.shape[1:] != (2, 25) or dice.shape != (boards.shape[0], 2):
        raise ValueError("boards must be (m, 2, 25) and dice (m, 2)")
    if dice.size and (dice.min() < 1 or dice.max() > 6):
        raise ValueError("dice must be in 1..6")
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
