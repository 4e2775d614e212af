"""The people side through the REST API: same rules as the pages."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Club, Invitation, JoinRequest, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, error_of

pytestmark = pytest.mark.django_db


def test_start_a_club_give_roles_and_list_people() -> None:
    anna = UserFactory(username="anna")
    api = api_client(anna)
    assert api_client().post("/api/clubs/", {"name": "X"}).status_code in (401, 403)
    response = api.post("/api/clubs/", {"name": "Riverside", "venue": "Cafe"}, format="json")
    assert response.status_code == 201 and response.data["your_role"] == "owner"
    slug = response.data["slug"]
    bob = UserFactory(username="bob")
    MembershipFactory(club=Club.objects.get(slug=slug), player=PlayerFactory(user=bob, email="b@x.org"))
    response = api.post(f"/api/clubs/{slug}/roles/", {"user": bob.pk, "role": "scorer"}, format="json")
    assert response.status_code == 200 and response.data == {"user": bob.pk, "role": "scorer"}
    people = api.get(f"/api/clubs/{slug}/people/").data
    assert [(p["user"], p["role"]) for p in people] == [(anna.pk, "owner"), (bob.pk, "scorer")]
    assert all("username" not in p for p in people)
    assert people[1]["email"] == "b@x.org"
    public = api_client().get(f"/api/clubs/{slug}/people/").data
    assert public[1]["email"] is None and public[1]["legal_name"] is None
    response = api_client(bob).post(f"/api/clubs/{slug}/roles/",
                                    {"user": anna.pk, "role": "member"}, format="json")
    assert response.status_code == 403
    response = api_client(bob).patch(f"/api/clubs/{slug}/", {"venue": "Elsewhere"}, format="json")
    assert response.status_code == 403
    assert api.patch(f"/api/clubs/{slug}/", {"venue": "Library"}, format="json").data["venue"] == "Library"
    assert api_client(bob).post(f"/api/clubs/{slug}/leave/").status_code == 204
    assert error_of(api.post(f"/api/clubs/{slug}/leave/"))["code"] == "owner_cannot_leave"


def test_adding_players_with_similar_names_and_marking_different() -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    ivan = PlayerFactory(name="Иван Петров", display_name="Ваня")
    MembershipFactory(club=club, player=ivan)
    api = api_client(director)
    similar = api.get("/api/clubs/riverside/similar-players/", {"name": "Petrov Ivan"}).data
    assert similar[0]["id"] == ivan.pk and similar[0]["reasons"] == ["transliteration", "word_order"]
    response = api.post("/api/clubs/riverside/players/", {"name": "Ivan Petrov"}, format="json")
    assert response.status_code == 409 and error_of(response)["code"] == "similar_players"
    response = api.post("/api/clubs/riverside/players/",
                        {"name": "Ivan Petrov", "allow_similar": True}, format="json")
    assert response.status_code == 201
    other = Player.objects.get(pk=response.data["id"])
    assert api.post("/api/clubs/riverside/players/different/",
                    {"first": ivan.pk, "second": other.pk}, format="json").status_code == 204
    assert api_client(UserFactory()).get(
        "/api/clubs/riverside/similar-players/", {"name": "x"}).status_code == 403


def test_edit_deactivate_delete_players() -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    player = PlayerFactory(display_name="Old")
    MembershipFactory(club=club, player=player)
    api = api_client(director)
    response = api.patch(f"/api/players/{player.pk}/", {"display_name": "New", "fibs": "newf"},
                         format="json")
    assert response.status_code == 200 and response.data["fibs"] == "newf"
    assert api.post(f"/api/players/{player.pk}/deactivate/").data["is_active"] is False
    assert api_client(UserFactory()).delete(f"/api/players/{player.pk}/").status_code == 403
    assert api.delete(f"/api/players/{player.pk}/").status_code == 204
    assert not Player.objects.filter(pk=player.pk).exists()


def test_invitations_by_link_then_accept_by_token() -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    guest = PlayerFactory(display_name="Vera")
    MembershipFactory(club=club, player=guest)
    api = api_client(director)
    response = api.post("/api/invitations/", {"club": "riverside", "kind": "link",
                                              "player": guest.pk, "days": 7}, format="json")
    assert response.status_code == 201
    token = response.data["token"]
    assert response.data["url"].endswith(f"/join/{token}/")
    assert response.data["qr_svg"].startswith("<svg")
    assert response.data["invitation"]["max_uses"] == 1
    vera = UserFactory(username="vera")
    response = api_client(vera).post("/api/invitations/accept/", {"token": token}, format="json")
    assert response.status_code == 200 and response.data["player"] == guest.pk
    response = api_client(UserFactory()).post("/api/invitations/accept/", {"token": token},
                                              format="json")
    assert response.status_code == 409 and error_of(response)["code"] == "used_up"
    response = api_client(vera).post("/api/invitations/accept/", {"token": "forged" * 5},
                                     format="json")
    assert error_of(response)["code"] == "unknown"
    invitation = Invitation.objects.get()
    assert api.get("/api/invitations/").data["results"][0]["status"] == "used_up"
    assert api.post(f"/api/invitations/{invitation.pk}/revoke/").data["status"] == "revoked"
    assert api_client(UserFactory()).post("/api/invitations/", {
        "club": "riverside", "kind": "link"}, format="json").status_code == 403


def test_join_requests_through_the_api() -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    olga = UserFactory(username="olga")
    response = api_client(olga).post("/api/join-requests/", {"club": "riverside",
                                                             "message": "hi"}, format="json")
    assert response.status_code == 201
    again = api_client(olga).post("/api/join-requests/", {"club": "riverside"}, format="json")
    assert error_of(again)["code"] == "already_requested"
    request_id = response.data["id"]
    assert api_client(olga).post(f"/api/join-requests/{request_id}/approve/").status_code == 403
    response = api_client(director).post(f"/api/join-requests/{request_id}/approve/")
    assert response.status_code == 200 and response.data["status"] == "approved"
    assert club.members.filter(user=olga).exists()
    assert JoinRequest.objects.get().decided_by == director


def test_import_preview_then_apply() -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    MembershipFactory(club=club, player=PlayerFactory(name="Иван Петров", display_name="Ваня"))
    api = api_client(director)
    upload = SimpleUploadedFile("p.csv", "Name;Email\nIvan Petrov;\nAnna Smith;a@x.org\n"
                                .encode("cp1251"))
    response = api.post("/api/clubs/riverside/imports/", {"file": upload}, format="multipart")
    assert response.status_code == 201 and response.data["encoding"] == "utf-8"
    lines = {line["line"]: line for line in response.data["lines"]}
    assert lines[2]["action"] == "choose" and lines[3]["action"] == "create"
    assert lines[2]["why"][0]["code"] == "similar_names"
    import_id = response.data["id"]
    assert api.get(f"/api/clubs/riverside/imports/{import_id}/").data["applied"] is False
    response = api.post(f"/api/clubs/riverside/imports/{import_id}/apply/",
                        {"choices": {"2": "new"}}, format="json")
    assert response.status_code == 200 and response.data["create"] == 2
    bad = api.post("/api/clubs/riverside/imports/",
                   {"file": SimpleUploadedFile("p.csv", b"Email\nx@y.org\n")}, format="multipart")
    assert bad.status_code == 409 and error_of(bad)["code"] == "missing_column"
    assert "name" in error_of(bad)["message"]


def test_profile_read_and_update() -> None:
    anna = UserFactory(username="anna")
    api = api_client(anna)
    assert api.get("/api/profile/me/").data["player"] is None
    response = api.patch("/api/profile/me/", {"display_name": "Anna K.", "fibs": "annak",
                                              "preferred_language": "ru"}, format="json")
    assert response.status_code == 200
    assert (response.data["display_name"], response.data["fibs"],
            response.data["preferred_language"]) == ("Anna K.", "annak", "ru")
    assert Player.objects.get(user=anna).fibs == "annak"
    assert api_client().get("/api/profile/me/").status_code in (401, 403)
    assert api.patch("/api/profile/me/", {"preferred_language": "xx"}, format="json").status_code == 400


def test_what_to_do_now() -> None:
    director = UserFactory()
    club = ClubFactory(slug="riverside", directors=[director])
    olga = UserFactory(username="olga")
    PlayerFactory(user=olga, display_name="Olga K.")
    JoinRequest.objects.create(club=club, user=olga)
    data = api_client(director).get("/api/todo/").data
    assert data["join_requests"][0]["name"] == "Olga K."
    assert "olga" not in str(data)
    assert data["matches_to_play"] == [] and data["invitations"] == []
    assert api_client().get("/api/todo/").status_code in (401, 403)
