"""Reads for chouette pages and the API: the replayed session with players by name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from chouette import core
from chouette.models import ChouetteSession
from clubs.models import Club, Player
from games.choices import GameResult


@dataclass(frozen=True)
class Seat:
    player: Player
    role: str  # core.Role value


END_LABELS = {
    core.BetEnd.PLAYED: _("played out"),
    core.BetEnd.MEMBER_DROPPED: _("dropped"),
    core.BetEnd.BOX_DROPPED: _("the box dropped"),
}
REASON_LABELS = {
    core.RotationReason.BOX_BEAT_CAPTAIN: _("the box beat the captain"),
    core.RotationReason.CAPTAIN_BEAT_BOX: _("the captain beat the box"),
    core.RotationReason.BOX_DROPPED_CAPTAIN: _("the box dropped the captain's cube"),
    core.RotationReason.ALL_BETS_DROPPED: _("every bet was dropped"),
}
ROLE_LABELS = {
    core.Role.BOX: _("box"),
    core.Role.PARTNER: _("partner"),
    core.Role.CAPTAIN: _("captain"),
    core.Role.CREW: _("crew"),
}
OWNER_LABELS = {None: _("centred"), core.Side.BOX: _("box"), core.Side.TEAM: _("member")}
# A chouette game ends single, gammon or backgammon: named as in a match.
RESULT_LABELS = {kind: GameResult(kind.value).label for kind in core.ResultKind}


@dataclass(frozen=True)
class BetLine:
    """One member's bet against the box in one game, as it ended."""

    member: Player
    cube_value: int
    owner: str  # translated: centred, box, member
    end: str  # translated: played out, dropped, the box dropped
    multiplier: int
    points: int


@dataclass(frozen=True)
class Amount:
    """One seat's amount in one game, with what gave it (the role, or the cube)."""

    player: Player
    points: int
    detail: str  # translated: "box", "partner", or "cube 2, dropped"


@dataclass(frozen=True)
class LedgerLine:
    """One game of the ledger in display order: one cell per player in the columns."""

    number: int
    box: Player
    captain: Player
    partner: Player | None
    cells: tuple[tuple[int | None, bool], ...]  # (points or None if not playing, was box)
    totals: tuple[int, ...]
    bets: tuple[BetLine, ...]
    winner: str  # "box", "team" or "" when every bet was dropped
    result: str  # translated result kind, "" without a board result
    rotation: str  # translated reason of the rotation
    amounts: tuple[Amount, ...] = ()  # in seat order: box, partner, captain, crew


@dataclass(frozen=True)
class StandingLine:
    rank: int
    player: Player
    points: int
    games: int
    money: Decimal


@dataclass(frozen=True)
class Table:
    """Everything the chouette table page shows."""

    session: ChouetteSession
    state: core.SessionState
    players: dict[int, Player]  # every participant, by pk
    next_lineup: tuple[Seat, ...]  # empty while fewer than three are present
    columns: tuple[Player, ...]  # ledger columns, in order of arrival
    ledger: tuple[LedgerLine, ...]
    standings: tuple[StandingLine, ...]
    present: tuple[Player, ...]  # everybody seated: box, partner, captain, crew
    waiting: tuple[Player, ...]  # arrived during the game in progress

    @property
    def games_played(self) -> int:
        return len(self.ledger)

    @property
    def names(self) -> dict[int, str]:
        return {pk: player.display_name for pk, player in self.players.items()}


def load(session: ChouetteSession) -> core.ChouetteSession:
    """The session as the pure core sees it; players are Player primary keys."""
    opening = (
        session.participants.filter(opening_seat__isnull=False)
        .order_by("opening_seat")
        .values_list("player_id", flat=True)
    )
    events = tuple(event.to_event() for event in session.events.order_by("seq"))
    return core.ChouetteSession(
        settings=session.table_settings(), opening_line=tuple(opening), events=events
    )


def state_of(session: ChouetteSession) -> core.SessionState:
    """Fold the stored events: the ledger, the standings and the present line."""
    return core.replay(load(session))


def sessions(club: Club | None = None) -> QuerySet[ChouetteSession]:
    """Sessions, newest first, with their club and how many games were played."""
    queryset = ChouetteSession.objects.select_related("club").annotate(
        games=Count("events", filter=Q(events__kind="game"), distinct=True),
        player_count=Count("participants", distinct=True),
    )
    if club is not None:
        queryset = queryset.filter(club=club)
    return queryset.order_by("-date", "-pk")


def players_of(session: ChouetteSession) -> dict[int, Player]:
    return {p.pk: p for p in Player.objects.filter(chouette_seats__session=session)}


def names_of(session: ChouetteSession) -> dict[int, str]:
    """Display names of everybody who sat at the table, for error messages."""
    return {pk: player.display_name for pk, player in players_of(session).items()}


def table(session: ChouetteSession, state: core.SessionState | None = None) -> Table:
    state = state or state_of(session)
    players = players_of(session)
    lineup = state.next_lineup
    seats: tuple[Seat, ...] = ()
    if lineup is not None:
        seats = tuple(Seat(players[pk], lineup.role_of(pk).value) for pk in lineup.seats)
    columns = tuple(players[pk] for pk, _ in state.totals)
    ledger = tuple(_ledger_line(row, columns, players) for row in state.rows)
    standings = tuple(
        StandingLine(s.rank, players[s.player], s.points, s.games, s.money) for s in state.standings
    )
    return Table(
        session=session,
        state=state,
        players=players,
        next_lineup=seats,
        columns=columns,
        ledger=ledger,
        standings=standings,
        present=tuple(players[pk] for pk in state.present),
        waiting=tuple(players[pk] for pk in state.waiting),
    )


def _ledger_line(
    row: core.LedgerRow, columns: Iterable[Player], players: dict[int, Player]
) -> LedgerLine:
    points = dict(row.points)
    totals = dict(row.totals)
    box = row.outcome.lineup.box
    result = row.outcome.result
    return LedgerLine(
        number=row.number,
        box=players[box],
        captain=players[row.outcome.lineup.captain],
        partner=players[row.outcome.lineup.partner] if row.outcome.lineup.partner else None,
        cells=tuple((points.get(p.pk), p.pk in row.outcome.lineup.box_side) for p in columns),
        totals=tuple(totals.get(p.pk, 0) for p in columns),
        bets=tuple(
            BetLine(
                member=players[bet.member],
                cube_value=bet.cube_value,
                owner=str(OWNER_LABELS[bet.owner]),
                end=str(END_LABELS[bet.end]),
                multiplier=bet.multiplier,
                points=bet.points,
            )
            for bet in row.outcome.bets
        ),
        winner=result.winner.value if result else "",
        result=str(RESULT_LABELS[result.kind]) if result else "",
        rotation=str(REASON_LABELS[row.outcome.rotation_reason]),
        amounts=_amounts(row.outcome, players),
    )


def _amounts(outcome: core.GameOutcome, players: dict[int, Player]) -> tuple[Amount, ...]:
    bets = {bet.member: bet for bet in outcome.bets}
    amounts = []
    for pk in outcome.lineup.seats:
        role = outcome.lineup.role_of(pk)
        if pk in bets:
            bet = bets[pk]
            detail = _("cube %(value)d, %(end)s") % {
                "value": bet.cube_value,
                "end": END_LABELS[bet.end],
            }
        else:
            detail = ROLE_LABELS[role]
        amounts.append(Amount(players[pk], outcome.points_of(pk), str(detail)))
    return tuple(amounts)


@dataclass(frozen=True)
class PlayerSessionLine:
    session: ChouetteSession
    points: int
    games: int

    @property
    def money(self) -> Decimal:
        return self.points * self.session.stake_per_point


def player_record(player: Player) -> tuple[core.PlayerRecord, tuple[PlayerSessionLine, ...]]:
    """The player's all-time chouette record and their result in each session."""
    lines: list[PlayerSessionLine] = []
    states: list[core.SessionState] = []
    for session in player.chouette_sessions.select_related("club").order_by("date", "pk"):
        state = state_of(session)
        states.append(state)
        games = sum(1 for row in state.rows if player.pk in dict(row.points))
        lines.append(PlayerSessionLine(session, state.total_of(player.pk), games))
    record = core.player_records(states).get(player.pk, core.PlayerRecord(player=player.pk))
    return record, tuple(reversed(lines))


@dataclass(frozen=True)
class PreviewLine:
    """One seat of a game not yet saved: the cube it ended with and the amount."""

    player: Player
    role: str  # core.Role value
    cube_value: int | None  # None for the box and the partner
    owner: str
    end: str
    points: int


def preview_of(outcome: core.GameOutcome, players: dict[int, Player]) -> tuple[PreviewLine, ...]:
    bets = {bet.member: bet for bet in outcome.bets}
    lines = []
    for pk, points in outcome.points:
        bet = bets.get(pk)
        lines.append(
            PreviewLine(
                player=players[pk],
                role=outcome.lineup.role_of(pk).value,
                cube_value=bet.cube_value if bet else None,
                owner=str(OWNER_LABELS[bet.owner]) if bet else "",
                end=str(END_LABELS[bet.end]) if bet else "",
                points=points,
            )
        )
    order = {pk: index for index, pk in enumerate(outcome.lineup.seats)}
    return tuple(sorted(lines, key=lambda line: order[line.player.pk]))


def merge_candidates(session: ChouetteSession) -> QuerySet[ChouetteSession]:
    """Other running tables of the club playing the same game: they may merge in here."""
    return (
        ChouetteSession.objects.filter(
            club_id=session.club_id,
            variant=session.variant,
            status=ChouetteSession.Status.RUNNING,
        )
        .exclude(pk=session.pk)
        .select_related("club")
        .order_by("pk")
    )


def seated_at(session: ChouetteSession) -> tuple[Player, ...]:
    """Everybody present at a table now, box first."""
    state = state_of(session)
    players = players_of(session)
    return tuple(players[pk] for pk in (*state.present, *state.waiting))
