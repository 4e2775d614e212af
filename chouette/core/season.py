"""A club's chouette season: every night's ledger summed per player.

Each night is a ``NightLedger``: an id the caller chooses (a primary key or a date), the
stake per point and every game's amounts, taken from a replayed session or from the
stored ledger. Every game sums to zero, so the season's net points do too, and the points
won by all players equal the points lost by all.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from chouette.core.session import SessionState
from chouette.core.values import PlayerId

CENT = Decimal("0.01")


@dataclass(frozen=True)
class NightLedger:
    night: Hashable
    stake_per_point: Decimal
    games: tuple[tuple[tuple[PlayerId, int], ...], ...]  # each game: (player, points) pairs

    @classmethod
    def of(cls, night: Hashable, state: SessionState) -> NightLedger:
        games = tuple(row.points for row in state.rows)
        return cls(night, Decimal(state.settings.stake_per_point), games)


@dataclass(frozen=True)
class SeasonLine:
    rank: int  # equal net points share a rank
    player: PlayerId
    points: int  # net: won - lost
    points_won: int  # the sum of the games with a positive amount
    points_lost: int  # the sum of the games with a negative amount, as a positive number
    games: int
    sessions: int
    biggest_night: int  # the best night's total
    biggest_night_id: Hashable  # which night it was (the first, if several tie)
    money: Decimal  # points times each night's stake

    @property
    def average(self) -> Decimal:
        """Net points per game, to two places."""
        if not self.games:
            return Decimal(0)
        return (Decimal(self.points) / self.games).quantize(CENT, rounding=ROUND_HALF_UP)


def season_table(nights: Iterable[NightLedger]) -> tuple[SeasonLine, ...]:
    """One line per player who played a game, best net points first (ties: first seen)."""
    won: dict[PlayerId, int] = {}
    lost: dict[PlayerId, int] = {}
    games: dict[PlayerId, int] = {}
    sessions: dict[PlayerId, int] = {}
    best: dict[PlayerId, tuple[int, Hashable]] = {}
    money: dict[PlayerId, Decimal] = {}
    for ledger in nights:
        night, stake = ledger.night, ledger.stake_per_point
        night_points: dict[PlayerId, int] = {}
        for game in ledger.games:
            for player, points in game:
                night_points[player] = night_points.get(player, 0) + points
                games[player] = games.get(player, 0) + 1
                if points > 0:
                    won[player] = won.get(player, 0) + points
                else:
                    lost[player] = lost.get(player, 0) - points
        for player, points in night_points.items():
            sessions[player] = sessions.get(player, 0) + 1
            money[player] = money.get(player, Decimal(0)) + points * stake
            if player not in best or points > best[player][0]:
                best[player] = (points, night)
    ordered = sorted(games, key=lambda p: -(won.get(p, 0) - lost.get(p, 0)))
    lines: list[SeasonLine] = []
    for index, player in enumerate(ordered):
        points = won.get(player, 0) - lost.get(player, 0)
        tied = lines and lines[-1].points == points
        lines.append(
            SeasonLine(
                rank=lines[-1].rank if tied else index + 1,
                player=player,
                points=points,
                points_won=won.get(player, 0),
                points_lost=lost.get(player, 0),
                games=games[player],
                sessions=sessions[player],
                biggest_night=best[player][0],
                biggest_night_id=best[player][1],
                money=money[player],
            )
        )
    return tuple(lines)
