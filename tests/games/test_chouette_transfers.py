"""Who pays whom: the fewest transfers, checked against an exhaustive search."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chouette.core import EXACT_LIMIT, ChouetteError, Transfer, fewest_transfers


def settled(balances: dict[str, int], transfers: tuple[Transfer, ...]) -> bool:
    left = dict(balances)
    for transfer in transfers:
        assert transfer.amount > 0
        assert transfer.payer != transfer.payee
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return all(amount == 0 for amount in left.values())


def brute_force(amounts: list[int]) -> int:
    """The fewest transfers by exhaustive search: the first open balance is handed in full
    to each player of the other sign in turn (some optimal settlement always does this),
    and the search keeps the shortest."""
    amounts = [amount for amount in amounts if amount]

    def search(start: int) -> int:
        while start < len(amounts) and amounts[start] == 0:
            start += 1
        if start == len(amounts):
            return 0
        best = math.inf
        for other in range(start + 1, len(amounts)):
            if amounts[other] * amounts[start] < 0:
                amounts[other] += amounts[start]
                best = min(best, 1 + search(start + 1))
                amounts[other] -= amounts[start]
        return best  # type: ignore[return-value]

    return search(0)


def balances_of(amounts: list[int]) -> dict[str, int]:
    return {f"P{index}": amount for index, amount in enumerate(amounts)}


@pytest.mark.parametrize(
    ("amounts", "count"),
    [
        ([], 0),
        ([0, 0, 0], 0),
        ([5, -5], 1),
        ([3, -1, -2], 2),
        ([4, -4, 2, -2], 2),  # two pairs, not a chain of three
        ([6, -5, -1, 4, -2, -2], 4),  # two groups of three
        ([1, 1, 1, -3], 3),
        ([10, -3, -3, -4, 5, -5], 4),
        ([7, -7, 7, -7, 7, -7], 3),
        ([5, 1, -4, 1, -3], 4),  # chouette.md §9 after five games
    ],
)
def test_known_balances(amounts: list[int], count: int) -> None:
    balances = balances_of(amounts)
    transfers = fewest_transfers(balances)
    assert len(transfers) == count
    assert settled(balances, transfers)


def test_a_greedy_chain_is_beaten_where_groups_cancel_out() -> None:
    # {5, -8, 6, -3} and {4, 5, -9} cancel out on their own, so 7 - 2 = 5
    # transfers; the greedy pass (used above the exact limit) needs 6.
    amounts = [5, -8, 4, 6, 5, -3, -9]
    assert len(fewest_transfers(balances_of(amounts), exact_limit=0)) == 6
    assert brute_force(amounts) == 5
    assert len(fewest_transfers(balances_of(amounts))) == 5


def test_balances_that_do_not_sum_to_zero_are_refused() -> None:
    with pytest.raises(ChouetteError) as error:
        fewest_transfers({"A": 3, "B": -2})
    assert error.value.code == "points_not_zero_sum"


def test_the_same_balances_give_the_same_transfers() -> None:
    balances = balances_of([6, -5, -1, 4, -2, -2])
    assert fewest_transfers(balances) == fewest_transfers(list(balances.items()))


def zero_sum_lists(max_size: int, max_amount: int = 12):
    return st.lists(st.integers(-max_amount, max_amount), min_size=1, max_size=max_size).map(
        lambda amounts: [*amounts, -sum(amounts)]
    )


@settings(max_examples=300, deadline=None)
@given(zero_sum_lists(7))
def test_the_fewest_transfers_match_the_exhaustive_search(amounts: list[int]) -> None:
    balances = balances_of(amounts)
    transfers = fewest_transfers(balances)
    assert settled(balances, transfers)
    assert len(transfers) == brute_force(amounts)


@settings(max_examples=40, deadline=None)
@given(zero_sum_lists(24, 50))
def test_above_the_exact_limit_the_greedy_pass_still_settles(amounts: list[int]) -> None:
    balances = balances_of(amounts)
    transfers = fewest_transfers(balances, exact_limit=3)
    assert settled(balances, transfers)
    open_count = sum(1 for amount in amounts if amount)
    assert len(transfers) <= max(open_count - 1, 0)


def test_the_exact_limit_is_documented_and_large_enough_for_a_table() -> None:
    assert EXACT_LIMIT >= 12
    balances = balances_of([3, -3] * (EXACT_LIMIT // 2) + [0])
    assert len(fewest_transfers(balances)) == EXACT_LIMIT // 2
