"""The desk's actions on many players at once: register club members, check in everyone
present, mark fees paid. Each is one transaction over the one-player service, so the same
rules hold for each player, and a refusal for one leaves nothing half-done.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from clubs.models import Player
from clubs.permissions import AnyUser, can_manage_club
from tournaments.models import Entry, Registration, Tournament
from tournaments.play.common import ActionError
from tournaments.services.checkin import check_in
from tournaments.services.entries import add_entry
from tournaments.services.registration import register, set_fee_paid


def _require_director(tournament: Tournament, by: AnyUser) -> None:
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club do this.")


def unregistered_members(tournament: Tournament) -> list[Player]:
    """The club's active players not entered, waiting or pending in the event."""
    taken = Registration.objects.filter(tournament=tournament).exclude(
        status=Registration.Status.REJECTED).values("player")
    entered = Entry.objects.filter(tournament=tournament, withdrawn=False).values("player")
    return list(Player.objects.filter(memberships__club=tournament.club, is_active=True)
                .exclude(pk__in=taken).exclude(pk__in=entered)
                .order_by("display_name", "pk"))


@transaction.atomic
def register_members(*, tournament: Tournament, by: AnyUser, players: Iterable[int] | None,
                     ) -> list[Registration | Entry]:
    """Register the club's members `players` (ids; None: all of them not registered yet):
    while registration is open as they would register (capacity, waiting list, divisions);
    in a draft, entered straight away, as the console enters a player."""
    _require_director(tournament, by)
    candidates = {player.pk: player for player in unregistered_members(tournament)}
    chosen = list(candidates) if players is None else [pk for pk in players]
    unknown = [pk for pk in chosen if pk not in candidates]
    if unknown:
        raise ActionError("not_a_member_to_register",
                          "Some of the chosen players are not members waiting to be registered.",
                          {"players": unknown})
    if not chosen:
        raise ActionError("nobody_chosen", "Choose at least one player.")
    if tournament.status == Tournament.Status.REGISTRATION:
        return [register(tournament=tournament, player=candidates[pk], by=by) for pk in chosen]
    return [add_entry(tournament=tournament, player=candidates[pk], actor=by) for pk in chosen]


def _entries(tournament: Tournament, entries: Iterable[int] | None, waiting: dict) -> list[Entry]:
    """The chosen entries of the event (None: every one still `waiting`)."""
    current = Entry.objects.filter(tournament=tournament, withdrawn=False).order_by("pk")
    if entries is None:
        found = list(current.filter(**waiting))
    else:
        ids = set(entries)
        found = list(current.filter(pk__in=ids))
        if len(found) != len(ids):
            raise ActionError("not_an_entrant", "Some of the chosen players are not entrants.",
                              {"entries": sorted(ids - {e.pk for e in found})})
    if not found:
        raise ActionError("nobody_chosen", "Choose at least one player.")
    return found


@transaction.atomic
def check_in_entries(*, tournament: Tournament, by: AnyUser, entries: Iterable[int] | None,
                     ) -> list[Entry]:
    """Check in the chosen entrants (None: everyone not checked in yet)."""
    _require_director(tournament, by)
    return [check_in(entry=entry, by=by, present=True)
            for entry in _entries(tournament, entries, {"checked_in_at__isnull": True})]


@transaction.atomic
def mark_fees_paid(*, tournament: Tournament, by: AnyUser, entries: Iterable[int] | None,
                   ) -> list[Entry]:
    """Record the entry fee as paid for the chosen entrants (None: everyone unpaid)."""
    _require_director(tournament, by)
    if tournament.entry_fee is None:
        raise ActionError("no_entry_fee", "This event has no entry fee.")
    return [set_fee_paid(entry=entry, paid=True, by=by)
            for entry in _entries(tournament, entries, {"fee_paid": False})]
