"""The people pages: start a club, players and roles, invitations and the join page,
join requests, profile, my clubs, the signed-in home."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.urls import reverse

from clubs import invitations
from clubs.models import Club, Invitation, JoinRequest, Player, PlayerLog, Profile
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db


def test_a_signed_in_person_starts_a_club_and_runs_it(client) -> None:
    anna = UserFactory(username="anna")
    assert client.get(reverse("clubs:club_create")).status_code == 302  # log in first
    client.force_login(anna)
    response = client.post(reverse("clubs:club_create"), {
        "name": "Riverside Nardy", "description": "Friendly games", "venue": "Cafe Lido",
        "schedule": "Tuesdays 19:00", "city": "Yerevan"})
    club = Club.objects.get(name="Riverside Nardy")
    assert response.status_code == 302 and response.url == club.get_absolute_url()
    page = client.get(club.get_absolute_url()).text
    for text in ("Cafe Lido", "Tuesdays 19:00", "You direct this club", "Players and roles",
                 "Events", "Chouette nights", "Ratings and rankings", "Owner"):
        assert text in page, text
    assert client.post(reverse("clubs:club_create"), {"name": ""}).status_code == 200


def test_pages_for_directors_only(client) -> None:
    club = ClubFactory()
    client.force_login(UserFactory())
    for name in ("clubs:players", "clubs:invitations", "clubs:join_requests",
                 "clubs:import_upload", "clubs:club_edit"):
        response = client.get(reverse(name, args=[club.slug]))
        assert response.status_code == 403, name
        assert "owner and directors" in response.text


def test_adding_a_player_offers_similar_names_first(client) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    MembershipFactory(club=club, player=PlayerFactory(name="Иван Петров", display_name="Иван"))
    elsewhere = PlayerFactory(name="Maria Lopez", display_name="Maria", name_is_public=True)
    client.force_login(director)
    url = reverse("clubs:player_add", args=[club.slug])
    response = client.post(url, {"name": "Ivan Petrov"})
    assert "Is “Ivan Petrov” one of these players?" in response.text
    assert "another alphabet" in response.text
    assert not Player.objects.filter(name="Ivan Petrov").exists()
    client.post(url, {"name": "Ivan Petrov", "confirm_new": "1"})
    assert Player.objects.filter(name="Ivan Petrov", memberships__club=club).exists()
    response = client.post(url, {"name": "Lopez Maria"})
    assert "Add Maria to the club" in response.text
    client.post(url, {"name": "Lopez Maria", "existing": elsewhere.pk})
    assert club.members.filter(pk=elsewhere.pk).exists()
    assert not Player.objects.filter(name="Lopez Maria").exists()
    page = client.get(reverse("clubs:players", args=[club.slug])).text
    # the new player is shown as the club's style says (first name and initial)
    assert "Possible duplicates" in page and "Merge Ivan P. into Иван" in page \
        or "Merge Иван into Ivan P." in page


def test_edit_deactivate_and_delete_a_player(client) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    player = PlayerFactory(name="Old Name", display_name="Old")
    MembershipFactory(club=club, player=player)
    client.force_login(director)
    url = reverse("clubs:player_edit", args=[club.slug, player.pk])
    response = client.post(url, {"name": "New Name", "display_name": "Renamed", "email": "",
                                 "city": "Baku", "country": "", "declared_rating": "1600",
                                 "fibs": "newbie", "dailygammon": "", "galaxy": "", "gridgammon": ""})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.city, player.fibs) == ("New Name", "Baku", "newbie")
    client.post(url, {"action": "deactivate"})
    player.refresh_from_db()
    assert not player.is_active and "Renamed" not in client.get(club.get_absolute_url()).text
    asked = client.post(url, {"action": "delete"})  # asked once, on a page of its own
    assert asked.status_code == 200 and "Delete Renamed? This cannot be undone." in asked.text
    assert Player.objects.filter(pk=player.pk).exists()
    client.post(url, {"action": "delete", "confirmed": "1"})
    assert not Player.objects.filter(pk=player.pk).exists()
    assert PlayerLog.objects.filter(action="deleted", details__name="New Name").exists()


def test_roles_on_the_players_page(client) -> None:
    owner = UserFactory(username="owner")
    client.force_login(owner)
    client.post(reverse("clubs:club_create"), {"name": "Club"})
    club = Club.objects.get()
    bob = UserFactory(username="bob")
    MembershipFactory(club=club, player=PlayerFactory(user=bob))
    client.post(reverse("clubs:set_role", args=[club.slug]), {"user": bob.pk, "role": "scorer"})
    assert club.scorers.filter(pk=bob.pk).exists()
    response = client.post(reverse("clubs:set_role", args=[club.slug]),
                           {"user": owner.pk, "role": "member"}, follow=True)
    assert "The owner stays a director" in response.text


def test_a_join_link_with_its_qr_code_then_the_join_page(client) -> None:
    director = UserFactory()
    club = ClubFactory(name="Riverside", directors=[director])
    client.force_login(director)
    response = client.post(reverse("clubs:invitations", args=[club.slug]),
                           {"kind": "link", "days": "7"})
    assert "<svg" in response.text and "qr-code" in response.text
    url = re.search(r'value="(http://testserver/join/[^"]+)"', response.text).group(1)
    path = url.removeprefix("http://testserver")

    visitor = page_client()
    page = visitor.get(path)
    assert page.status_code == 200 and "Join Riverside" in page.text
    assert "Create an account" in page.text
    newcomer = UserFactory(username="newcomer")
    visitor.force_login(newcomer)
    response = visitor.post(path)
    assert response.status_code == 302 and club.members.filter(user=newcomer).exists()


@pytest.mark.parametrize("case", ["expired", "revoked", "used", "forged"])
def test_unusable_join_links_say_what_happened(client, case) -> None:
    director = UserFactory()
    club = ClubFactory(name="Riverside", directors=[director])
    invitation, token = invitations.create_invitation(club=club, actor=director, kind="link")
    if case == "expired":
        Invitation.objects.update(expires_at="2020-01-01T00:00:00Z")
    elif case == "revoked":
        invitations.revoke_invitation(invitation=invitation, actor=director)
    elif case == "used":
        invitations.accept_invitation(token=token, user=UserFactory())
    else:
        token = token[:-4] + "abcd"
    client.force_login(UserFactory())
    expected = {"expired": "expired on 2020-01-01", "revoked": "withdrew this invitation",
                "used": "has already been used", "forged": "not valid"}[case]
    for response in (client.get(f"/join/{token}/"), client.post(f"/join/{token}/")):
        assert response.status_code == (404 if case == "forged" else 410)
        assert expected in response.text
    assert club.members.count() == (1 if case == "used" else 0)


def test_email_invitations_are_listed_and_can_be_withdrawn(client, django_capture_on_commit_callbacks) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    vera = PlayerFactory(display_name="Vera")
    MembershipFactory(club=club, player=vera)
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("clubs:invitations", args=[club.slug]),
                               {"kind": "email", "email": "vera@example.org",
                                "player": vera.pk, "days": "14"}, follow=True)
    assert "on its way to vera@example.org" in response.text
    assert len(mail.outbox) == 1
    invitation = Invitation.objects.get()
    client.post(reverse("clubs:invitation_revoke", args=[club.slug, invitation.pk]))
    assert invitations.status_of(Invitation.objects.get()) == "revoked"
    response = client.post(reverse("clubs:invitations", args=[club.slug]),
                           {"kind": "email", "email": "nope", "days": "14"})
    assert response.status_code == 400 and "valid email" in response.text


def test_join_request_then_approval_as_the_existing_record(client) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    guest = PlayerFactory(name="Vera Lee", display_name="Vera")
    MembershipFactory(club=club, player=guest)
    vera = UserFactory(username="vera", first_name="Vera", last_name="Lee")
    asker = page_client(vera)
    asker.post(reverse("clubs:join_club", args=[club.slug]), {"message": "Hello"})
    assert "You asked to join" in asker.get(club.get_absolute_url()).text
    client.force_login(director)
    page = client.get(reverse("clubs:join_requests", args=[club.slug])).text
    assert "Hello" in page and "same name" in page
    join_request = JoinRequest.objects.get()
    client.post(reverse("clubs:join_requests", args=[club.slug]),
                {"request": join_request.pk, "answer": "approve", "player": guest.pk})
    guest.refresh_from_db()
    assert guest.user == vera
    response = asker.post(reverse("clubs:leave_club", args=[club.slug]))
    assert response.url == reverse("clubs:my_clubs")
    assert not club.members.filter(pk=guest.pk).exists()


def test_profile_sets_the_language_and_the_player(client) -> None:
    anna = UserFactory(username="anna")
    client.force_login(anna)
    response = client.post(reverse("clubs:profile"), {
        "display_name": "Anna K.", "name": "Anna Karapetyan", "name_is_public": "on",
        "preferred_language": "ru", "city": "Yerevan", "country": "Armenia", "fibs": "annak",
        "dailygammon": "", "galaxy": "anna_g", "gridgammon": "", "studio": "AnnaStudio"})
    assert response.status_code == 302 and response.cookies["django_language"].value == "ru"
    player = Player.objects.get(user=anna)
    assert (player.display_name, player.name, player.name_is_public, player.fibs) == (
        "Anna K.", "Anna Karapetyan", True, "annak")
    # the online names by which an uploaded match file finds her
    assert (player.galaxy, player.studio) == ("anna_g", "AnnaStudio")
    assert Profile.objects.get(user=anna).preferred_language == "ru"


def test_the_language_of_the_profile_is_used_at_login(client) -> None:
    anna = UserFactory(username="anna")
    Profile.objects.create(user=anna, preferred_language="ru")
    response = client.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.cookies["django_language"].value == "ru"
    assert 'lang="ru"' in client.get(reverse("home")).text


def test_my_clubs_and_the_home_page_say_what_to_do(client) -> None:
    director = UserFactory(username="td")
    club = ClubFactory(name="Riverside", directors=[director])
    guest = PlayerFactory(display_name="Vera")
    MembershipFactory(club=club, player=guest)
    invitations.create_invitation(club=club, actor=director, kind="email",
                                  email="vera@example.org", player=guest)
    vera = UserFactory(username="vera", email="vera@example.org")
    EmailAddress.objects.create(user=vera, email="vera@example.org", verified=True, primary=True)
    JoinRequest.objects.create(club=club, user=UserFactory(username="olga"))
    client.force_login(director)
    home = client.get(reverse("home")).text
    assert "Your home" in home and "olga asks to join Riverside" in home
    assert "Riverside" in client.get(reverse("clubs:my_clubs")).text
    client.force_login(vera)
    home = client.get(reverse("home")).text
    assert "Riverside invites you." in home
    invitation = Invitation.objects.get()
    response = client.post(reverse("clubs:accept_addressed", args=[invitation.pk]))
    assert response.url == club.get_absolute_url()
    guest.refresh_from_db()
    assert guest.user == vera
    assert "invites you" not in client.get(reverse("home")).text


def test_logging_in_after_opening_a_join_link_goes_back_to_it(client) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    _, token = invitations.create_invitation(club=club, actor=director, kind="link")
    client.get(f"/join/{token}/")  # anonymously: the page asks to sign up or log in
    UserFactory(username="anna")
    response = client.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.status_code == 302 and response.url == f"/join/{token}/"
    client.post(response.url)
    assert club.members.filter(user__username="anna").exists()
    client.post(reverse("logout"))
    response = client.post(reverse("login"), {"login": "anna", "password": "password"})
    assert response.url == reverse("home")  # the pending link is forgotten once used


def test_the_admin_shows_the_people_side(admin_client) -> None:
    for model in ("profile", "invitation", "joinrequest", "playerlog", "playerimport"):
        assert admin_client.get(f"/admin/clubs/{model}/").status_code == 200, model


@pytest.mark.parametrize("language", ["en", "ru"])
def test_signing_up_from_an_email_invitation_fills_in_the_invited_email(client, settings,
                                                                        language) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    _, token = invitations.create_invitation(club=club, actor=director, kind="email",
                                             email="sona+nardy@example.org")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    join_page = client.get(f"/join/{token}/").text
    links = re.findall(r'<a role="button" href="([^"]+)"', join_page)
    signup = next(link for link in links if link.startswith(reverse("account_signup")))
    page = client.get(signup.replace("&amp;", "&")).text
    field = re.search(r'<input[^>]*name="email"[^>]*>', page).group(0)
    assert 'value="sona+nardy@example.org"' in field
    # a link invitation names no one: the field stays empty
    _, link_token = invitations.create_invitation(club=club, actor=director, kind="link")
    links = re.findall(r'<a role="button" href="([^"]+)"', client.get(f"/join/{link_token}/").text)
    signup = next(link for link in links if link.startswith(reverse("account_signup")))
    field = re.search(r'<input[^>]*name="email"[^>]*>', client.get(signup.replace("&amp;", "&")).text)
    assert "value=" not in field.group(0)
