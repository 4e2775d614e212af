"""Writes to chouette sessions: one function per action, each in one transaction.

Every write loads the session's events, lets the pure core fold them with the new
event (``chouette.record_game`` and friends), and only stores the new event
and the rebuilt ledger cache when the core accepted it. A ChouetteError or a
SessionError leaves the database as it was.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chouette import core
from chouette.models import (
    ChouetteEvent,
    ChouetteLedgerEntry,
    ChouetteParticipant,
    ChouetteSession,
)
from chouette.permissions import can_record, can_seat, can_start_session
from chouette.selectors.sessions import load, state_of
from clubs.models import Club, Player
from clubs.permissions import AnyUser
from common.errors import DomainError
from games.choices import DEFAULT_BLOCK_RULE

# Bounds of a table's settings that forms and serializers share (the core checks the rest).
MAX_PLAYERS = 20
MAX_AUTOMATIC_DOUBLES = 6


class SessionError(DomainError):
    """A request the table cannot take that is not a rule of the game (closed session...)."""


@dataclass(frozen=True)
class TableRules:
    """The settings a director picks when opening a table."""

    variant: str = core.Variant.BACKGAMMON.value
    koks: bool = False  # long nardy only
    block_rule: str = ""  # long nardy only; empty: the main rule ("ahead")
    stake_per_point: Decimal = Decimal(1)
    cube_mode: str = core.CubeMode.MULTIPLE.value
    jacoby: bool = True
    beavers: bool = False
    consulting: str = core.Consulting.LIVE_CUBE.value
    max_players: int = 6
    max_automatic_doubles: int = 1
    initial_cubes_rule: bool = False
    box_must_take_captain: bool = False
    box_partner: bool = False
    partner_share: int = 50
    split_when_full: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableRules:
        """The rules among a form's or a serializer's cleaned data; any it leaves out keep
        their defaults."""
        names = [rule.name for rule in dataclasses.fields(cls)]
        return cls(**{name: data[name] for name in names if name in data})

    @classmethod
    def of(cls, session: ChouetteSession) -> TableRules:
        """The rules a table plays by (a table split off keeps them)."""
        return cls(**{rule.name: getattr(session, rule.name) for rule in dataclasses.fields(cls)})


@dataclass(frozen=True)
class JoinResult:
    """After an arrival: the table's state, and the new table when it split."""

    state: core.SessionState
    new_table: ChouetteSession | None = None


@transaction.atomic
def start_session(
    *,
    club: Club,
    opening_line: Sequence[Player],
    by: AnyUser,
    table: TableRules | None = None,
    date: datetime.date | None = None,
) -> ChouetteSession:
    """Open a table: the first player is the box, the second the captain, then the crew."""
    if not can_start_session(by, club):
        raise PermissionDenied
    members = set(club.memberships.values_list("player_id", flat=True))
    for player in opening_line:
        if player.pk not in members:
            raise SessionError("not_club_member", _not_member(player, club))
    return _open_table(
        club=club,
        opening_line=opening_line,
        by=by,
        table=table or TableRules(),
        date=date or timezone.localdate(),
    )


def _open_table(
    *,
    club: Club,
    opening_line: Sequence[Player],
    by: AnyUser,
    table: TableRules,
    date: datetime.date,
    split_from: ChouetteSession | None = None,
) -> ChouetteSession:
    rules = dataclasses.asdict(table)
    rules["block_rule"] = rules["block_rule"] or ""
    if rules["variant"] == core.Variant.NARDY.value and not rules["block_rule"]:
        rules["block_rule"] = DEFAULT_BLOCK_RULE.value  # long nardy's main rule
    session = ChouetteSession(
        club=club,
        date=date,
        created_by=by if by.is_authenticated else None,
        split_from=split_from,
        **rules,
    )
    # The core checks the settings and the line (three players, no one twice, the limit).
    core.new_session(session.table_settings(), tuple(player.pk for player in opening_line))
    session.full_clean()
    session.save()
    ChouetteParticipant.objects.bulk_create(
        ChouetteParticipant(session=session, player=player, opening_seat=seat)
        for seat, player in enumerate(opening_line)
    )
    return session


@transaction.atomic
def record_chouette_game(
    *,
    session: ChouetteSession,
    record: core.GameRecord,
    by: AnyUser,
    number: int | None = None,
) -> core.SessionState:
    """Add the next game. ``number`` is the game the phone was showing: when another phone
    has recorded it meanwhile, nothing is booked twice (``wrong_game_number``)."""
    session = _locked(session, by)
    _, state = core.record_game(load(session), record, number)
    _append(session, ChouetteEvent.Kind.GAME, record, by)
    _rebuild_ledger(session, state)
    return state


@transaction.atomic
def correct_chouette_game(
    *, session: ChouetteSession, number: int, record: core.GameRecord, by: AnyUser
) -> core.SessionState:
    """Replace game ``number``'s record; every later game is settled again."""
    session = _locked(session, by)
    _, state = core.correct_game(load(session), number, record)
    game = session.events.filter(kind=ChouetteEvent.Kind.GAME).order_by("seq")[number - 1]
    game.data = core.event_to_data(record)
    game.recorded_by = by if by.is_authenticated else None
    game.save(update_fields=["data", "recorded_by"])
    _rebuild_ledger(session, state)
    return state


@transaction.atomic
def undo_last_chouette_game(
    *, session: ChouetteSession, by: AnyUser, number: int | None = None
) -> core.SessionState:
    """Remove the last game; arrivals and departures recorded after it stay. ``number``:
    the game the phone meant to undo (refused if another game was recorded since)."""
    session = _locked(session, by)
    _, state = core.undo_last_game(load(session), number)
    last_game = session.events.filter(kind=ChouetteEvent.Kind.GAME).order_by("-seq").first()
    assert last_game is not None  # the core found a game to undo
    last_game.delete()
    _rebuild_ledger(session, state)
    return state


@transaction.atomic
def join_chouette(
    *, session: ChouetteSession, player: Player, by: AnyUser, during_game: bool = False
) -> JoinResult:
    """A newcomer sits down behind everybody (chouette.md §2.3), or after the game in
    progress (``during_game``). At a full table that splits, the newcomer opens a second
    table with the last players of the line (chouette.rotation)."""
    session = _locked(session, by, player=player)
    if not session.club.memberships.filter(player=player).exists():
        raise SessionError("not_club_member", _not_member(player, session.club))
    loaded = load(session)
    try:
        _, state = core.join(loaded, player.pk, during_game)
    except core.ChouetteError as error:
        if error.code != "table_must_split":
            raise
        return _split(session, loaded, player, by)
    ChouetteParticipant.objects.get_or_create(session=session, player=player)
    _append(session, ChouetteEvent.Kind.JOIN, core.Join(player.pk, during_game), by)
    return JoinResult(state)


def _split(
    session: ChouetteSession, loaded: core.ChouetteSession, player: Player, by: AnyUser
) -> JoinResult:
    _, state, new_line = core.split(loaded, player.pk)
    players = Player.objects.in_bulk(new_line)
    new_table = _open_table(
        club=session.club,
        opening_line=[players[pk] for pk in new_line],
        by=by,
        table=TableRules.of(session),
        date=session.date,
        split_from=session,
    )
    _append(session, ChouetteEvent.Kind.SPLIT, core.Split(player.pk, new_line[:-1]), by)
    return JoinResult(state, new_table)


@transaction.atomic
def merge_chouette(
    *, session: ChouetteSession, other: ChouetteSession, by: AnyUser
) -> core.SessionState:
    """Everybody at ``other`` sits down here behind everybody; ``other`` is closed."""
    if other.pk == session.pk:
        raise SessionError("merge_same_table", _("A table cannot be merged with itself."))
    # Lock both rows in one order (by primary key), so two merges cannot deadlock.
    first, second = sorted((session, other), key=lambda table: table.pk)
    locked = {table.pk: _locked(table, by) for table in (first, second)}
    session, other = locked[session.pk], locked[other.pk]
    if other.club_id != session.club_id or other.variant != session.variant:
        raise SessionError(
            "merge_other_club",
            _("Only tables of the same club playing the same game can be merged."),
        )
    seated = state_of(other)
    players = (*seated.present, *seated.waiting)
    state = core.merge(load(session), players)[1]
    for pk in players:
        ChouetteParticipant.objects.get_or_create(session=session, player_id=pk)
    _append(session, ChouetteEvent.Kind.MERGE, core.Merge(players), by)
    other.status = ChouetteSession.Status.MERGED
    other.merged_into = session
    other.finished_at = timezone.now()
    other.save(update_fields=["status", "merged_into", "finished_at"])
    return state


@transaction.atomic
def leave_chouette(*, session: ChouetteSession, player: Player, by: AnyUser) -> core.SessionState:
    """A player gets up between games; the line closes up (chouette.md §2.4)."""
    session = _locked(session, by, player=player)
    _, state = core.leave(load(session), player.pk)
    _append(session, ChouetteEvent.Kind.LEAVE, core.Leave(player.pk), by)
    return state


@transaction.atomic
def finish_session(*, session: ChouetteSession, by: AnyUser) -> ChouetteSession:
    session = _locked(session, by)
    session.status = ChouetteSession.Status.FINISHED
    session.finished_at = timezone.now()
    session.save(update_fields=["status", "finished_at"])
    return session


def _locked(session: ChouetteSession, by: AnyUser, player: Player | None = None) -> ChouetteSession:
    """Re-read the session under a row lock, so two phones cannot write at once, and count
    the write in its version."""
    locked = ChouetteSession.objects.select_for_update().select_related("club").get(pk=session.pk)
    allowed = can_seat(by, locked, player) if player is not None else can_record(by, locked)
    if not allowed:
        raise PermissionDenied
    if not locked.is_running:
        raise SessionError("session_finished", _("This chouette session is finished."))
    # Every write locks the table first: one more version for the phones that poll it
    # (rolled back with the write if the rules refuse it).
    locked.version += 1  # the row is locked: no other write can count at once
    locked.save(update_fields=["version"])
    return locked


def _append(session: ChouetteSession, kind: str, event: core.SessionEvent, by: AnyUser) -> None:
    last = session.events.aggregate(last=Max("seq"))["last"]
    ChouetteEvent.objects.create(
        session=session,
        seq=0 if last is None else last + 1,
        kind=kind,
        data=core.event_to_data(event),
        recorded_by=by if by.is_authenticated else None,
    )


def _rebuild_ledger(session: ChouetteSession, state: core.SessionState) -> None:
    session.ledger_entries.all().delete()
    entries = []
    for row in state.rows:
        totals = dict(row.totals)
        for player, points in row.points:
            entries.append(
                ChouetteLedgerEntry(
                    session=session,
                    game_number=row.number,
                    player_id=player,
                    role=row.outcome.lineup.role_of(player).value,
                    points=points,
                    total=totals[player],
                )
            )
    ChouetteLedgerEntry.objects.bulk_create(entries)


def _not_member(player: Player, club: Club) -> str:
    return _("%(player)s is not a member of %(club)s.") % {"player": player, "club": club}
