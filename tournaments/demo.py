"""Demo content: the tournaments of the demo club (``clubs.demo`` makes the club).

A running backgammon knockout (consolation and last-chance flights), a long-nardy round
robin, a Swiss event in two divisions (a late entrant with penalty points in one of them)
and a small round robin whose tie for first place is played off, their results entered
and confirmed through the games services so the whole results flow runs. Idempotent: an
existing demo tournament is left alone.
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
from tournaments.play.walkovers import late_entry
from tournaments.services.registration import set_division

KNOCKOUT_NAME = "Autumn Backgammon Open"
ROUND_ROBIN_NAME = "Long Nardy Round Robin"
DIVISIONS_NAME = "Winter Swiss"
PLAYOFF_NAME = "Thursday Round Robin"


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username=DEMO_DIRECTOR[0]).first()
    if club is None or director is None:
        stdout.write("No demo club: no demo tournaments.\n")
        return
    _knockout(club, director, stdout)
    _round_robin(club, director, stdout)
    _divisions(club, director, stdout)
    _playoff(club, director, stdout)


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


def _win(match: Match, winner: Player, director: AbstractBaseUser) -> None:
    """``winner`` wins ``match`` by a proposed and confirmed score."""
    length, loser = Decimal(match.length), Decimal(match.length // 2)
    scores = (length, loser) if match.player1_id == winner.pk else (loser, length)
    result = games_services.enter_final_score(match=match, by=director, score1=scores[0],
                                              score2=scores[1])
    games_services.confirm_result(result=result, by=director)


def _divisions(club: Club, director: AbstractBaseUser, stdout: TextIO) -> None:
    """A Swiss event in an Open and a Novice division, drawn (so split into one event per
    division), round 1 played in the Open division and a late entrant with penalty points
    waiting for its round 2."""
    if Tournament.objects.filter(club=club, name=DIVISIONS_NAME, parent=None).exists():
        return
    tournament = services.create_tournament(
        club=club, actor=director, name=DIVISIONS_NAME, starts_on=timezone.localdate(),
        variant="backgammon", format=Tournament.Format.SWISS, swiss_rounds=3,
        divisions=[{"code": "open", "name": "Open"}, {"code": "novice", "name": "Novice"}],
        entry_fee=Decimal(20), late_entry_rule="penalty", late_entry_penalty=1,
        rules_text="Swiss, three rounds, matches to 5 points.",
    )
    names = [name for name, _display in DEMO_PLAYERS]
    for index, name in enumerate(names[:10]):
        entry = services.add_entry(tournament=tournament, player=Player.objects.get(name=name),
                                   actor=director)
        set_division(entry=entry, division="open" if index < 6 else "novice", by=director)
    services.make_draw(tournament=tournament, actor=director)
    open_division = tournament.division_events.get(division="open")
    _play(open_division, director, random.Random(8), "swiss", (1,))
    late_entry(tournament=open_division, player=Player.objects.get(name=names[21]), by=director)
    stdout.write(f"Tournament '{tournament.name}' (Swiss in two divisions, running).\n")


def _playoff(club: Club, director: AbstractBaseUser, stdout: TextIO) -> None:
    """Four players, every match played: three of them win two, and play off for first."""
    if Tournament.objects.filter(club=club, name=PLAYOFF_NAME).exists():
        return
    tournament = services.create_tournament(
        club=club, actor=director, name=PLAYOFF_NAME,
        starts_on=timezone.localdate() - datetime.timedelta(days=2),
        variant="backgammon", format=Tournament.Format.ROUND_ROBIN, tiebreaks=["wins"],
        playoff_places=1, rules_text="Ties for first place are played off.",
    )
    players = [Player.objects.get(name=name) for name, _display in DEMO_PLAYERS[10:14]]
    for player in players:
        services.add_entry(tournament=tournament, player=player, actor=director)
    services.make_draw(tournament=tournament, actor=director)
    services.start_round(tournament=tournament, actor=director, through=3)
    a, b, c, d = (player.pk for player in players)
    beats = {frozenset((a, b)): a, frozenset((b, c)): b, frozenset((a, c)): c}  # a circle
    pairings = Pairing.objects.filter(tournament=tournament, flight="group").select_related(
        "match").order_by("round", "number")
    for pairing in pairings:
        match = pairing.match
        if match is None or pairing.state != Pairing.State.READY:
            continue
        pair = frozenset((match.player1_id, match.player2_id))
        winner = beats.get(pair) or next(p for p in pair if p != d)  # all beat the fourth
        _win(match, Player.objects.get(pk=winner), director)
    stdout.write(f"Tournament '{tournament.name}' (round robin, play-off for first place).\n")
