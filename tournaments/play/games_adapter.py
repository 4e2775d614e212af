"""The one place where the tournament side creates or re-seats ``games.Match`` rows.

games owns matches and their results (``games.services``); a draw needs matches made
with the event's length and rules and, while a match has not started, its players
changed when an earlier result is corrected. Those two writes live here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from django.db import connections, router

from clubs.models import Player
from common.bulk import Preparer, create_objects, insert_returning
from games.models import Match, MatchStatus
from tournaments.models import Tournament

# Tournament.rules keys that are Match fields (the rules in force for every match), with
# the types of value each takes (the entries service checks them).
MATCH_RULE_TYPES: dict[str, tuple[type, ...]] = {
    "crawford": (bool,),
    "holland": (bool,),
    "cube_enabled": (bool, type(None)),
    "koks": (bool,),
    "equalisation": (bool,),
    "draw_points": (int, float, str),
    "block_rule": (str,),  # long nardy only; one of games.models.BlockRule
}


def new_match(
    tournament: Tournament, length: int, player1_id: int | None, player2_id: int | None
) -> Match:
    """An unsaved match of the event (for bulk creation)."""
    rules = {key: tournament.rules[key] for key in MATCH_RULE_TYPES if key in tournament.rules}
    match = Match(
        club_id=tournament.club_id,
        variant=tournament.variant,
        length=length,
        player1_id=player1_id,
        player2_id=player2_id,
        is_public=tournament.is_public,
        status=MatchStatus.READY if player1_id and player2_id else MatchStatus.WAITING,
        **rules,
    )
    match.apply_variant_defaults()  # the cube and the block rule left to the variant
    return match


class MatchMaker:
    """Unsaved matches of an event, many at once (a draw, a round): each a copy of the
    event's match of its length (``new_match``, worked out once a length) with its players
    in. The event's rules are not read again for every match."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.templates: dict[int, Match] = {}

    def __call__(self, length: int, player1_id: int | None, player2_id: int | None) -> Match:
        template = self.templates.get(length)
        if template is None:
            template = self.templates[length] = new_match(self.tournament, length, None, None)
        match = copy.copy(template)
        match.player1_id, match.player2_id = player1_id, player2_id
        match.status = MatchStatus.READY if player1_id and player2_id else MatchStatus.WAITING
        return match


def insert_matches(seats: list[tuple[Match, int | None, int | None]]) -> list[int]:
    """Insert one match per (template, player 1, player 2): the template (an unsaved match
    of the event: its rules, length and round's stamps) with the two players in; returns
    their ids, in order. No instance is made per match (a league opens thousands at once),
    and each template's values are prepared for the database once."""
    fields = [field for field in Match._meta.concrete_fields if not field.primary_key]
    prepare = Preparer(connections[router.db_for_write(Match)], fields)
    index = {field.attname: position for position, field in enumerate(fields)}
    first, second, status = index["player1_id"], index["player2_id"], index["status"]
    values: dict[int, list] = {}  # each template's values, prepared once
    rows = []
    for template, player1_id, player2_id in seats:
        base = values.get(id(template))
        if base is None:
            base = values[id(template)] = [prepare(position, field.pre_save(template, True))
                                           for position, field in enumerate(fields)]
        row = base.copy()
        row[first], row[second] = prepare(first, player1_id), prepare(second, player2_id)
        row[status] = prepare(status, MatchStatus.READY if player1_id and player2_id else MatchStatus.WAITING)
        rows.append(row)
    return insert_returning(Match, fields, rows, prepared=True)


def set_matches_public(tournament: Tournament) -> None:
    """The event's matches follow its visibility (a private event's are its club's only)."""
    Match.objects.filter(pairing__tournament=tournament).update(is_public=tournament.is_public)


def create_matches(matches: list[Match]) -> list[Match]:
    return create_objects(Match, matches)


def has_started(match: Match) -> bool:
    """Games entered, a result put forward or the match over: too late to re-seat it."""
    if match.status in (MatchStatus.PLAYING, MatchStatus.FINISHED):
        return True
    return match.games.exists() or match.results.exists()


def reseat(match: Match, player1: Player | None, player2: Player | None) -> None:
    """Put other players in a match that has not started."""
    match.player1 = player1
    match.player2 = player2
    match.status = MatchStatus.READY if player1 and player2 else MatchStatus.WAITING
    match.save(update_fields=["player1", "player2", "status"])


def discard_unplayed(match: Match) -> None:
    """Delete a match the draw created that will never be played (a walkover)."""
    if has_started(match):
        raise ValueError("a match that has started is never discarded")
    match.delete()


def started_matches(matches: Iterable[Match]) -> set[int]:
    """The ids of those of ``matches`` that have started (``has_started``), in two queries."""
    matches = [match for match in matches if match.pk is not None]
    started = {m.pk for m in matches if m.status in (MatchStatus.PLAYING, MatchStatus.FINISHED)}
    rest = [m.pk for m in matches if m.pk not in started]
    if rest:
        started |= set(Match.objects.filter(pk__in=rest, games__isnull=False).values_list("pk", flat=True))
        started |= set(Match.objects.filter(pk__in=rest, results__isnull=False).values_list("pk", flat=True))
    return started
