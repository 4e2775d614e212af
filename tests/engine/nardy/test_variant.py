"""NardyVariant: bad input, single-step and whole-turn verdicts, results (R1-R8)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.errors import DiceError, PositionError
from engine.nardy.rules import NardyRules
from engine.nardy.variant import NardyVariant
from tests.engine.nardy.helpers import decode, play

START = "AACA/z8AAID/Pw"


def board_of(mover: dict[int, int], opponent: dict[int, int]) -> np.ndarray:
    """A board from {point: count} in each side's own numbering (25 = the bar)."""
    board = np.zeros((2, 25), dtype=np.int8)
    for side, checkers in ((1, mover), (0, opponent)):
        for point, count in checkers.items():
            board[side, point - 1] = count
    return board


# --- impossible positions -----------------------------------------------------------

@pytest.mark.parametrize("board, code", [
    (board_of({24: 16}, {24: 15}), "too_many_checkers"),
    (board_of({24: 15}, {24: 14, 1: 2}), "too_many_checkers"),
    (board_of({24: 14, 25: 1}, {24: 15}), "checker_on_bar"),
    (board_of({24: 15, 1: -1}, {24: 15}), "negative_count"),
    (board_of({24: 14, 12: 1}, {24: 15}), "point_shared"),  # my 12 is their 24
    (board_of({24: 14, 1: 1}, {24: 14, 13: 1}), "point_shared"),  # my 1 is their 13
    (board_of({24: 10, 3: 2}, {24: 15}), "borne_off_not_home"),
    (np.zeros((2, 24), dtype=np.int8), "bad_board"),
])
def test_impossible_positions(board: np.ndarray, code: str) -> None:
    with pytest.raises(PositionError) as caught:
        NardyVariant().validate(board)
    assert caught.value.code == code
    assert caught.value.message.endswith(".")


def test_backgammon_mirror_is_not_a_shared_point() -> None:
    """My 1-point faces their 13-point, not their 24-point (unlike backgammon)."""
    NardyVariant().validate(board_of({24: 14, 1: 1}, {24: 15}))


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (2, 9)])
def test_bad_dice(dice: tuple[int, int]) -> None:
    with pytest.raises(DiceError):
        NardyVariant().generate(decode(START), *dice)


def test_bad_block_rule_option() -> None:
    with pytest.raises(ValueError):
        NardyRules(block_rule="strict")


# --- single steps -------------------------------------------------------------------

@pytest.mark.parametrize("pid, die, src, dst, code", [
    (START, 6, 25, 19, "no_bar"),
    (START, 6, 13, 7, "no_such_checker"),
    (START, 6, 24, 17, "wrong_distance"),
    ("IgAA/j8AAAj/Pw", 3, 20, 17, "point_occupied"),  # N11: one checker blocks
    (START, 6, 18, 12, "no_such_checker"),
    ("vu8DAAB2dycAAA", 6, 6, 0, "bear_off_not_all_home"),  # N24 before 8/2
    ("vu8DAABPbgAAAA", 5, 3, 0, "bear_off_higher_point"),  # N22: 6 and 5 occupied
    ("vu8DAABPbgAAAA", 5, 5, 1, "wrong_distance"),
])
def test_step_errors(pid: str, die: int, src: int, dst: int, code: str) -> None:
    problem = NardyVariant().step_error(decode(pid), die, src, dst)
    assert problem is not None and problem[0] == code
    assert problem[1].endswith(".")


@pytest.mark.parametrize("pid, die, src, dst", [
    (START, 6, 24, 18),
    ("vu8DAABWAAAAAA", 6, 4, 0),  # N23: highest point
    ("vu8DAABPbgAAAA", 6, 6, 0),
    ("vu8DAABPbgAAAA", 5, 6, 1),  # moving inside the home
])
def test_legal_steps(pid: str, die: int, src: int, dst: int) -> None:
    assert NardyVariant().step_error(decode(pid), die, src, dst) is None


def test_point_occupied_on_opponents_head() -> None:
    board = decode("AAAG/j8AAAb+Pw")  # N9
    problem = NardyVariant().step_error(board, 6, 18, 12)
    assert problem is not None and problem[0] == "point_occupied"


# --- whole turns --------------------------------------------------------------------

def test_head_limit_verdict() -> None:
    after = decode(play(START, "24/18 24/19"))  # N5's illegal play
    problem = NardyVariant().turn_error(decode(START), after, [(24, 18), (24, 19)], (6, 5))
    assert problem is not None and problem[0] == "head_limit"
    assert "one checker" in problem[1]


def test_head_limit_three_on_first_turn() -> None:
    steps = [(24, 21), (24, 21), (24, 21), (21, 18)]
    after = decode(play(START, "24/21(2) 24/18"))
    problem = NardyVariant().turn_error(decode(START), after, steps, (3, 3))
    assert problem is not None and problem[0] == "head_limit" and "two" in problem[1]
    assert NardyVariant().turn_error(decode(START), decode(play(START, "24/18(2)")),
                                     [(24, 21), (24, 21), (21, 18), (21, 18)], (3, 3)) is None


def test_six_block_verdict() -> None:
    pid = "AABw9j/YtgkAPA"  # N16
    after = decode(play(pid, "10/4 4/3"))
    problem = NardyVariant().turn_error(decode(pid), after, [(10, 4), (4, 3)], (6, 1))
    assert problem is not None and problem[0] == "six_block"
    assert "8, 7, 6, 5, 4, 3" in problem[1] or "3, 4, 5, 6, 7, 8" in problem[1]
    home = NardyVariant(NardyRules(block_rule="home")).turn_error(
        decode(pid), after, [(10, 4), (4, 3)], (6, 1))
    assert home is not None and "home" in home[1]
    assert NardyVariant(NardyRules(block_rule="off")).turn_error(
        decode(pid), after, [(10, 4), (4, 3)], (6, 1)) is None


# --- results (section 9, R1-R8) -----------------------------------------------------

def test_r1_oin() -> None:
    assert NardyVariant().outcome(board_of({}, {1: 12})) == "oin"


def test_r2_mars_all_home() -> None:
    board = board_of({}, {1: 10, 6: 5})
    assert NardyVariant().outcome(board) == "mars"
    assert NardyVariant(NardyRules(koks=True)).outcome(board) == "mars"


def test_r3_koks_only_with_the_option() -> None:
    board = board_of({}, {1: 14, 21: 1})
    assert NardyVariant().outcome(board) == "mars"
    assert NardyVariant(NardyRules(koks=True)).outcome(board) == "koks"


def test_r4_black_finishes_first() -> None:
    board = board_of({5: 13, 24: 2}, {})  # White on roll next; Black (row 0) has finished
    assert NardyVariant().outcome(board[::-1]) == "mars"
    assert NardyVariant(NardyRules(koks=True)).outcome(board[::-1]) == "koks"


def test_no_result_while_both_play() -> None:
    assert NardyVariant().outcome(decode(START)) is None


def test_r5_last_roll_draw() -> None:
    variant = NardyVariant(NardyRules(last_roll=True))
    white_done = board_of({}, {1: 2})
    assert variant.extra_turn(white_done, mover_moved_first=True)
    plays = variant.generate(white_done[::-1].copy(), 3, 1)
    assert len(plays.boards) == 1
    assert variant.outcome(plays.boards[0]) == "draw"


def test_r6_result_after_the_extra_turn() -> None:
    variant = NardyVariant(NardyRules(last_roll=True))
    white_done = board_of({}, {6: 4, 5: 6, 1: 5})
    assert variant.extra_turn(white_done, mover_moved_first=True)
    plays = variant.generate(white_done[::-1].copy(), 6, 6)
    assert len(plays.boards) == 1 and plays.boards[0][1].sum() == 11
    assert variant.outcome(plays.boards[0]) == "oin"


def test_r7_no_extra_turn_without_the_option() -> None:
    white_done = board_of({}, {6: 4, 5: 6, 1: 5})
    assert not NardyVariant().extra_turn(white_done, mover_moved_first=True)
    assert NardyVariant().outcome(white_done) == "mars"


def test_r8_black_first_ends_the_game() -> None:
    variant = NardyVariant(NardyRules(last_roll=True))
    black_done = board_of({}, {3: 10})  # Black just finished, White borne off 5
    assert not variant.extra_turn(black_done, mover_moved_first=False)
    assert variant.outcome(black_done) == "oin"


def test_pip_counts_of_the_start() -> None:
    assert NardyVariant().pip_counts(decode(START)) == (360, 360)
