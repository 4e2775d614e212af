"""The desk at speed (issue 27, part 1): register all the club's members or a selection,
check in everyone present, mark fees paid, each in one form post; a refusal for one
player leaves nothing half-done.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.models import Entry, Registration, Tournament
from tournaments.services import desk_batch

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def open_event(members: int = 6, **options) -> Tournament:
    event = make_event(0, entry_fee="5.00",
                       check_in_opens_at=timezone.now() - timedelta(minutes=1), **options)
    for index in range(members):
        MembershipFactory(club=event.club, player=PlayerFactory(display_name=f"M{index + 1}"))
    return services.set_status(tournament=event, status="registration", actor=director_of(event))


def test_the_desk_registers_all_members_in_one_post(client: Client) -> None:
    event = open_event(members=16)
    client.force_login(director_of(event))
    desk = client.get(reverse("tournaments:desk", args=[event.pk])).text
    assert 'id="register-members-form"' in desk and 'data-select-all="player"' in desk
    answer = client.post(reverse("tournaments:desk_register_members", args=[event.pk]),
                         {"all": "1"}, headers=HTMX)
    assert "<html" not in answer.text and "16 players registered." in answer.text
    assert Entry.objects.filter(tournament=event, withdrawn=False).count() == 16
    assert 'id="register-members-form"' not in answer.text  # nobody left to register


def test_the_desk_registers_a_selection(client: Client) -> None:
    event = open_event(members=5)
    chosen = list(event.club.members.order_by("pk").values_list("pk", flat=True)[:2])
    client.force_login(director_of(event))
    client.post(reverse("tournaments:desk_register_members", args=[event.pk]),
                {"player": [str(pk) for pk in chosen]})
    assert set(Entry.objects.filter(tournament=event).values_list("player_id", flat=True)) \
        == set(chosen)


def test_a_player_who_is_no_member_refuses_the_whole_batch(client: Client) -> None:
    event = open_event(members=3)
    stranger = PlayerFactory()
    member = event.club.members.first()
    client.force_login(director_of(event))
    answer = client.post(reverse("tournaments:desk_register_members", args=[event.pk]),
                         {"player": [str(member.pk), str(stranger.pk)]}, headers=HTMX)
    assert answer.status_code == 200
    assert "not club members waiting to be registered" in answer.text
    assert not Registration.objects.filter(tournament=event).exists()  # nothing half-done
    nobody = client.post(reverse("tournaments:desk_register_members", args=[event.pk]),
                         {"player": ["abc", "²"]}, headers=HTMX)
    assert "Choose at least one player." in nobody.text


def test_the_desk_checks_in_and_marks_fees_paid_for_everyone_at_once(client: Client) -> None:
    event = open_event(members=8)
    director = director_of(event)
    desk_batch.register_members(tournament=event, by=director, players=None)
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[event.pk])).text
    assert 'id="desk-entrants-form"' in desk and desk.count('form="desk-entrants-form"') == 8
    answer = client.post(reverse("tournaments:desk_entrants", args=[event.pk]),
                         {"all": "1", "what": "check-in"}, headers=HTMX)
    assert "8 players checked in." in answer.text
    assert not Entry.objects.filter(tournament=event, checked_in_at__isnull=True).exists()
    some = list(Entry.objects.filter(tournament=event).order_by("pk").values_list("pk", flat=True))
    client.post(reverse("tournaments:desk_entrants", args=[event.pk]),
                {"entry": [str(pk) for pk in some[:3]], "what": "fee"})
    assert set(Entry.objects.filter(tournament=event, fee_paid=True).values_list(
        "pk", flat=True)) == set(some[:3])
    rest = client.post(reverse("tournaments:desk_entrants", args=[event.pk]),
                       {"all": "1", "what": "fee"}, headers=HTMX)
    assert "5 entry fees marked as paid." in rest.text
    assert not Entry.objects.filter(tournament=event, fee_paid=False).exists()


def test_entries_of_another_event_are_refused(client: Client) -> None:
    event, other = open_event(members=2), open_event(members=2)
    desk_batch.register_members(tournament=other, by=director_of(other), players=None)
    foreign = Entry.objects.filter(tournament=other).first()
    client.force_login(director_of(event))
    answer = client.post(reverse("tournaments:desk_entrants", args=[event.pk]),
                         {"entry": [str(foreign.pk)], "what": "check-in"}, headers=HTMX)
    assert "not entrants of this event" in answer.text
    foreign.refresh_from_db()
    assert foreign.checked_in_at is None


def test_only_the_clubs_directors_use_the_batch_forms(client: Client) -> None:
    event = open_event(members=2)
    client.force_login(UserFactory())
    for name in ("desk_register_members", "desk_entrants"):
        answer = client.post(reverse(f"tournaments:{name}", args=[event.pk]), {"all": "1"})
        assert answer.status_code == 403
    assert not Registration.objects.filter(tournament=event).exists()
