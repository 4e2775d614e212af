"""Standings and tiebreaks: tournaments.md §3.3 and §4.6."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.errors import StandingsError
from tournaments.standings import (
    METRICS,
    SWISS_ORDER,
    MatchResult,
    compute_standings,
)


def won(winner, loser, winner_score=5, loser_score=0, length=5):
    return MatchResult(winner, loser, winner, winner_score, loser_score, length)


# Four players tied on two wins. Among them: B beat A, A beat C and D, B beat C, D beat B,
# C beat D: head-to-head A 2, B 2, C 1, D 1. Compared again from head-to-head, B (who beat
# A) is above A and C (who beat D) above D, although A and D have the better points.
FOUR_TIED = [
    won("B", "A", 5, 4), won("A", "C"), won("A", "D"), won("B", "C", 5, 4),
    won("D", "B", 5, 4), won("C", "D"), won("E", "A", 5, 4), won("F", "B", 5, 4),
    won("C", "E"), won("D", "F", 5, 2),
]
PLAYERS = ["A", "B", "C", "D", "E", "F"]


def order_of(standings):
    return [(row.place, row.player) for row in standings.rows]


def test_head_to_head_restarts_inside_smaller_ties():
    standings = compute_standings(PLAYERS, FOUR_TIED)
    assert order_of(standings) == [(1, "B"), (2, "A"), (3, "C"), (4, "D"), (5, "F"), (6, "E")]
    assert [(s.upper, s.lower, s.metric, s.upper_value, s.lower_value) for s in standings.separations] == [
        ("B", "A", "head_to_head", 1, 0),
        ("A", "C", "head_to_head", 2, 1),
        ("C", "D", "head_to_head", 1, 0),
        ("D", "F", "wins", 2, 1),
        ("F", "E", "points_difference", -2, -4),
    ]
    assert standings.separations[0].explain() == "B is above A on head-to-head (1 to 0)."


def test_without_head_to_head_points_decide():
    standings = compute_standings(PLAYERS, FOUR_TIED, ("wins", "points_difference"))
    # points difference: A +8, C +4, B 0, D -6
    assert [row.player for row in standings.rows][:4] == ["A", "C", "B", "D"]
    assert standings.rows[0].values == {"wins": 2, "points_difference": 8}


def test_prize_sharing_option():
    standings = compute_standings(PLAYERS, FOUR_TIED, prize_sharing=True)
    assert order_of(standings)[:4] == [(1, "A"), (1, "B"), (1, "C"), (1, "D")]
    assert standings.separations[0].metric is None
    two = compute_standings(
        ["A", "B", "C", "D"], [won("A", "B"), won("C", "D"), won("C", "A"), won("A", "D"), won("B", "D")],
        prize_sharing=True,
    )
    # A and C tied on two wins and met: head-to-head decides
    assert order_of(two) == [(1, "C"), (2, "A"), (3, "B"), (4, "D")]
    cycle = [won("A", "B"), won("B", "C"), won("C", "A", 5, 4)]
    assert order_of(compute_standings(["A", "B", "C"], cycle, prize_sharing=True)) == [
        (1, "A"), (1, "B"), (1, "C")
    ]
    # by default the cycle goes to points difference: A +4, B 0, C -4
    assert order_of(compute_standings(["A", "B", "C"], cycle)) == [(1, "A"), (2, "B"), (3, "C")]


@pytest.mark.parametrize(
    "result, points_for",
    [
        (won("A", "B", 7, 3, length=5), {"A": 5, "B": 3}),  # winner's score capped at the length
        (MatchResult("A", None, "A"), {"A": 0, "B": 0}),  # bye: a win, no points
        (MatchResult("A", "B", "A", 0, 0, 5, walkover=True), {"A": 0, "B": 0}),
    ],
)
def test_points_and_wins(result, points_for):
    standings = compute_standings(["A", "B"], [result], ("wins", "points_scored"))
    assert {row.player: row.values["points_scored"] for row in standings.rows} == points_for
    assert standings.rows[0].player == "A" and standings.rows[0].values["wins"] == 1


def test_true_ties_share_the_place_and_need_a_playoff_only_where_it_matters():
    results = [won("A", "B", 5, 3), won("C", "D", 5, 3), won("A", "D", 5, 1), won("C", "B", 5, 1)]
    standings = compute_standings(["A", "B", "C", "D"], results)
    assert order_of(standings) == [(1, "A"), (1, "C"), (3, "B"), (3, "D")]
    assert [(g.first, g.last) for g in standings.place_groups()] == [(1, 2), (3, 4)]
    assert [g.players for g in standings.playoffs_needed({1})] == [("A", "C")]
    assert standings.playoffs_needed({5}) == ()
    assert standings.separations[1].explain() == "C is above B on match wins (2 to 0)."


def test_swiss_buchholz():
    results = [won("A", "B"), won("C", "D"), won("A", "C"), won("B", "D")]
    standings = compute_standings(["A", "B", "C", "D"], results, SWISS_ORDER)
    # B and C one win each; B's opponents A (2) and D (0), C's opponents D (0) and A (2)
    # Buchholz 2 each, median Buchholz equal, points difference: B +0, C +0 -> head-to-head 0-0
    assert order_of(standings) == [(1, "A"), (2, "B"), (2, "C"), (4, "D")]
    assert standings.rows[1].values["buchholz"] == 2


def test_metric_classes_describe_themselves():
    for key, metric in METRICS.items():
        assert metric.key == key and metric.name and metric.abbreviation and metric.explanation
        assert metric.higher_is_better or key == "average_pr"  # lower PR is better


@pytest.mark.parametrize(
    "players, results, order, code",
    [
        (["A", "B"], [won("A", "Z")], ("wins",), "unknown_player"),
        (["A", "B"], [MatchResult("A", "B", "C")], ("wins",), "bad_result"),
        (["A", "B"], [], ("wins", "elo"), "unknown_tiebreak"),
        (["A", "A"], [], ("wins",), "duplicate_entrant"),
    ],
)
def test_bad_input(players, results, order, code):
    with pytest.raises(StandingsError) as error:
        compute_standings(players, results, order)
    assert error.value.code == code


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.booleans(), st.integers(0, 4)), max_size=40))
def test_standings_invariants(matches):
    players = list(range(8))
    results = [
        MatchResult(a, b, a if first_wins else b, 5 if first_wins else score, score if first_wins else 5, 5)
        for a, b, first_wins, score in matches if a != b
    ]
    standings = compute_standings(players, results)
    assert sorted(row.player for row in standings.rows) == players
    places = [row.place for row in standings.rows]
    assert places[0] == 1 and places == sorted(places)
    wins = [row.values["wins"] for row in standings.rows]
    assert wins == sorted(wins, reverse=True)
    assert len(standings.separations) == len(players) - 1
    for upper, lower, separation in zip(standings.rows, standings.rows[1:], standings.separations):
        assert (separation.metric is None) == (upper.place == lower.place)
        assert lower.place == (upper.place if separation.metric is None else standings.rows.index(lower) + 1)


def values_of(standings, key):
    return {row.player: row.values[key] for row in standings.rows}


def test_sonneborn_berger_counts_the_wins_of_those_one_beat():
    # B wins twice; A, C and D once each, and of those only A beat B
    results = [won("A", "B"), won("C", "A"), won("B", "D"), won("D", "C"), won("B", "C")]
    standings = compute_standings(["A", "B", "C", "D"], results, ("wins", "sonneborn_berger"))
    wins = {"A": 1, "B": 2, "C": 1, "D": 1}
    assert values_of(standings, "wins") == wins
    assert values_of(standings, "sonneborn_berger") == {
        "A": wins["B"], "B": wins["D"] + wins["C"], "C": wins["A"], "D": wins["C"]}
    # A, C and D have one win each; A beat the strongest player
    assert [row.player for row in standings.rows][:2] == ["B", "A"]


@pytest.mark.parametrize(
    "results, expected",
    [
        # no opponent yet, or a bye only: nothing to drop
        ([], 0),
        ([MatchResult("A", None, "A")], 0),
        # two opponents (B 1 win, C 0): nothing dropped, Buchholz 1
        ([won("A", "B"), won("A", "C"), won("B", "D")], 1),
        # three opponents: B 1, C 0, D 2 -> only B counts
        ([won("A", "B"), won("A", "C"), won("D", "A"), won("B", "E"), won("D", "E")], 1),
        # a bye counts as an opponent with no wins and is the one dropped as the worst
        ([MatchResult("A", None, "A"), won("A", "B"), won("D", "A"), won("B", "E"), won("D", "E")], 1),
    ],
)
def test_median_buchholz_is_defined_for_any_number_of_opponents(results, expected):
    standings = compute_standings(["A", "B", "C", "D", "E"], results, ("wins", "median_buchholz"))
    assert values_of(standings, "median_buchholz")["A"] == expected


def test_direct_encounter_when_all_tied_players_met():
    # A, B, C one win each, all from the matches among them except C's
    results = [won("A", "B"), won("B", "C"), won("C", "A")]
    standings = compute_standings(["A", "B", "C"], results, ("wins", "head_to_head"))
    assert [row.place for row in standings.rows] == [1, 1, 1]


def test_direct_encounter_skipped_when_not_all_tied_players_met():
    # A beat B; C has not met either: the missing matches could have gone either way
    results = [won("A", "B"), won("C", "D"), won("B", "E"), won("D", "F"), won("E", "A"), won("F", "C")]
    standings = compute_standings(["A", "B", "C", "D", "E", "F"], results, ("wins", "head_to_head"))
    assert {row.place for row in standings.rows} == {1}


def test_direct_encounter_puts_first_who_beat_all_others_even_if_not_all_met():
    # A, B, C tied on two wins; A beat B and C, B and C never met
    results = [won("A", "B"), won("A", "C"), won("B", "D"), won("B", "E"), won("C", "D"),
               won("C", "E"), won("D", "A"), won("E", "A")]
    standings = compute_standings(["A", "B", "C", "D", "E"], results, ("wins", "head_to_head"))
    assert [(row.place, row.player) for row in standings.rows][:3] == [(1, "A"), (2, "B"), (2, "C")]


def test_the_pages_explain_each_tiebreak_as_its_metric_does():
    from django.utils import translation

    from tournaments.selectors.tournaments import TIEBREAKS

    with translation.override("en"):
        for key, metric in METRICS.items():
            abbreviation, name, explanation = TIEBREAKS[key]
            assert (abbreviation, str(name), str(explanation)) == (
                metric.abbreviation, metric.name, metric.explanation)
