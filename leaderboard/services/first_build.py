"""A rating list built from nothing: ``rebuild_ratings``' path when no row of the list
is stored anywhere (a first build, or a recompute after the rows were deleted).

Every row it writes is new, so nothing is read back or compared. The rated matches are
read page by page into arrays, replayed in one compiled call
(``core.replay_kernel``: the same ``rate`` over the same numbers in the same order as
``ratings._Replay``, so the same floats) and written as arrays
(``common.bulk.insert_arrays``: one binary COPY on PostgreSQL). Every list from empty
is written at once: when its rows are at least a quarter of those already in the table,
the table's secondary indexes are built once after the rows
(``common.deferred_indexes``) instead of being updated row by row. The rows, the order
they are inserted in (so their keys), the players' ratings and counts are those
``_Replay`` writes.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from common.bulk import insert_arrays
from common.deferred_indexes import indexes_built_after
from games.models import Match
from leaderboard.models import PlayerRating, RatingChange
from leaderboard.services.rated_matches import MATCH_COLUMNS, match_pages, rated_matches

if TYPE_CHECKING:
    from leaderboard.core.replay_kernel import Sides, States

# a rating row's columns as both rebuilds write them, in the order of their values
WRITTEN = ("player", "opponent", "variant", "match", "won", "length", "before", "after", "delta",
           "experience", "at")
RATING_WRITTEN = ("player", "variant", "rating", "experience", "matches", "updated_at")
# The table's indexes are built after the rows when the rows written are at least a
# quarter of those already there (another game's list). Measured on PostgreSQL 15 with
# 418,000 rows stored: keeping the five indexes up to date cost 58 us for each row
# written (181,000 rows: 10.5 s), building them after the rows 9 us for each row of the
# table (600,000 rows: 5.2 s), so building wins from about a fifth.
INDEX_REBUILD_SHARE = 4


@dataclass(frozen=True, slots=True)
class Built:
    """What a first build wrote: its rated matches, the players with rows (each one's
    history changed) and the earliest time played (None when there was no match)."""

    replayed: int
    players: set[int]
    first: datetime.datetime | None


@dataclass(frozen=True, slots=True)
class _Matches:
    """Rated matches in rating order, as arrays."""

    match_ids: np.ndarray
    played: np.ndarray  # datetime64[us], UTC
    winners: np.ndarray  # player ids
    losers: np.ndarray
    lengths: np.ndarray


def _read(matches: QuerySet[Match]) -> _Matches:
    pages = [np.array(page, dtype=np.int64).reshape(-1, len(MATCH_COLUMNS))
             for page in match_pages(matches)]
    columns = np.concatenate(pages) if pages else np.empty((0, len(MATCH_COLUMNS)), np.int64)
    match_ids, played, player1, player2, winners, lengths = columns.T
    usable = (winners == player1) | (winners == player2)  # else not a result the ratings can use
    losers = np.where(winners == player1, player2, player1)
    return _Matches(match_ids[usable], played[usable].astype("datetime64[us]"), winners[usable],
                    losers[usable], lengths[usable])


@dataclass(frozen=True, slots=True)
class _List:
    """One game type's list worked out: its matches, players (ids) and their states."""

    variant: str
    matches: _Matches
    players: np.ndarray
    states: States
    sides: Sides


def build_from_empty(variants: Sequence[str]) -> dict[str, Built]:
    """Write the lists of ``variants`` (rows and current ratings) from their rated
    matches, no row of any of them being stored. Runs inside the caller's transaction."""
    from leaderboard.core.replay_kernel import States, replay_arrays  # numba: loaded when used

    lists = []
    for variant in variants:
        read = _read(rated_matches(variant))
        count = len(read.match_ids)
        players, positions = np.unique(np.concatenate([read.winners, read.losers]),
                                       return_inverse=True)
        states = States.new(len(players))
        sides = replay_arrays(positions[:count], positions[count:], read.lengths, states)
        lists.append(_List(variant, read, players, states, sides))
    rows = sum(2 * len(listed.matches.match_ids) for listed in lists)
    with (indexes_built_after(RatingChange)
          if rows and INDEX_REBUILD_SHARE * rows >= RatingChange.objects.count() else nullcontext()):
        for listed in lists:
            _write_rows(listed.variant, listed.matches, listed.sides)
    built = {}
    for listed in lists:
        _write_ratings(listed.variant, listed.players, listed.states)
        count = len(listed.matches.match_ids)
        first = listed.matches.played[0].item().replace(tzinfo=datetime.UTC) if count else None
        built[listed.variant] = Built(count, set(listed.players.tolist()), first)
    return built


def _write_rows(variant: str, read: _Matches, sides: Sides) -> None:
    def both(winner_side: np.ndarray, loser_side: np.ndarray) -> np.ndarray:
        """One value per row: the winner's, then the loser's, match by match."""
        return np.stack([winner_side, loser_side], axis=1).reshape(-1)

    if not len(read.match_ids):
        return
    fields = [RatingChange._meta.get_field(name) for name in WRITTEN]
    insert_arrays(RatingChange, fields, [
        both(read.winners, read.losers), both(read.losers, read.winners), variant,
        np.repeat(read.match_ids, 2), np.tile(np.array([True, False]), len(read.match_ids)),
        np.repeat(read.lengths, 2), sides.before, sides.after, sides.delta, sides.experience,
        np.repeat(read.played, 2),
    ])


def _write_ratings(variant: str, players: np.ndarray, states: States) -> None:
    """Each player's current rating: new rows when the list has none, else written over
    the stored ones (and those of players without a rated match removed)."""
    stored = PlayerRating.objects.filter(variant=variant)
    if not stored.exists():
        fields = [PlayerRating._meta.get_field(name) for name in RATING_WRITTEN]
        now = np.datetime64(timezone.now().astimezone(datetime.UTC).replace(tzinfo=None), "us")
        insert_arrays(PlayerRating, fields, [players, variant, states.rating, states.experience,
                                             states.matches, np.full(len(players), now)])
        return
    PlayerRating.objects.bulk_create(
        [PlayerRating(player_id=player, variant=variant, rating=rating, experience=experience,
                      matches=matches)
         for player, rating, experience, matches in zip(
             players.tolist(), states.rating.tolist(), states.experience.tolist(),
             states.matches.tolist(), strict=True)],
        batch_size=2000, update_conflicts=True, unique_fields=["player", "variant"],
        update_fields=["rating", "experience", "matches", "updated_at"],
    )
    stored.filter(~Exists(RatingChange.objects.filter(variant=variant, player=OuterRef("player")))).delete()
