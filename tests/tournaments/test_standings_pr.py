"""The PR metrics of the standings (tournaments.standings): average PR as a tiebreak and
dual duel points as the primary score, over plain results."""

from __future__ import annotations

import pytest

from tournaments.standings import MatchResult, compute_standings, scoring_order


def played(first, second, winner, first_pr=None, second_pr=None):
    return MatchResult(first=first, second=second, winner=winner, first_score=7 if winner == first else 3,
                       second_score=7 if winner == second else 3, length=7,
                       first_pr=first_pr, second_pr=second_pr)


def order_of(standings):
    return [row.player for row in standings.rows]


def test_average_pr_breaks_a_tie_lower_first_and_players_without_pr_last():
    # A, B and C each won one match; only the PR separates them.
    results = [
        played("A", "B", "A", 9.0, 4.0),
        played("B", "C", "B", 6.0, 3.0),
        played("C", "A", "C", None, None),  # not analysed
    ]
    standings = compute_standings(["A", "B", "C"], results, ("wins", "average_pr"))
    assert order_of(standings) == ["C", "B", "A"]
    values = {row.player: row.values["average_pr"] for row in standings.rows}
    assert values == {"A": 9.0, "B": 5.0, "C": 3.0}
    assert standings.separations[0].metric == "average_pr"

    results[1] = played("B", "C", "B", 6.0, None)  # now C has no analysed match
    standings = compute_standings(["A", "B", "C"], results, ("wins", "average_pr"))
    assert order_of(standings) == ["B", "A", "C"]
    assert standings.rows[2].values["average_pr"] is None
    assert not standings.rows[2].shared


def test_players_without_any_pr_share_the_place():
    results = [played("A", "B", "A"), played("B", "A", "B")]
    standings = compute_standings(["A", "B"], results, ("wins", "average_pr"))
    assert [row.shared for row in standings.rows] == [True, True]


@pytest.mark.parametrize(
    ("first_pr", "second_pr", "points"),
    [
        (4.0, 7.5, {"A": 2, "B": 0}),  # the winner played better: both points
        (7.5, 4.0, {"A": 1, "B": 1}),  # the loser played better: one each
        (5.0, 5.0, {"A": 1, "B": 0}),  # equal PR: no PR point
        (None, 4.0, {"A": 1, "B": 0}),  # one side not analysed: no PR point
        (None, None, {"A": 1, "B": 0}),
    ],
)
def test_dual_duel_points_of_one_match(first_pr, second_pr, points):
    standings = compute_standings(["A", "B"], [played("A", "B", "A", first_pr, second_pr)],
                                  scoring_order(("wins",), dual_duel=True))
    assert {row.player: row.values["duel_points"] for row in standings.rows} == points


def test_dual_duel_changes_the_order_of_match_wins():
    # A wins two matches playing badly; B wins one and plays better in all three.
    results = [
        played("A", "B", "A", 12.0, 3.0),
        played("A", "C", "A", 11.0, 6.0),
        played("B", "C", "B", 2.5, 8.0),
    ]
    by_wins = compute_standings(["A", "B", "C"], results, ("wins", "head_to_head"))
    assert order_of(by_wins) == ["A", "B", "C"]
    order = scoring_order(("wins", "head_to_head"), dual_duel=True)
    assert order == ("duel_points", "wins", "head_to_head")
    duel = compute_standings(["A", "B", "C"], results, order)
    assert {row.player: row.values["duel_points"] for row in duel.rows} == {"A": 2, "B": 3, "C": 1}
    assert order_of(duel) == ["B", "A", "C"]
    assert duel.separations[0].metric == "duel_points"


def test_byes_and_walkovers_give_the_winner_the_match_point_only():
    results = [
        MatchResult(first="A", second=None, winner="A"),
        MatchResult(first="B", second="C", winner="B", walkover=True, first_pr=1.0, second_pr=9.0),
    ]
    standings = compute_standings(["A", "B", "C"], results, scoring_order((), dual_duel=True))
    assert {row.player: row.values["duel_points"] for row in standings.rows} == {"A": 1, "B": 1, "C": 0}


def test_penalty_points_come_off_the_duel_points():
    standings = compute_standings(["A", "B"], [played("A", "B", "A", 3.0, 6.0)],
                                  scoring_order(("wins",), dual_duel=True), penalties={"A": 2})
    assert {row.player: row.values["duel_points"] for row in standings.rows} == {"A": 0, "B": 0}


def test_scoring_order_without_dual_duel_is_the_event_order():
    assert scoring_order(("wins", "average_pr")) == ("wins", "average_pr")
    assert scoring_order(("duel_points", "wins"), dual_duel=True) == ("duel_points", "wins")
