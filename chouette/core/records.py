"""Each player's all-time chouette record, aggregated over finished or running sessions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from chouette.core.session import SessionState
from chouette.core.settlement import BetEnd
from chouette.core.values import PlayerId, Side


@dataclass(frozen=True)
class PlayerRecord:
    player: PlayerId
    sessions: int = 0
    games: int = 0
    games_as_box: int = 0
    games_as_captain: int = 0  # captain at the start of the game
    games_as_partner: int = 0  # the box's partner (§8)
    points: int = 0  # net, all roles
    points_as_box: int = 0
    games_won: int = 0  # games with a positive amount
    games_lost: int = 0  # games with a negative amount
    bets_won: int = 0  # as a team member
    bets_lost: int = 0  # as a team member
    drops: int = 0  # doubles of the box this player refused as a team member
    money: Decimal = Decimal(0)  # points times each session's stake


def player_records(sessions: Iterable[SessionState]) -> dict[PlayerId, PlayerRecord]:
    """Sum every game of every session per player; players keep first-seen order."""
    counts: dict[PlayerId, dict[str, int]] = {}
    money: dict[PlayerId, Decimal] = {}
    seen_in: dict[PlayerId, int] = {}
    for session_index, state in enumerate(sessions):
        stake = Decimal(state.settings.stake_per_point)
        for row in state.rows:
            outcome = row.outcome
            for player, points in outcome.points:
                c = counts.setdefault(player, {})
                if seen_in.get(player) != session_index:
                    seen_in[player] = session_index
                    _add(c, "sessions", 1)
                _add(c, "games", 1)
                _add(c, "points", points)
                _add(c, "games_won", int(points > 0))
                _add(c, "games_lost", int(points < 0))
                money[player] = money.get(player, Decimal(0)) + points * stake
            box = outcome.lineup.box
            _add(counts[box], "games_as_box", 1)
            _add(counts[box], "points_as_box", outcome.points_of(box))
            _add(counts[outcome.lineup.captain], "games_as_captain", 1)
            if outcome.lineup.partner is not None:
                _add(counts[outcome.lineup.partner], "games_as_partner", 1)
            for bet in outcome.bets:
                c = counts[bet.member]
                _add(c, "bets_won", int(bet.winner is Side.TEAM))
                _add(c, "bets_lost", int(bet.winner is Side.BOX))
                _add(c, "drops", int(bet.end is BetEnd.MEMBER_DROPPED))
    return {
        player: PlayerRecord(player=player, money=money[player], **c)
        for player, c in counts.items()
    }


def _add(counts: dict[str, int], key: str, amount: int) -> None:
    counts[key] = counts.get(key, 0) + amount
