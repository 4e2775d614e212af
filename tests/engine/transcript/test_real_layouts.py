"""What real exports write, one feature at a time (engine-contract.md, "Real files from
other programs"): the loser's ``Losses``/``Concedes`` cell, a capped last ``Wins``, a
resignation after rolling, Studio's ``????`` plays, matches that stop early, money
sessions whose score lines do not add up."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import replay
from engine.transcript import read_transcript

HEAD = " {length} point match\n\n Game 1\n Ann : 0                        Bob : 0\n"
OPENING = "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"


def judge(body: str, length: int = 3) -> dict:
    return replay(read_transcript(HEAD.format(length=length) + OPENING + body)).to_json()


@pytest.mark.parametrize(
    "body",
    [
        "  2) 61: 13/7 8/7                Losses 1 point\n\n      Wins 1 point\n",
        "  2) 61: 13/7 8/7\n                                 Losses 1 point\n      Wins 1 point\n",
        "  2) 61: 13/7 8/7                Concedes\n      Wins 1 point\n",
        "  2) 61: 13/7 8/7\n  3)                             Losses 1 point\n",
        "  2) 61: 13/7 8/7                Concedes\n",
        "  2) 61: 13/7 8/7\n  3)  Wins 1 point                Losses 1 point\n",
    ],
    ids=["losses-after-a-play", "losses-alone", "concedes", "losses-without-wins",
         "concedes-alone", "wins-then-losses"],
)
def test_the_losers_side_of_a_resignation(body: str) -> None:
    verdict = judge(body)
    assert verdict["valid"], verdict["errors"]
    assert verdict["games"][0]["winner"] == "Ann" and verdict["games"][0]["result"] == "resign"
    assert verdict["score"] == [1, 0]


def test_a_resignation_worth_more_than_a_backgammon_is_an_error() -> None:
    verdict = judge("  2) 61: 13/7 8/7                Losses 5 point\n\n"
                    "      Wins 5 point and the match\n", length=5)
    assert [(e["game"], e["turn"]) for e in verdict["errors"]] == [(1, 2)]


def test_a_roll_with_no_play_before_the_opponents_wins_is_a_resignation() -> None:
    verdict = judge("  2) 61: 13/7 8/7                52:\n      Wins 1 point\n")
    assert verdict["valid"], verdict["errors"]
    assert verdict["games"][0]["result"] == "resign"
    # in the middle of a game the same cell is an illegal (empty) play
    broken = judge("  2) 61: 13/7 8/7                52:\n  3) 21: 13/11 6/5\n")
    assert [(e["game"], e["turn"]) for e in broken["errors"]] == [(1, 2)]


def test_an_unwritten_play_is_an_error_and_ends_the_judging_of_its_game() -> None:
    text = (HEAD.format(length=5) + OPENING
            + "  2) 61: ????                    52: 13/8 13/11\n"
            "  3) 66: 24/12 24/12 13/1        Doubles => 2\n"  # never judged
            "      Wins 4 points\n"
            "\n Game 2\n Ann : 0                        Bob : 0\n" + OPENING
            + "  2) 61: 13/7 8/7                Losses 1 point\n      Wins 1 point\n")
    verdict = replay(read_transcript(text)).to_json()
    assert [(e["game"], e["turn"], e["text"]) for e in verdict["errors"]] == [(1, 2, "61: ????")]
    # the broken game is not counted; the next game is judged from its own start
    assert [g["number"] for g in verdict["games"]] == [2]
    assert verdict["score"] == [1, 0]


def test_a_match_that_stops_early_is_valid_with_no_winner() -> None:
    verdict = judge("  2) 61: 13/7 8/7                21: 6/5 13/11\n", length=7)
    assert verdict["valid"] and verdict["winner"] is None and verdict["games"] == []


CAPPED = (
    "  2)  Doubles => 2                Takes\n"
    "  3) 61: 13/7 8/7                Losses {points} point\n"
    "      Wins {points} point and the match\n"
)


def test_a_last_wins_that_shows_what_was_needed() -> None:
    """Galaxy writes the points the winner needed in the match's last game; the game
    counts as what the replay makes of it (a resignation: a single game)."""
    verdict = judge(CAPPED.format(points=3))
    assert verdict["valid"], verdict["errors"]
    assert verdict["games"][0]["points"] == 2
    below = judge(CAPPED.format(points=1))  # less than was needed: no cap explains it
    assert [(e["game"], e["turn"]) for e in below["errors"]] == [(1, 3)]


def test_a_capped_wins_before_the_last_game_is_an_error() -> None:
    text = (HEAD.format(length=3) + OPENING + CAPPED.format(points=3)
            + "\n Game 2\n Ann : 2                        Bob : 0\n" + OPENING)
    verdict = replay(read_transcript(text)).to_json()
    assert [(e["game"], e["turn"]) for e in verdict["errors"]] == [(1, 3)]


def test_a_money_sessions_score_lines_need_not_add_up() -> None:
    text = (HEAD.format(length=0) + OPENING
            + "  2) 61: 13/7 8/7                Losses 1 point\n      Wins 1 point\n"
            "\n Game 2\n Ann : 40                       Bob : 12\n" + OPENING)
    verdict = replay(read_transcript(text)).to_json()
    assert verdict["valid"], verdict["errors"]


def test_galaxy_header_and_crlf_and_bom() -> None:
    text = ('\ufeff; [Site "BackgammonGalaxy"]\r\n; [Player 1 Elo "1,00/0"]\r\n'
            '; [Player 2 Elo "1520,31/112"]\r\n\r\n' + HEAD.format(length=3) + OPENING
            + "  2) 61: 13/7 8/7                Losses 1 point\n      Wins 1 point\n"
            ).replace("\n", "\r\n").replace("\r\r\n", "\r\n")
    record = read_transcript(text.encode("utf-8-sig"))
    assert record.players == ("Ann", "Bob")
    assert replay(record).valid


NARDY = (Path(__file__).resolve().parent / "data" / "nardy-doc-example.mat").read_text()


def test_long_nardy_keeps_its_dialect_and_is_judged_as_strictly() -> None:
    """Long nardy's own `.mat` dialect: the full value always (no cap: a mars written as
    an oin in the deciding game is an error), a '????' play an error at its move, a file
    that stops early valid, the loser's 'Losses' line read like backgammon's."""
    assert replay(read_transcript(NARDY)).valid
    capped = replay(read_transcript(NARDY.replace("Wins 2 points and the match",
                                                  "Wins 1 point and the match")))
    assert [(e.game, e.turn, e.code) for e in capped.errors] == [
        (1, 42, "points_do_not_fit_result")]
    unwritten = replay(read_transcript(NARDY.replace("64: 16/10 10/6 ", "64: ????", 1)))
    assert [(e.game, e.turn, e.code) for e in unwritten.errors] == [(1, 3, "play_not_written")]
    cut = NARDY[: NARDY.index(" 20)")]
    stopped = replay(read_transcript(cut))
    assert stopped.valid and stopped.winner is None
    resigned = cut + "                                 Losses 1 point\n      Wins 1 point and the match\n"
    verdict = replay(read_transcript(resigned))
    assert verdict.valid and verdict.games[0].result == "resign" and verdict.winner == "Alice"


def test_a_concedes_alone_is_a_single_game_at_the_cube() -> None:
    verdict = judge("  2)  Doubles => 2                Takes\n"
                    "  3) 61: 13/7 8/7                Concedes\n", length=7)
    assert verdict["valid"], verdict["errors"]
    assert (verdict["games"][0]["points"], verdict["games"][0]["cube"]) == (2, 2)
