"""Python entry points to the compiled long-nardy generator: one position, or a batch.

``generate_plays`` answers one position; ``generate_batch`` runs a whole list of
positions and dice inside compiled code and returns the plays of all of them, flattened,
with offsets (plays of position k are rows ``offsets[k]:offsets[k + 1]``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
from numba import njit

from engine.board import PlaySet
from engine.nardy.movegen import Workspace, assemble, generate_into


@dataclass(frozen=True)
class BatchPlays:
    """The legal plays of many positions, flattened; see the module docstring."""

    offsets: np.ndarray  # int64 (npositions + 1,)
    boards: np.ndarray
    steps: np.ndarray
    nsteps: np.ndarray


# One workspace per thread: a call fills it and reads it back, so threads must not share.
_local = threading.local()
_STAMP_LIMIT = 1 << 30  # the int32 stamps are reset long before they could wrap


def _workspace() -> Workspace:
    work = getattr(_local, "work", None)
    if work is None:
        work = _local.work = Workspace()
    if work.stamp[0] > _STAMP_LIMIT:
        work.stamps[:] = 0
        work.stamp[0] = 0
    return work


def _arrays(work: Workspace) -> tuple[np.ndarray, ...]:
    """The workspace arrays in the order the kernels take them."""
    return (
        work.board,
        work.dice,
        work.scratch,
        work.path,
        work.keys,
        work.rows,
        work.steps,
        work.ndice,
        work.larger,
        work.chosen,
        work.table,
        work.stamps,
    )


def _grow() -> None:
    _local.work = Workspace(2 * _workspace().capacity)


def generate_plays(board: np.ndarray, die1: int, die2: int, block_code: int) -> PlaySet:
    """Every legal play of the side on roll (``board[1]``), one per resulting board.

    The board must already be valid (``NardyVariant.validate``).
    """
    board = np.ascontiguousarray(board, dtype=np.int8)
    while True:
        work = _workspace()
        work.stamp[0] += 1
        n, boards, steps, nsteps = _one(
            board, die1, die2, block_code, *_arrays(work), int(work.stamp[0])
        )
        if n >= 0:
            return PlaySet(boards, steps, nsteps)
        _grow()


@njit(cache=True)
def _one(
    board,
    die1,
    die2,
    block_code,
    work,
    die_buffer,
    scratch,
    path,
    keys,
    rows,
    steps,
    ndice,
    larger,
    chosen,
    table,
    stamps,
    stamp,
):
    """One position in one compiled call: (count or -1 when full, boards, steps, nsteps)."""
    n = generate_into(
        board,
        die1,
        die2,
        block_code,
        work,
        die_buffer,
        scratch,
        path,
        keys,
        rows,
        steps,
        ndice,
        larger,
        chosen,
        table,
        stamps,
        stamp,
    )
    size = max(n, 0)
    out_boards = np.empty((size, 2, 25), dtype=np.int8)
    out_steps = np.empty((size, 4, 2), dtype=np.int8)
    out_nsteps = np.empty(size, dtype=np.int8)
    if n > 0:
        assemble(board, chosen, n, rows, steps, out_boards, out_steps, out_nsteps, 0)
    return n, out_boards, out_steps, out_nsteps


@njit(cache=True)
def _batch(
    boards,
    dice,
    block_code,
    start,
    offsets,
    out_boards,
    out_steps,
    out_nsteps,
    work,
    die_buffer,
    scratch,
    path,
    keys,
    rows,
    steps,
    ndice,
    larger,
    chosen,
    table,
    stamps,
    stamp,
):
    """Generate from position ``start`` on; returns (next position, plays written, stamp).

    Stops early when a workspace or the output is full, so the caller can grow it.
    """
    total = offsets[start]
    for k in range(start, boards.shape[0]):
        stamp += 1
        if stamp > _STAMP_LIMIT:
            stamps[:] = 0
            stamp = 1
        n = generate_into(
            boards[k],
            dice[k, 0],
            dice[k, 1],
            block_code,
            work,
            die_buffer,
            scratch,
            path,
            keys,
            rows,
            steps,
            ndice,
            larger,
            chosen,
            table,
            stamps,
            stamp,
        )
        if n < 0 or total + n > out_boards.shape[0]:
            return k, total, stamp
        assemble(boards[k], chosen, n, rows, steps, out_boards, out_steps, out_nsteps, total)
        total += n
        offsets[k + 1] = total
    return boards.shape[0], total, stamp


def generate_batch(boards: np.ndarray, dice: np.ndarray, block_code: int) -> BatchPlays:
    """Legal plays of many valid positions at once (``boards`` (n, 2, 25), ``dice`` (n, 2))."""
    boards = np.ascontiguousarray(boards, dtype=np.int8)
    dice = np.ascontiguousarray(dice, dtype=np.int64)
    count = boards.shape[0]
    offsets = np.zeros(count + 1, dtype=np.int64)
    capacity = max(64, 16 * count)
    out_boards = np.empty((capacity, 2, 25), dtype=np.int8)
    out_steps = np.empty((capacity, 4, 2), dtype=np.int8)
    out_nsteps = np.empty(capacity, dtype=np.int8)
    start = 0
    while True:
        work = _workspace()
        start, total, stamp = _batch(
            boards,
            dice,
            block_code,
            start,
            offsets,
            out_boards,
            out_steps,
            out_nsteps,
            *_arrays(work),
            int(work.stamp[0]),
        )
        work.stamp[0] = stamp
        if start == count:
            break
        if total + work.capacity > out_boards.shape[0]:
            bigger = 2 * out_boards.shape[0] + work.capacity
            out_boards = _resized(out_boards, bigger)
            out_steps = _resized(out_steps, bigger)
            out_nsteps = _resized(out_nsteps, bigger)
        else:
            _grow()
    total = int(offsets[count])
    return BatchPlays(offsets, out_boards[:total], out_steps[:total], out_nsteps[:total])


def _resized(array: np.ndarray, rows: int) -> np.ndarray:
    bigger = np.empty((rows,) + array.shape[1:], dtype=array.dtype)
    bigger[: array.shape[0]] = array
    return bigger
