"""FIBS ratings: tournaments.md §6 and the worked example §6.1."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leaderboard.core.ratings import (
    PlayerRating,
    RatedMatch,
    apply_match,
    experience_factor,
    rate_match,
    replay_by_variant,
    replay_ratings,
    upset_probability,
    win_probability,
)
from tournaments.errors import RatingError


def test_upset_probability_of_the_worked_example():
    assert upset_probability(100, 7) == pytest.approx(0.424433, abs=1e-6)
    assert win_probability(1750, 1850, 7) == pytest.approx(0.424433, abs=1e-6)
    assert win_probability(1850, 1750, 7) == pytest.approx(0.575567, abs=1e-6)


# §6.1: (winner, loser, length, winner's change, loser's change, new winner, new loser)
WORKED = [
    ("favourite wins", PlayerRating(1850, 400), PlayerRating(1750, 400), 7, 4.4918, -4.4918, 1854.49, 1745.51),
    ("underdog wins", PlayerRating(1750, 400), PlayerRating(1850, 400), 7, 6.0912, -6.0912, 1756.09, 1843.91),
    ("underdog has 150", PlayerRating(1750, 150), PlayerRating(1850, 900), 7, 21.3193, -6.0912, 1771.32, 1843.91),
    ("two new players", PlayerRating(), PlayerRating(), 5, 22.3607, -22.3607, 1522.36, 1477.64),
]


@pytest.mark.parametrize("case, winner, loser, length, gain, loss, new_winner, new_loser", WORKED)
def test_worked_example(case, winner, loser, length, gain, loss, new_winner, new_loser):
    state, change = apply_match({"w": winner, "l": loser}, RatedMatch("w", "l", length))
    assert change.winner_change == pytest.approx(gain, abs=5e-5)
    assert change.loser_change == pytest.approx(loss, abs=5e-5)
    assert round(state["w"].rating, 2) == new_winner
    assert round(state["l"].rating, 2) == new_loser
    assert state["w"].experience == winner.experience + length


def test_new_players_gain_experience_and_start_at_1500():
    ratings, history = replay_ratings([RatedMatch("a", "b", 5)])
    assert ratings == {"a": PlayerRating(1500 + history[0].winner_change, 5),
                       "b": PlayerRating(1500 + history[0].loser_change, 5)}
    assert history[0].winner_before == PlayerRating(1500.0, 0)


@pytest.mark.parametrize("experience, k", [(0, 5), (150, 3.5), (399, 1.01), (400, 1), (5000, 1)])
def test_experience_factor(experience, k):
    assert experience_factor(experience) == pytest.approx(k)


def test_experience_before_the_match_is_used():
    # 395 experience: K = 1.05 (not 1, as with experience + n)
    gain, _ = rate_match(PlayerRating(1500, 395), PlayerRating(1500, 1000), 9)
    assert gain == pytest.approx(4 * 1.05 * 3 * 0.5)


def test_longer_matches_move_ratings_more():
    assert rate_match(PlayerRating(), PlayerRating(), 11)[0] > rate_match(PlayerRating(), PlayerRating(), 3)[0]


def test_variants_keep_separate_lists():
    lists = replay_by_variant([RatedMatch("a", "b", 5, "backgammon"), RatedMatch("b", "a", 5, "nardy")])
    assert lists["backgammon"][0]["a"].rating > 1500 > lists["nardy"][0]["a"].rating
    with pytest.raises(RatingError) as error:
        replay_ratings([RatedMatch("a", "b", 5, "backgammon"), RatedMatch("b", "a", 5, "nardy")])
    assert error.value.code == "mixed_variants"


@pytest.mark.parametrize(
    "match, code",
    [(RatedMatch("a", "a", 5), "same_player"), (RatedMatch("a", "b", 0), "bad_match_length")],
)
def test_bad_matches(match, code):
    with pytest.raises(RatingError) as error:
        apply_match({}, match)
    assert error.value.code == code


matches = st.lists(
    st.builds(RatedMatch, st.integers(0, 9), st.integers(0, 9), st.sampled_from([1, 3, 5, 7, 11, 25])).filter(
        lambda m: m.winner != m.loser
    ),
    max_size=60,
)


@given(matches)
def test_replay_equals_incremental(history):
    final, changes = replay_ratings(history)
    state = {}
    for match, recorded in zip(history, changes):
        state, change = apply_match(state, match)
        assert change == recorded
    assert state == final
    for change in changes:
        assert change.winner_change > 0 > change.loser_change
    total_experience = sum(r.experience for r in final.values())
    assert total_experience == 2 * sum(m.length for m in history)
