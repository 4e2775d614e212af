"""Match scoring (engine/match.py): the Crawford table of match-play.md §2, the cube cases
of rules-backgammon.md §12 (B28–B35), draws and money play, and invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.match import (
    CubeState,
    Double,
    GameInput,
    MatchRules,
    MatchRulesError,
    check_double,
    game_state,
    score_match,
)

A, B = 0, 1


def win(winner: int, result: str = "single", *doubles: Double) -> GameInput:
    return GameInput(winner, result, doubles)


def taken(player: int, value: int) -> Double:
    return Double(player, value, "take")


def dropped(player: int, value: int) -> Double:
    return Double(player, value, "drop")


def lead_to(score: tuple[int, int]) -> list[GameInput]:
    """Single games, cube 1, reaching ``score`` from 0-0 (B's wins first)."""
    return [win(B)] * score[1] + [win(A)] * score[0]


def codes(result) -> list[str]:
    return [problem.code for problem in result.problems]


# Crawford table (match-play.md §2). Each case: match length, the games played, the
# expected final score, the Crawford flags of every game, the winner.
CRAWFORD_CASES = {
    "CR1 first single": (5, [win(A)], (1, 0), [False], None),
    "CR2 A reaches N-1": (
        5,
        [*lead_to((3, 2)), win(A), win(B)],
        (4, 3),
        [False] * 6 + [True],
        None,
    ),
    "CR3 gammon on a 2-cube jumps to N-1": (
        5,
        [win(A, "gammon", taken(B, 2)), win(B)],
        (4, 1),
        [False, True],
        None,
    ),
    "CR4 jump past N-1: no Crawford game": (
        5,
        [*lead_to((3, 0)), win(A, "gammon")],
        (5, 0),
        [False] * 4,
        A,
    ),
    "CR6 trailer wins the Crawford game": (
        5,
        [*lead_to((4, 2)), win(B), win(B, "single", taken(B, 2))],
        (4, 5),
        [False] * 6 + [True, False],
        B,
    ),
    "CR7 gammon in the Crawford game gives DMP": (
        5,
        [*lead_to((4, 2)), win(B, "gammon"), win(A)],
        (5, 4),
        [False] * 6 + [True, False],
        A,
    ),
    "CR8 post-Crawford drop gives DMP": (
        5,
        [*lead_to((4, 2)), win(B), win(B, "drop", dropped(B, 2))],
        (4, 4),
        [False] * 6 + [True, False],
        None,
    ),
    "CR10 leader wins the Crawford game": (
        5,
        [*lead_to((4, 2)), win(A)],
        (5, 2),
        [False] * 6 + [True],
        A,
    ),
    "CR12 1-point match: no Crawford game": (1, [win(B, "gammon")], (0, 2), [False], B),
    "CR13 uncapped: 6-5 post-Crawford, B gammon on 2": (
        7,
        [*lead_to((6, 4)), win(B), win(B, "gammon", taken(A, 2))],
        (6, 9),
        [False] * 10 + [True, False],
        B,
    ),
    "contract: 7-point match won 0-0 with an 8-cube": (
        7,
        [win(B, "single", taken(A, 2), taken(B, 4), taken(A, 8))],
        (0, 8),
        [False],
        B,
    ),
    "far behind to match point with a gammon": (
        9,
        [*lead_to((7, 0)), win(B, "gammon", taken(A, 2), taken(B, 4)), win(A)],
        (8, 8),
        [False] * 8 + [True],
        None,
    ),
}


@pytest.mark.parametrize("case", CRAWFORD_CASES, ids=list(CRAWFORD_CASES))
def test_crawford_table(case: str) -> None:
    length, games, score, crawford, winner = CRAWFORD_CASES[case]
    result = score_match(games, MatchRules(length=length))
    assert codes(result) == []
    assert result.score == score
    assert [game.crawford for game in result.games] == crawford
    assert result.winner == winner


def test_cr5_no_double_in_crawford_game_by_either_player() -> None:
    for doubler in (A, B):
        result = score_match(
            [*lead_to((4, 2)), win(doubler, "drop", dropped(doubler, 2))], MatchRules(length=5)
        )
        assert codes(result) == ["cube_in_crawford"]
        problem = result.problems[0]
        assert problem.game == 7
        assert problem.message == "A double is not allowed in the Crawford game (game 7)."


def test_cr6_post_crawford_games_are_flagged() -> None:
    result = score_match([*lead_to((4, 2)), win(B), win(B)], MatchRules(length=5))
    assert [game.post_crawford for game in result.games[-3:]] == [False, False, True]


def test_cr11_no_second_crawford_game_after_dmp_is_reached() -> None:
    # 7 points: B reaches 6 first (game 7 is the Crawford game), A climbs to 3, then wins 3.
    games = [*lead_to((0, 6)), win(A), win(A), win(A), win(A, "backgammon"), win(B)]
    result = score_match(games, MatchRules(length=7))
    assert [g.number for g in result.games if g.crawford] == [7]
    assert result.games[-1].score_before == (6, 6)
    assert not result.games[-1].crawford and result.games[-1].post_crawford
    assert result.winner == B and codes(result) == []


def test_cr14_crawford_rule_off_allows_doubles() -> None:
    games = [*lead_to((4, 2)), win(B, "drop", dropped(B, 2))]
    result = score_match(games, MatchRules(length=5, crawford=False))
    assert codes(result) == [] and not any(game.crawford for game in result.games)


def test_cr15_draw_to_both_at_match_point_is_dmp_not_crawford() -> None:
    rules = MatchRules(length=5, variant="nardy", cube=True, last_roll=True, draw_points=1)
    games = [GameInput(A, "oin")] * 3 + [GameInput(B, "oin")] * 3 + [GameInput(None, "draw")]
    games.append(GameInput(A, "oin", (taken(B, 2),)))
    result = score_match(games, rules)
    assert result.games[-1].score_before == (4, 4)
    assert not result.games[-1].crawford and codes(result) == []


def test_draw_taking_both_to_the_length_scores_nothing() -> None:
    rules = MatchRules(length=3, variant="nardy", last_roll=True, draw_points=1)
    result = score_match(
        [GameInput(A, "mars"), GameInput(B, "mars"), GameInput(None, "draw")], rules
    )
    assert result.score == (2, 2) and result.winner is None


def test_half_point_draw_can_win_the_match_for_one_side() -> None:
    rules = MatchRules(length=3, variant="nardy", last_roll=True, draw_points=0.5, crawford=False)
    games = [GameInput(A, "mars"), GameInput(None, "draw"), GameInput(None, "draw")]
    result = score_match(games, rules)
    assert result.score == (3, 1) and result.winner == A


CUBE_CASES = {
    "B28 first double dropped": ([dropped(A, 2)], "drop", A, 1),
    "B29 redouble to 4 dropped": ([taken(B, 2), dropped(A, 4)], "drop", A, 2),
    "gammon on a 2-cube": ([taken(B, 2)], "gammon", A, 4),
    "backgammon on a 4-cube": ([taken(A, 2), taken(B, 4)], "backgammon", A, 12),
}


@pytest.mark.parametrize("case", CUBE_CASES, ids=list(CUBE_CASES))
def test_cube_values(case: str) -> None:
    doubles, result_name, winner, points = CUBE_CASES[case]
    result = score_match([GameInput(winner, result_name, tuple(doubles))], MatchRules(length=15))
    assert codes(result) == []
    assert result.games[0].points == points


def test_dropped_game_records_the_cube_before_the_double() -> None:
    result = score_match([win(B, "drop", taken(A, 2), dropped(B, 4))], MatchRules(length=7))
    game = result.games[0]
    assert (game.winner, game.points, game.cube, game.result) == (B, 2, 2, "drop")


@pytest.mark.parametrize(
    ("jacoby", "doubles", "points"),
    [(True, (), 1), (True, (taken(B, 2),), 4), (False, (), 2)],
    ids=["B32 jacoby, cube not turned", "B33 jacoby, cube turned", "no jacoby"],
)
def test_jacoby_in_money_play(jacoby: bool, doubles: tuple[Double, ...], points: int) -> None:
    result = score_match([GameInput(A, "gammon", doubles)], MatchRules(length=0, jacoby=jacoby))
    assert result.games[0].points == points and result.winner is None


def test_money_options_are_rejected_in_a_match() -> None:
    with pytest.raises(MatchRulesError) as raised:
        MatchRules(length=5, jacoby=True)
    assert raised.value.code == "money_option_in_match"


def test_b35_double_by_the_player_without_the_cube() -> None:
    result = score_match(
        [win(B, "single", taken(A, 2), taken(A, 4))], MatchRules(length=7), names=("Ann", "Bo")
    )
    assert codes(result) == ["double_without_cube_ownership"]
    assert result.problems[0].message == "Ann doubled in game 1, but Bo owns the cube."
    assert result.problems[0].double == 1


@pytest.mark.parametrize(
    ("doubles", "code"),
    [
        ((Double(A, 3, "take"),), "cube_not_power_of_two"),
        ((Double(A, 4, "take"),), "double_not_twice_cube"),
        ((Double(A, 2, "maybe"),), "bad_cube_response"),
        ((dropped(A, 2), taken(B, 4)), "cube_after_drop"),
    ],
)
def test_bad_doubles(doubles: tuple[Double, ...], code: str) -> None:
    result = score_match([GameInput(A, "single", doubles)], MatchRules(length=7))
    assert code in codes(result)


def test_cube_limit_and_cube_not_in_use() -> None:
    limited = score_match(
        [win(A, "single", taken(B, 2), taken(A, 4))], MatchRules(length=9, cube_limit=2)
    )
    assert codes(limited) == ["cube_above_limit"]
    nardy = score_match([GameInput(A, "oin", (taken(B, 2),))], MatchRules.for_variant("nardy", 5))
    assert codes(nardy) == ["cube_not_in_use"]


def test_points_must_fit_the_result() -> None:
    result = score_match([GameInput(A, "gammon", (taken(B, 2),), points=3)], MatchRules(length=9))
    assert codes(result) == ["points_do_not_fit_result"]
    assert "worth 4, not 3" in result.problems[0].message
    resign = score_match([GameInput(A, "resign", (taken(B, 2),), points=5)], MatchRules(length=9))
    assert codes(resign) == ["points_do_not_fit_result"]
    fine = score_match([GameInput(A, "resign", (taken(B, 2),), points=6)], MatchRules(length=9))
    assert codes(fine) == [] and fine.score == (6, 0)


def test_game_after_match_end_and_results_of_the_other_variant() -> None:
    result = score_match([win(A, "gammon"), win(B)], MatchRules(length=1))
    assert codes(result) == ["game_after_match_end"] and result.problems[0].game == 2
    wrong = score_match([GameInput(A, "mars")], MatchRules(length=3))
    assert codes(wrong) == ["result_not_for_variant"]
    koks = score_match([GameInput(A, "koks")], MatchRules.for_variant("nardy", 3))
    assert codes(koks) == ["koks_not_in_use"]


def holland_double(turns: tuple[int, int]) -> Double:
    return Double(B, 2, "take", completed_turns=turns)


@pytest.mark.parametrize(
    ("turns", "allowed"),
    [((2, 2), True), ((2, 1), False), ((3, 2), True), ((1, 1), False)],
    ids=["H1 before B's 3rd roll", "H1 before B's 2nd roll", "H2 A moved first", "too early"],
)
def test_holland_rule(turns: tuple[int, int], allowed: bool) -> None:
    rules = MatchRules(length=5, holland=True)
    state = game_state(8, (4, 3), True, rules)
    assert state.post_crawford
    problem = check_double(state, CubeState(), holland_double(turns), rules)
    assert (problem is None) == allowed
    if problem is not None:
        assert problem.code == "holland_too_early"


def test_displayed_score_is_capped() -> None:
    result = score_match([win(B, "gammon", taken(A, 2))], MatchRules(length=3))
    assert result.score == (0, 4) and result.displayed_score == (0, 3)


# Invariants over random game sequences.
results = st.sampled_from(["single", "gammon", "backgammon", "resign"])


@st.composite
def games(draw: st.DrawFn) -> list[GameInput]:
    played = []
    for _ in range(draw(st.integers(0, 30))):
        winner = draw(st.sampled_from([A, B]))
        doublers = draw(st.lists(st.sampled_from([A, B]), max_size=3))
        doubles, owner, value = [], None, 1
        for doubler in doublers:  # legal ownership, all taken
            if owner not in (None, doubler):
                continue
            value *= 2
            doubles.append(taken(doubler, value))
            owner = 1 - doubler
        played.append(GameInput(winner, draw(results), tuple(doubles)))
    return played


@settings(max_examples=200, deadline=None)
@given(games(), st.integers(1, 15))
def test_scores_grow_and_match_ends_once(played: list[GameInput], length: int) -> None:
    result = score_match(played, MatchRules(length=length))
    totals = [sum(game.score_after) for game in result.games]
    assert totals == sorted(totals)
    assert sum(game.crawford for game in result.games) <= 1
    ended = [game.number for game in result.games if max(game.score_after) >= length]
    if ended:
        assert result.winner is not None
        after_end = {p.game for p in result.problems if p.code == "game_after_match_end"}
        assert after_end == set(range(ended[0] + 1, len(played) + 1))
    else:
        assert result.winner is None
    for game in result.games:
        if game.crawford:
            assert sorted(game.score_before).count(length - 1) == 1
            assert length > 1


def test_no_crawford_game_without_the_cube() -> None:
    rules = MatchRules.for_variant("nardy", 3)
    result = score_match([GameInput(A, "mars"), GameInput(B, "oin"), GameInput(A, "oin")], rules)
    assert not any(game.crawford or game.post_crawford for game in result.games)
    with_cube = MatchRules.for_variant("nardy", 3, cube=True)
    flagged = score_match([GameInput(A, "mars"), GameInput(B, "oin")], with_cube)
    assert [game.crawford for game in flagged.games] == [False, True]
