"""Swiss system pairings: tournaments.md §4.

Round 1 pairs the top half of the seed list against the bottom half (or at random).
Later rounds group players by match wins (each group ordered by seed); a group with an
odd number of players floats its lowest player down to the next group; each group's top
half plays its bottom half in order. A pair that has already met is avoided by trying
the next players of the bottom half, then by floating other players.

That search is complete but can be slow when few new pairs are left (late rounds of a
small field). It runs within a budget; past it, a maximum-weight matching (networkx)
over the pairs that have not met finds the pairing that keeps score differences
smallest, or proves that no pairing without a repeat exists. Either way the answer is
definite: a pairing with no repeat, or a director-fixable ``DrawError``. (Fields above
``MATCHING_LIMIT``, where a matching would take too long, get a larger search budget and
a director-fixable error past it; Swiss fields that large never come near it.)

Byes: with an odd number of players, the lowest-ranked player of the lowest score group
who has not had a bye gets it (if the others cannot then be paired, the next lowest).
At most one bye per player, unless the caller allows more (``repeat_byes``: then the
player with the fewest byes, lowest first, as Swiss-until-N-losses needs).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx

from tournaments.draws.seeding import check_entrants
from tournaments.errors import DrawError

PlayerId = Hashable
Pair = tuple[PlayerId, PlayerId]
SEARCH_LIMIT = 200_000  # pairs the search tries in a field too big for a matching
QUICK_SEARCH_LIMIT = 5_000  # pairs it tries before a matching takes over
MATCHING_LIMIT = 96  # largest field paired by a weighted matching (its time grows as n³)
MINIMUM_ENTRANTS = 2


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    player: PlayerId
    seed: int  # 1 = strongest
    wins: int = 0
    byes: int = 0  # byes had so far (a bool works too: True is one bye)

    @property
    def had_bye(self) -> bool:
        return self.byes > 0


@dataclass(frozen=True, slots=True)
class SwissPairing:
    first: PlayerId
    second: PlayerId | None  # None: a bye for ``first`` (one match win, not rated)


def swiss_rounds(entrants: int) -> int:
    """Default number of rounds: ceil(log2 P) (§4.1)."""
    return max(1, math.ceil(math.log2(entrants))) if entrants > 1 else 0


def check_swiss_settings(entrants: int, rounds: int | None) -> None:
    """Refuse a Swiss event that cannot be played: too few players, too many rounds.

    Without a repeat pairing, a player can meet at most P - 1 opponents.
    """
    if entrants < MINIMUM_ENTRANTS:
        raise DrawError(
            "too_few_entrants",
            f"A Swiss event needs at least {MINIMUM_ENTRANTS} entrants; this one has {entrants}.",
            {"minimum": MINIMUM_ENTRANTS, "entrants": entrants},
        )
    if rounds is None:
        return
    if rounds < 1:
        raise DrawError(
            "too_few_rounds",
            f"A Swiss event has at least one round; {rounds} were asked for.",
            {"rounds": rounds},
        )
    if rounds > entrants - 1:
        raise DrawError(
            "too_many_rounds",
            f"With {entrants} entrants each player has only {entrants - 1} possible "
            f"opponents, so a Swiss event without repeat pairings cannot have {rounds} "
            f"rounds; at most {entrants - 1}.",
            {"rounds": rounds, "entrants": entrants, "maximum": entrants - 1},
        )


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
    players: Sequence[SwissPlayer],
    played: Collection[frozenset[PlayerId]],
    *,
    round_number: int = 0,
    repeat_byes: bool = False,
    allow_repeats: bool = False,
) -> list[SwissPairing]:
    """Pairings for a later round, no pair repeated (§4.3–§4.5).

    ``played`` holds the pairs who have met (as frozensets of two players). With
    ``allow_repeats``, when no pairing without a repeat exists, the fewest repeats are
    used instead of raising (for formats that must go on, like Swiss until N losses).
    """
    check_entrants([p.player for p in players], what="A Swiss event")
    ranked = sorted(players, key=lambda p: (-p.wins, p.seed))
    met = {frozenset(pair) for pair in played}
    small = len(ranked) <= MATCHING_LIMIT
    search = _Search(met, QUICK_SEARCH_LIMIT if small else SEARCH_LIMIT)
    candidates = _bye_candidates(ranked, repeat_byes)
    possible = list(candidates)
    try:
        for bye in candidates:
            pairs = search.pair([p for p in ranked if p is not bye])
            if pairs is not None:
                return _with_bye(pairs, bye)
            possible.remove(bye)  # the search went through every way: none with this bye
    except _OutOfBudget:
        if not small:
            raise DrawError(
                "pairing_search_too_long",
                "No pairing without repeats was found in reasonable time; the director can "
                "allow a repeat pairing or pair this round by hand.",
            ) from None
        pairings = _matching(ranked, met, possible, allow_repeats=False)
        if pairings is not None:
            return pairings
    if allow_repeats:
        if small:
            return _matching(ranked, met, candidates, allow_repeats=True) or []
        # a big field: the score groups' usual pairing, repeats allowed
        bye = candidates[0]
        pairs = _Search(set(), SEARCH_LIMIT).pair([p for p in ranked if p is not bye])
        return _with_bye(pairs or [], bye)
    raise DrawError(
        "no_new_pairings",
        f"Round {round_number or '?'} cannot be paired without a repeat match; the director "
        "can pair it allowing repeats (as few as possible) or end the event.",
        {"round": round_number},
    )


def _bye_candidates(ranked: list[SwissPlayer], repeat_byes: bool) -> list[SwissPlayer | None]:
    """Who may take the bye, best choice first: lowest ranked without a bye first. With
    ``repeat_byes`` a second bye goes only when everyone has had one (fewest byes first):
    while a player without a bye is in, the bye is theirs, even at the cost of a repeat
    pairing (issue 27: seed 1's second bye while seed 7 had none)."""
    if len(ranked) % 2 == 0:
        return [None]
    lowest_first = list(reversed(ranked))
    candidates: list[SwissPlayer | None] = [p for p in lowest_first if not p.had_bye]
    if repeat_byes and not candidates:
        candidates = sorted(lowest_first, key=lambda p: p.byes)
    if not candidates:
        raise DrawError(
            "no_bye_possible",
            "Every player has already had a bye, so nobody can take this round's bye.",
        )
    return candidates


def _with_bye(pairs: list[Pair], bye: SwissPlayer | None) -> list[SwissPairing]:
    pairings = [SwissPairing(a, b) for a, b in pairs]
    if bye is not None:
        pairings.append(SwissPairing(bye.player, None))
    return pairings


class _OutOfBudget(Exception):
    pass


class _Search:
    """The score-group search, within a budget of pairs tried."""

    def __init__(self, met: set[frozenset[PlayerId]], limit: int):
        self.met, self.left = met, limit

    def pair(self, ranked: list[SwissPlayer]) -> list[Pair] | None:
        """New pairs for all of ``ranked``, or None if there are none."""
        return next(_pair_groups(_score_groups(ranked), 0, [], self), None)

    def new_pair(self, a: SwissPlayer, b: SwissPlayer) -> bool:
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget
        return frozenset((a.player, b.player)) not in self.met


def _matching(
    ranked: list[SwissPlayer],
    met: set[frozenset[PlayerId]],
    byes: Sequence[SwissPlayer | None],
    *,
    allow_repeats: bool,
) -> list[SwissPairing] | None:
    """The best pairing by a maximum-weight perfect matching, or None if there is none.

    ``byes`` lists who may take the bye, best first (``[None]``: no bye this round).
    Costs, each outweighing all the later ones together: a repeat pairing (pairs that
    have met are left out unless ``allow_repeats``); the bye going to a later candidate;
    the square of the difference in wins of a pair; the distance from the partner a
    top-half v bottom-half pairing would give.
    """
    count = len(ranked)
    wins = [p.wins for p in ranked]
    spread = max(wins) - min(wins)
    score_step = count + 1
    score_total = (count // 2 + 1) * (score_step * spread**2 + count) + 1
    repeat_cost = (len(byes) + 2) * score_total
    ceiling = 2 * repeat_cost
    graph = networkx.Graph()
    graph.add_nodes_from(range(count))
    for i, j in combinations(range(count), 2):
        repeat = frozenset((ranked[i].player, ranked[j].player)) in met
        if repeat and not allow_repeats:
            continue
        cost = repeat_cost * repeat + score_step * (wins[i] - wins[j]) ** 2 + abs(j - i - count // 2)
        graph.add_edge(i, j, weight=ceiling - cost)
    bye_node = count  # stands for "the bye"
    index = {id(p): i for i, p in enumerate(ranked)}
    for rank, player in enumerate(byes):
        if player is not None:
            graph.add_edge(index[id(player)], bye_node, weight=ceiling - rank * score_total)
    matched = networkx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) != count + (count % 2):
        return None
    bye = None
    pairs = []
    for i, j in sorted((min(edge), max(edge)) for edge in matched):
        if j == bye_node:
            bye = ranked[i]
        else:
            pairs.append((ranked[i].player, ranked[j].player))
    return _with_bye(pairs, bye)


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
        chosen = {id(p) for p in floaters}
        staying = [p for p in members if id(p) not in chosen]
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
