"""Position: construction, validation, IDs, immutability, equality, outcomes."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from engine.errors import EngineError, PositionError
from engine.outcomes import multiplier, points
from engine.position import Position
from engine.variants import get_variant


def test_start_position() -> None:
    start = Position.start()
    assert start.id == "4HPwATDgc/ABMA"
    assert start.pip_counts == (167, 167)
    assert start.variant == "backgammon"
    assert start == Position.from_id("4HPwATDgc/ABMA")
    assert hash(start) == hash(Position.from_id("4HPwATDgc/ABMA"))


def test_board_is_read_only_and_position_immutable() -> None:
    position = Position.start()
    with pytest.raises(ValueError):
        position.board[1, 5] = 0
    with pytest.raises(AttributeError):
        position.variant = "nardy"  # type: ignore[misc]
    source = Position.start().board.copy()
    built = Position(source)
    source[1, 5] = 0
    assert built.board[1, 5] == 5, "the constructor copies the board"


def test_swapped_and_pickling() -> None:
    position = Position.from_id("4HPkQSDgc/ABMA")
    swapped = position.swapped()
    assert np.array_equal(swapped.board, position.board[::-1])
    assert swapped.swapped() == position
    assert pickle.loads(pickle.dumps(position)) == position


def test_pip_counts_count_the_bar_as_25() -> None:
    position = Position.from_id("4HPwATDgc/ABUA")  # X: bar 1, 24:1, 13:5, 8:3, 6:5
    assert position.pip_counts == (167, 25 + 24 + 65 + 24 + 30)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda b: b.__setitem__((1, 0), -1), "negative_count"),
        (lambda b: b.__setitem__((1, 0), 1) or b.__setitem__((1, 1), 15), "too_many_checkers"),
        (lambda b: b.__setitem__((1, 0), 1) or b.__setitem__((0, 23), 1), "point_shared"),
    ],
)
def test_impossible_positions(change, code: str) -> None:  # type: ignore[no-untyped-def]
    board = np.zeros((2, 25), dtype=np.int8)
    change(board)
    with pytest.raises(PositionError) as caught:
        Position(board)
    assert caught.value.code == code
    assert caught.value.message.endswith(".")


def test_bad_board_shape_and_unknown_variant() -> None:
    with pytest.raises(PositionError) as caught:
        Position(np.zeros((2, 24), dtype=np.int8))
    assert caught.value.code == "bad_board"
    with pytest.raises(EngineError) as unknown:
        Position.start("plakoto")
    assert unknown.value.code == "unknown_variant"


@pytest.mark.parametrize(
    ("loser", "result"),
    [
        ({6: 14}, "single"),
        ({6: 15}, "gammon"),
        ({6: 14, 20: 1}, "backgammon"),
        ({6: 14, 25: 1}, "backgammon"),
    ],
)
def test_outcome(loser: dict[int, int], result: str) -> None:
    board = np.zeros((2, 25), dtype=np.int8)
    for point, count in loser.items():
        board[0, point - 1] = count
    assert get_variant("backgammon").outcome(Position(board).board) == result


def test_game_not_over_has_no_outcome() -> None:
    assert get_variant("backgammon").outcome(Position.start().board) is None


def test_multipliers() -> None:
    assert [multiplier(r) for r in ("single", "gammon", "backgammon")] == [1, 2, 3]
    assert [multiplier(r, "nardy") for r in ("oin", "mars", "koks")] == [1, 2, 3]
    assert points("backgammon", cube=2) == 6  # case B30
    assert points("single", cube=2) == 2  # case B31
    with pytest.raises(EngineError):
        multiplier("draw")
