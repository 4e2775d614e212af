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
