"""Invitations by email and by link: tokens, expiry, revoking, single/multi use, claims."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from clubs import invitations
from clubs.errors import InvitationError
from clubs.models import Invitation, InvitationUse, Player, Profile
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Riverside", directors=[UserFactory(username="td")])


def director(club):
    return club.directors.get()


def guest(club, name="Vera Lee", display_name="Vera"):
    player = PlayerFactory(name=name, display_name=display_name)
    MembershipFactory(club=club, player=player)
    return player


def code_of(call) -> str:
    with pytest.raises(InvitationError) as raised:
        call()
    return raised.value.code


def test_email_invitation_for_a_record_is_mailed_and_claimed(club, django_capture_on_commit_callbacks):
    vera_record = guest(club)
    with django_capture_on_commit_callbacks(execute=True):
        invitation, token = invitations.create_invitation(
            club=club, actor=director(club), kind="email", email="vera@example.org",
            player=vera_record, base_url="http://testserver")
    (message,) = mail.outbox
    assert message.to == ["vera@example.org"] and "Riverside" in message.subject
    assert f"http://testserver/join/{token}/" in message.body
    assert '"Vera"' in message.body
    assert invitation.token_hash != token and token not in invitation.token_hash
    vera_record.refresh_from_db()
    assert vera_record.email == "vera@example.org"

    vera = UserFactory(username="vera")
    player = invitations.accept_invitation(token=token, user=vera)
    assert player == vera_record and Player.objects.filter(user=vera).count() == 1
    assert InvitationUse.objects.get().claimed
    assert code_of(lambda: invitations.accept_invitation(token=token, user=UserFactory())) == "used_up"


def test_the_mail_is_in_the_recipients_language(club, django_capture_on_commit_callbacks):
    Profile.objects.create(user=UserFactory(username="ru", email="ru@example.org"),
                           preferred_language="ru")
    with django_capture_on_commit_callbacks(execute=True):
        invitations.create_invitation(club=club, actor=director(club), kind="email",
                                      email="ru@example.org", base_url="http://testserver")
    (message,) = mail.outbox
    assert "http://testserver/join/" in message.body
    assert message.subject  # worded by the translation catalogue (Russian once translated)


def test_a_multi_use_join_link(club):
    _, token = invitations.create_invitation(club=club, actor=director(club), kind="link",
                                             single_use=False)
    first, second = UserFactory(), UserFactory()
    p1 = invitations.accept_invitation(token=token, user=first)
    p2 = invitations.accept_invitation(token=token, user=second)
    assert p1 != p2 and set(club.members.all()) >= {p1, p2}
    assert code_of(lambda: invitations.accept_invitation(token=token, user=first)) == "already_accepted"
    assert Invitation.objects.get().uses == 2


def test_expired_revoked_forged_and_used_tokens_say_what_happened(club):
    actor = director(club)
    _, expired = invitations.create_invitation(club=club, actor=actor, kind="link", days=1)
    Invitation.objects.filter(kind="link").update(expires_at=timezone.now() - timedelta(minutes=1))
    invitation, revoked = invitations.create_invitation(club=club, actor=actor, kind="link")
    invitations.revoke_invitation(invitation=invitation, actor=actor)
    user = UserFactory()
    assert code_of(lambda: invitations.accept_invitation(token=expired, user=user)) == "expired"
    assert code_of(lambda: invitations.accept_invitation(token=revoked, user=user)) == "revoked"
    for forged in (revoked[:-2] + "xx", "short", "../../etc", "A" * 500, ""):
        assert code_of(lambda f=forged: invitations.accept_invitation(token=f, user=user)) == "unknown"
    assert not club.members.filter(user=user).exists()  # nothing half-done
    assert InvitationUse.objects.count() == 0


def test_who_may_invite_and_what(club):
    member = UserFactory()
    assert code_of(lambda: invitations.create_invitation(
        club=club, actor=member, kind="link")) == "not_a_director"
    actor = director(club)
    assert code_of(lambda: invitations.create_invitation(
        club=club, actor=actor, kind="email", email="not an address")) == "bad_email"
    assert code_of(lambda: invitations.create_invitation(
        club=club, actor=actor, kind="link", days=365)) == "bad_days"
    taken = guest(club)
    taken.user = UserFactory()
    taken.save()
    assert code_of(lambda: invitations.create_invitation(
        club=club, actor=actor, kind="link", player=taken)) == "record_has_account"
    elsewhere = PlayerFactory()
    assert code_of(lambda: invitations.create_invitation(
        club=club, actor=actor, kind="link", player=elsewhere)) == "record_not_in_club"


def test_a_member_accepting_a_plain_link_is_told_so(club):
    _, token = invitations.create_invitation(club=club, actor=director(club), kind="link",
                                             single_use=False)
    user = UserFactory()
    invitations.accept_invitation(token=token, user=user)
    _, again = invitations.create_invitation(club=club, actor=director(club), kind="link")
    assert code_of(lambda: invitations.accept_invitation(token=again, user=user)) == "already_member"
    assert Invitation.objects.get(uses=0).uses == 0


def test_qr_code_is_an_svg_of_the_link() -> None:
    svg = invitations.qr_svg("http://testserver/join/abc/")
    assert svg.startswith("<svg") and "qr-code" in svg and "<path" in svg
