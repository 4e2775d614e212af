"""Two people accept one single-use invitation at once: one joins, the other is told
it has been used (the invitation's row lock serves them one after the other)."""

from __future__ import annotations

import pytest

from clubs import invitations
from clubs.errors import InvitationError
from clubs.models import InvitationUse, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.postgres.test_row_locks import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_single_use_link_is_used_once_when_two_accept_at_once() -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    record = PlayerFactory(display_name="Vera")
    MembershipFactory(club=club, player=record)
    _, token = invitations.create_invitation(club=club, actor=director, kind="link",
                                             player=record)
    first, second = UserFactory(), UserFactory()
    writer = race(lambda: invitations.accept_invitation(token=token, user=first),
                  lambda: invitations.accept_invitation(token=token, user=second))
    assert isinstance(writer.error, InvitationError) and writer.error.code == "used_up"
    record.refresh_from_db()
    assert record.user == first
    assert InvitationUse.objects.count() == 1
    assert not Player.objects.filter(user=second).exists()  # nothing half-done for the second
