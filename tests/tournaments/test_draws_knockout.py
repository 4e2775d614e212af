"""Knockout draws: tournaments.md §2 (tables K1–K7 and the worked examples).

Players are their seed numbers, so "the better seed wins" is ``min``.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.draws.knockout import (
    CONSOLATION,
    LAST_CHANCE,
    MAIN,
    ConsolationMode,
    MatchKey,
    add_flight,
    draw_from_positions,
    draw_knockout,
)
from tournaments.draws.progress import (
    BYE,
    PENDING,
    Status,
    flight_places,
    last_chance_closed,
    last_chance_entrants,
    preview_correction,
    resolve,
)
from tournaments.draws.seeding import SeedingEntrant, seed_entrants, standard_order
from tournaments.errors import DrawError


def main(rnd, number):
    return MatchKey(MAIN, rnd, number)


def cons(rnd, number):
    return MatchKey(CONSOLATION, rnd, number)


def pairs(state, flight, rnd):
    return [
        (m.top, m.bottom) for m in state.flight(flight) if m.key.round == rnd
    ]


def play_out(draw, results=None, *, upsets=(), flights=(MAIN, CONSOLATION, LAST_CHANCE)):
    """Confirm every ready match in ``flights``: the better seed wins unless listed in upsets."""
    results = dict(results or {})
    while True:
        state = resolve(draw, results)
        ready = [m for m in state.playable() if m.key.flight in flights]
        if not ready:
            return results, state
        for m in ready:
            winner = max(m.players) if m.key in upsets else min(m.players)
            results[m.key] = winner


# §2.1.3 table, top of the bracket to bottom
STANDARD_PAIRS = {
    4: "1-4 3-2",
    8: "1-8 5-4 3-6 7-2",
    16: "1-16 9-8 5-12 13-4 3-14 11-6 7-10 15-2",
    32: "1-32 17-16 9-24 25-8 5-28 21-12 13-20 29-4 3-30 19-14 11-22 27-6 7-26 23-10 15-18 31-2",
}


@pytest.mark.parametrize("size, expected", STANDARD_PAIRS.items())
def test_standard_order_matches_the_table(size, expected):
    order = standard_order(size)
    got = " ".join(f"{order[i]}-{order[i + 1]}" for i in range(0, size, 2))
    assert got == expected


def test_k1_sixteen_entrants_round_one():
    state = resolve(draw_knockout(list(range(1, 17))), {})
    assert pairs(state, MAIN, 1) == [
        (1, 16), (9, 8), (5, 12), (13, 4), (3, 14), (11, 6), (7, 10), (15, 2)
    ]


def test_k2_twelve_entrants_example():
    draw = draw_knockout(list(range(1, 13)))
    state = resolve(draw, {})
    assert pairs(state, MAIN, 1) == [
        (1, BYE), (9, 8), (5, 12), (BYE, 4), (3, BYE), (11, 6), (7, 10), (BYE, 2)
    ]
    # §2.1.5 and K2 say "six real matches", but the listed round 1 has 16 - 4 byes = 8
    # players in round 1, i.e. four real matches (9-8, 5-12, 11-6, 7-10).
    assert [m.players for m in state.playable() if m.key.round == 1] == [
        (9, 8), (5, 12), (11, 6), (7, 10)
    ]
    results, state = play_out(draw, flights=(MAIN,), upsets={main(1, 2)})
    # round 2: 1 v W(9/8), W(5/12) v 4, 3 v W(11/6), W(7/10) v 2
    assert pairs(resolve(draw, {k: v for k, v in results.items() if k.round == 1}), MAIN, 2) == [
        (1, 9), (5, 4), (3, 6), (7, 2)
    ]


def test_k3_five_entrants():
    state = resolve(draw_knockout([1, 2, 3, 4, 5]), {})
    assert [m.players for m in state.playable() if m.key.round == 1] == [(5, 4)]
    assert sum(m.status is Status.BYE for m in state.flight(MAIN)) == 3
    assert {m.players[0] for m in state.flight(MAIN) if m.status is Status.BYE} == {1, 2, 3}


def twelve_after_round_two(seed_one_loses):
    draw = draw_knockout(list(range(1, 13)))
    upsets = {main(2, 1)} if seed_one_loses else set()
    results, _ = play_out(draw, flights=(MAIN,), upsets=upsets)
    round_two = {k: v for k, v in results.items() if k.round <= 2}
    return draw, resolve(draw, round_two)


def test_k4_bye_holder_losing_round_two_meets_the_8_9_loser():
    _, state = twelve_after_round_two(seed_one_loses=True)
    assert state[main(2, 1)].players == (1, 8) and state[main(2, 1)].winner == 8
    assert (state[cons(1, 1)].top, state[cons(1, 1)].bottom) == (1, 9)
    assert state[cons(1, 1)].status is Status.READY


def test_k5_bye_holder_winning_round_two_gives_the_8_9_loser_a_bye():
    _, state = twelve_after_round_two(seed_one_loses=False)
    match = state[cons(1, 1)]
    assert (match.top, match.bottom) == (BYE, 9)
    assert match.status is Status.BYE and match.winner == 9


def test_k6_round_one_losers_only():
    draw = draw_knockout(list(range(1, 13)), consolation=ConsolationMode.ROUND_ONE_LOSERS)
    results, _ = play_out(draw, flights=(MAIN,), upsets={main(2, 1)})
    state = resolve(draw, {k: v for k, v in results.items() if k.round <= 2})
    assert 1 not in {p for m in state.flight(CONSOLATION) for p in m.players}
    assert state[cons(1, 1)].winner == 9


def test_consolation_bye_waits_for_the_reserved_player():
    draw = draw_knockout(list(range(1, 13)))
    state = resolve(draw, {main(1, 2): 8})
    assert state[cons(1, 1)].status is Status.WAITING
    assert (state[cons(1, 1)].top, state[cons(1, 1)].bottom) == (PENDING, 9)


@given(st.integers(min_value=2, max_value=130))
def test_k7_byes_and_placement(count):
    draw = draw_knockout(list(range(1, count + 1)))
    state = resolve(draw, {})
    round_one = state.flight(MAIN)[: draw.size // 2]
    assert all(m.status is not Status.EMPTY for m in round_one)  # no two byes meet
    bye_holders = sorted(m.players[0] for m in round_one if m.status is Status.BYE)
    assert bye_holders == list(range(1, draw.size - count + 1))
    assert draw.size // 2 < count <= draw.size
    placed = [p for m in round_one for p in m.players]
    assert sorted(placed) == list(range(1, count + 1))


@given(st.integers(min_value=2, max_value=70), st.randoms(use_true_random=False))
def test_every_round_places_each_survivor_once(count, rng):
    draw = draw_knockout(list(range(1, count + 1)))
    results = {}
    for _ in range(draw.rounds()):
        state = resolve(draw, results)
        for rnd in range(1, draw.rounds() + 1):
            players = [p for m in state.flight(MAIN) if m.key.round == rnd for p in m.players]
            assert len(players) == len(set(players))
        for m in state.playable():
            if m.key.flight == MAIN:
                results[m.key] = rng.choice(m.players)
    assert resolve(draw, results).champion() in range(1, count + 1)


@given(st.integers(min_value=3, max_value=70), st.randoms(use_true_random=False))
def test_seeds_one_and_two_meet_only_in_the_final(count, rng):
    draw = draw_knockout(list(range(1, count + 1)))
    results = {}
    state = resolve(draw, results)
    while state.playable():
        for m in state.playable():
            if {1, 2} <= set(m.players):
                assert m.key == main(draw.rounds(), 1)
            results[m.key] = 1 if 1 in m.players else 2 if 2 in m.players else rng.choice(m.players)
        state = resolve(draw, results)


@given(st.integers(min_value=4, max_value=70), st.randoms(use_true_random=False))
def test_consolation_gets_every_first_match_loser_and_no_first_round_rematch(count, rng):
    draw = draw_knockout(list(range(1, count + 1)))
    results, state = {}, resolve(draw, {})
    while any(m.key.flight == MAIN and m.key.round <= 2 for m in state.playable()):
        for m in state.playable():
            if m.key.flight == MAIN and m.key.round <= 2:
                results[m.key] = rng.choice(m.players)
        state = resolve(draw, results)
    first_losses = {}
    for m in sorted(state.flight(MAIN), key=lambda m: m.key.round):
        for p in m.players:
            lost_here = m.status is Status.DECIDED and m.loser == p and p not in first_losses
            if lost_here and all(
                p not in o.players or o.status is Status.BYE
                for o in state.flight(MAIN) if o.key.round < m.key.round
            ):
                first_losses[p] = m
    in_consolation = [p for m in state.flight(CONSOLATION) if m.key.round == 1 for p in m.players]
    assert sorted(in_consolation) == sorted(first_losses)
    for m in state.flight(CONSOLATION):
        if m.key.round == 1 and len(m.players) == 2:
            a, b = m.players
            assert first_losses[a].key != first_losses[b].key


def test_places_with_byes():
    draw = draw_knockout(list(range(1, 13)))
    _, state = play_out(draw, flights=(MAIN,))
    places = [(g.first, g.last, sorted(g.players)) for g in flight_places(state)]
    assert places == [
        (1, 1, [1]), (2, 2, [2]), (3, 4, [3, 4]), (5, 8, [5, 6, 7, 8]), (9, 12, [9, 10, 11, 12])
    ]


def test_places_only_for_finished_rounds():
    draw = draw_knockout(list(range(1, 9)))
    state = resolve(draw, {main(1, 1): 1, main(1, 2): 4, main(1, 3): 3})
    assert flight_places(state) == ()


def test_progressive_consolation_feeds_round_two_losers_in_reverse():
    draw = draw_knockout(list(range(1, 17)), consolation=ConsolationMode.PROGRESSIVE)
    results, _ = play_out(draw, flights=(MAIN,))
    state = resolve(draw, {k: v for k, v in results.items() if k.round <= 2})
    assert pairs(state, CONSOLATION, 1) == [(16, 9), (12, 13), (14, 11), (10, 15)]
    # main round-2 losers: 8 (M1), 5 (M2), 6 (M3), 7 (M4), fed bottom-up
    assert [m.bottom for m in state.flight(CONSOLATION) if m.key.round == 2] == [7, 6, 5, 8]
    _, final = play_out(draw, results)
    assert final.champion(CONSOLATION) in range(5, 17)


def test_progressive_three_feeds_has_a_reduce_round():
    draw = draw_knockout(list(range(1, 17)), consolation="progressive", progressive_rounds=3)
    rounds = [len([m for m in draw.flight(CONSOLATION) if m.key.round == r]) for r in range(1, 6)]
    assert rounds == [4, 4, 2, 2, 1]
    with pytest.raises(DrawError) as error:
        draw_knockout(list(range(1, 17)), consolation="progressive", progressive_rounds=4)
    assert error.value.code == "bad_progressive_rounds"


def test_last_chance_flight():
    draw = draw_knockout(list(range(1, 17)))
    results, state = play_out(draw, flights=(MAIN, CONSOLATION), upsets={cons(1, 1)})
    assert last_chance_closed(draw, state)
    early = {k: v for k, v in results.items() if k.round <= 2}
    assert not last_chance_closed(draw, resolve(draw, {k: v for k, v in early.items() if k.flight == MAIN}))
    state = resolve(draw, early)
    entrants = last_chance_entrants(draw, state)
    # main round-2 losers 5..8 (none had byes); consolation R1 (16, 9), (12, 13), (14, 11),
    # (10, 15) with 16 upsetting 9; R2 16-12 and 11-10
    assert set(entrants[:4]) == {5, 6, 7, 8}
    assert set(entrants[4:]) == {9, 13, 14, 15, 16, 11}
    full = add_flight(draw, LAST_CHANCE, sorted(entrants))
    _, final = play_out(full, early)
    assert final.champion(LAST_CHANCE) == 5
    with pytest.raises(DrawError) as error:
        add_flight(full, LAST_CHANCE, [1, 2])
    assert error.value.code == "flight_already_drawn"


def test_correction_before_the_next_match_starts():
    draw = draw_knockout(list(range(1, 9)))
    results = {main(1, 1): 1, main(1, 2): 5}
    preview = preview_correction(draw, results, main(1, 2), 4)
    assert not preview.needs_director
    changed = {(c.match, c.side, c.before, c.after) for c in preview.changes}
    assert (main(2, 1), "bottom", 5, 4) in changed
    assert (cons(1, 1), "bottom", 4, 5) in changed
    assert preview.results[main(1, 2)] == 4


@pytest.mark.parametrize("started", [(), (MatchKey(MAIN, 2, 1),)])
def test_correction_after_the_next_match_is_the_directors_call(started):
    draw = draw_knockout(list(range(1, 9)))
    results = {main(1, 1): 1, main(1, 2): 5}
    if not started:
        results[main(2, 1)] = 5
    preview = preview_correction(draw, results, main(1, 2), 4, started=started)
    assert preview.needs_director
    assert preview.started == (main(2, 1),)
    assert main(2, 1) not in preview.results


@pytest.mark.parametrize(
    "entrants, code",
    [([], "too_few_entrants"), ([7], "too_few_entrants"), ([1, 2, 1], "duplicate_entrant")],
)
def test_bad_entrants(entrants, code):
    with pytest.raises(DrawError) as error:
        draw_knockout(entrants)
    assert error.value.code == code
    assert error.value.message.endswith(".")


def test_bad_positions_and_results():
    with pytest.raises(DrawError) as error:
        draw_from_positions([None, None, 1, 2])
    assert error.value.code == "byes_meet"
    draw = draw_knockout([1, 2, 3, 4, 5])
    for results, code in [
        ({main(1, 1): 1}, "match_not_ready"),
        ({main(1, 2): 3}, "winner_not_in_match"),
        ({main(2, 1): 1}, "match_not_ready"),
        ({MatchKey(MAIN, 9, 1): 1}, "unknown_match"),
    ]:
        with pytest.raises(DrawError) as error:
            resolve(draw, results)
        assert error.value.code == code


ENTRANTS = [
    SeedingEntrant("ana", "Ana", 1840), SeedingEntrant("boris", "Boris", 1790),
    SeedingEntrant("karl", "Karl", None), SeedingEntrant("jana", "Jana", 1500),
    SeedingEntrant("lena", "Lena", 1480),
]


def test_seeding_modes():
    assert seed_entrants(ENTRANTS) == ("ana", "boris", "jana", "karl", "lena")
    partial = seed_entrants(ENTRANTS, "partial", top=2, rng=random.Random(3))
    assert partial[:2] == ("ana", "boris") and sorted(partial[2:]) == ["jana", "karl", "lena"]
    shuffled = seed_entrants(ENTRANTS, "random", rng=random.Random(3))
    assert shuffled == seed_entrants(ENTRANTS, "random", rng=random.Random(3))
    assert sorted(shuffled) == sorted(e.player for e in ENTRANTS)
    manual = {"ana": 5, "boris": 4, "karl": 3, "jana": 2, "lena": 1}
    assert seed_entrants(ENTRANTS, "manual", manual_seeds=manual) == (
        "lena", "jana", "karl", "boris", "ana"
    )


@pytest.mark.parametrize(
    "seeds, code",
    [
        ({"ana": 1, "boris": 2, "karl": 3, "jana": 4}, "seed_missing"),
        ({"ana": 1, "boris": 2, "karl": 3, "jana": 4, "lena": 6}, "seed_out_of_range"),
        ({"ana": 1, "boris": 2, "karl": 3, "jana": 4, "lena": 4}, "seed_used_twice"),
        ({"ana": 1, "boris": 2, "karl": 3, "jana": 4, "lena": 5, "zoe": 6}, "seed_for_non_entrant"),
    ],
)
def test_bad_manual_seeds(seeds, code):
    with pytest.raises(DrawError) as error:
        seed_entrants(ENTRANTS, "manual", manual_seeds=seeds)
    assert error.value.code == code


@pytest.mark.parametrize("top, code", [(3, "bad_partial_seeding"), (8, "bad_partial_seeding")])
def test_bad_partial_seeding(top, code):
    with pytest.raises(DrawError) as error:
        seed_entrants(ENTRANTS, "partial", top=top, rng=random.Random(1))
    assert error.value.code == code
