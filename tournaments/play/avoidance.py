"""The draw's first round avoids same-club and director-set pairings when the seeding
allows (pure rule: ``tournaments.draws.avoidance``), and records what it could not avoid.

Players share a club when they are members of the same club other than the one running
the event (at a club's own championship everybody is its member).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser

from clubs.models import Membership
from tournaments.draws import avoidance
from tournaments.event_rules import parse_avoided_pairs
from tournaments.models import Entry, Tournament
from tournaments.play.common import record


def forbidden_for(tournament: Tournament, entries: Sequence[Entry]) -> avoidance.Forbidden:
    """Which two entries (by id) should not meet in round 1."""
    player_of = {entry.pk: entry.player_id for entry in entries}
    tests = []
    if tournament.avoid_same_club:
        clubs: dict[int, set[int]] = defaultdict(set)
        for player, club in Membership.objects.filter(player_id__in=player_of.values()).exclude(
                club_id=tournament.club_id).values_list("player_id", "club_id"):
            clubs[player].add(club)
        by_entry = {entry_id: clubs.get(player, set()) for entry_id, player in player_of.items()}
        tests.append(avoidance.same_group(by_entry))
    pairs = parse_avoided_pairs(tournament.avoided_pairs)
    if pairs:
        entry_of = {player: entry_id for entry_id, player in player_of.items()}
        tests.append(avoidance.pair_set([
            (entry_of[a], entry_of[b]) for a, b in pairs if a in entry_of and b in entry_of
        ]))
    return avoidance.either(*tests)


def avoid_first_round(tournament: Tournament, entries: Sequence[Entry], seeded: list[int],
                      pairs: list[tuple[int, int]], actor: AbstractBaseUser | None) -> list[int]:
    """``seeded`` rearranged inside the seeding's tiers; the outcome goes in the log."""
    forbidden = forbidden_for(tournament, entries)
    tiers = avoidance.seed_tiers(len(seeded), tournament.seeding, tournament.seeded_top)
    result = avoidance.avoid(seeded, pairs, tiers, forbidden)
    if result.moved or result.unavoidable:
        player_of = {entry.pk: entry.player_id for entry in entries}
        record(tournament, actor, "draw_avoidance", after={
            "moved": result.moved,
            "unavoidable": [[player_of[a], player_of[b]] for a, b in result.unavoidable],
        })
    return list(result.order)
