"""Seeded random self-play for short backgammon, in compiled code.

Used by the differential tests and the benchmark: it yields realistic positions (hits,
bar entries, closed boards, races and bear-offs all occur in random games).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.backgammon.movegen import generate_into
from engine.board import start_board

START = start_board("backgammon")


@njit(cache=True)
def _strongest(out_boards, count):
    """The play that makes the most home-board points, then hits most (a crude policy
    that builds primes and closed boards, so the sample contains them)."""
    best = 0
    best_score = -1
    for j in range(count):
        score = 0
        for i in range(6):
            if out_boards[j, 1, i] >= 2:
                score += 4
        for i in range(6, 12):
            if out_boards[j, 1, i] >= 2:
                score += 1
        score += 3 * out_boards[j, 0, 24]
        if score > best_score:
            best_score = score
            best = j
    return best


@njit(cache=True)
def _random_game_positions(seed, n, start, capacity, greedy):
    np.random.seed(seed)
    boards = np.zeros((n, 2, 25), np.int8)
    dice = np.zeros((n, 2), np.int8)
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
    board = start.copy()
    opening = True
    for k in range(n):
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
        while opening and d1 == d2:
            d1 = np.random.randint(1, 7)
            d2 = np.random.randint(1, 7)
        opening = False
        boards[k] = board
        dice[k, 0] = d1
        dice[k, 1] = d2
        count = generate_into(board, d1, d2, work, work_small, work_hash, out_boards, out_steps, out_nsteps,
                              flags, keys, vals, slots)
        after = board
        if count > 0:
            choice = np.random.randint(0, count)
            if greedy > 0.0 and np.random.random() < greedy:
                choice = _strongest(out_boards, count)
            after = out_boards[choice]
        finished = True
        for i in range(25):
            if after[1, i] > 0:
                finished = False
        if finished:
            board = start.copy()
            opening = True
        else:
            swapped = np.empty((2, 25), np.int8)
            swapped[0] = after[1]
            swapped[1] = after[0]
            board = swapped
    return boards, dice


def random_game_positions(
    seed: int, n: int, greedy: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """`n` positions (int8 (n, 2, 25), side on roll = board[1]) and their dice (n, 2).

    Games from the starting position with a seeded generator (the same seed gives the
    same positions). Each play is chosen uniformly among the legal plays, except that
    with probability ``greedy`` the play making the most home-board points is taken.
    """
    return _random_game_positions(seed, n, START, 4096, float(greedy))


def mixed_sample(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Half uniform random games, half point-making games (closed boards occur)."""
    first = random_game_positions(seed, n - n // 2)
    second = random_game_positions(seed + 1_000_003, n // 2, greedy=0.8)
    return np.concatenate([first[0], second[0]]), np.concatenate([first[1], second[1]])
