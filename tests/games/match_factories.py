"""Factories for matches (tests of the games app); users/clubs/players from tests.factories."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import factory
from django.db import connection

from games.models import Match, MatchResult
from games.services import ServiceError, confirm_result
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



def confirm_at_once(result: MatchResult, users: Sequence[object]) -> list[str]:
    """Each user confirms ``result`` in a thread (so a connection) of their own, all let go
    together; one outcome per user, in finishing order: "ok" or the ServiceError's code."""
    barrier = threading.Barrier(len(users))
    outcomes: list[str] = []

    def confirm(user: object) -> None:
        try:
            barrier.wait(timeout=10)
            confirm_result(result=result, by=user)
            outcomes.append("ok")
        except ServiceError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
