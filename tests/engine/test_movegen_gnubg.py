"""Differential test: the engine's legal plays against GNU Backgammon's (gnubg-nn).

For every sample position the set of resulting positions must be identical. The default
run checks 3,000 self-play positions; ``--runslow`` checks 24,000 more.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.backgammon.selfplay import mixed_sample, random_game_positions
from engine.batch import batch_generate
from engine.ids import encode_position_id
from tests.engine.gnubg_reference import categories, engine_result_keys, gnubg_result_keys


def _compare(boards: np.ndarray, dice: np.ndarray) -> dict[str, int]:
    counts, results = batch_generate(boards, dice)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    mismatches = []
    for i in range(len(boards)):
        ours = engine_result_keys(results[offsets[i]:offsets[i + 1]])
        assert len(ours) == counts[i], "the engine returned a result twice"
        theirs = gnubg_result_keys(boards[i], dice[i, 0], dice[i, 1])
        if ours != theirs:
            mismatches.append(f"{encode_position_id(boards[i])} {dice[i, 0]}-{dice[i, 1]}: "
                              f"{len(ours)} plays, gnubg {len(theirs)}")
    assert not mismatches, "\n".join(mismatches[:20])
    return categories(boards, counts, results)


def _assert_covered(seen: dict[str, int]) -> None:
    for situation in ("hits", "bar_entries", "closed_board_dance", "races", "bear_offs",
                      "no_move"):
        assert seen[situation] > 0, f"the sample has no {situation}: {seen}"


def test_sample_agrees_with_gnubg() -> None:
    boards, dice = mixed_sample(seed=2026, n=3000)
    _assert_covered(_compare(boards, dice))


@pytest.mark.slow
def test_large_sample_agrees_with_gnubg() -> None:
    total: dict[str, int] = {}
    for seed in range(4):
        boards, dice = mixed_sample(seed=100 + seed, n=6000)
        for key, value in _compare(boards, dice).items():
            total[key] = total.get(key, 0) + value
    _assert_covered(total)


def test_selfplay_is_reproducible() -> None:
    first = random_game_positions(5, 500)
    second = random_game_positions(5, 500)
    assert np.array_equal(first[0], second[0]) and np.array_equal(first[1], second[1])
    assert not np.array_equal(first[0], random_game_positions(6, 500)[0])


def test_batch_matches_single_generation() -> None:
    from engine.variants import get_variant

    boards, dice = random_game_positions(9, 300)
    counts, results = batch_generate(boards, dice)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    variant = get_variant("backgammon")
    for i in range(len(boards)):
        single = variant.generate(boards[i], int(dice[i, 0]), int(dice[i, 1]))
        assert np.array_equal(single.boards, results[offsets[i]:offsets[i + 1]])


# --- positions self-play rarely reaches ------------------------------------------------

def _place(rng: np.random.Generator, board: np.ndarray, side: int, count: int,
           indices: list[int]) -> None:
    """Put ``count`` checkers of ``side`` on random ``indices`` (24 = bar), never on a
    point the other side holds."""
    for _ in range(count):
        free = [i for i in indices if i == 24 or board[1 - side, 23 - i] == 0]
        board[side, free[int(rng.integers(len(free)))]] += 1


def odd_positions(seed: int, n: int) -> np.ndarray:
    """Random valid boards, not from games: any spread with bar and borne-off counts,
    bear-offs against back checkers, closed boards with checkers on the bar, many on the
    bar, and tiny endings."""
    rng = np.random.default_rng(seed)
    boards = np.zeros((n, 2, 25), dtype=np.int8)
    for k in range(n):
        board = boards[k]
        kind = k % 5
        if kind == 0:  # anything: bar and borne-off counts for both sides
            for side in (1, 0):
                off = int(rng.choice([0, 0, int(rng.integers(0, 15))]))
                bar = min(int(rng.choice([0, 0, 1, 2, int(rng.integers(0, 6))])), 15 - off)
                board[side, 24] = bar
                _place(rng, board, side, 15 - off - bar, list(range(24)))
        elif kind == 1:  # bear-off, the opponent's back checkers in the mover's home
            _place(rng, board, 1, int(rng.integers(1, 16)), list(range(int(rng.integers(1, 7)))))
            _place(rng, board, 0, int(rng.integers(1, 16)), list(range(18, 24)) + list(range(6)))
        elif kind == 2:  # a closed or nearly closed board, checkers on the bar
            for index in rng.permutation(6)[: int(rng.integers(4, 7))]:
                board[0, index] = 2
            _place(rng, board, 0, 15 - int(board[0].sum()) - int(rng.integers(0, 3)),
                   list(range(24)))
            board[1, 24] = int(rng.integers(1, 5))
            _place(rng, board, 1, 15 - int(board[1, 24]), list(range(24)))
        elif kind == 3:  # many on the bar
            board[1, 24] = int(rng.integers(2, 16))
            _place(rng, board, 1, 15 - int(board[1, 24]), list(range(24)))
            _place(rng, board, 0, int(rng.integers(5, 16)), list(range(25)))
        else:  # a few checkers each, anywhere
            for side in (1, 0):
                _place(rng, board, side, int(rng.integers(1, 4)), list(range(25)))
    return boards


def test_odd_positions_with_every_roll_agree_with_gnubg() -> None:
    """300 unusual positions x all 21 rolls (the scale check ran 288,000 such requests)."""
    boards = odd_positions(seed=5, n=300)
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    every = np.repeat(boards, len(rolls), axis=0)
    dice = np.tile(np.array(rolls, dtype=np.int64), (len(boards), 1))
    _compare(every, dice)


def test_a_side_with_no_checkers_left_has_no_move() -> None:
    """gnubg-nn moves the other side's checkers here; the game is over, nothing moves."""
    from engine.plays import legal_plays
    from engine.position import Position

    board = np.zeros((2, 25), dtype=np.int8)
    board[0, 19], board[0, 17] = 2, 3
    for roll in ((6, 1), (2, 2)):
        assert legal_plays(Position(board), roll) == []
