"""Swiss pairings: tournaments.md §4. Players are their seed numbers."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws.swiss import (
    SwissPairing,
    SwissPlayer,
    check_swiss_settings,
    pair_first_round,
    pair_round,
    swiss_rounds,
)
from tournaments.errors import DrawError


def as_pairs(pairings):
    return [(p.first, p.second) for p in pairings]


@pytest.mark.parametrize(
    "count, expected",
    [
        (8, [(1, 5), (2, 6), (3, 7), (4, 8)]),
        (7, [(1, 4), (2, 5), (3, 6), (7, None)]),
        (2, [(1, 2)]),
    ],
)
def test_first_round_top_half_against_bottom_half(count, expected):
    assert as_pairs(pair_first_round(list(range(1, count + 1)))) == expected


def test_random_first_round_is_reproducible():
    one = pair_first_round(list(range(1, 10)), rng=random.Random(5))
    assert one == pair_first_round(list(range(1, 10)), rng=random.Random(5))
    assert sorted(p for pair in as_pairs(one) for p in pair if p) == list(range(1, 10))


def players(wins, byes=()):
    """``wins`` maps seed -> match wins."""
    return [SwissPlayer(seed, seed, w, seed in byes) for seed, w in wins.items()]


def met(*pairs):
    return {frozenset(pair) for pair in pairs}


ROUND_ONE = met((1, 5), (2, 6), (3, 7), (4, 8))


@pytest.mark.parametrize(
    "wins, played, byes, expected",
    [
        # score groups {1,2,3,4} and {5,6,7,8}: top half v bottom half inside each
        ({s: int(s <= 4) for s in range(1, 9)}, ROUND_ONE, (), [(1, 3), (2, 4), (5, 7), (6, 8)]),
        # 1 and 3 have met: 1 takes the next of the bottom half
        ({s: int(s <= 4) for s in range(1, 9)}, ROUND_ONE | met((1, 3)), (), [(1, 4), (2, 3), (5, 7), (6, 8)]),
        # odd group {1,2,3}: 3 floats down into {3,4,5,6}
        ({1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}, met(), (), [(1, 2), (3, 5), (4, 6)]),
        # 1 and 2 have met: floating 3 would leave 1-2, so the next lowest (2) floats
        ({1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1}, met((1, 2)), (), [(1, 3), (2, 5), (4, 6)]),
        # odd field: the lowest of the lowest group without a bye gets it
        ({1: 1, 2: 1, 3: 0, 4: 0, 5: 0}, met(), (5,), [(1, 2), (3, 5), (4, None)]),
    ],
)
def test_later_rounds(wins, played, byes, expected):
    assert as_pairs(pair_round(players(wins, byes), played)) == expected


def test_no_new_pairing_possible():
    everyone_met = met((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
    with pytest.raises(DrawError) as error:
        pair_round(players({1: 3, 2: 2, 3: 1, 4: 0}), everyone_met, round_number=4)
    assert error.value.code == "no_new_pairings"
    with pytest.raises(DrawError) as error:
        pair_round(players({1: 1, 2: 1, 3: 0}, byes=(1, 2, 3)), met())
    assert error.value.code == "no_bye_possible"


@pytest.mark.parametrize("count, rounds", [(2, 1), (5, 3), (8, 3), (9, 4), (64, 6)])
def test_default_rounds(count, rounds):
    assert swiss_rounds(count) == rounds


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=24), st.randoms(use_true_random=False))
def test_whole_events_never_repeat_a_pair(count, rng):
    seeds = list(range(1, count + 1))
    wins = dict.fromkeys(seeds, 0)
    byes, played = set(), set()
    pairings = pair_first_round(seeds)
    for round_number in range(1, swiss_rounds(count) + 1):
        if round_number > 1:
            pairings = pair_round(players(wins, byes), played, round_number=round_number)
        seen = [p for pairing in pairings for p in (pairing.first, pairing.second) if p is not None]
        assert sorted(seen) == seeds  # everybody once per round
        for pairing in pairings:
            if pairing.second is None:
                assert pairing.first not in byes
                byes.add(pairing.first)
                wins[pairing.first] += 1
                continue
            pair = frozenset((pairing.first, pairing.second))
            assert pair not in played
            played.add(pair)
            wins[rng.choice(sorted(pair))] += 1


def test_a_matching_takes_over_when_the_search_runs_out_of_budget(monkeypatch):
    from tournaments.draws import swiss

    monkeypatch.setattr(swiss, "QUICK_SEARCH_LIMIT", 3)
    played = met((1, 5), (1, 6), (1, 7), (1, 8))
    pairs = as_pairs(pair_round(players({s: 0 for s in range(1, 9)}), played))
    assert sorted(p for pair in pairs for p in pair) == list(range(1, 9))
    assert not {frozenset(pair) for pair in pairs} & played


def test_a_big_field_out_of_budget_is_the_directors_call(monkeypatch):
    from tournaments.draws import swiss

    monkeypatch.setattr(swiss, "SEARCH_LIMIT", 3)
    monkeypatch.setattr(swiss, "MATCHING_LIMIT", 4)
    with pytest.raises(DrawError) as error:
        pair_round(players({s: 0 for s in range(1, 9)}), met((1, 5), (1, 6), (1, 7), (1, 8)))
    assert error.value.code == "pairing_search_too_long"


def test_the_matching_keeps_score_groups_together(monkeypatch):
    from tournaments.draws import swiss

    monkeypatch.setattr(swiss, "QUICK_SEARCH_LIMIT", 0)
    wins = {1: 2, 2: 2, 3: 2, 4: 2, 5: 0, 6: 0, 7: 0, 8: 0}
    pairs = as_pairs(pair_round(players(wins), met((1, 3), (2, 4), (5, 7), (6, 8))))
    assert all(wins[a] == wins[b] for a, b in pairs)


def test_no_pairing_without_repeat_is_proved_by_the_matching(monkeypatch):
    from tournaments.draws import swiss

    monkeypatch.setattr(swiss, "QUICK_SEARCH_LIMIT", 0)
    # 2 has met everyone but 1, and so has 3: they cannot both be paired
    played = met((2, 3), (2, 4), (3, 4), (1, 4))
    with pytest.raises(DrawError) as error:
        pair_round(players({1: 1, 2: 1, 3: 1, 4: 1}), played, round_number=3)
    assert error.value.code == "no_new_pairings"


def test_repeats_allowed_when_needed_and_as_few_as_possible():
    everyone_met = met((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
    pairs = as_pairs(pair_round(players({1: 3, 2: 2, 3: 1, 4: 0}), everyone_met, allow_repeats=True))
    assert sorted(p for pair in pairs for p in pair) == [1, 2, 3, 4]
    # 5 and 6 are new to everybody: only one pair has to repeat
    played = everyone_met | met((5, 6))
    pairs = as_pairs(pair_round(players({s: 0 for s in range(1, 7)}), played, allow_repeats=True))
    assert sum(frozenset(pair) in played for pair in pairs) == 1


def test_a_second_bye_only_when_repeats_are_allowed_and_to_the_fewest_byes():
    field = [SwissPlayer(1, 1, 2, 1), SwissPlayer(2, 2, 1, 2), SwissPlayer(3, 3, 0, 1)]
    with pytest.raises(DrawError) as error:
        pair_round(field, met())
    assert error.value.code == "no_bye_possible"
    pairings = pair_round(field, met(), repeat_byes=True)
    assert SwissPairing(3, None) in pairings  # 3 and 1 have one bye each: the lower one


@pytest.mark.parametrize(
    "entrants, rounds, code",
    [(1, None, "too_few_entrants"), (4, 0, "too_few_rounds"), (4, 4, "too_many_rounds"),
     (9, 9, "too_many_rounds")],
)
def test_impossible_settings_are_refused_with_a_sentence(entrants, rounds, code):
    with pytest.raises(DrawError) as error:
        check_swiss_settings(entrants, rounds)
    assert error.value.code == code and error.value.message.endswith(".")


@pytest.mark.parametrize("entrants, rounds", [(2, 1), (4, 3), (9, 8), (512, 9)])
def test_possible_settings_pass(entrants, rounds):
    check_swiss_settings(entrants, rounds)
