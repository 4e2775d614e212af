"""Demo content of the rankings: runs after the tournaments and games demos (its app is
installed after theirs) and ranks what they left. Idempotent.

1. When the demo club has no rated confirmed match yet, a round of rated matches among
   its players is played through the games services (a director's official results).
2. The rating lists are rebuilt from every confirmed match and every finished tournament
   is scored (what the receivers would have done had the data come through the app).
3. An event run elsewhere is entered by places, once, so the rankings are not empty.
"""

from __future__ import annotations

import datetime
import random
from decimal import Decimal
from typing import TextIO

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.demo import DEMO_CLUB_SLUG, DEMO_DIRECTOR
from clubs.models import Club, Player
from games import services as games_services
from games.models import Match, MatchResult, ResultStatus, Variant
from leaderboard.models import ExternalEvent, RankedEvent
from leaderboard.services.points import PlacedEntrant, create_external_event
from leaderboard.services.ratings import rebuild_ratings
from leaderboard.services.tournament_points import score_tournament
from tournaments.models import Tournament

DEMO_EVENT = "Autumn club night (entered by places)"
DEMO_MATCHES = 40


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username=DEMO_DIRECTOR[0]).first()
    if club is None or director is None:
        return
    players = list(Player.objects.filter(memberships__club=club).order_by("pk"))
    if len(players) < 16:
        return
    if not _has_rated_matches(club):
        _play_matches(club, director, players)
    replayed = sum(rebuild_ratings(variant=variant) for variant in Variant.values)
    for tournament in Tournament.objects.filter(status=Tournament.Status.FINISHED):
        score_tournament(tournament=tournament)
    if not ExternalEvent.objects.filter(club=club, name=DEMO_EVENT).exists():
        _enter_external_event(club, director, players)
    stdout.write(
        f"Ratings rebuilt from {replayed} rated matches; "
        f"{RankedEvent.objects.count()} ranked events.\n"
    )


def _has_rated_matches(club: Club) -> bool:
    return MatchResult.objects.filter(
        match__club=club, match__rated=True, status=ResultStatus.CONFIRMED
    ).exists()


def _play_matches(club: Club, director: object, players: list[Player]) -> None:
    """Rated matches with results set by the demo director, stronger players winning more."""
    rng = random.Random(8)
    strength = {p.pk: rng.uniform(0, 1) for p in players}
    for number in range(DEMO_MATCHES):
        first, second = rng.sample(players[:12], 2)
        variant = Variant.BACKGAMMON if number % 4 else Variant.NARDY
        length = rng.choice((5, 7, 9))
        match = Match.objects.create(
            club=club, variant=variant, length=length, player1=first, player2=second
        )
        chance = 0.5 + (strength[first.pk] - strength[second.pk]) / 2
        first_wins = rng.random() < chance
        loser_score = Decimal(rng.randrange(0, length))
        games_services.override_result(
            match=match, by=director,
            score1=Decimal(length) if first_wins else loser_score,
            score2=loser_score if first_wins else Decimal(length),
            reason="Demo result",
        )


def _enter_external_event(club: Club, director: object, players: list[Player]) -> None:
    today = timezone.localdate()
    day = max(datetime.date(today.year, 1, 1), today - datetime.timedelta(days=1))
    places = [1, 2, 3, 3, 5, 5, 5, 5] + [None] * 8
    entrants = [PlacedEntrant(p, place) for p, place in zip(players[:16], places, strict=True)]
    create_external_event(
        club=club, name=DEMO_EVENT, date=day, variant=Variant.BACKGAMMON,
        entrants=entrants, created_by=director,
    )
