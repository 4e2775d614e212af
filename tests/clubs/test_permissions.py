import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from rest_framework.request import Request

from clubs.permissions import (
    ReadOnlyOrClubDirector,
    ReadOnlyOrPlayerSelf,
    can_edit_player,
    can_manage_club,
    is_director_of,
    player_for,
)
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_only_directors_and_admins_manage_a_club() -> None:
    director, stranger = UserFactory(), UserFactory()
    admin = UserFactory(is_staff=True)
    club = ClubFactory(directors=[director])
    other_club = ClubFactory(directors=[stranger])
    assert is_director_of(director, club) and can_manage_club(director, club)
    assert not is_director_of(stranger, club) and not can_manage_club(stranger, club)
    assert not can_manage_club(director, other_club)
    assert can_manage_club(admin, club) and not is_director_of(admin, club)
    assert not can_manage_club(AnonymousUser(), club)


def test_player_for_follows_the_login_link() -> None:
    linked, unlinked = UserFactory(), UserFactory()
    player = PlayerFactory(user=linked)
    assert player_for(linked) == player
    assert player_for(unlinked) is None
    assert player_for(AnonymousUser()) is None


def test_player_edited_by_self_or_their_clubs_directors() -> None:
    owner, director, stranger = UserFactory(), UserFactory(), UserFactory()
    player = PlayerFactory(user=owner)
    MembershipFactory(player=player, club=ClubFactory(directors=[director]))
    assert can_edit_player(owner, player)
    assert can_edit_player(director, player)
    assert not can_edit_player(stranger, player)
    assert not can_edit_player(AnonymousUser(), player)


def drf_request(method: str, user: object) -> Request:
    request = Request(getattr(RequestFactory(), method)("/"))
    request.user = user
    return request


@pytest.mark.parametrize(("method", "who", "allowed"), [
    ("get", "anonymous", True),
    ("patch", "anonymous", False),
    ("patch", "stranger", False),
    ("patch", "director", True),
    ("delete", "director", True),
])  # fmt: skip
def test_club_api_permission(method: str, who: str, allowed: bool) -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    users = {"anonymous": AnonymousUser(), "stranger": UserFactory(), "director": director}
    request = drf_request(method, users[who])
    permission = ReadOnlyOrClubDirector()
    granted = permission.has_permission(request, None) and permission.has_object_permission(
        request, None, club
    )
    assert granted is allowed


def test_player_api_permission() -> None:
    owner = UserFactory()
    player = PlayerFactory(user=owner)
    permission = ReadOnlyOrPlayerSelf()
    assert permission.has_object_permission(drf_request("get", AnonymousUser()), None, player)
    assert permission.has_object_permission(drf_request("patch", owner), None, player)
    assert not permission.has_object_permission(drf_request("patch", UserFactory()), None, player)
