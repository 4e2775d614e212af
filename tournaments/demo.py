"""Demo content: two tournaments of the demo club (``clubs.demo`` makes the club).

A running backgammon knockout (consolation and last-chance flights) and a long-nardy
round robin, their results entered and confirmed through the games services so the
whole results flow runs. Idempotent: an existing demo tournament is left alone.
"""

from __future__ import annotations

import datetime
import random
from decimal import Decimal
from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from clubs.demo import DEMO_CLUB_SLUG, DEMO_DIRECTOR, DEMO_PLAYERS
from clubs.models import Club, Player
from games import services as games_services
from games.models import Match
from tournaments import services
from tournaments.models import Pairing, Tournament

KNOCKOUT_NAME = "Autumn Backgammon Open"
ROUND_ROBIN_NAME = "Long Nardy Round Robin"


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username=DEMO_DIRECTOR[0]).first()
    if club is None or director is None:
        stdout.write("No demo club: no demo tournaments.\n")
        return
    _knockout(club, director, stdout)
    _round_robin(club, director, stdout)


def _settle(match: Match, director: AbstractBaseUser, rng: random.Random, how: str) -> None:
    """Enter a result the way clubs do: proposed and confirmed, or set by the director."""
    length = Decimal(match.length)
    loser_score = Decimal(rng.randrange(0, match.length))
    scores = (length, loser_score) if rng.random() < 0.6 else (loser_score, length)
    if how == "override":
        games_services.override_result(match=match, by=director, score1=scores[0],
                                       score2=scores[1], reason="Entered from the scoresheet.")
        return
    result = games_services.enter_final_score(match=match, by=director, score1=scores[0],
                                              score2=scores[1])
    games_services.confirm_result(result=result, by=director)


def _play(tournament: Tournament, director: AbstractBaseUser, rng: random.Random,
          flight: str, rounds: tuple[int, ...], limit: int | None = None) -> None:
    ready = Pairing.objects.filter(
        tournament=tournament, flight=flight, round__in=rounds, state=Pairing.State.READY
    ).select_related("match").order_by("round", "number")
    for index, pairing in enumerate(list(ready)[:limit]):
        _settle(pairing.match, director, rng, "override" if index % 5 == 4 else "confirm")


def _knockout(club: Club, director: AbstractBaseUser, stdout: TextIO) -> None:
    if Tournament.objects.filter(club=club, name=KNOCKOUT_NAME).exists():
        return
    tournament = services.create_tournament(
        club=club, actor=director, name=KNOCKOUT_NAME, starts_on=timezone.localdate(),
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        consolation=Tournament.Consolation.FIRST_MATCH_LOSERS, last_chance=True,
        rules_text="Crawford rule. Main 7/9/11, consolation 5/7/7, last chance 3/5/5 points.",
    )
    for name, _display in DEMO_PLAYERS[:14]:
        services.add_entry(tournament=tournament, player=Player.objects.get(name=name), actor=director)
    services.make_draw(tournament=tournament, actor=director)
    rng = random.Random(6)
    _play(tournament, director, rng, "main", (1,))
    _play(tournament, director, rng, "main", (2,))
    _play(tournament, director, rng, "consolation", (1,))
    _play(tournament, director, rng, "consolation", (2,))
    _play(tournament, director, rng, "last_chance", (1,), limit=2)
    stdout.write(f"Tournament '{tournament.name}' (knockout, running).\n")


def _round_robin(club: Club, director: AbstractBaseUser, stdout: TextIO) -> None:
    if Tournament.objects.filter(club=club, name=ROUND_ROBIN_NAME).exists():
        return
    tournament = services.create_tournament(
        club=club, actor=director, name=ROUND_ROBIN_NAME,
        starts_on=timezone.localdate() - datetime.timedelta(days=7),
        variant="nardy", format=Tournament.Format.ROUND_ROBIN,
        match_lengths={"main": [5, 5, 7], "consolation": [3, 5, 5], "last_chance": [3, 3, 3],
                       "group": [5], "swiss": [5]},
        rules={"crawford": False}, rules_text="Long nardy, matches to 5 points, mars counts 2.",
    )
    for name, _display in DEMO_PLAYERS[14:21]:
        services.add_entry(tournament=tournament, player=Player.objects.get(name=name), actor=director)
    services.make_draw(tournament=tournament, actor=director)
    services.start_round(tournament=tournament, actor=director, through=7)
    _play(tournament, director, random.Random(7), "group", (1, 2, 3, 4))
    stdout.write(f"Tournament '{tournament.name}' (round robin, running).\n")
