"""Reading `.mat` transcripts (engine/transcript/mat_read.py): the layout of
match-play.md §6 and precise errors for what does not fit it."""

from __future__ import annotations

import pytest

from engine.errors import TranscriptError
from engine.transcript import read_mat, read_transcript
from engine.transcript.model import DOUBLE, DRAW, DROP, MOVE, TAKE, WIN, Action
from tests.engine.transcript.shared import match_files

# The example of match-play.md §6.5, games 1 and 2 (shortened), as GNU Backgammon wrote it.
EXAMPLE = """\
; [Site "Riverside Club"]
; [Event "Club Night"]

 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1)                             31: 8/5 6/5 
  2) 64: 24/18 18/14              Doubles => 2
  3)  Drops                       Wins 1 point 

 Game 2
 Alice : 0                      Bob : 1
  1)                             65: 24/18 18/13 
  2) 52: 13/8 13/11              32: 13/10 13/11 
  3)  Doubles => 2                Takes
  4) 44: 24/20 24/20 8/4 8/4     33: 13/10 11/8 6/3 6/3
  5) 21:                         11: 25/24 24/23 23/22 22/21
      Wins 2 points
"""


def test_example_header_players_and_cells() -> None:
    record = read_mat(EXAMPLE)
    assert record.variant == "backgammon" and record.match_length == 3
    assert record.players == ("Alice", "Bob")
    assert record.tags == (("Site", "Riverside Club"), ("Event", "Club Night"))
    assert record.rules.crawford and record.rules.cube
    first, second = record.games
    assert first.score == (0, 0) and second.score == (0, 1)
    assert first.actions == (
        Action(MOVE, 1, 1, (3, 1), "8/5 6/5"),
        Action(MOVE, 0, 2, (6, 4), "24/18 18/14"),
        Action(DOUBLE, 1, 2, value=2),
        Action(DROP, 0, 3),
        Action(WIN, 1, 3, value=1),
    )
    kinds = [(a.kind, a.player, a.turn) for a in second.actions[3:]]
    assert len(second.actions) == 10
    assert kinds == [
        (DOUBLE, 0, 3),
        (TAKE, 1, 3),
        (MOVE, 0, 4),
        (MOVE, 1, 4),
        (MOVE, 0, 5),
        (MOVE, 1, 5),
        (WIN, 0, 5),
    ]
    assert second.actions[-3].play == "" and second.actions[-3].dice == (2, 1)
    assert first.actions[3].line == 10


def test_other_writers_spellings() -> None:
    text = (
        '\ufeff; [Variation "Backgammon"]\n\n 5 point match\n\n Game 1\n'
        " Ann Lee, 1650 : 0    Bob (DE) : 0\n"
        "  1) 31: 8/5(2)        52: bar/off 13/11*/8\n"
        "  2) 66: Cannot Move\n"
        "                                  Wins 1 point and the match\n"
    )
    record = read_transcript(text.encode("utf-8"))
    assert record.players == ("Ann Lee", "Bob (DE)")  # GamesGrid's rating dropped, as gnubg does
    actions = record.games[0].actions
    assert actions[1].play == "bar/off 13/11*/8"
    assert actions[2] == Action(MOVE, 0, 2, (6, 6), "")
    assert actions[3] == Action(WIN, 1, 2, value=1)


def test_long_nardy_variation_and_options() -> None:
    text = (
        '; [Variation "LongNardy"]\n; [LastRoll "On"]\n; [DrawPoints "1"]\n'
        '; [BlockRule "home"]\n\n 3 point match\n\n Game 1\n A : 0    B : 0\n'
        "  1) 52: 24/22 22/17\n      Draw\n"
    )
    record = read_mat(text)
    assert record.variant == "nardy"
    assert record.rules.last_roll and record.rules.draw_points == 1 and not record.rules.cube
    assert record.option("BlockRule") == "home"
    assert record.games[0].actions[-1].kind == DRAW


def test_all_gnubg_files_read() -> None:
    files = match_files()
    assert len(files) == 30
    for path in files:
        record = read_transcript(path.read_bytes())
        assert record.games and all(game.actions for game in record.games)
        assert record.games[0].score == (0, 0)


BAD = {
    "binary junk": (b"\x00\x01\x02PK\x03\x04 7 point match", "not_text", None),
    "control characters": (b" 7 point match\n\x1b[0m Game 1\n", "not_text", 2),
    "no match length": ("; just a comment\nhello\n", "bad_header", 2),
    "nothing at all": ("", "bad_header", None),
    "cut before the score line": (" 7 point match\n\n Game 1\n", "truncated", None),
    "no games": (" 7 point match\n", "truncated", None),
    "unknown variant": (
        '; [Variation "Hypergammon"]\n 1 point match\n Game 1\n A : 0  B : 0\n',
        "unknown_variant",
        1,
    ),
    "bad score line": (" 7 point match\n Game 1\n Alice vs Bob\n", "bad_score_line", 3),
    "game numbers skip": (" 7 point match\n Game 2\n", "bad_game_number", 2),
    "move numbers skip": (
        " 7 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  3) 31: 8/5 6/5\n",
        "bad_move_number",
        5,
    ),
    "dice of seven": (" 7 point match\n Game 1\n A : 0   B : 0\n  1) 71: 8/1\n", "bad_dice", 4),
    "garbage cell": (" 7 point match\n Game 1\n A : 0   B : 0\n  1) hello\n", "bad_cell", 4),
    "three cells": (
        " 7 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5  42: 8/4 6/4  Takes\n",
        "bad_cell",
        4,
    ),
    "stray line": (
        " 7 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n what now\n",
        "bad_line",
        5,
    ),
    "players change": (
        (
            " 7 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n"
            "      Wins 1 point\n Game 2\n A : 1   C : 0\n"
        ),
        "players_changed",
        7,
    ),
    "bad tag value": (
        '; [Crawford "Maybe"]\n 7 point match\n Game 1\n A : 0   B : 0\n',
        "bad_tag",
        1,
    ),
    "bad block rule": (
        (
            '; [Variation "LongNardy"]\n; [BlockRule "Sometimes"]\n 3 point match\n Game 1\n'
            " A : 0   B : 0\n"
        ),
        "bad_tag",
        2,
    ),
    "match too long for a Match ID": (" 32768 point match\n", "bad_match_length", 1),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_transcripts(case: str) -> None:
    data, code, line = BAD[case]
    with pytest.raises(TranscriptError) as raised:
        read_transcript(data)
    assert raised.value.code == code
    assert raised.value.line == line
    if line is not None:
        assert raised.value.message.startswith(f"Line {line}") or f"Line {line}" in str(
            raised.value
        )


def test_error_says_what_was_expected() -> None:
    with pytest.raises(TranscriptError) as raised:
        read_mat(" 7 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  3) 42: 8/4\n")
    assert raised.value.message == "Line 5: expected move number 2) in game 1, found 3)."


def test_variant_argument_must_agree_with_the_tag() -> None:
    text = '; [Variation "LongNardy"]\n 1 point match\n Game 1\n A : 0   B : 0\n'
    assert read_mat(text, "nardy").variant == "nardy"
    assert read_mat(text.split("\n", 1)[1], "nardy").variant == "nardy"
    with pytest.raises(TranscriptError) as raised:
        read_mat(text, "backgammon")
    assert raised.value.code == "variant_mismatch"


def test_money_options_of_an_xg_header_do_not_apply_to_a_match() -> None:
    """XG writes its session settings; the Jacoby rule and beavers are never used in a
    match (match-play.md §1.5), so the tags are ignored there and kept in money play."""
    body = " 7 point match\n Game 1\n A : 0   B : 0\n"
    tags = '; [Jacoby "On"]\n; [Beaver "On"]\n'
    rules = read_mat(tags + body).rules
    assert not rules.jacoby and not rules.beavers
    money = read_mat(tags + body.replace(" 7 point", " 0 point")).rules
    assert money.jacoby and money.beavers and not money.is_match


@pytest.mark.parametrize(
    ("line", "players", "scores"),
    [
        (" Alice : 0                      Bob : 0", ("Alice", "Bob"), (0, 0)),
        # GNU Backgammon pads "name : score" to 31 bytes and glues the rest on
        (
            " A very very long name with many : 0\u00d8rjan \u00d8deg\u00e5rd : 0",
            ("A very very long name with many", "\u00d8rjan \u00d8deg\u00e5rd"),
            (0, 0),
        ),
        (
            " A very very long name with many : 0007 : 0",
            ("A very very long name with many", "007"),
            (0, 0),
        ),
        (
            "12345 : 10                     GamesGrid, 1650 : 9",
            ("12345", "GamesGrid"),  # the rating after the comma is dropped
            (10, 9),
        ),
        (
            "Ken : 0                              XG-Intermediate : 0 ",
            ("Ken", "XG-Intermediate"),
            (0, 0),
        ),
        (" Ann:4.5\tBob:3", ("Ann", "Bob"), (4.5, 3)),
    ],
)
def test_score_lines_of_other_writers(line: str, players: tuple[str, str], scores: tuple) -> None:
    record = read_mat(f" 7 point match\n Game 1\n{line}\n")
    assert record.players == players and record.games[0].score == scores


def test_glued_score_line_is_split_where_game_1_named_the_right_player() -> None:
    long = "Long long long long long long x"
    text = (
        f" 25 point match\n Game 1\n {long} : 0007 : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n"
        f" Game 2\n {long} : 1007 : 0\n"
    )
    record = read_mat(text)
    assert record.players == (long, "007") and record.games[1].score == (1, 0)
