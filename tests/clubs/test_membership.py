"""Starting a club, roles, leaving, join requests, claiming a record."""

from __future__ import annotations

import pytest

from clubs import membership
from clubs.errors import ClubError
from clubs.models import JoinRequest, Membership, Player, PlayerLog, Role
from clubs.permissions import can_manage_club, can_score, role_of
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def member(club, username):
    user = UserFactory(username=username)
    MembershipFactory(club=club, player=PlayerFactory(user=user, display_name=username))
    return user


def test_whoever_creates_a_club_owns_and_directs_it_and_is_a_member() -> None:
    anna = UserFactory(username="anna", first_name="Anna", last_name="K")
    club = membership.create_club(actor=anna, name="  Ереван   Нарды ", venue="Cafe", schedule="Tue 19:00")
    assert club.name == "Ереван Нарды" and club.slug == "erevan-nardy"
    assert club.owner == anna and can_manage_club(anna, club)
    assert role_of(anna, club) == Role.OWNER
    assert Membership.objects.filter(club=club, player__user=anna).exists()
    assert membership.create_club(actor=anna, name="Ереван нарды").slug == "erevan-nardy-2"
    with pytest.raises(ClubError) as raised:
        membership.create_club(actor=anna, name="   ")
    assert raised.value.code == "name_required"


def test_roles_are_given_by_directors_to_members() -> None:
    owner = UserFactory(username="owner")
    club = membership.create_club(actor=owner, name="Club")
    bob, cid, outsider = member(club, "bob"), member(club, "cid"), UserFactory(username="x")
    membership.set_role(club=club, actor=owner, user=bob, role=Role.DIRECTOR)
    membership.set_role(club=club, actor=bob, user=cid, role=Role.SCORER)
    assert role_of(bob, club) == Role.DIRECTOR and role_of(cid, club) == Role.SCORER
    assert can_score(cid, club) and not can_manage_club(cid, club)
    for actor, user, role, code in [
        (cid, bob, Role.MEMBER, "not_a_director"),
        (bob, owner, Role.MEMBER, "owner_role"),
        (bob, outsider, Role.SCORER, "not_a_member"),
        (bob, bob, Role.MEMBER, "own_role"),
        (owner, cid, "owner", "bad_role"),
    ]:
        with pytest.raises(ClubError) as raised:
            membership.set_role(club=club, actor=actor, user=user, role=role)
        assert raised.value.code == code
    membership.set_role(club=club, actor=owner, user=cid, role=Role.MEMBER)
    assert role_of(cid, club) == Role.MEMBER and not can_score(cid, club)


def test_leaving_and_handing_over() -> None:
    owner = UserFactory(username="owner")
    club = membership.create_club(actor=owner, name="Club")
    bob = member(club, "bob")
    membership.set_role(club=club, actor=owner, user=bob, role=Role.SCORER)
    with pytest.raises(ClubError) as raised:
        membership.leave_club(club=club, user=owner)
    assert raised.value.code == "owner_cannot_leave"
    with pytest.raises(ClubError):
        membership.hand_over(club=club, actor=bob, to=bob)
    club = membership.hand_over(club=club, actor=owner, to=bob)
    assert role_of(bob, club) == Role.OWNER and role_of(owner, club) == Role.DIRECTOR
    membership.leave_club(club=club, user=owner)
    assert role_of(owner, club) is None and not can_manage_club(owner, club)
    assert Player.objects.filter(user=owner).exists()  # the player (and history) stays
    with pytest.raises(ClubError) as raised:
        membership.leave_club(club=club, user=owner)
    assert raised.value.code == "not_in_club"


def test_a_person_belongs_to_several_clubs() -> None:
    anna = UserFactory(username="anna")
    first = membership.create_club(actor=anna, name="First")
    second = membership.create_club(actor=anna, name="Second")
    assert Player.objects.filter(user=anna).count() == 1
    assert set(Player.objects.get(user=anna).clubs.all()) == {first, second}


def test_join_request_approved_as_the_existing_record_keeps_one_player() -> None:
    director = UserFactory(username="td")
    club = ClubFactory(directors=[director])
    guest = PlayerFactory(name="Vera Lee", display_name="Vera")
    MembershipFactory(club=club, player=guest)
    vera = UserFactory(username="vera")
    request = membership.request_to_join(club=club, user=vera, message="Hi, I play on Tuesdays")
    with pytest.raises(ClubError) as raised:
        membership.request_to_join(club=club, user=vera)
    assert raised.value.code == "already_requested"
    with pytest.raises(ClubError):
        membership.decide_join_request(join_request=request, actor=vera, approve=True)
    membership.decide_join_request(join_request=request, actor=director, approve=True, player=guest)
    guest.refresh_from_db()
    assert guest.user == vera and Player.objects.filter(user=vera).count() == 1
    assert PlayerLog.objects.filter(player=guest, action="claimed").exists()
    request.refresh_from_db()
    assert request.status == JoinRequest.Status.APPROVED and request.decided_by == director
    with pytest.raises(ClubError) as raised:
        membership.decide_join_request(join_request=request, actor=director, approve=False)
    assert raised.value.code == "already_decided"
    with pytest.raises(ClubError) as raised:
        membership.request_to_join(club=club, user=vera)
    assert raised.value.code == "already_member"


def test_claiming_with_an_own_player_merges_the_record_into_it() -> None:
    club = ClubFactory()
    guest = PlayerFactory(name="Vera Lee", display_name="Vera", fibs="veral")
    MembershipFactory(club=club, player=guest)
    vera = UserFactory(username="vera")
    own = PlayerFactory(user=vera, display_name="Vera L.")
    result = membership.link_account(user=vera, player=guest, club=club, by=vera)
    assert result == own and not Player.objects.filter(pk=guest.pk).exists()
    own.refresh_from_db()
    assert own.fibs == "veral" and club.memberships.filter(player=own).exists()
    log = PlayerLog.objects.get(player=own, action="merged")
    assert log.details["duplicate"]["id"] == guest.pk and log.by == vera
    other = UserFactory(username="other")
    with pytest.raises(ClubError) as raised:
        membership.link_account(user=other, player=own, club=club, by=other)
    assert raised.value.code == "record_has_account"
