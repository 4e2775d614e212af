"""The federation pages: calendar contents and filters, privacy of the member clubs'
private events and names, the admin page and the club side's actions."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from federations.models import Affiliation
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import event, federation, member, players, ranked_event

pytestmark = pytest.mark.django_db

MAY, JUNE = datetime.date(2026, 5, 10), datetime.date(2026, 6, 20)


@pytest.fixture
def calendar_setting():
    fed = federation()
    club, other = member(fed), member(fed)
    outsider = ClubFactory()
    event(club, "May cup", MAY)
    event(other, "June long nardy", JUNE, variant="nardy")
    event(club, "Winter final", datetime.date(2026, 1, 5), status="finished")
    event(club, "Secret night", MAY, public=False)
    event(club, "Draft plan", MAY, status="draft")
    event(outsider, "Outsider cup", MAY)
    return fed, club, other


def _calendar(client, fed, htmx=False, **params):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.get(reverse("federations:calendar", args=[fed.slug]), params, headers=headers)


def test_the_calendar_lists_the_public_events_of_the_member_clubs(client, calendar_setting):
    fed = calendar_setting[0]
    html = _calendar(client, fed).content.decode()
    for shown in ("May cup", "June long nardy", "Winter final"):
        assert shown in html
    for hidden in ("Secret night", "Draft plan", "Outsider cup"):
        assert hidden not in html
    upcoming, past = html.split("Past", 1)
    assert "May cup" in upcoming and "Winter final" in past


def test_the_calendar_filters_by_month_and_game(client, calendar_setting):
    fed = calendar_setting[0]
    may = _calendar(client, fed, month="2026-05").content.decode()
    assert "May cup" in may and "June long nardy" not in may
    nardy = _calendar(client, fed, htmx=True, variant="nardy")
    body = nardy.content.decode()
    assert body.lstrip().startswith('<section id="calendar"') and "<html" not in body
    assert "June long nardy" in body and "May cup" not in body


@pytest.mark.parametrize("month", ["2026-13", "May", "1999-12", "2026-5-1"])
def test_a_bad_month_is_an_error_saying_so(client, calendar_setting, month):
    answer = _calendar(client, calendar_setting[0], month=month)
    assert answer.status_code == 400
    assert "Month" in answer.content.decode() and "2026-05" in answer.content.decode() \
        or "2000" in answer.content.decode()


def test_an_ended_membership_takes_the_club_off_the_calendar(client, calendar_setting):
    fed, club, _other = calendar_setting
    affiliation = Affiliation.objects.get(club=club)
    affiliation.status = Affiliation.Status.ENDED
    affiliation.save()
    assert "May cup" not in _calendar(client, fed).content.decode()


def test_private_events_and_names_never_reach_the_federation(client):
    fed = federation()
    club = member(fed)
    public_players = players(club, prefix="Open")
    hidden = players(club, prefix="Hidden")
    ranked_event(club, public_players, name="Open night")
    ranked_event(club, hidden, name="Members only night", public=False)
    event(club, "Members only cup", MAY, public=False)
    director = club.directors.first()  # even the club's own director: the national pages
    client.force_login(director)  # show what the public sees
    pages = [reverse(f"federations:{name}", args=[fed.slug])
             for name in ("detail", "calendar", "ranking")]
    pages.append(reverse("federations:ranking", args=[fed.slug]) + "?year=2026")
    apis = [f"/api/federations/{fed.slug}/{part}" for part in
            ("", "clubs/", "calendar/", "ranking/?year=2026")]
    for url in pages + apis:
        body = client.get(url).content.decode()
        for secret in ("Members only", "Hidden", "Legal"):
            assert secret not in body, (url, secret)
    assert "Open0" in client.get(pages[-1]).content.decode()


def test_an_unlisted_federation_is_seen_by_its_admins_only(client):
    admin = UserFactory()
    fed = federation(admins=[admin], is_public=False)
    url = reverse("federations:detail", args=[fed.slug])
    assert client.get(url).status_code == 404
    assert fed.name not in client.get(reverse("federations:list")).content.decode()
    assert client.get(f"/api/federations/{fed.slug}/").status_code == 404
    client.force_login(admin)
    assert client.get(url).status_code == 200


def test_only_admins_open_the_admin_page(client):
    admin, director = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    member(fed, ClubFactory(directors=[director]))
    url = reverse("federations:manage", args=[fed.slug])
    assert client.get(url).status_code == 302  # to the sign-in page
    client.force_login(director)
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "add_admin", "username": director.username}
                       ).status_code == 403
    assert not fed.admins.filter(pk=director.pk).exists()


def test_a_director_asks_and_the_admin_accepts_through_the_pages(client):
    admin, director = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    club, not_mine = ClubFactory(directors=[director]), ClubFactory(directors=[UserFactory()])
    client.force_login(director)
    detail = reverse("federations:detail", args=[fed.slug])
    action = reverse("federations:club_action", args=[fed.slug])
    assert club.name in client.get(detail).content.decode()  # the form offers their club
    refused = client.post(action, {"action": "ask", "club": not_mine.slug})
    assert refused.status_code == 400 and "Choose a club from the list" in refused.content.decode()
    assert client.post(action, {"action": "ask", "club": club.slug}).status_code == 302
    asked = Affiliation.objects.get(club=club)
    # The director cannot accept their own request.
    client.post(action, {"action": "accept", "affiliation": asked.pk})
    asked.refresh_from_db()
    assert asked.status == Affiliation.Status.PENDING

    client.force_login(admin)
    manage = reverse("federations:manage", args=[fed.slug])
    assert club.name in client.get(manage).content.decode()
    assert client.post(manage, {"action": "accept", "affiliation": asked.pk}).status_code == 302
    asked.refresh_from_db()
    assert asked.status == Affiliation.Status.ACTIVE
    assert club.name in client.get(detail).content.decode()
    assert fed.name in client.get(reverse("clubs:club_detail", args=[club.slug])
                                  ).content.decode()


def test_admin_page_errors_say_what_is_wrong_and_save_nothing(client):
    admin = UserFactory()
    fed = federation(admins=[admin])
    client.force_login(admin)
    manage = reverse("federations:manage", args=[fed.slug])
    answer = client.post(manage, {"action": "add_admin", "username": "nobody-at-all"})
    assert answer.status_code == 400
    assert "There is no account with the name nobody-at-all" in answer.content.decode()
    last = client.post(manage, {"action": "remove_admin", "user": admin.pk}, follow=True)
    assert "at least one admin" in last.content.decode()
    assert list(fed.admins.all()) == [admin]
    for junk in ({"action": "accept", "affiliation": "x"}, {"action": "what"},
                 {"action": "invite", "club": "no-such-club"},
                 {"action": "remove_admin", "user": "9" * 30}):
        assert client.post(manage, junk).status_code in (400, 404)
    assert not Affiliation.objects.exists()


def test_russian_pages_speak_of_the_federation(client, calendar_setting):
    fed = calendar_setting[0]
    client.cookies["django_language"] = "ru"
    html = client.get(reverse("federations:detail", args=[fed.slug])).content.decode()
    assert "Клубы-члены" in html or "клубы-члены" in html
    assert "рейтинг федерации" in client.get(
        reverse("federations:ranking", args=[fed.slug])).content.decode().lower()
