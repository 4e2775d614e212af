"""Round robins (circle / Berger method), groups by snake seeding, and the knockout after.

tournaments.md §3.1 and §3.2. Within a pair the order follows FIDE's Berger tables; in
backgammon and long nardy it decides nothing (the opening roll decides who starts).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from tournaments.draws.knockout import ConsolationMode, KnockoutDraw, draw_from_positions
from tournaments.draws.seeding import check_entrants, draw_size, standard_order
from tournaments.errors import DrawError

PlayerId = Hashable


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """Rounds of pairs of player numbers 1..n (n even), as in FIDE's Berger tables.

    Round r: the x with 2x = r + 1 (mod n - 1) plays n (n sits second in odd rounds,
    first in even rounds); board i pairs x + i with x - i (mod n - 1, numbers 1..n-1).
    """
    if n < 2 or n % 2:
        raise DrawError(
            "bad_berger_size",
            f"A Berger table is for an even number of players; {n} is not.",
            {"players": n},
        )
    modulus = n - 1

    def wrap(value: int) -> int:
        return (value - 1) % modulus + 1

    table: list[list[tuple[int, int]]] = []
    for rnd in range(1, n):
        x = next(x for x in range(1, n) if (2 * x - rnd - 1) % modulus == 0)
        pairs = [(x, n) if rnd % 2 else (n, x)]
        pairs.extend((wrap(x + i), wrap(x - i)) for i in range(1, n // 2))
        table.append(pairs)
    return table


@dataclass(frozen=True, slots=True)
class Pairing:
    round: int  # 1-based, counting across cycles
    first: PlayerId
    second: PlayerId | None  # None: ``first`` has the bye


def round_robin(players: Sequence[PlayerId], *, cycles: int = 1) -> list[list[Pairing]]:
    """All rounds for ``players`` (player number = position + 1), §3.1.

    An odd field gets a dummy player; whoever meets it has the bye, listed as
    ``Pairing(round, player, None)``. A double round robin (``cycles=2``) repeats the cycle.
    """
    check_entrants(players, what="A round robin")
    if cycles < 1:
        raise DrawError(
            "bad_cycles",
            f"A round robin is played at least once; {cycles} cycles were asked for.",
            {"cycles": cycles},
        )
    count = len(players) + len(players) % 2
    table = berger_table(count)
    rounds: list[list[Pairing]] = []
    for cycle in range(cycles):
        for index, pairs in enumerate(table):
            number = cycle * len(table) + index + 1
            rounds.append([_pairing(number, a, b, players) for a, b in pairs])
    return rounds


def _pairing(number: int, a: int, b: int, players: Sequence[PlayerId]) -> Pairing:
    real = len(players)
    if a > real:
        return Pairing(number, players[b - 1], None)
    if b > real:
        return Pairing(number, players[a - 1], None)
    return Pairing(number, players[a - 1], players[b - 1])


def snake_groups(seeded: Sequence[PlayerId], groups: int) -> list[list[PlayerId]]:
    """Deal players in seed order into ``groups`` groups A, B, ... by snake seeding (§3.2)."""
    check_entrants(seeded, what="A group stage")
    if not 1 <= groups <= len(seeded) // 2:
        raise DrawError(
            "bad_group_count",
            f"{len(seeded)} entrants can make 1 to {len(seeded) // 2} groups of at least "
            f"two; {groups} groups were asked for.",
            {"entrants": len(seeded), "groups": groups},
        )
    dealt: list[list[PlayerId]] = [[] for _ in range(groups)]
    for index, player in enumerate(seeded):
        lap, place = divmod(index, groups)
        dealt[place if lap % 2 == 0 else groups - 1 - place].append(player)
    return dealt


class _Missing:
    """A qualifying place its group cannot fill (its players withdrew): a bye in the draw."""


def knockout_positions_short(qualifiers: Sequence[Sequence[PlayerId]],
                             per_group: int) -> list[PlayerId | None]:
    """As ``group_knockout_positions``, when withdrawals left some groups fewer players
    than their ``per_group`` qualifying places: each missing qualifier is a bye for the
    player drawn against them, and a group with nobody left sends nobody. Two byes never
    meet: a player from a full round-1 match moves into such a pair, and when none is
    left the draw halves (each player with a bye goes straight to the next round).
    At least two players must be left."""
    padded: list[list[PlayerId | _Missing]] = [
        [*group[:per_group], *(_Missing() for _ in range(per_group - len(group[:per_group])))]
        for group in qualifiers if group
    ]
    check_entrants([p for group in qualifiers for p in group[:per_group]],
                   what="The knockout after the groups")
    positions: list[PlayerId | None] = [
        None if isinstance(slot, _Missing) else slot
        for slot in group_knockout_positions(padded)  # type: ignore[arg-type]
    ]
    while len(positions) > 2:
        pairs = [(positions[i], positions[i + 1]) for i in range(0, len(positions), 2)]
        empty = [j for j, (a, b) in enumerate(pairs) if a is None and b is None]
        if not empty:
            break
        full = [j for j, (a, b) in enumerate(pairs) if a is not None and b is not None]
        if full:
            for j, k in zip(empty, reversed(full)):  # the lower player of a full match moves
                positions[2 * j], positions[2 * k + 1] = positions[2 * k + 1], None
            continue
        positions = [a if a is not None else b for a, b in pairs]
    return positions


def group_knockout_positions(qualifiers: Sequence[Sequence[PlayerId]]) -> list[PlayerId | None]:
    """Main round-1 slots for the top finishers of each group, in group order (§3.2).

    ``qualifiers[g]`` lists group g's qualifiers, winner first. Players of one group meet
    as late as possible: with two per group and a power-of-two number of groups, groups
    pair up (A with B, C with D, ...): A1-B2, C1-D2, ... in the top half and B1-A2,
    D1-C2, ... in the bottom half. Otherwise group winners are seeded 1..G and each
    later qualifier takes the free slot furthest, in rounds, from its group-mates.
    """
    sizes = {len(group) for group in qualifiers}
    if len(sizes) != 1 or 0 in sizes:
        raise DrawError(
            "uneven_qualifiers",
            "Every group sends the same number of qualifiers (at least one) to the knockout.",
        )
    per_group, groups = sizes.pop(), len(qualifiers)
    check_entrants([p for group in qualifiers for p in group], what="The knockout after the groups")
    if per_group == 2 and groups >= 2 and groups & (groups - 1) == 0:
        top: list[PlayerId | None] = []
        bottom: list[PlayerId | None] = []
        for g in range(0, groups, 2):
            first, second = qualifiers[g], qualifiers[g + 1]
            top += [first[0], second[1]]
            bottom += [second[0], first[1]]
        return top + bottom
    total = per_group * groups
    size = draw_size(max(total, 2))
    order = standard_order(size)
    slots: list[PlayerId | None] = [None] * size
    slot_group: dict[int, int] = {}
    for position, seed in enumerate(order):
        if seed <= groups:
            slots[position] = qualifiers[seed - 1][0]
            slot_group[position] = seed - 1
    for rank in range(1, per_group):
        for g in range(groups):
            # only the slots of seeds 1..total: the rest are byes, which go to the top seeds
            free = [p for p in range(size) if p not in slot_group and order[p] <= total]
            mates = [p for p, owner in slot_group.items() if owner == g]
            best = max(free, key=lambda p: (min(_meeting_round(p, m) for m in mates), -order[p]))
            slots[best] = qualifiers[g][rank]
            slot_group[best] = g
    return slots


def _meeting_round(a: int, b: int) -> int:
    """The round in which bracket positions a and b can first meet."""
    return (a ^ b).bit_length()


def group_knockout(
    qualifiers: Sequence[Sequence[PlayerId]],
    *,
    consolation: ConsolationMode | str = ConsolationMode.NONE,
) -> KnockoutDraw:
    """The knockout of the group qualifiers (no consolation unless asked for)."""
    return draw_from_positions(group_knockout_positions(qualifiers), consolation=consolation)
