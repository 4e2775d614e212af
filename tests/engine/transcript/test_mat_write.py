"""Writing `.mat` files (engine/transcript/mat_write.py): GNU Backgammon's layout,
"and the match" on the deciding win, and round trips."""

from __future__ import annotations

import pytest

from engine.match import MatchRules
from engine.transcript import read_mat, write_mat
from engine.transcript.layout import numbered
from engine.transcript.model import (
    DOUBLE,
    DRAW,
    DROP,
    MOVE,
    TAKE,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
)
from tests.engine.transcript.shared import match_files


def _lines(text: str) -> list[str]:
    return [line.rstrip().replace(" and the match", "") for line in text.splitlines()]


@pytest.mark.parametrize("path", match_files(), ids=lambda path: path.name)
def test_gnubg_files_are_written_back_as_gnubg_wrote_them(path) -> None:
    source = path.read_text()
    record = read_mat(source)
    written = write_mat(record)
    assert read_mat(written) == record
    assert _lines(written) == _lines(source)  # up to trailing spaces and "and the match"
    assert written.rstrip().endswith("and the match")


def _record(actions: list[Action], variant: str = "backgammon", **rules: object) -> MatchRecord:
    return MatchRecord(
        variant,
        3,
        ("Alice", "Bob"),
        (GameRecord(1, (0, 0), numbered(actions)),),
        MatchRules.for_variant(variant, 3, **rules),
        (("Event", "Club Night"),),
    )


def test_layout_of_cube_actions_and_win_lines() -> None:
    record = _record(
        [
            Action(MOVE, 1, 0, (3, 1), "8/5 6/5"),
            Action(DOUBLE, 0, 0, value=2),
            Action(TAKE, 1, 0),
            Action(MOVE, 0, 0, (6, 4), "24/18 18/14"),
            Action(DOUBLE, 1, 0, value=4),
            Action(DROP, 0, 0),
            Action(WIN, 1, 0, value=2),
        ]
    )
    assert write_mat(record).rstrip().splitlines() == [
        '; [Event "Club Night"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " Alice : 0                      Bob : 0",
        "  1)                             31: 8/5 6/5",
        "  2)  Doubles => 2                Takes",
        "  3) 64: 24/18 18/14              Doubles => 4",
        "  4)  Drops                       Wins 2 points",
    ]
    assert read_mat(write_mat(record)) == record


def test_who_drops_decides_where_the_win_goes() -> None:
    record = _record(
        [
            Action(MOVE, 0, 0, (3, 1), "8/5 6/5"),
            Action(DOUBLE, 1, 0, value=2),
            Action(DROP, 0, 0),
            Action(WIN, 1, 0, value=1),
        ]
    )
    assert (
        write_mat(record).rstrip().splitlines()[-1]
        == "  2)  Drops                       Wins 1 point"
    )
    left_doubles = _record(
        [
            Action(MOVE, 1, 0, (3, 1), "8/5 6/5"),
            Action(DOUBLE, 0, 0, value=2),
            Action(DROP, 1, 0),
            Action(WIN, 0, 0, value=1),
        ]
    )
    assert write_mat(left_doubles).rstrip().splitlines()[-2:] == [
        "  2)  Doubles => 2                Drops",
        "      Wins 1 point",
    ]
    assert read_mat(write_mat(left_doubles)) == left_doubles


def test_long_nardy_header_and_draw_line() -> None:
    record = _record(
        [
            Action(MOVE, 0, 0, (5, 2), "24/22 22/17"),
            Action(MOVE, 1, 0, (3, 1), "24/23 23/20"),
            Action(DRAW, 0, 0),
        ],
        variant="nardy",
        last_roll=True,
        draw_points=1,
    )
    text = write_mat(record)
    assert '; [Variation "LongNardy"]' in text and '; [LastRoll "On"]' in text
    assert text.rstrip().splitlines()[-1] == "      Draw"
    assert read_mat(text) == record
