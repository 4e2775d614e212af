"""First moves (rules-long-nardy.md sections 5.1 and 5.2) and seed 000's two notes.

Every opening roll of White and Black's answers are checked against the tables; the
positions after White's opening are built from the table's own written plays.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from engine.nardy.variant import NardyVariant
from tests.engine.nardy.helpers import decode, encode, play

START = "AACA/z8AAID/Pw"

# Section 5.1: White's legal first plays, written as in the table.
DOUBLET_OPENINGS = {
    1: ["24/20"],
    2: ["24/16"],
    3: ["24/18(2)", "24/15 24/21"],
    4: ["24/16(2)"],
    5: ["24/4"],
    6: ["24/18(2)"],
}


def opening_table(d1: int, d2: int) -> list[str]:
    if d1 == d2:
        return DOUBLET_OPENINGS[d1]
    return [f"24/{24 - d1 - d2}"]


def results(pid: str, dice: tuple[int, int]) -> set[str]:
    return {encode(b) for b in NardyVariant().generate(decode(pid), *dice).boards}


ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7) if a >= b]


@pytest.mark.parametrize("dice", ALL_ROLLS, ids=[f"{a}-{b}" for a, b in ALL_ROLLS])
def test_every_white_opening(dice: tuple[int, int]) -> None:
    expected = {play(START, written) for written in opening_table(*dice)}
    assert results(START, dice) == expected


def test_opening_doublets_enumerated() -> None:
    """Section 5.1's exception rolls, spelt out play by play."""
    plays = NardyVariant().generate(decode(START), 6, 6)
    assert [sorted(map(tuple, s[:n].tolist())) for s, n in zip(plays.steps, plays.nsteps)] == [
        [(24, 18), (24, 18)]
    ]
    plays = NardyVariant().generate(decode(START), 4, 4)
    assert plays.nsteps.tolist() == [4]
    assert sorted(map(tuple, plays.steps[0].tolist())) == [(20, 16), (20, 16), (24, 20), (24, 20)]
    plays = NardyVariant().generate(decode(START), 3, 3)
    by_result = {encode(b): sorted(map(tuple, s.tolist())) for b, s in zip(plays.boards, plays.steps)}
    assert set(by_result) == {play(START, "24/18(2)"), play(START, "24/15 24/21")}
    assert all(len([s for s in steps if s[0] == 24]) == 2 for steps in by_result.values())


def black_to_move(white_play: str) -> str:
    """Position ID with Black on roll after White's opening ``white_play``."""
    after = decode(play(START, white_play))
    return encode(after[::-1].copy())


def white_openings() -> list[tuple[tuple[int, int], str]]:
    return [(roll, written) for roll in ALL_ROLLS for written in opening_table(*roll)]


@pytest.mark.parametrize("roll, written", white_openings())
def test_black_first_doublets(roll: tuple[int, int], written: str) -> None:
    """Section 5.2: 6-6 and 3-3 always take the exception, 4-4 unless White opened 5-5."""
    pid = black_to_move(written)
    assert results(pid, (6, 6)) == {play(pid, "24/18(2)")}
    assert results(pid, (3, 3)) == {play(pid, "24/18(2)"), play(pid, "24/15 24/21")}
    four_four = {play(pid, "24/20")} if roll == (5, 5) else {play(pid, "24/16(2)")}
    assert results(pid, (4, 4)) == four_four


@pytest.mark.parametrize(
    "dice, written",
    [((4, 4), "24/20"), ((6, 2), "24/18"), ((5, 3), "24/19"), ((2, 2), "24/18")],
)
def test_black_after_white_five_five(dice: tuple[int, int], written: str) -> None:
    pid = black_to_move("24/4")
    assert results(pid, dice) == {play(pid, written)}


def test_seed_note_one_white_five_five_black_four_four() -> None:
    """Seed 000: 'white 5-5 ... black 4-4 ... remove one checker ... playing one four'."""
    pid = black_to_move("24/19/14/9/4")
    assert pid == "CAAA/z8AAID/Pw"  # the printed N6 position
    assert results(pid, (4, 4)) == {"CAAA/z8AAAj/Pw"}
    after = decode(next(iter(results(pid, (4, 4)))))
    assert after[1, 23] == 14 and after[1, 19] == 1  # one checker, one four


def test_seed_note_two_white_two_two_black_five_five() -> None:
    """Seed 000: 'white 2-2 ... black 5-5 ... one checker ... three possible fives'."""
    pid = black_to_move("24/22/20/18/16")
    assert pid == "AIAA/z8AAID/Pw"  # the printed N7 position
    (after,) = [decode(r) for r in results(pid, (5, 5))]
    assert after[1, 23] == 14 and after[1, 8] == 1  # 24/9: three fives
    assert int(np.abs(after[1] - decode(pid)[1]).sum()) == 2


def test_two_head_checkers_never_on_non_exception_rolls() -> None:
    for roll in itertools.product(range(1, 7), repeat=2):
        if roll[0] == roll[1] and roll[0] in (3, 4, 6):
            continue
        for board in NardyVariant().generate(decode(START), *roll).boards:
            assert board[1, 23] == 14
