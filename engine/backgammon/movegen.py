"""Compiled move generation for short backgammon.

One call finds every legal play of a position, one per distinct resulting board, with the
semantics of GNU Backgammon (rules-backgammon.md section 5): plays that use the most dice,
and the larger die when only one die of a non-double can be used.

The search is a depth-first walk over single-die steps, applied and undone on one work
board. Results are deduplicated with a Zobrist hash kept up to date step by step. With a
double, successive steps never start from a higher point than the step before: every set
of steps can be played in that order, so nothing is lost and most repeats are skipped.

Scratch arrays are passed in, so a batch runs without allocating per position.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# 64-bit random numbers for (side, index, checker count); fixed seed so that compiled
# code cached on disk and a fresh import agree.
ZOBRIST = np.random.default_rng(20261121).integers(
    1, np.iinfo(np.int64).max, size=(2, 25, 16), dtype=np.int64
).astype(np.uint64)

OVERFLOW = -1


class Scratch:
    """Work arrays for one generation at a time (one per thread)."""

    def __init__(self, capacity: int = 2048) -> None:
        self.capacity = capacity
        table = 1
        while table < 4 * capacity:
            table *= 2
        self.work = np.zeros((2, 25), dtype=np.int8)
        self.work_small = np.zeros((8, 8), dtype=np.int64)
        self.work_hash = np.zeros(4, dtype=np.uint64)
        self.boards = np.zeros((capacity, 2, 25), dtype=np.int8)
        self.steps = np.full((capacity, 4, 2), -1, dtype=np.int8)
        self.nsteps = np.zeros(capacity, dtype=np.int8)
        self.flags = np.zeros(capacity, dtype=np.int8)
        self.slots = np.zeros(capacity, dtype=np.int64)
        self.keys = np.zeros(table, dtype=np.uint64)
        self.vals = np.zeros(table, dtype=np.int32)


@njit(cache=True, inline="always")
def _step_ok(b, s, d, outside):
    """Can the mover (b[1]) move a checker from index s with die d? (s holds a checker)."""
    t = s - d
    if t >= 0:
        return b[0, 23 - t] <= 1
    if outside > 0:
        return False
    if t == -1:
        return True
    for k in range(s + 1, 6):
        if b[1, k] > 0:
            return False
    return True


@njit(cache=True)
def _board_hash(b):
    h = np.uint64(0)
    for side in range(2):
        for i in range(25):
            h ^= ZOBRIST[side, i, b[side, i]]
    return h


@njit(cache=True)
def _clear(n, keys, slots):
    for i in range(n):
        keys[slots[i]] = np.uint64(0)


@njit(cache=True)
def _search(b, nd, doubles, skip_independent, h0, outside0, small, hstack,
            out_boards, out_steps, out_nsteps, flags, keys, vals, slots):
    """Walk every step sequence for one order of the dice; record leaves in the table.

    ``small`` (int64, 8 x 8) holds the search state, indexed directly (array views would
    cost reference counting in this hot loop): row 0 = [boards recorded, most dice used,
    overflow flag, die 1..4]; rows 1-6, column = level: next source to try, checkers
    outside the home board, hit flag, step found flag, step source, step target.
    """
    cap = out_boards.shape[0]
    mask = keys.shape[0] - 1
    larger = 1 if small[0, 3] > small[0, 4] else 0
    h = h0
    outside = outside0
    level = 0
    small[1, 0] = 24
    small[4, 0] = 0
    while level >= 0:
        d = small[0, 3 + level]
        found = -1
        s = small[1, level]
        if b[1, 24] > 0:
            if s >= 24 and _step_ok(b, 24, d, outside):
                found = 24
        else:
            s = min(s, 23)
            # Second order of a non-double (small die first): a second step that neither
            # continues the first checker's move nor bears off was already found in the
            # first order, played the other way round; skip it. (A sequence of the first
            # order then used both dice, so no one-die leaf is lost by skipping.)
            continuing = small[6, 0] - 1 if skip_independent and level == 1 else -2
            while s >= 0:
                if continuing != -2 and s != continuing and s >= d:
                    s -= 1
                    continue
                if b[1, s] > 0 and _step_ok(b, s, d, outside):
                    found = s
                    break
                s -= 1
        if found >= 0:
            s = found
            small[1, level] = s - 1
            small[4, level] = 1
            # apply the step
            hstack[level] = h
            small[2, level] = outside
            t = s - d
            c = b[1, s]
            h ^= ZOBRIST[1, s, c] ^ ZOBRIST[1, s, c - 1]
            b[1, s] = c - 1
            if s >= 6 and t < 6:
                outside -= 1
            small[3, level] = 0
            if t >= 0:
                oi = 23 - t
                if b[0, oi] == 1:
                    small[3, level] = 1
                    cb = b[0, 24]
                    h ^= ZOBRIST[0, oi, 1] ^ ZOBRIST[0, oi, 0]
                    h ^= ZOBRIST[0, 24, cb] ^ ZOBRIST[0, 24, cb + 1]
                    b[0, oi] = 0
                    b[0, 24] = cb + 1
                c = b[1, t]
                h ^= ZOBRIST[1, t, c] ^ ZOBRIST[1, t, c + 1]
                b[1, t] = c + 1
                small[6, level] = t + 1
            else:
                small[6, level] = 0
            small[5, level] = s + 1
            if level + 1 < nd:
                level += 1
                small[1, level] = s if doubles else 24
                small[4, level] = 0
                continue
            depth = nd
        else:
            if small[4, level] != 0 or level == 0:
                # every step at this level has been tried: go back one level
                level -= 1
                if level < 0:
                    break
                _undo(b, level, small)
                h = hstack[level]
                outside = small[2, level]
                continue
            depth = level
        # a leaf: `depth` dice used, board b
        if depth >= small[0, 1]:
            if depth > small[0, 1]:
                _clear(small[0, 0], keys, slots)
                small[0, 0] = 0
                small[0, 1] = depth
            flag = larger if depth == 1 else 0
            hk = h | np.uint64(1)
            slot = np.int64(hk & np.uint64(mask))
            dup = False
            while keys[slot] != 0:
                if keys[slot] == hk:
                    j = vals[slot]
                    diff = 0
                    for side in range(2):
                        for i in range(25):
                            diff |= out_boards[j, side, i] ^ b[side, i]
                    same = diff == 0
                    if same:
                        flags[j] |= flag
                        dup = True
                        break
                slot = (slot + 1) & mask
            if not dup:
                n = small[0, 0]
                if n >= cap:
                    small[0, 2] = 1
                    return
                keys[slot] = hk
                vals[slot] = n
                slots[n] = slot
                for side in range(2):
                    for i in range(25):
                        out_boards[n, side, i] = b[side, i]
                for k in range(4):
                    if k < depth:
                        out_steps[n, k, 0] = small[5, k]
                        out_steps[n, k, 1] = small[6, k]
                    else:
                        out_steps[n, k, 0] = -1
                        out_steps[n, k, 1] = -1
                out_nsteps[n] = depth
                flags[n] = flag
                small[0, 0] = n + 1
        if depth == nd:
            # undo the last step and try the next one at this level
            _undo(b, level, small)
            h = hstack[level]
            outside = small[2, level]
        else:
            # no step at this level at all: back up
            level -= 1
            if level < 0:
                break
            _undo(b, level, small)
            h = hstack[level]
            outside = small[2, level]


@njit(cache=True, inline="always")
def _undo(b, level, small):
    s = small[5, level] - 1
    t = small[6, level] - 1
    b[1, s] += 1
    if t >= 0:
        b[1, t] -= 1
        if small[3, level]:
            b[0, 23 - t] = 1
            b[0, 24] -= 1


@njit(cache=True)
def generate_into(board, d1, d2, work, work_small, work_hash, out_boards, out_steps, out_nsteps,
                  flags, keys, vals, slots):
    """Fill the out arrays with every legal play; return their number (OVERFLOW if full)."""
    for side in range(2):
        for i in range(25):
            work[side, i] = board[side, i]
    h0 = _board_hash(work)
    outside = 0
    for i in range(6, 25):
        outside += work[1, i]
    small = work_small
    hstack = work_hash
    small[0, 0] = 0
    small[0, 1] = 0
    small[0, 2] = 0
    if d1 == d2:
        for k in range(4):
            small[0, 3 + k] = d1
        _search(work, 4, True, False, h0, outside, small, hstack,
                out_boards, out_steps, out_nsteps, flags, keys, vals, slots)
    else:
        small[0, 3] = max(d1, d2)
        small[0, 4] = min(d1, d2)
        _search(work, 2, False, False, h0, outside, small, hstack,
                out_boards, out_steps, out_nsteps, flags, keys, vals, slots)
        if small[0, 2] == 0:
            small[0, 3] = min(d1, d2)
            small[0, 4] = max(d1, d2)
            _search(work, 2, False, work[1, 24] == 0, h0, outside, small, hstack,
                    out_boards, out_steps, out_nsteps, flags, keys, vals, slots)
    n = small[0, 0]
    _clear(n, keys, slots)
    if small[0, 2]:
        return OVERFLOW
    if small[0, 1] == 0:
        return 0
    if d1 != d2 and small[0, 1] == 1:
        # only one die can be used: the larger one if it can be
        anylarger = False
        for j in range(n):
            if flags[j]:
                anylarger = True
        if anylarger:
            m = 0
            for j in range(n):
                if flags[j]:
                    if m != j:
                        out_boards[m] = out_boards[j]
                        out_steps[m] = out_steps[j]
                        out_nsteps[m] = out_nsteps[j]
                    m += 1
            n = m
    return n


@njit(cache=True)
def batch_generate_kernel(boards, dice, capacity):
    """Legal plays of many positions in one call: (counts, offsets, result boards).

    counts[i] is OVERFLOW (-1) if position i had more than `capacity` plays.
    """
    m = boards.shape[0]
    table = 1
    while table < 4 * capacity:
        table *= 2
    work = np.zeros((2, 25), np.int8)
    work_small = np.zeros((8, 8), np.int64)
    work_hash = np.zeros(4, np.uint64)
    out_boards = np.zeros((capacity, 2, 25), np.int8)
    out_steps = np.zeros((capacity, 4, 2), np.int8)
    out_nsteps = np.zeros(capacity, np.int8)
    flags = np.zeros(capacity, np.int8)
    slots = np.zeros(capacity, np.int64)
    keys = np.zeros(table, np.uint64)
    vals = np.zeros(table, np.int32)
    counts = np.zeros(m, np.int64)
    offsets = np.zeros(m + 1, np.int64)
    # room for 24 plays a position (self-play averages about 17), grown when needed
    results = np.empty((max(64, m * 24), 2, 25), np.int8)
    total = 0
    for p in range(m):
        n = generate_into(boards[p], dice[p, 0], dice[p, 1], work, work_small, work_hash,
                          out_boards, out_steps, out_nsteps, flags, keys, vals, slots)
        counts[p] = n
        if n > 0:
            if total + n > results.shape[0]:
                grown = np.empty((max(2 * results.shape[0], total + n), 2, 25), np.int8)
                grown[:total] = results[:total]
                results = grown
            for j in range(n):
                for side in range(2):
                    for i in range(25):
                        results[total + j, side, i] = out_boards[j, side, i]
            total += n
        offsets[p + 1] = total
    return counts, offsets, results[:total]
