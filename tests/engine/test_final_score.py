"""Which final scores a match can end with (engine.match.final_score)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.match import (
    RECORDED_CUBE_LIMIT,
    MatchRules,
    final_score_problem,
    highest_winning_score,
    largest_game_points,
)

BACKGAMMON_5 = MatchRules(length=5)
NARDY_5 = MatchRules.for_variant("nardy", 5)
NARDY_5_KOKS = MatchRules.for_variant("nardy", 5, koks=True)
NARDY_5_HALVES = MatchRules.for_variant("nardy", 5, last_roll=True, draw_points=0.5)
NARDY_5_CUBE = MatchRules.for_variant("nardy", 5, cube=True)


@pytest.mark.parametrize(
    ("rules", "score", "code"),
    [
        (BACKGAMMON_5, (5, 0), None),
        (BACKGAMMON_5, (9, 3), None),  # 1–3, then a gammon on a 4-cube
        (BACKGAMMON_5, (3, 5), None),
        (BACKGAMMON_5, (4 + 3 * RECORDED_CUBE_LIMIT, 0), None),  # a backgammon on the top cube
        (BACKGAMMON_5, (5 + 3 * RECORDED_CUBE_LIMIT, 0), "score_too_high"),
        (BACKGAMMON_5, (1000, 0), "score_too_high"),
        (BACKGAMMON_5, (0, 1000), "score_too_high"),
        (BACKGAMMON_5, (5, 5), "impossible_score"),
        (BACKGAMMON_5, (0, 0), "match_unfinished"),
        (BACKGAMMON_5, (4, 2), "match_unfinished"),
        (BACKGAMMON_5, (-1, 5), "negative_score"),
        (BACKGAMMON_5, (5, 2.5), "bad_score"),
        (BACKGAMMON_5, (math.inf, 0), "score_not_a_number"),
        (BACKGAMMON_5, (5, math.nan), "score_not_a_number"),
        (BACKGAMMON_5, (10**30, 0), "score_too_high"),
        (NARDY_5, (6, 0), None),  # 4, then a mars
        (NARDY_5, (7, 0), "score_too_high"),  # no koks: 2 points at most
        (NARDY_5_KOKS, (7, 0), None),
        (NARDY_5_KOKS, (8, 0), "score_too_high"),
        (NARDY_5_HALVES, (6.5, 4.5), None),  # 4.5 after draws, then a mars
        (NARDY_5_HALVES, (7, 0), "score_too_high"),
        (NARDY_5_HALVES, (5, 4.25), "bad_score"),
        (NARDY_5_CUBE, (4 + 2 * RECORDED_CUBE_LIMIT, 0), None),  # a mars on the top cube
        (NARDY_5_CUBE, (5 + 2 * RECORDED_CUBE_LIMIT, 0), "score_too_high"),
        (MatchRules(length=0), (10**6, 3), None),  # a money session has no final score
        (MatchRules(length=5, cube_limit=8), (4 + 3 * 8, 0), None),
        (MatchRules(length=5, cube_limit=8), (5 + 3 * 8, 0), "score_too_high"),
    ],
)
def test_final_scores(rules: MatchRules, score: tuple[float, float], code: str | None) -> None:
    problem = final_score_problem(score, rules)
    assert (problem.code if problem else None) == code
    if problem is not None:
        assert problem.message.endswith(".") and not problem.message.endswith("..")


def test_the_sentence_names_the_bound() -> None:
    problem = final_score_problem((1000, 0), BACKGAMMON_5)
    assert problem is not None and problem.side == 0
    assert problem.highest == highest_winning_score(BACKGAMMON_5) == 4 + 192
    assert "196" in problem.message and "192" in problem.message


def test_the_cube_limit_of_the_rules_wins_when_lower() -> None:
    assert largest_game_points(MatchRules(length=5)) == 3 * RECORDED_CUBE_LIMIT
    assert largest_game_points(MatchRules(length=5, cube_limit=1024)) == 3 * RECORDED_CUBE_LIMIT
    assert largest_game_points(MatchRules(length=5, cube=False)) == 3
    assert largest_game_points(NARDY_5) == 2


@given(
    length=st.integers(min_value=1, max_value=25),
    games=st.lists(
        st.tuples(st.integers(0, 1), st.integers(1, 3), st.integers(0, 6)),
        min_size=1,
        max_size=80,
    ),
)
def test_every_score_a_match_can_end_with_passes(
    length: int, games: list[tuple[int, int, int]]
) -> None:
    """Games worth up to a backgammon on the top cube, played until someone reaches the
    length, always end with a score the check accepts."""
    score = [0, 0]
    for winner, multiplier, doublings in games:
        score[winner] += multiplier * 2**doublings
        if max(score) >= length:
            assert final_score_problem((score[0], score[1]), MatchRules(length=length)) is None
            return
