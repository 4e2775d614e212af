"""check_play: the verdict codes and sentences."""

from __future__ import annotations

import pytest

from engine.errors import DiceError
from engine.position import Position
from engine.verdicts import check_play

MIDGAME = "4Dn4IDDgc/ABMA"  # starting position with an O blot on X's 7-point


@pytest.mark.parametrize(
    ("pid", "dice", "written", "code", "words"),
    [
        (MIDGAME, (6, 2), "24/18", "must_use_both_dice", "both dice can be played"),
        ("eO8DABj/P4AAAA", (6, 2), "10/8", "larger_die", "the 6"),
        ("8N7AwQDgc/ABMA", (6, 6), "8/2", "must_use_more_dice", "3 of the four 6s"),
        ("4HPwATDgc/ABUA", (6, 4), "24/18 13/9", "bar_first", "bar"),
        ("uPcAgBn/P4AAAA", (6, 2), "10/4", "point_blocked", "4-point"),
        ("4HPwATDgc/ABMA", (6, 2), "13/8", "wrong_distance", "5 pips"),
        ("4HPwATDgc/ABMA", (6, 2), "13/7 13/7", "wrong_dice", "already been used"),
        ("4HPwATDgc/ABMA", (6, 2), "10/4 13/11", "no_such_checker", "10-point"),
        ("4HPwATDgc/ABMA", (6, 1), "6/off 24/23", "bear_off_not_all_home", "home board"),
        ("4HPwATDgc/ABMA", (6, 2), "24/18 13/1l", "unreadable_notation", "13/1l"),
        ("4HPwATDgc/ABMA", (6, 2), "Ø", "must_move", "24/"),
    ],
)
def test_illegal_plays(pid: str, dice: tuple[int, int], written: str, code: str,
                       words: str) -> None:
    verdict = check_play(Position.from_id(pid), dice, written)
    assert not verdict.legal
    assert verdict.code == code, verdict.reason
    assert words in verdict.reason
    assert verdict.reason.startswith("Illegal: ") and verdict.reason.endswith(".")
    assert verdict.play is None


def test_legal_play_names_the_matching_play() -> None:
    position = Position.from_id("4HPwATDgc/ABMA")
    verdict = check_play(position, (6, 2), "13/11, 24/18")
    assert verdict.legal and verdict.code is None
    assert verdict.play is not None and verdict.play.notation == "24/18 13/11"
    assert verdict.legal_plays[0] == verdict.play
    assert verdict.reason == "Legal: 13/11 24/18."


def test_closest_legal_play_comes_first() -> None:
    verdict = check_play(Position.from_id(MIDGAME), (6, 2), "24/18")
    distances = [int(abs(play.result.astype(int) - verdict.legal_plays[0].result).sum())
                 for play in verdict.legal_plays]
    first = verdict.legal_plays[0].notation
    assert first.startswith("24/") and "24/18" in first or first == "24/16"
    assert len(verdict.legal_plays) == 15
    assert distances[0] == 0


def test_b4_the_die_that_becomes_playable_must_be_played() -> None:
    verdict = check_play(Position.from_id("eO8DAAz+fyAAAA"), (5, 2), "8/6")
    assert verdict.code == "must_use_both_dice"
    assert "8/1" in verdict.reason


def test_no_move_claim_is_legal_when_nothing_moves() -> None:
    verdict = check_play(Position.from_id("d9sOAADgc/ADQA"), (6, 5), "Ø")
    assert verdict.legal and verdict.legal_plays == []


def test_bad_dice() -> None:
    with pytest.raises(DiceError):
        check_play(Position.start(), (7, 1), "24/17")
    with pytest.raises(DiceError):
        check_play(Position.start(), (3,), "24/21")


@pytest.mark.parametrize(
    ("dice", "written", "code"),
    [
        ((6, 2), "13/8", "wrong_distance"),  # 5 pips: neither die, nor 6 + 2
        ((6, 2), "24/12", "wrong_distance"),  # 12 would need the 6 twice
        ((5, 2), "13/9 9/6", "wrong_distance"),  # lands where 5-2 would, by 4 and 3
        ((5, 2), "13/9/6", "wrong_distance"),
        ((3, 3), "24/11", "wrong_distance"),  # 13 is not a multiple of 3
        ((6, 2), "13/7 13/7", "wrong_dice"),  # each fits a die, together the 6 twice
        ((6, 2), "13/7(2)", "wrong_dice"),
        ((6, 2), "24/18 18/12", "wrong_dice"),
        ((6, 2), "24/16 13/11", "wrong_dice"),  # 8 = 6 + 2, then the 2 again
        ((3, 3), "8/5(2) 6/3(2) 24/21", "wrong_dice"),  # five threes
        ((3, 1), "8/5 6/5 24/23", "wrong_dice"),  # three dice' worth with two dice
    ],
)
def test_wrong_distance_or_wrong_dice(dice: tuple[int, int], written: str, code: str) -> None:
    verdict = check_play(Position.start(), dice, written)
    assert not verdict.legal
    assert verdict.code == code, verdict.reason
    assert verdict.reason.startswith("Illegal: ") and verdict.reason.endswith(".")


def test_wrong_distance_in_nardy() -> None:
    start = Position.start("nardy")
    assert check_play(start, (6, 5), "24/14").code == "wrong_distance"
    assert check_play(start, (6, 5), "24/18 18/14").code == "wrong_distance"
    assert check_play(start, (6, 6), "24/18 18/12 12/6 6/1").code == "wrong_distance"
    assert check_play(start, (2, 1), "24/22 22/20").code == "wrong_dice"
