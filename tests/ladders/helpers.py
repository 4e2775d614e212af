"""Helpers of the ladder tests: a club of players with logins, a movable clock, seeded
ratings (real rating rows), and the API's calls."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Player
from games.models import Match
from leaderboard.models import RatingChange
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client


class SimClock:
    """The ladders' clock (``ladders.clock.now``), moved forward by the tests."""

    def __init__(self, start: datetime | None = None) -> None:
        self.at = start or timezone.now()

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@pytest.fixture
def sim_clock(monkeypatch: pytest.MonkeyPatch) -> SimClock:
    clock = SimClock()
    monkeypatch.setattr("ladders.clock.now", clock)
    return clock


@dataclass
class Club_:
    club: Club
    director: Any
    players: list[Player] = field(default_factory=list)

    def api(self, player: Player | None = None) -> Any:
        return api_client(self.director if player is None else player.user)


def make_club(players: int, *, prefix: str = "Ladder") -> Club_:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    made = Club_(club, director)
    for number in range(players):
        player = PlayerFactory(display_name=f"{prefix} {number + 1}", user=UserFactory())
        MembershipFactory(club=club, player=player)
        made.players.append(player)
    return made


def seed_rating(club: Club, player: Player, rating: float, variant: str = "backgammon") -> None:
    """A rating for ``player`` as of long ago: one rated match against a stand-in."""
    stand_in = PlayerFactory(display_name=f"Stand-in for {player.pk}")
    MembershipFactory(club=club, player=stand_in)
    match = Match.objects.create(club=club, variant=variant, length=7, player1=player,
                                 player2=stand_in)
    long_ago = timezone.now() - timedelta(days=400)
    RatingChange.objects.create(player=player, opponent=stand_in, variant=variant, match=match,
                                won=True, length=7, before=1500, after=rating,
                                delta=rating - 1500, experience=10, at=long_ago)


def new_ladder(club: Club_, **settings: Any) -> dict[str, Any]:
    response = club.api().post("/api/ladders/", {"club": club.club.slug, "name": "Ladder",
                                                  **settings}, format="json")
    assert response.status_code == 201, response.content
    return response.json()
