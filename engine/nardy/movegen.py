"""Compiled legal-play generation for long nardy (rules-long-nardy.md sections 4-8).

Every single-die step sequence is walked (both dice orders for a non-doublet; for a
doublet the steps in non-increasing order of their source point, which reaches every
resulting position because the opponent's checkers never move in nardy). Every node of
the walk, prefixes included, that respects the head rule and ends without a forbidden
block is a candidate; candidates are kept in a small hash table keyed by the resulting
position, remembering the largest dice count and whether the larger die was used. The
obligations of section 6 are then applied among those candidates.

The hash of a position is the sum of one random weight per mover checker, updated as
steps are made and undone; equal hashes are confirmed by comparing the rows.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.nardy.board import (
    HEAD,
    HOME_TOP,
    STEP_ILLEGAL,
    block_allowed,
    count_outside,
    head_limit,
    step_target,
)

_EMPTY_STEP = -1
_WEIGHTS = np.random.default_rng(20261121).integers(1, 2**62, size=24, dtype=np.int64)

# rows of the walk's int64 scratch array, one column per depth
_CURSOR, _TAKEN, _LANDED, _HEADS, _OUTSIDE, _KEY = range(6)


class Workspace:
    """Reusable buffers for generation calls (grown when a position needs more)."""

    def __init__(self, capacity: int = 2048) -> None:
        self.capacity = capacity
        self.keys = np.zeros(capacity, dtype=np.int64)
        self.rows = np.zeros((capacity, 24), dtype=np.int8)
        self.steps = np.zeros((capacity, 4, 2), dtype=np.int8)
        self.ndice = np.zeros(capacity, dtype=np.int8)
        self.larger = np.zeros(capacity, dtype=np.bool_)
        self.chosen = np.zeros(capacity, dtype=np.int32)
        self.table = np.zeros(4 * capacity, dtype=np.int32)
        self.stamps = np.zeros(4 * capacity, dtype=np.int32)
        self.stamp = np.zeros(1, dtype=np.int32)
        self.path = np.full((4, 2), _EMPTY_STEP, dtype=np.int8)
        self.scratch = np.zeros((6, 5), dtype=np.int64)
        self.dice = np.zeros(4, dtype=np.int64)
        self.board = np.zeros((2, 25), dtype=np.int8)


@njit(cache=True)
def _same_row(rows, found, board):
    for index in range(24):
        if rows[found, index] != board[1, index]:
            return False
    return True


@njit(cache=True)
def _store_steps(steps, slot, path, depth):
    for k in range(4):
        steps[slot, k, 0] = path[k, 0] if k < depth else _EMPTY_STEP
        steps[slot, k, 1] = path[k, 1] if k < depth else _EMPTY_STEP


@njit(cache=True)
def _record(board, key, depth, used_larger, rule, path, keys, rows, steps, ndice, larger,
            table, stamps, stamp, count):
    """Add the current node as a candidate; returns the new count or -1 when full."""
    if not block_allowed(board, rule):
        return count
    mask = table.shape[0] - 1
    slot = (key ^ (key >> 29)) & mask
    while stamps[slot] == stamp:
        found = table[slot]
        if keys[found] == key and _same_row(rows, found, board):
            if depth > ndice[found]:
                ndice[found] = depth
                _store_steps(steps, found, path, depth)
            if used_larger:
                larger[found] = True
            return count
        slot = (slot + 1) & mask
    if count >= keys.shape[0]:
        return -1
    stamps[slot] = stamp
    table[slot] = count
    keys[count] = key
    for index in range(24):
        rows[count, index] = board[1, index]
    _store_steps(steps, count, path, depth)
    ndice[count] = depth
    larger[count] = used_larger
    return count + 1


@njit(cache=True)
def _unmove(board, src, target):
    board[1, src] += 1
    if target >= 0:
        board[1, target] -= 1


@njit(cache=True)
def _walk(board, dice, ndice_total, limit, larger_first, skip_swaps, rule, scratch, path,
          keys, rows, steps, ndice, larger, table, stamps, stamp, count):
    """Depth-first walk over steps (iterative: numba's cache mishandles recursion).

    dice[depth] is the die of the step at that depth; scratch[_HEADS/_OUTSIDE/_KEY, 0]
    must hold the starting values. Returns the new candidate count, -1 when full.

    ``skip_swaps`` (the second order of a non-doublet): two ordinary moves (no bearing
    off) of different checkers are legal in either order with the same result, because
    the opponent never moves and only bearing off depends on what moved before; the
    first order has found them already.
    """
    doublet = dice[0] == dice[1]
    depth = 0
    scratch[_CURSOR, 0] = 23
    while depth >= 0:
        src = scratch[_CURSOR, depth]
        if src < 0:
            depth -= 1
            if depth >= 0:
                _unmove(board, scratch[_TAKEN, depth], scratch[_LANDED, depth])
            continue
        scratch[_CURSOR, depth] = src - 1
        if board[1, src] == 0:
            continue
        heads = scratch[_HEADS, depth] + (1 if src == HEAD else 0)
        if heads > limit:
            continue
        target = step_target(board, src, dice[depth], scratch[_OUTSIDE, depth])
        if target == STEP_ILLEGAL:
            continue
        if (skip_swaps and depth == 1 and target >= 0 and scratch[_LANDED, 0] >= 0
                and src != scratch[_LANDED, 0]):
            continue  # two ordinary moves of different checkers: found larger die first
        board[1, src] -= 1
        outside = scratch[_OUTSIDE, depth] - (1 if src >= HOME_TOP else 0)
        key = scratch[_KEY, depth] - _WEIGHTS[src]
        if target >= 0:
            board[1, target] += 1
            outside += 1 if target >= HOME_TOP else 0
            key += _WEIGHTS[target]
        path[depth, 0] = src + 1
        path[depth, 1] = target + 1 if target >= 0 else 0
        count = _record(board, key, depth + 1, larger_first and depth == 0, rule, path, keys,
                        rows, steps, ndice, larger, table, stamps, stamp, count)
        if count < 0:
            return -1
        if depth + 1 < ndice_total:
            scratch[_TAKEN, depth] = src
            scratch[_LANDED, depth] = target
            depth += 1
            scratch[_HEADS, depth] = heads
            scratch[_OUTSIDE, depth] = outside
            scratch[_KEY, depth] = key
            scratch[_CURSOR, depth] = src if doublet else 23
        else:
            _unmove(board, src, target)
    path[:, :] = _EMPTY_STEP
    return count


@njit(cache=True)
def generate_into(board: np.ndarray, die1: int, die2: int, rule: int, work: np.ndarray,
                  dice: np.ndarray, scratch: np.ndarray, path: np.ndarray, keys: np.ndarray,
                  rows: np.ndarray, steps: np.ndarray, ndice: np.ndarray, larger: np.ndarray,
                  chosen: np.ndarray, table: np.ndarray, stamps: np.ndarray,
                  stamp: int) -> int:
    """Write the indices of the legal plays' candidates into ``chosen``.

    Returns how many (0: no legal move), or -1 when the workspace was too small.
    ``stamp`` must differ from every earlier call's on the same table.
    """
    work[:, :] = board
    limit = head_limit(work, die1, die2)
    key = 0
    for index in range(24):
        key += _WEIGHTS[index] * work[1, index]
    count = 0
    orders = 1 if die1 == die2 else 2
    for order in range(orders):
        scratch[_HEADS, 0] = 0
        scratch[_OUTSIDE, 0] = count_outside(work)
        scratch[_KEY, 0] = key
        if die1 == die2:
            dice[:] = die1
        else:
            dice[0] = max(die1, die2) if order == 0 else min(die1, die2)
            dice[1] = min(die1, die2) if order == 0 else max(die1, die2)
        count = _walk(work, dice, 4 if die1 == die2 else 2, limit, die1 != die2 and order == 0,
                      order == 1, rule, scratch, path, keys, rows, steps, ndice, larger, table,
                      stamps, stamp, count)
        if count < 0:
            return -1
    most = 0
    for c in range(count):
        most = max(most, ndice[c])
    need_larger = False
    if most == 1 and die1 != die2:
        for c in range(count):
            need_larger = need_larger or larger[c]
    n = 0
    if most == 0:
        return 0
    for c in range(count):
        if ndice[c] == most and (larger[c] or not need_larger):
            chosen[n] = c
            n += 1
    return n


@njit(cache=True)
def assemble(board: np.ndarray, chosen: np.ndarray, n: int, rows: np.ndarray,
             steps: np.ndarray, out_boards: np.ndarray, out_steps: np.ndarray,
             out_nsteps: np.ndarray, offset: int) -> None:
    """Copy the first ``n`` chosen candidates into output arrays from row ``offset``."""
    for m in range(n):
        c = chosen[m]
        out_boards[offset + m, 0, :] = board[0, :]
        out_boards[offset + m, 1, :24] = rows[c, :]
        out_boards[offset + m, 1, 24] = 0
        used = 0
        for k in range(4):
            out_steps[offset + m, k, 0] = steps[c, k, 0]
            out_steps[offset + m, k, 1] = steps[c, k, 1]
            if steps[c, k, 0] != _EMPTY_STEP:
                used += 1
        out_nsteps[offset + m] = used
