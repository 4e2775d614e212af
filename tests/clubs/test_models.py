import pytest
from django.db import IntegrityError

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_player_joins_a_club_once() -> None:
    membership = MembershipFactory()
    with pytest.raises(IntegrityError):
        MembershipFactory(club=membership.club, player=membership.player)


def test_club_members_and_player_clubs() -> None:
    club = ClubFactory(name="Baku Nardy")
    player = PlayerFactory(display_name="Anar")
    MembershipFactory(club=club, player=player)
    assert list(club.members.all()) == [player]
    assert list(player.clubs.all()) == [club]
    assert str(player) == "Anar"
    assert club.get_absolute_url() == "/clubs/baku-nardy/"
