"""Position ID and Match ID encoders (match-play.md sections 7 and 8)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import PositionError
from engine.ids import (
    MatchKey,
    decode_match_id,
    decode_position_id,
    encode_match_id,
    encode_position_id,
    position_key,
)
from tests.engine.test_edge_cases import CASES


def _board(side_not_on_roll: dict[int, int], side_on_roll: dict[int, int]) -> np.ndarray:
    """A board from {point: count} dicts in each side's own numbering (25 = bar)."""
    board = np.zeros((2, 25), dtype=np.int8)
    for side, points in enumerate((side_not_on_roll, side_on_roll)):
        for point, count in points.items():
            board[side, point - 1] = count
    return board


START = {6: 5, 8: 3, 13: 5, 24: 2}


def test_start_position_worked_example() -> None:
    board = _board(START, START)
    assert position_key(board).to_bytes(10, "little").hex(" ").upper() == (
        "E0 73 F0 01 30 E0 73 F0 01 30")
    assert encode_position_id(board) == "4HPwATDgc/ABMA"
    assert np.array_equal(decode_position_id("4HPwATDgc/ABMA"), board)


def test_order_matters_worked_example() -> None:
    moved = {6: 5, 8: 3, 11: 1, 13: 4, 18: 1, 24: 1}
    board = _board(moved, START)
    assert position_key(board).to_bytes(10, "little").hex(" ").upper() == (
        "E0 73 E4 41 20 E0 73 F0 01 30")
    assert encode_position_id(board) == "4HPkQSDgc/ABMA"
    assert encode_position_id(board[::-1].copy()) != "4HPkQSDgc/ABMA"


def test_nardy_start_and_empty_board() -> None:
    nardy = _board({24: 15}, {24: 15})
    assert encode_position_id(nardy) == "AACA/z8AAID/Pw"
    assert np.array_equal(decode_position_id("AACA/z8AAID/Pw", "nardy"), nardy)
    empty = np.zeros((2, 25), dtype=np.int8)
    assert encode_position_id(empty) == "AAAAAAAAAAAAAA"
    assert np.array_equal(decode_position_id("AAAAAAAAAAAAAA"), empty)


@pytest.mark.parametrize("pid", sorted({case.pid for case in CASES}))
def test_edge_case_ids_round_trip(pid: str) -> None:
    assert encode_position_id(decode_position_id(pid)) == pid


def test_edge_case_b2_decodes_to_the_listed_points() -> None:
    board = decode_position_id("eO8DABj/P4AAAA")
    # X (on roll): 10:1 1:14; O in X's numbering 2:2 19:5 20:4 21:4 -> O's own 23, 6, 5, 4
    assert np.array_equal(board, _board({23: 2, 6: 5, 5: 4, 4: 4}, {10: 1, 1: 14}))


@st.composite
def boards(draw: st.DrawFn) -> np.ndarray:
    board = np.zeros((2, 25), dtype=np.int8)
    for side in (1, 0):
        for index in draw(st.lists(st.integers(0, 24), max_size=15)):
            facing = 23 - index
            if index < 24 and board[1 - side, facing]:
                continue
            board[side, index] += 1
    return board


@given(boards())
def test_position_id_round_trip(board: np.ndarray) -> None:
    pid = encode_position_id(board)
    assert len(pid) == 14
    assert np.array_equal(decode_position_id(pid), board)


def _id_from_bits(bits: str) -> str:
    """A Position ID whose bit string (before padding) is ``bits``."""
    key = int(bits[::-1], 2) if bits else 0
    return __import__("base64").b64encode(key.to_bytes(10, "little"))[:14].decode()


@pytest.mark.parametrize(
    ("pid", "code", "words"),
    [
        ("4HPwATDgc/ABM", "bad_position_id", "14 characters"),
        ("4HPwATDgc/ABMAA", "bad_position_id", "14 characters"),
        ("4HPwATDgc/AB.A", "bad_position_id", "'.'"),
        ("4HPwATDgc/ABM=", "bad_position_id", "'='"),
        ("4HPwATDgc/ABMB", "bad_position_id", "past its end"),
        (_id_from_bits(("1" * 15 + "0") * 3), "bad_position_id", "cannot be read"),
        (_id_from_bits("11" + "0" * 50 + "0" * 27 + "1"), "bad_position_id",
         "after the last point"),
        (_id_from_bits("1" * 16 + "0" * 49), "too_many_checkers", "16 checkers on one point"),
        (_id_from_bits("1" * 8 + "0" + "1" * 8 + "0" * 49), "too_many_checkers",
         "16 checkers"),
    ],
)
def test_malformed_position_ids(pid: str, code: str, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        decode_position_id(pid)
    assert caught.value.code == code
    assert words in caught.value.message


def test_point_held_by_both_sides_is_rejected() -> None:
    board = _board({19: 1}, {6: 1})  # O's 19-point is X's 6-point
    with pytest.raises(PositionError) as caught:
        decode_position_id(encode_position_id(board))
    assert caught.value.code == "point_shared"


def test_too_many_checkers_for_one_side() -> None:
    board = _board({6: 14}, {6: 2})
    board[0, 0] = 2  # 16 checkers for the side not on roll
    with pytest.raises(PositionError) as caught:
        decode_position_id(encode_position_id(board))
    assert caught.value.code == "too_many_checkers"


MATCH_EXAMPLES = [
    ("QYkqASAAIAAE", MatchKey(cube_value=2, cube_owner=0, player_on_roll=1, game_state=1,
                              turn=1, dice=(5, 2), match_length=9, score=(2, 4))),
    ("sAGgAEAAEAAE", MatchKey(cube_value=1, cube_owner=None, player_on_roll=0, crawford=True,
                              game_state=1, turn=0, match_length=5, score=(4, 2))),
    ("cIlyAAAAAAAE", MatchKey(cube_value=1, cube_owner=None, player_on_roll=1, game_state=1,
                              turn=1, dice=(5, 4), match_length=3)),
    ("MgEAAAAAAAAA", MatchKey(cube_value=4, cube_owner=None, player_on_roll=0, game_state=1,
                              turn=0, match_length=0, jacoby=True)),
]


@pytest.mark.parametrize(("mid", "key"), MATCH_EXAMPLES, ids=[m for m, _ in MATCH_EXAMPLES])
def test_match_id_examples(mid: str, key: MatchKey) -> None:
    assert decode_match_id(mid) == key
    assert encode_match_id(key) == mid


def test_manual_66_bit_form_decodes_to_the_same_fields() -> None:
    assert decode_match_id("QYkqASAAIAAA") == decode_match_id("QYkqASAAIAAE")
    key = decode_match_id("QYkqASAAIAAA")
    raw = __import__("base64").b64decode("QYkqASAAIAAA")
    assert raw.hex(" ").upper() == "41 89 2A 01 20 00 20 00 00"
    assert key.cube_value == 2 and key.dice == (5, 2) and key.score == (2, 4)


@given(
    st.builds(
        MatchKey,
        cube_value=st.sampled_from([1 << k for k in range(16)]),
        cube_owner=st.sampled_from([None, 0, 1]),
        player_on_roll=st.integers(0, 1),
        crawford=st.booleans(),
        game_state=st.integers(0, 4),
        turn=st.integers(0, 1),
        doubled=st.booleans(),
        resignation=st.integers(0, 3),
        dice=st.sampled_from([(0, 0)] + [(a, b) for a in range(1, 7) for b in range(1, 7)]),
        match_length=st.integers(1, 32767),
        score=st.tuples(st.integers(0, 32767), st.integers(0, 32767)),
    )
)
def test_match_id_round_trip(key: MatchKey) -> None:
    mid = encode_match_id(key)
    assert len(mid) == 12
    assert decode_match_id(mid) == key


@pytest.mark.parametrize(
    "mid", ["QYkqASAAIAA", "QYkqASAAIAAEE", "QYkqASAA!AAE", "QYkqASAAIAAI", "cIlyAAAAAAA/"]
)
def test_malformed_match_ids(mid: str) -> None:
    with pytest.raises(PositionError) as caught:
        decode_match_id(mid)
    assert caught.value.code == "bad_match_id"


def test_match_key_rejects_impossible_fields() -> None:
    for bad in ({"cube_value": 3}, {"dice": (0, 4)}, {"dice": (7, 1)}, {"game_state": 5},
                {"cube_owner": 2}, {"score": (-1, 0)}):
        with pytest.raises(PositionError):
            MatchKey(**bad)  # type: ignore[arg-type]


def test_encode_position_ids_agrees_with_one_at_a_time() -> None:
    from engine.backgammon.selfplay import mixed_sample
    from engine.batch import batch_generate
    from engine.ids import encode_position_ids

    boards, dice = mixed_sample(seed=31, n=400)
    _counts, results = batch_generate(boards, dice)
    rng = np.random.default_rng(4)
    odd = np.zeros((300, 2, 25), dtype=np.int8)  # 0 to 30 checkers anywhere
    for board in odd:
        for side in (0, 1):
            for _ in range(int(rng.integers(0, 16))):
                board[side, int(rng.integers(0, 25))] += 1
    for sample in (results, odd, boards, results[:1]):
        assert encode_position_ids(sample) == [encode_position_id(b) for b in sample]
    assert encode_position_ids(results[:0]) == []
