"""Builders for the federation tests: a federation with admins, member clubs, ranked
events of a club (finished tournaments, public or private) and calendar events."""

from __future__ import annotations

import datetime
from typing import Any

from clubs.models import Club, Player
from federations import services
from federations.models import Affiliation, Federation
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Entry, Tournament

PLACES = [(1, 1), (2, 2), (3, 4), (3, 4), (5, 8), (5, 8), (5, 8), (5, 8)]


def federation(*, admins: list[Any] | None = None, **fields: Any) -> Federation:
    defaults = {"name": "Caspian Federation", "slug": "caspian", "country": "Azerbaijan"}
    made = Federation.objects.create(**{**defaults, **fields})
    made.admins.add(*(admins if admins is not None else [UserFactory()]))
    return made


LONG_AGO = datetime.date(2015, 1, 1)


def member(fed: Federation, club: Club | None = None, *,
           since: datetime.date | None = LONG_AGO) -> Club:
    """A club that asked and was accepted through the services, a member since ``since``
    (corrected by the admin, so that the events the tests hold count; None: today)."""
    club = club or ClubFactory(directors=[UserFactory()])
    director = club.directors.first()
    asked = services.ask_to_affiliate(federation=fed, club=club, actor=director,
                                      side=Affiliation.Side.CLUB)
    accepted = services.decide_affiliation(affiliation=asked, actor=fed.admins.first(),
                                           accept=True)
    if since is not None:
        services.correct_membership_dates(affiliation=accepted, actor=fed.admins.first(),
                                          joined_on=since)
    return club


def players(club: Club, count: int = 8, prefix: str = "P") -> list[Player]:
    made = [PlayerFactory(display_name=f"{prefix}{n}", name=f"Legal {prefix}{n} Surname")
            for n in range(count)]
    for player in made:
        MembershipFactory(club=club, player=player)
    return made


def ranked_event(club: Club, entrants: list[Player], *, name: str = "Open",
                 day: datetime.date = datetime.date(2026, 3, 1), variant: str = "backgammon",
                 public: bool = True) -> Tournament:
    """A finished knockout of eight with places: the leaderboard scores it on save."""
    tournament = Tournament.objects.create(
        club=club, name=name, starts_on=day, variant=variant, is_public=public,
        format=Tournament.Format.KNOCKOUT, status=Tournament.Status.RUNNING,
    )
    for seed, (player, (first, last)) in enumerate(zip(entrants, PLACES, strict=True), 1):
        Entry.objects.create(tournament=tournament, player=player, seed=seed,
                             place_first=first, place_last=last)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    return tournament


def event(club: Club, name: str, day: datetime.date, *, status: str = "registration",
          variant: str = "backgammon", public: bool = True) -> Tournament:
    return Tournament.objects.create(
        club=club, name=name, starts_on=day, variant=variant, is_public=public,
        format=Tournament.Format.KNOCKOUT, status=status,
    )
