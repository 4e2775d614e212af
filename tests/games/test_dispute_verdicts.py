"""Verdicts for known disputes in both variants, from the rules documents' edge-case tables
(rules-backgammon.md §12, rules-long-nardy.md §13), through the dispute check the worker runs.
"""

from __future__ import annotations

import pytest

from disputes.verdicts import check_move, validate_move

# (case, variant, Position ID, dice, play as written, legal, code, first legal play listed)
CASES = [
    ("B2 larger die", "backgammon", "eO8DABj/P4AAAA", (6, 2), "10/8", False, "larger_die",
     "10/4"),
    ("B2 the 6 played", "backgammon", "eO8DABj/P4AAAA", (6, 2), "10/4", True, None, "10/4"),
    ("B7 bar first", "backgammon", "4HPwATDgc/ABUA", (6, 4), "24/18 13/9", False, "bar_first",
     None),
    ("B9 partial entry, no other move", "backgammon", "4HPwATDgc/ABYA", (6, 3), "bar/22 13/7",
     False, "bar_first", "bar/22"),
    ("B4 bear-off with a checker outside", "backgammon", "eO8DAAz+fyAAAA", (5, 2),
     "2/off 2/off", False, "bear_off_not_all_home", "8/1"),
    ("B1 correct play wrongly disputed", "backgammon", "4HPwATDgc/ABMA", (3, 1), "8/5 6/5",
     True, None, "8/5 6/5"),
    ("N5 head rule", "nardy", "AACA/z8AAID/Pw", (6, 5), "24/18 24/19", False, "head_limit",
     "24/13"),
    ("N16 six-block", "nardy", "AABw9j/YtgkAPA", (6, 1), "10/4 4/3", False, "six_block", None),
    ("N10 second head checker, larger die", "nardy", "BABQ/D8AEAD/Pw", (5, 4), "24/20 24/19",
     False, "head_limit", "24/19"),
    ("N3 first-turn 3-3 split, correct", "nardy", "AACA/z8AAID/Pw", (3, 3), "24/15 24/21",
     True, None, "24/15 24/21"),
    ("N1 first-turn 6-6, correct", "nardy", "AACA/z8AAID/Pw", (6, 6), "24/18(2)", True, None,
     "24/18(2)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "position_id", "dice", "play", "legal", "code", "first"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_verdict(variant, position_id, dice, play, legal, code, first) -> None:  # type: ignore[no-untyped-def]
    verdict = check_move(variant, position_id, dice, play)
    assert verdict["legal"] is legal
    assert verdict["code"] == code
    assert verdict["reason"].startswith("Legal" if legal else "Illegal")
    listed = [entry["notation"] for entry in verdict["legal_plays"]]
    assert len(listed) == verdict["legal_play_count"] > 0
    if first is not None:
        assert listed[0] == first
    if legal:
        assert verdict["play"] == listed[0]  # the claim itself is the closest legal play
        assert verdict["claimed_position_id"] == verdict["legal_plays"][0]["position_id"]
    else:
        assert verdict["play"] is None
        assert verdict["claimed_position_id"] not in {
            entry["position_id"] for entry in verdict["legal_plays"]
        }


def test_result_ids_are_the_documented_ones() -> None:
    verdict = check_move("backgammon", "eO8DABj/P4AAAA", (6, 2), "10/8")
    assert verdict["legal_plays"] == [
        {"notation": "10/4", "position_id": "eO8DABj/PwIAAA", "steps": [[10, 4]]}
    ]
    assert verdict["claimed_position_id"] == "eO8DABj/PyAAAA"  # B3's result of 10/8
    nardy = check_move("nardy", "AACA/z8AAID/Pw", (6, 5), "24/18 24/19")
    assert nardy["legal_plays"][0]["position_id"] == "AACA/z8AEAD/Pw"


def test_no_legal_move_disputed_both_ways() -> None:
    closed = check_move("backgammon", "d9sOAADgc/ADQA", (6, 5), "")  # B10: dance
    assert closed["legal"] is True and closed["legal_plays"] == []
    forced = check_move("backgammon", "eO8DABj/P4AAAA", (6, 2), "")
    assert forced["legal"] is False and forced["code"] == "must_move"


@pytest.mark.parametrize(
    ("variant", "position_id", "dice", "notation", "fields"),
    [
        ("backgammon", "", (3, 1), "8/5 6/5", {"position_id"}),
        ("backgammon", "4HPwATDgc/ABM", (3, 1), "8/5 6/5", {"position_id"}),
        ("backgammon", "AAAAAAAAAAAAAA", (3, 1), "8/5 6/5", {"position_id"}),  # nobody left
        ("nardy", "4HPwATDgc/ABUA", (3, 1), "24/21", {"position_id"}),  # a bar in nardy
        ("backgammon", "4HPwATDgc/ABMA", (0, 1), "8/5 6/5", {"dice"}),
        ("backgammon", "4HPwATDgc/ABMA", (3, 7), "8/5 6/5", {"dice"}),
        ("backgammon", "4HPwATDgc/ABMA", (3, 1), "8-5 six/5", {"notation"}),
        ("backgammon", "4HPwATDgc/ABMA", (3, 1), "5/8", {"notation"}),
        ("backgammon", "4HPwATDgc/AB", (9, 1), "x", {"position_id", "dice", "notation"}),
    ],
)
def test_bad_input_is_refused_before_the_worker(
    variant, position_id, dice, notation, fields
) -> None:  # type: ignore[no-untyped-def]
    assert {
        problem.field for problem in validate_move(variant, position_id, dice, notation)
    } == fields


def test_good_input_passes() -> None:
    assert validate_move("nardy", "AACA/z8AAID/Pw", (6, 5), "24/13") == []
