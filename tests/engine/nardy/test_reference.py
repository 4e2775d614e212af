"""The compiled generator against the plain-Python reference, on seeded self-play.

The sets of resulting boards must be identical. The default run compares a couple of
thousand positions; the ``slow`` run (``--runslow`` or NARDY_RUNSLOW=1, handled by
tests/engine/conftest.py) compares 12,000.
Both assert that the sample holds bear-offs and positions where the block rule bites.
"""

from __future__ import annotations

import pytest

from engine.nardy.generate import generate_batch
from engine.nardy.rules import NardyRules
from engine.nardy.selfplay import self_play
from tests.engine.nardy.reference import legal_results


def compare(count: int, seed: int, block_rule: str) -> dict[str, int]:
    sample = self_play(count, seed)
    batch = generate_batch(sample.boards, sample.dice, NardyRules(block_rule=block_rule).block_code)
    seen = {"bear_off": 0, "block_bites": 0, "no_move": 0, "mismatch": 0}
    for k, (board, dice) in enumerate(zip(sample.boards, sample.dice)):
        d1, d2 = int(dice[0]), int(dice[1])
        rows = batch.boards[batch.offsets[k]:batch.offsets[k + 1], 1, :24]
        kernel = {(0,) + tuple(int(x) for x in row) for row in rows}
        assert len(kernel) == rows.shape[0], "a resulting board is listed twice"
        expected = legal_results(board, d1, d2, block_rule)
        if kernel != expected:
            seen["mismatch"] += 1
            pytest.fail(f"position {board.tolist()} dice {d1}-{d2}: kernel has "
                        f"{sorted(kernel - expected)[:3]} extra, misses {sorted(expected - kernel)[:3]}")
        if not kernel:
            seen["no_move"] += 1
        if any(row.sum() < board[1, :24].sum() for row in rows):
            seen["bear_off"] += 1
        if legal_results(board, d1, d2, "off") != expected:
            seen["block_bites"] += 1
    return seen


def test_matches_reference_default_sample() -> None:
    seen = compare(2000, seed=20261121, block_rule="ahead")
    assert seen["bear_off"] >= 50
    assert seen["block_bites"] >= 20
    assert seen["no_move"] >= 1


def test_matches_reference_home_regulation() -> None:
    seen = compare(600, seed=7, block_rule="home")
    assert seen["block_bites"] >= 5


@pytest.mark.slow
def test_matches_reference_large_sample() -> None:
    seen = compare(12000, seed=1, block_rule="ahead")
    assert seen["bear_off"] >= 300
    assert seen["block_bites"] >= 100
    seen = compare(4000, seed=2, block_rule="home")
    assert seen["block_bites"] >= 30
