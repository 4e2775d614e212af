"""Factories for matches (tests of the games app); users/clubs/players from tests.factories."""

from __future__ import annotations

import factory
import pytest

from games.models import Match
from tests.factories import ClubFactory, PlayerFactory, UserFactory


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    club = factory.SubFactory(ClubFactory)
    variant = "backgammon"
    length = 7
    player1 = factory.SubFactory(PlayerFactory)
    player2 = factory.SubFactory(PlayerFactory)


def player_with_login(**kwargs: object) -> tuple[object, object]:
    """A (user, player) pair linked together."""
    user = UserFactory()
    player = PlayerFactory(user=user, **kwargs)
    return user, player


def match_with_logins(**kwargs: object) -> tuple[Match, object, object]:
    """A match whose two players can log in: (match, user1, user2)."""
    user1, player1 = player_with_login()
    user2, player2 = player_with_login()
    match = MatchFactory(player1=player1, player2=player2, **kwargs)
    return match, user1, user2


@pytest.fixture
def fast_passwords(settings: object) -> None:
    """Hash test passwords with a fast hasher (PBKDF2 costs seconds on a busy machine)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]
