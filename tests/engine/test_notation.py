"""Notation: canonical output, tolerant reading, and format -> parse -> resolve round trips."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.backgammon.selfplay import mixed_sample
from engine.errors import NotationError
from engine.notation import format_steps, parse_notation, resolve
from engine.plays import legal_plays
from engine.position import Position
from engine.variants import get_variant


def _apply(position: Position, steps: list[tuple[int, int]]) -> np.ndarray:
    variant = get_variant(position.variant)
    board = np.array(position.board)
    for src, dst in steps:
        board = variant.apply_step(board, src, dst)
    return board


@pytest.mark.parametrize(
    ("pid", "steps", "text"),
    [
        ("4HPwATDgc/ABMA", [(8, 5), (6, 5)], "8/5 6/5"),
        ("4HPwATDgc/ABMA", [(6, 5), (8, 5)], "8/5 6/5"),
        ("4HPwATDgc/ABMA", [(8, 5), (8, 5), (6, 3), (6, 3)], "8/5(2) 6/3(2)"),
        ("4HPwATDgc/ABMA", [(13, 7), (7, 5)], "13/5"),
        ("4Dn4IDDgc/ABMA", [(13, 7), (7, 5)], "13/7*/5"),
        ("4Dn4IDDgc/ABMA", [(13, 11), (11, 5)], "13/5"),
        ("4HPwQSDgc/ABMA", [(6, 1), (13, 7)], "13/7* 6/1*"),
        ("4HPwATDgc/ABUA", [(25, 21), (21, 15)], "bar/15"),
        ("+L4PAACOAgAAAA", [(6, 0), (5, 0)], "6/off 5/off"),
        ("4HPwATDgc/ABMA", [], ""),
    ],
)
def test_canonical_form(pid: str, steps: list[tuple[int, int]], text: str) -> None:
    assert format_steps(Position.from_id(pid).board, steps, "backgammon") == text


@pytest.mark.parametrize(
    ("written", "points"),
    [
        ("25/22 13/11", [(25, 22), (13, 11)]),
        ("bar/22, 13/11", [(25, 22), (13, 11)]),
        ("b/22   13/11", [(25, 22), (13, 11)]),
        ("BAR/22 13 / 11", [(25, 22), (13, 11)]),
        ("6/0 5/off 4/o", [(6, 0), (5, 0), (4, 0)]),
        ("24/18/13", [(24, 18, 13)]),
        ("13/7*/5", [(13, 7, 5)]),
        ("8/5(2) 6/3 (2)", [(8, 5), (8, 5), (6, 3), (6, 3)]),
        ("62: 24/18 13/11", [(24, 18), (13, 11)]),
        ("6/1, Ø", [(6, 1)]),
    ],
)
def test_reading(written: str, points: list[tuple[int, ...]]) -> None:
    parsed = parse_notation(written)
    expanded = [move.points for move in parsed.moves for _ in range(move.count)]
    assert expanded == points


def test_hit_marks_are_read() -> None:
    move = parse_notation("13/7*/5").moves[0]
    assert move.hits == (False, True, False)


@pytest.mark.parametrize("written", ["", "  ", "''", "Ø", "ø", "-", "(no move)", "Cannot Move",
                                     "62:", "6-2: Ø"])
def test_no_move_markers(written: str) -> None:
    assert parse_notation(written).no_move


@pytest.mark.parametrize(
    ("written", "fragment"),
    [("13/8 foo", "foo"), ("13-8", "13-8"), ("13/", "13/"), ("8/13", "8/13"),
     ("13/7(5)", "13/7(5)"), ("30/24", "30/24"), ("off/3", "off/3")],
)
def test_unreadable(written: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_notation(written)
    assert caught.value.code == "unreadable_notation"
    assert fragment in caught.value.message


def test_resolve_prefers_the_route_without_a_hit() -> None:
    position = Position.from_id("4Dn4IDDgc/ABMA")
    assert resolve(position, (6, 2), parse_notation("13/5")) == [(13, 11), (11, 5)]
    assert resolve(position, (6, 2), parse_notation("13/7*/5")) == [(13, 7), (7, 5)]


def test_resolve_takes_the_hit_when_it_is_the_only_route() -> None:
    # B24: the only entering five hits; "bar/20" written without a star still means it
    position = Position.from_id("0OfgAyDgc/ABUA")
    steps = resolve(position, (5, 5), parse_notation("bar/20 13/8(3)"))
    assert _apply(position, steps)[0, 24] == 1


def test_resolve_reports_the_obstacle() -> None:
    position = Position.from_id("uPcA2AD/PwAEAA")  # B6: both intermediate points closed
    with pytest.raises(NotationError) as caught:
        resolve(position, (6, 5), parse_notation("13/2"))
    assert caught.value.code == "point_blocked"


def test_round_trip_on_self_play_positions() -> None:
    boards, dice = mixed_sample(seed=77, n=400)
    checked = 0
    for board, roll in zip(boards, dice):
        position = Position(board)
        for play in legal_plays(position, (int(roll[0]), int(roll[1]))):
            written = play.notation
            steps = resolve(position, (int(roll[0]), int(roll[1])), parse_notation(written))
            assert np.array_equal(_apply(position, steps), play.result), written
            checked += 1
    assert checked > 2000


@settings(deadline=None, max_examples=300)
@given(st.text(alphabet="0123456789/*(), barofBAROFØ-'\t:xyz", max_size=30))
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    """Whatever is written, the reader answers with a play or a NotationError, and the
    verdict on it is a sentence, never another exception."""
    from engine.verdicts import check_play

    try:
        parse_notation(text)
    except NotationError as error:
        assert error.code == "unreadable_notation"
    verdict = check_play(Position.start(), (6, 2), text)
    assert verdict.reason.startswith(("Legal", "Illegal"))


def test_format_playset_writes_what_each_play_writes() -> None:
    from engine.backgammon.selfplay import mixed_sample
    from engine.nardy.selfplay import self_play
    from engine.notation import format_playset
    from engine.plays import legal_plays
    from engine.position import Position
    from engine.variants import get_variant

    boards, dice = mixed_sample(seed=8, n=300)
    nardy = self_play(300, seed=8)
    for variant, sample in (("backgammon", zip(boards, dice)),
                            ("nardy", zip(nardy.boards, nardy.dice))):
        rules = get_variant(variant)
        for board, roll in sample:
            position = Position(board, variant)
            d1, d2 = int(roll[0]), int(roll[1])
            texts = format_playset(position.board, rules.generate(position.board, d1, d2), rules)
            assert texts == [play.notation for play in legal_plays(position, (d1, d2))]
