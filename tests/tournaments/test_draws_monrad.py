"""Monrad pairing (tournaments.draws.monrad): neighbours in the ranking, no rematches."""

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.draws.monrad import MonradPairing, pair_monrad_round
from tournaments.errors import DrawError


def pairs(pairings: list[MonradPairing]) -> list[tuple]:
    return [(p.first, p.second) for p in pairings]


@pytest.mark.parametrize("ranking, played, had_bye, expected", [
    # neighbours in the ranking
    ("ABCD", [], [], [("A", "B"), ("C", "D")]),
    ("ABCDEF", [], [], [("A", "B"), ("C", "D"), ("E", "F")]),
    # a rematch is skipped: A takes the next player free below
    ("ABCD", ["AB"], [], [("A", "C"), ("B", "D")]),
    ("ABCDEF", ["CD"], [], [("A", "B"), ("C", "E"), ("D", "F")]),
    # the first choice leaves the bottom two as a rematch: the search steps back
    ("ABCD", ["AC", "BD", "AB"], [], [("A", "D"), ("B", "C")]),
    ("ABCDEF", ["AB", "EF"], [], [("A", "C"), ("B", "E"), ("D", "F")]),
    # odd field: the lowest-ranked player without a bye sits out, listed last
    ("ABCDE", [], [], [("A", "B"), ("C", "D"), ("E", None)]),
    ("ABCDE", [], ["E"], [("A", "B"), ("C", "E"), ("D", None)]),
    ("ABC", [], ["C", "B"], [("B", "C"), ("A", None)]),
])
def test_pairs_neighbours_skipping_rematches(ranking, played, had_bye, expected):
    met = [frozenset(pair) for pair in played]
    assert pairs(pair_monrad_round(list(ranking), met, had_bye)) == expected


def test_no_pairing_without_a_rematch_tells_the_director_which_round():
    everyone = [frozenset(pair) for pair in combinations("ABCD", 2)]
    with pytest.raises(DrawError) as refused:
        pair_monrad_round(list("ABCD"), everyone, round_number=4)
    assert refused.value.code == "no_new_pairings" and refused.value.params == {"round": 4}


def test_with_repeats_allowed_each_takes_the_nearest_he_has_not_met():
    met = [frozenset(pair) for pair in ("AB", "AC", "AD", "BC", "BD")]  # only C-D is new
    assert pairs(pair_monrad_round(list("ABCD"), met, allow_repeats=True)) == [
        ("A", "B"), ("C", "D")]


def test_every_player_had_a_bye():
    with pytest.raises(DrawError) as refused:
        pair_monrad_round(list("ABC"), [], had_bye="ABC")
    assert refused.value.code == "no_bye_possible"


def test_a_player_twice_is_refused():
    with pytest.raises(DrawError) as refused:
        pair_monrad_round(["A", "B", "A", "C"])
    assert refused.value.code == "duplicate_entrant"


@given(st.integers(min_value=2, max_value=24), st.data())
def test_everyone_plays_once_and_never_again(size, data):
    """Whatever was played before, a pairing found has every player once, no rematch,
    and a bye only for an odd field, to someone who had none."""
    players = list(range(size))
    everyone = [frozenset(pair) for pair in combinations(players, 2)]
    played = data.draw(st.lists(st.sampled_from(everyone), unique=True, max_size=size))
    had_bye = data.draw(st.lists(st.sampled_from(players), unique=True, max_size=size - 1))
    try:
        pairings = pair_monrad_round(players, played, had_bye)
    except DrawError as error:
        assert error.code == "no_new_pairings"
        return
    seen = [p for pairing in pairings for p in (pairing.first, pairing.second) if p is not None]
    assert sorted(seen) == players
    assert not {frozenset((p.first, p.second)) for p in pairings if p.second is not None} & set(played)
    byes = [p.first for p in pairings if p.second is None]
    assert len(byes) == size % 2 and not set(byes) & set(had_bye)
    for pairing in pairings:
        if pairing.second is not None:
            assert players.index(pairing.first) < players.index(pairing.second)
