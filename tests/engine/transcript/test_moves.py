"""One transcript cell's play against the engine (engine/transcript/moves.py)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.transcript.moves import check_move, parse_steps
from engine.variants import get_variant

BACKGAMMON = get_variant("backgammon")
NARDY = get_variant("nardy")


def blocked_eighteen() -> np.ndarray:
    """X (on roll) has the starting checkers; O holds X's 18-point, X's 19 is open."""
    board = np.zeros((2, 25), dtype=np.int8)
    board[1, [23, 12, 7, 5]] = [2, 5, 3, 5]
    board[0, [6, 12, 23, 7, 1]] = [2, 4, 2, 2, 5]
    BACKGAMMON.validate(board)
    return board


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("13/8 24/22", ((13, 8), (24, 22))),
        ("25/22* 6/0", ((25, 22), (6, 0))),
        ("", ()),
        ("24/13", ((24, 13),)),  # a combined move: expanded later, by the engine
        ("24/18/13", None),  # not the GNU Backgammon form: left to the engine's reader
        ("bar/22", None),
        ("26/20", None),
    ],
)
def test_plain_steps(text: str, steps) -> None:
    assert parse_steps(text) == steps


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        ((3, 1), "8/5 6/5"),
        ((5, 2), "13/8 8/6"),
        ((5, 2), "13/6"),
        ((1, 1), "6/5(2) 8/7(2)"),
        ((6, 5), "24/13"),
        ((6, 5), "24/18/13"),
    ],
)
def test_legal_plays_from_the_start(dice: tuple[int, int], text: str) -> None:
    board = BACKGAMMON.start_board()
    result = check_move(BACKGAMMON, board, dice, text)
    assert result.legal
    legal = BACKGAMMON.generate(board, *dice).boards
    assert any(np.array_equal(result.board, row) for row in legal)


@pytest.mark.parametrize(
    ("board", "dice", "text", "code"),
    [
        (
            BACKGAMMON.start_board(),
            (5, 2),
            "13/9 9/6",
            "wrong_distance",
        ),  # lands right, no die is 4
        (BACKGAMMON.start_board(), (6, 5), "", "must_move"),
        (BACKGAMMON.start_board(), (6, 5), "12/6 12/7", "no_such_checker"),
        (blocked_eighteen(), (6, 5), "24/18 18/13", "point_blocked"),  # the written route
        (blocked_eighteen(), (6, 5), "24/18", "point_blocked"),
        (NARDY.start_board(), (5, 2), "24/22* 22/17", "hit_in_nardy"),
        (NARDY.start_board(), (5, 2), "24/22 24/19", "head_limit"),
    ],
)
def test_illegal_plays(board: np.ndarray, dice: tuple[int, int], text: str, code: str) -> None:
    variant = NARDY if board[1, 23] == 15 and board[0, 23] == 15 else BACKGAMMON
    result = check_move(variant, board, dice, text)
    assert not result.legal
    assert result.code == code
    assert result.reason and not result.reason.startswith("Illegal")


def test_the_open_route_is_legal_where_the_written_one_is_blocked() -> None:
    board = blocked_eighteen()
    assert check_move(BACKGAMMON, board, (6, 5), "24/19 19/13").legal
    assert check_move(BACKGAMMON, board, (6, 5), "24/13").legal  # expanded via the 19
