"""Invariants of every generated play on random valid positions (hypothesis)."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.nardy.rules import NardyRules
from engine.nardy.selfplay import self_play
from engine.nardy.variant import NardyVariant
from tests.engine.nardy.reference import block_is_legal, from_board, legal_results


def _spread(draw, total: int, points: list[int]) -> dict[int, int]:
    chosen = draw(st.lists(st.sampled_from(points), min_size=1, max_size=8, unique=True))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(chosen) - 1,
                                max_size=len(chosen) - 1)))
    sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    return {p: n for p, n in zip(chosen, sizes) if n}


@st.composite
def positions(draw) -> np.ndarray:
    """A valid board: the mover first, then the opponent on points the mover leaves free;
    a side that has borne off checkers has the rest in its home."""
    board = np.zeros((2, 25), dtype=np.int8)
    for side in (1, 0):
        open_points = [i for i in range(24) if side == 1 or not board[1, (i + 12) % 24]]
        off = draw(st.sampled_from([0, 0, 0, 1, 5, 14]))
        home = [i for i in open_points if i < 6]
        if off and home:
            open_points = home
        else:
            off = 0
        for index, count in _spread(draw, 15 - off, open_points).items():
            board[side, index] = count
    return board


dice_pairs = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _replays(variant: NardyVariant, before: np.ndarray, steps: list[tuple[int, int]],
             dice: tuple[int, int]) -> np.ndarray | None:
    """The board after the steps when some assignment of the dice makes each step legal."""
    count = len(steps)
    pool = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    for order in set(itertools.permutations(pool, count)):
        board = before
        for die, (src, dst) in zip(order, steps):
            if variant.step_error(board, die, src, dst) is not None:
                break
            board = variant.apply_step(board, src, dst)
        else:
            return board
    return None


@settings(max_examples=300, deadline=None)
@given(positions(), dice_pairs)
def test_every_play_keeps_the_rules(board: np.ndarray, dice: tuple[int, int]) -> None:
    check_invariants(board, dice)


def test_self_play_positions_keep_the_rules() -> None:
    sample = self_play(500, seed=3)
    for board, dice in zip(sample.boards, sample.dice):
        check_invariants(board, (int(dice[0]), int(dice[1])))


def check_invariants(board: np.ndarray, dice: tuple[int, int]) -> None:
    variant = NardyVariant()
    variant.validate(board)
    plays = variant.generate(board, *dice)
    if len(plays.nsteps):
        assert len(set(plays.nsteps.tolist())) == 1  # every play uses the same dice count
    first_turn_exception = dice[0] == dice[1] and dice[0] in (3, 4, 6) and board[1, 23] == 15
    for after, raw_steps, nsteps in zip(plays.boards, plays.steps, plays.nsteps):
        steps = [tuple(int(x) for x in step) for step in raw_steps[:nsteps]]
        assert (raw_steps[nsteps:] == -1).all()
        variant.validate(after)  # no point shared, nothing on the bar
        assert (after[0] == board[0]).all()  # the opponent never moves
        borne = sum(1 for _src, dst in steps if dst == 0)
        assert int(board[1].sum()) - int(after[1].sum()) == borne  # conservation
        from_head = sum(1 for src, _dst in steps if src == 24)
        assert from_head <= (2 if first_turn_exception else 1)
        mine, theirs = from_board(after)
        assert block_is_legal(mine, theirs, "ahead")
        replayed = _replays(variant, board, steps, dice)
        assert replayed is not None and (replayed == after).all()
        assert variant.turn_error(board, after, steps, dice) is None


@settings(max_examples=100, deadline=None)
@given(positions())
def test_generated_positions_are_valid(board: np.ndarray) -> None:
    NardyVariant().validate(board)


@settings(max_examples=300, deadline=None)
@given(positions(), dice_pairs, st.sampled_from(["ahead", "home", "off"]))
def test_random_positions_match_the_reference(board: np.ndarray, dice: tuple[int, int],
                                              regulation: str) -> None:
    variant = NardyVariant(NardyRules(block_rule=regulation))
    found = {(0,) + tuple(int(x) for x in b[1, :24]) for b in variant.generate(board, *dice).boards}
    assert found == legal_results(board, dice[0], dice[1], regulation)
