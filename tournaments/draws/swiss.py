"""Swiss system pairings (basics): tournaments.md §4.

Round 1 pairs the top half of the seed list against the bottom half (or at random).
Later rounds group players by match wins (each group ordered by seed); a group with an
odd number of players floats its lowest player down to the next group; each group's top
half plays its bottom half in order. A pair that has already met is avoided by trying
the next players of the bottom half, then by floating other players; the search
backtracks until every pair is new, and reports a director-fixable DrawError if no such
pairing exists. With an odd field the lowest player of the lowest group who has not had
a bye gets it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from tournaments.draws.seeding import check_entrants
from tournaments.errors import DrawError

PlayerId = Hashable
Pair = tuple[PlayerId, PlayerId]
SEARCH_LIMIT = 200_000  # partial pairings tried before giving up (a page must not hang)


class _Search:
    def __init__(self, met: set, limit: int):
        self.met, self.left = met, limit

    def new_pair(self, a: SwissPlayer, b: SwissPlayer) -> bool:
        self.left -= 1
        if self.left < 0:
            raise DrawError(
                "pairing_search_too_long",
                "No pairing without repeats was found in reasonable time; the director can "
                "allow a repeat pairing or pair this round by hand.",
            )
        return frozenset((a.player, b.player)) not in self.met


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    player: PlayerId
    seed: int  # 1 = strongest
    wins: int = 0
    had_bye: bool = False


@dataclass(frozen=True, slots=True)
class SwissPairing:
    first: PlayerId
    second: PlayerId | None  # None: a bye for ``first`` (one match win, not rated)


def swiss_rounds(entrants: int) -> int:
    """Default number of rounds: ceil(log2 P) (§4.1)."""
    return max(1, math.ceil(math.log2(entrants))) if entrants > 1 else 0


def pair_first_round(
    seeded: Sequence[PlayerId], *, rng: random.Random | None = None
) -> list[SwissPairing]:
    """Seed i plays seed P/2 + i (§4.2); with ``rng``, a random pairing instead.

    With an odd field the lowest seed (after shuffling, the last drawn) has the bye.
    """
    check_entrants(seeded, what="A Swiss event")
    order = list(seeded)
    if rng is not None:
        rng.shuffle(order)
    pairings = []
    if len(order) % 2:
        pairings.append(SwissPairing(order.pop(), None))
    half = len(order) // 2
    pairings[:0] = [SwissPairing(order[i], order[half + i]) for i in range(half)]
    return pairings


def pair_round(
    players: Sequence[SwissPlayer], played: Collection[frozenset[PlayerId]], *, round_number: int = 0
) -> list[SwissPairing]:
    """Pairings for a later round, no pair repeated (§4.3–§4.5).

    ``played`` holds the pairs who have met (as frozensets of two players).
    """
    check_entrants([p.player for p in players], what="A Swiss event")
    ranked = sorted(players, key=lambda p: (-p.wins, p.seed))
    search = _Search({frozenset(pair) for pair in played}, SEARCH_LIMIT)
    bye_candidates: list[SwissPlayer | None] = [None]
    if len(ranked) % 2:
        # lowest score group first, lowest seed inside it first
        bye_candidates = [p for p in reversed(ranked) if not p.had_bye]
        if not bye_candidates:
            raise DrawError(
                "no_bye_possible",
                "Every player has already had a bye, so nobody can take this round's bye.",
            )
    for bye in bye_candidates:
        rest = [p for p in ranked if p is not bye]
        groups = _score_groups(rest)
        pairs = next(_pair_groups(groups, 0, [], search), None)
        if pairs is not None:
            pairings = [SwissPairing(a, b) for a, b in pairs]
            if bye is not None:
                pairings.append(SwissPairing(bye.player, None))
            return pairings
    raise DrawError(
        "no_new_pairings",
        f"Round {round_number or '?'} cannot be paired without a repeat match; the director "
        "can allow a repeat pairing or end the event.",
        {"round": round_number},
    )


def _score_groups(ranked: Sequence[SwissPlayer]) -> list[list[SwissPlayer]]:
    groups: list[list[SwissPlayer]] = []
    for player in ranked:
        if groups and groups[-1][0].wins == player.wins:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _pair_groups(
    groups: list[list[SwissPlayer]], index: int, carried: list[SwissPlayer], search: _Search
) -> Iterator[list[Pair]]:
    """Every acceptable way to pair groups[index:], given the players floated into it."""
    members = carried + (groups[index] if index < len(groups) else [])
    last = index >= len(groups) - 1
    for floaters in _floater_choices(members, last):
        staying = [p for p in members if p not in floaters]
        for pairs in _pairings(staying, search, only_halves=not last):
            if last:
                yield pairs
            else:
                for later in _pair_groups(groups, index + 1, floaters, search):
                    yield pairs + later


def _floater_choices(members: list[SwissPlayer], last: bool) -> Iterator[list[SwissPlayer]]:
    """Who floats down: as few as possible, lowest players first (none from the last group)."""
    if last:
        yield []
        return
    for count in range(len(members) % 2, len(members) + 1, 2):
        for chosen in combinations(reversed(members), count):
            yield list(chosen)


def _pairings(players: list[SwissPlayer], search: _Search, only_halves: bool) -> Iterator[list[Pair]]:
    """New pairs, top half against bottom half in order, trying lower partners next.

    In the last group any pairing of new pairs is allowed as a final resort.
    """
    if not players:
        yield []
        return
    half = len(players) // 2
    yielded = False
    for pairs in _halves(players[:half], players[half:], search):
        yielded = True
        yield pairs
    if not only_halves and not yielded:
        yield from _any_pairing(players, search)


def _halves(top: list[SwissPlayer], bottom: list[SwissPlayer], search: _Search) -> Iterator[list[Pair]]:
    if not top:
        yield []
        return
    first = top[0]
    for index, partner in enumerate(bottom):
        if not search.new_pair(first, partner):
            continue
        for rest in _halves(top[1:], bottom[:index] + bottom[index + 1:], search):
            yield [(first.player, partner.player)] + rest


def _any_pairing(players: list[SwissPlayer], search: _Search) -> Iterator[list[Pair]]:
    if not players:
        yield []
        return
    first, others = players[0], players[1:]
    for index, partner in enumerate(others):
        if not search.new_pair(first, partner):
            continue
        for rest in _any_pairing(others[:index] + others[index + 1:], search):
            yield [(first.player, partner.player)] + rest
