"""A chouette session as a list of events folded into a ledger, standings and a line.

The session is the table's settings, the opening line and what happened since: games,
arrivals and departures, splits and merges, in order. Everything else is derived by
``replay``; undoing the last game is dropping its record and replaying, and correcting an
earlier game is replacing its record and replaying, which settles every later game again.
Functions that add or change an event replay the new list first, so a rejected event
leaves the caller with the old session unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from chouette.core.errors import ChouetteError
from chouette.core.rotation import (
    Line,
    Seating,
    join_seating,
    leave_seating,
    merge_seating,
    split_movers,
    split_seating,
    with_partner,
)
from chouette.core.settlement import GameOutcome, settle_game
from chouette.core.values import (
    ChouetteSettings,
    GameRecord,
    Join,
    Leave,
    LineUp,
    Merge,
    PlayerId,
    SessionEvent,
    Split,
    check_line,
)


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
    seating: Seating  # the present line, partner and waiting players

    @property
    def line(self) -> Line:
        """The rotation order now, box first (the partner is not in it)."""
        return self.seating.line

    @property
    def partner(self) -> PlayerId | None:
        return self.seating.partner

    @property
    def waiting(self) -> Line:
        """Players who arrived during the game in progress; they join after it."""
        return self.seating.waiting

    @property
    def present(self) -> Line:
        """Everybody seated: box, partner, captain, crew."""
        return self.seating.present

    @property
    def next_lineup(self) -> LineUp | None:
        """The seats for the next game; None while fewer than three players are present."""
        return self.seating.lineup

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
    """Fold the events in order; the first one that breaks a rule raises ChouetteError,
    with ``event_index`` set to its place in ``session.events``."""
    settings = session.settings
    line: Line = session.opening_line
    check_line(line)
    if len(line) > settings.max_players:
        raise ChouetteError("too_many_players", limit=settings.max_players, count=len(line))
    seating = with_partner(Seating(line), settings)
    totals: dict[PlayerId, int] = {player: 0 for player in line}
    rows: list[LedgerRow] = []
    for index, event in enumerate(session.events):
        try:
            seating = _apply(settings, seating, event, totals, rows)
        except ChouetteError as error:
            error.event_index = index
            raise
    return SessionState(
        settings=settings, rows=tuple(rows), totals=tuple(totals.items()), seating=seating
    )


def _apply(
    settings: ChouetteSettings,
    seating: Seating,
    event: SessionEvent,
    totals: dict[PlayerId, int],
    rows: list[LedgerRow],
) -> Seating:
    if isinstance(event, Join):
        seating = join_seating(seating, event.player, settings, event.during_game)
        totals.setdefault(event.player, 0)
    elif isinstance(event, Leave):
        seating = leave_seating(seating, event.player)
    elif isinstance(event, Split):
        seating = split_seating(seating, event.player, event.movers)
    elif isinstance(event, Merge):
        seating = merge_seating(seating, event.players, settings)
        for player in event.players:
            totals.setdefault(player, 0)
    else:
        outcome = settle_game(settings, _checked_record(seating, event))
        for player, points in outcome.points:
            totals[player] += points
        rows.append(LedgerRow(len(rows) + 1, outcome, tuple(totals.items())))
        # Players who arrived during the game sit down behind everybody it moved (§2.3).
        seating = Seating((*outcome.next_line, *seating.waiting), outcome.next_partner)
    return with_partner(seating, settings)


def record_game(
    session: ChouetteSession, record: GameRecord, number: int | None = None
) -> tuple[ChouetteSession, SessionState]:
    """Add the next game. ``number``, when given, is the game the caller is entering: a
    page loaded before another phone recorded a game is refused, not booked twice."""
    expected = game_count(session) + 1
    if number is not None and number != expected:
        raise ChouetteError("wrong_game_number", number=number, expected=expected)
    return _extended(session, record)


def join(
    session: ChouetteSession, player: PlayerId, during_game: bool = False
) -> tuple[ChouetteSession, SessionState]:
    return _extended(session, Join(player, during_game))


def leave(session: ChouetteSession, player: PlayerId) -> tuple[ChouetteSession, SessionState]:
    return _extended(session, Leave(player))


def split(session: ChouetteSession, player: PlayerId) -> tuple[ChouetteSession, SessionState, Line]:
    """``player`` arrives at a full table that splits: the session without the movers, and
    the new table's opening line (the movers in their order, then the newcomer)."""
    movers = split_movers(replay(session).seating, player, session.settings)
    longer, state = _extended(session, Split(player, movers))
    return longer, state, (*movers, player)


def merge(
    session: ChouetteSession, players: Sequence[PlayerId]
) -> tuple[ChouetteSession, SessionState]:
    """Another table's players (everybody present there, in order) sit down here."""
    return _extended(session, Merge(tuple(players)))


def game_count(session: ChouetteSession) -> int:
    return sum(1 for event in session.events if isinstance(event, GameRecord))


def game_record(session: ChouetteSession, number: int) -> GameRecord:
    """The record of game ``number`` (1-based)."""
    return session.events[_game_index(session, number)]  # type: ignore[return-value]


def undo_last_game(
    session: ChouetteSession, number: int | None = None
) -> tuple[ChouetteSession, SessionState]:
    """Drop the last game's record; arrivals and departures after it stay recorded.

    ``number``, when given, is the game the caller means to undo: if another game has
    been recorded since (another phone), nothing is undone.
    """
    games = [i for i, event in enumerate(session.events) if isinstance(event, GameRecord)]
    if not games:
        raise ChouetteError("no_game_to_undo")
    if number is not None and number != len(games):
        raise ChouetteError("not_the_last_game", number=number, last=len(games))
    last = games[-1]
    events = session.events[:last] + session.events[last + 1 :]
    shorter = replace(session, events=events)
    return shorter, replay(shorter)


def correct_game(
    session: ChouetteSession, number: int, record: GameRecord
) -> tuple[ChouetteSession, SessionState]:
    """Replace game ``number``'s record and settle every game after it again.

    The corrected game is played by the same line-up. When the correction changes the
    rotation so that a later game no longer follows, nothing changes and the error names
    that game (undo back to the corrected game instead).
    """
    index = _game_index(session, number)
    events = session.events[:index] + (record,) + session.events[index + 1 :]
    corrected = replace(session, events=events)
    try:
        state = replay(corrected)
    except ChouetteError as error:
        failed = error.event_index
        if failed is None or failed <= index:
            raise
        # Only a game's line-up depends on the rotation, so the failing event is a game.
        later = sum(1 for event in events[: failed + 1] if isinstance(event, GameRecord))
        raise ChouetteError("correction_breaks_later_game", number=number, later=later) from error
    return corrected, state


def _game_index(session: ChouetteSession, number: int) -> int:
    games = [i for i, event in enumerate(session.events) if isinstance(event, GameRecord)]
    if not 1 <= number <= len(games):
        raise ChouetteError("no_such_game", number=number, count=len(games))
    return games[number - 1]


def _extended(
    session: ChouetteSession, event: SessionEvent
) -> tuple[ChouetteSession, SessionState]:
    longer = replace(session, events=session.events + (event,))
    return longer, replay(longer)


def _checked_record(seating: Seating, record: GameRecord) -> GameRecord:
    expected = seating.lineup
    if expected is None:
        raise ChouetteError("too_few_players", count=len(seating.present))
    if record.lineup != expected:
        raise ChouetteError(
            "lineup_mismatch",
            expected_box=expected.box,
            expected_team=expected.team,
            box=record.lineup.box,
            team=record.lineup.team,
        )
    return record
