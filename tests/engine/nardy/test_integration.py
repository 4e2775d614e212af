"""Long nardy through the engine's public API and command line (engine-contract.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine import Position, check_play, legal_plays
from engine.batch import batch_generate
from engine.errors import PositionError
from engine.nardy.rules import NardyRules
from engine.nardy.selfplay import self_play
from tests.engine.nardy.helpers import decode, encode

START = "AACA/z8AAID/Pw"
ROOT = Path(__file__).resolve().parents[3]


def listed(pid: str, dice: tuple[int, int], rules: NardyRules | None = None) -> set[tuple[str, str]]:
    plays = legal_plays(Position.from_id(pid, "nardy"), dice, rules)
    return {(play.notation, play.position.id) for play in plays}


@pytest.mark.parametrize("pid, dice, expected", [
    (START, (6, 6), {("24/18(2)", "AACA/z8AAAb+Pw")}),  # N1, section 10's spelling
    (START, (3, 3), {("24/18(2)", "AACA/z8AAAb+Pw"), ("24/15 24/21", "AACA/z8AQCD+Pw")}),
    (START, (6, 5), {("24/13", "AACA/z8AEAD/Pw")}),
    ("CAAA/z8AAID/Pw", (4, 4), {("24/20", "CAAA/z8AAAj/Pw")}),  # N6
    ("AAD4wz+3foEBAA", (6, 5), {("11/5", "AAD4wz+3fgMBAA")}),  # N19
])
def test_legal_plays_through_the_api(pid: str, dice: tuple[int, int],
                                     expected: set[tuple[str, str]]) -> None:
    assert listed(pid, dice) == expected


def test_rules_options_reach_the_generator() -> None:
    plays = listed("AAD4wz+3foEBAA", (6, 5), NardyRules(block_rule="off"))  # N19b
    assert {pid for _notation, pid in plays} == {"AAD4wz+3fgsAAA"}


def test_position_from_id_rejects_a_shared_point() -> None:
    board = decode(START)
    board[1, 23], board[1, 11] = 14, 1  # my 12-point is the opponent's head
    with pytest.raises(PositionError) as caught:
        Position.from_id(encode(board), "nardy")
    assert caught.value.code == "point_shared"


def test_position_from_id_accepts_what_backgammon_would_call_shared() -> None:
    """N11: my 20-point faces their 5-point in backgammon, their 8-point in nardy."""
    assert Position.from_id("IgAA/j8AAAj/Pw", "nardy").id == "IgAA/j8AAAj/Pw"


@pytest.mark.parametrize("pid, dice, written, code", [
    (START, (6, 5), "24/18 24/19", "head_limit"),  # N5
    (START, (3, 3), "24/21(3) 21/18", "head_limit"),  # three from the head on the first turn
    ("AABw9j/YtgkAPA", (6, 1), "10/4 4/3", "six_block"),  # N16
    ("AAD4wz+3foEBAA", (6, 5), "11/5 11/6", "six_block"),  # N19
    ("IgAA/j8AAAj/Pw", (3, 3), "20/17", "point_occupied"),  # N11
    ("AAAG/j8AAAb+Pw", (6, 6), "18/12", "point_occupied"),  # N9: the opponent's head
    ("BABQ/D8AEAD/Pw", (5, 4), "24/20", "larger_die"),  # N10
    ("AACE/j8AgAD/Pw", (6, 5), "24/18", "must_use_both_dice"),  # N13
    (START, (6, 5), "25/19", "no_bar"),
])
def test_check_play_verdicts(pid: str, dice: tuple[int, int], written: str, code: str) -> None:
    verdict = check_play(Position.from_id(pid, "nardy"), dice, written)
    assert not verdict.legal
    assert verdict.code == code
    assert verdict.reason.startswith("Illegal: ") and verdict.reason.endswith(".")
    assert verdict.legal_plays


def test_check_play_sentences_name_the_rule() -> None:
    head = check_play(Position.from_id(START, "nardy"), (6, 5), "24/18 24/19")
    assert "head" in head.reason and "one checker" in head.reason
    block = check_play(Position.from_id("AABw9j/YtgkAPA", "nardy"), (6, 1), "10/4 4/3")
    assert "six points" in block.reason and "past it" in block.reason


@pytest.mark.parametrize("pid, dice, written", [
    ("AACE/j8AgAD/Pw", (6, 5), "16/5"),  # N13: via the open 10-point
    ("AACE/j8AgAD/Pw", (6, 5), "16/10/5"),
    (START, (3, 3), "24/15 24/21"),
    ("AABw9j/Z7AIAPA", (5, 2), "8/3 7/5"),  # N18
    ("7vsABgB2dxcAAA", (6, 1), "7/6 6/off"),  # N25
])
def test_check_play_accepts_legal_plays(pid: str, dice: tuple[int, int], written: str) -> None:
    verdict = check_play(Position.from_id(pid, "nardy"), dice, written)
    assert verdict.legal, verdict.reason


def test_batch_generate_agrees_with_single_calls() -> None:
    sample = self_play(300, seed=11)
    counts, results = batch_generate(sample.boards, sample.dice, "nardy")
    offsets = np.concatenate([[0], np.cumsum(counts)])
    for k in range(0, 300, 7):
        position = Position(sample.boards[k], "nardy")
        single = {play.position.id for play in legal_plays(position, tuple(sample.dice[k]))}
        batch = {Position(b, "nardy").id for b in results[offsets[k]:offsets[k + 1]]}
        assert batch == single


def run_moves(lines: list[str], *options: str) -> list[dict]:
    completed = subprocess.run(
        [sys.executable, "-m", "engine", "moves", "--variant", "nardy", *options],
        input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return [json.loads(line) for line in completed.stdout.splitlines()]


def test_command_line_moves() -> None:
    answers = run_moves([
        json.dumps({"id": 1, "position": START, "dice": [6, 6]}),
        json.dumps({"id": "n19", "position": "AAD4wz+3foEBAA", "dice": [6, 5]}),
        "not json",
        json.dumps({"id": 4, "position": START, "dice": [3, 7]}),
        json.dumps({"id": 5, "position": "IgAA/j8AAAj/Pw", "dice": [3, 3]}),  # N11
    ])
    assert answers[0] == {"id": 1, "moves": [{"play": "24/18(2)", "position": "AACA/z8AAAb+Pw"}]}
    assert answers[1] == {"id": "n19", "moves": [{"play": "11/5", "position": "AAD4wz+3fgMBAA"}]}
    assert "error" in answers[2] and answers[2]["id"] is None
    assert "error" in answers[3] and answers[3]["id"] == 4
    assert [move["position"] for move in answers[4]["moves"]] == ["IgAA/j8AQBD+Pw"]


def test_command_line_block_rule_option() -> None:
    (answer,) = run_moves([json.dumps({"id": 1, "position": "AAD4wz+3foEBAA", "dice": [6, 5]})],
                          "--block-rule", "off")
    assert [move["position"] for move in answer["moves"]] == ["AAD4wz+3fgsAAA"]  # N19b


def test_section_11_position_ids() -> None:
    start = Position.start("nardy")
    assert start.id == START
    assert start.pip_counts == (360, 360)
    after = legal_plays(start, (6, 6))[0].position
    assert after.id == "AACA/z8AAAb+Pw"
    assert after.swapped().id == "AAAG/j8AAID/Pw"  # Black on roll
