"""The seeded self-play sample: reproducible, valid, and reaching the game's phases."""

from __future__ import annotations

import numpy as np

from engine.nardy.selfplay import block_drill, self_play
from engine.nardy.variant import NardyVariant


def test_same_seed_same_sample() -> None:
    first, second = self_play(300, seed=9), self_play(300, seed=9)
    assert np.array_equal(first.boards, second.boards)
    assert np.array_equal(first.dice, second.dice)
    assert not np.array_equal(first.boards, self_play(300, seed=10).boards)


def test_sample_positions_are_valid_and_varied() -> None:
    sample = self_play(1500, seed=4)
    variant = NardyVariant()
    for board in sample.boards:
        variant.validate(board)
    on_board = sample.boards[:, 1, :24].sum(axis=1)
    assert (sample.boards[:, 1, 23] == 15).any()  # openings
    assert (on_board < 15).any()  # bearing off under way
    assert (sample.dice[:, 0] == sample.dice[:, 1]).any()


def test_block_drills_are_valid() -> None:
    rng = np.random.default_rng(1)
    variant = NardyVariant()
    for _ in range(300):
        board = block_drill(rng)
        variant.validate(board)
        assert board[1, :24].sum() == 15 and board[0, :24].sum() == 15
