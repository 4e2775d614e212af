"""Swiss until N losses. Players are their seed numbers."""

import pytest

from tournaments.draws.swiss import SwissPairing, SwissPlayer
from tournaments.draws.swiss_losses import (
    check_losses_settings,
    is_finished,
    pair_losses_round,
    still_in,
)
from tournaments.errors import DrawError


def field(wins, byes=()):
    return [SwissPlayer(seed, seed, w, int(seed in byes)) for seed, w in wins.items()]


def test_players_with_n_losses_are_left_out():
    # after round 1 of 6 (N = 1): 4, 5, 6 lost and are out
    wins = {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}
    losses = {4: 1, 5: 1, 6: 1}
    pairings = pair_losses_round(field(wins), losses, {frozenset((1, 4))}, limit=1)
    playing = {p for pairing in pairings for p in (pairing.first, pairing.second)}
    assert playing == {1, 2, 3, None}
    assert SwissPairing(3, None) in pairings  # the lowest of the three has the bye


def test_the_last_two_play_again_when_they_must():
    wins = {1: 2, 2: 1, 3: 0}
    losses = {2: 1, 3: 2}
    pairings = pair_losses_round(field(wins), losses, {frozenset((1, 2))}, limit=2)
    assert [(p.first, p.second) for p in pairings] == [(1, 2)]


def test_a_second_bye_goes_to_the_fewest_byes_when_everyone_had_one():
    wins = {1: 3, 2: 2, 3: 2}
    pairings = pair_losses_round(field(wins, byes=(1, 2, 3)), {}, set(), limit=3)
    assert SwissPairing(3, None) in pairings


def test_no_round_with_fewer_than_two_players_left():
    with pytest.raises(DrawError) as error:
        pair_losses_round(field({1: 2, 2: 0}), {2: 2}, set(), limit=2)
    assert error.value.code == "event_finished"


@pytest.mark.parametrize(
    "left, played, rounds, finished",
    [(1, 5, None, True), (0, 5, None, True), (2, 5, None, False), (3, 4, 4, True), (3, 3, 4, False)],
)
def test_the_event_ends_with_one_player_or_the_round_limit(left, played, rounds, finished):
    assert is_finished(left, played, rounds) is finished


def test_still_in_keeps_the_order_given():
    assert still_in([3, 1, 2], {1: 2, 2: 1}, 2) == [3, 2]


@pytest.mark.parametrize(
    "entrants, losses, rounds, code",
    [(1, 2, None, "too_few_entrants"), (8, 0, None, "too_few_losses"), (8, -1, None, "too_few_losses"),
     (8, 2, 0, "too_few_rounds")],
)
def test_impossible_settings_are_refused_with_a_sentence(entrants, losses, rounds, code):
    with pytest.raises(DrawError) as error:
        check_losses_settings(entrants, losses, rounds)
    assert error.value.code == code and error.value.message.endswith(".")


def _simulate_byes(entrants: int, limit: int, winner_of) -> list[tuple[int, int, list[int]]]:
    """Play a Swiss until `limit` losses to the end; per round whose bye went to a player
    who had one already: (round, that player, the players still in who had none)."""
    from collections import Counter

    wins, losses, byes = Counter(), Counter(), Counter()
    played: set[frozenset[int]] = set()
    found = []
    for round_number in range(1, 200):
        field = [SwissPlayer(p, p, wins[p], byes[p]) for p in range(1, entrants + 1)]
        if sum(1 for p in field if losses[p.player] < limit) < 2:
            break
        pairings = pair_losses_round(field, losses, played, limit=limit,
                                     round_number=round_number)
        for pairing in pairings:
            if pairing.second is None:
                if byes[pairing.first]:
                    found.append((round_number, pairing.first, [
                        p.player for p in field if losses[p.player] < limit and not byes[p.player]]))
                byes[pairing.first] += 1
                wins[pairing.first] += 1
                continue
            played.add(frozenset((pairing.first, pairing.second)))
            winner = winner_of(pairing.first, pairing.second, round_number)
            loser = pairing.second if winner == pairing.first else pairing.first
            wins[winner] += 1
            losses[loser] += 1
    return found


@pytest.mark.parametrize("results", range(12))
def test_a_second_bye_never_goes_while_a_player_still_in_has_had_none(results):
    """Issue 27: 17 players out at 3 losses; seed 1 got a second bye in round 9 while seed
    7, still in, had none. The bye goes to a player without one while there is one."""
    import random

    rng = random.Random(results)

    def winner_of(first: int, second: int, round_number: int) -> int:
        stronger, weaker = min(first, second), max(first, second)
        return stronger if rng.random() < 0.7 else weaker

    for round_number, given, still_without in _simulate_byes(17, 3, winner_of):
        assert still_without == [], (
            f"round {round_number}: a second bye for {given} while {still_without} had none")
