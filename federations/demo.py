"""Demo content of the federations: a small federation administered by the demo
director, with the demo club as a member and a second club's request waiting for an
answer. Idempotent; runs after the rankings' demo (its app is installed after theirs)."""

from __future__ import annotations

import datetime
from typing import TextIO

from django.contrib.auth import get_user_model

from clubs.demo import DEMO_CLUB_SLUG, DEMO_DIRECTOR
from clubs.models import Club
from federations import services
from federations.models import Affiliation, Federation

DEMO_FEDERATION = ("caspian-federation", "Caspian Nardy Federation", "Azerbaijan")
SECOND_CLUB = ("harbour-club", "Harbour Backgammon Club", "harbour")
MEMBER_SINCE = datetime.date(2015, 1, 1)


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username=DEMO_DIRECTOR[0]).first()
    if club is None or director is None:
        return
    slug, name, country = DEMO_FEDERATION
    federation, created = Federation.objects.get_or_create(
        slug=slug, defaults={
            "name": name, "country": country,
            "description": "The national body of the demo: its member clubs' events "
                           "and one ranking for all of them.",
        })
    if created:
        federation.admins.add(director)
    if not federation.affiliations.filter(club=club).exists():
        asked = services.ask_to_affiliate(federation=federation, club=club, actor=director,
                                          side=Affiliation.Side.CLUB)
        accepted = services.decide_affiliation(affiliation=asked, actor=director, accept=True)
        # A member for years: its events of the demo's past seasons count nationally.
        services.correct_membership_dates(affiliation=accepted, actor=director,
                                          joined_on=MEMBER_SINCE)
    _second_club_asks(federation)
    stdout.write(f"Federation {federation.name}: "
                 f"{federation.affiliations.filter(status='active').count()} member club(s).\n")


def _second_club_asks(federation: Federation) -> None:
    slug, name, username = SECOND_CLUB
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_unusable_password()
        user.save()
    club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": name, "owner": user,
                                                              "city": "Baku"})
    club.directors.add(user)
    if not federation.affiliations.filter(club=club).exists():
        services.ask_to_affiliate(federation=federation, club=club, actor=user,
                                  side=Affiliation.Side.CLUB)
