"""Round robin, groups and the knockout after them: tournaments.md §3.1 and §3.2."""

import functools
import operator
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.draws.knockout import MAIN
from tournaments.draws.progress import resolve
from tournaments.draws.round_robin import (
    berger_table,
    group_knockout,
    group_knockout_positions,
    round_robin,
    snake_groups,
)
from tournaments.errors import DrawError

# §3.1, FIDE's Berger tables as the document prints them
BERGER = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1",
    ],
}


@pytest.mark.parametrize("n, rounds", BERGER.items())
def test_berger_table_matches_fide(n, rounds):
    assert [" ".join(f"{a}-{b}" for a, b in pairs) for pairs in berger_table(n)] == rounds


def test_odd_field_uses_the_next_table_with_byes():
    rounds = round_robin(["a", "b", "c", "d", "e"])
    assert len(rounds) == 5
    # table for 6: whoever meets player 6 has the bye
    assert [(p.first, p.second) for p in rounds[0]] == [("a", None), ("b", "e"), ("c", "d")]
    assert [(p.first, p.second) for p in rounds[1]] == [("d", None), ("e", "c"), ("a", "b")]


@given(st.integers(min_value=2, max_value=40), st.integers(min_value=1, max_value=3))
def test_round_robin_invariants(count, cycles):
    players = [f"p{i}" for i in range(count)]
    rounds = round_robin(players, cycles=cycles)
    per_cycle = count - 1 + count % 2
    assert len(rounds) == per_cycle * cycles
    for cycle in range(cycles):
        met, byes = [], []
        for pairings in rounds[cycle * per_cycle:(cycle + 1) * per_cycle]:
            seen = [p.first for p in pairings] + [p.second for p in pairings if p.second]
            assert sorted(seen) == sorted(players)  # everybody once per round
            met += [frozenset((p.first, p.second)) for p in pairings if p.second]
            byes += [p.first for p in pairings if p.second is None]
        assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, combinations(players, 2))))
        assert sorted(byes) == (sorted(players) if count % 2 else [])


@pytest.mark.parametrize(
    "players, groups, expected",
    [
        (range(1, 9), 2, [[1, 4, 5, 8], [2, 3, 6, 7]]),
        (range(1, 13), 4, [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]),
        (range(1, 8), 3, [[1, 6, 7], [2, 5], [3, 4]]),
    ],
)
def test_snake_groups(players, groups, expected):
    assert snake_groups(list(players), groups) == expected


@pytest.mark.parametrize(
    "qualifiers, expected",
    [
        ([["A1", "A2"], ["B1", "B2"]], ["A1", "B2", "B1", "A2"]),
        (
            [["A1", "A2"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"]],
            ["A1", "B2", "C1", "D2", "B1", "A2", "D1", "C2"],
        ),
        ([["A1"], ["B1"], ["C1"]], ["A1", None, "C1", "B1"]),
    ],
)
def test_group_knockout_positions(qualifiers, expected):
    assert group_knockout_positions(qualifiers) == expected


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=4))
def test_group_mates_meet_as_late_as_the_bracket_allows(groups, per_group):
    if groups * per_group < 2:
        return
    qualifiers = [[(g, r) for r in range(per_group)] for g in range(groups)]
    positions = group_knockout_positions(qualifiers)
    draw = group_knockout(qualifiers)
    first_round = [m.players for m in resolve(draw, {}).flight(MAIN) if m.key.round == 1]
    assert sorted(p for pair in first_round for p in pair) == sorted(functools.reduce(operator.iadd, qualifiers, []))
    if per_group == 2 and groups > 1:
        halves = positions[: len(positions) // 2], positions[len(positions) // 2:]
        for group in qualifiers:
            assert sum(p in halves[0] for p in group) == 1  # a winner and runner-up split
    if per_group <= groups:
        for pair in first_round:  # never a group-mate in round 1
            assert len({p[0] for p in pair}) == len(pair)


@pytest.mark.parametrize(
    "call, code",
    [
        (lambda: round_robin(["a"]), "too_few_entrants"),
        (lambda: round_robin(["a", "b", "a"]), "duplicate_entrant"),
        (lambda: round_robin(["a", "b"], cycles=0), "bad_cycles"),
        (lambda: snake_groups(list(range(6)), 4), "bad_group_count"),
        (lambda: group_knockout_positions([["A1", "A2"], ["B1"]]), "uneven_qualifiers"),
        (lambda: berger_table(5), "bad_berger_size"),
    ],
)
def test_bad_input(call, code):
    with pytest.raises(DrawError) as error:
        call()
    assert error.value.code == code
