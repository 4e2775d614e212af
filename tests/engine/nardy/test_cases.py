"""The worked cases of rules-long-nardy.md section 13 (N1-N30), table-driven.

Expected plays are the document's: result Position IDs where it prints them, otherwise
its written plays applied with the test helper (never the engine's own output).
"""

from __future__ import annotations

import re

import pytest

from engine.nardy.rules import NardyRules
from engine.nardy.variant import NardyVariant
from tests.engine.nardy.helpers import decode, encode, play

START = "AACA/z8AAID/Pw"


def results(pid: str, dice: tuple[int, int], block_rule: str = "ahead") -> set[str]:
    variant = NardyVariant(NardyRules(block_rule=block_rule))
    plays = variant.generate(decode(pid), *dice)
    return {encode(board) for board in plays.boards}


# (case, position, dice, block rule, the only legal results: IDs or written plays)
EXACT = [
    ("N1", START, (6, 6), "ahead", ["AACA/z8AAAb+Pw"]),
    ("N2", START, (4, 4), "ahead", ["AACA/z8AgAH+Pw"]),
    ("N3", START, (3, 3), "ahead", ["AACA/z8AAAb+Pw", "AACA/z8AQCD+Pw"]),
    ("N4", START, (5, 5), "ahead", ["AACA/z8IAAD/Pw"]),
    ("N5", START, (6, 5), "ahead", ["AACA/z8AEAD/Pw"]),
    ("N6", "CAAA/z8AAID/Pw", (4, 4), "ahead", ["CAAA/z8AAAj/Pw"]),
    ("N7", "AIAA/z8AAID/Pw", (5, 5), "ahead", ["AIAA/z8AAQD/Pw"]),
    ("N8", "ABAA/z8AAID/Pw", (3, 3), "ahead", ["ABAA/z8AAAb+Pw", "ABAA/z8AQCD+Pw"]),
    ("N9", "AAAG/j8AAAb+Pw", (6, 6), "ahead", ["AAAG/j8AAA78Pw"]),
    ("N10", "BABQ/D8AEAD/Pw", (5, 4), "ahead", ["BABQ/D8AEAj+Pw"]),
    ("N11", "IgAA/j8AAAj/Pw", (3, 3), "ahead", ["IgAA/j8AQBD+Pw"]),
    ("N12", "AABB/T8AgAD/Pw", (6, 5), "ahead", ["AABB/T8AEAH+Pw"]),
    ("N13", "AACE/j8AgAD/Pw", (6, 5), "ahead",
     ["AACE/j8QAAD/Pw", "AACE/j8AAgj+Pw", "AACE/j8AEAH+Pw"]),
    ("N14", "QgCQ+D8AEAD/Pw", (6, 4), "ahead", ["QgCQ+D8AEBD+Pw"]),
    ("N15", "CAQg+T8AABj+Pw", (2, 2), "ahead", ["CAQg+T8AAAb+Pw"]),
    ("N19", "AAD4wz+3foEBAA", (6, 5), "ahead", ["AAD4wz+3fgMBAA"]),
    ("N19b", "AAD4wz+3foEBAA", (6, 5), "off", ["AAD4wz+3fgsAAA"]),
    ("N22", "vu8DAABPbgAAAA", (6, 5), "ahead", ["vu8DAABPFgAAAA", "vu8DAACfHAAAAA"]),
    ("N23", "vu8DAABWAAAAAA", (6, 5), "ahead", ["vu8DAAAGAAAAAA"]),
    ("N24", "vu8DAAB2dycAAA", (6, 5), "ahead", ["8/2 5/off", "8/2 6/1", "8/3 6/off"]),
    ("N25", "7vsABgB2dxcAAA", (6, 1), "ahead", ["7vsABgB2dwcAAA"]),
    ("N26", "vu8DAABQAAAAAA", (6, 1), "ahead", ["vu8DAAAIAAAAAA", "vu8DAAAQAAAAAA"]),
    ("N27", "AEAg/j8AQCD+Pw", (3, 3), "ahead", ["AEAg/j8AwAj8Pw"]),
    ("N28", "CAAA/z8AAID/Pw", (6, 2), "ahead", ["24/18"]),
    ("N29", "CAAA/z8AAID/Pw", (2, 2), "ahead", ["24/18"]),
    ("N30", START, (2, 1), "ahead", ["24/21"]),
]


def _as_id(pid: str, expected: str) -> str:
    """A result ID as printed, or the written play (``24/18``) applied to the position."""
    return play(pid, expected) if re.match(r"^\d+/", expected) else expected


@pytest.mark.parametrize("case, pid, dice, block_rule, expected", EXACT, ids=[c[0] for c in EXACT])
def test_exact_cases(case: str, pid: str, dice: tuple[int, int], block_rule: str,
                     expected: list[str]) -> None:
    assert results(pid, dice, block_rule) == {_as_id(pid, e) for e in expected}


def test_n1_notation_agrees_with_its_id() -> None:
    assert play(START, "24/18(2)") == "AACA/z8AAAb+Pw"
    assert play("AAAG/j8AAAb+Pw", "24/18") == "AAAG/j8AAA78Pw"


def test_n5_two_head_checkers_illegal() -> None:
    assert play(START, "24/18 24/19") not in results(START, (6, 5))


def test_n16_block_rule_forbids() -> None:
    pid = "AABw9j/YtgkAPA"
    found = results(pid, (6, 1))
    assert len(found) == 20
    for written in ("10/4 4/3", "24/18 4/3", "8/2 4/3", "7/1 4/3"):
        assert play(pid, written) not in found, written


def test_n17_opponent_ahead_allows_block() -> None:
    found = results("AAJg9j/YtgkAPA", (6, 1))
    assert len(found) == 24
    assert "AAJg9j+0bQMAPA" in found
    assert play("AAJg9j/YtgkAPA", "10/3") == "AAJg9j+0bQMAPA"


def test_n17b_home_regulation_forbids_like_n16() -> None:
    home = results("AAJg9j/YtgkAPA", (6, 1), "home")
    n16 = results("AABw9j/YtgkAPA", (6, 1))
    assert {pid[6:] for pid in home} == {pid[6:] for pid in n16}  # same mover half


def test_n17c_home_regulation_allows() -> None:
    assert len(results("AgBg9j/YtgkAPA", (6, 1), "home")) == 24


def test_n18_block_formed_and_broken_within_the_turn() -> None:
    pid = "AABw9j/Z7AIAPA"
    found = results(pid, (5, 2))
    assert len(found) == 19
    assert play(pid, "8/3 7/5") in found
    assert play(pid, "24/19 7/5") not in found


def test_n20_block_across_own_seam() -> None:
    pid = "AADj8D93BwCAPQ"
    found = results(pid, (2, 1))
    assert len(found) == 8
    for written in ("24/22 2/1", "24/23/22"):
        assert play(pid, written) not in found
    for result in found:
        held = decode(result)[1]
        assert not all(held[p - 1] for p in (24, 23, 22, 3, 2, 1))


def test_n21_run_across_opponent_seam_is_not_a_block() -> None:
    pid = "AAB83wfgYdsmAA"
    found = results(pid, (2, 1))
    assert len(found) == 28
    assert play(pid, "16/15 14/12") in found
