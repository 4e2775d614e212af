"""Settlement of one game: docs/chouette.md §4, tests CH1–CH7 and CH9, cube options."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chouette.core import (
    Answer,
    BetEnd,
    BoardResult,
    ChouetteError,
    ChouetteSettings,
    CubeMode,
    Double,
    GameRecord,
    LineUp,
    ResultKind,
    Side,
    apply_double,
    consultants,
    cubes_available,
    settle_game,
    start_game,
)

BOX, M1, M2, M3 = "B", "M1", "M2", "M3"
TAKE, DROP = Answer.TAKE, Answer.DROP
DEFAULT = ChouetteSettings()
BEAVERS = ChouetteSettings(beavers=True, raccoons=True)
SINGLE_CUBE = ChouetteSettings(cube_mode=CubeMode.SINGLE)


def box_doubles(*answers: tuple[str, Answer]) -> Double:
    return Double(Side.BOX, answers)


def team_doubles(*answers: tuple[str, Answer]) -> Double:
    return Double(Side.TEAM, answers)


def settle(doubles, result, *, team=(M1, M2, M3), settings=DEFAULT, automatic=0):
    record = GameRecord(LineUp(BOX, tuple(team)), tuple(doubles), result, automatic)
    outcome = settle_game(settings, record)
    assert sum(points for _, points in outcome.points) == 0
    return outcome


def amounts(outcome) -> tuple[int, ...]:
    return tuple(points for _, points in outcome.points)


# docs/chouette.md §4, the examples table (box, M1, M2, M3)
@pytest.mark.parametrize(
    ("doubles", "result", "expected"),
    [
        ([], BoardResult(Side.TEAM), (-3, 1, 1, 1)),
        ([], BoardResult(Side.BOX, ResultKind.GAMMON), (3, -1, -1, -1)),
        (
            [team_doubles((M1, TAKE))],
            BoardResult(Side.BOX, ResultKind.GAMMON),
            (6, -4, -1, -1),
        ),
        (
            [
                box_doubles((M1, DROP)),
                team_doubles((M2, TAKE), (M3, TAKE)),
                box_doubles((M2, TAKE)),
            ],
            BoardResult(Side.TEAM, ResultKind.BACKGAMMON),
            (1 - 12 - 6, -1, 12, 6),
        ),
    ],
    ids=["team-single", "box-gammon-jacoby", "one-turned-cube", "dropped-and-turned"],
)
def test_examples_of_section_4(doubles, result, expected) -> None:
    assert amounts(settle(doubles, result)) == expected


def test_ch1_three_players_box_wins_single() -> None:
    outcome = settle([], BoardResult(Side.BOX), team=(M1, M2))
    assert amounts(outcome) == (2, -1, -1)


def test_ch2_dropped_member_pays_at_once_and_stops_consulting() -> None:
    team = ("C", M1, M2)
    state = start_game(DEFAULT, LineUp(BOX, team))
    assert consultants(DEFAULT, state) == (M1, M2)
    state = apply_double(DEFAULT, state, box_doubles((M1, DROP)))
    assert state.bet(M1).points == -1
    assert consultants(DEFAULT, state) == (M2,)
    outcome = settle([box_doubles((M1, DROP))], BoardResult(Side.TEAM), team=team)
    assert outcome.points_of(M1) == -1
    assert outcome.points_of(M2) == 1
    assert outcome.points_of("C") == 1
    assert outcome.points_of(BOX) == -1


def test_ch3_box_drops_one_members_cube_only() -> None:
    state = start_game(DEFAULT, LineUp(BOX, (M1, M2, M3)))
    state = apply_double(DEFAULT, state, team_doubles((M2, DROP)))
    assert state.bet(M2).points == 1
    assert state.live_members == (M1, M3)
    assert state.acting_captain == M1
    outcome = settle([team_doubles((M2, DROP))], BoardResult(Side.BOX))
    assert amounts(outcome) == (1, -1, 1, -1)
    assert outcome.bets[1].end is BetEnd.BOX_DROPPED


def test_ch4_captain_drops_highest_taker_becomes_captain() -> None:
    state = start_game(DEFAULT, LineUp(BOX, (M1, M2, M3)))
    state = apply_double(DEFAULT, state, box_doubles((M1, DROP), (M2, TAKE), (M3, TAKE)))
    assert state.acting_captain == M2
    assert state.team_order == (M2, M3, M1)
    assert state.captain_drops == (M1,)


def test_ch5_everybody_drops_box_wins_at_pre_double_values() -> None:
    doubles = [
        team_doubles((M1, TAKE)),  # M1's cube at 2, box owns it
        box_doubles((M1, DROP), (M2, DROP), (M3, DROP)),
    ]
    outcome = settle(doubles, None)
    assert amounts(outcome) == (4, -2, -1, -1)
    assert outcome.next_line[0] == BOX
    assert outcome.next_line == (BOX, M2, M3, M1)


def test_ch6_member_drops_a_redouble_pays_two() -> None:
    doubles = [team_doubles((M1, TAKE)), box_doubles((M1, DROP))]
    outcome = settle(doubles, BoardResult(Side.TEAM), team=(M2, M1))
    assert outcome.points_of(M1) == -2


def test_ch7_jacoby_backgammon_counts_only_for_turned_cube() -> None:
    outcome = settle(
        [team_doubles((M1, TAKE))],
        BoardResult(Side.BOX, ResultKind.BACKGAMMON),
        team=(M1, M2),
    )
    assert outcome.points_of(M1) == -6
    assert outcome.points_of(M2) == -1


def test_jacoby_off_gammons_count_for_centred_cubes() -> None:
    settings = ChouetteSettings(jacoby=False)
    outcome = settle([], BoardResult(Side.TEAM, ResultKind.GAMMON), settings=settings)
    assert amounts(outcome) == (-6, 2, 2, 2)


def test_ch9_box_drops_captains_cube_then_beats_acting_captain() -> None:
    doubles = [team_doubles((M1, DROP))]
    outcome = settle(doubles, BoardResult(Side.BOX, ResultKind.SINGLE))
    assert amounts(outcome) == (1, 1, -1, -1)
    assert outcome.next_line == (M1, M2, M3, BOX)


def test_automatic_double_raises_every_cube_but_does_not_turn_it() -> None:
    settings = ChouetteSettings(max_automatic_doubles=2)
    outcome = settle([], BoardResult(Side.BOX, ResultKind.GAMMON), settings=settings, automatic=2)
    assert amounts(outcome) == (12, -4, -4, -4)
    assert all(bet.owner is None and not bet.turned for bet in outcome.bets)


@pytest.mark.parametrize(
    ("double", "result", "m1_points", "m1_cube"),
    [
        (box_doubles((M1, Answer.BEAVER)), BoardResult(Side.TEAM), 4, 4),
        (box_doubles((M1, Answer.BEAVER_PASSED)), BoardResult(Side.BOX), 2, 1),
        (box_doubles((M1, Answer.RACCOON)), BoardResult(Side.BOX, ResultKind.GAMMON), -16, 8),
        (box_doubles((M1, Answer.RACCOON_PASSED)), BoardResult(Side.TEAM), -4, 1),
        (team_doubles((M1, Answer.BEAVER)), BoardResult(Side.BOX), -4, 4),
        (team_doubles((M1, Answer.BEAVER_PASSED)), BoardResult(Side.TEAM), -2, 1),
    ],
    ids=[
        "m1-beavers",
        "box-passes-beaver",
        "raccoon",
        "m1-passes-raccoon",
        "box-beavers",
        "m1-passes-box-beaver",
    ],
)
def test_beavers_and_raccoons(double, result, m1_points, m1_cube) -> None:
    outcome = settle([double], result, team=(M2, M1), settings=BEAVERS)
    assert outcome.points_of(M1) == m1_points
    assert outcome.bets[1].cube_value == m1_cube


def test_beaver_leaves_the_cube_with_the_taker() -> None:
    state = start_game(BEAVERS, LineUp(BOX, (M1, M2)))
    state = apply_double(BEAVERS, state, box_doubles((M1, Answer.BEAVER)))
    bet = state.bet(M1)
    assert (bet.value, bet.owner, bet.turned) == (4, Side.TEAM, True)


def test_captain_passing_the_box_beaver_counts_as_a_captain_drop() -> None:
    outcome = settle(
        [team_doubles((M1, Answer.BEAVER_PASSED))], BoardResult(Side.TEAM), settings=BEAVERS
    )
    assert outcome.captain_drops == (M1,)
    assert outcome.next_line == (M2, M3, M1, BOX)


def test_single_cube_team_double_box_drops_pays_every_live_member() -> None:
    doubles = [box_doubles((M1, TAKE), (M2, DROP), (M3, TAKE)), team_doubles((M1, DROP))]
    outcome = settle(doubles, None, settings=SINGLE_CUBE)
    assert amounts(outcome) == (-4 + 1, 2, -1, 2)
    assert outcome.next_line == (M1, M2, M3, BOX)


def test_single_cube_takers_share_the_team_cube() -> None:
    doubles = [box_doubles((M1, DROP), (M2, TAKE), (M3, TAKE)), team_doubles((M2, TAKE))]
    outcome = settle(doubles, BoardResult(Side.TEAM, ResultKind.GAMMON), settings=SINGLE_CUBE)
    assert [(b.member, b.cube_value, b.owner) for b in outcome.bets] == [
        (M1, 1, None),
        (M2, 4, Side.BOX),
        (M3, 4, Side.BOX),
    ]
    assert amounts(outcome) == (1 - 16, -1, 8, 8)
    assert outcome.captain_drops == (M1,)
    assert outcome.next_line == (M2, M3, M1, BOX)


def test_money_is_points_times_stake() -> None:
    outcome = settle([], BoardResult(Side.BOX))
    assert dict(outcome.money(Decimal("2.50"))) == {
        BOX: Decimal("7.50"),
        M1: Decimal("-2.50"),
        M2: Decimal("-2.50"),
        M3: Decimal("-2.50"),
    }


def test_declared_cubes_that_match_are_accepted() -> None:
    record = GameRecord(
        LineUp(BOX, (M1, M2)),
        (team_doubles((M1, TAKE)),),
        BoardResult(Side.TEAM),
        declared_cubes=((M1, 2), (M2, 1)),
    )
    assert settle_game(DEFAULT, record).points_of(BOX) == -3


def test_cubes_available_follow_ownership_and_live_bets() -> None:
    state = start_game(DEFAULT, LineUp(BOX, (M1, M2, M3)))
    state = apply_double(DEFAULT, state, team_doubles((M1, TAKE)))  # the box owns M1's cube
    state = apply_double(DEFAULT, state, box_doubles((M2, TAKE), (M3, DROP)))  # M2 owns
    assert cubes_available(state, Side.BOX) == (M1,)
    assert cubes_available(state, Side.TEAM) == (M2,)


def test_stake_is_kept_as_an_exact_decimal() -> None:
    assert ChouetteSettings(stake_per_point=0.1).stake_per_point == Decimal("0.1")


def test_a_game_cannot_seat_more_than_the_table_allows() -> None:
    with pytest.raises(ChouetteError) as error:
        settle(
            [], BoardResult(Side.BOX), team=(M1, M2, M3), settings=ChouetteSettings(max_players=3)
        )
    assert error.value.params == {"limit": 3, "count": 4}
