"""Seeded self-play for long nardy: positions and dice for tests and benchmarks.

Games start from the opening position and run to the end, so the sample holds openings,
middle games, bear-offs and, because one player in some games prefers plays that hold
long runs of points, positions where the six-point block rule bites.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.nardy.board import start_board
from engine.nardy.generate import generate_plays
from engine.nardy.rules import NardyRules


@dataclass(frozen=True)
class Sample:
    """Positions (side on roll = row 1) and the dice rolled in each."""

    boards: np.ndarray  # int8 (n, 2, 25)
    dice: np.ndarray  # int64 (n, 2)


def longest_run(board: np.ndarray) -> int:
    """The mover's longest run of held points along the opponent's route."""
    best = run = 0
    for opp_index in range(24):
        run = run + 1 if board[1, (opp_index + 12) % 24] else 0
        best = max(best, run)
    return best


def block_drill(rng: np.random.Generator) -> np.ndarray:
    """A random valid position where one step can complete a six-point block.

    The mover holds five of six consecutive points (along the opponent's route) with a
    checker a few pips behind the gap; the opponent's checkers are mostly behind the
    block (sometimes one is ahead, so that the block is allowed).
    """
    board = np.zeros((2, 25), dtype=np.int8)
    low = int(rng.integers(0, 17))  # opponent index of the block's lowest point
    run = [(j + 12) % 24 for j in range(low, low + 6)]  # the same points, mover indices
    gap = run[int(rng.integers(6))]
    held = [index for index in run if index != gap]
    feeder = gap + int(rng.integers(1, 7))
    if feeder <= 23 and feeder not in run:
        held.append(feeder)
    spare = [i for i in range(24) if i not in held and i != gap]
    held += list(rng.choice(spare, size=int(rng.integers(0, 4)), replace=False))
    counts = 1 + rng.multinomial(15 - len(held), np.ones(len(held)) / len(held))
    board[1, held] = counts
    behind = [j for j in range(low + 6, 24) if board[1, (j + 12) % 24] == 0]
    ahead = [j for j in range(low) if board[1, (j + 12) % 24] == 0]
    theirs = list(rng.choice(behind, size=min(len(behind), int(rng.integers(1, 5))),
                             replace=False))
    if ahead and (rng.random() < 0.3 or not theirs):
        theirs.append(int(rng.choice(ahead)))
    board[0, theirs] += rng.multinomial(15, np.ones(len(theirs)) / len(theirs)).astype(np.int8)
    return board


def self_play(count: int, seed: int, rules: NardyRules | None = None,
              blocker_share: float = 0.5, drill_share: float = 0.05) -> Sample:
    """``count`` positions from seeded games; in a ``blocker_share`` of the games one side
    always picks a play with the longest run of points (ties broken at random), and a
    ``drill_share`` of the positions are block drills (see ``block_drill``)."""
    rules = rules or NardyRules()
    rng = np.random.default_rng(seed)
    boards = np.empty((count, 2, 25), dtype=np.int8)
    dice = np.empty((count, 2), dtype=np.int64)
    board = start_board()
    blocker = -1
    side = 0  # which player is on roll (0 = first mover)
    for n in range(count):
        roll = rng.integers(1, 7, size=2)
        dice[n] = roll
        if rng.random() < drill_share:
            boards[n] = block_drill(rng)
            continue
        boards[n] = board
        plays = generate_plays(board, int(roll[0]), int(roll[1]), rules.block_code)
        if len(plays.nsteps):
            if side == blocker:
                runs = np.array([longest_run(b) for b in plays.boards])
                pick = rng.choice(np.flatnonzero(runs == runs.max()))
            else:
                pick = rng.integers(len(plays.nsteps))
            board = plays.boards[pick]
        if board[1, :24].sum() == 0:  # the mover has finished: a new game
            board = start_board()
            side = 0
            blocker = int(rng.integers(2)) if rng.random() < blocker_share else -1
            continue
        board = board[::-1].copy()
        side = 1 - side
    return Sample(boards, dice)
