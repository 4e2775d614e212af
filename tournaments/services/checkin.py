"""Check-in before the draw: players check in from their phone during the window, the
director ticks whoever arrives; at the draw, entrants who did not check in are dropped.

Check-in is required when the event has an opening time (``check_in_opens_at``). The
window closes at ``check_in_closes_at`` (or when the draw is made).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from clubs.permissions import AnyUser, can_manage_club, is_player_self
from tournaments import event_rules as rules
from tournaments.event_rules import CheckIn, RegistrationError
from tournaments.models import Entry, Tournament, Withdrawal
from tournaments.play.common import ActionError, record
from tournaments.signals import check_in_opened

BEFORE_DRAW = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def state_of(tournament: Tournament, now: datetime | None = None) -> CheckIn:
    return rules.check_in_state(tournament.check_in_opens_at, tournament.check_in_closes_at,
                                now or timezone.now())


@transaction.atomic
def check_in(*, entry: Entry, by: AnyUser, present: bool = True) -> Entry:
    """Check a player in (or out again). Players do it themselves during the window;
    directors tick anyone until the draw."""
    tournament = Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=entry.tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
    director = can_manage_club(by, tournament.club)
    if not director and not is_player_self(by, entry.player):
        raise ActionError("not_allowed", "Players check in only themselves.")
    if tournament.status not in BEFORE_DRAW:
        raise RegistrationError("check_in_closed", "Check-in is over: the draw has been made.")
    if entry.withdrawn:
        raise RegistrationError("already_withdrawn", f"{entry.player} has withdrawn.",
                                {"player": entry.player.display_name})
    state = state_of(tournament)
    if state is CheckIn.NOT_REQUIRED:
        raise RegistrationError("check_in_not_required", "This event has no check-in.")
    if not director and state is CheckIn.NOT_OPEN:
        raise RegistrationError("check_in_not_open", "Check-in has not opened yet.",
                                {"opens": tournament.check_in_opens_at})
    if not director and state is CheckIn.CLOSED:
        raise RegistrationError("check_in_closed", "Check-in is closed.")
    if present and entry.checked_in_at is None:
        entry.checked_in_at = timezone.now()
    elif not present:
        entry.checked_in_at = None
    entry.save(update_fields=["checked_in_at"])
    record(tournament, by, "checked_in" if present else "check_in_undone",
           after={"player": entry.player_id})
    return entry


def drop_no_shows(tournament: Tournament, actor: AnyUser | None) -> list[Entry]:
    """At the draw: entrants who did not check in are withdrawn as no-shows.

    Called inside the draw's transaction; nothing happens for an event without check-in.
    """
    if tournament.check_in_opens_at is None:
        return []
    absent = list(tournament.entries.filter(withdrawn=False, checked_in_at__isnull=True)
                  .select_related("player"))
    now = timezone.now()
    for entry in absent:
        entry.withdrawn, entry.withdrawn_at, entry.withdrawal = True, now, Withdrawal.NO_SHOW
    Entry.objects.bulk_update(absent, ["withdrawn", "withdrawn_at", "withdrawal"])
    if absent:
        record(tournament, actor, "no_shows_dropped", after={"players": [e.player_id for e in absent]})
    return absent


def announce_check_in(now: datetime | None = None) -> list[int]:
    """The sweep: tell the entrants of each event whose check-in has just opened (once)."""
    now = now or timezone.now()
    opened = []
    due = Tournament.objects.filter(
        status__in=BEFORE_DRAW, check_in_opens_at__lte=now, check_in_announced_at__isnull=True,
    ).values_list("pk", flat=True)
    for pk in list(due):
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=pk)
            if tournament.check_in_announced_at is not None:
                continue
            if tournament.check_in_closes_at is not None and tournament.check_in_closes_at <= now:
                tournament.check_in_announced_at = now  # too late to tell anyone
                tournament.save(update_fields=["check_in_announced_at"])
                continue
            tournament.check_in_announced_at = now
            tournament.save(update_fields=["check_in_announced_at"])
            check_in_opened.send(sender=Tournament, tournament=tournament)
            opened.append(pk)
    return opened
