"""Helpers to compare the engine with GNU Backgammon's move generator (gnubg-nn)."""

from __future__ import annotations

import numpy as np

gnubg_nn = __import__("pytest").importorskip("gnubg_nn")


def gnubg_result_keys(board: np.ndarray, d1: int, d2: int) -> set[str]:
    """GNU Backgammon's resulting positions (as its position keys)."""
    return set(gnubg_nn.moves(board.tolist(), int(d1), int(d2)))


def engine_result_keys(results: np.ndarray) -> set[str]:
    return {gnubg_nn.key_of_board(board.tolist()) for board in results}


def categories(boards: np.ndarray, counts: np.ndarray, results: np.ndarray) -> dict[str, int]:
    """How many sample positions show each situation the sample must cover."""
    offsets = np.concatenate([[0], np.cumsum(counts)])
    mover, other = boards[:, 1], boards[:, 0]
    on_bar = mover[:, 24] > 0
    closed = (other[:, 0:6] >= 2).all(axis=1)  # every entry point held
    idx = np.arange(25)
    mover_back = np.where(mover > 0, idx, -1).max(axis=1)
    other_back = np.where(other[:, :24] > 0, idx[:24], -1).max(axis=1)
    race = (~on_bar) & (other[:, 24] == 0) & (mover_back < 23 - other_back) & (other_back >= 0)
    all_home = (mover[:, 6:].sum(axis=1) == 0) & (mover.sum(axis=1) > 0)
    hit = np.zeros(len(boards), dtype=bool)
    bore_off = np.zeros(len(boards), dtype=bool)
    for i in range(len(boards)):
        chunk = results[offsets[i]:offsets[i + 1]]
        if len(chunk):
            hit[i] = (chunk[:, 0, 24] > boards[i, 0, 24]).any()
            bore_off[i] = (chunk[:, 1].sum(axis=1) < boards[i, 1].sum()).any()
    return {
        "hits": int(hit.sum()),
        "bar_entries": int((on_bar & (counts > 0)).sum()),
        "closed_board_dance": int((on_bar & closed & (counts == 0)).sum()),
        "races": int(race.sum()),
        "bear_offs": int((all_home & bore_off).sum()),
        "no_move": int((counts == 0).sum()),
    }
