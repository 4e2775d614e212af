"""Registration: players register themselves, directors approve, a waiting list moves up,
entry fees are recorded, entrants withdraw; late entries after the draw.

Rules as plain functions in ``tournaments.event_rules``. Every function locks the
tournament row first, so two people registering for the last place are served one
after the other (and the unique constraints back it up).
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from clubs.models import Player
from clubs.permissions import AnyUser, can_manage_club, is_player_self
from tournaments import event_rules as rules
from tournaments import rating_lookup
from tournaments.event_rules import Placement, RegistrationError
from tournaments.models import Entry, Registration, Tournament, Withdrawal
from tournaments.play.common import ActionError, record
from tournaments.play.walkovers import settle_withdrawals
from tournaments.signals import registration_changed

BEFORE_DRAW = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
OPEN_REGISTRATION = (Registration.Status.PENDING, Registration.Status.WAITLISTED,
                     Registration.Status.ACCEPTED)


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=tournament.pk)


def _actor(user: AnyUser | None) -> AbstractBaseUser | None:
    return user if user is not None and user.is_authenticated else None  # type: ignore[return-value]


def _require_self_or_director(by: AnyUser, player: Player, tournament: Tournament) -> bool:
    """True for a director; a player acts for themselves only."""
    if can_manage_club(by, tournament.club):
        return True
    if not is_player_self(by, player):
        raise ActionError("not_allowed", "Players register and withdraw only themselves.")
    return False


def entered_count(tournament: Tournament) -> int:
    return tournament.entries.filter(withdrawn=False).count()


def _rating(tournament: Tournament, player: Player) -> float | None:
    ratings = rating_lookup.ratings_at([player.pk], tournament.variant, timezone.localdate())
    return ratings.get(player.pk)


def _set_status(registration: Registration, status: str, by: AnyUser | None) -> None:
    previous = registration.status if registration.pk else ""
    registration.status = status
    now = timezone.now()
    if status == Registration.Status.WAITLISTED:
        registration.waitlisted_at = registration.waitlisted_at or now
    elif status in (Registration.Status.ACCEPTED, Registration.Status.REJECTED):
        registration.decided_at, registration.decided_by = now, _actor(by)
    registration.save()
    registration_changed.send(sender=Registration, registration=registration, previous=previous)


def _enter(tournament: Tournament, registration: Registration) -> Entry:
    """Give an accepted registration its entry (a withdrawn entry of the player comes back)."""
    entry = Entry.objects.filter(tournament=tournament, player=registration.player).first()
    if entry is None:
        entry = Entry.objects.create(tournament=tournament, player=registration.player,
                                     division=registration.division)
    else:
        entry.withdrawn, entry.withdrawn_at, entry.withdrawal = False, None, ""
        entry.division = registration.division
        entry.save(update_fields=["withdrawn", "withdrawn_at", "withdrawal", "division"])
    registration.entry = entry
    return entry


@transaction.atomic
def register(*, tournament: Tournament, player: Player, by: AnyUser, division: str = "",
             note: str = "") -> Registration:
    """A player registers (or a director registers them) while registration is open.

    Without approval and with room the player is entered at once; a full event puts them
    on the waiting list; with approval required the director decides.
    """
    tournament = _lock(tournament)
    is_director = _require_self_or_director(by, player, tournament)
    rules.check_registration_open(status=tournament.status, deadline=tournament.registration_deadline,
                                  now=timezone.now())
    registration = Registration.objects.filter(tournament=tournament, player=player).first()
    entry = Entry.objects.filter(tournament=tournament, player=player, withdrawn=False).first()
    if entry is not None or (registration is not None and registration.status in OPEN_REGISTRATION):
        raise RegistrationError("already_registered", f"{player} is already registered.",
                                {"player": player.display_name})
    if registration is not None and registration.status == Registration.Status.REJECTED and not is_director:
        raise RegistrationError("registration_rejected",
                                "The directors did not accept this registration.")
    code = rules.choose_division(rules.parse_divisions(tournament.divisions), division.strip(),
                                 _rating(tournament, player))
    if registration is None:
        registration = Registration(tournament=tournament, player=player)
    registration.division, registration.note = code, note.strip()[:200]
    registration.registered_by = _actor(by)
    registration.waitlisted_at = registration.decided_at = registration.decided_by = None
    where = rules.placement(capacity=tournament.capacity, entered=entered_count(tournament),
                            approval_required=tournament.approval_required and not is_director)
    try:
        with transaction.atomic():
            if where is Placement.ENTERED:
                _enter(tournament, registration)
                _set_status(registration, Registration.Status.ACCEPTED, by)
            elif where is Placement.WAITLISTED:
                _set_status(registration, Registration.Status.WAITLISTED, by)
            else:
                _set_status(registration, Registration.Status.PENDING, by)
    except IntegrityError as error:  # the same player at the same moment
        raise RegistrationError("already_registered", f"{player} is already registered.",
                                {"player": player.display_name}) from error
    record(tournament, by, "registered", after={"player": player.pk, "status": registration.status,
                                                 "division": code})
    return registration


@transaction.atomic
def decide_registration(*, registration: Registration, accept: bool, by: AnyUser) -> Registration:
    """A director accepts (a place, or the waiting list when full) or turns down a registration."""
    tournament = _lock(registration.tournament)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club decide registrations.")
    if registration.status != Registration.Status.PENDING:
        raise RegistrationError("registration_decided", "This registration has already been decided.")
    if tournament.status not in BEFORE_DRAW:
        raise RegistrationError("registration_closed", "Registration for this event is not open.")
    if not accept:
        _set_status(registration, Registration.Status.REJECTED, by)
    elif rules.has_room(capacity=tournament.capacity, entered=entered_count(tournament)):
        _enter(tournament, registration)
        _set_status(registration, Registration.Status.ACCEPTED, by)
    else:
        _set_status(registration, Registration.Status.WAITLISTED, by)
    record(tournament, by, "registration_decided",
           after={"player": registration.player_id, "status": registration.status})
    return registration


def promote_waiting_list(tournament: Tournament, by: AnyUser | None = None) -> list[Registration]:
    """Move people up from the waiting list, in order, while there are places (before the draw)."""
    if tournament.status not in BEFORE_DRAW:
        return []
    waiting = list(Registration.objects.select_for_update().filter(
        tournament=tournament, status=Registration.Status.WAITLISTED,
    ).select_related("player").order_by("waitlisted_at", "pk"))
    count = rules.places_to_fill(capacity=tournament.capacity, entered=entered_count(tournament),
                                 waiting=len(waiting))
    promoted = waiting[:count]
    for registration in promoted:
        _enter(tournament, registration)
        _set_status(registration, Registration.Status.ACCEPTED, by)
        record(tournament, by, "promoted", after={"player": registration.player_id})
    return promoted


@transaction.atomic
def cancel_registration(*, registration: Registration, by: AnyUser) -> Registration:
    """A player leaves the waiting list or withdraws a request; an accepted one withdraws."""
    tournament = _lock(registration.tournament)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("player", "entry").get(
        pk=registration.pk)
    _require_self_or_director(by, registration.player, tournament)
    if registration.status == Registration.Status.ACCEPTED and registration.entry is not None:
        withdraw(entry=registration.entry, by=by)
        registration.refresh_from_db()
        return registration
    if registration.status not in (Registration.Status.PENDING, Registration.Status.WAITLISTED):
        raise RegistrationError("registration_decided", "This registration has already been decided.")
    _set_status(registration, Registration.Status.CANCELLED, by)
    record(tournament, by, "registration_cancelled", after={"player": registration.player_id})
    return registration


@transaction.atomic
def withdraw(*, entry: Entry, by: AnyUser, reason: str = Withdrawal.WITHDREW) -> Entry:
    """An entrant leaves the event.

    Before the draw their place goes to the next person on the waiting list. After it,
    their remaining matches become walkovers (``tournaments.play.walkovers``): the
    bracket and the standings say why.
    """
    tournament = _lock(entry.tournament)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
    is_director = _require_self_or_director(by, entry.player, tournament)
    if reason not in Withdrawal.values or (reason != Withdrawal.WITHDREW and not is_director):
        raise ActionError("bad_reason", "Unknown reason for a withdrawal.")
    if entry.withdrawn:
        raise RegistrationError("already_withdrawn", f"{entry.player} has already withdrawn.",
                                {"player": entry.player.display_name})
    if tournament.status == Tournament.Status.FINISHED:
        raise RegistrationError("already_finished", "The event is over.")
    entry.withdrawn, entry.withdrawn_at = True, timezone.now()
    entry.withdrawal = reason
    if tournament.status == Tournament.Status.RUNNING:
        entry.withdrawn_after_round = tournament.current_round
    entry.save(update_fields=["withdrawn", "withdrawn_at", "withdrawal", "withdrawn_after_round"])
    registration = Registration.objects.filter(entry=entry).first()
    if registration is not None and tournament.status in BEFORE_DRAW:
        _set_status(registration, Registration.Status.CANCELLED, by)
    record(tournament, by, "withdrawn", after={"player": entry.player_id, "reason": reason,
                                                "round": entry.withdrawn_after_round})
    if tournament.status in BEFORE_DRAW:
        promote_waiting_list(tournament, by)
    else:
        settle_withdrawals(tournament)
    return entry


@transaction.atomic
def undo_withdrawal(*, entry: Entry, by: AnyUser) -> Entry:
    """A director takes back a withdrawal made before the draw (if there is still room)."""
    tournament = _lock(entry.tournament)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club do this.")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not entry.withdrawn or tournament.status not in BEFORE_DRAW:
        raise ActionError("cannot_undo", "This can no longer be undone.")
    if not rules.has_room(capacity=tournament.capacity, entered=entered_count(tournament)):
        raise RegistrationError("event_full", "Every place is taken.")
    entry.withdrawn, entry.withdrawn_at, entry.withdrawal = False, None, ""
    entry.save(update_fields=["withdrawn", "withdrawn_at", "withdrawal"])
    registration = Registration.objects.filter(entry=entry).first()
    if registration is not None and registration.status == Registration.Status.CANCELLED:
        _set_status(registration, Registration.Status.ACCEPTED, by)
    record(tournament, by, "withdrawal_undone", after={"player": entry.player_id})
    return entry


@transaction.atomic
def set_fee_paid(*, entry: Entry, paid: bool, by: AnyUser) -> Entry:
    """Record that the entry fee was paid (or not): the money itself is not handled here."""
    tournament = _lock(entry.tournament)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club record payments.")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.fee_paid != paid:
        entry.fee_paid = paid
        entry.save(update_fields=["fee_paid"])
        record(tournament, by, "fee_paid" if paid else "fee_unpaid", after={"player": entry.player_id})
    return entry


@transaction.atomic
def set_division(*, entry: Entry, division: str, by: AnyUser) -> Entry:
    """A director moves an entrant to another division (the rating limit still applies)."""
    tournament = _lock(entry.tournament)
    if not can_manage_club(by, tournament.club):
        raise ActionError("not_allowed", "Only the directors of this club do this.")
    entry = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
    code = rules.choose_division(rules.parse_divisions(tournament.divisions), division,
                                 _rating(tournament, entry.player))
    before = entry.division
    entry.division = code
    entry.save(update_fields=["division"])
    record(tournament, by, "division", before={"player": entry.player_id, "division": before},
           after={"player": entry.player_id, "division": code})
    return entry
