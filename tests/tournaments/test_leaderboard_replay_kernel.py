"""The compiled replay (``leaderboard.core.replay_kernel``) gives the floats of the
Python formula (``leaderboard.core.ratings``) bit for bit, whatever the matches."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from leaderboard.core.ratings import RatedMatch, rate, replay_ratings
from leaderboard.core.replay_kernel import RATE_SOURCE, States, rate_source_digest, replay_arrays

PLAYERS = 6

matches = st.lists(
    st.tuples(st.integers(0, PLAYERS - 1), st.integers(1, PLAYERS - 1), st.integers(1, 25)),
    min_size=1, max_size=80,
).map(lambda drawn: [(winner, (winner + offset) % PLAYERS, length)
                     for winner, offset, length in drawn])


def _compiled(listed: list[tuple[int, int, int]], parts: int = 1) -> tuple[States, list[float], list[float],
                                                                          list[float], list[int]]:
    states = States.new(PLAYERS)
    before: list[float] = []
    after: list[float] = []
    delta: list[float] = []
    experience: list[int] = []
    for chunk in np.array_split(np.array(listed, dtype=np.int64), parts):
        sides = replay_arrays(chunk[:, 0], chunk[:, 1], chunk[:, 2], states)
        before += sides.before.tolist()
        after += sides.after.tolist()
        delta += sides.delta.tolist()
        experience += sides.experience.tolist()
    return states, before, after, delta, experience


@settings(max_examples=60, deadline=None)
@given(matches, st.integers(1, 4))
def test_the_compiled_replay_gives_the_formulas_floats(listed, parts):
    final, changes = replay_ratings(RatedMatch(winner, loser, length) for winner, loser, length in listed)
    states, before, after, delta, experience = _compiled(listed, parts)  # in parts: states carry on
    expected_before, expected_after, expected_delta, expected_experience = [], [], [], []
    for change in changes:
        expected_before += [change.winner_before.rating, change.loser_before.rating]
        expected_delta += [change.winner_change, change.loser_change]
        expected_after += [change.winner_after.rating, change.loser_after.rating]
        expected_experience += [change.winner_after.experience, change.loser_after.experience]
    assert before == expected_before  # exact: the same arithmetic in the same order
    assert delta == expected_delta
    assert after == expected_after
    assert experience == expected_experience
    for player in range(PLAYERS):
        played = [m for m in listed if player in m[:2]]
        if played:
            assert states.rating[player] == final[player].rating
            assert states.experience[player] == final[player].experience
        assert states.matches[player] == len(played)


def test_the_compiled_formula_follows_a_rating_far_apart_and_a_long_match():
    states, _, after, delta, _ = _compiled([(0, 1, 25)] * 3 + [(1, 0, 1)])
    gain, loss = rate(1500.0, 0, 1500.0, 0, 25)
    assert delta[:2] == [gain, loss]
    assert after[-1] == states.rating[0]


def test_the_kernels_are_cached_only_against_the_formula_they_were_compiled_from():
    # numba checks only the file a cached kernel is defined in: after a change of
    # ratings.rate, bring RATE_SOURCE in replay_kernel.py up to date (this digest)
    assert rate_source_digest() == RATE_SOURCE, rate_source_digest()
