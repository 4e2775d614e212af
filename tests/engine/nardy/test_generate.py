"""The generator's buffers: results do not depend on the workspace or output sizes."""

from __future__ import annotations

import threading

from engine.nardy import generate
from engine.nardy.movegen import Workspace
from engine.nardy.selfplay import self_play


def _result_sets(batch: generate.BatchPlays, count: int) -> list[set[bytes]]:
    return [{board.tobytes() for board in batch.boards[batch.offsets[k]:batch.offsets[k + 1]]}
            for k in range(count)]


def test_tiny_workspace_grows_and_agrees() -> None:
    sample = self_play(400, seed=21)
    expected = _result_sets(generate.generate_batch(sample.boards, sample.dice, 1), 400)
    generate._local.work = Workspace(capacity=2)  # every position with 3+ plays overflows
    try:
        grown = generate.generate_batch(sample.boards, sample.dice, 1)
        assert _result_sets(grown, 400) == expected
        generate._local.work = Workspace(capacity=2)
        for k in range(0, 400, 13):
            single = generate.generate_plays(sample.boards[k], int(sample.dice[k, 0]),
                                             int(sample.dice[k, 1]), 1)
            assert {board.tobytes() for board in single.boards} == expected[k]
    finally:
        generate._local.work = Workspace()


def test_stamp_reset_keeps_results() -> None:
    sample = self_play(50, seed=22)
    expected = _result_sets(generate.generate_batch(sample.boards, sample.dice, 1), 50)
    work = generate._workspace()
    work.stamp[0] = generate._STAMP_LIMIT - 10  # the batch crosses the limit
    assert _result_sets(generate.generate_batch(sample.boards, sample.dice, 1), 50) == expected
    assert _result_sets(generate.generate_batch(sample.boards, sample.dice, 1), 50) == expected


def test_threads_do_not_share_a_workspace() -> None:
    sample = self_play(300, seed=23)
    expected = _result_sets(generate.generate_batch(sample.boards, sample.dice, 1), 300)
    failures: list[int] = []

    def work() -> None:
        for k in range(300):
            plays = generate.generate_plays(sample.boards[k], int(sample.dice[k, 0]),
                                            int(sample.dice[k, 1]), 1)
            if {board.tobytes() for board in plays.boards} != expected[k]:
                failures.append(k)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
