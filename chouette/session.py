"""A chouette session as a list of events folded into a ledger, standings and a line.

The session is the table's settings, the opening line and what happened since: games,
arrivals and departures, in order. Everything else is derived by ``replay``; undoing the
last game is dropping its record and replaying. Functions that add an event replay the
new list first, so a rejected event leaves the caller with the old session unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from chouette.errors import ChouetteError
from chouette.model import (
    ChouetteSettings,
    GameRecord,
    Join,
    Leave,
    LineUp,
    PlayerId,
    SessionEvent,
    check_line,
)
from chouette.rotation import Line, join_line, leave_line, lineup_of
from chouette.settlement import GameOutcome, settle_game


@dataclass(frozen=True)
class ChouetteSession:
    settings: ChouetteSettings
    opening_line: Line  # box, captain, crew for the first game (see line_from_rolls)
    events: tuple[SessionEvent, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "opening_line", tuple(self.opening_line))
        object.__setattr__(self, "events", tuple(self.events))


@dataclass(frozen=True)
class LedgerRow:
    """One game: every player's amount and the running totals after it."""

    number: int  # 1-based
    outcome: GameOutcome
    totals: tuple[tuple[PlayerId, int], ...]  # every player seen so far, in order of arrival

    @property
    def points(self) -> tuple[tuple[PlayerId, int], ...]:
        return self.outcome.points


@dataclass(frozen=True)
class Standing:
    rank: int  # equal totals share a rank
    player: PlayerId
    points: int
    games: int
    money: Decimal


@dataclass(frozen=True)
class SessionState:
    settings: ChouetteSettings
    rows: tuple[LedgerRow, ...]
    totals: tuple[tuple[PlayerId, int], ...]  # every player seen, in order of arrival
    line: Line  # the present line, box first (joins and leaves applied)

    @property
    def next_lineup(self) -> LineUp | None:
        """The seats for the next game; None while fewer than three players are present."""
        return lineup_of(self.line)

    def total_of(self, player: PlayerId) -> int:
        return dict(self.totals).get(player, 0)

    @property
    def standings(self) -> tuple[Standing, ...]:
        games: dict[PlayerId, int] = {}
        for row in self.rows:
            for player, _ in row.points:
                games[player] = games.get(player, 0) + 1
        ordered = sorted(self.totals, key=lambda item: -item[1])  # stable: arrival order
        standings: list[Standing] = []
        for index, (player, points) in enumerate(ordered):
            tied = standings and standings[-1].points == points
            rank = standings[-1].rank if tied else index + 1
            money = points * Decimal(self.settings.stake_per_point)
            standings.append(Standing(rank, player, points, games.get(player, 0), money))
        return tuple(standings)


def new_session(settings: ChouetteSettings, opening_line: Sequence[PlayerId]) -> ChouetteSession:
    session = ChouetteSession(settings=settings, opening_line=tuple(opening_line))
    replay(session)  # checks the opening line
    return session


def replay(session: ChouetteSession) -> SessionState:
    """Fold the events in order; the first one that breaks a rule raises ChouetteError."""
    settings = session.settings
    line: Line = session.opening_line
    check_line(line)
    if len(line) > settings.max_players:
        raise ChouetteError("too_many_players", limit=settings.max_players, count=len(line))
    totals: dict[PlayerId, int] = {player: 0 for player in line}
    rows: list[LedgerRow] = []
    for event in session.events:
        if isinstance(event, Join):
            line = join_line(line, event.player, settings.max_players)
            totals.setdefault(event.player, 0)
        elif isinstance(event, Leave):
            line = leave_line(line, event.player)
        else:
            outcome = settle_game(settings, _checked_record(line, event))
            for player, points in outcome.points:
                totals[player] += points
            rows.append(LedgerRow(len(rows) + 1, outcome, tuple(totals.items())))
            line = outcome.next_line
    return SessionState(
        settings=settings, rows=tuple(rows), totals=tuple(totals.items()), line=line
    )


def record_game(
    session: ChouetteSession, record: GameRecord
) -> tuple[ChouetteSession, SessionState]:
    return _extended(session, record)


def join(session: ChouetteSession, player: PlayerId) -> tuple[ChouetteSession, SessionState]:
    return _extended(session, Join(player))


def leave(session: ChouetteSession, player: PlayerId) -> tuple[ChouetteSession, SessionState]:
    return _extended(session, Leave(player))


def undo_last_game(session: ChouetteSession) -> tuple[ChouetteSession, SessionState]:
    """Drop the last game's record; arrivals and departures after it stay recorded."""
    games = [i for i, event in enumerate(session.events) if isinstance(event, GameRecord)]
    if not games:
        raise ChouetteError("no_game_to_undo")
    last = games[-1]
    events = session.events[:last] + session.events[last + 1 :]
    shorter = replace(session, events=events)
    return shorter, replay(shorter)


def _extended(
    session: ChouetteSession, event: SessionEvent
) -> tuple[ChouetteSession, SessionState]:
    longer = replace(session, events=session.events + (event,))
    return longer, replay(longer)


def _checked_record(line: Line, record: GameRecord) -> GameRecord:
    expected = lineup_of(line)
    if expected is None:
        raise ChouetteError("too_few_players", count=len(line))
    if record.lineup != expected:
        raise ChouetteError(
            "lineup_mismatch",
            expected_box=expected.box,
            expected_team=expected.team,
            box=record.lineup.box,
            team=record.lineup.team,
        )
    return record
