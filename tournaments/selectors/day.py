"""Reads for registration, the entry desk and the event day."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone

from clubs.models import Player
from clubs.permissions import AnyUser, player_for
from tournaments import event_rules as rules
from tournaments.event_rules import CheckIn, Division
from tournaments.models import (
    Entry,
    Pairing,
    Registration,
    Tournament,
    Walkover,
    with_flight_rounds,
)
from tournaments.selectors.tournaments import visible_tournaments

BEFORE_DRAW = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


@dataclass
class RegistrationPanel:
    """What a tournament page shows a visitor about registering and checking in."""

    tournament: Tournament
    player: Player | None
    is_open: bool
    deadline: datetime | None
    capacity: int | None
    entered: int
    waiting: int
    divisions: list[Division]
    check_in: CheckIn
    registration: Registration | None = None
    entry: Entry | None = None
    waitlist_position: int | None = None
    ready: list[Pairing] = field(default_factory=list)

    @property
    def places_left(self) -> int | None:
        return None if self.capacity is None else max(0, self.capacity - self.entered)

    @property
    def can_register(self) -> bool:
        active = self.entry is not None and not self.entry.withdrawn
        waiting = self.registration is not None and self.registration.status in (
            Registration.Status.PENDING, Registration.Status.WAITLISTED)
        rejected = self.registration is not None and self.registration.status == Registration.Status.REJECTED
        return self.is_open and not active and not waiting and not rejected

    @property
    def can_check_in(self) -> bool:
        return (self.check_in is CheckIn.OPEN and self.entry is not None and not self.entry.withdrawn
                and self.entry.checked_in_at is None
                and self.tournament.status in BEFORE_DRAW)

    @property
    def can_withdraw(self) -> bool:
        return (self.entry is not None and not self.entry.withdrawn
                and self.tournament.status != Tournament.Status.FINISHED)


def registration_panel(tournament: Tournament, user: AnyUser | None) -> RegistrationPanel:
    now = timezone.now()
    try:
        rules.check_registration_open(status=tournament.status, deadline=tournament.registration_deadline,
                                      now=now)
        is_open = True
    except rules.RegistrationError:
        is_open = False
    player = player_for(user)
    panel = RegistrationPanel(
        tournament=tournament,
        player=player,
        is_open=is_open,
        deadline=tournament.registration_deadline,
        capacity=tournament.capacity,
        entered=tournament.entries.filter(withdrawn=False).count(),
        waiting=tournament.registrations.filter(status=Registration.Status.WAITLISTED).count(),
        divisions=rules.parse_divisions(tournament.divisions),
        check_in=rules.check_in_state(tournament.check_in_opens_at, tournament.check_in_closes_at, now),
    )
    if player is None:
        return panel
    panel.registration = tournament.registrations.filter(player=player).first()
    panel.entry = tournament.entries.filter(player=player).first()
    if panel.registration is not None and panel.registration.status == Registration.Status.WAITLISTED:
        ahead = tournament.registrations.filter(status=Registration.Status.WAITLISTED).filter(
            Q(waitlisted_at__lt=panel.registration.waitlisted_at)
            | Q(waitlisted_at=panel.registration.waitlisted_at, pk__lt=panel.registration.pk)
        ).count()
        panel.waitlist_position = ahead + 1
    if panel.entry is not None:
        panel.ready = list(
            tournament.pairings.filter(state=Pairing.State.READY)
            .filter(Q(top=panel.entry) | Q(bottom=panel.entry))
            .select_related("top__player", "bottom__player", "match")
        )
    return panel


@dataclass
class OpenEvent:
    tournament: Tournament
    status: str  # the person's: "" (not registered), "entered", or a registration status

    @property
    def registered(self) -> bool:
        return self.status not in ("", Registration.Status.CANCELLED)


def open_events(user: AnyUser | None, limit: int = 10) -> list[OpenEvent]:
    """Events taking registrations now, each with the signed-in person's status: one query."""
    now = timezone.now()
    events = (
        visible_tournaments(user)
        .filter(status=Tournament.Status.REGISTRATION)
        .filter(Q(registration_deadline__isnull=True) | Q(registration_deadline__gt=now))
        .order_by("starts_on", "name")
    )
    if user is not None and user.is_authenticated:
        events = events.annotate(
            my_registration=Subquery(Registration.objects.filter(
                tournament=OuterRef("pk"), player__user=user).values("status")[:1]),
            my_entry=Exists(Entry.objects.filter(tournament=OuterRef("pk"), player__user=user,
                                                 withdrawn=False)),
        )
    result = []
    for tournament in events[:limit]:
        status = "entered" if getattr(tournament, "my_entry", False) else (
            getattr(tournament, "my_registration", None) or "")
        result.append(OpenEvent(tournament, status))
    return result


@dataclass
class Desk:
    pending: list[Registration]
    waiting: list[Registration]
    entries: list[Entry]
    withdrawn: list[Entry]
    ready: list[Pairing]
    walkovers: list[Pairing]
    check_in: CheckIn


def desk(tournament: Tournament) -> Desk:
    registrations = list(tournament.registrations.select_related("player").order_by(
        "waitlisted_at", "created_at", "pk"))
    entries = list(tournament.entries.select_related("player").order_by("player__display_name", "pk"))
    pairings = list(
        tournament.pairings.filter(
            Q(state=Pairing.State.READY, match__isnull=False)
            | Q(state=Pairing.State.DECIDED, match__isnull=True, walkover__in=[Walkover.NO_SHOW,
                                                                                Walkover.ABSENT])
        ).select_related("top__player", "bottom__player", "winner__player", "match")
        .order_by("flight", "round", "number")
    )
    with_flight_rounds(pairings)
    return Desk(
        pending=[r for r in registrations if r.status == Registration.Status.PENDING],
        waiting=[r for r in registrations if r.status == Registration.Status.WAITLISTED],
        entries=[e for e in entries if not e.withdrawn],
        withdrawn=[e for e in entries if e.withdrawn],
        ready=[p for p in pairings if p.state == Pairing.State.READY],
        walkovers=[p for p in pairings if p.state == Pairing.State.DECIDED],
        check_in=rules.check_in_state(tournament.check_in_opens_at, tournament.check_in_closes_at,
                                      timezone.now()),
    )


def withdrawals(tournament: Tournament) -> list[tuple[Entry, list[Pairing]]]:
    """Withdrawn entrants with the matches that became walkovers because of them
    (the standings page explains them)."""
    withdrawn = list(tournament.entries.filter(withdrawn=True).select_related("player"))
    if not withdrawn:
        return []
    walkovers = list(tournament.pairings.filter(walkover=Walkover.WITHDRAWN).select_related(
        "winner__player").order_by("flight", "round", "number"))
    with_flight_rounds(walkovers)  # named by their rounds ("Quarter-final")
    result = []
    for entry in withdrawn:
        given = [p for p in walkovers if entry.pk in (p.top_id, p.bottom_id) and p.winner_id != entry.pk]
        result.append((entry, given))
    return result


@dataclass
class KeptApart:
    pairs: list[tuple[int, str, str]]  # (index, name, name)
    unavoidable: list[tuple[str, str]]  # from the last draw
    moved: int | None


def kept_apart(tournament: Tournament) -> KeptApart:
    """The director's pairs kept apart, and what the draw could not avoid."""
    raw = [tuple(pair) for pair in tournament.avoided_pairs or []]
    last = tournament.log.filter(action="draw_avoidance").order_by("-created_at", "-pk").first()
    unavoidable = [tuple(pair) for pair in (last.after.get("unavoidable", []) if last else [])]
    ids = {p for pair in raw + unavoidable for p in pair}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    return KeptApart(
        pairs=[(index, names.get(a, "?"), names.get(b, "?")) for index, (a, b) in enumerate(raw)],
        unavoidable=[(names.get(a, "?"), names.get(b, "?")) for a, b in unavoidable],
        moved=last.after.get("moved") if last else None,
    )
