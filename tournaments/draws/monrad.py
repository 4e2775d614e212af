"""Monrad: the Swiss variant Danish backgammon clubs play (plain Python, no Django).

Each round pairs neighbours in the current ranking: 1 against 2, 3 against 4, ..., skipping
rematches. When the next neighbour has been met already, the highest-ranked player still
free below is taken instead, and when that leaves the players further down without a
rematch-free partner, the search steps back (depth first, in ranking order), so the
pairing found is the first in ranking order with no repeat. With an odd number of
players the lowest-ranked player who has not had a bye takes it.

The ranking is the caller's: the first round the seeds, later rounds the standings.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass

from tournaments.errors import DrawError

PlayerId = Hashable
SEARCH_LIMIT = 200_000  # steps of the search before the director is asked to allow repeats


@dataclass(frozen=True, slots=True)
class MonradPairing:
    first: PlayerId  # the higher-ranked player
    second: PlayerId | None  # None: a bye for ``first``


def pair_monrad_round(
    ranking: Sequence[PlayerId],
    played: Collection[frozenset[PlayerId]] = (),
    had_bye: Collection[PlayerId] = (),
    *,
    round_number: int | None = None,
    allow_repeats: bool = False,
) -> list[MonradPairing]:
    """The round's pairings, in ranking order, the bye (if any) last.

    ``ranking``: the players still in, best first; ``played``: the pairs that have met;
    ``had_bye``: the players who had a bye. Without a rematch-free pairing the director
    is told (``no_new_pairings``); with ``allow_repeats`` each player then takes the
    nearest free neighbour he has not met, else the nearest one.
    """
    players = list(ranking)
    if len(set(players)) != len(players):
        raise DrawError("duplicate_entrant", "A player is entered more than once.")
    bye = None
    if len(players) % 2:
        bye = _bye(players, had_bye)
        players.remove(bye)
    met = {frozenset(pair) for pair in played}
    pairs = _search(players, met)
    if pairs is None:
        if not allow_repeats:
            raise DrawError(
                "no_new_pairings",
                f"Round {round_number or '?'} cannot be paired without a repeat match; the "
                "director can pair it allowing repeats (as few as possible) or end the event.",
                {"round": round_number},
            )
        pairs = _nearest(players, met)
    pairings = [MonradPairing(first, second) for first, second in pairs]
    if bye is not None:
        pairings.append(MonradPairing(bye, None))
    return pairings


def _bye(players: list[PlayerId], had_bye: Collection[PlayerId]) -> PlayerId:
    for player in reversed(players):
        if player not in had_bye:
            return player
    raise DrawError("no_bye_possible",
                    "Every player has already had a bye, so nobody can take this round's bye.")


def _search(players: list[PlayerId], met: set[frozenset[PlayerId]]) -> list[tuple] | None:
    """The first rematch-free pairing in ranking order (depth first), or None."""
    steps = 0

    def pair(free: list[PlayerId]) -> list[tuple] | None:
        nonlocal steps
        if not free:
            return []
        top, rest = free[0], free[1:]
        for index, partner in enumerate(rest):
            steps += 1
            if steps > SEARCH_LIMIT:
                raise DrawError(
                    "pairing_search_too_long",
                    "No pairing without repeats was found in reasonable time; the director "
                    "can allow a repeat pairing or pair this round by hand.",
                )
            if frozenset((top, partner)) in met:
                continue
            found = pair(rest[:index] + rest[index + 1:])
            if found is not None:
                return [(top, partner), *found]
        return None

    return pair(players)


def _nearest(players: list[PlayerId], met: set[frozenset[PlayerId]]) -> list[tuple]:
    """Repeats allowed: each player in ranking order takes the nearest free player below
    he has not met, else the nearest one."""
    free = list(players)
    pairs = []
    while free:
        top = free.pop(0)
        partner = next((p for p in free if frozenset((top, p)) not in met), free[0])
        free.remove(partner)
        pairs.append((top, partner))
    return pairs
