"""The federations API: reads for anyone, affiliation writes for the right side, every
refusal in the API's one error shape, in the reader's language."""

from __future__ import annotations

import datetime

import pytest

from federations.models import Affiliation
from tests.factories import ClubFactory, UserFactory
from tests.federations.support import event, federation, member
from tests.support.clients import api_client, error_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    admin, director = UserFactory(), UserFactory()
    fed = federation(admins=[admin])
    club = ClubFactory(directors=[director])
    return fed, admin, director, club


def test_reads(setting):
    fed, _admin, _director, _club = setting
    member_club = member(fed)
    event(member_club, "Spring open", datetime.date(2026, 4, 4))
    event(member_club, "Spring long", datetime.date(2026, 4, 9), variant="nardy")
    api = api_client()
    listed = api.get("/api/federations/").json()
    assert [(f["slug"], f["clubs"]) for f in listed["results"]] == [(fed.slug, 1)]
    fed.admins.add(UserFactory(), UserFactory())  # admins do not multiply the count
    for user in (None, fed.admins.first()):
        seen = api_client(user).get("/api/federations/").json()["results"]
        assert [(f["slug"], f["clubs"]) for f in seen] == [(fed.slug, 1)]
    assert api.get(f"/api/federations/{fed.slug}/").json()["name"] == fed.name
    assert api.get(f"/api/federations/{fed.slug}/clubs/").json()[0]["slug"] == member_club.slug
    calendar = api.get(f"/api/federations/{fed.slug}/calendar/",
                       {"month": "2026-04", "variant": "nardy"}).json()
    assert [e["name"] for e in calendar["upcoming"]] == ["Spring long"]
    assert calendar["month"] == "2026-04-01" and calendar["past"] == []


@pytest.mark.parametrize(("params", "field"), [
    ({"month": "2026-13"}, "month"), ({"month": "1999-01"}, "month"),
    ({"variant": "chess"}, "variant"), ({"month": ""}, "month"),
])
def test_bad_calendar_queries_say_which_parameter(setting, params, field):
    answer = api_client().get(f"/api/federations/{setting[0].slug}/calendar/", params)
    assert answer.status_code == 400
    error = error_of(answer)
    assert error["code"] == "invalid" and field in error["fields"]


def test_bad_ranking_queries_and_unknown_federations(setting):
    api = api_client()
    answer = api.get(f"/api/federations/{setting[0].slug}/ranking/", {"year": "1900"})
    assert answer.status_code == 400 and "year" in error_of(answer)["fields"]
    backwards = api.get(f"/api/federations/{setting[0].slug}/ranking/",
                        {"start": "2026-05-01", "end": "2026-04-01"})
    assert backwards.status_code == 409 and error_of(backwards)["fields"]
    missing = api.get("/api/federations/no-such-federation/ranking/")
    assert missing.status_code == 404 and error_of(missing)["code"] == "not_found"


def test_a_director_asks_and_the_admin_accepts(setting):
    fed, admin, director, club = setting
    asked = api_client(director).post("/api/affiliations/", {
        "federation": fed.slug, "club": club.slug, "side": "club"}, format="json")
    assert asked.status_code == 201, asked.json()
    pk = asked.json()["id"]
    assert api_client(director).post(f"/api/affiliations/{pk}/accept/").status_code == 403
    accepted = api_client(admin).post(f"/api/affiliations/{pk}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    assert [a["id"] for a in api_client(director).get("/api/affiliations/").json()["results"]] \
        == [pk]
    again = api_client(admin).post(f"/api/affiliations/{pk}/accept/")
    assert again.status_code == 409 and error_of(again)["code"] == "not_waiting"
    ended = api_client(director).post(f"/api/affiliations/{pk}/end/")
    assert ended.status_code == 200 and ended.json()["left_on"]


def test_refusals_are_in_the_error_shape_and_save_nothing(setting):
    fed, _admin, director, club = setting
    stranger = UserFactory()
    not_theirs = api_client(stranger).post("/api/affiliations/", {
        "federation": fed.slug, "club": club.slug, "side": "club"}, format="json")
    assert not_theirs.status_code == 403
    assert error_of(not_theirs)["code"] == "not_the_club_director"
    not_admin = api_client(director).post("/api/affiliations/", {
        "federation": fed.slug, "club": club.slug, "side": "federation"}, format="json")
    assert not_admin.status_code == 403 and error_of(not_admin)["code"] == "not_allowed"
    ru = api_client(director)
    ru.credentials(HTTP_ACCEPT_LANGUAGE="ru")
    said = ru.post("/api/affiliations/", {"federation": fed.slug, "club": club.slug,
                                          "side": "federation"}, format="json")
    assert "администраторы федерации" in error_of(said)["message"]
    nothing = api_client(director).post("/api/affiliations/", {
        "federation": "no-such", "club": club.slug, "side": "club"}, format="json")
    assert nothing.status_code == 409 and "federation" in error_of(nothing)["fields"]
    bad = api_client(director).post("/api/affiliations/", {
        "federation": fed.slug, "club": club.slug, "side": "both"}, format="json")
    assert bad.status_code == 400 and "side" in error_of(bad)["fields"]
    assert api_client().post("/api/affiliations/", {}, format="json").status_code == 401
    assert not Affiliation.objects.exists()
    invisible = federation(slug="hidden", is_public=False)
    unlisted = api_client(director).post("/api/affiliations/", {
        "federation": invisible.slug, "club": club.slug, "side": "club"}, format="json")
    assert unlisted.status_code == 409 and not Affiliation.objects.exists()


def test_outsiders_do_not_see_or_answer_others_affiliations(setting):
    fed, admin, director, club = setting
    invited = api_client(admin).post("/api/affiliations/", {
        "federation": fed.slug, "club": club.slug, "side": "federation"}, format="json")
    pk = invited.json()["id"]
    outsider = api_client(UserFactory())
    assert outsider.get("/api/affiliations/").json()["results"] == []
    assert outsider.post(f"/api/affiliations/{pk}/accept/").status_code == 404
    assert api_client(director).post(f"/api/affiliations/{pk}/accept/").status_code == 200
    assert api_client(director).post("/api/affiliations/99999999999999999999/accept/"
                                     ).status_code == 404
