"""The pure ladder rules: table-driven cases, and invariants with hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladders import rules
from ladders.rules import Handicap, LadderError, LadderRules


def test_a_winning_challenger_takes_the_place_and_the_ones_between_move_down() -> None:
    assert rules.after_result([1, 2, 3, 4, 5], challenger=5, challenged=2, winner=5) == [1, 5, 2, 3, 4]


@pytest.mark.parametrize("winner", [2, 5])
def test_nothing_moves_when_the_challenged_player_wins_or_the_challenger_is_above(winner: int) -> None:
    order = [1, 2, 3, 4, 5]
    assert rules.after_result(order, challenger=5, challenged=2, winner=2) == order
    assert rules.after_result([5, 1, 2], challenger=5, challenged=2, winner=winner) == [5, 1, 2]


@pytest.mark.parametrize(
    ("challenger", "challenged", "code", "extra"),
    [
        (3, 3, "self_challenge", {}),
        (3, 4, "challenge_upward", {}),
        (5, 1, "out_of_reach", {}),
        (9, 1, "not_on_ladder", {}),
        (4, 2, "challenger_paused", {"paused": frozenset({4})}),
        (4, 2, "challenged_paused", {"paused": frozenset({2})}),
        (4, 2, "too_many_open", {"open_counts": {4: 1}}),
        (4, 2, "opponent_busy", {"open_counts": {2: 1}}),
        (4, 2, "rematch_too_soon", {"recent_opponents": frozenset({2})}),
    ],
)
def test_refused_challenges_say_why(challenger: int, challenged: int, code: str, extra: dict) -> None:
    with pytest.raises(LadderError) as refused:
        rules.check_challenge([1, 2, 3, 4, 5], challenger, challenged, LadderRules(reach=3), **extra)
    assert refused.value.code == code


def test_a_challenge_within_reach_is_allowed() -> None:
    rules.check_challenge([1, 2, 3, 4, 5], 5, 2, LadderRules(reach=3))


@pytest.mark.parametrize(
    ("ratings", "length", "step", "expected"),
    [
        ((1500, 1500), 7, 150, Handicap(None, 0)),
        ((1500, 1649), 7, 150, Handicap(None, 0)),
        ((1500, 1650), 7, 150, Handicap(1, 1)),
        ((1800, 1500), 7, 150, Handicap(2, 2)),
        ((1000, 2000), 7, 150, Handicap(1, 2)),  # at most a third of 7
        ((1000, 2000), 11, 150, Handicap(1, 3)),
        ((1000, 2000), 11, 0, Handicap(None, 0)),  # handicap off
        ((None, 2000), 11, 150, Handicap(None, 0)),  # unrated: none
        ((1000, 1600), 2, 150, Handicap(None, 0)),  # a third of 2 is 0
    ],
)
def test_handicap(ratings: tuple, length: int, step: int, expected: Handicap) -> None:
    assert rules.handicap(1, ratings[0], 2, ratings[1], length=length, step=step) == expected


def test_joining_by_rating_goes_above_the_first_lower_rated() -> None:
    ratings = {1: 1800, 2: 1600, 3: 1400}
    assert rules.join([1, 2, 3], 9, 1700, ratings) == [1, 9, 2, 3]
    assert rules.join([1, 2, 3], 9, 1000, ratings) == [1, 2, 3, 9]
    assert rules.join([1, 2, 3], 9) == [1, 2, 3, 9]
    with pytest.raises(LadderError):
        rules.join([1, 2, 3], 2)


# --- invariants -----------------------------------------------------------------------------

ladders_ = st.lists(st.integers(1, 60), min_size=2, max_size=25, unique=True)


def _step(order: list[int], action: tuple, reach: int) -> list[int]:
    kind, a, b, c = action
    if not order:
        return rules.join(order, 100 + a)
    challenger = order[a % len(order)]
    if kind == "challenge":
        mine = order.index(challenger)
        if mine == 0:
            return order
        target = order[max(0, mine - 1 - b % reach)]
        rules.check_challenge(order, challenger, target, LadderRules(reach=reach))
        winner = challenger if c % 2 else target
        after = rules.after_result(order, challenger, target, winner)
        if winner == challenger:
            assert after.index(challenger) == order.index(target)  # took the loser's place
            assert after.index(target) == order.index(target) + 1  # the loser is just below
            # everyone between moved down one; nobody else moved
            for player in order:
                if player != challenger:
                    shift = 1 if order.index(target) <= order.index(player) < mine else 0
                    assert after.index(player) == order.index(player) + shift
        else:
            assert after == order
        return after
    if kind == "join":
        newcomer = 1000 + a * 100 + b
        if newcomer in order:
            return order
        return rules.join(order, newcomer, float(b * 10) if c % 2 else None,
                          {p: float(p) for p in order})
    if kind == "leave":
        after = rules.leave(order, challenger)
        assert [p for p in order if p != challenger] == after  # the rest keep their order
        return after
    after = rules.move_to(order, challenger, 1 + b % len(order))
    assert after.index(challenger) == b % len(order)
    return after


actions = st.tuples(st.sampled_from(["challenge", "join", "leave", "move"]),
                    st.integers(0, 99), st.integers(0, 99), st.integers(0, 99))


@settings(max_examples=200, deadline=None)
@given(ladders_, st.lists(actions, max_size=40), st.integers(1, 6))
def test_positions_stay_a_permutation_and_nobody_is_skipped(order: list[int], steps: list,
                                                            reach: int) -> None:
    before = set(order)
    for action in steps:
        after = _step(order, action, reach)
        assert len(after) == len(set(after))  # positions 1..n, each held once
        kind = action[0] if order else "join"  # an emptied ladder gets a newcomer
        if kind in ("challenge", "move"):
            assert set(after) == set(order)  # nobody lost or added
        elif kind == "leave":
            assert len(after) == len(order) - 1 and set(after) < set(order)
        else:
            assert set(order) <= set(after) and len(after) - len(order) <= 1
        order = after
    assert set(order) <= before | {p for p in order if p >= 100}  # only newcomers are new


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.floats(0, 3000)), st.one_of(st.none(), st.floats(0, 3000)),
       st.integers(0, 25), st.integers(0, 500))
def test_handicap_is_bounded_and_goes_to_the_lower_rated(first: float | None,
                                                         second: float | None, length: int,
                                                         step: int) -> None:
    spot = rules.handicap(1, first, 2, second, length=length, step=step)
    assert 0 <= spot.points <= length // 3
    assert (spot.to is None) == (spot.points == 0)
    if spot.points:
        assert first is not None and second is not None and step > 0
        assert spot.points <= abs(first - second) // step
        assert spot.to == (1 if first < second else 2)


@given(ladders_, st.integers(0, 99), st.integers(1, 30))
def test_a_challenge_only_reaches_upward_within_reach(order: list[int], pick: int, reach: int) -> None:
    challenger = order[pick % len(order)]
    allowed = set()
    for target in order:
        try:
            rules.check_challenge(order, challenger, target, LadderRules(reach=reach))
        except LadderError:
            continue
        allowed.add(target)
    mine = order.index(challenger)
    assert allowed == set(order[max(0, mine - reach):mine])
