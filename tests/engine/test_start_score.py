"""A match that starts from a score (a handicap's spot): the running score, the Crawford
game (match-play.md §2: the first game that starts with exactly one player at match
point, so game 1 when the spot itself is N − 1), the final scores possible, and the
replay and export of a file of such a match (its first score line says the spot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.export import export_mat
from engine.match import Double, GameInput, MatchRules, final_score_problem, score_match
from engine.replay import replay
from engine.transcript import read_transcript

FIVE = MatchRules(length=5)
SINGLE_A = GameInput(winner=0, result="single")
SINGLE_B = GameInput(winner=1, result="single")

# A 3-point file of the repository (Aram left, Bella right; Bella wins 2 + 2), made a
# 5-point match where Bella starts with a point: 0–1, 0–3, then 0–5.
FIXTURE = Path(__file__).resolve().parents[2] / "games" / "fixtures" / "demo-3pt.mat"
PLAIN = FIXTURE.read_text()
SPOTTED = (
    PLAIN.replace(" 3 point match", " 5 point match")
    .replace(" Aram P. : 0                    Bella I. : 0", " Aram P. : 0                    Bella I. : 1")
    .replace(" Aram P. : 0                    Bella I. : 2", " Aram P. : 0                    Bella I. : 3")
)


@pytest.mark.parametrize(
    ("start", "games", "crawford", "score"),
    [
        ((0, 0), [SINGLE_A, SINGLE_A, SINGLE_B], [False, False, False], (2, 1)),
        # the spot counts like points won: 3 + 1 = N − 1, so game 2 is the Crawford game
        ((3, 0), [SINGLE_A, SINGLE_B, SINGLE_B], [False, True, False], (4, 2)),
        # starting at N − 1: the first game is the Crawford game
        ((4, 0), [SINGLE_B, SINGLE_B], [True, False], (4, 2)),
        ((0, 4), [SINGLE_A, SINGLE_B], [True, False], (1, 5)),
    ],
)
def test_the_running_score_and_the_crawford_game_start_from_the_spot(
    start: tuple[int, int], games: list[GameInput], crawford: list[bool], score: tuple[int, int]
) -> None:
    scored = score_match(games, FIVE, start_score=start)
    assert [game.crawford for game in scored.games] == crawford
    assert scored.games[0].score_before == start
    assert scored.score == score
    assert not scored.problems


def test_no_double_in_a_first_game_that_is_the_crawford_game() -> None:
    doubled = GameInput(winner=1, result="single", doubles=(Double(1, 2, "take"),))
    scored = score_match([doubled], FIVE, start_score=(4, 0))
    assert [problem.code for problem in scored.problems] == ["cube_in_crawford"]
    assert not score_match([doubled], FIVE).problems  # from 0–0 the same game is fine


@pytest.mark.parametrize(
    ("score", "start", "code", "side"),
    [
        ((5, 1), (0, 1), None, None),
        ((5, 0), (0, 1), "below_start_score", 1),
        ((1, 5), (2, 0), "below_start_score", 0),
        ((5, 2), (1, 1), None, None),
        ((5, 5), (1, 1), "impossible_score", None),
    ],
)
def test_no_final_score_below_the_spot(
    score: tuple[int, int], start: tuple[int, int], code: str | None, side: int | None
) -> None:
    problem = final_score_problem(score, FIVE, start)
    assert (problem and problem.code, problem and problem.side) == (code, side)


def test_a_file_of_a_spotted_match_replays_from_its_spot() -> None:
    record = read_transcript(SPOTTED)
    verdict = replay(record, start_score=(0, 1))
    assert verdict.valid, verdict.errors
    assert verdict.score == (0, 5) and verdict.winner == "Bella I."
    assert [game.crawford for game in verdict.games] == [False, False]
    # from 0–0 the first score line is wrong
    assert {e.code for e in replay(record).errors} == {"score_line_mismatch"}
    # and the plain file does not start at the spot
    assert "score_line_mismatch" in [e.code for e in replay(
        read_transcript(PLAIN.replace(" 3 point match", " 5 point match")),
        start_score=(0, 1)).errors]


def test_the_export_of_a_spotted_match_keeps_its_spot() -> None:
    exported = export_mat(read_transcript(SPOTTED), start_score=(0, 1))
    lines = [line.split() for line in exported.splitlines() if "Bella I. :" in line]
    assert [line[-1] for line in lines] == ["1", "3"]
    assert replay(read_transcript(exported), start_score=(0, 1)).valid
