"""Reads across tables: a night's settlement (who pays whom) and a club's chouette season.

A night is every table that came out of one opening table: the tables it split into and
the tables merged into it (``night_tables``). Money is what counts when a night is
settled: each table's points times its stake, in cents for the pure ``fewest_transfers``.
The season table is built from the stored ledger (one query), not by replaying.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db.models import Q

from chouette import core
from chouette.models import ChouetteLedgerEntry, ChouetteSession
from chouette.selectors.sessions import state_of
from clubs.models import Club, Player
from tournaments.seasons import Season

CENTS = Decimal(100)
CENT = Decimal("0.01")


def _money(cents: int) -> Decimal:
    return (Decimal(cents) / CENTS).quantize(CENT)


def night_tables(session: ChouetteSession) -> tuple[ChouetteSession, ...]:
    """Every table linked to ``session`` by splits and merges, oldest first."""
    seen: dict[int, ChouetteSession] = {session.pk: session}
    todo = [session]
    while todo:
        table = todo.pop()
        parents = [pk for pk in (table.split_from_id, table.merged_into_id) if pk]
        linked = ChouetteSession.objects.select_related("club").filter(
            Q(pk__in=parents) | Q(split_from=table) | Q(merged_into=table)
        )
        for other in linked:
            if other.pk not in seen:
                seen[other.pk] = other
                todo.append(other)
    return tuple(sorted(seen.values(), key=lambda table: table.pk))


@dataclass(frozen=True)
class Balance:
    player: Player
    points: int  # summed over the night's tables
    money: Decimal


@dataclass(frozen=True)
class Payment:
    payer: Player
    payee: Player
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """The end of a night: every balance and the fewest payments that settle them."""

    session: ChouetteSession  # the table asked about
    tables: tuple[ChouetteSession, ...]
    balances: tuple[Balance, ...]  # highest first
    payments: tuple[Payment, ...]
    exact: bool  # False when the greedy pass was used (more than EXACT_LIMIT balances)
    games: int

    @property
    def running(self) -> bool:
        return any(table.is_running for table in self.tables)


def settlement(session: ChouetteSession) -> Settlement:
    tables = night_tables(session)
    points: dict[int, int] = defaultdict(int)
    cents: dict[int, int] = defaultdict(int)
    games = 0
    for table in tables:
        state = state_of(table)
        games += len(state.rows)
        stake = Decimal(table.stake_per_point)
        for player, total in state.totals:
            points[player] += total
            cents[player] += int(total * stake * CENTS)
    players = Player.objects.in_bulk(list(points))
    open_count = sum(1 for amount in cents.values() if amount)
    transfers = core.fewest_transfers(list(cents.items()))
    balances = sorted(cents, key=lambda pk: -cents[pk])  # stable: first seen first
    return Settlement(
        session=session,
        tables=tables,
        balances=tuple(Balance(players[pk], points[pk], _money(cents[pk])) for pk in balances),
        payments=tuple(
            Payment(players[t.payer], players[t.payee], _money(t.amount)) for t in transfers
        ),
        exact=open_count <= core.EXACT_LIMIT,
        games=games,
    )


def season_start() -> tuple[int, int]:
    """(month, day) a season starts on: ``settings.RANKING_SEASON_START``, as the rankings."""
    month, day = getattr(settings, "RANKING_SEASON_START", (1, 1))
    return int(month), int(day)


def season_containing(day: datetime.date) -> Season:
    return Season.containing(day, *season_start())


def season_of_year(year: int) -> Season:
    month, day = season_start()
    return Season.containing(datetime.date(year, month, day), month, day)


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: Player
    points: int
    points_won: int
    points_lost: int
    games: int
    sessions: int
    average: Decimal
    biggest_night: int
    biggest_night_session: ChouetteSession
    money: Decimal


@dataclass(frozen=True)
class SeasonTable:
    club: Club
    season: Season
    rows: tuple[SeasonRow, ...]
    sessions: int  # tables played in the season

    @property
    def total_points(self) -> int:
        """Always zero: every game sums to zero."""
        return sum(row.points for row in self.rows)


def club_season_table(club: Club, season: Season) -> SeasonTable:
    """The club's chouette table for ``season``: every table's ledger, whatever its status."""
    tables = {
        table.pk: table
        for table in ChouetteSession.objects.select_related("club").filter(
            club=club, date__gte=season.start, date__lte=season.end
        )
    }
    entries = (
        ChouetteLedgerEntry.objects.filter(session_id__in=list(tables))
        .order_by("session__date", "session_id", "game_number", "pk")
        .values_list("session_id", "game_number", "player_id", "points")
    )
    games: dict[int, dict[int, list[tuple[int, int]]]] = defaultdict(dict)
    for session_id, number, player, amount in entries:
        games[session_id].setdefault(number, []).append((player, amount))
    nights = [
        core.NightLedger(
            pk,
            Decimal(tables[pk].stake_per_point),
            tuple(tuple(game) for _, game in sorted(by_number.items())),
        )
        for pk, by_number in games.items()
    ]
    lines = core.season_table(nights)
    players = Player.objects.in_bulk([line.player for line in lines])
    rows = tuple(
        SeasonRow(
            rank=line.rank,
            player=players[line.player],
            points=line.points,
            points_won=line.points_won,
            points_lost=line.points_lost,
            games=line.games,
            sessions=line.sessions,
            average=line.average,
            biggest_night=line.biggest_night,
            biggest_night_session=tables[line.biggest_night_id],  # type: ignore[index]
            money=line.money,
        )
        for line in lines
    )
    return SeasonTable(club=club, season=season, rows=rows, sessions=len(tables))
