"""Who pays whom at the end of a night, with as few transfers as possible.

Every player ends the night with a balance; the balances sum to zero. A set of transfers
that settles them can always be found with one transfer fewer than the players with a
non-zero balance, and with fewer only when the players fall into groups whose balances
cancel out on their own: each such group of k players is settled by k - 1 transfers, so
the fewest transfers are ``n - g`` for the largest number ``g`` of disjoint zero-sum groups.
Finding ``g`` is NP-hard in general (it contains subset sum), but a chouette night has a
handful of players: up to ``EXACT_LIMIT`` non-zero balances the groups are found exactly
by a dynamic programme over subsets (2^n · n steps); above it, a greedy pass (exact
opposites first, then the largest debtor pays the largest creditor) gives at most n - 1
transfers, not always the fewest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chouette.core.errors import ChouetteError
from chouette.core.values import PlayerId

EXACT_LIMIT = 15  # 2^15 · 15 ≈ half a million steps: well under a second in CPython


@dataclass(frozen=True)
class Transfer:
    payer: PlayerId
    payee: PlayerId
    amount: int  # in points; positive


def fewest_transfers(
    balances: Mapping[PlayerId, int] | Sequence[tuple[PlayerId, int]],
    exact_limit: int = EXACT_LIMIT,
) -> tuple[Transfer, ...]:
    """Transfers that bring every balance to zero (positive: the player is owed money).

    Deterministic: the same balances in the same order give the same transfers.
    """
    items = list(balances.items() if isinstance(balances, Mapping) else balances)
    if sum(amount for _, amount in items) != 0:
        raise ChouetteError("points_not_zero_sum", total=sum(amount for _, amount in items))
    open_balances = [(player, amount) for player, amount in items if amount != 0]
    if len(open_balances) <= exact_limit:
        groups = _zero_sum_groups(open_balances)
    else:
        groups = _greedy_groups(open_balances)
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_settle_group(group))
    return tuple(transfers)


def _zero_sum_groups(items: list[tuple[PlayerId, int]]) -> list[list[tuple[PlayerId, int]]]:
    """The largest number of disjoint zero-sum groups covering every item.

    ``best[mask]`` is the most complete zero-sum groups that the items of ``mask`` can be
    cut into when removed one at a time; a mask whose sum is zero closes one more group.
    """
    n = len(items)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + items[low.bit_length() - 1][1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            most = max(most, best[mask ^ bit])
        best[mask] = most + (1 if sums[mask] == 0 else 0)
    # Walk back from the full set: the zero-sum masks on the way mark the groups' edges.
    groups: list[list[tuple[PlayerId, int]]] = []
    mask = full
    current: list[tuple[PlayerId, int]] = []
    while mask:
        closes = 1 if sums[mask] == 0 else 0
        if closes and current:
            groups.append(current)
            current = []
        target = best[mask] - closes
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] == target:
                break
        current.append(items[bit.bit_length() - 1])
        mask ^= bit
    groups.append(current)
    return [sorted(group, key=items.index) for group in reversed(groups)]


def _greedy_groups(items: list[tuple[PlayerId, int]]) -> list[list[tuple[PlayerId, int]]]:
    """Pairs of exact opposites, then everybody else as one group."""
    groups: list[list[tuple[PlayerId, int]]] = []
    rest = list(items)
    index = 0
    while index < len(rest):
        amount = rest[index][1]
        partner = next((j for j in range(index + 1, len(rest)) if rest[j][1] == -amount), None)
        if partner is None:
            index += 1
            continue
        groups.append([rest[index], rest[partner]])
        del rest[partner]
        del rest[index]
    if rest:
        groups.append(rest)
    return groups


def _settle_group(group: list[tuple[PlayerId, int]]) -> list[Transfer]:
    """A zero-sum group of k players in at most k - 1 transfers: the largest debt meets
    the largest credit each time, so every transfer clears at least one player."""
    order = {player: index for index, (player, _) in enumerate(group)}
    open_balances = dict(group)
    transfers: list[Transfer] = []
    while True:
        live = [(player, amount) for player, amount in open_balances.items() if amount]
        if not live:
            return transfers
        payer = min(live, key=lambda item: (item[1], order[item[0]]))[0]
        payee = max(live, key=lambda item: (item[1], -order[item[0]]))[0]
        amount = min(-open_balances[payer], open_balances[payee])
        transfers.append(Transfer(payer, payee, amount))
        open_balances[payer] += amount
        open_balances[payee] -= amount
