"""Double elimination: winners' and losers' brackets, grand final and its reset.

Players are their seed numbers, so "the better seed wins" is ``min``.
"""

import pytest

from tournaments.draws.double_elimination import (
    FINAL,
    GRAND_FINAL,
    LOSERS,
    RESET,
    WINNERS,
    champion,
    double_elimination_places,
    draw_double_elimination,
    losses,
)
from tournaments.draws.knockout import LoserOf, MatchKey, WinnerOf
from tournaments.draws.progress import BYE, PENDING, Status, resolve
from tournaments.errors import DrawError


def play_out(draw, pick=min, results=None):
    """Confirm every ready match with ``pick`` of its two players until none is left."""
    results = dict(results or {})
    while True:
        state = resolve(draw, results)
        if not state.playable():
            return results, state
        for match in state.playable():
            results[match.key] = pick(match.players)


def sources(draw, flight, rnd):
    return [(m.top, m.bottom) for m in draw.flight(flight) if m.key.round == rnd]


def test_eight_players_structure():
    draw = draw_double_elimination(list(range(1, 9)))
    w = lambda r, n: MatchKey(WINNERS, r, n)
    lb = lambda r, n: MatchKey(LOSERS, r, n)
    assert draw.rounds(WINNERS) == 3 and draw.rounds(LOSERS) == 4
    assert sources(draw, LOSERS, 1) == [
        (LoserOf(w(1, 1)), LoserOf(w(1, 2))),
        (LoserOf(w(1, 3)), LoserOf(w(1, 4))),
    ]
    # feed of winners' round 2 losers, reversed
    assert sources(draw, LOSERS, 2) == [
        (WinnerOf(lb(1, 1)), LoserOf(w(2, 2))),
        (WinnerOf(lb(1, 2)), LoserOf(w(2, 1))),
    ]
    assert sources(draw, LOSERS, 3) == [(WinnerOf(lb(2, 1)), WinnerOf(lb(2, 2)))]
    assert sources(draw, LOSERS, 4) == [(WinnerOf(lb(3, 1)), LoserOf(w(3, 1)))]
    assert draw.match(FINAL).top == WinnerOf(w(3, 1))
    assert draw.match(FINAL).bottom == WinnerOf(lb(4, 1))


@pytest.mark.parametrize("count, losers_rounds", [(2, 0), (3, 2), (4, 2), (5, 4), (16, 6), (17, 8)])
def test_losers_bracket_has_two_rounds_per_winners_round_after_the_first(count, losers_rounds):
    assert draw_double_elimination(list(range(1, count + 1))).rounds(LOSERS) == losers_rounds


def test_favourites_win_no_reset_needed():
    draw = draw_double_elimination(list(range(1, 9)))
    _, state = play_out(draw)
    assert state[FINAL].top == 1 and state[FINAL].bottom == 2
    assert state[RESET].status is Status.EMPTY
    assert champion(state) == 1
    places = {group.first: group.players for group in double_elimination_places(state)}
    assert places[1] == (1,) and places[2] == (2,) and places[3] == (3,) and places[4] == (4,)
    assert sorted(places[5]) == [5, 6] and sorted(places[7]) == [7, 8]


def test_losers_bracket_champion_winning_the_final_forces_a_reset():
    draw = draw_double_elimination(list(range(1, 9)))
    results, _ = play_out(draw)
    results = {key: winner for key, winner in results.items() if key.flight != GRAND_FINAL}
    results[FINAL] = 2  # the losers' bracket champion wins: both have one loss
    state = resolve(draw, results)
    assert (state[RESET].top, state[RESET].bottom, state[RESET].status) == (1, 2, Status.READY)
    assert champion(state) is PENDING
    results[RESET] = 2
    state = resolve(draw, results)
    assert champion(state) == 2
    assert losses(state)[1] == 2 and losses(state).get(2) == 1


def test_without_reset_one_final_decides():
    draw = draw_double_elimination(list(range(1, 5)), reset=False)
    assert RESET not in draw
    results, _ = play_out(draw, pick=min)
    results[FINAL] = max(resolve(draw, results)[FINAL].players)
    state = resolve(draw, results)
    assert champion(state) == state[FINAL].bottom


def test_byes_in_winners_round_one_leave_empty_losers_slots():
    draw = draw_double_elimination(list(range(1, 6)))  # 8-draw, byes for seeds 1-3
    state = resolve(draw, {})
    first = [m.status for m in state.flight(LOSERS) if m.key.round == 1]
    assert first == [Status.WAITING, Status.EMPTY]  # 1-bye over 5-4; 3-bye over bye-2
    _, state = play_out(draw)
    assert champion(state) == 1
    assert sorted(p for g in double_elimination_places(state) for p in g.players) == [1, 2, 3, 4, 5]


def test_two_players_play_a_final_and_maybe_a_reset():
    draw = draw_double_elimination([1, 2])
    results = {MatchKey(WINNERS, 1, 1): 1, FINAL: 2}
    state = resolve(draw, results)
    assert state[FINAL].players == (1, 2) and state[RESET].status is Status.READY
    assert resolve(draw, {**results, FINAL: 1})[RESET].top is BYE


def test_places_wait_for_whole_rounds():
    draw = draw_double_elimination(list(range(1, 9)))
    results = {}
    for n in range(1, 5):
        results[MatchKey(WINNERS, 1, n)] = min(resolve(draw, results)[MatchKey(WINNERS, 1, n)].players)
    results[MatchKey(LOSERS, 1, 1)] = 5
    assert double_elimination_places(resolve(draw, results)) == ()
    results[MatchKey(LOSERS, 1, 2)] = 6
    (group,) = double_elimination_places(resolve(draw, results))
    assert (group.first, group.last, sorted(group.players)) == (7, 8, [7, 8])


@pytest.mark.parametrize("entrants", [[], [1], [1, 2, 2]])
def test_bad_entrants(entrants):
    with pytest.raises(DrawError) as error:
        draw_double_elimination(entrants)
    assert error.value.code in {"too_few_entrants", "duplicate_entrant"}
