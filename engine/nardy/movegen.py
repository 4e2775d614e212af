"""Compiled legal-play generation for long nardy (rules-long-nardy.md sections 4-8).

Every single-die step sequence is walked (both dice orders for a non-doublet; for a
doublet the steps in non-increasing order of their source point, which reaches every
resulting position because the opponent's checkers never move in nardy). Every node of
the walk, prefixes included, that respects the head rule and ends without a forbidden
block is a candidate; candidates are kept in a small hash table keyed by the resulting
position, remembering the largest dice count and whether the larger die was used. The
obligations of section 6 are then applied among those candidates.
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
    position_key,
    step_target,
)

_EMPTY_STEP = -1


class Workspace:
    """Reusable buffers for one generation call (grown when a position needs more)."""

    def __init__(self, capacity: int = 2048) -> None:
        self.capacity = capacity
        self.keys = np.zeros(capacity, dtype=np.int64)
        self.rows = np.zeros((capacity, 24), dtype=np.int8)
        self.steps = np.zeros((capacity, 4, 2), dtype=np.int8)
        self.ndice = np.zeros(capacity, dtype=np.int8)
        self.larger = np.zeros(capacity, dtype=np.bool_)
        self.table = np.zeros(4 * capacity, dtype=np.int32)
        self.stamps = np.zeros(4 * capacity, dtype=np.int32)
        self.stamp = np.zeros(1, dtype=np.int32)
        self.path = np.full((4, 2), _EMPTY_STEP, dtype=np.int8)


@njit(cache=True)
def _record(board, depth, used_larger, rule, path, keys, rows, steps, ndice, larger,
            table, stamps, stamp, count):
    """Add the current node as a candidate; returns the new count or -1 when full."""
    if not block_allowed(board, rule):
        return count
    key = position_key(board)
    mask = table.shape[0] - 1
    slot = (key * 0x5851F42D4C957F2D) >> 20 & mask
    while stamps[slot] == stamp:
        found = table[slot]
        if keys[found] == key:
            if depth > ndice[found]:
                ndice[found] = depth
                for k in range(4):
                    steps[found, k, 0] = path[k, 0] if k < depth else _EMPTY_STEP
                    steps[found, k, 1] = path[k, 1] if k < depth else _EMPTY_STEP
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
    for k in range(4):
        steps[count, k, 0] = path[k, 0] if k < depth else _EMPTY_STEP
        steps[count, k, 1] = path[k, 1] if k < depth else _EMPTY_STEP
    ndice[count] = depth
    larger[count] = used_larger
    return count + 1


@njit(cache=True)
def _move(board, src, target):
    """Apply a step; returns the change in the count of checkers outside the home."""
    board[1, src] -= 1
    change = 0
    if src >= HOME_TOP:
        change -= 1
    if target >= 0:
        board[1, target] += 1
        if target >= HOME_TOP:
            change += 1
    return change


@njit(cache=True)
def _unmove(board, src, target):
    board[1, src] += 1
    if target >= 0:
        board[1, target] -= 1


@njit(cache=True)
def _walk(board, dice, ndice_total, limit, outside, larger_first, rule, path, keys, rows,
          steps, ndice, larger, table, stamps, stamp, count):
    """Depth-first walk over steps (iterative: numba's cache mishandles recursion).

    dice[depth] is the die of the step at that depth. For a doublet the source points
    never increase along a sequence. Returns the new candidate count, -1 when full.
    """
    doublet = dice[0] == dice[1]
    cursor = np.empty(4, dtype=np.int64)  # next source index to try at each depth
    taken = np.empty(4, dtype=np.int64)  # source index moved at each depth
    landed = np.empty(4, dtype=np.int64)  # its target (STEP_OFF when borne off)
    heads = np.zeros(5, dtype=np.int64)  # head checkers moved before each depth
    outs = np.zeros(5, dtype=np.int64)  # checkers outside the home before each depth
    outs[0] = outside
    depth = 0
    cursor[0] = 23
    while depth >= 0:
        src = cursor[depth]
        if src < 0:
            depth -= 1
            if depth >= 0:
                _unmove(board, taken[depth], landed[depth])
                path[depth, 0] = _EMPTY_STEP
                path[depth, 1] = _EMPTY_STEP
            continue
        cursor[depth] = src - 1
        if board[1, src] == 0:
            continue
        from_head = 1 if src == HEAD else 0
        if heads[depth] + from_head > limit:
            continue
        target = step_target(board, src, dice[depth], outs[depth])
        if target == STEP_ILLEGAL:
            continue
        change = _move(board, src, target)
        path[depth, 0] = src + 1
        path[depth, 1] = target + 1 if target >= 0 else 0
        count = _record(board, depth + 1, larger_first and depth == 0, rule, path, keys,
                        rows, steps, ndice, larger, table, stamps, stamp, count)
        if count < 0:
            _unmove(board, src, target)
            while depth > 0:
                depth -= 1
                _unmove(board, taken[depth], landed[depth])
            path[:, :] = _EMPTY_STEP
            return -1
        if depth + 1 < ndice_total:
            taken[depth] = src
            landed[depth] = target
            heads[depth + 1] = heads[depth] + from_head
            outs[depth + 1] = outs[depth] + change
            depth += 1
            cursor[depth] = src if doublet else 23
        else:
            _unmove(board, src, target)
            path[depth, 0] = _EMPTY_STEP
            path[depth, 1] = _EMPTY_STEP
    return count


@njit(cache=True)
def generate_into(board, die1, die2, rule, keys, rows, steps, ndice, larger, table, stamps,
                  stamp, path):
    """Fill the workspace with the candidates and return the indices of the legal plays.

    Returns an int32 array of candidate indices (sorted by resulting position), or an
    array holding -1 when the workspace was too small.
    """
    work = board.copy()
    limit = head_limit(work, die1, die2)
    outside = count_outside(work)
    count = 0
    dice = np.empty(4, dtype=np.int64)
    if die1 == die2:
        for k in range(4):
            dice[k] = die1
        count = _walk(work, dice, 4, limit, outside, False, rule, path, keys, rows, steps,
                      ndice, larger, table, stamps, stamp, count)
    else:
        high = max(die1, die2)
        low = min(die1, die2)
        for order in range(2):
            dice[0] = high if order == 0 else low
            dice[1] = low if order == 0 else high
            count = _walk(work, dice, 2, limit, outside, order == 0, rule, path, keys, rows,
                          steps, ndice, larger, table, stamps, stamp, count)
            if count < 0:
                break
    if count < 0:
        return np.full(1, -1, dtype=np.int32)
    most = 0
    for c in range(count):
        if ndice[c] > most:
            most = ndice[c]
    need_larger = False
    if most == 1 and die1 != die2:
        for c in range(count):
            if larger[c]:
                need_larger = True
                break
    chosen = np.empty(count, dtype=np.int32)
    n = 0
    for c in range(count):
        if ndice[c] == most and (larger[c] or not need_larger):
            chosen[n] = c
            n += 1
    chosen = chosen[:n]
    if most == 0:
        return chosen
    order_by_key = np.argsort(keys[chosen], kind="mergesort")
    return chosen[order_by_key]


@njit(cache=True)
def assemble(board, chosen, rows, steps, out_boards, out_steps, out_nsteps, offset):
    """Copy the chosen candidates into output arrays starting at ``offset``."""
    for n in range(chosen.shape[0]):
        c = chosen[n]
        for index in range(25):
            out_boards[offset + n, 0, index] = board[0, index]
        for index in range(24):
            out_boards[offset + n, 1, index] = rows[c, index]
        out_boards[offset + n, 1, 24] = 0
        used = 0
        for k in range(4):
            out_steps[offset + n, k, 0] = steps[c, k, 0]
            out_steps[offset + n, k, 1] = steps[c, k, 1]
            if steps[c, k, 0] != _EMPTY_STEP:
                used += 1
        out_nsteps[offset + n] = used
