"""Small builders for chouette tests through the database (pages, API, browser)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from chouette import core, services
from chouette.models import ChouetteSession
from chouette.selectors.sessions import state_of
from clubs.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory


@dataclass
class Table:
    club: Club
    director: object  # a User, director of the club
    players: list[Player]  # the opening line, box first; each has a login named after them
    session: ChouetteSession

    def user_of(self, index: int) -> object:
        return self.players[index].user

    def lineup(self) -> core.LineUp:
        lineup = state_of(self.session).next_lineup
        assert lineup is not None
        return lineup


def make_table(size: int = 4, *, names: tuple[str, ...] = (), **table: object) -> Table:
    """A club with a director, ``size`` members with logins seated in order, a running session."""
    director = quick_user(f"director-{ClubFactory._meta.model.objects.count()}")
    club = ClubFactory(directors=[director])
    names = names or tuple(f"P{index}" for index in range(size))
    players = []
    for name in names[:size]:
        player = PlayerFactory(display_name=name, user=quick_user(f"u-{name}-{club.pk}"))
        MembershipFactory(club=club, player=player)
        players.append(player)
    session = services.start_session(
        club=club,
        opening_line=players,
        by=director,
        table=services.TableRules(**table),  # type: ignore[arg-type]
    )
    return Table(club, director, players, session)


def member(club: Club, name: str) -> Player:
    """Another club member with a login, not seated."""
    player = PlayerFactory(display_name=name, user=quick_user(f"u-{name}-{club.pk}"))
    MembershipFactory(club=club, player=player)
    return player


def quick_user(username: str) -> object:
    """A login without a password (tests log in with force_login): no slow hashing."""
    return get_user_model().objects.create(username=username)
