"""Edge cases B1-B26 of rules-backgammon.md section 12, one test each.

Each row: Position ID, dice, number of legal plays, result IDs that must be among the
results (or be all of them, ``only=True``), and written plays with their expected
verdict code (None = legal).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.plays import legal_plays
from engine.position import Position
from engine.verdicts import check_play


@dataclass(frozen=True)
class Case:
    name: str
    pid: str
    dice: tuple[int, int]
    count: int
    results: tuple[str, ...] = ()
    only: bool = False
    rulings: dict[str, str | None] = field(default_factory=dict)
    steps_include: tuple[tuple[int, int], ...] = ()
    dice_used: int | None = None


CASES = [
    Case("B1", "4HPwATDgc/ABMA", (3, 1), 16, ("4HPwATCwZ/ABMA",),
         rulings={"8/5 6/5": None, "6/5 8/5": None}),
    Case("B2", "eO8DABj/P4AAAA", (6, 2), 1, ("eO8DABj/PwIAAA",), only=True,
         rulings={"10/4": None, "10/8": "larger_die"}),
    Case("B3", "uPcAgBn/P4AAAA", (6, 2), 1, ("uPcAgBn/PyAAAA",), only=True,
         rulings={"10/8": None, "10/4": "point_blocked"}),
    Case("B4", "eO8DAAz+fyAAAA", (5, 2), 1, ("eO8DAAz9/wAAAA",), only=True,
         rulings={"8/1": None, "8/6 6/1": None, "8/6": "must_use_both_dice",
                  "8/6 2/off": "bear_off_higher_point"}),
    Case("B5", "3vuAAQD/PwAAAg", (6, 1), 1, ("3vuAAQD/PwAEAA",), only=True,
         rulings={"20/13": None, "20/19 19/13": None, "20/19": "must_use_both_dice",
                  "20/14": "point_blocked"}),
    Case("B6", "uPcA2AD/PwAEAA", (6, 5), 0,
         rulings={"": None, "13/2": "point_blocked", "Ø": None}),
    Case("B7", "4HPwATDgc/ABUA", (6, 4), 4, steps_include=((25, 21),),
         rulings={"bar/21 24/18": None, "bar/15": None, "bar/19": "point_blocked",
                  "24/18 bar/21": None, "13/7 24/20": "bar_first"}),
    Case("B8", "4HPwATDgc/ABYA", (5, 3), 1, ("4HPwATDgc/ABCQ",), only=True,
         rulings={"bar/22 bar/20": None, "bar/22 13/8": "bar_first"}),
    Case("B9", "4HPwATDgc/ABYA", (6, 3), 1, ("4HPwATDgc/ABRA",), only=True,
         rulings={"bar/22": None, "bar/22 22/16": "bar_first"}),
    Case("B10", "d9sOAADgc/ADQA", (6, 5), 0,
         rulings={"Cannot Move": None, "bar/20": "point_blocked"}),
    Case("B11", "4HPwATDgc/ABUA", (3, 3), 29, steps_include=((25, 22),), dice_used=4),
    Case("B12", "2+wBBwDgc/ABYA", (4, 4), 12, steps_include=((25, 21), (25, 21)), dice_used=4),
    Case("B13", "8N7AwQDgc/ABMA", (6, 6), 1, ("8N7AwQAOH/ABMA",), only=True,
         rulings={"8/2(3)": None, "8/2(2)": "must_use_more_dice"}),
    Case("B14", "cG9gMBjgc/ABMA", (6, 6), 0, rulings={"(no move)": None}),
    Case("B15", "+L4PAACOAgAAAA", (6, 5), 2, ("+L4PAAAOAAAAAA", "+L4PAAAdAAAAAA"),
         rulings={"6/off 5/off": None, "6/1 5/off": None, "6/off": "must_use_both_dice"}),
    Case("B16", "+L4PAABWAAAAAA", (6, 5), 1, ("+L4PAAAGAAAAAA",), only=True,
         rulings={"4/off 3/off": None}),
    Case("B17", "+L4PAACGAAAAAA", (4, 3), 1, ("+L4PAAAGAAAAAA",), only=True,
         rulings={"6/2 2/off": None, "6/3 3/off": None, "2/off 6/3": "bear_off_higher_point"}),
    Case("B18", "+L4PAABQAAAAAA", (6, 1), 2, ("+L4PAAAIAAAAAA", "+L4PAAAQAAAAAA"), only=True,
         rulings={"6/off 5/4": None, "6/5 5/off": None}),
    Case("B19", "+L4PAAAgAAAAAA", (6, 1), 1, only=True,
         rulings={"6/off": None, "6/5/off": None, "6/5 5/off": None}),
    Case("B20", "4Dn4IDDgc/ABMA", (6, 2), 15,
         rulings={"13/7*/5": None, "13/5": None, "13/11/5": None}),
    Case("B21", "4HPwATDcvQcAQA", (5, 2), 4,
         rulings={"bar/18": None, "bar/20 6/4": None, "bar/23 5/off": "bear_off_not_all_home"}),
    Case("B22", "+L4PAADaAAAAAA", (6, 5), 1, ("+L4PAAAaAAAAAA",), only=True,
         rulings={"4/off(2)": None, "4/off 3/off": "larger_die_or_higher"}),
    Case("B23", "+L4PAABDAQAAAA", (5, 5), 1, ("+L4PAAABAAAAAA",), only=True,
         rulings={"6/1 5/off 1/off(2)": None}),
    Case("B24", "0OfgAyDgc/ABUA", (5, 5), 20, steps_include=((25, 20),)),
    Case("B25", "4HPwQSDgc/ABMA", (6, 5), 11, ("4HPwAWDB6+ABMA", "4HPwQSDgc/ADIA"),
         rulings={"13/7* 6/1*": None, "24/13": None}),
    Case("B26", "+L4PAACRAAAAAA", (6, 4), 2, ("+L4PAAABAAAAAA", "+L4PAAAFAAAAAA"),
         rulings={"6/off 4/off": None, "6/2 4/off": None, "6/off": "must_use_both_dice"}),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_legal_plays(case: Case) -> None:
    plays = legal_plays(Position.from_id(case.pid), case.dice)
    ids = [play.position.id for play in plays]
    assert len(plays) == case.count
    assert len(set(ids)) == len(ids), "one play per distinct resulting position"
    if case.only:
        assert set(ids) == set(case.results) or not case.results
    for result in case.results:
        assert result in ids
    for play in plays:
        steps = list(play.steps)
        for step in case.steps_include:
            assert step in steps, (play.notation, case.steps_include)
            steps.remove(step)
    if case.dice_used is not None:
        assert all(play.dice_used == case.dice_used for play in plays)


@pytest.mark.parametrize(
    ("case", "written"),
    [(case, written) for case in CASES for written in case.rulings],
    ids=[f"{case.name}:{written or 'empty'}" for case in CASES for written in case.rulings],
)
def test_rulings(case: Case, written: str) -> None:
    verdict = check_play(Position.from_id(case.pid), case.dice, written)
    expected = case.rulings[written]
    if expected is None:
        assert verdict.legal, verdict.reason
        assert verdict.code is None
    elif expected == "larger_die_or_higher":
        # 4/off with the 6 and 3/off with the 5 while a checker still stands on the 4
        assert not verdict.legal
        assert verdict.code == "bear_off_higher_point"
    else:
        assert not verdict.legal
        assert verdict.code == expected, verdict.reason
    assert verdict.reason.startswith("Legal" if verdict.legal else "Illegal")


def test_b19_both_writings_are_the_same_play() -> None:
    position = Position.from_id("+L4PAAAgAAAAAA")
    first = check_play(position, (6, 1), "6/off")
    second = check_play(position, (6, 1), "6/5/off")
    assert first.play == second.play
    assert first.play is not None and first.play.position.id == "+L4PAAAAAAAAAA"


def test_b20_unmarked_combined_move_is_the_route_without_a_hit() -> None:
    position = Position.from_id("4Dn4IDDgc/ABMA")
    quiet = check_play(position, (6, 2), "13/5")
    hitting = check_play(position, (6, 2), "13/7*/5")
    assert quiet.play is not None and hitting.play is not None
    assert quiet.play != hitting.play
    assert quiet.play.notation == "13/5"
    assert hitting.play.notation == "13/7*/5"
    assert hitting.play.position.board[0, 24] == 1
    assert quiet.play.position.board[0, 24] == 0


def test_b7_and_b25_notations() -> None:
    b7 = {play.notation for play in legal_plays(Position.from_id("4HPwATDgc/ABUA"), (6, 4))}
    assert b7 == {"bar/21 24/18", "bar/15", "bar/21 13/7", "bar/21 8/2"}
    b25 = {play.notation: play.position.id
           for play in legal_plays(Position.from_id("4HPwQSDgc/ABMA"), (6, 5))}
    assert b25["13/7* 6/1*"] == "4HPwAWDB6+ABMA"
    assert b25["24/13"] == "4HPwQSDgc/ADIA"


def test_b21_no_bear_off_while_a_checker_is_out() -> None:
    plays = legal_plays(Position.from_id("4HPwATDcvQcAQA"), (5, 2))
    assert {play.notation for play in plays} == {"bar/18", "bar/20 6/4", "bar/20 5/3",
                                                 "bar/20 4/2"}
    assert all(dst != 0 for play in plays for _src, dst in play.steps)


def test_b24_every_play_hits_on_entry() -> None:
    plays = legal_plays(Position.from_id("0OfgAyDgc/ABUA"), (5, 5))
    assert all(play.notation.startswith("bar/20*") for play in plays)
