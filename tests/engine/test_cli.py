"""``python -m engine`` run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.plays import legal_plays
from engine.position import Position

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, cwd=ROOT,
                          capture_output=True, timeout=300, check=False)


def test_moves_answers_every_line_in_order() -> None:
    requests = [
        b'{"id": 1, "position": "4HPwATDgc/ABMA", "dice": [3, 1]}',
        b"this is not json",
        b'{"id": "x", "position": "4HPwATDgc/ABM", "dice": [3, 1]}',
        b'{"id": [2], "position": "4HPwATDgc/ABMA", "dice": [7, 1]}',
        b'{"id": 3, "position": "4HPwATDgc/ABMA", "dice": [3]}',
        b'{"id": 4, "position": "uPcA2AD/PwAEAA", "dice": [6, 5]}',
        b'{"id": 5, "position": "//8AAAAAAAAAAA", "dice": [1, 2]}',
        b'{"id": null, "position": 12, "dice": [1, 2]}',
        b"[1, 2]",
        b"\xff\xfe not utf-8",
        b'{"id": {"deep": true}, "position": "4HPwQSDgc/ABMA", "dice": [6, 5]}',
    ]
    done = _run(["moves", "--variant", "backgammon"], b"\n".join(requests) + b"\n")
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == len(requests)
    assert [a["id"] for a in answers] == [1, None, "x", [2], 3, 4, 5, None, None, None,
                                          {"deep": True}]
    first = answers[0]["moves"]
    expected = legal_plays(Position.from_id("4HPwATDgc/ABMA"), (3, 1))
    assert [m["position"] for m in first] == [p.position.id for p in expected]
    assert {"play": "8/5 6/5", "position": "4HPwATCwZ/ABMA"} in first
    for k in (1, 2, 3, 4, 6, 7, 8, 9):
        assert set(answers[k]) == {"id", "error"} and answers[k]["error"]
    assert "14 characters" in answers[2]["error"]
    assert answers[5] == {"id": 4, "moves": []}
    assert len(answers[10]["moves"]) == 11
    assert {"play": "13/7* 6/1*", "position": "4HPwAWDB6+ABMA"} in answers[10]["moves"]


def test_moves_for_nardy_with_defaults_and_bad_command() -> None:
    for options in ([], ["--block-rule", "home", "--koks", "--no-last-roll"]):
        done = _run(["moves", "--variant", "nardy", *options],
                    b'{"id": 1, "position": "AACA/z8AAID/Pw", "dice": [6, 5]}\n')
        assert done.returncode == 0 and b"Traceback" not in done.stderr
        answer = json.loads(done.stdout)
        assert answer == {"id": 1, "moves": [{"play": "24/13", "position": "AACA/z8AEAD/Pw"}]}
    unknown = _run(["frobnicate"], b"")
    assert unknown.returncode == 2 and b"unknown command" in unknown.stderr
    assert b"Traceback" not in unknown.stderr


@settings(deadline=None, max_examples=200)
@given(st.one_of(
    st.text(max_size=40),
    st.builds(lambda pid, dice, ident: json.dumps({"id": ident, "position": pid, "dice": dice}),
              st.one_of(st.text(max_size=16), st.just("4HPwATDgc/ABMA"), st.integers()),
              st.one_of(st.lists(st.integers(-2, 9), max_size=3), st.text(max_size=3),
                        st.none()),
              st.one_of(st.integers(), st.text(max_size=5), st.none())),
))
def test_any_request_line_gets_an_answer(line: str) -> None:
    from engine.cli import answer

    result = answer(line, "backgammon", None)
    assert set(result) in ({"id", "moves"}, {"id", "error"})
    json.dumps(result)
