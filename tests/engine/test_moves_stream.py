"""The ``moves`` command's compiled path writes exactly what the Python path writes.

``engine.moves_stream`` answers plain request lines inside compiled code (reading the
line, decoding the Position ID, generating, writing notation and Position IDs) and
leaves every other line to the Python path. These tests hold both paths to the same
bytes: on self-play positions of both variants, on request lines written in every way
JSON allows, and on the Position ID codec and notation writer alone.
"""

from __future__ import annotations

import json
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numba import njit

from engine.backgammon.selfplay import mixed_sample
from engine.cli import _slow_answer, slow_chunks
from engine.errors import EngineError
from engine.idcodec import decode_into, encode_into
from engine.ids import decode_position_id, encode_position_ids
from engine.moves_stream import answer_chunk
from engine.nardy.rules import NardyRules
from engine.nardy.selfplay import self_play
from engine.notation import format_playset
from engine.playtext import Scratch, write_play
from engine.variants import get_variant
from tests.engine.conftest import runslow

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def python_answers(data: bytes, variant: str = "backgammon", rules: object = None) -> bytes:
    return slow_chunks(_slow_answer(variant, rules, None))(data)


def compiled_answers(data: bytes, variant: str = "backgammon", rules: object = None) -> bytes:
    slow = _slow_answer(variant, rules, None)
    code = rules.block_code if rules is not None else 1  # type: ignore[attr-defined]
    return answer_chunk(data, variant == "nardy", code, slow)


def requests(ids: list[str], dice: np.ndarray) -> bytes:
    return b"".join(json.dumps({"id": k, "position": pid, "dice": roll}).encode() + b"\n"
                    for k, (pid, roll) in enumerate(zip(ids, dice.tolist())))


@pytest.mark.parametrize("variant", ["backgammon", "nardy"])
def test_self_play_positions_answered_byte_for_byte(variant: str,
                                                    request: pytest.FixtureRequest) -> None:
    # the Python answers take most of the time: 1,000 positions a game here, 3,000 in the
    # long run (--runslow)
    size = 3000 if runslow(request.config) else 1000
    if variant == "backgammon":
        boards, dice = mixed_sample(seed=44, n=size)
    else:
        sample = self_play(size, 44)
        boards, dice = sample.boards, sample.dice
    data = requests(encode_position_ids(boards), dice)
    assert compiled_answers(data, variant) == python_answers(data, variant)


@pytest.mark.parametrize("block_rule", ["off", "home"])
def test_nardy_block_regulations(block_rule: str) -> None:
    sample = self_play(1500, 45, rules=NardyRules(block_rule=block_rule))
    data = requests(encode_position_ids(sample.boards), sample.dice)
    rules = NardyRules(block_rule=block_rule)
    assert compiled_answers(data, "nardy", rules) == python_answers(data, "nardy", rules)


# --- request lines written in every way ------------------------------------------------

ids = st.one_of(
    st.integers(), st.integers(-10**20, 10**20), st.just(0), st.none(), st.booleans(),
    st.text(max_size=12), st.text(st.characters(min_codepoint=32, max_codepoint=126)),
    st.floats(allow_nan=False, allow_infinity=False), st.lists(st.integers(), max_size=2),
)
raw_ids = st.sampled_from(["-0", "0", "00", "-01", "1.0", "1e3", "1E3", "10", "-7",
                           "123456789012345678", "1234567890123456789", '"a\\"b"', '"\\u0041"',
                           '"\u00e9"', "nul", "nullx", "true ", "[1]", '"tab\there"'])
spaces = st.sampled_from(["", " ", "  ", "\t", "\r", "\n", " \r"])


@st.composite
def request_lines(draw: st.DrawFn, variant: str) -> bytes:
    if variant == "backgammon":
        pool = ["4HPwATDgc/ABMA", "4HPwQSDgc/ABMA", "uPcA2AD/PwAEAA", "//8AAAAAAAAAAA",
                "4HPwATDgc/ABMB", "4HPwATDgc/AB!A", "d9sOAADgc/ADQA", "+L4PAACOAgAAAA"]
    else:
        pool = ["AACA/z8AAID/Pw", "AAD4wz+3foEBAA", "AABw9j/YtgkAPA", "CAAA/z8AAID/Pw",
                "vu8DAAB2dycAAA", "4HPwATDgc/ABMA", "AACA/z8AAID/Pw=", "AAAA"]
    fields: list[tuple[str, str]] = []
    if draw(st.integers(0, 9)):
        ident = draw(st.one_of(ids.map(json.dumps), raw_ids))
        fields.append(("id", ident))
    if draw(st.integers(0, 9)):
        fields.append(("position", json.dumps(draw(st.sampled_from(pool)))))
    if draw(st.integers(0, 9)):
        dice = draw(st.one_of(
            st.tuples(st.integers(1, 6), st.integers(1, 6)).map(
                lambda d: f"[{d[0]},{draw(spaces)}{d[1]}]"),
            st.sampled_from(["[3.0, 1]", "[3, 1, 2]", "[0, 1]", "[7, 1]", "[31]", "[3 , 1 ]",
                             "[ 6,6]", "[1e0, 1]", "[03, 1]", "[-1, 2]", '"31"', "[true, 1]"])))
        fields.append(("dice", dice))
    if not draw(st.integers(0, 6)):
        fields.append((draw(st.sampled_from(["id", "dice", "extra", "Id", "positio"])),
                       draw(st.sampled_from(["1", '"x"', "[6, 5]", "null"]))))
    order = draw(st.permutations(fields))
    body = ",".join(f"{draw(spaces)}{json.dumps(key)}{draw(spaces)}:{draw(spaces)}{value}"
                    for key, value in order)
    line = f"{draw(spaces)}{{{body}{draw(spaces)}}}{draw(spaces)}".replace("\n", " ")
    prefix = draw(st.sampled_from([b"", b"", b"\xef\xbb\xbf"]))
    return prefix + line.encode()


def streams(variant: str) -> st.SearchStrategy[bytes]:
    lines = st.lists(st.one_of(request_lines(variant),
                               st.sampled_from([b"", b"x", b"\xff", b"{}", b"[1]"])),
                     min_size=1, max_size=10)
    return st.tuples(lines, st.booleans()).map(
        lambda pair: b"\n".join(pair[0]) + (b"\n" if pair[1] else b""))


SETTINGS = settings(deadline=None, max_examples=250,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(streams("backgammon"))
def test_backgammon_lines_written_any_way(data: bytes) -> None:
    assert compiled_answers(data) == python_answers(data)


@SETTINGS
@given(streams("nardy"))
def test_nardy_lines_written_any_way(data: bytes) -> None:
    assert compiled_answers(data, "nardy") == python_answers(data, "nardy")


def test_a_position_with_more_plays_than_the_compiled_path_holds() -> None:
    # 1-1 with checkers spread over many points has several hundred plays; whatever the
    # count, the answer is the Python path's
    board = np.zeros((2, 25), dtype=np.int8)
    board[1, [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]] = 1
    board[1, 22] = 4
    board[0, 0] = 15
    data = requests(encode_position_ids(board[None]), np.array([[1, 1]]))
    assert compiled_answers(data) == python_answers(data)


# --- the codec and the notation writer alone ------------------------------------------

@njit
def _decode_all(text: np.ndarray, count: int, boards: np.ndarray, nardy: bool) -> np.ndarray:
    ok = np.zeros(count, np.bool_)
    for k in range(count):
        ok[k] = decode_into(text, 14 * k, boards[k], nardy)
    return ok


@njit
def _encode_all(boards: np.ndarray, out: np.ndarray) -> None:
    for k in range(boards.shape[0]):
        encode_into(boards[k], out, 14 * k)


def _python_accepts(pid: str, variant: str) -> np.ndarray | None:
    try:
        board = decode_position_id(pid, variant)
        get_variant(variant).validate(board)
    except EngineError:
        return None
    return board


@settings(deadline=None, max_examples=200)
@given(st.lists(st.one_of(
    st.text(B64, min_size=14, max_size=14),
    st.text(B64[:2] + "w/gP", min_size=14, max_size=14),  # few bits: many valid IDs
    st.lists(st.tuples(st.integers(0, 1), st.integers(0, 24)), max_size=32).map(
        lambda spots: _board_id(spots)),
), min_size=1, max_size=20))
def test_decode_accepts_exactly_what_the_python_path_accepts(pids: list[str]) -> None:
    text = np.frombuffer("".join(pids).encode(), dtype=np.uint8)
    for variant in ("backgammon", "nardy"):
        boards = np.zeros((len(pids), 2, 25), dtype=np.int8)
        ok = _decode_all(text, len(pids), boards, variant == "nardy")
        for k, pid in enumerate(pids):
            expected = _python_accepts(pid, variant)
            assert ok[k] == (expected is not None), (pid, variant)
            if expected is not None:
                assert np.array_equal(boards[k], expected)


def _board_id(spots: list[tuple[int, int]]) -> str:
    board = np.zeros((1, 2, 25), dtype=np.int8)
    for side, index in spots[:30]:
        board[0, side, index] += 1
    return encode_position_ids(board)[0]


def test_encode_matches_the_python_encoder_on_every_kind_of_board() -> None:
    rng = np.random.default_rng(7)
    boards = np.zeros((5000, 2, 25), dtype=np.int8)
    for k in range(1, len(boards)):
        for _ in range(int(rng.integers(0, 31))):
            boards[k, rng.integers(0, 2), rng.integers(0, 25)] += 1
    boards[1], boards[2] = 0, 0
    boards[1, 0, 0] = boards[1, 1, 24] = 15  # 30 checkers: all eighty bits used
    boards[2, 0, 24] = boards[2, 1, 0] = 15
    out = np.zeros(14 * len(boards), dtype=np.uint8)
    _encode_all(boards, out)
    assert out.tobytes().decode() == "".join(encode_position_ids(boards))


@njit
def _write_all(board: np.ndarray, steps: np.ndarray, nsteps: np.ndarray, hits: bool,
               out: np.ndarray, ints: np.ndarray, chains: np.ndarray,
               texts: np.ndarray) -> np.ndarray:
    ends = np.zeros(steps.shape[0] + 1, np.int64)
    at = 0
    for j in range(steps.shape[0]):
        at = write_play(board, steps[j], nsteps[j], hits, out, at, ints, chains, texts)
        ends[j + 1] = at
    return ends


@pytest.mark.parametrize("variant", ["backgammon", "nardy"])
def test_notation_matches_format_playset(variant: str) -> None:
    if variant == "backgammon":
        boards, dice = mixed_sample(seed=46, n=1500)
    else:
        sample = self_play(1500, 46)
        boards, dice = sample.boards, sample.dice
    rules = get_variant(variant)
    scratch = Scratch()
    out = np.zeros(1 << 20, dtype=np.uint8)
    for board, (d1, d2) in zip(boards, dice.tolist()):
        playset = rules.generate(board, d1, d2)
        ends = _write_all(board, playset.steps, playset.nsteps, variant == "backgammon", out,
                          scratch.ints, scratch.chains, scratch.texts)
        written = [out[a:b].tobytes().decode() for a, b in pairwise(ends)]
        assert written == format_playset(board, playset, rules)
