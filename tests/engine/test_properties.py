"""Invariants of the move generator on arbitrary positions (hypothesis)."""

from __future__ import annotations

from itertools import permutations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.plays import legal_plays
from engine.position import Position
from engine.variants import get_variant

WEIGHTS = np.arange(1, 26)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any valid backgammon position: up to 15 checkers a side, no shared point."""
    board = np.zeros((2, 25), dtype=np.int8)
    home_only = draw(st.booleans())  # bear-off positions are rare otherwise
    for side in (1, 0):
        top = 5 if home_only and side == 1 else 24
        for index in draw(st.lists(st.integers(0, top), max_size=15)):
            if index < 24 and board[1 - side, 23 - index]:
                continue
            board[side, index] += 1
    return Position(board)


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _dice_fit(distances: list[tuple[int, bool]], roll: tuple[int, int]) -> bool:
    """Can the steps' distances be matched with dice of the roll (a bear-off may use a
    larger die than the distance)?"""
    pool = list(roll) * (2 if roll[0] == roll[1] else 1)
    for chosen in permutations(pool, len(distances)):
        if all(d == die or (off and d < die) for (d, off), die in zip(distances, chosen)):
            return True
    return False


@settings(deadline=None, max_examples=300)
@given(positions(), dice_rolls)
def test_play_invariants(position: Position, roll: tuple[int, int]) -> None:
    before = position.board.astype(int)
    plays = legal_plays(position, roll)
    variant = get_variant("backgammon")
    results = {play.result.tobytes() for play in plays}
    assert len(results) == len(plays), "one play per resulting position"
    assert len({play.dice_used for play in plays}) <= 1, "every play uses the most dice"
    for play in plays:
        after = play.result.astype(int)
        # checkers are conserved: the opponent keeps all; the mover's only leave by bearing off
        borne_off = sum(1 for _src, dst in play.steps if dst == 0)
        assert after[0].sum() == before[0].sum()
        assert after[1].sum() == before[1].sum() - borne_off
        # no point is shared, no count negative
        assert (after >= 0).all()
        assert not ((after[1, :24] > 0) & (after[0, 23::-1] > 0)).any()
        # pips: the mover's drop is the distance of its steps, each matching a die
        distances = [(src - dst, dst == 0) for src, dst in play.steps]
        assert before[1] @ WEIGHTS - after[1] @ WEIGHTS == sum(d for d, _ in distances)
        assert _dice_fit(distances, roll)
        # the opponent's pips grow exactly by what its hit checkers lose
        hit_points = np.nonzero(before[0, :24] > after[0, :24])[0]
        assert after[0, 24] - before[0, 24] == len(hit_points)
        assert after[0] @ WEIGHTS - before[0] @ WEIGHTS == sum(25 - (j + 1) for j in hit_points)
        # the steps, replayed one by one with the single-step rules, give the result
        board = position.board
        for src, dst in play.steps:
            die = next(d for d in sorted(set(roll)) if src - dst == d or dst == 0
                       and src - dst < d and variant.step_error(board, d, src, dst) is None)
            assert variant.step_error(board, die, src, dst) is None
            board = variant.apply_step(board, src, dst)
        assert np.array_equal(board, play.result)


@settings(deadline=None, max_examples=200)
@given(positions(), dice_rolls)
def test_no_play_means_no_single_step(position: Position, roll: tuple[int, int]) -> None:
    """When the list is empty, no die can move any checker at all."""
    if legal_plays(position, roll):
        return
    variant = get_variant("backgammon")
    for die in set(roll):
        for src in range(1, 26):
            dst = max(src - die, 0)
            assert variant.step_error(position.board, die, src, dst) is not None


@settings(deadline=None, max_examples=150)
@given(positions(), dice_rolls)
def test_every_listed_play_is_ruled_legal(position: Position, roll: tuple[int, int]) -> None:
    """Format -> parse -> resolve gives each play back, and check_play accepts it."""
    from engine.verdicts import check_play

    for play in legal_plays(position, roll)[:12]:
        verdict = check_play(position, roll, play.notation)
        assert verdict.legal, (play.notation, verdict.reason)
        assert verdict.play == play
