"""Avoiding first-round pairings: players of the same club, and pairs the director names
(family members, say), should not meet in round 1 when the seeding allows it.

The seeding fixes which *seed numbers* meet in round 1 (a knockout: seed s meets seed
S + 1 − s; a Swiss first round: seed i meets seed i + P/2). What the seeding leaves
open is who holds which seed inside a **tier** of equivalent seeds: seeds 3 and 4 are
interchangeable, as are 5–8, 9–16, and so on (the usual practice of drawing seeds by
lot within a band), and every non-seeded place of a partial or random seeding.
``avoid`` swaps players inside their tiers until no first-round pair is forbidden, or
no swap helps any more; it then names the pairs it could not avoid.

Pure and deterministic: the same input gives the same draw.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass

PlayerId = Hashable
Forbidden = Callable[[PlayerId, PlayerId], bool]

MAX_PASSES = 64


@dataclass(frozen=True)
class Avoidance:
    """The new seed order, how many players moved, and the forbidden pairs left."""

    order: tuple[PlayerId, ...]
    moved: int
    unavoidable: tuple[tuple[PlayerId, PlayerId], ...]


def knockout_pairs(entrants: int, size: int) -> list[tuple[int, int]]:
    """Round-1 pairs of seed indexes (0-based) of a knockout: seed s meets S + 1 − s."""
    pairs = []
    for seed in range(1, size // 2 + 1):
        other = size + 1 - seed
        if other <= entrants:
            pairs.append((seed - 1, other - 1))
    return pairs


def swiss_pairs(entrants: int) -> list[tuple[int, int]]:
    """Round-1 pairs of a Swiss event, top half against bottom half (§4.2)."""
    half = entrants // 2
    return [(i, i + half) for i in range(half)]


def seed_tiers(entrants: int, mode: str, top: int = 0) -> list[list[int]]:
    """Groups of seed indexes (0-based) whose holders may trade places.

    ``rating``: seeds 1 | 2 | 3–4 | 5–8 | 9–16 ...; ``partial``: the same bands up to
    ``top``, then all the drawn places together; ``random``: everybody; ``manual``: nobody.
    """
    if mode == "manual" or entrants < 2:
        return [[i] for i in range(entrants)]
    if mode == "random":
        return [list(range(entrants))]
    limit = entrants if mode != "partial" else max(0, min(top, entrants))
    tiers: list[list[int]] = [[0]] if limit >= 1 else []
    start = 2
    while start <= limit:
        end = min(limit, 2 * (start - 1))
        tiers.append(list(range(start - 1, end)))
        start = end + 1
    if limit < entrants:
        tiers.append(list(range(limit, entrants)))
    return tiers


def conflicts(order: Sequence[PlayerId], pairs: Sequence[tuple[int, int]],
              forbidden: Forbidden) -> list[tuple[PlayerId, PlayerId]]:
    return [(order[a], order[b]) for a, b in pairs if forbidden(order[a], order[b])]


def avoid(order: Sequence[PlayerId], pairs: Sequence[tuple[int, int]],
          tiers: Sequence[Collection[int]], forbidden: Forbidden) -> Avoidance:
    """Swap players inside their tiers until no pair of ``pairs`` is forbidden (see module).

    Each step takes the first conflicting pair and moves its lower-seeded player (then
    the other one) to the nearest place of the same tier where the swap lowers the
    number of conflicts. Stops when none is left or no such swap exists.
    """
    current = list(order)
    tier_of = {index: tuple(sorted(tier)) for tier in tiers for index in tier}
    pair_at: dict[int, int] = {}
    for number, (a, b) in enumerate(pairs):
        pair_at[a] = pair_at[b] = number

    def bad(numbers: set[int]) -> int:
        return sum(int(forbidden(current[pairs[n][0]], current[pairs[n][1]])) for n in numbers)

    def improve() -> bool:
        for a, b in pairs:
            if not forbidden(current[a], current[b]):
                continue
            for mover in sorted((a, b), reverse=True):  # the lower seed moves first
                tier = tier_of.get(mover, (mover,))
                for target in sorted(tier, key=lambda t: (abs(t - mover), t)):
                    if target == mover:
                        continue
                    touched = {pair_at[i] for i in (mover, target) if i in pair_at}
                    before = bad(touched)
                    current[mover], current[target] = current[target], current[mover]
                    if bad(touched) < before:
                        return True
                    current[mover], current[target] = current[target], current[mover]
        return False

    for _ in range(MAX_PASSES * max(1, len(pairs))):
        if not improve():
            break
    moved = sum(1 for before, after in zip(order, current, strict=True) if before != after)
    return Avoidance(tuple(current), moved, tuple(conflicts(current, pairs, forbidden)))


def pair_set(pairs: Sequence[tuple[PlayerId, PlayerId]]) -> Forbidden:
    """A ``forbidden`` test from explicit pairs (either order)."""
    named = {frozenset(pair) for pair in pairs if len(set(pair)) == 2}
    return lambda a, b: frozenset((a, b)) in named


def same_group(groups: dict[PlayerId, Collection[Hashable]]) -> Forbidden:
    """Players forbidden to meet when they share a group (a club): ``groups[player]``."""
    return lambda a, b: bool(set(groups.get(a, ())) & set(groups.get(b, ())))


def either(*tests: Forbidden) -> Forbidden:
    return lambda a, b: any(test(a, b) for test in tests)
