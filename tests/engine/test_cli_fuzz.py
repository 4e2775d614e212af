"""``python -m engine moves`` against hostile input (engine-contract.md, command line).

Whatever arrives on standard input, every line gets exactly one answer line, in order:
a strict JSON object with the request's ``id`` (null when it cannot be read) and either
``moves`` or ``error``; no traceback, exit status 0. Most cases run ``moves_main`` in
this process (fast enough for hypothesis); the rest run the real command.
"""

from __future__ import annotations

import io
import json
import math
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import moves_main
from engine.errors import EngineError
from engine.plays import legal_plays
from engine.position import Position
from tests.engine.nardy.helpers import encode

ROOT = Path(__file__).resolve().parents[2]
BG_START = "4HPwATDgc/ABMA"
NARDY_START = "AACA/z8AAID/Pw"
VALID_IDS = {
    "backgammon": [BG_START, "4HPwATDgc/ABUA", "d9sOAADgc/ADQA", "+L4PAACOAgAAAA",
                   "4HPwQSDgc/ABMA", "uPcA2AD/PwAEAA"],
    "nardy": [NARDY_START, "AAD4wz+3foEBAA", "AABw9j/YtgkAPA", "CAAA/z8AAID/Pw",
              "vu8DAAB2dycAAA", "IgAA/j8AAAj/Pw"],
}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} in the output")

    def integer(digits: str) -> Any:  # Python refuses to convert more than 4300 digits
        return int(digits) if len(digits) <= 4000 else ("big", digits)

    return json.loads(text, parse_constant=refuse, parse_int=integer)


def _lenient_id(line: bytes) -> Any:
    """The id a request line carries, read as the contract's JSON (None if unreadable)."""
    try:
        text = line.decode("utf-8").removeprefix("\ufeff")
        request = _strict(text)
    except (ValueError, RecursionError):
        return None
    return request.get("id") if isinstance(request, dict) else None


def _same(a: Any, b: Any) -> bool:
    """Equal JSON values (floats that overflow compare as infinities)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b) and not ({type(a), type(b)} <= {int, float}):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def run_in_process(data: bytes, variant: str = "backgammon") -> tuple[int, list[str]]:
    out = io.StringIO()
    status = moves_main(["--variant", variant], stdin=io.BytesIO(data), stdout=out)
    return status, out.getvalue().split("\n")


def request_lines(data: bytes) -> list[bytes]:
    """The lines a reader of standard input sees (split at b'\\n', a last partial line too)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def check_answers(data: bytes, variant: str = "backgammon") -> list[dict[str, Any]]:
    status, out = run_in_process(data, variant)
    assert status == 0
    assert out[-1] == "", "every answer ends with a newline"
    lines = request_lines(data)
    answers = [_strict(text) for text in out[:-1]]
    assert len(answers) == len(lines)
    for line, result in zip(lines, answers):
        assert isinstance(result, dict)
        assert set(result) in ({"id", "moves"}, {"id", "error"}), result
        assert _same(result["id"], _lenient_id(line)), (line[:200], result["id"])
        if "error" in result:
            assert isinstance(result["error"], str) and result["error"]
            assert "internal error" not in result["error"], result["error"]
            assert len(result["error"]) < 400
        else:
            assert isinstance(result["moves"], list)
            expected = _expected_moves(line, variant)
            assert expected is None or result["moves"] == expected
    return answers


def _expected_moves(line: bytes, variant: str) -> list[dict[str, str]] | None:
    """The moves the API gives for a well-formed request (None: not checked here)."""
    try:
        request = _strict(line.decode("utf-8").removeprefix("\ufeff"))
        position = Position.from_id(request["position"], variant)
        plays = legal_plays(position, tuple(request["dice"]))
    except (ValueError, KeyError, TypeError, EngineError, RecursionError):
        return None
    return [{"play": p.notation, "position": p.position.id} for p in plays]


# --- strategies ----------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20), st.integers(min_value=10**30, max_value=10**60),
    st.sampled_from(["\u0000", "\ud7ff\ue000", "\U0001f3b2", "é", "\u2028", '"}', "\\"]),
)
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)),
    max_leaves=12)


@st.composite
def impossible_ids(draw: st.DrawFn, variant: str) -> str:
    """Valid base64, decodable bit layout, but a board that cannot occur."""
    board = np.zeros((2, 25), dtype=np.int8)
    kind = draw(st.sampled_from(["many", "shared", "bar", "spread", "random"]))
    if kind == "many":  # 16+ checkers on one side
        side = draw(st.integers(0, 1))
        for _ in range(draw(st.integers(16, 25))):
            board[side, draw(st.integers(0, 24))] += 1
    elif kind == "shared":
        p = draw(st.integers(0, 23))
        board[1, p] = draw(st.integers(1, 7))
        board[0, (p + 12) % 24 if variant == "nardy" else 23 - p] = draw(st.integers(1, 7))
    elif kind == "bar":
        board[1, 24] = draw(st.integers(1, 5))
        board[1, 23] = 15 - board[1, 24]
        board[0, 23] = 15
    elif kind == "spread":  # borne off while checkers are still out (nardy refuses)
        board[1, draw(st.integers(6, 23))] = 5
        board[0, 23] = 15
    else:
        for _ in range(draw(st.integers(0, 30))):
            board[draw(st.integers(0, 1)), draw(st.integers(0, 24))] += 1
    if int(board.sum()) > 30 or board.max() > 15:
        board[board > 0] = 1
        board[:, 10:] = 0
    return encode(board)


def positions(variant: str) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(VALID_IDS[variant]),
        impossible_ids(variant),
        st.text(B64, min_size=14, max_size=14),
        st.text(B64, max_size=20),
        st.text(max_size=16),
        json_values,
    )


dice_values = st.one_of(
    st.tuples(st.integers(1, 6), st.integers(1, 6)).map(list),
    st.lists(st.integers(-3, 9), max_size=4),
    st.lists(st.sampled_from([True, False, 3.0, 2.5, "3", None, [3], 10**40, -0.0, 6.0]),
             min_size=2, max_size=2),
    json_values,
)


@st.composite
def request_objects(draw: st.DrawFn, variant: str) -> bytes:
    fields: dict[str, Any] = {}
    if draw(st.integers(0, 9)):
        fields["id"] = draw(json_values)
    if draw(st.integers(0, 9)):
        fields["position"] = draw(positions(variant))
    if draw(st.integers(0, 9)):
        fields["dice"] = draw(dice_values)
    if not draw(st.integers(0, 4)):
        fields[draw(st.text(max_size=8))] = draw(json_values)  # an extra (or replaced) key
    order = draw(st.permutations(list(fields)))
    return json.dumps({key: fields[key] for key in order},
                      ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


raw_lines = st.one_of(
    st.binary(max_size=60).map(lambda b: b.replace(b"\n", b"")),
    st.text(max_size=40).map(lambda t: t.replace("\n", "").encode("utf-8", "surrogatepass")),
    st.sampled_from([b"", b" ", b"\r", b"\t", b"null", b"[]", b"{}", b"1", b'"x"', b"[1, 2]",
                     b'{"id": NaN}', b'{"id": Infinity, "dice": [1, 2]}', b'{"id": 1e400}',
                     b'{"id": -1e999, "position": "4HPwATDgc/ABMA", "dice": [1, 2]}',
                     b'{"id": 1' + b"0" * 5000 + b', "position": "4HPwATDgc/ABMA", "dice": [1, 2]}',
                     b"[" * 5000, b'{"id": ' + b"[" * 3000 + b"]" * 3000 + b"}",
                     b'{"id": 1, "id": 2, "position": "4HPwATDgc/ABMA", "dice": [6, 6]}',
                     b'{"id": "\\ud800", "position": "4HPwATDgc/ABMA", "dice": [1, 2]}',
                     b'\xef\xbb\xbf{"id": 7, "position": "4HPwATDgc/ABMA", "dice": [2, 1]}',
                     b'{"id": 8, "position": "4HPwATDgc/ABMA", "dice": [true, 1]}',
                     b'{"id": 9, "position": "4HPwATDgc/ABMA", "dice": [3.0, 1]}',
                     b'{"id": 10, "position": "4HPwATDgc/ABMA\\n", "dice": [3, 1]}',
                     b'{"id": 11, "position": "4HPwATDgc/ABM=", "dice": [3, 1]}',
                     b'{"id": 12, "position": "' + b"A" * 100000 + b'", "dice": [3, 1]}',
                     b'{"id": 13, "dice": [' + b"9" * 5000 + b", 1]}"]),
)


def line_variants(core: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
    """A line, sometimes with a byte-order mark, a CR before its newline, or padding."""
    return st.tuples(st.sampled_from([b"", b"", b"\xef\xbb\xbf", b"  "]), core,
                     st.sampled_from([b"", b"", b"\r", b" \t"])).map(b"".join)


def streams(variant: str) -> st.SearchStrategy[bytes]:
    lines = st.lists(line_variants(st.one_of(request_objects(variant), raw_lines)),
                     min_size=1, max_size=8)
    return st.tuples(lines, st.booleans()).map(
        lambda pair: b"\n".join(pair[0]) + (b"\n" if pair[1] else b""))


FUZZ = settings(deadline=None, max_examples=300,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(streams("backgammon"))
def test_backgammon_every_line_gets_one_answer(data: bytes) -> None:
    check_answers(data, "backgammon")


@FUZZ
@given(streams("nardy"))
def test_nardy_every_line_gets_one_answer(data: bytes) -> None:
    check_answers(data, "nardy")


# --- specific answers ----------------------------------------------------------------

def one(line: bytes, variant: str = "backgammon") -> dict[str, Any]:
    (result,) = check_answers(line + b"\n", variant)
    return result


def test_dice_must_be_two_whole_numbers() -> None:
    for dice in ("[3.0, 1]", "[true, 1]", "[1, false]", '["3", 1]', "[0, 1]", "[7, 1]",
                 "[-1, 2]", "[1]", "[1, 2, 3]", "[]", '"31"', "31", "null", "{}",
                 "[1e400, 2]", "[" + "9" * 5000 + ", 1]", "[[3], [1]]"):
        line = f'{{"id": "d", "position": "{BG_START}", "dice": {dice}}}'.encode()
        result = one(line)
        assert result["id"] == "d" and "dice" in result["error"], (dice, result)
    assert "no dice" in one(f'{{"id": 1, "position": "{BG_START}"}}'.encode())["error"]


def test_position_problems_are_named() -> None:
    assert "no position" in one(b'{"id": 1, "dice": [1, 2]}')["error"]
    assert "string" in one(b'{"id": 1, "position": 12, "dice": [1, 2]}')["error"]
    long = one(b'{"id": 1, "position": "' + b"A" * 100000 + b'", "dice": [1, 2]}')["error"]
    assert "14 characters" in long and len(long) < 200
    board = np.zeros((2, 25), dtype=np.int8)
    board[1, 24], board[1, 23], board[0, 23] = 1, 14, 15
    bar = one(json.dumps({"id": 1, "position": encode(board), "dice": [1, 2]}).encode(), "nardy")
    assert "bar" in bar["error"]
    board = np.zeros((2, 25), dtype=np.int8)
    board[1, 23], board[1, 11], board[0, 23] = 14, 1, 15  # my 12-point is their head
    shared = one(json.dumps({"id": 1, "position": encode(board), "dice": [1, 2]}).encode(),
                 "nardy")
    assert "same point" in shared["error"]


def test_ids_come_back_as_written() -> None:
    assert one(b'{"id": 1e400, "position": "4HPwATDgc/ABMA", "dice": [1, 2]}')["moves"]
    _status, out = run_in_process(b'{"id": 1e400, "position": "x", "dice": [1, 2]}\n')
    assert out[0].startswith('{"id": 1e400, ')
    big = "1" + "0" * 5000
    _status, out = run_in_process(f'{{"id": [{big}, -0.5], "dice": 1}}\n'.encode())
    assert out[0].startswith(f'{{"id": [{big}, -0.5], ')
    assert one(b'{"id": {"a": [null, {"b": "\\u00e9\\ud83c\\udfb2"}]}, "dice": 1}')["id"] == {
        "a": [None, {"b": "\u00e9\U0001f3b2"}]}
    assert one(b'{"position": "4HPwATDgc/ABMA", "dice": [1, 2]}')["id"] is None


def test_not_json_lines() -> None:
    for line in (b"", b"   ", b"\r", b"hello", b'{"id": NaN}', b'{"id": Infinity}', b"[1]",
                 b"[" * 100000, b"\xff\xfe", b'{"id": 1,}'):
        result = one(line)
        assert result["id"] is None and result["error"], line[:20]


# --- the real command ----------------------------------------------------------------

def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "engine", "moves", *args]


def test_real_command_with_bom_crlf_blank_and_no_final_newline() -> None:
    data = (b"\xef\xbb\xbf" + json.dumps({"id": 1, "position": BG_START, "dice": [3, 1]}).encode()
            + b"\r\n\r\n\n" + b"x" * 2_000_000 + b"\n" + b"\xff\n"
            + json.dumps({"id": "last", "position": BG_START, "dice": [6, 6]}).encode())
    done = subprocess.run(_command("--variant", "backgammon"), input=data, cwd=ROOT,
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0 and done.stderr == b""
    answers = [_strict(line) for line in done.stdout.decode("ascii").splitlines()]
    assert [a["id"] for a in answers] == [1, None, None, None, None, "last"]
    assert len(answers[0]["moves"]) == 16 and answers[-1]["moves"]


def _pump(stream: Any, into: queue.Queue[bytes]) -> None:
    for line in iter(stream.readline, b""):
        into.put(line)


def test_real_command_answers_each_line_before_the_next_arrives() -> None:
    """A tool may write one request, wait for its answer, then write the next."""
    for variant, pid in (("backgammon", BG_START), ("nardy", NARDY_START)):
        process = subprocess.Popen(_command("--variant", variant), cwd=ROOT,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        replies: queue.Queue[bytes] = queue.Queue()
        reader = threading.Thread(target=_pump, args=(process.stdout, replies), daemon=True)
        reader.start()
        try:
            for k, line in enumerate([json.dumps({"id": 0, "position": pid, "dice": [6, 5]}),
                                      "garbage", "", json.dumps({"id": 3, "dice": [1, 1]}),
                                      json.dumps({"id": 4, "position": pid, "dice": [2, 1]})]):
                process.stdin.write(line.encode() + b"\n")
                process.stdin.flush()
                answer = _strict(replies.get(timeout=120).decode())
                assert answer["id"] == (k if k in (0, 3, 4) else None)
            process.stdin.close()
            assert process.wait(timeout=60) == 0
            assert process.stderr is not None and process.stderr.read() == b""
        finally:
            process.kill()
            process.wait()


def test_real_command_bad_variant_is_a_clear_usage_error() -> None:
    for args in (("--variant", "chess"), ("--variant",), ("--bogus",)):
        done = subprocess.run(_command(*args), input=b"", cwd=ROOT, capture_output=True,
                              timeout=120, check=False)
        assert done.returncode == 2
        assert b"Traceback" not in done.stderr and b"usage:" in done.stderr
    done = subprocess.run(_command("--variant", "chess"), input=b"", cwd=ROOT,
                          capture_output=True, timeout=120, check=False)
    assert b"backgammon" in done.stderr and b"nardy" in done.stderr


def test_real_command_survives_a_reader_that_goes_away() -> None:
    process = subprocess.Popen(_command(), cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()
    try:
        process.stdin.write(
            (json.dumps({"id": 1, "position": BG_START, "dice": [1, 2]}) + "\n").encode() * 50)
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.wait(timeout=120) == 0
    assert process.stderr is not None and b"Traceback" not in process.stderr.read()


def test_real_command_with_closed_standard_streams() -> None:
    """No standard input (or output) at all: a sentence on standard error, status 2."""
    for redirect, words in (("<&-", b"standard input is closed"),
                            (">&- </dev/null", b"standard output is closed")):
        done = subprocess.run(["sh", "-c", f'exec "$0" -m engine moves {redirect}',
                               sys.executable], cwd=ROOT, capture_output=True, timeout=120,
                              check=False)
        assert done.returncode == 2 and words in done.stderr
        assert b"Traceback" not in done.stderr
    done = subprocess.run(_command(), stdin=subprocess.DEVNULL, cwd=ROOT, capture_output=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
