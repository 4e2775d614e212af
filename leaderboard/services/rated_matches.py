"""The rated matches of a game type, read in rating order for the replays.

A rated match is one with ``rated`` set, a length of at least one point, two players, a
winner among them and a confirmed result; the order key is ``(played_at, match id)``.
Big reads go page by page (``common.keyset``), and times travel as integers
(microseconds since 1970), which the database driver hands over many times faster than
timestamps.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any

from django.db.models import BigIntegerField, Exists, Func, OuterRef, QuerySet

from common.keyset import keyset_pages
from games.models import Match, MatchResult, MatchStatus, ResultStatus

OrderKey = tuple[datetime.datetime, int]
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
# the fields a match row is read with (``match_rows``), the time as microseconds
MATCH_COLUMNS = ("pk", "played", "player1_id", "player2_id", "winner_id", "length")


class EpochMicroseconds(Func):
    """A time as microseconds since 1970: a million rows' times read as integers, which
    the database driver hands over many times faster than timestamps."""

    output_field = BigIntegerField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection,
                           template="(EXTRACT(EPOCH FROM %(expressions)s) * 1000000)::bigint", **extra)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        # Django stores "YYYY-MM-DD HH:MM:SS[.ffffff]" in UTC: whole seconds from the
        # Julian day, the microseconds from the text
        template = ("(CAST(ROUND((julianday(%(expressions)s) - 2440587.5) * 86400 - "
                    "CAST(substr(%(expressions)s || '.000000', 21, 6) AS INTEGER) / 1000000.0) "
                    "AS INTEGER) * 1000000 + CAST(substr(%(expressions)s || '.000000', 21, 6) "
                    "AS INTEGER))")
        return self.as_sql(compiler, connection, template=template, **extra)


def moment(microseconds: int) -> datetime.datetime:
    return EPOCH + datetime.timedelta(microseconds=microseconds)


@dataclass(frozen=True, slots=True)
class RatedRow:
    """A rated match as the replay needs it."""

    match_id: int
    at: datetime.datetime
    winner_id: int
    loser_id: int
    length: int

    @property
    def key(self) -> OrderKey:
        return (self.at, self.match_id)


def rated_matches(variant: str) -> QuerySet[Match]:
    """The variant's rated matches, in rating order (``played_at``, id)."""
    confirmed = MatchResult.objects.filter(match=OuterRef("pk"), status=ResultStatus.CONFIRMED)
    return (
        Match.objects.filter(
            variant=variant, rated=True, length__gte=1, status=MatchStatus.FINISHED,
            player1__isnull=False, player2__isnull=False, winner__isnull=False,
            played_at__isnull=False,
        )
        .filter(Exists(confirmed))
        .order_by("played_at", "pk")
    )


def match_pages(matches: QuerySet[Match]) -> Iterator[list[tuple[int, int, int, int, int, int]]]:
    """``matches`` (ordered as ``rated_matches``) as raw ``MATCH_COLUMNS`` tuples, a page
    at a time."""
    return keyset_pages(
        matches.annotate(played=EpochMicroseconds("played_at")).values_list(*MATCH_COLUMNS),
        ("played_at", "pk"), lambda row: (moment(row[1]), row[0]))


def rated_rows(matches: QuerySet[Match]) -> Iterator[RatedRow]:
    """``matches`` (ordered as ``rated_matches``) as the replay takes them."""
    for match_id, at, player1, player2, winner, length in chain.from_iterable(match_pages(matches)):
        if winner not in (player1, player2):
            continue  # not a result the ratings can use
        yield RatedRow(match_id, moment(at), winner, player2 if winner == player1 else player1, length)
