"""Invariants of every draw generator, over many field sizes and random results.

* nobody twice in a round (and nobody in two matches ready at once);
* round robin: every pair once per cycle;
* Swiss: no rematch, at most one bye per player, and a refusal only when no pairing
  without a rematch exists;
* double elimination: nobody out before the second loss;
* Swiss until N losses: nobody plays after the N-th loss;
* knockout: byes only in round 1, to the top seeds.
"""

from collections import Counter
from itertools import combinations

import networkx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws.double_elimination import FINAL, champion, draw_double_elimination
from tournaments.draws.knockout import MAIN, draw_knockout
from tournaments.draws.progress import Status, resolve
from tournaments.draws.round_robin import round_robin
from tournaments.draws.swiss import SwissPlayer, pair_first_round, pair_round
from tournaments.draws.swiss_losses import is_finished, pair_losses_round, still_in
from tournaments.errors import DrawError

field_sizes = st.integers(min_value=2, max_value=40)


def players_of(pairings):
    return [p for pairing in pairings for p in (pairing.first, pairing.second) if p is not None]


def play_bracket(draw, rng):
    """Random winners until nothing is ready; checks no player is in two ready matches."""
    results, order = {}, []
    while True:
        state = resolve(draw, results)
        ready = state.playable()
        if not ready:
            return state, order
        busy = [p for match in ready for p in match.players]
        assert len(busy) == len(set(busy)), "a player is in two matches at once"
        for match in ready:
            results[match.key] = rng.choice(match.players)
            order.append((match.key, match.players, results[match.key]))


@settings(max_examples=60, deadline=None)
@given(field_sizes, st.randoms(use_true_random=False))
def test_knockout_byes_only_in_round_one_to_the_top_seeds(count, rng):
    draw = draw_knockout(list(range(1, count + 1)))
    state, _ = play_bracket(draw, rng)
    size = draw.size
    byes = [m for m in state.flight(MAIN) if m.status is Status.BYE]
    assert all(m.key.round == 1 for m in byes)
    assert sorted(m.players[0] for m in byes) == list(range(1, size - count + 1))
    for rnd in range(1, draw.rounds() + 1):
        seen = [p for m in state.flight(MAIN) if m.key.round == rnd for p in m.players]
        assert len(seen) == len(set(seen))


@settings(max_examples=40, deadline=None)
@given(field_sizes, st.integers(min_value=1, max_value=2))
def test_round_robin_every_pair_once_per_cycle(count, cycles):
    rounds = round_robin(list(range(count)), cycles=cycles)
    met = Counter()
    for pairings in rounds:
        assert sorted(players_of(pairings)) == list(range(count))  # everybody once a round
        met.update(frozenset((p.first, p.second)) for p in pairings if p.second is not None)
    assert set(met) == {frozenset(pair) for pair in combinations(range(count), 2)}
    assert set(met.values()) == {cycles}


def no_pairing_exists(players, played):
    """Brute check with a plain matching: no perfect matching of new pairs, any bye."""
    ids = [p.player for p in players]
    candidates = [None] if len(ids) % 2 == 0 else [p.player for p in players if not p.had_bye]
    for bye in candidates:
        graph = networkx.Graph()
        rest = [i for i in ids if i != bye]
        graph.add_nodes_from(rest)
        graph.add_edges_from(pair for pair in combinations(rest, 2) if frozenset(pair) not in played)
        if 2 * len(networkx.max_weight_matching(graph, maxcardinality=True)) == len(rest):
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(field_sizes, st.integers(min_value=1, max_value=12), st.randoms(use_true_random=False))
def test_swiss_never_repeats_a_pair_and_gives_at_most_one_bye(count, rounds, rng):
    rounds = min(rounds, count - 1)
    seeds = list(range(1, count + 1))
    wins, byes, played = Counter(), Counter(), set()
    pairings = pair_first_round(seeds)
    for round_number in range(1, rounds + 1):
        if round_number > 1:
            field = [SwissPlayer(s, s, wins[s], byes[s]) for s in seeds]
            try:
                pairings = pair_round(field, played, round_number=round_number)
            except DrawError as error:
                assert error.code == "no_new_pairings"
                assert no_pairing_exists(field, played)
                return
        assert sorted(players_of(pairings)) == seeds
        for pairing in pairings:
            if pairing.second is None:
                byes[pairing.first] += 1
                wins[pairing.first] += 1
                continue
            pair = frozenset((pairing.first, pairing.second))
            assert pair not in played
            played.add(pair)
            wins[rng.choice(sorted(pair))] += 1
        assert max(byes.values(), default=0) <= 1


@settings(max_examples=60, deadline=None)
@given(field_sizes, st.booleans(), st.randoms(use_true_random=False))
def test_double_elimination_nobody_out_before_the_second_loss(count, reset, rng):
    draw = draw_double_elimination(list(range(1, count + 1)), reset=reset)
    state, order = play_bracket(draw, rng)
    lost = Counter()
    for _, players, winner in order:
        assert all(lost[p] < 2 for p in players), "a player played after a second loss"
        lost[next(p for p in players if p != winner)] += 1
    for flight_round in {(key.flight, key.round) for key in state.matches}:
        seen = [p for m in state.matches.values() if (m.key.flight, m.key.round) == flight_round
                for p in m.players]
        assert len(seen) == len(set(seen))
    winner = champion(state)
    survivors = {p for p in range(1, count + 1) if lost[p] < 2}
    assert winner in survivors and lost[winner] <= 1
    if reset:
        assert survivors == {winner}
    else:  # one final: its loser may be out with one loss
        assert survivors <= {winner, state[FINAL].loser}


@settings(max_examples=60, deadline=None)
@given(field_sizes, st.integers(min_value=1, max_value=3), st.one_of(st.none(), st.integers(1, 10)),
       st.randoms(use_true_random=False))
def test_swiss_until_n_losses_nobody_plays_after_the_nth_loss(count, limit, rounds, rng):
    seeds = list(range(1, count + 1))
    wins, losses, byes, played = Counter(), Counter(), Counter(), set()
    rounds_played = 0
    pairings = pair_first_round(seeds)
    while True:
        if rounds_played:
            left = still_in(seeds, losses, limit)
            if is_finished(len(left), rounds_played, rounds):
                break
            field = [SwissPlayer(s, s, wins[s], byes[s]) for s in seeds]
            pairings = pair_losses_round(field, losses, played, limit=limit)
        playing = players_of(pairings)
        assert len(playing) == len(set(playing))
        assert sorted(playing) == still_in(seeds, losses, limit)  # everyone still in plays
        assert all(losses[p] < limit for p in playing)
        for pairing in pairings:
            if pairing.second is None:
                byes[pairing.first] += 1
                wins[pairing.first] += 1
                continue
            winner = rng.choice((pairing.first, pairing.second))
            loser = pairing.second if winner == pairing.first else pairing.first
            wins[winner] += 1
            losses[loser] += 1
            played.add(frozenset((pairing.first, pairing.second)))
        rounds_played += 1
        assert rounds_played <= count * limit + 1  # every round with a match adds a loss
    assert rounds is not None or len(still_in(seeds, losses, limit)) <= 1
