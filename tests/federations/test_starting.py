"""Starting a federation and running it without the Django admin: the service, the
pages and the API; its admins edit it and correct their clubs' membership dates, nobody
else does, and every refusal says what is wrong on the field, saving nothing."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from federations import services
from federations.errors import FederationError
from federations.models import Affiliation, Federation
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import LONG_AGO, federation, member
from tests.support.clients import api_client, error_of

pytestmark = pytest.mark.django_db


def _refused(code, run):
    with pytest.raises(FederationError) as caught:
        run()
    assert caught.value.code == code
    return caught.value


# --- the services -----------------------------------------------------------------------

@pytest.mark.parametrize(("name", "slug"), [
    ("Caspian Federation", "caspian-federation"),
    ("  Федерация   нард  Азербайджана ", "federatsiia-nard-azerbaidzhana"),
    ("Türkiye Tavla Federasyonu", "turkiye-tavla-federasyonu"),
    ("new", "new-federation"),  # /federations/new/ is the form
    ("***", "federation"),
])
def test_whoever_starts_a_federation_is_its_admin_and_its_slug_comes_from_the_name(name, slug):
    founder = UserFactory()
    started = services.start_federation(actor=founder, name=name, country="AZ")
    assert started.slug == slug and started.name == " ".join(name.split())
    assert list(started.admins.all()) == [founder] and started.is_public
    again = services.start_federation(actor=UserFactory(), name=name)
    assert again.slug == f"{slug}-2"  # unique, as clubs make theirs


def test_a_federation_needs_a_name_and_nothing_is_saved_without_one():
    error = _refused("name_required", lambda: services.start_federation(
        actor=UserFactory(), name="   "))
    assert error.field == "name"
    assert not Federation.objects.exists()


def test_only_its_admins_edit_a_federation_and_its_address_stays():
    admin, stranger = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    _refused("not_allowed", lambda: services.update_federation(
        federation=fed, actor=stranger, name="Taken over"))
    edited = services.update_federation(federation=fed, actor=admin, name="Caspian Union",
                                        description="Since 1992.", is_public=False)
    fed.refresh_from_db()
    assert (fed.name, fed.description, fed.is_public, fed.slug) == \
        ("Caspian Union", "Since 1992.", False, "caspian") == \
        (edited.name, edited.description, edited.is_public, edited.slug)


def test_the_last_admin_stays():
    admin = UserFactory()
    fed = services.start_federation(actor=admin, name="Solo")
    _refused("last_admin", lambda: services.remove_admin(federation=fed, user=admin, actor=admin))
    assert list(fed.admins.all()) == [admin]


def _membership(fed, **kwargs):
    club = member(fed, **kwargs)
    return Affiliation.objects.get(club=club, federation=fed)


def test_an_admin_corrects_a_membership_and_the_rules_hold():
    fed = federation()
    admin = fed.admins.first()
    affiliation = _membership(fed, since=None)
    today = timezone.localdate()
    assert affiliation.joined_on == today
    yesterday = today - datetime.timedelta(days=1)

    def correct(joined_on, left_on=None, actor=admin):
        return services.correct_membership_dates(affiliation=affiliation, actor=actor,
                                                 joined_on=joined_on, left_on=left_on)

    assert correct(LONG_AGO).joined_on == LONG_AGO
    assert _refused("date_in_future", lambda: correct(today + datetime.timedelta(days=1))
                    ).field == "joined_on"
    assert _refused("still_a_member", lambda: correct(LONG_AGO, yesterday)).field == "left_on"
    _refused("not_allowed", lambda: correct(yesterday, actor=affiliation.club.directors.first()))
    services.end_affiliation(affiliation=affiliation, actor=admin)
    assert _refused("left_on_required", lambda: correct(LONG_AGO)).field == "left_on"
    assert _refused("left_before_joined", lambda: correct(yesterday, LONG_AGO)).field == "left_on"
    assert _refused("date_in_future", lambda: correct(
        LONG_AGO, today + datetime.timedelta(days=3))).field == "left_on"
    assert correct(LONG_AGO, yesterday).left_on == yesterday
    affiliation.refresh_from_db()
    assert (affiliation.joined_on, affiliation.left_on) == (LONG_AGO, yesterday)
    # The club comes back: its second membership may not reach into the first one.
    again = services.ask_to_affiliate(federation=fed, club=affiliation.club, actor=admin,
                                      side=Affiliation.Side.FEDERATION)
    _refused("not_a_membership", lambda: services.correct_membership_dates(
        affiliation=again, actor=admin, joined_on=LONG_AGO))
    again = services.decide_affiliation(affiliation=again, accept=True,
                                        actor=affiliation.club.directors.first())
    _refused("memberships_overlap", lambda: services.correct_membership_dates(
        affiliation=again, actor=admin, joined_on=LONG_AGO))


# --- the pages --------------------------------------------------------------------------

def test_a_signed_in_person_starts_a_federation_from_the_list(client):
    founder = UserFactory()
    listing = reverse("federations:list")
    new = reverse("federations:create")
    assert new in client.get(listing).content.decode()
    assert client.get(new).status_code == 302  # anonymous: to the sign-in page
    assert client.post(new, {"name": "Anonymous Union"}).status_code == 302
    assert not Federation.objects.exists()
    client.force_login(founder)
    blank = client.post(new, {"name": "  ", "country": "AZ"})
    assert blank.status_code == 400 and "A federation needs a name" in blank.content.decode()
    too_long = client.post(new, {"name": "N" * 121})
    assert too_long.status_code == 400 and not Federation.objects.exists()
    made = client.post(new, {"name": "Baku Nardy Union", "country": "Azerbaijan",
                             "description": "Clubs of Baku.", "is_public": "on"})
    fed = Federation.objects.get()
    assert made.status_code == 302 and made["Location"] == reverse("federations:manage",
                                                                    args=[fed.slug])
    assert fed.slug == "baku-nardy-union" and list(fed.admins.all()) == [founder]
    manage = client.get(made["Location"]).content.decode()
    assert "About the federation" in manage and "Clubs of Baku." in manage


def test_the_about_form_and_the_dates_on_the_manage_page(client):
    admin, director = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    club = member(fed, ClubFactory(directors=[director]), since=datetime.date(2019, 3, 1))
    affiliation = Affiliation.objects.get(club=club)
    manage = reverse("federations:manage", args=[fed.slug])
    detail = client.get(reverse("federations:detail", args=[fed.slug])).content.decode()
    assert "member since March 1, 2019" in detail

    for outsider in (director, UserFactory()):
        client.force_login(outsider)
        assert client.post(manage, {"action": "edit", "name": "Mine now"}).status_code == 403
        assert client.post(manage, {"action": "dates", "affiliation": affiliation.pk,
                                    f"dates-{affiliation.pk}-joined_on": "2010-01-01"}
                           ).status_code == 403
    client.force_login(admin)
    assert client.post(manage, {"action": "edit", "name": "Caspian Union", "country": "AZ",
                                "description": "Est. 1992"}).status_code == 302
    fed.refresh_from_db()
    assert (fed.name, fed.is_public, fed.slug) == ("Caspian Union", False, "caspian")
    future = (timezone.localdate() + datetime.timedelta(days=2)).isoformat()
    refused = client.post(manage, {"action": "dates", "affiliation": affiliation.pk,
                                   f"dates-{affiliation.pk}-joined_on": future})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert f'id="id_dates-{affiliation.pk}-joined_on_errors"' in html and "in the future" in html
    assert client.post(manage, {"action": "dates", "affiliation": affiliation.pk,
                                f"dates-{affiliation.pk}-joined_on": "not a day"}
                       ).status_code == 400
    affiliation.refresh_from_db()
    assert affiliation.joined_on == datetime.date(2019, 3, 1)  # nothing saved
    assert client.post(manage, {"action": "dates", "affiliation": affiliation.pk,
                                f"dates-{affiliation.pk}-joined_on": "2012-05-04"}
                       ).status_code == 302
    affiliation.refresh_from_db()
    assert affiliation.joined_on == datetime.date(2012, 5, 4)
    services.end_affiliation(affiliation=affiliation, actor=admin)
    history = client.get(manage).content.decode()
    assert "member until" in history and f"dates-{affiliation.pk}-left_on" in history
    other = federation(slug="other", name="Other")
    assert client.post(manage, {"action": "dates", "affiliation": Affiliation.objects.create(
        federation=other, club=ClubFactory(), asked_by_side="club").pk}).status_code == 404


# --- the API ----------------------------------------------------------------------------

def test_the_api_starts_a_federation_for_anyone_signed_in():
    founder = UserFactory()
    assert api_client().post("/api/federations/", {"name": "Nobody's"},
                             format="json").status_code == 401
    made = api_client(founder).post("/api/federations/", {
        "name": "Ankara Tavla", "country": "Türkiye", "is_public": False}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json() == {"slug": "ankara-tavla", "name": "Ankara Tavla", "country": "Türkiye",
                           "description": "", "is_public": False, "clubs": 0}
    assert list(Federation.objects.get().admins.all()) == [founder]
    ru = api_client(founder)
    ru.credentials(HTTP_ACCEPT_LANGUAGE="ru")
    for body, field in (({}, "name"), ({"name": ""}, "name"), ({"name": 7}, "name"),
                        ({"name": "x" * 121}, "name"), ({"name": "Ok", "is_public": "maybe"},
                                                        "is_public")):
        bad = ru.post("/api/federations/", body, format="json")
        assert bad.status_code == 400 and field in error_of(bad)["fields"], body
    assert Federation.objects.count() == 1


def test_only_admins_patch_a_federation():
    admin, stranger = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    url = f"/api/federations/{fed.slug}/"
    assert api_client().patch(url, {"name": "X"}, format="json").status_code == 401
    refused = api_client(stranger).patch(url, {"name": "X"}, format="json")
    assert refused.status_code == 403 and error_of(refused)["code"] == "not_allowed"
    edited = api_client(admin).patch(url, {"description": "About us", "is_public": False},
                                     format="json")
    assert edited.status_code == 200 and edited.json()["description"] == "About us"
    assert api_client(stranger).patch(url, {"name": "X"}, format="json").status_code == 404
    blank = api_client(admin).patch(url, {"name": " "}, format="json")
    assert blank.status_code == 400 and "name" in error_of(blank)["fields"]
    fed.refresh_from_db()
    assert (fed.name, fed.description, fed.is_public) == ("Caspian Federation", "About us", False)


def test_an_admin_corrects_membership_dates_through_the_api():
    fed = federation()
    admin = fed.admins.first()
    club = member(fed, since=None)
    pk = Affiliation.objects.get(club=club).pk
    url = f"/api/affiliations/{pk}/"
    director = club.directors.first()
    refused = api_client(director).patch(url, {"joined_on": "2010-01-01"}, format="json")
    assert refused.status_code == 403
    assert api_client(UserFactory()).patch(url, {"joined_on": "2010-01-01"},
                                           format="json").status_code == 404
    ru = api_client(admin)
    ru.credentials(HTTP_ACCEPT_LANGUAGE="ru")
    future = ru.patch(url, {"joined_on": "2999-01-01"}, format="json")
    assert future.status_code == 409 and list(error_of(future)["fields"]) == ["joined_on"]
    assert "будущем" in error_of(future)["message"]
    still = ru.patch(url, {"left_on": "2020-01-01"}, format="json")
    assert still.status_code == 409 and list(error_of(still)["fields"]) == ["left_on"]
    bad = ru.patch(url, {"joined_on": "March"}, format="json")
    assert bad.status_code == 400 and "joined_on" in error_of(bad)["fields"]
    done = api_client(admin).patch(url, {"joined_on": "2010-01-01"}, format="json")
    assert done.status_code == 200 and done.json()["joined_on"] == "2010-01-01"
    members = api_client().get(f"/api/federations/{fed.slug}/clubs/").json()
    assert members[0]["joined_on"] == "2010-01-01"
