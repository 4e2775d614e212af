"""Avoiding first-round pairings (tournaments/draws/avoidance.py): tables and invariants."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws.avoidance import (
    avoid,
    conflicts,
    either,
    knockout_pairs,
    pair_set,
    same_group,
    seed_tiers,
    swiss_pairs,
)
from tournaments.draws.seeding import draw_size


@pytest.mark.parametrize(("entrants", "size", "pairs"), [
    (8, 8, [(0, 7), (1, 6), (2, 5), (3, 4)]),        # 1–8, 2–7, 3–6, 4–5
    (6, 8, [(2, 5), (3, 4)]),                        # seeds 1 and 2 have byes
    (5, 8, [(3, 4)]),                                # tournaments.md K3: only 5–4 plays
    (2, 2, [(0, 1)]),
])
def test_knockout_first_round_pairs(entrants, size, pairs) -> None:
    assert knockout_pairs(entrants, size) == pairs


def test_swiss_first_round_pairs_top_half_against_bottom_half() -> None:
    assert swiss_pairs(6) == [(0, 3), (1, 4), (2, 5)]
    assert swiss_pairs(5) == [(0, 2), (1, 3)]


@pytest.mark.parametrize(("entrants", "mode", "top", "tiers"), [
    (8, "rating", 0, [[0], [1], [2, 3], [4, 5, 6, 7]]),
    (6, "rating", 0, [[0], [1], [2, 3], [4, 5]]),
    (8, "partial", 2, [[0], [1], [2, 3, 4, 5, 6, 7]]),
    (4, "random", 0, [[0, 1, 2, 3]]),
    (3, "manual", 0, [[0], [1], [2]]),
])
def test_tiers_of_interchangeable_seeds(entrants, mode, top, tiers) -> None:
    assert seed_tiers(entrants, mode, top) == tiers


CLUBS = {"Ana": {"north"}, "Boris": {"south"}, "Chen": {"east"}, "Dara": {"east"},
         "Emil": {"north"}, "Fatma": {"west"}, "Gita": {"west"}, "Hugo": {"south"}}
ORDER = ["Ana", "Boris", "Chen", "Dara", "Emil", "Fatma", "Gita", "Hugo"]  # seeds 1..8


@pytest.mark.parametrize(("forbidden", "expected_pairs", "unavoidable"), [
    # Nothing to avoid: nothing moves.
    (pair_set([]), [("Ana", "Hugo"), ("Boris", "Gita"), ("Chen", "Fatma"), ("Dara", "Emil")], []),
    # Ana and Hugo are family: Hugo swaps with the nearest seed of his band (7, Gita).
    (pair_set([("Ana", "Hugo")]),
     [("Ana", "Gita"), ("Boris", "Hugo"), ("Chen", "Fatma"), ("Dara", "Emil")], []),
    # Same club: no first-round pair shares a club, so the seed order stays.
    (same_group(CLUBS), [("Ana", "Hugo"), ("Boris", "Gita"), ("Chen", "Fatma"), ("Dara", "Emil")], []),
    # Both rules: Hugo cannot move to 7 (Boris, south, would meet him), so he goes to 6.
    (either(pair_set([("Ana", "Hugo")]), same_group(CLUBS)),
     [("Ana", "Fatma"), ("Boris", "Gita"), ("Chen", "Hugo"), ("Dara", "Emil")], []),
])
def test_eight_player_knockout(forbidden, expected_pairs, unavoidable) -> None:
    pairs = knockout_pairs(8, 8)
    result = avoid(ORDER, pairs, seed_tiers(8, "rating"), forbidden)
    assert [(result.order[a], result.order[b]) for a, b in pairs] == expected_pairs
    assert list(result.unavoidable) == unavoidable


def test_a_club_cluster_is_spread_over_the_first_round() -> None:
    clubs = {f"top{i}": {f"c{i}"} for i in range(4)} | {f"low{i}": {f"c{3 - i}"} for i in range(4)}
    order = [f"top{i}" for i in range(4)] + [f"low{i}" for i in range(4)]
    pairs = knockout_pairs(8, 8)
    before = conflicts(order, pairs, same_group(clubs))
    assert len(before) == 4  # seed s meets seed 9 - s, each of its own club
    result = avoid(order, pairs, seed_tiers(8, "rating"), same_group(clubs))
    assert result.unavoidable == ()
    assert sorted(result.order[4:]) == sorted(order[4:])  # only the 5-8 band moved
    assert result.order[:4] == tuple(order[:4])


def test_what_cannot_be_avoided_is_named() -> None:
    result = avoid(["A", "B"], knockout_pairs(2, 2), seed_tiers(2, "rating"), pair_set([("A", "B")]))
    assert result.unavoidable == (("A", "B"),) and result.moved == 0
    everyone_one_club = same_group({p: {"club"} for p in "ABCD"})
    result = avoid(list("ABCD"), knockout_pairs(4, 4), seed_tiers(4, "random"), everyone_one_club)
    assert len(result.unavoidable) == 2


def test_manual_seeds_never_move() -> None:
    result = avoid(list("ABCD"), knockout_pairs(4, 4), seed_tiers(4, "manual"), pair_set([("A", "D")]))
    assert result.order == tuple("ABCD") and result.unavoidable == (("A", "D"),)


def test_combined_rules() -> None:
    forbidden = either(pair_set([("A", "H")]), same_group({"B": {"x"}, "G": {"x"}}))
    result = avoid(list("ABCDEFGH"), knockout_pairs(8, 8), seed_tiers(8, "rating"), forbidden)
    assert result.unavoidable == ()


PLAYERS = st.integers(min_value=2, max_value=12)


@st.composite
def cases(draw):
    entrants = draw(PLAYERS)
    clubs = draw(st.lists(st.integers(min_value=0, max_value=3), min_size=entrants,
                          max_size=entrants))
    mode = draw(st.sampled_from(["rating", "partial", "random", "manual"]))
    return entrants, {i: {club} for i, club in enumerate(clubs)}, mode


@settings(max_examples=150, deadline=None)
@given(cases())
def test_invariants(case) -> None:
    entrants, clubs, mode = case
    order = list(range(entrants))
    pairs = knockout_pairs(entrants, draw_size(entrants))
    tiers = seed_tiers(entrants, mode, top=4)
    forbidden = same_group(clubs)
    result = avoid(order, pairs, tiers, forbidden)
    assert sorted(result.order) == order  # a permutation
    for tier in tiers:  # nobody leaves their band
        assert sorted(result.order[i] for i in tier) == sorted(order[i] for i in tier)
    before = conflicts(order, pairs, forbidden)
    assert len(result.unavoidable) <= len(before)
    assert list(result.unavoidable) == conflicts(result.order, pairs, forbidden)
    assert avoid(order, pairs, tiers, forbidden) == result  # deterministic


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=7), st.data())
def test_a_random_seeding_finds_an_arrangement_whenever_one_exists(entrants, data) -> None:
    clubs = {i: {data.draw(st.integers(min_value=0, max_value=2))} for i in range(entrants)}
    pairs = knockout_pairs(entrants, draw_size(entrants))
    forbidden = same_group(clubs)
    best = min(len(conflicts(list(p), pairs, forbidden)) for p in permutations(range(entrants)))
    result = avoid(list(range(entrants)), pairs, seed_tiers(entrants, "random"), forbidden)
    if best == 0:
        assert result.unavoidable == ()
